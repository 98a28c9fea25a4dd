//! Waits on agents' reported state.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tmux_mcp_tests::{RawClient, World, repo_root, wait_until};

use crate::hosts::next;
use crate::raw::next_call;
use crate::report::{Report, median, ms};

/// Issue 28's figures: wait_for_agent's reaction to a hook setting the pane option (tmux checks
/// subscriptions once a second), send_prompt's time beyond the settle times it waits by design
/// (a program that takes the Enter at once), and get_pane_info with process state read by
/// `ps` (as off Linux) against `/proc`, in the same run.
pub fn agents(report: &mut Report, world: &World) {
    let program = format!(
        "python3 {} 0",
        repo_root()
            .join("tests/programs/prompt_target.py")
            .display()
    );
    world.start_server("agents");
    world.count_syncs("agents");
    world.tmux("agents", &["new-window", "-d", "-t", "main:", &program]);
    let screen = |pane: &str| world.tmux("agents", &["capture-pane", "-p", "-t", pane]);
    assert!(wait_until(Duration::from_secs(10), || screen("%1").contains("ready")));
    let all = [("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")];
    let mut raw = RawClient::start(world, &["-L", "agents"], &all);
    let mut id = 0u64;

    let reactions: Vec<Duration> = (0..6)
        .map(|n| {
            world.tmux(
                "agents",
                &["set-option", "-p", "-t", "%0", "@agent-state", "working"],
            );
            let before = world.syncs("agents");
            raw.send(&next_call(
                &mut id,
                "wait_for_agent",
                &json!({"pane": "%0", "seconds": 10}),
            ));
            assert!(wait_until(Duration::from_secs(5), || world.syncs("agents") > before));
            let word = if n % 2 == 0 { "idle" } else { "needs-input" };
            let changed = Instant::now();
            world.tmux(
                "agents",
                &["set-option", "-p", "-t", "%0", "@agent-state", word],
            );
            let line = raw.line().expect("wait_for_agent reply");
            let took = changed.elapsed();
            let reply: Value = serde_json::from_str(&line).unwrap();
            let outcome = &reply["result"]["structuredContent"]["outcome"];
            assert!(outcome == "idle" || outcome == "asking", "{line}");
            took
        })
        .collect();
    report.within("wait_for_agent reaction", reactions, 100);

    // The settle waits send_prompt makes by design: 150 ms of quiet after the paste, 100 ms
    // after the Enter's output.
    const BY_DESIGN: Duration = Duration::from_millis(250);
    let prompts: Vec<Duration> = (0..10)
        .map(|n| {
            let started = Instant::now();
            let (line, reply) = raw.call(
                next(&mut id),
                "send_prompt",
                json!({"pane": "%1", "text": format!("prompt {n}\nof two lines")}),
            );
            let took = started.elapsed();
            assert_eq!(
                reply["result"]["structuredContent"]["outcome"], "submitted",
                "{line}"
            );
            took.saturating_sub(BY_DESIGN)
        })
        .collect();
    report.within("send_prompt beyond its 250 ms of settling", prompts, 50);

    let time_info = |raw: &mut RawClient, id: &mut u64| -> Duration {
        let samples: Vec<Duration> = (0..100)
            .map(|_| {
                let started = Instant::now();
                let (line, reply) = raw.call(next(id), "get_pane_info", json!({"pane": "%1"}));
                let took = started.elapsed();
                assert_eq!(
                    reply["result"]["structuredContent"]["pane"]["foreground_command"], "python3",
                    "{line}"
                );
                took
            })
            .collect();
        median(samples)
    };
    let proc = time_info(&mut raw, &mut id);
    raw.finish();
    let ps_env = [
        ("LIBTMUX_TOOLSETS", "inspect"),
        (tmux_mcp_tests::PROCESS_READER, "ps"),
    ];
    let mut raw = RawClient::start(world, &["-L", "agents"], &ps_env);
    let ps = time_info(&mut raw, &mut id);
    raw.finish();
    let ratio = ps.as_secs_f64() / proc.as_secs_f64();
    report.line(
        "get_pane_info, processes read by ps",
        format!("{} = {ratio:.1}x /proc ({})", ms(ps), ms(proc)),
        "<= 20 ms",
        ps <= Duration::from_millis(20),
    );
    world.kill_server("agents");
}
