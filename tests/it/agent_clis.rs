//! The agent CLIs people drive, from npm at the versions tests/agents/package.json pins
//! (Claude Code, Codex, Gemini CLI), each started in a pane before the server looked, as a
//! person starts it, and answered by a stand-in model server on loopback
//! (tests/programs/model_server.py: Anthropic Messages, OpenAI Responses, Gemini, streamed
//! a few words at a time). Through the server, as an orchestrating agent would: send_prompt
//! (one line, several lines with quotes, a tab and `$HOME`, 10 KB), each received by the model
//! once, byte for byte (but for what a CLI rewrites itself, [`InPane::submits`]); wait_for_text
//! of the answer; wait_for_quiet after the answer ends and not before; capture_since holding
//! it; and the screen model showing what tmux shows. With the
//! hook lines of the Agents' state page installed as it says: wait_for_agent after a turn of
//! 0.2 s and during one of 5 s, a prompt sent while the agent works (held by the CLI, received
//! once after that turn), `asking` on the CLI's own permission question, and send_prompt
//! refusing to type into it. Without hooks, the same read from the screen; and twenty turns of
//! each CLI in which wait_for_agent never says idle before the model's answer went whole.
//! And the Driving an agent page's worked example as written, with each CLI for its `claude`,
//! hooks on and off.
//!
//! The CLIs' own binaries are built for Linux x86-64 here (Claude Code and Codex ship native
//! ones): on another platform the test fails saying so, it is never skipped.

use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

use serde_json::{Value, json};
use tmux_mcp_tests::clis::{Cli, Model, Reap, install_clis};
use tmux_mcp_tests::{Fixture, TempDir, binary, wait_until};

/// A CLI as a person runs it in a pane.
trait InPane {
    fn command(self, home: &Path, work: &Path, port: u16) -> String;
    fn install_hooks(self, home: &Path);
    fn submits(self, prompt: &str) -> String;
    fn ready(self) -> &'static str;
}

impl InPane for Cli {
    /// The command a person would type in a pane, with the configuration a person would have
    /// made, in `home`, working in `work`. It keeps what a pane gives a program (`TMUX`,
    /// `TMUX_PANE`, the person's tmux on `PATH`), which the hooks need.
    fn command(self, home: &Path, work: &Path, port: u16) -> String {
        let (vars, program) = self.configure(home, work, port);
        let vars: Vec<String> = vars.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let tmux = std::env::var_os("PATH")
            .and_then(|path| std::env::split_paths(&path).find(|dir| dir.join("tmux").is_file()))
            .expect("tmux on PATH");
        format!(
            "cd {} && exec env -i PATH={}:{}:/usr/bin:/bin HOME={} TERM=xterm-256color TMUX=\"$TMUX\" TMUX_PANE=\"$TMUX_PANE\" {} {program}",
            work.display(),
            Cli::bin().display(),
            tmux.display(),
            home.display(),
            vars.join(" ")
        )
    }

    /// Installs the hook lines of the Agents' state page for this CLI in `home`, as the page
    /// says a person does: `tmux-mcp setup CLI --hooks --write` (the settings written before
    /// kept, and for Codex its feature flag set).
    fn install_hooks(self, home: &Path) {
        let out = std::process::Command::new(binary())
            .args(["setup", self.setup_name(), "--hooks", "--write"])
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", home)
            .output()
            .unwrap();
        assert!(out.status.success(), "setup --hooks --write: {out:?}");
    }

    /// What the CLI sends its model for a prompt that arrived in its input box byte for byte:
    /// Claude Code turns each tab into four spaces (wherever it stands); Codex and Gemini CLI
    /// send the text as it is.
    fn submits(self, prompt: &str) -> String {
        match self {
            Cli::ClaudeCode => prompt.replace('\t', "    "),
            Cli::Codex | Cli::Gemini => prompt.to_owned(),
        }
    }

    /// What it shows once it takes input.
    /// Codex draws its input box before its backend has started, and holds an Enter until then
    /// ("Waiting for startup"): it is ready once its status line names the model.
    fn ready(self) -> &'static str {
        match self {
            Cli::ClaudeCode => "? for shortcuts",
            Cli::Codex => "← for agents",
            Cli::Gemini => "Type your message",
        }
    }
}

/// The prompts every CLI is handed, in order.
fn prompts() -> [String; 3] {
    // Words of 63 letters; it ends with a letter (Gemini CLI trims trailing white space).
    let long: String = (0..10 * 1024)
        .map(|i| {
            if i % 64 == 63 {
                ' '
            } else {
                char::from(b'a' + (i % 26) as u8)
            }
        })
        .chain(['.'])
        .collect();
    [
        "Say hello to the tmux-mcp tests".to_owned(),
        "first line with \"double\" and 'single' quotes\nsecond line with $HOME,\ta tab and `ticks`"
            .to_owned(),
        long,
    ]
}

/// The screen model of `pane` and tmux's capture agree (polled until they do).
async fn model_agrees(f: &Fixture, pane: &str) {
    let socket = f.display(pane, "#{socket_path}");
    let tmux = tmux::Tmux::new(vec!["-S".into(), socket.into()]);
    let (journal, _) = tmux.follow(pane).await.expect("follow");
    let rows = |text: Vec<String>| {
        let mut rows: Vec<String> = text.into_iter().map(|r| r.trim_end().to_owned()).collect();
        while rows.last().is_some_and(String::is_empty) {
            rows.pop();
        }
        rows
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let shown = rows(f.screen(pane).lines().map(str::to_owned).collect());
        let view = tmux::feed::Feed::new(journal.position())
            .screen(&journal)
            .expect("a model");
        let model = rows(view.rows.into_iter().map(|(_, t)| t).collect());
        if model == shown {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the model never showed what tmux shows:\nmodel: {model:#?}\ntmux: {shown:#?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Answers Codex's question about hooks it has not seen as the Agents' state page says: trust
/// them all, as a person does once.
fn trust_codex_hooks(f: &Fixture, pane: &str) {
    let asks = || f.screen(pane).contains("Trust all and continue");
    assert!(
        wait_until(Duration::from_secs(60), asks),
        "{}",
        f.screen(pane)
    );
    // Its second option, pressed again (at most 5 times, 3 s apart) until it is pointed at: a
    // key that comes while Codex still draws the question is lost. Never once the question is
    // gone (a loaded Codex may take the key as the answer and draw its next screen late): a
    // `2` there would answer something else.
    let chosen = || f.screen(pane).contains("› 2. Trust all");
    let pointed = (0..5).any(|_| {
        if !asks() {
            return true;
        }
        f.tmux(&["send-keys", "-t", pane, "2"]);
        wait_until(Duration::from_secs(3), || chosen() || !asks())
    });
    assert!(pointed, "{}", f.screen(pane));
    if asks() {
        f.tmux(&["send-keys", "-t", pane, "Enter"]);
    }
    let up = wait_until(Duration::from_secs(30), || {
        f.screen(pane).contains(Cli::Codex.ready())
    });
    assert!(up, "Codex never took the hooks' trust:\n{}", f.screen(pane));
}

/// A CLI started in a pane before the server looked, answered by its own stand-in model, with
/// the documented hooks when `hooks`.
struct Started {
    f: Fixture,
    pane: String,
    model: Model,
    _reap: Reap,
    _dir: TempDir,
    _turn: Option<std::fs::File>,
}

/// What a CLI needs before it starts: a directory of its own (its home and work directories,
/// reaped of its processes at the end), its stand-in model, the documented hooks when `hooks`,
/// and the command that starts it.
struct Prepared {
    dir: TempDir,
    reap: Reap,
    model: Model,
    command: String,
    /// The turn it runs in; none for one of several a test runs in its own.
    turn: Option<std::fs::File>,
}

fn prepare(cli: Cli, hooks: bool) -> Prepared {
    let turn = install_clis();
    Prepared {
        turn: Some(turn),
        ..beside(cli, hooks)
    }
}

/// [`prepare`], in a turn the caller holds.
fn beside(cli: Cli, hooks: bool) -> Prepared {
    let dir = TempDir::new("agent-cli");
    let reap = Reap(dir.path.clone());
    let (home, work) = (dir.path.join("home"), dir.path.join("work"));
    std::fs::create_dir_all(&work).unwrap();
    let model = Model::start(&dir.path, None);
    let command = cli.command(&home, &work, model.port);
    if hooks {
        cli.install_hooks(&home);
    }
    Prepared {
        dir,
        reap,
        model,
        command,
        turn: None,
    }
}

async fn start(cli: Cli, hooks: bool) -> Started {
    let Prepared {
        dir,
        reap,
        model,
        command,
        turn,
    } = prepare(cli, hooks);
    // Codex shows hooks it has not seen before for review, once, before its input box: the
    // person trusts them as the Agents' state page says.
    let trust = hooks && matches!(cli, Cli::Codex);
    let shows = if trust {
        "Trust all and continue"
    } else {
        cli.ready()
    };
    // A CLI takes seconds to start on a loaded machine (the whole suite runs beside it).
    let (f, panes) =
        Fixture::with_programs_ready_within(&[(command.as_str(), shows)], Duration::from_secs(90))
            .await;
    let pane = panes[0].clone();
    if trust {
        trust_codex_hooks(&f, &pane);
    }
    Started {
        f,
        pane,
        model,
        _reap: reap,
        _dir: dir,
        _turn: turn,
    }
}

/// Hands `text` to the CLI in `pane` with send_prompt, which must say it was submitted.
async fn submitted(f: &Fixture, pane: &str, cli: Cli, text: &str) -> Value {
    let sent = f
        .ok(
            "send_prompt",
            json!({"pane": pane, "text": text, "seconds": 60}),
        )
        .await;
    let start: String = text.chars().take(40).collect();
    assert_eq!(
        sent["outcome"],
        "submitted",
        "{cli:?} {start:?}: {sent}\n{}",
        f.screen(pane)
    );
    sent
}

async fn hand_prompts_and_read_answers(cli: Cli) {
    let Started { f, pane, model, .. } = &start(cli, false).await;
    let pane = pane.as_str();
    model_agrees(f, pane).await;

    for (n, prompt) in (1..).zip(prompts()) {
        let before = f.ok("capture_since", json!({"pane": pane})).await;
        let sent = submitted(f, pane, cli, &prompt).await;
        // The answer, as the screen shows it (the CLIs draw it by cursor addressing).
        let first = f
            .ok(
                "wait_for_text",
                json!({"pane": pane, "patterns": [format!("ANSWER {n}: received")], "since": sent["since"], "seconds": 60}),
            )
            .await;
        assert_eq!(
            first["outcome"],
            "matched",
            "{cli:?} prompt {n}: {first}\nsent: {sent}\nthe model received {} prompt(s)\n{}",
            model.prompts().len(),
            f.screen(pane)
        );
        // Quiet only once it is all there.
        let quiet = f
            .ok(
                "wait_for_quiet",
                json!({"pane": pane, "quiet_ms": 1500, "since": sent["since"], "seconds": 60}),
            )
            .await;
        assert_eq!(quiet["outcome"], "quiet", "{cli:?} prompt {n}: {quiet}");
        let screen = f.screen(pane);
        assert!(
            screen.contains("and that is all."),
            "{cli:?} prompt {n}: quiet before the answer ended: {quiet}\n{screen}"
        );
        // Received once, byte for byte.
        let received = model.prompts();
        assert_eq!(
            received.len(),
            n,
            "{cli:?} prompt {n}: {sent} {received:#?}"
        );
        assert_eq!(
            received[n - 1],
            cli.submits(&prompt),
            "{cli:?} prompt {n} changed on the way: {sent}"
        );
        let since = f
            .ok(
                "capture_since",
                json!({"pane": pane, "cursor": before["cursor"]}),
            )
            .await;
        assert!(
            since["text"]
                .as_str()
                .unwrap()
                .contains(&format!("ANSWER {n}: received")),
            "{cli:?} prompt {n}: {since}"
        );
        if matches!(cli, Cli::Codex) {
            assert_eq!(since["redrawn"], true, "on the alternate screen: {since}");
        }
        model_agrees(f, pane).await;
    }
}

/// With the documented hooks (installed by `setup CLI --hooks --write`), or with none, the
/// state read from the CLI's screen: a 0.2 s turn over before the wait began, a 5 s turn
/// during it (`working` in get_pane_info meanwhile), a prompt sent during a turn, then the
/// CLI's own permission question (its model calls the CLI's shell tool): `asking`, and a
/// prompt sent then is refused, never typed into the question.
async fn report_turns(cli: Cli, hooks: bool) {
    let Started { f, pane, model, .. } = &start(cli, hooks).await;
    let source = |answer: &Value| {
        let source = answer["agent_state_source"]
            .as_str()
            .unwrap_or("null")
            .to_owned();
        let from_screen = source == "screen" || source == "title";
        assert!(
            if hooks {
                source == "hooks"
            } else {
                from_screen
            },
            "{cli:?}: {answer}"
        );
    };
    let pane = pane.as_str();
    let prompt = async |text: &str| submitted(f, pane, cli, text).await;
    let answered = async |sent: &Value, words: &str| {
        let seen = f
            .ok(
                "wait_for_text",
                json!({"pane": pane, "patterns": [words], "since": sent["since"], "seconds": 60}),
            )
            .await;
        assert_eq!(
            seen["outcome"],
            "matched",
            "{cli:?}: {seen}\n{}",
            f.screen(pane)
        );
    };
    let wait = async || {
        f.ok("wait_for_agent", json!({"pane": pane, "seconds": 60}))
            .await
    };

    // A short turn, over before the orchestrator waits: the turn count shows it ended, so the
    // wait is idle, not at its deadline. (How soon is the bench's figure: a loaded machine runs
    // the CLI's hook late.)
    let sent = prompt("a quick one [[turn 200]]").await;
    answered(&sent, "ANSWER 1: received").await;
    let short = wait().await;
    assert_eq!(
        short["outcome"],
        "idle",
        "{cli:?}: {short}\n{}",
        f.screen(pane)
    );

    // A 5 s turn: the wait returns when it ends, not on the idle of the turn before: after the
    // model began to answer (it thinks 5 s first), the answer on the screen by then.
    let sent = prompt("a slow one [[turn 5000]]").await;
    let working = async || {
        let until = Instant::now() + Duration::from_secs(4);
        loop {
            let info = f.ok("get_pane_info", json!({"pane": pane})).await;
            if info["pane"]["agent_state"] == "working" || Instant::now() >= until {
                return info;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let info = working().await;
    assert_eq!(
        info["pane"]["agent_state"],
        "working",
        "{cli:?}: {info}\n{}",
        f.screen(pane)
    );
    source(&info["pane"]);
    let long = wait().await;
    source(&long);
    let returned = SystemTime::now();
    assert_eq!(
        long["outcome"],
        "idle",
        "{cli:?}: {long}\n{}",
        f.screen(pane)
    );
    let began = model.answered_at().get(1).copied();
    assert!(
        began.is_some_and(|began| began <= returned),
        "{cli:?}: the wait returned before the model answered: {long}"
    );
    answered(&sent, "ANSWER 2: received").await;

    // A prompt sent while the agent works: the CLI holds it and the model gets it once, after
    // the turn it came during.
    prompt("another slow one [[turn 3000]]").await;
    let during = prompt("sent while it works").await;
    answered(&during, "ANSWER 4: received").await;
    let after = wait().await;
    assert_eq!(
        after["outcome"],
        "idle",
        "{cli:?}: {after}\n{}",
        f.screen(pane)
    );
    let received = model.prompts();
    assert_eq!(
        received[2..],
        ["another slow one [[turn 3000]]", "sent while it works"],
        "{cli:?}"
    );

    // A question: the CLI asks to run its shell tool.
    prompt("run a command [[ask]]").await;
    let asked = wait().await;
    assert_eq!(
        asked["outcome"],
        "asking",
        "{cli:?}: {asked}\n{}",
        f.screen(pane)
    );
    let refused = f
        .ok(
            "send_prompt",
            json!({"pane": pane, "text": "not for the question", "seconds": 10}),
        )
        .await;
    assert_eq!(
        refused["outcome"],
        "refused",
        "{cli:?}: {refused}\n{}",
        f.screen(pane)
    );
    let info = f.ok("get_pane_info", json!({"pane": pane})).await;
    assert_eq!(info["pane"]["agent_state"], "asking", "{cli:?}: {info}");
    source(&info["pane"]);
    source(&asked);
    let received = model.prompts();
    assert_eq!(
        received.len(),
        5,
        "{cli:?}: the refused prompt arrived: {received:#?}"
    );
}

/// Twenty turns read from the screen alone (no hooks): short ones, two of 5 s, one whose shell
/// tool call waits on the CLI's permission question. wait_for_agent never says idle before
/// the turn's last answer was sent whole, says asking at the question, and get_pane_info never
/// says idle during a 5 s turn's thinking once the screen had time to show it (the CLIs draw a
/// change within 1.5 s). Its tests' names end in `_on_the_oldest_tmux`: a matrix runs them
/// against the oldest only, where the versions differ most (every version runs
/// `report_turns`' five; twenty on each of seven would add minutes to CI).
async fn never_idle_while_it_works(cli: Cli) {
    let Started { f, pane, model, .. } = &start(cli, false).await;
    let pane = pane.as_str();
    let wait = async |turn: &str, outcome: &str| {
        let w = f
            .ok("wait_for_agent", json!({"pane": pane, "seconds": 60}))
            .await;
        let returned = SystemTime::now();
        assert_eq!(
            w["outcome"],
            outcome,
            "{cli:?} {turn}: {w}\n{}",
            f.screen(pane)
        );
        returned
    };
    // Milliseconds each turn thinks before its answer; the tenth asks.
    const THINKS: [u64; 19] = [
        0, 300, 5000, 100, 800, 0, 200, 1500, 400, 0, 5000, 100, 600, 0, 300, 1000, 200, 0, 250,
    ];
    for (n, think) in (1..).zip(THINKS) {
        if n == 10 {
            submitted(f, pane, cli, "turn with a tool [[ask]]").await;
            wait("the question", "asking").await;
            // The question's first choice, already pointed at, allows the call once.
            f.ok("send_keys", json!({"pane": pane, "keys": ["Enter"]}))
                .await;
            let returned = wait("the tool call", "idle").await;
            let ended = model.ended_at();
            assert!(
                ended.len() == 10 && ended[9] <= returned,
                "{cli:?}: idle before the answer to the tool's result was sent: {ended:?}"
            );
        }
        let turn = format!("turn {n} [[turn {think}]]");
        let (sent, began) = (Instant::now(), model.answered_at().len());
        submitted(f, pane, cli, &turn).await;
        while think >= 5000 && model.answered_at().len() == began {
            let info = f.ok("get_pane_info", json!({"pane": pane})).await;
            assert!(
                sent.elapsed() < Duration::from_secs(2) || info["pane"]["agent_state"] != "idle",
                "{cli:?} {turn}: idle while it thinks: {info}\n{}",
                f.screen(pane)
            );
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        let returned = wait(&turn, "idle").await;
        let ended = model.ended_at();
        let count = n + usize::from(n >= 10);
        assert!(
            ended.len() == count && ended[count - 1] <= returned,
            "{cli:?} {turn}: idle before its answer was sent whole: {} answers ended\n{}",
            ended.len(),
            f.screen(pane)
        );
    }
    assert_eq!(model.ended_at().len(), 20, "{cli:?}");
}

/// The worked example of the Driving an agent page as written, with `cli` for its `claude`
/// (started by the example's own send_keys, answered by a stand-in model), with the Agents'
/// state page's hooks and without them.
async fn run_the_worked_example(cli: Cli, hooks: bool) {
    // Bound to the end: the directory and the reaper go when the test ends.
    let Prepared {
        dir: _dir,
        reap: _reap,
        model,
        command,
        turn: _turn,
    } = prepare(cli, hooks);
    let f = Fixture::new().await;
    // What a person does once the program went quiet: looks that it is up (a loaded machine
    // can keep a CLI silent for seconds while it loads, its terminal still taking lines) and,
    // for Codex with new hooks, trusts them as the Agents' state page says.
    let up = |pane: &str| {
        if hooks && matches!(cli, Cli::Codex) {
            trust_codex_hooks(&f, pane);
        }
        let ready = || f.screen(pane).contains(cli.ready());
        assert!(
            wait_until(Duration::from_secs(90), ready),
            "{cli:?}:\n{}",
            f.screen(pane)
        );
    };
    let read =
        crate::handlers::inspect::waits::agent::run_the_worked_example(&f, &command, hooks, up)
            .await;
    let text = read["text"].as_str().unwrap();
    assert!(text.contains("ANSWER 1: received"), "{cli:?}: {read}");
    let received = model.prompts();
    assert_eq!(
        received,
        ["Fix the failing test in\nserver/src/cli.rs and run the suite."],
        "{cli:?}"
    );
}

/// Claude Code, Codex and Gemini CLI side by side, no hooks, given turns of 20 s, 1 s and 20 s:
/// one wait over the three returns when the second finishes, naming it, the others still
/// working. Three CLIs in one turn of the machine's two: the test holds one, as one CLI's do.
#[tokio::test]
async fn a_wait_on_three_agents_returns_when_the_second_finishes() {
    let _turn = install_clis();
    let clis = [Cli::ClaudeCode, Cli::Codex, Cli::Gemini];
    let prepared = clis.map(|cli| beside(cli, false));
    let programs: Vec<(&str, &str)> = prepared
        .iter()
        .zip(clis)
        .map(|(p, cli)| (p.command.as_str(), cli.ready()))
        .collect();
    let (f, panes) = Fixture::with_programs_ready_within(&programs, Duration::from_secs(90)).await;
    for ((pane, cli), turn) in panes.iter().zip(clis).zip([20_000, 1000, 20_000]) {
        submitted(&f, pane, cli, &format!("take your time [[turn {turn}]]")).await;
    }
    let wait = f
        .ok(
            "wait_for_agent",
            json!({"pane": panes[0], "panes": [panes[1], panes[2]], "seconds": 60}),
        )
        .await;
    let screens = || {
        panes
            .iter()
            .map(|p| f.screen(p))
            .collect::<Vec<_>>()
            .join("\n----\n")
    };
    assert_eq!(
        (&wait["pane"], &wait["outcome"]),
        (&json!(panes[1]), &json!("idle")),
        "{wait}\n{}",
        screens()
    );
    let reported: Vec<&str> = wait["panes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["reported"].as_str().unwrap())
        .collect();
    assert_eq!(
        reported,
        ["waiting", "idle", "waiting"],
        "{wait}\n{}",
        screens()
    );
    // The others had not begun to answer: they were still working, as their screens said.
    let states: Vec<&Value> = wait["panes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| &row["agent_state"])
        .collect();
    assert_eq!(states, ["working", "idle", "working"], "{wait}");
    for (i, p) in [(0, &prepared[0]), (2, &prepared[2])] {
        assert!(
            p.model.answered_at().is_empty(),
            "agent {i} answered: {wait}"
        );
    }
}

/// The tests, one per CLI and case: each awaits its case's function.
macro_rules! tests {
    ($($name:ident => $case:expr;)*) => {
        $(
            #[tokio::test]
            async fn $name() {
                $case.await;
            }
        )*
    };
}

tests! {
    claude_code_takes_prompts_and_its_answers_are_read => hand_prompts_and_read_answers(Cli::ClaudeCode);
    codex_takes_prompts_and_its_answers_are_read => hand_prompts_and_read_answers(Cli::Codex);
    gemini_cli_takes_prompts_and_its_answers_are_read => hand_prompts_and_read_answers(Cli::Gemini);
    claude_code_reports_its_turns_through_the_documented_hooks => report_turns(Cli::ClaudeCode, true);
    codex_reports_its_turns_through_the_documented_hooks => report_turns(Cli::Codex, true);
    gemini_cli_reports_its_turns_through_the_documented_hooks => report_turns(Cli::Gemini, true);
    claude_code_shows_its_turns_on_its_screen_without_hooks => report_turns(Cli::ClaudeCode, false);
    codex_shows_its_turns_on_its_screen_without_hooks => report_turns(Cli::Codex, false);
    gemini_cli_shows_its_turns_on_its_screen_without_hooks => report_turns(Cli::Gemini, false);
    claude_code_never_says_idle_while_it_works_on_the_oldest_tmux => never_idle_while_it_works(Cli::ClaudeCode);
    codex_never_says_idle_while_it_works_on_the_oldest_tmux => never_idle_while_it_works(Cli::Codex);
    gemini_cli_never_says_idle_while_it_works_on_the_oldest_tmux => never_idle_while_it_works(Cli::Gemini);
    claude_code_runs_the_worked_example_with_hooks => run_the_worked_example(Cli::ClaudeCode, true);
    claude_code_runs_the_worked_example_without_hooks => run_the_worked_example(Cli::ClaudeCode, false);
    codex_runs_the_worked_example_with_hooks => run_the_worked_example(Cli::Codex, true);
    codex_runs_the_worked_example_without_hooks => run_the_worked_example(Cli::Codex, false);
    gemini_cli_runs_the_worked_example_with_hooks => run_the_worked_example(Cli::Gemini, true);
    gemini_cli_runs_the_worked_example_without_hooks => run_the_worked_example(Cli::Gemini, false);
}
