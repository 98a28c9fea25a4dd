//! send_prompt against real programs in real panes, most started before the server looked:
//! a TUI that reads fast input as a paste, swallows an Enter that follows it too closely and
//! redraws its input line (tests/programs/prompt_target.py), IPython, the Python REPL, `cat`,
//! a shell's `read`, the shell, a program that reads no input, and a pane that closes during
//! delivery. The prompt must arrive exactly once, byte for byte, and `submitted` be said only
//! of a prompt the program took.

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, repo_root, tmux_features};

async fn send(f: &Fixture, pane: &str, text: &str) -> Value {
    f.ok(
        "send_prompt",
        json!({"pane": pane, "text": text, "seconds": 20}),
    )
    .await
}

/// Starts `line` from %0's shell (so the server follows the pane before the program starts)
/// and waits for `ready` (an output line of its own).
async fn start(f: &Fixture, line: &str, ready: &str) {
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": line, "enter": true}),
    )
    .await;
    let up = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": [ready], "regex": true, "seconds": 20}),
        )
        .await;
    assert_eq!(up["outcome"], "matched", "{line}: {up}");
}

/// SHA-256 of `text` as the program receives it: tmux pastes a newline as a carriage return.
fn digest(text: &str) -> String {
    let received = text.replace('\n', "\r");
    let out = std::process::Command::new("sha256sum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(received.as_bytes())?;
            child.wait_with_output()
        })
        .expect("sha256sum");
    String::from_utf8_lossy(&out.stdout)[..64].to_owned()
}

/// The lines of `pane`'s screen and history that start with `prefix`.
fn lines_in(f: &Fixture, pane: &str, prefix: &str) -> usize {
    f.tmux(&["capture-pane", "-p", "-J", "-S", "-", "-t", pane])
        .lines()
        .filter(|l| l.starts_with(prefix))
        .count()
}

/// Sends `prompt`, the `n`th to `pane`'s `program`, which must say it submitted it, once.
async fn submitted_once(f: &Fixture, pane: &str, prompt: &str, n: usize, program: &str) {
    let sent = send(f, pane, prompt).await;
    assert_eq!(sent["outcome"], "submitted", "{program}: {sent}");
    let wanted = format!("^submitted {} {}$", digest(prompt), prompt.len());
    let seen = f
        .ok(
            "wait_for_text",
            json!({"pane": pane, "patterns": [wanted], "regex": true, "since": sent["since"], "seconds": 10}),
        )
        .await;
    assert_eq!(
        seen["outcome"],
        "matched",
        "{program}, {} bytes: {sent} {seen}\n{}",
        prompt.len(),
        f.screen(pane)
    );
    assert_eq!(lines_in(f, pane, "submitted "), n, "exactly once");
}

fn target(swallow_ms: u32) -> String {
    let program = repo_root().join("tests/programs/prompt_target.py");
    format!("python3 {} {swallow_ms}", program.display())
}

#[tokio::test]
async fn a_prompt_arrives_once_whole_even_where_a_fast_enter_is_swallowed() {
    let windows = [100, 500, 3000].map(target);
    let programs: Vec<(&str, &str)> = windows.iter().map(|w| (w.as_str(), "ready")).collect();
    let (f, panes) = Fixture::here_with_programs(&programs).await;
    let long: String = (0..16 * 1024)
        .map(|i| char::from(b'a' + (i % 26) as u8))
        .collect();
    let prompts = [
        "one line".to_owned(),
        "three \"quoted\" 'lines'\n$HOME and `date`\n\ttabbed".to_owned(),
        long,
    ];
    for (pane, window) in panes.iter().zip(&windows) {
        for (n, prompt) in (1..).zip(&prompts) {
            submitted_once(&f, pane, prompt, n, window).await;
            assert_eq!(lines_in(&f, pane, "pending "), n, "pasted once");
        }
    }
    // With 3 s to swallow, the first Enters are always too early: pressed again, and only
    // while the prompt waits.
    let again = send(&f, &panes[2], "pressed again").await;
    assert_eq!(again["outcome"], "submitted", "{again}");
    assert!(again["enter_presses"].as_i64().unwrap() >= 2, "{again}");
    assert_eq!(lines_in(&f, &panes[2], "submitted "), prompts.len() + 1);
}

/// A program that takes an Enter coming soon after a paste as a newline in its input box,
/// drawn as a row the box grows (in a box that stays, or that moves down a row as it takes
/// it, showing the prompt or a placeholder for it), or as a glyph (`⏎`) on the input line's row or, after a full row, on the row it wraps
/// to: the newline is taken back before Enter goes again, so the program submits the prompt
/// byte for byte, once.
#[tokio::test]
async fn an_enter_taken_as_a_newline_is_taken_back() {
    let (row, glyph, moving, hidden) = (
        format!("{} newline", target(500)),
        format!("{} glyph", target(500)),
        format!("{} newline moving", target(500)),
        format!("{} newline placeholder moving", target(500)),
    );
    let (f, panes) = Fixture::here_with_programs(&[
        (row.as_str(), "ready"),
        (glyph.as_str(), "ready"),
        (moving.as_str(), "ready"),
        (hidden.as_str(), "ready"),
    ])
    .await;
    let width: usize = f.display(&panes[1], "#{pane_width}").parse().unwrap();
    // "> " and the prompt fill the row: the glyph goes on the next.
    let full_row = "w".repeat(width - 2);
    let cases = [
        (&panes[0], vec!["one line", "two\nlines"]),
        (&panes[1], vec!["one line", "two\nlines", full_row.as_str()]),
        (&panes[2], vec!["one line", "two\nlines"]),
        (&panes[3], vec!["one line", "two\nlines"]),
    ];
    for (pane, prompts) in cases {
        for (n, prompt) in (1..).zip(prompts) {
            let sent = send(&f, pane, prompt).await;
            assert_eq!(sent["outcome"], "submitted", "{sent}");
            assert!(sent["enter_presses"].as_i64().unwrap() >= 2, "{sent}");
            let wanted = format!("submitted {} {}", digest(prompt), prompt.len());
            f.wait_for_screen(pane, &wanted);
            assert_eq!(lines_in(&f, pane, "submitted "), n, "exactly once");
        }
    }
}

/// The same where the input line shows a placeholder for the paste (as Gemini CLI does for a
/// long one) at the bottom of a full screen: the newline scrolls a row into the history, and
/// the line taken back stands a row higher on the screen, the same line all the same, so Enter
/// goes again and `submitted` comes only once the program submitted.
#[tokio::test]
async fn a_placeholder_taken_back_at_the_bottom_of_the_screen_is_still_the_prompt() {
    let program = format!("seq 40; {} newline placeholder", target(500));
    let (f, panes) = Fixture::here_with_programs(&[(program.as_str(), "ready")]).await;
    let pane = panes[0].as_str();
    let prompt: String = (0..2000)
        .map(|i| char::from(b'a' + (i % 26) as u8))
        .collect();
    let sent = send(&f, pane, &prompt).await;
    assert_eq!(sent["outcome"], "submitted", "{sent}");
    assert!(sent["enter_presses"].as_i64().unwrap() >= 2, "{sent}");
    let wanted = format!("submitted {} {}", digest(&prompt), prompt.len());
    f.wait_for_screen(pane, &wanted);
    assert_eq!(lines_in(&f, pane, "submitted "), 1, "exactly once");
}

/// A program that draws a paste well after it arrived (a TUI on a loaded machine, long past
/// the quiet that usually means the paste was taken): what its input line showed before the
/// paste is not taken for the prompt gone, so an Enter swallowed meanwhile is pressed again and
/// `submitted` is said only once the program submitted.
#[tokio::test]
async fn a_paste_drawn_late_is_not_taken_for_submitted() {
    let program = format!("{} late=800", target(300));
    let (f, panes) = Fixture::here_with_programs(&[(program.as_str(), "ready")]).await;
    let pane = panes[0].as_str();
    for (n, prompt) in (1..).zip(["one line", "another line"]) {
        submitted_once(&f, pane, prompt, n, &program).await;
    }
}

/// Nothing is typed into a program that asks a question: its agent reports asking, or its
/// screen shows a choice dialog as agents' permission prompts draw them.
#[tokio::test]
async fn a_prompt_never_answers_a_question() {
    let dialog =
        "printf 'Do you want to proceed?\\n\\342\\235\\257 1. Yes\\n  2. No (esc)\\n'; cat";
    let (f, panes) = Fixture::here_with_programs(&[(dialog, "2. No"), ("cat", "")]).await;
    let refused = send(&f, &panes[0], "hello").await;
    assert_eq!(refused["outcome"], "refused", "{refused}");
    let reason = refused["reason"].as_str().unwrap();
    assert!(
        reason.contains("1. Yes") && reason.contains("choice"),
        "{refused}"
    );
    f.tmux(&[
        "set-option",
        "-p",
        "-t",
        &panes[1],
        "@agent-state",
        "asking",
    ]);
    let asking = send(&f, &panes[1], "hello").await;
    assert_eq!(asking["outcome"], "refused", "{asking}");
    assert!(
        asking["reason"].as_str().unwrap().contains("asking"),
        "{asking}"
    );
    for pane in &panes {
        assert!(
            !f.screen(pane).contains("hello"),
            "nothing typed into {pane}"
        );
    }
    // Answered, the prompt goes.
    f.tmux(&["set-option", "-p", "-t", &panes[1], "@agent-state", "idle"]);
    let sent = send(&f, &panes[1], "hello").await;
    assert_eq!(sent["outcome"], "submitted", "{sent}");
}

/// A program that never takes the Enter, however often its input line is redrawn: the prompt
/// is not said to be submitted, and the text is pasted once.
#[tokio::test]
async fn a_prompt_never_taken_is_never_said_submitted() {
    let never = target(60_000);
    let (f, panes) = Fixture::here_with_programs(&[(never.as_str(), "ready")]).await;
    let sent = send(&f, &panes[0], "wait for me\nplease").await;
    assert_eq!(sent["outcome"], "pasted_not_submitted", "{sent}");
    assert_eq!(sent["enter_presses"], 5, "{sent}");
    assert!(
        sent["reason"].as_str().unwrap().contains("please"),
        "says what it saw: {sent}"
    );
    assert_eq!(lines_in(&f, &panes[0], "submitted "), 0);
    assert_eq!(lines_in(&f, &panes[0], "pending "), 1);
}

/// IPython and the Python REPL, started before the server looked: a block of several lines
/// runs once, without an error.
#[tokio::test]
async fn repls_started_earlier_take_a_block_once() {
    let ipython = format!(
        "{} -m IPython --no-banner --colors=NoColor",
        tmux_mcp_tests::sdks::python().display()
    );
    let (f, panes) =
        Fixture::here_with_programs(&[(ipython.as_str(), "In [1]:"), ("python3 -q", ">>>")]).await;
    let def = send(&f, &panes[0], "def f(x):\n    return x * 6\n\nprint(f(7))").await;
    assert_eq!(def["outcome"], "submitted", "{def}");
    f.wait_for_screen(&panes[0], "In [2]:");
    assert_eq!(lines_in(&f, &panes[0], "42"), 1, "{}", f.screen(&panes[0]));
    assert!(
        !f.screen(&panes[0]).contains("Error"),
        "{}",
        f.screen(&panes[0])
    );

    let block = send(&f, &panes[1], "for i in range(3):\n    print('row', i)\n").await;
    assert_eq!(block["outcome"], "submitted", "{block}");
    f.wait_for_screen(&panes[1], "row 2");
    for row in ["row 0", "row 1", "row 2"] {
        assert_eq!(lines_in(&f, &panes[1], row), 1, "{}", f.screen(&panes[1]));
    }
    assert!(
        !f.screen(&panes[1]).contains("Error"),
        "{}",
        f.screen(&panes[1])
    );
}

/// `cat` and a shell script in `read` take cooked lines: several lines are refused with
/// nothing typed, one line goes.
#[tokio::test]
async fn programs_reading_cooked_lines_refuse_several() {
    let (f, panes) = Fixture::here_with_programs(&[
        ("echo ready; cat", "ready"),
        ("echo ready; read line; echo got $line; sleep 30", "ready"),
    ])
    .await;
    for pane in &panes {
        let before = f.screen(pane);
        let refused = send(&f, pane, "one\ntwo").await;
        assert_eq!(refused["outcome"], "refused", "{refused}");
        assert!(
            refused["reason"].as_str().unwrap().contains("whole lines"),
            "{refused}"
        );
        assert_eq!(f.screen(pane), before, "nothing typed");
    }
    let line = send(&f, &panes[1], "just this").await;
    assert_eq!(line["outcome"], "submitted", "{line}");
    assert_eq!(line["delivery"], "keys", "{line}");
    f.wait_for_screen(&panes[1], "got just this");
}

#[tokio::test]
async fn cat_a_repl_and_the_shell_take_a_prompt() {
    let f = Fixture::here(&[]).await;
    let shell = send(&f, "%0", "echo shell-$((6*7))").await;
    assert_eq!(shell["outcome"], "submitted", "{shell}");
    let answer = f
        .ok("wait_for_text", json!({"pane": "%0", "patterns": ["^shell-42$"], "regex": true, "since": shell["since"]}))
        .await;
    assert_eq!(answer["outcome"], "matched", "{answer}");

    start(&f, "python3 -q", "^>>> $|^>>>").await;
    let repl = send(&f, "%0", "print(6*7)").await;
    assert_eq!(repl["outcome"], "submitted", "{repl}");
    let answer = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["^42$"], "regex": true, "since": repl["since"]}),
        )
        .await;
    assert_eq!(answer["outcome"], "matched", "{answer}");
    f.ok("send_keys", json!({"pane": "%0", "keys": ["C-d"]}))
        .await;
    f.wait_for_prompt("%0");

    // A pane in a window nobody looks at: the person's current window and pane stay so.
    let cat = f.open(&["new-window"], "cat");
    let focused = f.tmux(&["display-message", "-p", "#{window_id}:#{pane_id}"]);
    let fed = send(&f, &cat, "fed to cat").await;
    assert_eq!(fed["outcome"], "submitted", "{fed}");
    f.wait_for_screen(&cat, "fed to cat\nfed to cat\n");
    assert_eq!(
        f.tmux(&["display-message", "-p", "#{window_id}:#{pane_id}"]),
        focused,
        "focus moved"
    );
}

#[tokio::test]
async fn nothing_is_sent_where_it_cannot_be_a_prompt() {
    let f = Fixture::here(&[]).await;
    // A program that reads no input.
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": "sleep 30", "enter": true}),
    )
    .await;
    assert!(tmux_mcp_tests::wait_until(
        std::time::Duration::from_secs(10),
        || f.display("%0", "#{pane_current_command}") == "sleep"
    ));
    let before = f.screen("%0");
    let refused = send(&f, "%0", "never typed").await;
    assert_eq!(refused["outcome"], "refused", "{refused}");
    assert!(
        refused["reason"]
            .as_str()
            .unwrap()
            .contains("not reading input"),
        "{refused}"
    );
    assert_eq!(refused["enter_presses"], 0);
    assert_eq!(f.screen("%0"), before, "nothing typed");
    f.ok("send_keys", json!({"pane": "%0", "keys": ["C-c"]}))
        .await;
    f.wait_for_prompt("%0");

    // Several lines to the shell here (sh, which reads cooked lines).
    let lines = send(&f, "%0", "echo one\necho two").await;
    assert_eq!(lines["outcome"], "refused", "{lines}");
    assert!(
        lines["reason"].as_str().unwrap().contains("whole lines"),
        "{lines}"
    );

    // A pane in copy mode, and a dead one.
    f.tmux(&["copy-mode", "-t", "%0"]);
    let moded = send(&f, "%0", "x").await;
    assert_eq!(moded["outcome"], "refused", "{moded}");
    f.tmux(&["send-keys", "-t", "%0", "-X", "cancel"]);
    f.tmux(&["set-option", "-g", "remain-on-exit", "on"]);
    let dead = f.open(&["new-window"], "true");
    assert!(tmux_mcp_tests::wait_until(
        std::time::Duration::from_secs(10),
        || f.display(&dead, "#{pane_dead}") == "1"
    ));
    let gone = send(&f, &dead, "x").await;
    assert_eq!(gone["outcome"], "refused", "{gone}");
    assert_eq!(lines_in(&f, "%0", "never typed"), 0);
}

#[tokio::test]
async fn a_pane_closing_during_delivery_says_so() {
    let f = Fixture::here(&[]).await;
    let program = repo_root().join("tests/programs/prompt_target.py");
    let pane = f.open(
        &["new-window"],
        &format!("python3 {} 100 exit-on-paste", program.display()),
    );
    f.wait_for_screen(&pane, "ready");
    let closed = send(&f, &pane, "the last words").await;
    assert_eq!(closed["outcome"], "pane_closed", "{closed}");
}

/// A program a person started before this server looked at its pane takes a prompt of several
/// lines as one paste on every version: tmux says it asked for bracketed paste (3.7 and newer),
/// or its terminal says it reads keys itself, and tmux brackets the paste as it asked.
#[tokio::test]
async fn a_program_started_before_the_server_looked_takes_a_prompt_of_several_lines() {
    let earlier = target(100);
    let (f, panes) = Fixture::here_with_programs(&[(earlier.as_str(), "ready")]).await;
    let prompt = "first line\nsecond line";
    let sent = send(&f, &panes[0], prompt).await;
    assert_eq!(sent["outcome"], "submitted", "{sent}");
    let how = if tmux_features().has(tmux::Feature::BracketPasteFlag) {
        "bracketed_paste"
    } else {
        "paste"
    };
    assert_eq!(sent["delivery"], how, "{sent}");
    f.wait_for_screen(&panes[0], &format!("submitted {}", digest(prompt)));
    assert_eq!(lines_in(&f, &panes[0], "pending "), 1, "one paste");
}
