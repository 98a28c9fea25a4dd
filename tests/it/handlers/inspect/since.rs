//! `capture_since` against a real tmux: only what is new since its cursor, a line rewritten in
//! place read whole.

use serde_json::json;
use tmux_mcp_tests::Fixture;

/// A line a program rewrites in place (carriage return, erase, new text) comes back whole, as
/// the screen shows it; an input tool's cursor is refused with what it is for.
#[tokio::test]
async fn capture_since_reads_a_line_rewritten_in_place_whole() {
    let f = Fixture::here(&[]).await;
    // Enter is not echoed (stty -echo), so the rewrite happens on the line the cursor was on.
    let program =
        "clear; stty -echo; printf '> '; read x; printf '\\r\\033[2KSUBMITTED n=167'; sleep 30";
    let typed = f
        .ok(
            "send_keys",
            json!({"pane": "%0", "text": program, "enter": true}),
        )
        .await;
    assert!(tmux_mcp_tests::wait_until(
        std::time::Duration::from_secs(10),
        || f.screen("%0").starts_with(">\n")
    ));
    let before = f.ok("capture_since", json!({"pane": "%0"})).await;
    f.tmux(&["send-keys", "-t", "%0", "Enter"]);
    f.wait_for_screen("%0", "SUBMITTED n=167");
    let after = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": before["cursor"]}),
        )
        .await;
    assert_eq!(after["text"], "SUBMITTED n=167", "{after}");
    assert_eq!(after["missed_lines"], 0);
    let refused = f
        .fails(
            "capture_since",
            json!({"pane": "%0", "cursor": typed["since"]}),
        )
        .await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("pass it as since"),
        "{refused}"
    );
    f.ok("send_keys", json!({"pane": "%0", "keys": ["C-c"]}))
        .await;
    f.tmux(&["send-keys", "-t", "%0", "stty echo", "Enter"]);
}

#[tokio::test]
async fn capture_since_returns_only_what_is_new() {
    let f = Fixture::here(&[]).await;
    let first = f.ok("capture_since", json!({"pane": "%0"})).await;
    assert_eq!(
        (first["first"].clone(), first["text"].clone()),
        (json!(true), json!(""))
    );

    f.tmux(&["send-keys", "-t", "%0", "echo one; echo two", "Enter"]);
    f.wait_for_screen("%0", "\ntwo\n");
    f.wait_for_prompt("%0");
    let next = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": first["cursor"]}),
        )
        .await;
    assert_eq!(next["text"], "echo one; echo two\none\ntwo\n#");
    assert_eq!(next["missed_lines"], 0);
    let nothing = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": next["cursor"]}),
        )
        .await;
    assert_eq!(nothing["text"], "");

    // History trimmed past the cursor: said so.
    f.tmux(&["send-keys", "-t", "%0", "seq 1 3000", "Enter"]);
    f.wait_for_screen("%0", "\n3000\n");
    f.wait_for_prompt("%0");
    let trimmed = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": nothing["cursor"]}),
        )
        .await;
    assert!(
        trimmed["missed_lines"].as_i64().unwrap() >= 1,
        "{}",
        trimmed["missed_lines"]
    );
    assert!(trimmed["text"].as_str().unwrap().ends_with("2999\n3000\n#"));
    f.tmux(&["send-keys", "-t", "%0", "echo after", "Enter"]);
    f.wait_for_screen("%0", "\nafter\n");
    f.wait_for_prompt("%0");
    let after = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": trimmed["cursor"]}),
        )
        .await;
    assert_eq!(after["text"], "echo after\nafter\n#");
    assert_eq!(after["missed_lines"], 0);

    // A replaced pane is reported, a forged cursor refused.
    f.tmux(&["respawn-pane", "-k", "-t", "%0", "sh"]);
    f.wait_for_prompt("%0");
    let replaced = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": after["cursor"]}),
        )
        .await;
    assert_eq!(replaced["replaced"], true);
    let cursor = after["cursor"].as_str().unwrap();
    let forged = format!(
        "{}{}",
        &cursor[..cursor.len() - 1],
        if cursor.ends_with('0') { '1' } else { '0' }
    );
    let refused = f
        .fails("capture_since", json!({"pane": "%0", "cursor": forged}))
        .await;
    assert_eq!(refused["kind"], "invalid_input");
    let elsewhere = f
        .fails("capture_since", json!({"pane": "%1", "cursor": cursor}))
        .await;
    assert_eq!(elsewhere["kind"], "invalid_input");
}
