//! `inspect/waits.rs`'s tools against a real tmux: `wait_for_text` here, `wait_for_quiet` and
//! `wait_for_agent` in the modules below.

pub(crate) mod agent;
mod quiet;

use serde_json::{Value, json};
use tmux_mcp_tests::Fixture;

#[tokio::test]
async fn wait_for_text_matches_only_new_output() {
    let f = Fixture::here(&[]).await;
    f.tmux(&["send-keys", "-t", "%0", "echo already-there", "Enter"]);
    f.wait_for_screen("%0", "\nalready-there\n");
    let stale = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["already-there"], "seconds": 1}),
        )
        .await;
    assert_eq!(
        stale["outcome"], "deadline",
        "text already on screen never matches"
    );
    assert_eq!(stale["seconds"], 1);

    let clamped = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["x"], "seconds": 0}),
        )
        .await;
    assert_eq!(clamped["seconds"], 1);

    // A program printing after the call started.
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%0", "patterns": ["ready-[0-9]+"], "regex": true, "seconds": 100000}),
    );
    let print = async {
        f.until_synced(before).await;
        f.tmux(&[
            "send-keys",
            "-t",
            "%0",
            "sleep 0.2; echo ready-$((40+2))",
            "Enter",
        ]);
    };
    let (matched, ()) = tokio::join!(wait, print);
    assert_eq!(matched["outcome"], "matched");
    assert_eq!(
        matched["line"], "ready-42",
        "the typed command line ($((40+2))) does not match, its output does"
    );
    assert_eq!(matched["seconds"], 600);

    // Text typed through the server is not matched by its own echo.
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%0", "patterns": ["echo-me"], "seconds": 2}),
    );
    let typed = async {
        f.until_synced(before).await;
        f.ok("send_keys", json!({"pane": "%0", "text": "true echo-me"}))
            .await;
    };
    let (echo, ()) = tokio::join!(wait, typed);
    assert_eq!(echo["outcome"], "deadline", "{echo}");
    f.tmux(&["send-keys", "-t", "%0", "C-u"]);

    // Stop patterns and any output.
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%0", "patterns": ["success"], "stop": ["ERROR"], "since": "now", "seconds": 10}),
    );
    let fail = async {
        f.until_synced(before).await;
        f.tmux(&["send-keys", "-t", "%0", "echo E''RROR happened", "Enter"]);
    };
    let (stopped, ()) = tokio::join!(wait, fail);
    assert_eq!(
        (stopped["outcome"].clone(), stopped["pattern"].clone()),
        (json!("stopped"), json!("ERROR"))
    );
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%0", "since": "now", "seconds": 10}),
    );
    let any = async {
        f.until_synced(before).await;
        f.tmux(&["send-keys", "-t", "%0", "echo hi", "Enter"]);
    };
    let (anything, ()) = tokio::join!(wait, any);
    assert_eq!(anything["outcome"], "matched");
    assert_eq!(anything["pattern"], Value::Null);

    // The pane closing ends the wait.
    f.tmux(&["split-window", "-d", "-t", "%0", "sh"]);
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%1", "patterns": ["never"], "seconds": 10}),
    );
    let kill = async {
        f.until_synced(before).await;
        f.tmux(&["kill-pane", "-t", "%1"]);
    };
    let (closed, ()) = tokio::join!(wait, kill);
    assert_eq!(closed["outcome"], "pane_closed");
}
