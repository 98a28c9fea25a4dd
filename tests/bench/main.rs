//! The performance figures of issues #8 and #14, each beside its target and, where one exists, the raw
//! tmux baseline measured in the same run (absolute times drift between machines; ratios hold):
//! a `tmux` subprocess for one call, and tmux alone running a batch's commands for a batch.
//! Run with:
//!
//!     cargo build --release -p tmux-agent-mcp && cargo bench -p tmux-mcp-tests --bench mcp
//!
//! (`-- model-bytes` after it: only what each agent CLI's model reads of the tools.)
//!
//! Medians of repeated runs; every figure comes from the release binary over real stdio
//! against a private tmux server. Calls are timed from the request written to the reply read;
//! the bench parses and checks replies outside the clock.

mod agent_loop;
mod agents;
mod following;
mod hosts;
mod http;
mod masking;
mod model_bytes;
mod pane_cycles;
mod raw;
mod report;
mod screens;
mod stdio;

use std::process::Command;

use tmux_mcp_tests::{RawClient, World, binary};

use raw::TmuxAlone;
use report::Report;

fn main() {
    println!(
        "tmux-mcp benchmark: {} (tmux {})",
        binary().display(),
        String::from_utf8_lossy(&Command::new("tmux").arg("-V").output().unwrap().stdout).trim()
    );
    let world = World::new();
    world.start_server("bench");
    let mut report = Report { failed: 0 };
    // `cargo bench -p tmux-mcp-tests --bench mcp -- model-bytes`: that figure alone (it runs
    // the agent CLIs, and builds the family's server the first time).
    if std::env::args().any(|a| a == "model-bytes") {
        model_bytes::model_bytes(&mut report, &world);
        println!("\n{} of the targets missed", report.failed);
        return;
    }
    // `-- pane-cycles`: that figure alone.
    if std::env::args().any(|a| a == "pane-cycles") {
        pane_cycles::pane_cycles(&mut report, &world);
        println!("\n{} of the targets missed", report.failed);
        return;
    }
    // `-- following`: those figures alone.
    if std::env::args().any(|a| a == "following") {
        following::following(&mut report, &world);
        println!("\n{} of the targets missed", report.failed);
        return;
    }
    world.tmux("bench", &["split-window", "-d", "-t", "%0", "cat"]);
    world.count_syncs("bench");

    let cli = stdio::baseline(&world);
    stdio::startup(&mut report, &world);
    let all = [("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")];
    let mut raw = RawClient::start(&world, &["-L", "bench"], &all);
    let mut id = 1u64;
    let sessions = stdio::listing(&mut report, &mut raw, &mut id, cli);
    http::http_latency(&mut report, &world, sessions);
    // A 16-read batch against the same 16 reads called one by one, and against tmux alone
    // running those reads' commands, over 16 panes of their own.
    let panes = stdio::panes(&world);
    let mut alone = TmuxAlone::attach(&world);
    stdio::batches(&mut report, &mut raw, &mut id, &mut alone, &panes);
    stdio::reaction(&mut report, &world, &mut raw, &mut id, &mut alone);
    drop(alone);
    stdio::memory(&mut report, &mut raw, &mut id);
    stdio::in_flight(&mut report, &mut raw, &mut id, &panes);
    stdio::search(&mut report, &world, &mut raw, &mut id, sessions);
    raw.finish();

    // Before the agent loop, whose printing panes would load the machine while it is measured.
    masking::masking(&mut report, &world);
    let per_pane = screens::screens(&mut report, &world);
    pane_cycles::pane_cycles(&mut report, &world);
    following::following(&mut report, &world);
    agents::agents(&mut report, &world);
    hosts::hosts(&mut report, &world);
    agent_loop::agent_loop(&mut report, &world, per_pane);
    model_bytes::model_bytes(&mut report, &world);
    println!("\n{} of the targets missed", report.failed);
}
