//! `search_panes` against a real tmux: it finds text, and stops at its pane and line bounds.

use std::time::{Duration, Instant};

use serde_json::json;
use tmux_mcp_tests::{Fixture, wait_until};

#[tokio::test]
async fn search_panes_finds_text_within_its_bounds() {
    let f = Fixture::here(&[]).await;
    f.tmux(&["new-session", "-d", "-s", "other", "sh"]);
    f.wait_for_prompt("%1");
    f.tmux(&["send-keys", "-t", "%0", "echo Needle-one", "Enter"]);
    f.tmux(&["send-keys", "-t", "%1", "echo needle-two", "Enter"]);
    f.wait_for_screen("%1", "\nneedle-two\n");
    f.wait_for_screen("%0", "\nNeedle-one\n");

    let all = f.ok("search_panes", json!({"pattern": "needle-"})).await;
    assert_eq!(all["panes_searched"], 2);
    assert!(
        all["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["pane"] == "%0" && m["text"] == "Needle-one")
    );
    let cased = f
        .ok(
            "search_panes",
            json!({"pattern": "Needle-", "match_case": true}),
        )
        .await;
    assert!(
        cased["matches"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["pane"] == "%0")
    );
    let scoped = f
        .ok(
            "search_panes",
            json!({"pattern": "needle", "session": "other"}),
        )
        .await;
    assert_eq!(scoped["panes_searched"], 1);
    let regex = f
        .ok(
            "search_panes",
            json!({"pattern": "^needle-t.o$", "regex": true}),
        )
        .await;
    assert_eq!(regex["matches"].as_array().unwrap().len(), 1);
    assert_eq!(regex["matches"][0]["line"], 1);
    let literal = f.ok("search_panes", json!({"pattern": "needle-t.o"})).await;
    assert!(
        literal["matches"].as_array().unwrap().is_empty(),
        "not a regex unless asked"
    );

    let bad = f
        .fails(
            "search_panes",
            json!({"pattern": "(unclosed", "regex": true}),
        )
        .await;
    assert_eq!(bad["kind"], "invalid_input");
    // Catastrophic-backtracking patterns are linear here.
    let started = Instant::now();
    f.ok("search_panes", json!({"pattern": "(a+)+$", "regex": true}))
        .await;
    assert!(started.elapsed() < Duration::from_secs(5));

    f.tmux(&[
        "send-keys",
        "-t",
        "%0",
        "seq 1 300 | sed 's/^/hit /'",
        "Enter",
    ]);
    f.wait_for_screen("%0", "hit 300");
    let capped = f
        .ok(
            "search_panes",
            json!({"pattern": "hit", "history": true, "window": "@0"}),
        )
        .await;
    assert_eq!(capped["matches"].as_array().unwrap().len(), 200);
    assert_eq!(capped["limits_hit"], json!(["matches"]));
    let history = f
        .ok(
            "search_panes",
            json!({"pattern": "hit 1$", "regex": true, "history": true, "window": "@0"}),
        )
        .await;
    assert!(
        history["matches"][0]["line"].as_i64().unwrap() < 0,
        "scrollback lines are negative: {history}"
    );
}

#[tokio::test]
async fn search_panes_stops_at_its_pane_and_line_bounds() {
    let f = Fixture::here(&[]).await;
    f.tmux(&["set-option", "-g", "history-limit", "20000"]);
    let long = f.open(&["new-window"], "seq 1 10000; exec cat");
    let long_window = f
        .tmux(&["display-message", "-p", "-t", &long, "#{window_id}"])
        .trim()
        .to_owned();
    let full = wait_until(Duration::from_secs(10), || {
        f.tmux(&["display-message", "-p", "-t", &long, "#{history_size}"])
            .trim()
            .parse::<i64>()
            .is_ok_and(|n| n > 9_000)
    });
    assert!(full, "seq never filled the history of {long}");
    // 64 more panes, so the server holds 66: more than a search reads.
    let mut more = Vec::new();
    for _ in 0..64 {
        more.extend(["new-window", "-d", "cat", ";"]);
    }
    more.pop();
    f.tmux(&more);

    let everywhere = f.ok("search_panes", json!({"pattern": "absent"})).await;
    assert_eq!(everywhere["panes_searched"], 64, "{everywhere}");
    assert_eq!(everywhere["limits_hit"], json!(["panes"]));

    // Only the last 8,192 lines of history are read: 10000 is found, 1 is too old.
    let lines = |pattern: &str| {
        f.ok(
            "search_panes",
            json!({"pattern": pattern, "regex": true, "history": true, "window": long_window}),
        )
    };
    let recent = lines("^10000$").await;
    assert_eq!(recent["matches"].as_array().unwrap().len(), 1, "{recent}");
    assert_eq!(recent["limits_hit"], json!(["lines"]));
    let old = lines("^1$").await;
    assert_eq!(old["matches"], json!([]), "{old}");
    assert_eq!(old["limits_hit"], json!(["lines"]));
}
