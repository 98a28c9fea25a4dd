//! `teardown.rs`'s tools against a real tmux: they delete, clear a scrollback and set a history
//! limit, but never delete the server's own pane (found from `/proc` and by `ps`).

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, World};

#[tokio::test]
async fn teardown_tools_delete_but_never_the_servers_own_pane() {
    teardown_tools_delete_but_never_the_servers_own_pane_read_by("LIBTMUX_PROCESS_READER=proc")
        .await;
}

/// The same, with the process tree read by `ps`, as off Linux.
#[tokio::test]
async fn teardown_tools_delete_but_never_the_servers_own_pane_read_by_ps() {
    teardown_tools_delete_but_never_the_servers_own_pane_read_by("LIBTMUX_PROCESS_READER=ps").await;
}

async fn teardown_tools_delete_but_never_the_servers_own_pane_read_by(reader: &str) {
    let world = World::new();
    world.start_server("work");
    world.tmux("work", &["split-window", "-d", "-t", "%0", "sh"]);
    world.tmux("work", &["new-window", "-d", "-t", "main:", "sh"]);
    world.tmux("work", &["new-session", "-d", "-s", "spare", "sh"]);
    // The server runs in a pane of `main`, started without TMUX and TMUX_PANE as MCP clients
    // start servers.
    let (client, own) = world
        .client_in_pane(
            "work",
            "main",
            &[
                "-u",
                "TMUX",
                "-u",
                "TMUX_PANE",
                "LIBTMUX_TOOLSETS=inspect,teardown",
                reader,
            ],
            &["-L", "work"],
        )
        .await;
    let f = Fixture { client, world };
    let own_window = f.display(&own, "#{window_id}");

    for (tool, args) in [
        ("kill_pane", json!({"pane": own})),
        ("kill_window", json!({"window": own_window})),
        ("kill_session", json!({"session": "main"})),
        ("kill_session", json!({"session": "$0"})),
    ] {
        let refused = f.fails(tool, args).await;
        assert_eq!(refused["kind"], "refused", "{tool}");
        assert!(
            refused["message"].as_str().unwrap().contains("runs in"),
            "{refused}"
        );
    }
    assert_eq!(f.ok("kill_pane", json!({"pane": "%1"})).await["pane"], "%1");
    assert_eq!(
        f.ok("kill_window", json!({"window": "@1"})).await["window"],
        "@1"
    );
    assert_eq!(
        f.ok("kill_session", json!({"session": "spare"})).await["session"],
        "$1"
    );
    assert_eq!(
        f.tmux(&["list-panes", "-a", "-F", "#{pane_id}"]).trim(),
        format!("%0\n{own}")
    );
    assert_eq!(
        f.fails("kill_pane", json!({"pane": "%1"})).await["kind"],
        "object_gone"
    );

    f.tmux(&["send-keys", "-t", "%0", "clear; seq 1 50", "Enter"]);
    // A line of its own: the typed command line holds " 50" too.
    f.wait_for_screen("%0", "\n50\n");
    // And the prompt after it, drawn when the shell is back.
    f.wait_for_prompt("%0");
    let screen = f.screen("%0");
    let cleared = f.ok("clear_pane_scrollback", json!({"pane": "%0"})).await;
    assert!(cleared["discarded_lines"].as_i64().unwrap() > 0);
    assert_eq!(f.display("%0", "#{history_size}"), "0");
    assert_eq!(f.screen("%0"), screen, "the visible screen stays");

    let limit = f.ok("set_history_limit", json!({"limit": 500})).await;
    assert_eq!(
        (
            limit["previous"].clone(),
            limit["limit"].clone(),
            limit["session"].clone()
        ),
        (json!(2000), json!(500), Value::Null)
    );
    let session = f
        .ok(
            "set_history_limit",
            json!({"limit": 100, "session": "main"}),
        )
        .await;
    assert_eq!(
        (session["previous"].clone(), session["session"].clone()),
        (json!(500), json!("$0"))
    );
    assert_eq!(
        f.tmux(&["show-options", "-v", "-t", "$0", "history-limit"])
            .trim(),
        "100"
    );
}
