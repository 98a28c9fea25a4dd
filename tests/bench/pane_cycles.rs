//! Panes made and closed while the server follows them.

use serde_json::json;
use tmux_mcp_tests::{RawClient, World, payload, rss_kib};

use crate::hosts::next;
use crate::report::Report;

/// Panes that come and go (issue 46): 1,000 cycles of create_window, run_shell_command,
/// wait_for_text and kill_window. The server's resident memory after them is held against
/// after the first 10: a gone pane's journal and screen model are freed.
pub fn pane_cycles(report: &mut Report, world: &World) {
    world.start_server("cycles");
    let all = [("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")];
    let mut raw = RawClient::start(world, &["-L", "cycles"], &all);
    let mut id = 0u64;
    let mut failed = 0;
    let mut cycle = |raw: &mut RawClient| {
        let (_, made) = raw.call(next(&mut id), "create_window", json!({"session": "main"}));
        let made = payload(&made["result"]);
        let (window, pane) = (&made["window"], &made["pane"]);
        let steps = [
            (
                "run_shell_command",
                json!({"pane": pane, "command": "echo cycle", "seconds": 10}),
            ),
            (
                "wait_for_text",
                json!({"pane": pane, "patterns": ["cycle"], "seconds": 5}),
            ),
            ("kill_window", json!({"window": window})),
        ];
        for (tool, arguments) in steps {
            let (_, reply) = raw.call(next(&mut id), tool, arguments);
            if reply["result"]["isError"] != false {
                failed += 1;
            }
        }
    };
    for _ in 0..10 {
        cycle(&mut raw);
    }
    let after_10 = rss_kib(raw.pid());
    for _ in 10..1_000 {
        cycle(&mut raw);
    }
    let after_1000 = rss_kib(raw.pid());
    raw.finish();
    report.line(
        "RSS after 1,000 pane cycles, against 10",
        format!(
            "{:+} KiB ({failed} calls failed)",
            after_1000 as i64 - after_10 as i64
        ),
        "<= +1024 KiB",
        after_1000 <= after_10 + 1024,
    );
}
