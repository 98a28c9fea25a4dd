//! send_prompt against real programs in real panes: a program that reads fast input as a
//! paste and swallows an Enter that follows it too closely (tests/programs/prompt_target.py),
//! `cat`, a Python REPL, the shell, a program that reads no input, and a pane that closes
//! during delivery. The prompt must arrive exactly once, byte for byte.

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

/// The lines of %0's screen and history that start with `prefix`.
fn lines_starting(f: &Fixture, prefix: &str) -> usize {
    f.tmux(&["capture-pane", "-p", "-J", "-S", "-", "-t", "%0"])
        .lines()
        .filter(|l| l.starts_with(prefix))
        .count()
}

#[tokio::test]
async fn a_prompt_arrives_once_whole_even_where_a_fast_enter_is_swallowed() {
    let f = Fixture::new().await;
    let program = repo_root().join("tests/programs/prompt_target.py");
    let long: String = (0..16 * 1024)
        .map(|i| char::from(b'a' + (i % 26) as u8))
        .collect();
    let prompts = [
        "one line".to_owned(),
        "three \"quoted\" 'lines'\n$HOME and `date`\n\ttabbed".to_owned(),
        long,
    ];
    let mut submitted = 0;
    for swallow_ms in [100, 500] {
        start(
            &f,
            &format!("python3 {} {swallow_ms}", program.display()),
            "^ready$",
        )
        .await;
        for prompt in &prompts {
            let sent = send(&f, "%0", prompt).await;
            assert_eq!(sent["outcome"], "submitted", "{swallow_ms} ms: {sent}");
            submitted += 1;
            let wanted = format!("^submitted {} {}$", digest(prompt), prompt.len());
            let seen = f
                .ok(
                    "wait_for_text",
                    json!({"pane": "%0", "patterns": [wanted], "regex": true, "since": sent["cursor"], "seconds": 10}),
                )
                .await;
            assert_eq!(
                seen["outcome"],
                "matched",
                "{swallow_ms} ms, {} bytes: {seen}",
                prompt.len()
            );
            assert_eq!(lines_starting(&f, "submitted "), submitted, "exactly once");
            assert_eq!(lines_starting(&f, "pending "), submitted, "pasted once");
        }
        f.ok("send_keys", json!({"pane": "%0", "keys": ["C-c"]}))
            .await;
        f.wait_for_prompt("%0");
    }
    // With 500 ms to swallow, the first Enter is always too early: it is pressed again.
    start(&f, &format!("python3 {} 500", program.display()), "^ready$").await;
    let again = send(&f, "%0", "pressed again").await;
    assert!(again["enter_presses"].as_i64().unwrap() >= 2, "{again}");
}

#[tokio::test]
async fn cat_a_repl_and_the_shell_take_a_prompt() {
    let f = Fixture::new().await;
    let shell = send(&f, "%0", "echo shell-$((6*7))").await;
    assert_eq!(shell["outcome"], "submitted", "{shell}");
    let answer = f
        .ok("wait_for_text", json!({"pane": "%0", "patterns": ["^shell-42$"], "regex": true, "since": shell["cursor"]}))
        .await;
    assert_eq!(answer["outcome"], "matched", "{answer}");

    start(&f, "python3 -q", "^>>> $|^>>>").await;
    let repl = send(&f, "%0", "print(6*7)").await;
    assert_eq!(repl["outcome"], "submitted", "{repl}");
    let answer = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["^42$"], "regex": true, "since": repl["cursor"]}),
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
    let f = Fixture::new().await;
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

    // Several lines to a program that never asked for bracketed paste (the shell here).
    let lines = send(&f, "%0", "echo one\necho two").await;
    assert_eq!(lines["outcome"], "refused", "{lines}");
    assert!(
        lines["reason"]
            .as_str()
            .unwrap()
            .contains("bracketed paste"),
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
    assert_eq!(lines_starting(&f, "never typed"), 0);
}

#[tokio::test]
async fn a_pane_closing_during_delivery_says_so() {
    let f = Fixture::new().await;
    let program = repo_root().join("tests/programs/prompt_target.py");
    let pane = f.open(
        &["new-window"],
        &format!("python3 {} 100 exit-on-paste", program.display()),
    );
    f.wait_for_screen(&pane, "ready");
    let closed = send(&f, &pane, "the last words").await;
    assert_eq!(closed["outcome"], "pane_closed", "{closed}");
}

/// A program a person started before this server looked at its pane: where tmux says whether
/// it asked for bracketed paste (3.7 and newer), a prompt of several lines goes as one; before,
/// the server cannot know and refuses it, saying why.
#[tokio::test]
async fn a_program_started_before_the_server_looked_takes_a_prompt_of_several_lines() {
    let f = Fixture::new().await;
    let program = repo_root().join("tests/programs/prompt_target.py");
    let pane = f.open(
        &["new-window"],
        &format!("python3 {} 100", program.display()),
    );
    f.wait_for_screen(&pane, "ready");
    let prompt = "first line\nsecond line";
    let sent = send(&f, &pane, prompt).await;
    if tmux_features().has(tmux::Feature::BracketPasteFlag) {
        assert_eq!(sent["outcome"], "submitted", "{sent}");
        f.wait_for_screen(&pane, &format!("submitted {}", digest(prompt)));
    } else {
        assert_eq!(sent["outcome"], "refused", "{sent}");
        assert!(
            sent["reason"]
                .as_str()
                .unwrap()
                .contains("since this server began following the pane"),
            "{sent}"
        );
        assert!(!f.screen(&pane).contains("pending"), "nothing was typed");
    }
}
