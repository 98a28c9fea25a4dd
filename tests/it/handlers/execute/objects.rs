//! `execute/objects.rs`'s tools against a real tmux: what they create starts the configured
//! process, and its name is stored literally.

use std::time::Duration;

use serde_json::json;
use tmux_mcp_tests::{Fixture, wait_until};

#[tokio::test]
async fn creation_tools_start_configured_processes_and_store_names_literally() {
    let f = Fixture::here(&[]).await;
    let made = f
        .ok(
            "create_session",
            json!({"name": "lit#{pane_id}", "start_directory": "/tmp", "width": 100, "height": 30}),
        )
        .await;
    assert_eq!(made["name"], "lit#{pane_id}");
    let names = f.tmux(&["list-sessions", "-F", "#{session_name}"]);
    assert!(
        names.lines().any(|n| n == "lit#{pane_id}"),
        "stored literally, not expanded: {names}"
    );
    let pane = made["pane"].as_str().unwrap();
    assert!(wait_until(Duration::from_secs(30), || f
        .display(pane, "#{pane_current_path}")
        == "/tmp"));
    assert_eq!(
        f.display(pane, "#{window_width}x#{window_height}"),
        "100x30"
    );
    let again = f
        .fails("create_session", json!({"name": "lit#{pane_id}"}))
        .await;
    assert!(
        again["message"]
            .as_str()
            .unwrap()
            .contains("already exists"),
        "{again}"
    );

    let window = f
        .ok(
            "create_window",
            json!({"session": "main", "name": "w#{window_id}", "start_directory": "/usr"}),
        )
        .await;
    assert_eq!(
        f.display(window["window"].as_str().unwrap(), "#{window_name}"),
        "w#{window_id}"
    );
    assert_eq!(window["index"], 1);

    let split = f
        .ok(
            "split_window",
            json!({"pane": "%0", "direction": "right", "percent": 30}),
        )
        .await;
    let new = split["pane"].as_str().unwrap();
    assert_eq!(f.display(new, "#{pane_at_right}#{pane_at_left}"), "10");
    let width = split["width"].as_i64().unwrap();
    assert!((20..=26).contains(&width), "30% of 80 columns, got {width}");

    let before = f.display(new, "#{pane_pid}");
    let refused = f.fails("respawn_pane", json!({"pane": new})).await;
    assert_eq!(refused["kind"], "refused");
    let respawned = f
        .ok("respawn_pane", json!({"pane": new, "kill_first": true}))
        .await;
    assert_ne!(respawned["pid"].to_string(), before);
    assert_eq!(respawned["pid"].to_string(), f.display(new, "#{pane_pid}"));
}
