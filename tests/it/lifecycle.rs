//! How a server ends, and what it leaves: a signal ends it as the end of its input does, and
//! servers starting and stopping over one another never lose the dedicated daemon.

use std::process::Command;
use std::time::Duration;

use serde_json::json;
use tmux_mcp_tests::{RawClient, World, wait_until};

/// The dedicated daemon's configuration files left in this world's TMPDIR.
fn configurations(world: &World) -> Vec<String> {
    std::fs::read_dir(world.tmpdir())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("libtmux-mcp-") && n.ends_with(".conf"))
        .collect()
}

/// Two calls that need the daemon succeed: it did not go away under the server.
fn assert_served(raw: &mut RawClient, what: &str) {
    for id in 1..=2 {
        let (_, listed) = raw.call(id, "list_sessions", json!({}));
        assert_eq!(listed["result"]["isError"], false, "{what}: {listed}");
    }
}

#[test]
fn a_signal_leaves_as_the_end_of_input_does() {
    for signal in ["TERM", "INT", "HUP"] {
        let world = World::new();
        let mut raw = RawClient::start(&world, &[], &[]);
        let (_, created) = raw.call(1, "create_session", json!({"name": "s"}));
        assert_eq!(created["result"]["isError"], false, "{created}");
        assert!(world.server_alive("libtmux-mcp"));
        assert_eq!(configurations(&world).len(), 1);
        let sent = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(raw.pid().to_string())
            .status()
            .unwrap();
        assert!(sent.success());
        let status = raw.finish();
        assert!(status.success(), "SIG{signal}: {status:?}");
        assert!(
            !world.server_alive("libtmux-mcp"),
            "SIG{signal}: the daemon this launch created is stopped"
        );
        assert_eq!(configurations(&world), Vec::<String>::new(), "SIG{signal}");
        assert!(
            wait_until(Duration::from_secs(5), || world.tmux_processes() == 0),
            "SIG{signal}: {} tmux processes left",
            world.tmux_processes()
        );
    }
}

/// A server starting while the last one leaves, again and again: it waits for the daemon to
/// be gone and starts its own, or joins one that stays; its calls are always served.
#[test]
fn a_server_starting_while_the_last_one_leaves_keeps_a_daemon() {
    let world = World::new();
    let mut leaving = RawClient::start(&world, &[], &[]);
    for round in 0..40 {
        leaving.close_stdin();
        let mut starting = RawClient::start(&world, &[], &[]);
        assert_served(&mut starting, &format!("round {round}"));
        assert!(leaving.finish().success());
        leaving = starting;
    }
    assert!(leaving.finish().success());
    assert!(wait_until(Duration::from_secs(5), || !world
        .server_alive("libtmux-mcp")));
    assert_eq!(configurations(&world), Vec::<String>::new());
}

/// Six clients, each starting and stopping a server eight times at once: every server finds a
/// daemon that serves its calls, and the last one out stops it.
#[test]
fn overlapping_starts_and_stops_never_lose_the_daemon() {
    let world = World::new();
    std::thread::scope(|scope| {
        for client in 0..6 {
            let world = &world;
            scope.spawn(move || {
                for round in 0..8 {
                    let mut raw = RawClient::start(world, &[], &[]);
                    assert_served(&mut raw, &format!("client {client} round {round}"));
                    assert!(raw.finish().success());
                }
            });
        }
    });
    assert!(!world.server_alive("libtmux-mcp"));
    assert_eq!(configurations(&world), Vec::<String>::new());
}
