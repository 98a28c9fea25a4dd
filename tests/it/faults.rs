//! Faults: tmux dying mid-call, its socket deleted, a server left without sessions, a full
//! disk for the daemon configuration, the server's own binary replaced or removed under it.
//! Each gives a typed error, the server keeps serving, and no tmux process, buffer or temporary
//! file is left behind. Also: argument values never reach the log.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{RawClient, TempDir, World, binary, call_request, payload, wait_until};

fn kind(answer: &Value) -> String {
    payload(&answer["result"])["kind"]
        .as_str()
        .unwrap_or("")
        .to_owned()
}

#[test]
fn tmux_dying_mid_call_is_a_typed_error_and_the_server_recovers() {
    let world = World::new();
    world.start_server("work");
    world.count_syncs("work");
    let mut raw = RawClient::start(&world, &["-L", "work"], &[]);
    assert_eq!(
        raw.call(1, "list_sessions", json!({})).1["result"]["isError"],
        false
    );
    raw.send(&call_request(
        2,
        "wait_for_text",
        &json!({"pane": "%0", "seconds": 30}),
    ));
    assert!(wait_until(Duration::from_secs(5), || world.syncs("work") > 0));
    world.kill_server("work");
    let answer: Value = serde_json::from_str(&raw.line().expect("the wait answers")).unwrap();
    assert_eq!(answer["id"], 2);
    let outcome = &payload(&answer["result"]);
    assert!(
        outcome["outcome"] == "pane_closed" || outcome["kind"] == "server_gone",
        "{answer}"
    );
    // Until tmux is back every call says so; then calls work again on the same connection.
    let mut down = Value::Null;
    for id in 3..500 {
        let answer = raw.call(id, "list_sessions", json!({})).1;
        if kind(&answer) == "server_gone" {
            down = answer;
            break;
        }
    }
    assert_eq!(payload(&down["result"])["retryable"], true);
    world.start_server("work");
    let back = raw.call(600, "list_panes", json!({})).1;
    assert_eq!(
        back["result"]["structuredContent"]["panes"][0]["id"], "%0",
        "{back}"
    );
    raw.finish();
    world.assert_only_the_server_is_left();
}

/// A server whose last session ends is still served, an empty server is not an error, and no
/// client of this server attaches at any point, on any version.
#[test]
fn a_server_without_sessions_is_served_and_never_attached_to() {
    let world = World::new();
    world.start_server("work");
    world.tmux("work", &["set-option", "-s", "exit-empty", "off"]);
    let mut raw = RawClient::start(&world, &["-L", "work"], &[]);
    let mut id = 0;
    let mut ask = |name: &str, arguments: Value| {
        id += 1;
        raw.call(id, name, arguments).1
    };
    let sessions = |answer: &Value| answer["result"]["structuredContent"]["sessions"].clone();
    assert_eq!(
        sessions(&ask("list_sessions", json!({})))
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_eq!(world.control_clients(), 0);
    world.tmux("work", &["kill-session", "-t", "main"]);
    let none = ask("list_sessions", json!({}));
    assert_eq!(sessions(&none), json!([]), "{none}");
    let created = ask("create_session", json!({"name": "again"}));
    assert_eq!(created["result"]["isError"], false, "{created}");
    assert_eq!(
        world.tmux("work", &["list-sessions", "-F", "#{session_name}"]),
        "again\n"
    );
    let listed = ask("list_sessions", json!({}));
    assert_eq!(sessions(&listed).as_array().map(Vec::len), Some(1));
    assert_eq!(world.control_clients(), 0);
    raw.finish();
}

#[test]
fn a_deleted_socket_gives_typed_errors_until_tmux_recreates_it() {
    let world = World::new();
    world.start_server("work");
    let socket = world
        .tmux("work", &["display-message", "-p", "#{socket_path}"])
        .trim()
        .to_owned();
    let pid = world
        .tmux("work", &["display-message", "-p", "#{pid}"])
        .trim()
        .to_owned();
    let mut raw = RawClient::start(&world, &["-L", "work"], &[]);
    assert_eq!(
        raw.call(1, "list_sessions", json!({})).1["result"]["isError"],
        false
    );
    std::fs::remove_file(&socket).expect("delete the socket");
    // Terminal content always travels in a new tmux client, which cannot connect now.
    let answer = raw.call(2, "capture_pane", json!({"pane": "%0"})).1;
    assert_eq!(kind(&answer), "server_gone", "{answer}");
    assert!(
        raw.call(3, "list_sessions", json!({}))
            .1
            .get("result")
            .is_some(),
        "still serving"
    );
    // tmux recreates its socket on SIGUSR1.
    assert!(
        Command::new("kill")
            .args(["-USR1", &pid])
            .status()
            .unwrap()
            .success()
    );
    assert!(wait_until(Duration::from_secs(5), || Path::new(&socket).exists()));
    let answer = raw.call(4, "capture_pane", json!({"pane": "%0"})).1;
    assert_eq!(answer["result"]["isError"], false, "{answer}");
    raw.finish();
}

#[test]
fn an_unwritable_place_for_the_daemon_configuration_stops_startup_cleanly() {
    let world = World::new();
    // TMPDIR names a regular file: writing the configuration under it fails (ENOTDIR) for
    // every user, root included, and needs no mount.
    let place = TempDir::new("notdir");
    let file = place.path.join("a-file");
    std::fs::write(&file, b"").unwrap();
    let tmpdir = file.display().to_string();
    let out = world.run(&[], &[("TMPDIR", tmpdir.as_str())]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("cannot write the daemon configuration"),
        "{stderr}"
    );
    assert!(
        !world.server_alive("libtmux-mcp"),
        "no daemon is started without its configuration"
    );
    assert_eq!(world.tmux_processes(), 0);
}

#[test]
fn nothing_is_left_behind_and_argument_values_stay_out_of_the_log() {
    let world = World::new();
    let mut raw = RawClient::start(&world, &[], &[]);
    let pane =
        raw.call(1, "create_session", json!({"name": "work"})).1["result"]["structuredContent"]
            ["pane"]
            .as_str()
            .unwrap()
            .to_owned();
    raw.call(
        2,
        "paste_text",
        json!({"pane": pane, "text": "hunter2-secret", "enter": false}),
    );
    let gone = raw
        .call(
            3,
            "paste_text",
            json!({"pane": "%999", "text": "another-secret"}),
        )
        .1;
    assert_eq!(kind(&gone), "object_gone");
    assert_eq!(
        world.tmux("libtmux-mcp", &["list-buffers"]),
        "",
        "paste buffers are removed, also when the paste failed"
    );
    raw.call(
        4,
        "run_shell_command",
        json!({"pane": pane, "command": "echo hunter2-command", "seconds": 5}),
    );
    let confs = |dir: &Path| {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("libtmux-mcp-"))
            .count()
    };
    assert_eq!(
        confs(world.tmpdir()),
        1,
        "the daemon's configuration, while it runs"
    );
    let log = raw.stderr();
    raw.finish();
    for secret in ["hunter2", "another-secret"] {
        assert!(
            !log.contains(secret),
            "the log holds an argument value: {log}"
        );
    }
    assert!(
        wait_until(Duration::from_secs(10), || !world
            .server_alive("libtmux-mcp")),
        "the last server stops the daemon it created"
    );
    assert_eq!(
        confs(world.tmpdir()),
        0,
        "the configuration file is removed"
    );
    assert!(
        wait_until(Duration::from_secs(5), || world.tmux_processes() == 0),
        "{} tmux processes left",
        world.tmux_processes()
    );
}

/// The server's binary replaced while it runs (an upgrade) or removed (an uninstall): a pane
/// followed after a replacement gets its reader from the new binary at the same path; after a
/// removal, following says why and what to do, and leaves the pane without a dead pipe.
#[test]
fn a_binary_replaced_or_removed_under_the_server_follows_or_says_why() {
    let world = World::new();
    world.start_server("work");
    let pane = |name: &str| {
        let out = world.tmux(
            "work",
            &[
                "new-session",
                "-d",
                "-s",
                name,
                "-P",
                "-F",
                "#{pane_id}",
                "sh",
            ],
        );
        out.trim().to_owned()
    };
    let (before, after, removed) = (pane("before"), pane("after"), pane("removed"));
    let program = world.tmpdir().join("tmux-mcp");
    std::fs::copy(binary(), &program).unwrap();
    let mut raw = RawClient::start_program(&world, &program, &["-L", "work"], &[]);
    let mut run = |id: u64, pane: &str| {
        let ran = json!({"pane": pane, "command": "echo ran", "seconds": 10});
        raw.call(id, "run_shell_command", ran).1["result"].clone()
    };
    assert_eq!(run(1, &before)["isError"], false);
    // An upgrade writes a new file where the old one was.
    std::fs::remove_file(&program).unwrap();
    std::fs::copy(binary(), &program).unwrap();
    let upgraded = run(2, &after);
    assert_eq!(upgraded["isError"], false, "{upgraded}");
    assert_eq!(upgraded["structuredContent"]["output"], "ran", "{upgraded}");
    std::fs::remove_file(&program).unwrap();
    let gone = run(3, &removed);
    assert_eq!(gone["isError"], true, "{gone}");
    assert!(gone.to_string().contains("is gone"), "{gone}");
    let piped = world.tmux(
        "work",
        &["display-message", "-p", "-t", &removed, "#{pane_pipe}"],
    );
    assert_eq!(piped.trim(), "0", "no dead pipe left");
    assert_eq!(world.followers("work"), 2);
    raw.finish();
}
