//! `inspect/screens.rs`'s tools against a real tmux: `capture_pane` reads screen, history and
//! ranges within bounds; `snapshot_pane` reports the pane's state with its screen.

use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, wait_until};

#[tokio::test]
async fn capture_pane_reads_screen_history_and_ranges_within_bounds() {
    let f = Fixture::here(&[]).await;
    // tmux 3.2a keeps the cleared screen in the history (it has no `ESC [ 3 J`): emptied here.
    f.tmux(&[
        "send-keys",
        "-t",
        "%0",
        "clear; tmux clear-history; seq 1 100",
        "Enter",
    ]);
    // A line of its own: the typed command line holds " 100" too.
    f.wait_for_screen("%0", "\n100\n");
    f.wait_for_prompt("%0");

    let screen = f.ok("capture_pane", json!({"pane": "%0"})).await;
    let text = screen["text"].as_str().unwrap();
    assert!(
        text.ends_with("100\n#"),
        "visible screen ends at the prompt: {text:?}"
    );
    assert!(
        !text.contains("\n1\n"),
        "scrollback not included by default"
    );
    assert!(!text.ends_with('\n') && screen["truncated"] == false);

    let history = f
        .ok("capture_pane", json!({"pane": "%0", "history": true}))
        .await;
    assert!(
        history["text"].as_str().unwrap().starts_with("1\n2\n3\n"),
        "{history}"
    );
    let newest = f
        .ok(
            "capture_pane",
            json!({"pane": "%0", "history": true, "max_lines": 3}),
        )
        .await;
    assert_eq!(newest["text"], "99\n100\n#");
    assert_eq!(newest["lines"], 3);
    assert_eq!(newest["truncated"], true);

    let range = f
        .ok("capture_pane", json!({"pane": "%0", "start": 0, "end": 1}))
        .await;
    assert_eq!(range["lines"], 2);
    let backwards = f
        .fails("capture_pane", json!({"pane": "%0", "start": 5, "end": 1}))
        .await;
    assert_eq!(backwards["kind"], "invalid_input");

    // A line wider than the pane comes back joined.
    let long = "x".repeat(150);
    f.tmux(&[
        "send-keys",
        "-t",
        "%0",
        &format!("clear; echo {long}"),
        "Enter",
    ]);
    // Its line, then the prompt: before the shell runs it, the prompt before is the last line.
    let joined = || f.tmux(&["capture-pane", "-pJ", "-t", "%0"]);
    assert!(
        wait_until(Duration::from_secs(30), || joined()
            .lines()
            .any(|l| l.trim_end() == long)),
        "{long} never printed: {}",
        joined()
    );
    f.wait_for_prompt("%0");
    let wrapped = f.ok("capture_pane", json!({"pane": "%0"})).await;
    assert!(
        wrapped["text"].as_str().unwrap().lines().any(|l| l == long),
        "{wrapped}"
    );

    // More than the byte bound: the newest text is kept and truncated says so.
    f.tmux(&["set-option", "-t", "main", "history-limit", "20000"]);
    let pane = f.open(&["new-window", "-t", "main:"], "sh");
    f.wait_for_prompt(&pane);
    f.tmux(&["send-keys", "-t", &pane, "seq -f '%0100g' 1 5000", "Enter"]);
    f.wait_for_screen(&pane, "0005000\n#");
    f.wait_for_prompt(&pane);
    let big = f
        .ok("capture_pane", json!({"pane": pane, "history": true}))
        .await;
    let text = big["text"].as_str().unwrap();
    assert_eq!(big["truncated"], true);
    assert!(text.len() <= 256 * 1024, "{} bytes", text.len());
    assert!(text.ends_with(&format!("{:0100}\n#", 5000)));
}

#[tokio::test]
async fn snapshot_pane_reports_state_with_the_screen() {
    let f = Fixture::here(&[]).await;
    f.tmux(&["send-keys", "-t", "%0", "clear; printf 'ab'", "Enter"]);
    f.wait_for_screen("%0", "ab#");
    let snap = f.ok("snapshot_pane", json!({"pane": "%0"})).await;
    assert_eq!(
        (snap["width"].clone(), snap["height"].clone()),
        (json!(80), json!(24))
    );
    assert_eq!(snap["cursor_y"], 0);
    assert_eq!(snap["cursor_x"], 4);
    assert_eq!(
        (
            snap["mode"].clone(),
            snap["alternate_screen"].clone(),
            snap["dead"].clone()
        ),
        (Value::Null, json!(false), json!(false))
    );

    // The prompt before `seq` looks like the one after it: wait for the command's own output,
    // with the history it makes, instead.
    f.tmux(&["send-keys", "-t", "%0", "seq 1 100 | sed s/^/n/", "Enter"]);
    f.wait_for_screen("%0", "n100");
    assert!(tmux_mcp_tests::wait_until(Duration::from_secs(5), || f
        .display("%0", "#{history_size}")
        .parse::<u32>()
        .is_ok_and(|h| h > 0)));
    f.tmux(&["copy-mode", "-t", "%0"]);
    f.tmux(&["send-keys", "-t", "%0", "-X", "scroll-up"]);
    let copy = f.ok("snapshot_pane", json!({"pane": "%0"})).await;
    assert_eq!(copy["mode"], "copy-mode");
    assert_eq!(copy["scroll_position"], 1);
    f.tmux(&["send-keys", "-t", "%0", "-X", "cancel"]);

    f.tmux(&[
        "send-keys",
        "-t",
        "%0",
        "printf '\\033[?1049h'; cat",
        "Enter",
    ]);
    assert!(tmux_mcp_tests::wait_until(Duration::from_secs(5), || f
        .tmux(&["display-message", "-p", "-t", "%0", "#{alternate_on}"])
        .trim()
        == "1"));
    let alternate = f.ok("snapshot_pane", json!({"pane": "%0"})).await;
    assert_eq!(alternate["alternate_screen"], true);

    f.tmux(&["set-option", "-g", "remain-on-exit", "on"]);
    let exiting = f.open(&["new-window"], "sh -c 'sleep 0.3; exit 3'");
    // tmux marks a pane dead when its terminal closes and learns the status when it reaps it.
    // Under heavy load tmux 3.3a has been seen to leave the status unknown for good; the tool
    // must then say null, and otherwise exactly what tmux learnt.
    let status = || {
        f.tmux(&[
            "display-message",
            "-p",
            "-t",
            &exiting,
            "#{pane_dead}:#{pane_dead_status}",
        ])
        .trim()
        .to_owned()
    };
    assert!(
        tmux_mcp_tests::wait_until(Duration::from_secs(10), || status() == "1:3")
            || status() == "1:",
        "pane state {}",
        status()
    );
    let dead = f.ok("snapshot_pane", json!({"pane": exiting})).await;
    assert_eq!(dead["dead"], true);
    let info = f.ok("get_pane_info", json!({"pane": exiting})).await;
    let known = status();
    let expected = if known == "1:3" {
        json!(3)
    } else {
        Value::Null
    };
    assert_eq!(info["dead_status"], expected, "tmux says {known}");
}
