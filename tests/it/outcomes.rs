//! Waits answer what happened when the person changes things under them: a channel wait whose
//! tmux server ends says so rather than `signalled`, and a command whose shell was respawned
//! ends at once rather than waiting out its deadline.

use std::time::{Duration, Instant};

use serde_json::json;
use tmux_mcp_tests::Fixture;

/// `wait_for_channel` while the person ends the tmux server with `end` (a tmux command, or
/// a signal to the server's process).
async fn channel_wait_while_the_server_ends(end: &str) {
    let f = Fixture::new().await;
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

#[tokio::test]
async fn a_command_whose_shell_was_respawned_ends_at_once_saying_so() {
    let f = Fixture::new().await;
    let run = f.ok(
        "run_shell_command",
        json!({"pane": "%0", "command": "echo started; sleep 60", "seconds": 30}),
    );
    let person = async {
        let deadline = Instant::now() + Duration::from_secs(10);
        // After the shell's continuation prompt (`> `) when it prints one.
        let started = |l: &str| l.trim_end().ends_with("started") && !l.contains("echo");
        while !f.screen("%0").lines().any(started) {
            assert!(
                Instant::now() < deadline,
                "the command never started:\n{}",
                f.screen("%0")
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        f.tmux(&["respawn-pane", "-k", "-t", "%0", "sh"]);
    };
    let (ran, ()) = tokio::join!(run, person);
    assert_eq!(ran["outcome"], "shell_replaced", "{ran}");
    assert_eq!(ran["timed_out"], false, "{ran}");
    assert!(
        ran["elapsed_ms"].as_i64().unwrap() < 10_000,
        "it waited {} ms for a shell that was gone",
        ran["elapsed_ms"]
    );
}
