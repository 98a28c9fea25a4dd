//! `manage.rs`'s tools against a real tmux: each reports what tmux applied; channels wait and
//! signal, and a channel wait whose tmux server ends says so rather than `signalled`.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tmux_mcp_tests::Fixture;

#[tokio::test]
async fn manage_tools_report_what_tmux_applied() {
    let f = Fixture::here(&[]).await;
    let renamed = f
        .ok(
            "rename_session",
            json!({"session": "main", "name": "x#{session_id}"}),
        )
        .await;
    assert_eq!(
        (renamed["session"].clone(), renamed["name"].clone()),
        (json!("$0"), json!("x#{session_id}"))
    );
    let window = f
        .ok(
            "rename_window",
            json!({"window": "@0", "name": "w#{pane_id}"}),
        )
        .await;
    assert_eq!(window["name"], "w#{pane_id}");
    let title = f
        .ok(
            "set_pane_title",
            json!({"pane": "%0", "title": "t#{pane_id}"}),
        )
        .await;
    assert_eq!(title["title"], "t#{pane_id}");
    assert_eq!(f.display("%0", "#{pane_title}"), "t#{pane_id}");

    f.tmux(&["split-window", "-d", "-h", "-t", "%0", "sh"]);
    let layout = f
        .ok(
            "select_layout",
            json!({"window": "@0", "layout": "even-vertical"}),
        )
        .await;
    assert_eq!(layout["layout"], f.display("@0", "#{window_layout}"));
    let abbreviated = f
        .ok("select_layout", json!({"window": "@0", "layout": "even-h"}))
        .await;
    assert_ne!(abbreviated["layout"], layout["layout"]);
    // tmux 3.3a's server crashes on some malformed layouts; they must never reach it.
    assert_eq!(
        f.fails(
            "select_layout",
            json!({"window": "@0", "layout": "nonsense"})
        )
        .await["kind"],
        "invalid_input"
    );
    assert_eq!(
        f.fails("select_layout", json!({"window": "@0", "layout": "ma"}))
            .await["kind"],
        "invalid_input"
    );
    assert_eq!(
        f.fails(
            "select_layout",
            json!({"window": "@0", "layout": "abcd,1x1,0,0,9"})
        )
        .await["kind"],
        "refused"
    );
    assert!(f.world.server_alive("work"));

    let resized = f
        .ok(
            "resize_window",
            json!({"window": "@0", "width": 100, "height": 30}),
        )
        .await;
    assert_eq!(
        (resized["width"].clone(), resized["height"].clone()),
        (json!(100), json!(30))
    );
    let before = f.display("%0", "#{pane_width}").parse::<i64>().unwrap();
    let pane = f
        .ok(
            "resize_pane",
            json!({"pane": "%0", "direction": "right", "cells": 5}),
        )
        .await;
    assert_eq!(pane["width"].as_i64().unwrap(), before + 5);

    let selected = f
        .ok("select_pane", json!({"pane": "%0", "direction": "right"}))
        .await;
    assert_eq!(selected["pane"], "%1");
    assert_eq!(f.display("@0", "#{pane_id}"), "%1");
    let next = f
        .ok("select_pane", json!({"pane": "%1", "direction": "next"}))
        .await;
    assert_eq!(next["pane"], "%0");

    let swapped = f
        .ok(
            "swap_pane",
            json!({"source_pane": "%0", "target_pane": "%1"}),
        )
        .await;
    assert_eq!(
        (
            swapped["source_window"].clone(),
            swapped["target_window"].clone()
        ),
        (json!("@0"), json!("@0"))
    );
    assert_eq!(f.display("%1", "#{pane_index}"), "0");

    f.tmux(&["new-window", "-d", "-t", "$0:"]);
    let moved = f
        .ok(
            "move_window",
            json!({"window": "@1", "destination_session": "$0", "destination_index": 7}),
        )
        .await;
    assert_eq!(moved["index"], 7);
    let occupied = f
        .fails(
            "move_window",
            json!({"window": "@0", "destination_session": "$0", "destination_index": 7}),
        )
        .await;
    assert_eq!(occupied["kind"], "refused");
    let window = f.ok("select_window", json!({"window": "@1"})).await;
    assert_eq!(window["window"], "@1");
    let previous = f
        .ok(
            "select_window",
            json!({"window": "@1", "direction": "previous"}),
        )
        .await;
    assert_eq!(previous["window"], "@0");

    let mouse = f
        .ok(
            "set_mouse_enabled",
            json!({"enabled": true, "session": "$0"}),
        )
        .await;
    assert_eq!(
        (mouse["session"].clone(), mouse["enabled"].clone()),
        (json!("$0"), json!(true))
    );
    assert_eq!(
        f.tmux(&["show-options", "-v", "-t", "$0", "mouse"]).trim(),
        "on"
    );
    let global = f.ok("set_mouse_enabled", json!({"enabled": false})).await;
    assert_eq!(global["session"], Value::Null);

    let sync = f
        .ok(
            "set_synchronize_panes",
            json!({"window": "@0", "enabled": true}),
        )
        .await;
    assert_eq!(sync["enabled"], true);
    assert_eq!(
        f.tmux(&["show-options", "-wv", "-t", "@0", "synchronize-panes"])
            .trim(),
        "on"
    );
}

#[tokio::test]
async fn channels_wait_and_signal() {
    let f = Fixture::here(&[]).await;
    f.ok("list_sessions", json!({})).await;
    let before = f.world.tmux_processes();
    let wait = f.ok(
        "wait_for_channel",
        json!({"channel": "ready.1", "seconds": 10}),
    );
    let signal = async {
        // The wait is a `tmux wait-for` client of its own: signal once it runs.
        while f.world.tmux_processes() <= before {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        f.ok("signal_channel", json!({"channel": "ready.1"})).await;
    };
    let (waited, ()) = tokio::join!(wait, signal);
    assert_eq!(waited["outcome"], "signalled");
    let deadline = f
        .ok(
            "wait_for_channel",
            json!({"channel": "never", "seconds": 1}),
        )
        .await;
    assert_eq!(
        (deadline["outcome"].clone(), deadline["seconds"].clone()),
        (json!("deadline"), json!(1))
    );
    assert_eq!(
        f.fails("wait_for_channel", json!({"channel": "no spaces"}))
            .await["kind"],
        "invalid_input"
    );
}

/// `wait_for_channel` while the person ends the tmux server with `end` (a tmux command, or
/// a signal to the server's process).
async fn channel_wait_while_the_server_ends(end: &str) {
    let f = Fixture::here(&[]).await;
    let server: i32 = f.display("%0", "#{pid}").parse().unwrap();
    let wait = f.ok(
        "wait_for_channel",
        json!({"channel": "never-signalled", "seconds": 20}),
    );
    let person = async {
        // The wait is under way once its `tmux wait-for` client is attached to the server.
        let deadline = Instant::now() + Duration::from_secs(10);
        while !f.world.runs_tmux("wait-for") {
            assert!(Instant::now() < deadline, "{end}: the wait never started");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        if end == "SIGKILL" {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", &server.to_string()])
                .status();
        } else {
            f.tmux(&[end]);
        }
    };
    let started = Instant::now();
    let (waited, ()) = tokio::join!(wait, person);
    assert_eq!(waited["outcome"], "server_gone", "{end}: {waited}");
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{end}: the wait took {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn a_channel_wait_says_the_server_ended_when_it_was_killed() {
    channel_wait_while_the_server_ends("kill-server").await;
    channel_wait_while_the_server_ends("SIGKILL").await;
}
