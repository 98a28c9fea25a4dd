//! A person moves the pane an agent works in to another session while it prints: with
//! `move-window`, `join-pane`, `break-pane`, `swap-pane`, or `link-window` then
//! `unlink-window`. The agent is thinking meanwhile (no call in flight) and the pane prints far
//! more than its screen holds before the agent looks again; every line it printed is read
//! exactly once, and that whether or not the other session was followed already (whose stream
//! then takes the pane over, rather than a new one).

use std::time::{Duration, Instant};

use serde_json::json;
use tmux_mcp_tests::{Fixture, World, wait_until};

pub(super) const LINES: usize = 300;

/// Ways a person moves pane `pane` (in window `window`, index `index` of session `main`) to
/// session `other` (and, the last, back while it prints: the stream of `main` takes it again,
/// each line still once).
const MOVES: [&str; 6] = [
    "move-window",
    "join-pane",
    "break-pane",
    "swap-pane",
    "link-window",
    "there-and-back",
];

fn relocate(world: &World, how: &str, pane: &str, window: &str, index: &str) {
    let main_index = format!("main:{index}");
    let args: Vec<&str> = match how {
        "move-window" => vec!["move-window", "-d", "-s", window, "-t", "other:"],
        "join-pane" => vec!["join-pane", "-d", "-s", pane, "-t", "other:0"],
        "break-pane" => vec!["break-pane", "-d", "-s", pane, "-t", "other:"],
        "swap-pane" => vec!["swap-pane", "-d", "-s", pane, "-t", "other:0.0"],
        "there-and-back" => {
            world.tmux("work", &["move-window", "-d", "-s", window, "-t", "other:"]);
            let further = wait_until(Duration::from_secs(20), || {
                let shown = world.tmux("work", &["capture-pane", "-p", "-t", pane]);
                shown.contains("line-50") || shown.contains("MARK-42")
            });
            assert!(further, "{how}: the pane stopped printing");
            vec!["move-window", "-d", "-s", window, "-t", "main:"]
        }
        _ => vec![
            "link-window",
            "-d",
            "-s",
            window,
            "-t",
            "other:",
            ";",
            "unlink-window",
            "-t",
            &main_index,
        ],
    };
    world.tmux("work", &args);
}

/// The pane: a new window of session `main` running `sh`, and session `other`'s pane,
/// followed when `other_followed`. Returns (pane, its window id, its window index, other's
/// pane).
async fn setup(f: &Fixture, other_followed: bool) -> (String, String, String) {
    let pane = f.open(&["new-window", "-t", "main:"], "sh");
    let window = f.display(&pane, "#{window_id}");
    let index = f.display(&pane, "#{window_index}");
    let other = f
        .tmux(&[
            "new-session",
            "-d",
            "-s",
            "other",
            "-P",
            "-F",
            "#{pane_id}",
            "sh",
        ])
        .trim()
        .to_owned();
    f.wait_for_prompt(&pane);
    f.wait_for_prompt(&other);
    if other_followed {
        f.ok("capture_since", json!({"pane": other})).await;
    }
    (pane, window, index)
}

/// Prints `LINES` numbered lines, the first hundred slowly enough for a move to come while
/// they print, then `pause` (shell commands, `sleep 0.6; ` say), the rest and a mark.
pub(super) fn printer(pause: &str) -> String {
    format!(
        "for i in $(seq 1 100); do echo line-$i; sleep 0.005; done; {pause}seq -f line-%g 101 {LINES}; echo MARK-$((6*7))"
    )
}

/// The numbered lines of `text` that are not there exactly once.
pub(super) fn not_once(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    (1..=LINES)
        .map(|i| {
            (
                i,
                lines.iter().filter(|l| **l == format!("line-{i}")).count(),
            )
        })
        .filter(|(_, n)| *n != 1)
        .map(|(i, n)| format!("line-{i} x{n}"))
        .collect()
}

/// The move comes while `run_shell_command` waits: its output holds every line once.
async fn moved_under_a_command(how: &str, other_followed: bool) {
    let f = Fixture::new().await;
    let (pane, window, index) = setup(&f, other_followed).await;
    let person = async {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !f.screen(&pane).contains("line-") {
            assert!(Instant::now() < deadline, "{how}: the pane never printed");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        relocate(&f.world, how, &pane, &window, &index);
    };
    let (ran, ()) = tokio::join!(
        f.ok(
            "run_shell_command",
            json!({"pane": pane, "command": printer(""), "seconds": 30, "max_lines": 1000}),
        ),
        person
    );
    assert_eq!(ran["outcome"], "completed", "{how}: {ran}");
    let wrong = not_once(ran["output"].as_str().unwrap_or_default());
    assert!(
        wrong.is_empty(),
        "{how} (other session followed: {other_followed}): lines not read exactly once: {wrong:?}\n{ran}"
    );
}

/// The move comes while the agent thinks, and the pane prints far more than its screen holds
/// before the agent waits: a line long scrolled away is still found since the input.
async fn moved_while_the_agent_thinks(how: &str, other_followed: bool) {
    let f = Fixture::new().await;
    let (pane, window, index) = setup(&f, other_followed).await;
    let sent = f
        .ok(
            "send_keys",
            json!({"pane": pane, "enter": true, "text": printer("")}),
        )
        .await;
    assert!(
        wait_until(Duration::from_secs(10), || f
            .screen(&pane)
            .contains("line-")),
        "{how}: the pane never printed"
    );
    relocate(&f.world, how, &pane, &window, &index);
    assert!(
        wait_until(Duration::from_secs(20), || f
            .screen(&pane)
            .contains("MARK-42")),
        "{how}: the pane never finished"
    );
    for line in ["^line-150$", "^line-250$", "^MARK-42$"] {
        let waited = f
            .ok(
                "wait_for_text",
                json!({"pane": pane, "patterns": [line], "regex": true, "since": sent["since"], "seconds": 3}),
            )
            .await;
        assert_eq!(
            waited["outcome"], "matched",
            "{how} (other session followed: {other_followed}): {line}: {waited}"
        );
    }
}

#[tokio::test]
async fn a_pane_moved_under_a_running_command_loses_no_line_and_repeats_none() {
    for how in MOVES {
        for other_followed in [false, true] {
            moved_under_a_command(how, other_followed).await;
        }
    }
}

#[tokio::test]
async fn a_pane_moved_while_the_agent_thinks_loses_no_line() {
    for how in MOVES {
        for other_followed in [false, true] {
            moved_while_the_agent_thinks(how, other_followed).await;
        }
    }
}
