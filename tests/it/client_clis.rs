//! The agent CLIs people run as this server's MCP clients (Claude Code, Codex, Gemini CLI, at
//! the versions tests/agents/package.json pins), each with tmux-mcp registered exactly as the
//! Clients page says, run as `claude -p` / `codex exec` / `gemini -p`, and answered by the
//! stand-in model (tests/programs/model_server.py) with a script of tool calls. What the CLI
//! handed its model after each call is checked: the result, or the error's message — a client
//! that turns an error into something else (Gemini CLI took a JSON error text for the tool's
//! output once) fails here.

use serde_json::{Value, json};
use tmux_mcp_tests::{World, binary, repo_root};

use tmux_mcp_tests::clis::{Cli, Registration, entry, page_block, run_script};

/// Words a result must hold to have reached the model whole.
type Needles = &'static [&'static str];

/// The calls the model makes, in order, on a server whose session `main` has the shell pane
/// `%0`; and for each, what must reach the model. Where a CLI answers a call itself, before it
/// reaches the server, its own words are given too.
fn script() -> Vec<(Value, Needles, Option<Needles>)> {
    vec![
        (
            json!({"tool": "list_sessions"}),
            &[r#""name":"main""#],
            None,
        ),
        (
            // In `/`: its shell would otherwise work in the CLI's folder (a subprocess's working
            // folder, tmux's default), whose processes are ended with the CLI.
            json!({"tool": "create_session", "arguments": {"name": "made-by-cli", "start_directory": "/"}}),
            &[r#""name":"made-by-cli""#],
            None,
        ),
        (
            json!({"tool": "send_keys", "arguments": {"pane": "%0", "text": "echo cli-says-$((6*7))", "enter": true}}),
            &[r#""pane":"%0""#],
            None,
        ),
        (
            json!({"tool": "wait_for_text", "arguments": {"pane": "%0", "patterns": ["cli-says-42"], "seconds": 30}}),
            &[r#""outcome":"matched""#],
            None,
        ),
        (
            json!({"tool": "capture_pane", "arguments": {"pane": "%0"}}),
            &["cli-says-42"],
            None,
        ),
        (
            json!({"tool": "call_read_tools_batch", "arguments": {"operations": [
                {"tool": "list_panes"},
                {"tool": "get_pane_info", "arguments": {"pane": "%0"}},
            ]}}),
            &[r#""failed":0"#, r#""index":1"#],
            None,
        ),
        (
            json!({"tool": "capture_pane", "arguments": {"pane": "not-a-pane", "max_lines": "ten"}}),
            &[
                "max_lines: expected integer from 1 to 100000",
                r#"pane: "not-a-pane" does not have the expected form"#,
                "[invalid_input]",
            ],
            // Its own check of the published schema, which stops at the first mistake.
            Some(&["max_lines must be integer"]),
        ),
        (
            json!({"tool": "capture_pane", "arguments": {"pane": "%999"}}),
            &["can't find pane: %999; list sessions", "object_gone"],
            None,
        ),
        (
            json!({"tool": "list_sessions", "arguments": {"bogus": 1}}),
            &["bogus: unknown field", "[invalid_input]"],
            Some(&["must NOT have additional properties"]),
        ),
    ]
}

/// Every string in `value`, one per line: what a result said, whatever the CLI wrapped it in.
fn strings(value: &Value, out: &mut String) {
    match value {
        Value::String(s) => {
            out.push_str(s);
            out.push('\n');
        }
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(map) => map.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// What a CLI's model saw of a script's run.
struct Run {
    /// The names of the tools the first request offered, as the CLI names them.
    offered: Vec<String>,
    /// The bytes of this server's tool definitions the CLI sent its model.
    bytes: u64,
    /// What reached the model after each call, as text.
    said: Vec<String>,
}

/// Has `cli`, with tmux-mcp registered by `entry` on `world`'s server `work`, run `calls`
/// (the stand-in model making them one by one), as a person's shell would start it.
fn through(cli: Cli, entry: &str, world: &World, calls: &[&Value]) -> Run {
    let server = [binary().display().to_string(), "-L".into(), "work".into()];
    let run = run_script(
        cli,
        Registration::Page(entry),
        &server,
        world.tmpdir(),
        calls,
    );
    let said = (0..)
        .zip(run.log.iter().filter(|e| e.get("call").is_some()))
        .map(|(i, result)| {
            assert_eq!(result["call"], i);
            let mut text = String::new();
            strings(&result["result"], &mut text);
            text
        })
        .collect();
    Run {
        offered: run.first_tools().keys().cloned().collect(),
        said,
        bytes: run.server_tool_bytes(),
    }
}

fn calls_every_tool_right(cli: Cli) {
    let world = World::new();
    world.start_server("work");
    let script = script();
    let calls: Vec<&Value> = script.iter().map(|(call, _, _)| call).collect();
    let run = through(cli, &entry(cli), &world, &calls);
    // Every tool of the default selection reaches the model, under the CLI's name for it
    // (`mcp__tmux__…`, `mcp_tmux_…`), but the one Gemini CLI drops for its own tool's name.
    let listed = world.run(&["-L", "work", "tools", "--json"], &[]);
    let listed: Vec<Value> = serde_json::from_slice(&listed.stdout).unwrap();
    let ours = |name: &str| {
        run.offered
            .iter()
            .find(|o| o.ends_with(&format!("__{name}")) || o.ends_with(&format!("_tmux_{name}")))
    };
    let unoffered: Vec<&str> = listed
        .iter()
        .filter_map(|t| t["name"].as_str())
        .filter(|name| ours(name).is_none())
        .collect();
    let dropped: &[&str] = match cli {
        Cli::Gemini => &["run_shell_command"],
        _ => &[],
    };
    assert_eq!(unoffered, dropped, "{cli:?} offered {:?}", run.offered);
    // What the model reads of this server on every request.
    let bytes = run.bytes;
    eprintln!("{cli:?}: {bytes} bytes of tmux-mcp's tool definitions reach the model");
    assert!(
        bytes <= cli.most_tool_bytes(),
        "{cli:?} sends its model {bytes} bytes of tmux-mcp's tools, over {}",
        cli.most_tool_bytes()
    );
    for (i, ((call, needles, own), text)) in script.iter().zip(&run.said).enumerate() {
        let needles = match (cli, own) {
            (Cli::Gemini, Some(own)) => own,
            _ => needles,
        };
        for needle in needles.iter() {
            assert!(
                text.contains(needle),
                "{cli:?}, call {i} {call}: its model did not get {needle:?} but:\n{text}"
            );
        }
        assert!(
            !text.contains("output schema"),
            "{cli:?}, call {i} {call}: {text}"
        );
    }
    let sessions = world.tmux("work", &["list-sessions", "-F", "#{session_name}"]);
    assert!(sessions.contains("made-by-cli"), "{sessions}");
}

/// Whether `child` ended within `limit`; it is killed past that.

#[test]
fn claude_code_calls_every_tool_right() {
    calls_every_tool_right(Cli::ClaudeCode);
}

#[test]
fn codex_calls_every_tool_right() {
    calls_every_tool_right(Cli::Codex);
}

#[test]
fn gemini_cli_calls_every_tool_right() {
    calls_every_tool_right(Cli::Gemini);
}

/// Registered without the page's `env_vars`, Codex starts the server with only HOME and PATH:
/// it still finds the person's tmux, from the environment Codex itself started with.
#[test]
fn codex_without_env_vars_still_finds_the_persons_tmux() {
    let world = World::new();
    world.start_server("work");
    let entry = entry(Cli::Codex);
    let entry: String = entry
        .lines()
        .filter(|l| !l.starts_with("env_vars"))
        .map(|l| format!("{l}\n"))
        .collect();
    let run = through(
        Cli::Codex,
        &entry,
        &world,
        &[&json!({"tool": "list_sessions"})],
    );
    assert!(run.said[0].contains(r#""name":"main""#), "{}", run.said[0]);
}

/// The VS Code and Cursor entries, which cannot run here: each starts this server on the
/// tmux it names, offering the number of tools the page says, within the client's limit.
#[tokio::test]
async fn the_vs_code_and_cursor_entries_start_the_server_within_their_tool_limits() {
    let world = World::new();
    world.start_server("work");
    for (heading, servers, limit) in [("VS Code", "servers", 128), ("Cursor", "mcpServers", 40)] {
        let block: Value = serde_json::from_str(&page_block(heading)).unwrap();
        let entry = &block[servers]["tmux"];
        assert_eq!(entry["command"], "tmux-mcp", "{heading}: {entry}");
        let args: Vec<&str> = entry["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        assert_eq!(args, ["-L", "default"], "{heading}: {entry}");
        let env: Vec<(&str, &str)> = entry["env"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| (k.as_str(), v.as_str().unwrap()))
            .collect();
        let client = world.client(&["-L", "work"], &env).await;
        let offered = client.list_all_tools().await.unwrap().len();
        client.cancel().await.unwrap();
        assert!(offered <= limit, "{heading}: {offered} tools, over {limit}");
        let page =
            std::fs::read_to_string(repo_root().join("generated-docs/src/clients.md")).unwrap();
        let section = page.split(&format!("\n## {heading}\n")).nth(1).unwrap();
        let section = section.split("\n## ").next().unwrap();
        assert!(
            section.contains(&format!("{offered} tools")),
            "the {heading} section does not say its {offered} tools:\n{section}"
        );
    }
}
