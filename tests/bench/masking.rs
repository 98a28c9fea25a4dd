//! What masking costs a read.

use std::time::{Duration, Instant};

use serde_json::json;
use tmux_mcp_tests::{RawClient, World, wait_until};

use crate::raw::{next_call, round_trips};
use crate::report::{Report, median, ms};

/// Secret masking (issue 18) on a 20,000-line capture: capture_pane with masking on against
/// the same call with it off, sampled in turn, and the masker alone on the captured text.
pub fn masking(report: &mut Report, world: &World) {
    world.start_server("mask");
    world.tmux("mask", &["set-option", "-g", "history-limit", "30000"]);
    // Log-like lines, one in 500 holding a token: 40 secrets in 20,000 lines.
    let script = "i=0; while [ $i -lt 20000 ]; do \
        if [ $((i % 500)) -eq 0 ]; then echo \"$i token=ghp_abcdefghijklmnopqrstuvwxyz0123456789\"; \
        else echo \"$i 2026-12-01T17:00:00Z INFO request handled path=/api/v1/items status=200\"; fi; \
        i=$((i+1)); done; sleep 600";
    let pane = world
        .tmux(
            "mask",
            &[
                "new-window",
                "-d",
                "-P",
                "-F",
                "#{pane_id}",
                "sh",
                "-c",
                script,
            ],
        )
        .trim()
        .to_owned();
    // 20,000 lines printed, less the 24 rows still on the screen.
    assert!(wait_until(Duration::from_secs(120), || world
        .history_size("mask", &pane)
        >= 19_976));
    let mut on = RawClient::start(world, &["-L", "mask"], &[]);
    let mut off = RawClient::start(world, &["-L", "mask"], &[("LIBTMUX_MASK_SECRETS", "off")]);
    let mut id = 0u64;
    let arguments = json!({"pane": pane, "history": true, "max_lines": 20000});
    let (mut masked, mut plain) = (Vec::new(), Vec::new());
    for round in 0..40 {
        for (raw, samples, masks) in [(&mut on, &mut masked, true), (&mut off, &mut plain, false)] {
            let request = next_call(&mut id, "capture_pane", &arguments);
            let (took, replies) = round_trips(raw, &[request]);
            let out = &replies[0]["result"]["structuredContent"];
            assert_eq!(out["masked"], if masks { 40 } else { 0 }, "{out}");
            if round >= 5 {
                samples.push(took);
            }
        }
    }
    let (masked, plain) = (median(masked), median(plain));
    let ratio = masked.as_secs_f64() / plain.as_secs_f64();
    report.line(
        "capture_pane of 20,000 lines, masking on",
        format!("{} = {ratio:.2}x masking off ({})", ms(masked), ms(plain)),
        "<= 1.3x masking off",
        ratio <= 1.3,
    );
    // The whole capture, as the server masks it before cutting it to the 256 KiB it returns.
    let text = world.tmux(
        "mask",
        &["capture-pane", "-p", "-J", "-t", &pane, "-S", "-20000"],
    );
    let masker = tmux_mcp_runtime::mask::Masker::new(true, &[]).unwrap();
    let alone: Vec<Duration> = (0..20)
        .map(|_| {
            let started = Instant::now();
            assert_eq!(masker.mask(&text).count, 40);
            started.elapsed()
        })
        .collect();
    println!(
        "{:<44} {:>22}",
        format!("masker alone, {} KB", text.len() >> 10),
        ms(median(alone))
    );
    on.finish();
    off.finish();
    world.kill_server("mask");
}
