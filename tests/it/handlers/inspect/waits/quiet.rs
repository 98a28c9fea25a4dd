//! wait_for_quiet against real programs in a real pane: it returns after a burst of output
//! goes quiet, never before output began, and not while a pane keeps printing; escape
//! sequences, same-text redraws and the echo of typed input are not output.

use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, wait_until};

/// Types `line` and Enter into %0.
async fn run(f: &Fixture, line: &str) {
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": line, "enter": true}),
    )
    .await;
}

async fn quiet(f: &Fixture, arguments: Value) -> Value {
    f.ok("wait_for_quiet", arguments).await
}

/// Interrupts %0's program and waits for the prompt. One Ctrl-C to a shell loop of short
/// commands was once not enough (CI on 3.3a: `same^C` on the screen and no prompt for 30 s),
/// so it is pressed again until the prompt shows, as a person would.
async fn interrupt(f: &Fixture) {
    for _ in 0..6 {
        f.ok("send_keys", json!({"pane": "%0", "keys": ["C-c"]}))
            .await;
        if wait_until(Duration::from_secs(5), || f.shows_prompt("%0")) {
            return;
        }
    }
    f.wait_for_prompt("%0");
}

#[tokio::test]
async fn a_burst_then_silence_is_quiet_after_the_burst() {
    let f = Fixture::here(&[]).await;
    // The prompt comes back only after `sleep 5`: a wait that returned then would report the
    // prompt, not the burst's last line.
    run(
        &f,
        "for i in 1 2 3 4 5; do echo b$i; sleep .1; done; sleep 5",
    )
    .await;
    let out = quiet(&f, json!({"pane": "%0", "quiet_ms": 1000, "seconds": 20})).await;
    assert_eq!(
        (&out["outcome"], &out["line"]),
        (&json!("quiet"), &json!("b5")),
        "{out}"
    );
    assert!(out["elapsed_ms"].as_i64().unwrap() >= 1000, "{out}");
    interrupt(&f).await;
}

#[tokio::test]
async fn a_pane_that_keeps_printing_reaches_the_deadline() {
    let f = Fixture::here(&[]).await;
    run(&f, "while :; do echo tick; sleep .1; done").await;
    let out = quiet(&f, json!({"pane": "%0", "quiet_ms": 2000, "seconds": 3})).await;
    assert_eq!(
        (&out["outcome"], &out["line"]),
        (&json!("deadline"), &json!("tick")),
        "{out}"
    );
    interrupt(&f).await;
}

#[tokio::test]
async fn nothing_printed_is_never_quiet_and_echo_is_not_output() {
    let f = Fixture::here(&[]).await;
    let idle = quiet(
        &f,
        json!({"pane": "%0", "since": "now", "quiet_ms": 200, "seconds": 1}),
    )
    .await;
    assert_eq!(
        (&idle["outcome"], &idle["line"]),
        (&json!("deadline"), &json!(null)),
        "{idle}"
    );
    // Only the typed line comes back (as echo) until `sleep` ends, after the deadline.
    run(&f, "sleep 4").await;
    let echo = quiet(&f, json!({"pane": "%0", "quiet_ms": 300, "seconds": 2})).await;
    assert_eq!(
        (&echo["outcome"], &echo["line"]),
        (&json!("deadline"), &json!(null)),
        "{echo}"
    );
    interrupt(&f).await;
}

#[tokio::test]
async fn escape_sequences_and_same_text_redraws_are_not_output() {
    let f = Fixture::here(&[]).await;
    // Cursor moves and attributes, 20 times a second, after one line of text.
    run(
        &f,
        r"echo go; while :; do printf '\033[H\033[1m\033[0m'; sleep .05; done",
    )
    .await;
    let moves = quiet(&f, json!({"pane": "%0", "quiet_ms": 1000, "seconds": 10})).await;
    assert_eq!(
        (&moves["outcome"], &moves["line"]),
        (&json!("quiet"), &json!("go")),
        "{moves}"
    );
    interrupt(&f).await;
    // The same text written over itself, as a status line redraws.
    run(&f, r"while :; do printf '\rsame'; sleep .05; done").await;
    let redraw = quiet(&f, json!({"pane": "%0", "quiet_ms": 1000, "seconds": 10})).await;
    assert_eq!(
        (&redraw["outcome"], &redraw["line"]),
        (&json!("quiet"), &json!("same")),
        "{redraw}"
    );
    interrupt(&f).await;
    // The same text drawn over itself by a cursor move, as a full-screen program redraws.
    run(
        &f,
        r"clear; while :; do printf '\033[Hsame'; sleep .05; done",
    )
    .await;
    let drawn = quiet(&f, json!({"pane": "%0", "quiet_ms": 1000, "seconds": 10})).await;
    assert_eq!(drawn["outcome"], "quiet", "{drawn}");
    interrupt(&f).await;
}

/// Output that repeats text the screen showed at the input still is output: the second `echo`
/// prints a line the screen already holds, and the wait goes quiet after it.
#[tokio::test]
async fn output_the_screen_showed_before_is_output() {
    let f = Fixture::here(&[]).await;
    for round in ["first", "again"] {
        run(&f, "echo hi").await;
        let out = quiet(&f, json!({"pane": "%0", "quiet_ms": 300, "seconds": 10})).await;
        assert_eq!(out["outcome"], "quiet", "{round}: {out}");
    }
}

#[tokio::test]
async fn a_pane_closing_during_the_wait_ends_it() {
    let f = Fixture::here(&[]).await;
    let pane = f.open(&["split-window"], "sh -c 'sleep 1; echo bye; sleep 1'");
    let out = quiet(
        &f,
        json!({"pane": pane, "since": "now", "quiet_ms": 5000, "seconds": 20}),
    )
    .await;
    assert_eq!(out["outcome"], "pane_closed", "{out}");
}

/// Silence before the call counts: a program that answered and has been quiet for quiet_ms
/// since is quiet at once, without waiting quiet_ms again.
#[tokio::test]
async fn silence_already_seen_counts() {
    let f = Fixture::here(&[]).await;
    run(&f, "echo answered").await;
    let quiet_long_enough = || async {
        let info = f.ok("get_pane_info", json!({"pane": "%0"})).await;
        info["pane"]["idle_ms"]
            .as_i64()
            .is_some_and(|ms| ms >= 1500)
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !quiet_long_enough().await {
        assert!(
            std::time::Instant::now() < deadline,
            "the pane never went quiet"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let out = quiet(&f, json!({"pane": "%0", "quiet_ms": 1000, "seconds": 20})).await;
    assert_eq!(out["outcome"], "quiet", "{out}");
    assert!(out["elapsed_ms"].as_i64().unwrap() < 1000, "{out}");
}
