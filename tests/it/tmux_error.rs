//! How a tmux failure reaches the agent (`server/src/tmux_error.rs`): refusals are typed, and
//! say what to do.

use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::Fixture;

#[tokio::test]
async fn refusals_are_typed_and_helpful() {
    let f = Fixture::new().await;
    let malformed = f.fails("get_pane_info", json!({"pane": "0"})).await;
    assert_eq!(malformed["kind"], "invalid_input");
    assert!(
        malformed["message"].as_str().unwrap().contains("%3"),
        "says the expected form: {malformed}"
    );
    let gone = f.fails("get_pane_info", json!({"pane": "%999"})).await;
    assert_eq!(gone["kind"], "object_gone");
    assert_eq!(
        f.fails("get_window_info", json!({"window": "@999"})).await["kind"],
        "object_gone"
    );
    assert_eq!(
        f.fails("get_session_info", json!({"session": "nope"}))
            .await["kind"],
        "object_gone"
    );
    assert_eq!(
        f.fails("snapshot_pane", json!({"pane": "%999"})).await["kind"],
        "object_gone"
    );
    assert_eq!(
        f.fails("wait_for_text", json!({"pane": "%999", "seconds": 1}))
            .await["kind"],
        "object_gone"
    );

    f.world.kill_server("work");
    // A dying server still answers clients already connected (with no sessions) for a moment.
    let mut down = Value::Null;
    for _ in 0..500 {
        let result = tmux_mcp_tests::call(&f.client, "list_sessions", json!({}))
            .await
            .unwrap();
        if result.is_error == Some(true) {
            down = tmux_mcp_tests::payload(&serde_json::to_value(&result).unwrap());
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(
        (down["kind"].clone(), down["retryable"].clone()),
        (json!("server_gone"), json!(true))
    );
    f.world.start_server("work");
    let back = f.ok("list_sessions", json!({})).await;
    assert_eq!(
        back["sessions"].as_array().unwrap().len(),
        1,
        "the MCP server keeps serving when tmux comes back"
    );
}
