//! An agent's own report of its state: a program whose hooks set its pane option (the TUI of
//! tests/programs/prompt_target.py with `hooks`), and the hook lines the site documents for
//! Claude Code, Codex and Gemini CLI, run as a hook runs them. `agent_state` in
//! get_pane_info, list_panes and snapshot_pane, and wait_for_agent, follow working → asking →
//! working → idle; each wait returns within 1.5 s of the change that ends it.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, repo_root};

/// The state `pane` reports in all three tools that carry it, which must agree.
async fn state(f: &Fixture, pane: &str) -> Value {
    let [info, row, snapshot] = f.pane_views(pane).await;
    let says = info["agent_state"].clone();
    assert_eq!(row["agent_state"], says, "list_panes: {row}");
    assert_eq!(snapshot["agent_state"], says, "snapshot_pane: {snapshot}");
    if says.is_null() {
        assert!(info["agent_state_ms"].is_null(), "{info}");
    } else {
        assert!(info["agent_state_ms"].as_i64().unwrap() >= 0, "{info}");
    }
    says
}

/// Runs wait_for_agent on `pane` and, once it follows the pane, `change` (which returns when
/// the change was made, or `None` when the program makes it itself); returns the wait's answer
/// and how long after the change it came.
async fn wait_across<F>(f: &Fixture, pane: &str, change: F) -> (Value, Option<Duration>)
where
    F: AsyncFnOnce() -> Option<Instant>,
{
    let before = f.syncs();
    let wait = f.ok("wait_for_agent", json!({"pane": pane, "seconds": 30}));
    let act = async {
        f.until_synced(before).await;
        change().await
    };
    let (answer, changed) = tokio::join!(wait, act);
    let after = changed.map(|at| at.elapsed());
    (answer, after)
}

#[tokio::test]
async fn a_program_whose_hooks_report_drives_agent_state_and_wait_for_agent() {
    let program = format!(
        "python3 {} 100 1500 hooks",
        repo_root()
            .join("tests/programs/prompt_target.py")
            .display()
    );
    let (f, panes) = Fixture::here_with_programs(&[(program.as_str(), "ready")]).await;
    let pane = panes[0].as_str();
    assert_eq!(state(&f, pane).await, Value::Null, "no report yet");

    // working, then asking: the prompt holds ASK.
    let sent = f
        .ok(
            "send_prompt",
            json!({"pane": pane, "text": "ASK first", "seconds": 20}),
        )
        .await;
    assert_eq!(sent["outcome"], "submitted", "{sent}");
    let (asked, _) = wait_across(&f, pane, async || None).await;
    assert_eq!(asked["outcome"], "asking", "{asked}");
    assert_eq!(asked["agent_state"], "asking", "{asked}");
    assert_eq!(state(&f, pane).await, "asking");
    assert!(f.screen(pane).contains("allow?"));

    // The answer: working again, then idle. The report of asking, older than the answer, does
    // not end the wait.
    f.ok("send_keys", json!({"pane": pane, "text": "y"})).await;
    let (done, _) = wait_across(&f, pane, async || None).await;
    assert_eq!(done["outcome"], "idle", "{done}");
    assert_eq!(state(&f, pane).await, "idle");
    assert!(f.screen(pane).contains("working 1"), "it worked first");
}

/// The code blocks in `lang` of the agents page, each under the title of its section (the agent
/// it configures).
pub(crate) fn documented_blocks(lang: &str) -> Vec<(String, String)> {
    let page = std::fs::read_to_string(repo_root().join("xtask/src/site/agents.md")).unwrap();
    let (mut blocks, mut agent, mut block) = (Vec::new(), String::new(), None::<String>);
    let fence = format!("```{lang}");
    for line in page.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            agent = title.to_owned();
        } else if line == fence {
            block = Some(String::new());
        } else if line == "```" {
            if let Some(text) = block.take() {
                blocks.push((agent.clone(), text));
            }
        } else if let Some(text) = &mut block {
            text.push_str(line);
            text.push('\n');
        }
    }
    blocks
}

/// The hook commands of the agents page, taken from its JSON blocks: the event each one serves
/// and the command.
fn documented_hooks() -> Vec<(String, String, String)> {
    let mut hooks = Vec::new();
    for (agent, text) in documented_blocks("json") {
        let config: Value = serde_json::from_str(&text).expect("a JSON block");
        for (event, groups) in config["hooks"].as_object().unwrap() {
            for group in groups.as_array().unwrap() {
                for hook in group["hooks"].as_array().unwrap() {
                    let command = hook["command"].as_str().unwrap().to_owned();
                    hooks.push((agent.clone(), event.clone(), command));
                }
            }
        }
    }
    hooks
}

/// The documented Claude Code hook line for `event`.
fn claude_hook(event: &str) -> String {
    documented_hooks()
        .into_iter()
        .find(|(a, e, _)| a == "Claude Code" && e == event)
        .map(|(_, _, c)| c)
        .unwrap_or_else(|| panic!("the Agents page gives Claude Code a {event} hook"))
}

/// Runs a hook line as an agent's hook runs it, in the agent's environment (TMUX names the
/// server, TMUX_PANE the pane); returns what it printed.
fn run_hook(f: &Fixture, pane: &str, command: &str) -> String {
    let socket = f.display(pane, "#{socket_path},#{pid},0");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(command)
        .env_clear()
        .envs(f.world.base_env())
        .env("TMUX", &socket)
        .env("TMUX_PANE", pane)
        .output()
        .unwrap();
    assert!(out.status.success(), "{command}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[tokio::test]
async fn the_documented_hook_lines_report_through_the_pane_option() {
    let hooks = documented_hooks();
    let agents: Vec<&str> = hooks.iter().map(|(a, _, _)| a.as_str()).collect();
    for agent in ["Claude Code", "Codex", "Gemini CLI"] {
        assert!(agents.contains(&agent), "{agent}: {hooks:?}");
    }
    let (f, panes) = Fixture::here_with_programs(&[("echo ready; sleep 600", "ready")]).await;
    let pane = panes[0].as_str();
    let run = |command: &str| run_hook(&f, pane, command);
    for (agent, event, command) in &hooks {
        let wanted = ["working", "asking", "idle"]
            .into_iter()
            .find(|w| command.contains(&format!("@agent-state {w}")))
            .unwrap_or_else(|| panic!("{agent} {event}: {command}"));
        let printed = run(command);
        if agent == "Gemini CLI" {
            serde_json::from_str::<Value>(&printed).expect("Gemini CLI reads JSON");
        } else {
            assert_eq!(printed, "", "{agent} {event} prints nothing");
        }
        assert_eq!(state(&f, pane).await, wanted, "{agent} {event}");
    }

    // A wait started while the agent works returns within 1.5 s of its hook reporting.
    for (agent, stop, ends) in [
        ("Claude Code", "Stop", "idle"),
        ("Claude Code", "Notification", "asking"),
        ("Gemini CLI", "AfterAgent", "idle"),
        ("Codex", "PermissionRequest", "asking"),
    ] {
        let command = |event: &str| {
            hooks
                .iter()
                .find(|(a, e, _)| a == agent && e == event)
                .map(|(_, _, c)| c.clone())
                .unwrap()
        };
        let start = if agent == "Gemini CLI" {
            "BeforeAgent"
        } else {
            "UserPromptSubmit"
        };
        run(&command(start));
        assert_eq!(state(&f, pane).await, "working");
        let (answer, after) = wait_across(&f, pane, async || {
            run(&command(stop));
            Some(Instant::now())
        })
        .await;
        assert_eq!(answer["outcome"], ends, "{agent} {stop}: {answer}");
        let after = after.unwrap();
        assert!(
            after <= Duration::from_millis(1500),
            "{agent} {stop}: returned {after:?} after the change"
        );
    }

    // No report: the wait runs to its deadline.
    f.tmux(&["set-option", "-p", "-u", "-t", pane, "@agent-state"]);
    assert_eq!(state(&f, pane).await, Value::Null);
    let none = f
        .ok("wait_for_agent", json!({"pane": pane, "seconds": 1}))
        .await;
    assert_eq!(none["outcome"], "deadline", "{none}");
    assert!(none["agent_state"].is_null(), "{none}");
}

/// A turn the documented hooks report inside one of tmux's looks (working, then idle 0.2 s
/// later, while the orchestrating agent was still thinking) ends the wait that follows: the
/// hooks counted it. A 5 s turn during the wait ends it within a look of its end. Without a
/// turn after the input, the deadline says why.
#[tokio::test]
async fn a_turn_shorter_than_a_look_is_seen_and_a_deadline_says_why() {
    let (f, panes) = Fixture::here_with_programs(&[("echo ready; sleep 600", "ready")]).await;
    let pane = panes[0].as_str();
    let run = |command: &str| {
        run_hook(&f, pane, command);
    };
    run(&claude_hook("Stop"));
    assert_eq!(state(&f, pane).await, "idle");

    // No turn after the input: the deadline says the report is older than the input.
    f.ok("send_keys", json!({"pane": pane, "text": "first"}))
        .await;
    let stale = f
        .ok("wait_for_agent", json!({"pane": pane, "seconds": 1}))
        .await;
    assert_eq!(stale["outcome"], "deadline", "{stale}");
    assert!(
        stale["why"].as_str().unwrap().contains("nothing new since"),
        "{stale}"
    );

    // A 0.2 s turn, over before the wait starts.
    f.ok("send_keys", json!({"pane": pane, "text": "second"}))
        .await;
    run(&claude_hook("UserPromptSubmit"));
    std::thread::sleep(Duration::from_millis(200));
    run(&claude_hook("Stop"));
    let short = f
        .ok("wait_for_agent", json!({"pane": pane, "seconds": 20}))
        .await;
    assert_eq!(
        (&short["outcome"], &short["why"]),
        (&json!("idle"), &Value::Null),
        "{short}"
    );
    assert!(short["elapsed_ms"].as_i64().unwrap() < 1000, "{short}");

    // A 5 s turn during the wait: it ends within a look or two of the hook.
    f.ok("send_keys", json!({"pane": pane, "text": "third"}))
        .await;
    run(&claude_hook("UserPromptSubmit"));
    let (long, after) = wait_across(&f, pane, async || {
        tokio::time::sleep(Duration::from_secs(5)).await;
        run(&claude_hook("Stop"));
        Some(Instant::now())
    })
    .await;
    assert_eq!(long["outcome"], "idle", "{long}");
    let after = after.unwrap();
    assert!(
        after <= Duration::from_millis(500),
        "returned {after:?} after the hook"
    );
    assert!(long["elapsed_ms"].as_i64().unwrap() >= 5000, "{long}");
}

/// One wait over three agents (Claude Code's documented hooks, run as it runs them): it ends
/// when the second finishes, saying what each pane did; with `all`, when each has answered or
/// closed; a pane gone before the wait is reported, not waited on, and a deadline names the
/// pane still working.
#[tokio::test]
async fn a_wait_on_three_agents_returns_when_the_second_finishes() {
    let program = ("echo ready; sleep 600", "ready");
    let (f, panes) = Fixture::here_with_programs(&[program, program, program]).await;
    let [p0, p1, p2] = [0, 1, 2].map(|i| panes[i].as_str());
    for pane in [p0, p1, p2] {
        run_hook(&f, pane, &claude_hook("Stop"));
        f.ok("send_keys", json!({"pane": pane, "text": "go"})).await;
        run_hook(&f, pane, &claude_hook("UserPromptSubmit"));
    }
    let first = async || {
        let before = f.syncs();
        let wait = f.ok(
            "wait_for_agent",
            json!({"pane": p0, "panes": [p1, p2], "seconds": 30}),
        );
        let act = async {
            f.until_synced(before).await;
            tokio::time::sleep(Duration::from_secs(1)).await;
            run_hook(&f, p1, &claude_hook("Stop"));
            Instant::now()
        };
        let (answer, at) = tokio::join!(wait, act);
        (answer, at.elapsed())
    };
    let (answer, after) = first().await;
    assert_eq!(
        (&answer["pane"], &answer["outcome"]),
        (&json!(p1), &json!("idle")),
        "{answer}"
    );
    assert!(answer["elapsed_ms"].as_i64().unwrap() >= 1000, "{answer}");
    assert!(
        after <= Duration::from_millis(1000),
        "returned {after:?} after the hook"
    );
    let did = |answer: &Value| -> Vec<(String, String)> {
        answer["panes"]
            .as_array()
            .unwrap_or_else(|| panic!("{answer}"))
            .iter()
            .map(|row| {
                let state = row["agent_state"].as_str().unwrap_or("null");
                (
                    row["pane"].as_str().unwrap().to_owned(),
                    format!("{} {state}", row["reported"].as_str().unwrap()),
                )
            })
            .collect()
    };
    let owned = |rows: [(&str, &str); 3]| rows.map(|(p, d)| (p.to_owned(), d.to_owned())).to_vec();
    assert_eq!(
        did(&answer),
        owned([
            (p0, "waiting working"),
            (p1, "idle idle"),
            (p2, "waiting working")
        ])
    );

    // Each: the second's finished turn still counts, the third finishes, the first closes. A
    // pane named twice is waited on once.
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_agent",
        json!({"pane": p0, "panes": [p1, p2, p1], "all": true, "seconds": 30}),
    );
    let act = async {
        f.until_synced(before).await;
        run_hook(&f, p2, &claude_hook("Stop"));
        tokio::time::sleep(Duration::from_millis(300)).await;
        f.tmux(&["kill-pane", "-t", p0]);
    };
    let (each, ()) = tokio::join!(wait, act);
    assert_eq!(
        (&each["pane"], &each["outcome"]),
        (&json!(p2), &json!("idle")),
        "{each}"
    );
    let rows = did(&each);
    assert_eq!(rows.len(), 3, "{each}");
    assert_eq!(rows[0].1.split(' ').next(), Some("pane_closed"), "{each}");
    assert_eq!(
        rows[1..],
        owned([(p0, ""), (p1, "idle idle"), (p2, "idle idle")])[1..]
    );

    // A pane already gone is reported; the deadline ends on the pane still working.
    f.ok("send_keys", json!({"pane": p2, "text": "again"}))
        .await;
    run_hook(&f, p2, &claude_hook("UserPromptSubmit"));
    let late = f
        .ok(
            "wait_for_agent",
            json!({"pane": p0, "panes": [p2], "seconds": 1}),
        )
        .await;
    assert_eq!(
        (&late["pane"], &late["outcome"]),
        (&json!(p2), &json!("deadline")),
        "{late}"
    );
    assert!(
        late["why"]
            .as_str()
            .unwrap()
            .contains("still reports working"),
        "{late}"
    );
    assert_eq!(did(&late)[0].1, "pane_closed working", "{late}");
    assert_eq!(did(&late)[1].1, "waiting working", "{late}");

    // One pane, as before: no per-pane rows, and a gone pane is the call's error.
    let one = f
        .ok("wait_for_agent", json!({"pane": p1, "seconds": 1}))
        .await;
    assert!(one["panes"].is_null(), "{one}");
    let gone = f
        .fails("wait_for_agent", json!({"pane": p0, "seconds": 1}))
        .await;
    assert_eq!(gone["kind"], "object_gone", "{gone}");
}

/// A wait over 50 panes of 5 sessions adds no tmux client (tmux's command client is there
/// from 3.7 whatever is waited on), follows each pane through a pipe of its own, and ends at
/// its deadline naming every pane still waiting.
#[tokio::test]
async fn a_wait_over_fifty_panes_adds_no_client_and_a_pipe_a_pane() {
    let f = Fixture::here(&[]).await;
    let mut panes = Vec::new();
    for s in 0..5 {
        let session = format!("many{s}");
        for w in 0..10 {
            let pane = if w == 0 {
                f.tmux(&[
                    "new-session",
                    "-d",
                    "-s",
                    &session,
                    "-P",
                    "-F",
                    "#{pane_id}",
                    "sleep 600",
                ])
            } else {
                f.tmux(&[
                    "new-window",
                    "-d",
                    "-t",
                    &session,
                    "-P",
                    "-F",
                    "#{pane_id}",
                    "sleep 600",
                ])
            };
            panes.push(pane.trim().to_owned());
        }
    }
    let clients = || {
        f.tmux(&["list-clients", "-F", "#{client_control_mode}"])
            .lines()
            .count()
    };
    // The most clients tmux had while a wait over `panes` ran, and its answer.
    let during = async |panes: &[String]| {
        let wait = f.ok(
            "wait_for_agent",
            json!({"pane": panes[0], "panes": panes[1..], "all": true, "seconds": 3}),
        );
        let count = async {
            let mut most = 0;
            let until = Instant::now() + Duration::from_millis(2500);
            while Instant::now() < until {
                most = most.max(clients());
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            most
        };
        let (answer, most) = tokio::join!(wait, count);
        (most, answer)
    };
    let (most, answer) = during(&panes).await;
    assert_eq!(most, 0, "clients");
    assert_eq!(f.world.followers("work"), 50, "a pipe a pane");
    assert_eq!(
        (&answer["pane"], &answer["outcome"]),
        (&json!(panes[0]), &json!("deadline")),
        "{answer}"
    );
    let rows = answer["panes"].as_array().unwrap();
    assert_eq!(rows.len(), 50);
    assert!(rows.iter().all(|r| r["reported"] == "waiting"), "{answer}");
}

/// The option is the operator's choice, to fit the status plugin already in use.
#[tokio::test]
async fn another_option_is_read_when_configured() {
    let f = Fixture::here(&[("LIBTMUX_AGENT_STATE_OPTION", "@claude_status")]).await;
    f.tmux(&[
        "set-option",
        "-p",
        "-t",
        "%0",
        "@claude_status",
        "needs-input",
    ]);
    f.tmux(&["set-option", "-p", "-t", "%0", "@agent-state", "working"]);
    assert_eq!(state(&f, "%0").await, "asking");
    let asked = f
        .ok("wait_for_agent", json!({"pane": "%0", "seconds": 5}))
        .await;
    assert_eq!(asked["outcome"], "asking", "{asked}");
}

/// The worked example of the site (xtask/src/site/driving-an-agent.md) runs as written: every
/// call in its JSON blocks, in order, with its placeholders filled in (the pane it creates, the
/// cursors it names) and `claude` standing for a test TUI whose hooks report its state.
#[tokio::test]
async fn the_worked_example_runs_as_written() {
    let agent = format!(
        "python3 {} 300 1000 hooks",
        repo_root()
            .join("tests/programs/prompt_target.py")
            .display()
    );
    let f = Fixture::here(&[]).await;
    let read = run_the_worked_example(&f, &agent, true, |_| {}).await;
    let text = read["text"].as_str().unwrap();
    assert!(text.contains("submitted "), "the answer is read: {read}");
    assert!(text.contains("working 1"), "{read}");
}

/// Runs the worked example's calls on `f` in a new session `work`, `start` typed for its
/// `claude`; without `hooks`, step 3 is `wait_for_quiet` alone, as the page says for an agent
/// without them. `started` runs once the program went quiet after it started (what a person
/// does there, such as answering a question the program asks once). Returns step 4's reply,
/// each step's outcome checked on the way.
pub(crate) async fn run_the_worked_example(
    f: &Fixture,
    start: &str,
    hooks: bool,
    started: impl Fn(&str),
) -> Value {
    let page =
        std::fs::read_to_string(repo_root().join("xtask/src/site/driving-an-agent.md")).unwrap();
    let mut calls: Vec<Value> = Vec::new();
    let mut inside = false;
    for line in page.lines() {
        match line {
            "```json" => inside = true,
            "```" => inside = false,
            call if inside => calls.push(serde_json::from_str(call).expect("a call")),
            _ => {}
        }
    }
    // New windows run sh, not a login shell: /etc/profile would reset PATH, and the program's
    // hooks must reach this tmux (the matrix's, not the system's).
    f.tmux(&["set-option", "-g", "default-command", "sh"]);
    f.tmux(&["new-session", "-d", "-s", "work"]);
    let mut pane = String::new();
    let mut since_cursor = Value::Null;
    let mut read_cursor = Value::Null;
    let mut answers = Vec::new();
    for call in calls {
        let name = call["name"].as_str().unwrap().to_owned();
        if name == "wait_for_agent" && !hooks {
            continue;
        }
        let mut arguments = call["arguments"].clone();
        if arguments["pane"] == "%7" {
            arguments["pane"] = json!(pane);
        }
        if arguments["text"] == "claude" {
            arguments["text"] = json!(start);
        }
        if arguments["since"] == "<since from send_prompt>" {
            arguments["since"] = since_cursor.clone();
        }
        if arguments["cursor"] == "<cursor from step 2's capture_since>" {
            arguments["cursor"] = read_cursor.clone();
        }
        let answer = f.ok(&name, arguments).await;
        let screen = || f.screen(&pane);
        match name.as_str() {
            "create_window" => pane = answer["pane"].as_str().unwrap().to_owned(),
            "capture_since" if read_cursor.is_null() => read_cursor = answer["cursor"].clone(),
            "send_prompt" => {
                assert_eq!(answer["outcome"], "submitted", "{answer}\n{}", screen());
                since_cursor = answer["since"].clone();
            }
            "wait_for_agent" => assert_eq!(answer["outcome"], "idle", "{answer}\n{}", screen()),
            "wait_for_quiet" => {
                assert_eq!(answer["outcome"], "quiet", "{answer}\n{}", screen());
                if since_cursor.is_null() {
                    started(&pane);
                }
            }
            _ => {}
        }
        answers.push((name, answer));
    }
    let names: Vec<&str> = answers.iter().map(|(n, _)| n.as_str()).collect();
    let mut expected = vec![
        "create_window",
        "send_keys",
        "wait_for_quiet",
        "capture_since",
        "send_prompt",
        "wait_for_agent",
        "wait_for_quiet",
        "capture_since",
    ];
    if !hooks {
        expected.retain(|n| *n != "wait_for_agent");
    }
    assert_eq!(names, expected);
    answers.pop().unwrap().1
}

/// A known CLI a person starts in a pane while a wait runs on it (a shell had the pane when
/// the wait began) is known from then on: its screen ends the wait. The stand-in lies in a
/// folder whose package.json names Claude Code at its measured version, and draws Claude
/// Code's working line for 1.5 s (redrawn every 30 ms, faster than the wait looks), then its
/// idle input box.
#[tokio::test]
async fn a_cli_started_during_a_wait_is_read_from_then_on() {
    let f = Fixture::here(&[]).await;
    let dir = tmux_mcp_tests::TempDir::new("known-cli");
    let package = dir.path.join("node_modules/@anthropic-ai/claude-code");
    std::fs::create_dir_all(&package).unwrap();
    let manifest = json!({"name": "@anthropic-ai/claude-code", "version": "2.1.197"});
    std::fs::write(package.join("package.json"), manifest.to_string()).unwrap();
    let cli = package.join("cli.py");
    std::fs::write(
        &cli,
        r#"import sys, time
rule = "\u2500" * 60
for i in range(50):
    sys.stdout.write("\x1b[H\x1b[2J\u273b Thinking\u2026 (%d)\n" % i)
    sys.stdout.flush()
    time.sleep(0.03)
sys.stdout.write("\x1b[H\x1b[2J\u25cf done\n\n" + rule + "\n\u276f\u00a0\n" + rule + "\n")
sys.stdout.flush()
time.sleep(600)
"#,
    )
    .unwrap();
    let command = format!("exec python3 {}", cli.display());
    let (answer, after) = wait_across(&f, "%0", async || {
        f.tmux(&["send-keys", "-t", "%0", "-l", &command]);
        f.tmux(&["send-keys", "-t", "%0", "Enter"]);
        Some(Instant::now())
    })
    .await;
    assert_eq!(
        (&answer["outcome"], &answer["agent_state_source"]),
        (&json!("idle"), &json!("screen")),
        "{answer}\n{}",
        f.screen("%0")
    );
    // Seen working first: idle as soon as two looks showed the box, not 2 s of quiet later.
    let after = after.unwrap();
    assert!(
        (Duration::from_millis(1500)..Duration::from_millis(3500)).contains(&after),
        "returned {after:?} after the CLI started: {answer}"
    );
}
