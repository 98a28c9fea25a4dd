//! `run_shell_command` against a real tmux: the real exit status (the processes read from
//! `/proc` and by `ps`), no history kept where asked, and a command whose shell was respawned
//! ends at once saying so.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, wait_until};

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

async fn run_shell_command_returns_the_real_exit_status_read_by(reader: &[(&'static str, &str)]) {
    let f = Fixture::here(reader).await;
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
    let f = Fixture::here(&[]).await;
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
async fn a_command_whose_shell_was_respawned_ends_at_once_saying_so() {
    let f = Fixture::here(&[]).await;
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
