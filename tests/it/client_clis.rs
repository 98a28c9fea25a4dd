//! The agent CLIs people run as this server's MCP clients (Claude Code, Codex, Gemini CLI, at
//! the versions tests/agents/package.json pins), each with tmux-mcp registered exactly as the
//! Clients page says, run as `claude -p` / `codex exec` / `gemini -p`, and answered by the
//! stand-in model (tests/programs/model_server.py) with a script of tool calls. What the CLI
//! handed its model after each call is checked: the result, or the error's message — a client
//! that turns an error into something else (Gemini CLI took a JSON error text for the tool's
//! output once) fails here.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{TempDir, World, binary, repo_root, wait_until};

use crate::agent_clis::{Cli, Model, Reap, install};

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
            json!({"tool": "create_session", "arguments": {"name": "made-by-cli"}}),
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

/// The first fenced block under the Clients page's `## {heading}`, and the page's path.
fn page_block(heading: &str) -> String {
    let page = repo_root().join("generated-docs/src/clients.md");
    let text = std::fs::read_to_string(&page).unwrap();
    let section = text
        .split(&format!("\n## {heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("{} has no section {heading}", page.display()));
    let block = section.split("```").nth(1).expect("a fenced block");
    // Past the language tag.
    block.split_once('\n').expect("a tagged block").1.to_owned()
}

/// `text` with `from` replaced once, which must be there.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(
        text.contains(from),
        "the Clients page changed: {from:?} not in\n{text}"
    );
    text.replacen(from, to, 1)
}

/// The Clients page's entry for `cli`.
fn entry(cli: Cli) -> String {
    page_block(match cli {
        Cli::ClaudeCode => "Claude Code",
        Cli::Codex => "Codex",
        Cli::Gemini => "Gemini CLI",
    })
}

/// Registers tmux-mcp in `cli` with `entry` (the Clients page's), on the tmux server
/// `-L work`.
fn register(cli: Cli, entry: &str, home: &Path, work: &Path, env: &[(String, String)]) {
    let server = binary().display().to_string();
    match cli {
        Cli::ClaudeCode => {
            let line = entry.lines().next().unwrap();
            let line = replaced(line, "-- tmux-mcp", &format!("-- {server} -L work"));
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(words[0], "claude", "{line}");
            let out = Command::new(Cli::bin().join("claude"))
                .args(&words[1..])
                .current_dir(work)
                .env_clear()
                .envs(env.iter().map(|(k, v)| (k, v)))
                .output()
                .unwrap();
            assert!(out.status.success(), "{line}: {out:?}");
        }
        Cli::Codex => {
            let block = replaced(
                entry,
                r#"command = "tmux-mcp""#,
                &format!("command = {server:?}"),
            );
            let block = replaced(&block, "args = []", r#"args = ["-L", "work"]"#);
            let config = home.join(".codex/config.toml");
            let mut text = std::fs::read_to_string(&config).unwrap();
            text.push('\n');
            text.push_str(&block);
            std::fs::write(&config, text).unwrap();
        }
        Cli::Gemini => {
            let mut entry: Value = serde_json::from_str(entry).unwrap();
            assert_eq!(
                entry["mcpServers"]["tmux"]["command"], "tmux-mcp",
                "the Clients page changed: {entry}"
            );
            let tmux = &mut entry["mcpServers"]["tmux"];
            tmux["command"] = json!(server);
            tmux["args"] = json!(["-L", "work"]);
            let settings = home.join(".gemini/settings.json");
            let mut all: Value =
                serde_json::from_str(&std::fs::read_to_string(&settings).unwrap()).unwrap();
            all["mcpServers"] = entry["mcpServers"].take();
            std::fs::write(&settings, all.to_string()).unwrap();
        }
    }
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
    /// What reached the model after each call, as text.
    said: Vec<String>,
}

/// Has `cli`, with tmux-mcp registered by `entry` on `world`'s server `work`, run `calls`
/// (the stand-in model making them one by one), as a person's shell would start it.
fn through(cli: Cli, entry: &str, world: &World, calls: &[&Value]) -> Run {
    install();
    let dir = TempDir::new("client-cli");
    let _reap = Reap(dir.path.clone());
    let (home, work) = (dir.path.join("home"), dir.path.join("work"));
    std::fs::create_dir_all(&work).unwrap();
    let script_file = dir.path.join("script.json");
    std::fs::write(&script_file, serde_json::to_string(calls).unwrap()).unwrap();
    let model = Model::start(&dir.path, Some(&script_file));

    let (vars, program) = cli.configure(&home, &work, model.port);
    // What a person's shell has: their PATH (with this tmux), HOME, and where their tmux lives.
    let path = format!(
        "{}:{}",
        Cli::bin().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut env: Vec<(String, String)> = vec![
        ("PATH".into(), path),
        ("HOME".into(), home.display().to_string()),
        ("TMUX_TMPDIR".into(), world.tmpdir().display().to_string()),
    ];
    env.extend(vars.into_iter().map(|(k, v)| (k.to_owned(), v)));
    register(cli, entry, &home, &work, &env);

    let mut command = Command::new(Cli::bin().join(program));
    match cli {
        Cli::ClaudeCode => command.args(["-p", "RUN SCRIPT", "--allowedTools", "mcp__tmux"]),
        Cli::Codex => command.args(["exec", "--skip-git-repo-check", "RUN SCRIPT"]),
        Cli::Gemini => command.args(["-p", "RUN SCRIPT"]),
    };
    // Into files: a pipe nobody reads while it runs could fill and stop it.
    let (stdout, stderr) = (dir.path.join("stdout"), dir.path.join("stderr"));
    let child = command
        .current_dir(&work)
        .env_clear()
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(std::fs::File::create(&stderr).unwrap())
        .spawn()
        .unwrap();
    let ended = finish(child, Duration::from_secs(180));
    let said = std::fs::read_to_string(&stdout).unwrap();
    let stderr = std::fs::read_to_string(&stderr).unwrap();
    assert!(
        ended,
        "{cli:?} still ran after 180 s\nstdout: {said}\nstderr: {stderr}"
    );
    let log = model.log();
    let results: Vec<&Value> = log.iter().filter(|e| e.get("call").is_some()).collect();
    assert!(
        said.contains("SCRIPT DONE") && results.len() == calls.len(),
        "{cli:?} did not run the script: {} of {} calls came back\nstdout: {said}\nstderr: {stderr}\nlog: {log:#?}",
        results.len(),
        calls.len(),
    );
    let said = (0..)
        .zip(results)
        .map(|(i, result)| {
            assert_eq!(result["call"], i);
            let mut text = String::new();
            strings(&result["result"], &mut text);
            text
        })
        .collect();
    let first = log.iter().find_map(|e| e["tools"].as_object()).unwrap();
    let offered = first.keys().cloned().collect();
    Run { offered, said }
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
    let unoffered: Vec<&str> = listed
        .iter()
        .filter_map(|t| t["name"].as_str())
        .filter(|name| {
            !run.offered
                .iter()
                .any(|o| o.ends_with(&format!("__{name}")) || o.ends_with(&format!("_tmux_{name}")))
        })
        .collect();
    let dropped: &[&str] = match cli {
        Cli::Gemini => &["run_shell_command"],
        _ => &[],
    };
    assert_eq!(unoffered, dropped, "{cli:?} offered {:?}", run.offered);
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
fn finish(mut child: std::process::Child, limit: Duration) -> bool {
    let ended = wait_until(limit, || child.try_wait().unwrap().is_some());
    if !ended {
        let _ = child.kill();
    }
    let _ = child.wait();
    ended
}

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
