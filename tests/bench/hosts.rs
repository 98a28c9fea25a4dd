//! Calls on other machines, over the link.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;
use tmux_mcp_tests::{RawClient, World, rss_kib, sshd};

use crate::raw::{next_call, round_trips};
use crate::report::{Report, median, ms};

pub fn next(id: &mut u64) -> u64 {
    *id += 1;
    *id
}

/// Several machines (issue 29): a host on loopback SSH (Debian's sshd, started here, with the
/// tmux on PATH) against this machine in the same run: `list_sessions` there and here, the
/// first call to a host not yet connected (with and without copying the binary there), and
/// the resident memory a connected host costs (this server's growth, and its `ssh`).
pub fn hosts(report: &mut Report, world: &World) {
    let ssh = sshd::Client::new("");
    let (_, newest) = sshd::tmux_builds();
    let host = sshd::Host::start(&ssh.public_key(), &newest);
    ssh.trust(&host);
    host.start_tmux("bench");
    let (name, path) = (host.name(), ssh.path());
    let env = [("LIBTMUX_HOSTS", name.as_str()), ("PATH", path.as_str())];
    let there = json!({"host": name});
    let first_call = |raw: &mut RawClient| {
        let started = Instant::now();
        let (_, reply) = raw.call(1, "list_sessions", there.clone());
        let took = started.elapsed();
        assert_eq!(reply["result"]["isError"], false, "{reply}");
        took
    };
    let mut raw = RawClient::start(world, &["-L", "bench"], &env);
    let before = rss_kib(raw.pid());
    let copied = first_call(&mut raw);
    let grew = rss_kib(raw.pid()).saturating_sub(before);
    let ssh_rss: u64 = children(raw.pid(), "ssh").into_iter().map(rss_kib).sum();
    raw.finish();
    let mut raw = RawClient::start(world, &["-L", "bench"], &env);
    let connected = first_call(&mut raw);
    report.line(
        "first call to a host not yet connected",
        format!("{} (copying the binary: {})", ms(connected), ms(copied)),
        "none set",
        true,
    );
    report.line(
        "resident memory per connected host",
        format!(
            "{:.1} MB + ssh {:.1} MB",
            (grew * 1024) as f64 / 1e6,
            (ssh_rss * 1024) as f64 / 1e6
        ),
        "none set",
        true,
    );
    let mut id = 10u64;
    let (mut here, mut remote) = (Vec::new(), Vec::new());
    for _ in 0..300 {
        let (took, _) = round_trips(&mut raw, &[next_call(&mut id, "list_sessions", &json!({}))]);
        here.push(took);
        let (took, _) = round_trips(&mut raw, &[next_call(&mut id, "list_sessions", &there)]);
        remote.push(took);
    }
    let (here, remote) = (median(here), median(remote));
    report.line(
        "list_sessions on a host over loopback SSH",
        format!("{} (here {})", ms(remote), ms(here)),
        "<= here + 1 ms",
        remote <= here + Duration::from_millis(1),
    );
    raw.finish();
}

/// The pids of `parent`'s children named `name`.
pub fn children(parent: u32, name: &str) -> Vec<u32> {
    let out = Command::new("pgrep")
        .args(["-P", &parent.to_string(), "-x", name])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}
