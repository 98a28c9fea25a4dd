//! The figures over one stdio session: the CLI baseline, start-up, listing, batches against
//! tmux alone, a wait's reaction, memory, calls in flight and calls beside a large search.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tmux::{Script, Verb};
use tmux_mcp::handlers::{
    DEFAULT_AGENT_OPTION, list_sessions_command, pane_info_command, pane_infos_command,
};
use tmux_mcp_tests::{MEAN_BYTES_PER_TOOL, RawClient, World, rss_kib, wait_until};

use crate::raw::{TmuxAlone, next_call, round_trips};
use crate::report::{Report, median, ms};

/// The raw CLI baseline: one `tmux list-sessions` subprocess.
pub fn baseline(world: &World) -> Duration {
    let env = world.base_env();
    let cli: Vec<Duration> = (0..100)
        .map(|_| {
            let started = Instant::now();
            let out = Command::new("tmux")
                .env_clear()
                .envs(env.iter().map(|(k, v)| (k, v)))
                .args(["-L", "bench", "list-sessions"])
                .output()
                .unwrap();
            assert!(out.status.success());
            started.elapsed()
        })
        .collect();
    let cli = median(cli);
    println!(
        "{:<44} {:>22}",
        "baseline: tmux list-sessions subprocess",
        ms(cli)
    );

    cli
}

/// Spawn to the initialize reply.
pub fn startup(report: &mut Report, world: &World) {
    let startup: Vec<Duration> = (0..20)
        .map(|_| {
            let started = Instant::now();
            let raw = RawClient::start(world, &["-L", "bench"], &[]);
            let took = started.elapsed();
            raw.finish();
            took
        })
        .collect();
    report.within("spawn -> initialize reply", startup, 10);
}

/// tools/list, and list_sessions against the CLI baseline: its round trip, for the figures
/// that compare with it.
pub fn listing(report: &mut Report, raw: &mut RawClient, id: &mut u64, cli: Duration) -> Duration {
    let (line, _) = raw.request(json!(*id), "tools/list", json!({}));
    let tools = tmux_mcp::catalog::TOOLS.len();
    report.line(
        &format!("tools/list size, all {tools} tools"),
        format!("{} bytes ({} a tool)", line.len(), line.len() / tools),
        &format!("<= {MEAN_BYTES_PER_TOOL} bytes a tool"),
        line.len() <= MEAN_BYTES_PER_TOOL * tools,
    );
    // Timed from the request written to the reply read; the reply is checked, not parsed.
    let list: Vec<Duration> = (0..500)
        .map(|_| {
            *id += 1;
            let request =
                json!({"jsonrpc": "2.0", "id": *id, "method": "tools/list", "params": {}})
                    .to_string();
            let started = Instant::now();
            raw.send(&request);
            let line = raw.line().expect("tools/list reply");
            let took = started.elapsed();
            assert!(
                line.starts_with(&format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\"")),
                "{:.80}",
                line
            );
            took
        })
        .collect();
    report.within("tools/list round trip", list, 1);

    for _ in 0..20 {
        *id += 1;
        raw.call(*id, "list_sessions", json!({}));
    }
    let sessions: Vec<Duration> = (0..300)
        .map(|_| round_trips(raw, &[next_call(id, "list_sessions", &json!({}))]).0)
        .collect();
    let sessions = median(sessions);
    let ratio = sessions.as_secs_f64() / cli.as_secs_f64();
    report.line(
        "list_sessions round trip over stdio",
        format!("{} = {ratio:.2}x CLI", ms(sessions)),
        "<= 0.5x CLI",
        ratio <= 0.5,
    );
    sessions
}

/// Sixteen panes of their own, each running `cat`.
pub fn panes(world: &World) -> Vec<String> {
    let panes: Vec<String> = (0..16)
        .map(|_| {
            world.tmux(
                "bench",
                &["new-window", "-d", "-P", "-F", "#{pane_id}", "cat"],
            )
        })
        .map(|id| id.trim().to_owned())
        .collect();
    panes
}

pub fn batches(
    report: &mut Report,
    raw: &mut RawClient,
    id: &mut u64,
    alone: &mut TmuxAlone,
    panes: &[String],
) {
    // A 16-read batch against the same 16 reads called one by one, and against tmux alone
    // running those reads' commands: a light read (one quick tmux command) and a heavy one
    // (tmux reads each pane's process state from /proc), over 16 panes of their own. The three
    // are sampled in turn, so the machine's drift touches each alike.
    let pane_ids: Vec<&str> = panes.iter().map(String::as_str).collect();
    for (tool, arguments, commands, one_command) in [
        (
            "list_sessions",
            vec![json!({}); 16],
            vec![Script::from(list_sessions_command()); 16],
            None,
        ),
        (
            "get_pane_info",
            panes.iter().map(|p| json!({"pane": p})).collect(),
            panes
                .iter()
                .map(|p| pane_info_command(p, DEFAULT_AGENT_OPTION).unwrap())
                .collect(),
            // What the batch sends instead: the reads are in flight together.
            Some(Script::from(
                pane_infos_command(&pane_ids, DEFAULT_AGENT_OPTION).unwrap(),
            )),
        ),
    ] {
        let rows: Vec<Value> = arguments
            .iter()
            .map(|a| json!({"tool": tool, "arguments": a}))
            .collect();
        let (mut separate, mut batched, mut tmux, mut tmux_once) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..300 {
            let calls: Vec<String> = arguments.iter().map(|a| next_call(id, tool, a)).collect();
            separate.push(round_trips(raw, &calls).0);
            let batch = next_call(id, "call_read_tools_batch", &json!({"operations": rows}));
            let (took, replies) = round_trips(raw, &[batch]);
            batched.push(took);
            assert_eq!(replies[0]["result"]["structuredContent"]["succeeded"], 16);
            tmux.push(alone.time(&commands));
            if let Some(command) = &one_command {
                tmux_once.push(alone.time(std::slice::from_ref(command)));
            }
        }
        let separate = median(separate);
        let batched = median(batched);
        let ratio = batched.as_secs_f64() / separate.as_secs_f64();
        report.line(
            &format!("batch of 16 {tool} vs 16 calls"),
            format!("{} vs {} = {ratio:.2}x", ms(batched), ms(separate)),
            "<= 0.3x",
            ratio <= 0.3,
        );
        let floor = |name: &str, samples: Vec<Duration>| {
            let took = median(samples);
            println!(
                "{name:<44} {:>22}",
                format!(
                    "{} = {:.2}x",
                    ms(took),
                    took.as_secs_f64() / separate.as_secs_f64()
                )
            );
        };
        floor("  tmux alone, the calls' commands", tmux);
        if one_command.is_some() {
            floor("  tmux alone, the batch's one command", tmux_once);
        }
    }
}

pub fn reaction(
    report: &mut Report,
    world: &World,
    raw: &mut RawClient,
    id: &mut u64,
    alone: &mut TmuxAlone,
) {
    // wait_for_text: from the text being printed to the reply.
    let reactions: Vec<Duration> = (0..15)
        .map(|n| {
            let marker = format!("mark-{n}-{id}");
            let arguments = json!({"pane": "%1", "patterns": [marker], "seconds": 10});
            let before = world.syncs("bench");
            raw.send(&next_call(id, "wait_for_text", &arguments));
            let armed = wait_until(Duration::from_secs(5), || world.syncs("bench") > before);
            assert!(armed, "the wait never started following output");
            // Timed from the bench's own control client writing the keys to the reply read:
            // tmux types them, `cat` echoes them, and the server sees the echo.
            let keys = tmux::Command::new(Verb::SendKeys)
                .target("%1")
                .unwrap()
                .flag("-l")
                .arg(marker.as_str())
                .unwrap();
            let typing = Instant::now();
            let answers = alone.write(&[keys.into()]);
            let line = raw.line().expect("wait reply");
            let took = typing.elapsed();
            alone.answers(answers);
            let reply: Value = serde_json::from_str(&line).unwrap();
            assert_eq!(
                reply["result"]["structuredContent"]["outcome"], "matched",
                "{line}"
            );
            world.tmux("bench", &["send-keys", "-t", "%1", "Enter"]);
            took
        })
        .collect();
    report.within("wait_for_text reaction", reactions, 50);
}

pub fn memory(report: &mut Report, raw: &mut RawClient, id: &mut u64) {
    // Memory: after 1,000 calls, and growth over 10,000.
    let pid = raw.pid();
    for _ in 0..1_000 {
        *id += 1;
        raw.call(*id, "list_panes", json!({}));
    }
    let after_1k = rss_kib(pid);
    report.rss("RSS after 1,000 calls", after_1k);
    for _ in 0..10_000 {
        *id += 1;
        raw.call(*id, "list_panes", json!({}));
    }
    let after_11k = rss_kib(pid);
    let growth = after_11k as i64 - after_1k as i64;
    report.line(
        "RSS growth over 10,000 more calls",
        format!("{growth} KiB"),
        "flat (<= 512 KiB)",
        growth <= 512,
    );
}

pub fn in_flight(report: &mut Report, raw: &mut RawClient, id: &mut u64, panes: &[String]) {
    // 100 calls in flight at once from one client; half of them read the 16 panes.
    let started = Instant::now();
    let first = *id + 1;
    let pane_of = |n: u64| panes[(n / 2) as usize % panes.len()].as_str();
    for n in 0..100u64 {
        let request = if n.is_multiple_of(2) {
            next_call(id, "list_sessions", &json!({}))
        } else {
            next_call(id, "get_pane_info", &json!({"pane": pane_of(n)}))
        };
        raw.send(&request);
    }
    let mut seen = Vec::new();
    for _ in 0..100 {
        let reply: Value = serde_json::from_str(&raw.line().expect("reply")).unwrap();
        let n = reply["id"].as_u64().unwrap() - first;
        let content = &reply["result"]["structuredContent"];
        let right = if n.is_multiple_of(2) {
            content.get("sessions").is_some()
        } else {
            content["pane"]["id"] == pane_of(n)
        };
        assert!(right, "reply {n} answers another request: {reply}");
        seen.push(n);
    }
    seen.sort();
    let all_there = seen == (0..100).collect::<Vec<_>>();
    report.line(
        "100 concurrent calls, each its own reply",
        format!("{} in {}", seen.len(), ms(started.elapsed())),
        "all 100, ids matched",
        all_there,
    );
}

pub fn search(
    report: &mut Report,
    world: &World,
    raw: &mut RawClient,
    id: &mut u64,
    sessions: Duration,
) {
    // list_sessions while a large search runs (last: its 40 MB stay with the allocator). Six panes 1,000 columns wide with over 7,000 lines of
    // history each: a search captures about 40 MB (the output bound is 64 MB) and matches it,
    // CPU work that runs beside the runtime's thread. list_sessions calls, one after another,
    // are timed while it runs.
    world.tmux("bench", &["set-option", "-g", "history-limit", "8192"]);
    world.tmux(
        "bench",
        &[
            "new-session",
            "-d",
            "-s",
            "search",
            "-x",
            "1000",
            "-y",
            "20",
            "sh",
        ],
    );
    let mut wide = Vec::new();
    for n in 0..6 {
        let pane = if n == 0 {
            world.tmux(
                "bench",
                &["display-message", "-p", "-t", "search:", "#{pane_id}"],
            )
        } else {
            world.tmux(
                "bench",
                &[
                    "new-window",
                    "-d",
                    "-t",
                    "search:",
                    "-P",
                    "-F",
                    "#{pane_id}",
                    "sh",
                ],
            )
        };
        let pane = pane.trim().to_owned();
        world.tmux(
            "bench",
            &["resize-window", "-t", &pane, "-x", "1000", "-y", "20"],
        );
        world.tmux(
            "bench",
            &[
                "send-keys",
                "-t",
                &pane,
                "yes \"$(printf 'word %.0s' $(seq 190))\" | head -n 8300",
                "Enter",
            ],
        );
        wide.push(pane);
    }
    for pane in &wide {
        // tmux drops a tenth of the history each time it reaches the limit.
        assert!(wait_until(Duration::from_secs(60), || world
            .history_size("bench", pane)
            >= 7_000));
    }
    // No literal in the pattern, so the regex engine cannot skip ahead: every byte is matched.
    let search =
        json!({"pattern": "\\b\\w{12}\\b", "regex": true, "history": true, "session": "search"});
    let (alone_search, replies) = round_trips(raw, &[next_call(id, "search_panes", &search)]);
    assert_eq!(
        replies[0]["result"]["structuredContent"]["panes_searched"],
        6
    );
    let mut beside = Vec::new();
    for _ in 0..5 {
        let search_id = *id + 1;
        raw.send(&next_call(id, "search_panes", &search));
        // One call after another, each timed from its request written to its reply read, until
        // the search's reply comes.
        let mut search_done = false;
        while !search_done {
            let request = next_call(id, "list_sessions", &json!({}));
            let written = Instant::now();
            raw.send(&request);
            loop {
                let reply: Value = serde_json::from_str(&raw.line().unwrap()).unwrap();
                if reply["id"] == search_id {
                    search_done = true;
                } else {
                    let took = written.elapsed();
                    assert_eq!(reply["result"]["isError"], false, "{reply}");
                    if !search_done {
                        beside.push(took);
                    }
                    break;
                }
            }
        }
    }
    beside.sort();
    let worst = *beside.last().unwrap();
    let typical = beside[beside.len() / 2];
    let ratio = typical.as_secs_f64() / sessions.as_secs_f64();
    // The worst call waits for tmux itself, which answers nothing while it builds the captures.
    report.line(
        "list_sessions during a 40 MB search",
        format!(
            "{} = {ratio:.2}x alone ({} calls; worst {}, search {})",
            ms(typical),
            beside.len(),
            ms(worst),
            ms(alone_search)
        ),
        "median <= 2x alone",
        ratio <= 2.0,
    );
}
