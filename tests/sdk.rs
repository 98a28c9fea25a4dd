//! The official TypeScript SDK as the client (tests/clients, installed from npm at the version
//! package.json pins). It starts the server as coding agents' clients do, with a reduced
//! environment, negotiates its protocol version, and checks every structured result against the
//! tool's output schema: every read-only tool is called, some of them made to fail.

use std::path::PathBuf;
use std::process::Command;
use std::sync::Once;

use serde_json::{Value, json};
use tmux_mcp::catalog::TOOLS;
use tmux_mcp_tests::{World, binary, repo_root};

fn clients() -> PathBuf {
    repo_root().join("tests/clients")
}

/// `npm ci` when the pinned SDK is not what `node_modules` holds.
fn install() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let read = |path: PathBuf| -> Value {
            std::fs::read_to_string(path)
                .ok()
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or(Value::Null)
        };
        let pinned =
            read(clients().join("package.json"))["dependencies"]["@modelcontextprotocol/sdk"]
                .clone();
        let installed = read(clients().join("node_modules/@modelcontextprotocol/sdk/package.json"))
            ["version"]
            .clone();
        if installed != pinned {
            let status = Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
                .current_dir(clients())
                .status()
                .expect("npm (node's package manager) runs");
            assert!(status.success(), "npm ci in tests/clients failed");
        }
    });
}

/// Runs the TypeScript client over `calls`; returns the records it printed.
fn typescript(world: &World, args: &[&str], calls: &Value) -> Vec<Value> {
    install();
    let plan = json!({
        "command": binary(),
        "args": args,
        "env": {
            "HOME": world.tmpdir(),
            "TMUX_TMPDIR": world.tmpdir(),
            "TMPDIR": world.tmpdir(),
            "PATH": std::env::var("PATH").unwrap_or_default(),
        },
        "calls": calls,
    });
    let path = world.tmpdir().join("plan.json");
    std::fs::write(&path, plan.to_string()).unwrap();
    let out = Command::new("node")
        .arg(clients().join("typescript.mjs"))
        .arg(&path)
        .output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "the TypeScript client failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record"))
        .collect()
}

fn sorted(names: &Value) -> Vec<String> {
    let mut names: Vec<String> = names
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_typescript_sdk_calls_every_read_tool_and_accepts_every_result() {
    let world = World::new();
    world.start_server("work");
    world.tmux(
        "work",
        &["send-keys", "-t", "%0", "echo sdk-probe", "Enter"],
    );
    let ok = [
        ("list_sessions", json!({})),
        ("list_windows", json!({})),
        ("list_panes", json!({})),
        ("get_server_info", json!({})),
        ("get_session_info", json!({"session": "$0"})),
        ("get_window_info", json!({"window": "@0"})),
        ("get_pane_info", json!({"pane": "%0"})),
        ("capture_pane", json!({"pane": "%0"})),
        ("capture_since", json!({"pane": "%0"})),
        ("snapshot_pane", json!({"pane": "%0"})),
        ("search_panes", json!({"pattern": "sdk-probe"})),
        (
            "find_pane_by_position",
            json!({"window": "@0", "corner": "top-left"}),
        ),
        (
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["never-printed"], "seconds": 1}),
        ),
        (
            "get_tmux_variables",
            json!({"names": ["pane_id"], "pane": "%0"}),
        ),
        ("show_option", json!({"name": "history-limit"})),
        ("show_environment", json!({})),
        ("show_hooks", json!({})),
        (
            "call_read_tools_batch",
            json!({"operations": [
                {"tool": "list_sessions", "arguments": {}},
                {"tool": "get_pane_info", "arguments": {"pane": "%99999"}}
            ], "on_error": "continue"}),
        ),
    ];
    let failing = [
        ("get_pane_info", json!({"pane": "%99999"})),
        ("capture_pane", json!({"pane": "%99999"})),
        ("search_panes", json!({"pattern": "(", "regex": true})),
        ("wait_for_text", json!({"pane": "%99999", "seconds": 1})),
    ];
    let read_only: Vec<&str> = TOOLS
        .iter()
        .filter(|t| t.read_only_hint)
        .map(|t| t.name)
        .collect();
    let planned: Vec<&str> = ok.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        sorted(&json!(read_only)),
        sorted(&json!(planned)),
        "every read-only tool is planned"
    );
    let calls: Vec<Value> = ok
        .iter()
        .chain(&failing)
        .map(|(name, arguments)| json!({"name": name, "arguments": arguments}))
        .collect();
    let records = typescript(&world, &["-L", "work"], &json!(calls));

    let list = &records[0];
    assert_eq!(list["kind"], "list");
    for tool in list["tools"].as_array().unwrap() {
        assert_eq!(
            sorted(&tool["required"]),
            sorted(&tool["properties"]),
            "{}: every output field is declared required",
            tool["name"]
        );
    }
    assert_eq!(records[1]["kind"], "resource");
    let results = &records[2..];
    assert_eq!(results.len(), calls.len());
    for (record, call) in results.iter().zip(&calls) {
        assert_eq!(record["name"], call["name"]);
        assert!(
            record.get("thrown").is_none(),
            "the SDK refused the result of {call}: {}",
            record["thrown"]
        );
    }
    for record in &results[..ok.len()] {
        assert_eq!(record["isError"], false, "{record}");
        let text: Value = serde_json::from_str(record["text"].as_str().unwrap()).unwrap();
        assert_eq!(text, record["structured"], "the text mirrors the result");
    }
    for record in &results[ok.len()..] {
        assert_eq!(record["isError"], true, "{record}");
        assert_eq!(record["structured"], Value::Null, "{record}");
        let body: Value = serde_json::from_str(record["text"].as_str().unwrap()).unwrap();
        tmux_mcp_tests::check_error_body(&body);
    }
}
