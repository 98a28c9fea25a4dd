//! Load: 1,000 mixed calls, 16 in flight at a time, while 50 panes print continuously. Every
//! call is answered, no reply crosses to another request's id, and memory stays flat. And a
//! flood in a followed pane, which costs the person's tmux what it costs unfollowed.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tmux_mcp_tests::{RawClient, World, call_request, peak_kib, rss_kib, wait_until};

const CALLS: u64 = 1_000;
const IN_FLIGHT: u64 = 16;

/// The n-th call, and the field its answer must have (so a crossed reply is caught).
fn nth(n: u64, panes: &[String]) -> (Value, &'static str) {
    let pane = &panes[(n as usize * 7) % panes.len()];
    let (name, arguments, field) = match n % 10 {
        0 => ("list_panes", json!({}), "panes"),
        1 => ("get_pane_info", json!({"pane": pane}), "history_size"),
        2 => (
            "capture_pane",
            json!({"pane": pane, "history": true, "max_lines": 50}),
            "text",
        ),
        3 => ("snapshot_pane", json!({"pane": pane}), "cursor_x"),
        4 => ("capture_since", json!({"pane": pane}), "cursor"),
        5 => (
            "search_panes",
            json!({"pattern": format!("line {}", n % 97)}),
            "panes_searched",
        ),
        6 => ("list_sessions", json!({}), "sessions"),
        7 => ("get_server_info", json!({}), "version"),
        8 => ("show_option", json!({"name": "history-limit"}), "inherited"),
        _ => (
            "call_read_tools_batch",
            json!({"operations": [{"tool": "list_windows"}, {"tool": "get_pane_info", "arguments": {"pane": pane}}]}),
            "succeeded",
        ),
    };
    (json!({"name": name, "arguments": arguments}), field)
}

#[test]
fn a_thousand_mixed_calls_with_sixteen_in_flight_while_panes_print() {
    let world = World::new();
    world.start_server_sized("load", 200, 60);
    // Twenty lines a second per pane, without spawning a process per line.
    let printer = "perl -e '$| = 1; while (1) { print \"line \", $i++, \"\\n\"; select(undef, undef, undef, 0.05) }'";
    for w in 0..10 {
        if w > 0 {
            world.tmux("load", &["new-window", "-d", "-t", "main:", printer]);
        } else {
            world.tmux("load", &["respawn-pane", "-k", "-t", "%0", printer]);
        }
        for _ in 0..4 {
            world.tmux(
                "load",
                &["split-window", "-d", "-t", &format!("main:{w}"), printer],
            );
            world.tmux(
                "load",
                &["select-layout", "-t", &format!("main:{w}"), "tiled"],
            );
        }
    }
    let panes: Vec<String> = world
        .tmux("load", &["list-panes", "-a", "-F", "#{pane_id}"])
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(panes.len(), 50);
    let printing = |pane: &str| {
        world
            .tmux("load", &["capture-pane", "-p", "-t", pane])
            .contains("line ")
    };
    assert!(
        wait_until(Duration::from_secs(10), || panes
            .iter()
            .all(|p| printing(p))),
        "every pane prints"
    );

    let mut raw = RawClient::start(&world, &["-L", "load"], &[]);
    let pid = raw.pid();
    let mut waiting: HashMap<u64, (Value, &'static str)> = HashMap::new();
    let mut next = 1u64;
    let mut answered = 0u64;
    let mut errors = Vec::new();
    let mut rss_at_200 = 0;
    let started = Instant::now();
    while answered < CALLS {
        while next <= CALLS && waiting.len() < IN_FLIGHT as usize {
            let (params, field) = nth(next, &panes);
            raw.send(&call_request(
                next,
                params["name"].as_str().unwrap(),
                &params["arguments"],
            ));
            waiting.insert(next, (params, field));
            next += 1;
        }
        let line = raw.line().expect("every call is answered");
        let reply: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("non-JSON on stdout ({e}): {line:.200}"));
        let id = reply["id"]
            .as_u64()
            .expect("a reply carries its request's id");
        let (params, field) = waiting
            .remove(&id)
            .unwrap_or_else(|| panic!("reply to an id never sent or already answered: {id}"));
        let result = &reply["result"];
        if result["isError"] == true {
            errors.push(format!("{params}: {line:.300}"));
        } else {
            let content = &result["structuredContent"];
            assert!(
                content.get(field).is_some(),
                "reply {id} is not the answer to its own request: {line:.300}"
            );
            if params["name"] == "get_pane_info" {
                assert_eq!(
                    content["pane"]["id"], params["arguments"]["pane"],
                    "reply {id} is about another pane"
                );
            }
        }
        answered += 1;
        if answered == 200 {
            rss_at_200 = rss_kib(pid);
        }
    }
    let took = started.elapsed();
    let rss_at_end = rss_kib(pid);
    assert!(waiting.is_empty());
    assert!(
        errors.is_empty(),
        "calls failed under load:\n{}",
        errors.join("\n")
    );
    assert!(
        rss_at_end <= rss_at_200 + 1024,
        "memory grew from {rss_at_200} KiB to {rss_at_end} KiB"
    );
    eprintln!(
        "load: {CALLS} calls, {IN_FLIGHT} in flight, 50 printing panes: {took:?}, RSS {rss_at_200} -> {rss_at_end} KiB"
    );
    raw.finish();
    world.assert_only_the_server_is_left();
}

/// Lines of `y` the flood prints: 8 MiB.
const FLOOD_LINES: u64 = 4 << 20;

/// A followed pane prints 8 MiB as fast as it can (`yes`): every line reaches the server, and
/// the person's tmux holds no more of it than unfollowed (its peak memory within 1.2 times
/// that of the same flood in a pane nobody follows), since the pane's hub reads tmux's pipe
/// as fast as tmux writes it. Through a control client, tmux held what the server had not
/// read yet: 546 MB for 500 MB.
#[test]
fn a_flood_in_a_followed_pane_costs_tmux_what_it_costs_unfollowed() {
    let flood = format!("yes | head -n {FLOOD_LINES}; echo flood-$((6*7))-done");
    let peak = |follow: bool| -> (u64, Option<Value>) {
        let world = World::new();
        world.start_server_sized("work", 120, 40);
        let pid = world.tmux("work", &["display-message", "-p", "#{pid}"]);
        let pid: u32 = pid.trim().parse().unwrap();
        let ran = if follow {
            let mut raw = RawClient::start(&world, &["-L", "work"], &[]);
            let (_, ran) = raw.call(
                1,
                "run_shell_command",
                json!({"pane": "%0", "command": flood, "seconds": 300}),
            );
            assert!(raw.finish().success());
            Some(ran)
        } else {
            world.tmux("work", &["send-keys", "-t", "%0", &flood, "Enter"]);
            let done = wait_until(Duration::from_secs(120), || {
                world
                    .tmux("work", &["capture-pane", "-p", "-t", "%0"])
                    .contains("flood-42-done")
            });
            assert!(done, "the flood ended");
            None
        };
        (peak_kib(pid), ran)
    };
    let (alone, _) = peak(false);
    let (followed, ran) = peak(true);
    let ran = ran.unwrap();
    let body = &ran["result"]["structuredContent"];
    assert_eq!(
        (&body["exit_status"], &body["output_lines"]),
        (&json!(0), &json!(FLOOD_LINES + 1)),
        "every line reached the server: {ran}"
    );
    eprintln!("tmux's peak memory: {alone} KiB unfollowed, {followed} KiB followed");
    assert!(
        followed * 10 <= alone * 12,
        "tmux's peak memory: {followed} KiB followed, {alone} KiB unfollowed"
    );
}
