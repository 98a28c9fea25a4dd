//! The audit log as a reader finds it after a real session: one JSON line per call and per
//! batch row, in a 0600 file, with outcomes and targets, and with free text only as its length
//! and digest.

use std::os::unix::fs::PermissionsExt;
use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, wait_until};

fn lines(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

fn sha256_prefix(text: &str) -> String {
    let out = Command::new("sh")
        .args(["-c", "printf %s \"$1\" | sha256sum", "sh", text])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()[..32].to_owned()
}

#[tokio::test]
async fn calls_and_batch_rows_are_logged_by_shape_never_by_value() {
    let dir = tmux_mcp_tests::TempDir::new("audit");
    let log = dir.path.join("audit.log");
    let f = Fixture::here(&[("LIBTMUX_AUDIT_LOG", log.to_str().unwrap())]).await;
    let unique = format!("unique-{}-value", std::process::id());
    let typed = format!("echo {unique}");

    f.ok("list_sessions", json!({})).await;
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": typed, "enter": true}),
    )
    .await;
    let failed = f.fails("capture_pane", json!({"pane": "%999"})).await;
    f.ok(
        "call_read_tools_batch",
        json!({"operations": [
            {"tool": "search_panes", "arguments": {"pattern": unique}},
            {"tool": "get_pane_info", "arguments": {"pane": "%0"}},
        ]}),
    )
    .await;

    // A call that reaches no tool is logged too, by its name.
    let unknown = tmux_mcp_tests::call(&f.client, "no_such_tool", json!({"text": unique})).await;
    assert!(unknown.is_err());

    assert!(
        wait_until(Duration::from_secs(10), || lines(&log).len() >= 7),
        "the log holds {:?}",
        std::fs::read_to_string(&log)
    );
    let mode = std::fs::metadata(&log).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains(&unique), "a value reached the log: {text}");

    let mut got = lines(&log);
    // Rows run at once and are logged as they end; put them in row order.
    got[3..5].sort_by_key(|l| l["batch"]["row"].as_u64());
    let tools: Vec<&str> = got.iter().map(|l| l["tool"].as_str().unwrap()).collect();
    assert_eq!(
        tools,
        [
            "list_sessions",
            "send_keys",
            "capture_pane",
            "search_panes",
            "get_pane_info",
            "call_read_tools_batch",
            "no_such_tool"
        ],
        "{text}"
    );
    for line in &got {
        assert!(line["time"].as_str().unwrap().ends_with('Z'), "{line}");
        assert!(line["request"].is_number(), "{line}");
        assert!(line["ms"].as_f64().unwrap() >= 0.0, "{line}");
    }
    let send = &got[1];
    assert_eq!(send["outcome"], "ok");
    assert_eq!(send["targets"], json!(["%0"]));
    assert_eq!(send["arguments"]["pane"], "%0");
    assert_eq!(send["arguments"]["enter"], true);
    assert_eq!(
        send["arguments"]["text"],
        json!({"bytes": typed.len(), "sha256": sha256_prefix(&typed)})
    );
    assert_eq!(got[2]["outcome"], failed["kind"], "{}", got[2]);
    assert_eq!(got[2]["targets"], json!(["%999"]));
    // Rows carry their batch and index, and the batch's request id.
    let batch = &got[5];
    for (i, row) in got[3..5].iter().enumerate() {
        assert_eq!(
            row["batch"],
            json!({"tool": "call_read_tools_batch", "row": i})
        );
        assert_eq!(row["request"], batch["request"]);
    }
    assert_eq!(got[4]["targets"], json!(["%0"]));
    assert_eq!(got[3]["arguments"]["pattern"]["bytes"], unique.len());
    assert_eq!(batch["outcome"], "ok");
    assert_eq!(batch["masked"], 0);
    assert_eq!(
        (&got[6]["tool"], &got[6]["outcome"]),
        (&json!("no_such_tool"), &json!("invalid_input"))
    );
    assert_eq!(got[6]["arguments"]["text"]["bytes"], unique.len());
}

#[tokio::test]
async fn masked_counts_reach_the_log() {
    let dir = tmux_mcp_tests::TempDir::new("audit");
    let log = dir.path.join("audit.log");
    let f = Fixture::here(&[("LIBTMUX_AUDIT_LOG", log.to_str().unwrap())]).await;
    // Typed in two halves, so the command line itself holds no key.
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": "k=AKIA; echo ${k}Q7ZK3M9TXW2HB5RD", "enter": true}),
    )
    .await;
    // The key on a line of its own, then the prompt: before the shell echoes the command, the
    // prompt before it is the last line.
    f.wait_for_screen("%0", "\nAKIAQ7ZK3M9TXW2HB5RD\n");
    f.wait_for_prompt("%0");
    let out = f.ok("capture_pane", json!({"pane": "%0"})).await;
    assert_eq!(out["masked"], 1, "{out}");
    f.ok(
        "call_read_tools_batch",
        json!({"operations": [
            {"tool": "capture_pane", "arguments": {"pane": "%0"}},
            {"tool": "capture_pane", "arguments": {"pane": "%0"}},
        ]}),
    )
    .await;
    assert!(wait_until(Duration::from_secs(10), || lines(&log).len() >= 5));
    let got = lines(&log);
    let masked: Vec<&Value> = got.iter().map(|l| &l["masked"]).collect();
    assert_eq!(
        masked,
        [&json!(0), &json!(1), &json!(1), &json!(1), &json!(2)]
    );
}
