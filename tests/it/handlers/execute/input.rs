//! `execute/input.rs`'s tools against a real tmux: `send_keys` keeps text and key names apart,
//! `send_keys_batch` runs its rows in order, `paste_text` reaches one pane and leaves no buffer.

use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, wait_until};

#[tokio::test]
async fn send_keys_keeps_text_and_key_names_apart() {
    let f = Fixture::here(&[]).await;
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": "echo 'C-c Enter'", "enter": true}),
    )
    .await;
    f.wait_for_screen("%0", "C-c Enter\n#");

    f.tmux(&["send-keys", "-t", "%0", "sleep 30", "Enter"]);
    assert!(wait_until(Duration::from_secs(30), || f
        .display("%0", "#{pane_current_command}")
        == "sleep"));
    let sent = f
        .ok("send_keys", json!({"pane": "%0", "keys": ["C-c"]}))
        .await;
    assert_eq!(sent["keys"], 1);
    assert!(
        wait_until(Duration::from_secs(30), || f
            .display("%0", "#{pane_current_command}")
            == "sh"),
        "C-c interrupted sleep"
    );

    let screen = f.screen("%0");
    let bogus = f
        .fails(
            "send_keys",
            json!({"pane": "%0", "text": "should not appear", "keys": ["Ener"]}),
        )
        .await;
    assert_eq!(bogus["kind"], "invalid_input");
    assert!(
        bogus["message"].as_str().unwrap().contains("Enter"),
        "lists the valid forms: {bogus}"
    );
    assert_eq!(f.screen("%0"), screen, "nothing was typed");

    // Up recalls the previous line in a shell with line editing.
    let bash = f.open(&["new-window", "-t", "main:"], "bash --norc --noprofile");
    f.wait_for_prompt(&bash);
    f.ok(
        "send_keys",
        json!({"pane": bash, "text": "echo recalled", "enter": true}),
    )
    .await;
    f.wait_for_screen(&bash, "\nrecalled\n");
    f.ok("send_keys", json!({"pane": bash, "keys": ["Up", "Enter"]}))
        .await;
    assert!(
        wait_until(Duration::from_secs(30), || f
            .screen(&bash)
            .matches("\nrecalled")
            .count()
            == 2),
        "{}",
        f.screen(&bash)
    );
}

#[tokio::test]
async fn send_keys_batch_runs_rows_in_order_and_stops_or_continues() {
    let f = Fixture::here(&[]).await;
    let other = f.open(&["split-window", "-t", "%0"], "sh");
    f.wait_for_prompt(&other);
    let rows = json!([
        {"pane": "%0", "text": "echo row-zero", "enter": true},
        {"pane": other, "keys": ["Bogus"]},
        {"pane": other, "text": "echo row-two", "enter": true},
    ]);
    let stopped = f.ok("send_keys_batch", json!({"operations": rows})).await;
    assert_eq!(
        (
            stopped["succeeded"].clone(),
            stopped["failed"].clone(),
            stopped["stopped_at"].clone()
        ),
        (json!(1), json!(1), json!(1))
    );
    assert_eq!(stopped["results"].as_array().unwrap().len(), 2);
    assert_eq!(stopped["results"][1]["error"]["kind"], "invalid_input");
    f.wait_for_screen("%0", "\nrow-zero\n");
    assert!(!f.screen(&other).contains("row-two"));

    let continued = f
        .ok(
            "send_keys_batch",
            json!({"operations": rows, "on_error": "continue"}),
        )
        .await;
    assert_eq!(
        (
            continued["succeeded"].clone(),
            continued["failed"].clone(),
            continued["stopped_at"].clone()
        ),
        (json!(2), json!(1), Value::Null)
    );
    f.wait_for_screen(&other, "\nrow-two\n");
    let too_many = f
        .fails(
            "send_keys_batch",
            json!({"operations": vec![json!({"pane": "%0"}); 65]}),
        )
        .await;
    assert_eq!(too_many["kind"], "invalid_input");
}

#[tokio::test]
async fn paste_text_reaches_exactly_one_pane_and_leaves_no_buffer() {
    let f = Fixture::here(&[]).await;
    let other = f.open(&["split-window", "-t", "%0"], "cat");
    f.tmux(&["send-keys", "-t", "%0", "cat", "Enter"]);
    assert!(wait_until(Duration::from_secs(30), || f
        .display("%0", "#{pane_current_command}")
        == "cat"));
    f.ok(
        "set_synchronize_panes",
        json!({"window": "@0", "enabled": true}),
    )
    .await;
    let pasted = f
        .ok(
            "paste_text",
            json!({"pane": "%0", "text": "first line\nsecond line", "enter": true}),
        )
        .await;
    assert_eq!(pasted["bytes"], 22);
    // Each line shows twice: the terminal's echo of it and cat printing what it read.
    let both = wait_until(Duration::from_secs(30), || {
        let screen = f.screen("%0");
        screen.matches("first line").count() == 2 && screen.matches("second line").count() == 2
    });
    assert!(both, "{}", f.screen("%0"));
    assert!(
        !f.screen(&other).contains("line"),
        "synchronize-panes must not fan a paste out: {}",
        f.screen(&other)
    );
    assert_eq!(f.tmux(&["list-buffers"]), "", "the paste buffer is removed");
}
