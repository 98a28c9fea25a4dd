//! What following panes costs (issue 59): the processes and memory each followed pane adds,
//! at 1 and at 64 panes; tmux's CPU for what followed panes print, against the same printed
//! unfollowed; and a flood's time and tmux's peak memory, followed against unfollowed.

use std::time::{Duration, Instant};

use serde_json::json;
use tmux_mcp_tests::{RawClient, World, call_request, cpu_ticks, peak_kib, rss_kib};

use crate::hosts::next;
use crate::report::Report;
use crate::screens::new_window;

const PANES: usize = 64;
/// What each pane prints for the CPU figure.
const PRINTED: usize = 256 << 10;
/// The flood.
const FLOOD: &str = "100M";

pub fn following(report: &mut Report, world: &World) {
    costs(report, world);
    cpu(report, world);
    flood(report, world);
}

/// A pane running `sh` in a new window of `server`'s session `main`.
fn new_pane(world: &World, server: &str) -> String {
    new_window(world, server, "main:", "sh")
}

fn tmux_pid(world: &World, server: &str) -> u32 {
    let pid = world.tmux(server, &["display-message", "-p", "#{pid}"]);
    pid.trim().parse().expect("tmux's pid")
}

/// A process's proportional share of memory (`Pss` of smaps_rollup), in KiB.
fn pss_kib(pid: u32) -> u64 {
    let rollup = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).unwrap_or_default();
    rollup
        .lines()
        .find_map(|l| l.strip_prefix("Pss:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Follows `pane` (a `send_keys` of `true` does).
fn follow(raw: &mut RawClient, id: &mut u64, pane: &str) {
    let typed = json!({"pane": pane, "text": "true", "enter": true});
    let (_, reply) = raw.call(next(id), "send_keys", typed);
    assert_eq!(reply["result"]["isError"], false, "{reply}");
}

fn costs(report: &mut Report, world: &World) {
    world.start_server("costs");
    let tmux = tmux_pid(world, "costs");
    let panes: Vec<String> = (0..PANES).map(|_| new_pane(world, "costs")).collect();
    let mut raw = RawClient::start(world, &["-L", "costs"], &[]);
    let mut id = 0;
    raw.call(next(&mut id), "list_sessions", json!({}));
    let (server_before, tmux_before) = (rss_kib(raw.pid()), rss_kib(tmux));
    for (n, pane) in panes.iter().enumerate() {
        follow(&mut raw, &mut id, pane);
        let followed = n + 1;
        if followed != 1 && followed != PANES {
            continue;
        }
        let hubs = world.hub_pids();
        let per = |kib: u64| kib / followed as u64;
        let hub_rss: u64 = hubs.iter().map(|&p| rss_kib(p)).sum();
        let hub_pss: u64 = hubs.iter().map(|&p| pss_kib(p)).sum();
        let server = rss_kib(raw.pid()).saturating_sub(server_before);
        let tmux_grew = rss_kib(tmux).saturating_sub(tmux_before);
        report.line(
            &format!("following {followed} pane(s), each: processes; hub"),
            format!(
                "{} process; {} KiB RSS, {} KiB PSS; server +{} KiB; tmux +{} KiB",
                hubs.len() / followed,
                per(hub_rss),
                per(hub_pss),
                per(server),
                per(tmux_grew)
            ),
            "1 process a pane",
            hubs.len() == followed,
        );
    }
    raw.finish();
}

/// tmux's CPU for 64 panes printing [`PRINTED`] bytes each, followed and not.
fn cpu(report: &mut Report, world: &World) {
    let ticks = |server: &str, followed: bool| -> u64 {
        world.start_server(server);
        let tmux = tmux_pid(world, server);
        let panes: Vec<String> = (0..PANES).map(|_| new_pane(world, server)).collect();
        let raw = followed.then(|| {
            let mut raw = RawClient::start(world, &["-L", server], &[]);
            let mut id = 0;
            panes.iter().for_each(|p| follow(&mut raw, &mut id, p));
            raw
        });
        let before = cpu_ticks(tmux);
        for (n, pane) in panes.iter().enumerate() {
            let print = format!(
                "head -c {PRINTED} /dev/zero | tr '\\0' x | fold -w 100; tmux wait-for -S printed-{n}"
            );
            world.tmux(server, &["send-keys", "-t", pane, &print, "Enter"]);
        }
        // wait-for blocks in tmux without costing it CPU; a signal before the wait is kept.
        for n in 0..PANES {
            world.tmux(server, &["wait-for", &format!("printed-{n}")]);
        }
        let spent = cpu_ticks(tmux) - before;
        if let Some(raw) = raw {
            raw.finish();
        }
        world.kill_server(server);
        spent
    };
    let alone = ticks("cpu-alone", false);
    let followed = ticks("cpu-followed", true);
    let ratio = followed as f64 / alone.max(1) as f64;
    report.line(
        &format!("tmux CPU, {PANES} panes x {} KiB", PRINTED >> 10),
        format!("{ratio:.2}x ({followed} vs {alone} ticks unfollowed)"),
        "<= 1.2x unfollowed",
        ratio <= 1.2,
    );
}

/// `yes | head -c 100M` in a pane: from the keys to its last line found by `wait_for_text`
/// (followed), or to its `wait-for` signal (unfollowed); and tmux's peak memory.
fn flood(report: &mut Report, world: &World) {
    let run = |server: &str, followed: bool| -> (Duration, u64) {
        world.start_server(server);
        let tmux = tmux_pid(world, server);
        let pane = new_pane(world, server);
        let command =
            format!("yes | head -c {FLOOD}; echo flood-$((6*7))-done; tmux wait-for -S flooded");
        let taken = if followed {
            let mut raw = RawClient::start(world, &["-L", server], &[]);
            let mut id = 0;
            follow(&mut raw, &mut id, &pane);
            let wait = json!({"pane": pane, "patterns": ["flood-42-done"], "since": "now", "seconds": 300});
            raw.send(&call_request(next(&mut id), "wait_for_text", &wait));
            let start = Instant::now();
            world.tmux(server, &["send-keys", "-t", &pane, &command, "Enter"]);
            let reply = raw.line().expect("wait_for_text's reply");
            let taken = start.elapsed();
            assert!(reply.contains("\"matched\""), "{reply}");
            raw.finish();
            taken
        } else {
            let start = Instant::now();
            world.tmux(server, &["send-keys", "-t", &pane, &command, "Enter"]);
            world.tmux(server, &["wait-for", "flooded"]);
            start.elapsed()
        };
        let peak = peak_kib(tmux);
        world.kill_server(server);
        (taken, peak)
    };
    let (alone, alone_peak) = run("flood-alone", false);
    let (followed, followed_peak) = run("flood-followed", true);
    let ratio = followed.as_secs_f64() / alone.as_secs_f64();
    report.line(
        &format!("{FLOOD} flood, followed vs unfollowed: time"),
        format!(
            "{ratio:.2}x ({:.1} s vs {:.1} s)",
            followed.as_secs_f64(),
            alone.as_secs_f64()
        ),
        "<= 1.2x",
        ratio <= 1.2,
    );
    report.line(
        "  tmux's peak memory",
        format!("{followed_peak} KiB vs {alone_peak} KiB"),
        "<= unfollowed + 20 MB",
        followed_peak <= alone_peak + 20_000,
    );
}
