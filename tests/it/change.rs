//! The manage, execute and teardown tools against a real tmux: what they change is what tmux
//! then reports.

use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, World, wait_until};

#[tokio::test]
async fn creation_tools_start_configured_processes_and_store_names_literally() {
    let f = Fixture::new().await;
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

#[tokio::test]
async fn send_keys_keeps_text_and_key_names_apart() {
    let f = Fixture::new().await;
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
    let f = Fixture::new().await;
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
    let f = Fixture::new().await;
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

#[tokio::test]
async fn run_shell_command_returns_the_real_exit_status() {
    run_shell_command_returns_the_real_exit_status_read_by(&[]).await;
}

/// The same, with process state read by `ps`, as off Linux.
#[tokio::test]
async fn run_shell_command_returns_the_real_exit_status_read_by_ps() {
    run_shell_command_returns_the_real_exit_status_read_by(&[(
        tmux_mcp_tests::PROCESS_READER,
        "ps",
    )])
    .await;
}

async fn run_shell_command_returns_the_real_exit_status_read_by(reader: &[(&str, &str)]) {
    let f = Fixture::with_env(reader).await;
    let ok = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "echo out; echo err >&2"}),
        )
        .await;
    assert_eq!(
        (
            ok["exit_status"].clone(),
            ok["timed_out"].clone(),
            ok["output"].clone()
        ),
        (json!(0), json!(false), json!("out\nerr")),
        "{ok}"
    );
    let failed = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "false"}),
        )
        .await;
    assert_eq!(failed["exit_status"], 1, "{failed}");
    let second = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "echo $((6*7))"}),
        )
        .await;
    assert_eq!(
        (second["exit_status"].clone(), second["output"].clone()),
        (json!(0), json!("42")),
        "{second}"
    );
    let multi = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "for i in 1 2 3; do\n  echo line-$i\ndone"}),
        )
        .await;
    assert_eq!(multi["output"], "line-1\nline-2\nline-3", "{multi}");

    // Ctrl-C from another call while the command runs: 130.
    let run = f.ok(
        "run_shell_command",
        json!({"pane": "%0", "command": "sleep 30", "seconds": 20}),
    );
    let interrupt = async {
        while f.display("%0", "#{pane_current_command}") != "sleep" {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let busy = f
            .fails(
                "run_shell_command",
                json!({"pane": "%0", "command": "true"}),
            )
            .await;
        assert_eq!(
            (busy["kind"].clone(), busy["retryable"].clone()),
            (json!("capacity"), json!(true)),
            "{busy}"
        );
        f.ok("send_keys", json!({"pane": "%0", "keys": ["C-c"]}))
            .await;
    };
    let (interrupted, ()) = tokio::join!(run, interrupt);
    assert_eq!(interrupted["exit_status"], 130, "{interrupted}");

    let slow = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "sleep 3; echo late", "seconds": 1}),
        )
        .await;
    assert_eq!(
        (
            slow["timed_out"].clone(),
            slow["exit_status"].clone(),
            slow["seconds"].clone()
        ),
        (json!(true), Value::Null, json!(1)),
        "{slow}"
    );
    // The output and the prompt after it: the typed wrapper holds "late\n" too, and the line
    // may follow the shell's continuation prompt.
    f.wait_for_screen("%0", "late\n#");
    f.wait_for_prompt("%0");
    let after = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "echo next"}),
        )
        .await;
    assert_eq!(
        after["output"], "next",
        "a timed-out call does not confuse the next one: {after}"
    );
    assert_eq!(
        f.tmux(&["show-options", "-p", "-t", "%0"])
            .matches("tmux_mcp")
            .count(),
        0,
        "no per-call state left in the pane"
    );

    f.tmux(&["send-keys", "-t", "%0", "cat", "Enter"]);
    assert!(wait_until(Duration::from_secs(30), || f
        .display("%0", "#{pane_current_command}")
        == "cat"));
    let busy = f
        .fails(
            "run_shell_command",
            json!({"pane": "%0", "command": "echo nope"}),
        )
        .await;
    assert_eq!(busy["kind"], "refused");
    assert!(
        busy["message"]
            .as_str()
            .unwrap()
            .contains("not at its prompt"),
        "{busy}"
    );
}

#[tokio::test]
async fn suppress_history_keeps_the_command_out_of_bash_history() {
    let f = Fixture::new().await;
    let bash = f.open(&["new-window", "-t", "main:"], "bash --norc --noprofile");
    f.wait_for_prompt(&bash);
    f.ok(
        "run_shell_command",
        json!({"pane": bash, "command": "echo remembered"}),
    )
    .await;
    f.ok(
        "run_shell_command",
        json!({"pane": bash, "command": "echo secret-thing", "suppress_history": true}),
    )
    .await;
    let history = f
        .ok(
            "run_shell_command",
            json!({"pane": bash, "command": "history"}),
        )
        .await;
    let text = history["output"].as_str().unwrap();
    assert!(text.contains("echo remembered"), "{text}");
    assert!(!text.contains("secret-thing"), "{text}");
}

#[tokio::test]
async fn manage_tools_report_what_tmux_applied() {
    let f = Fixture::new().await;
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
    let f = Fixture::new().await;
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
