//! The server as a client sees it: the built binary spawned over stdio, a real rmcp client,
//! a private tmux per test. Covers selection (every example of the seed documents), startup
//! errors, socket provenance and the dedicated daemon, the capabilities resource and the
//! protocol-level refusals.

use std::time::Duration;

use rmcp::model::ReadResourceRequestParams;
use serde_json::{Value, json};
use tmux_mcp::catalog::{TOOLS, ToolId};
use tmux_mcp_tests::{
    BATCH_ONLY_SEED, Client, World, call, capabilities, default_tool_count, error_code,
    toolset_subsets, wait_until,
};

use tmux_mcp::surface::CAPABILITY_KEY;

async fn names(client: &Client) -> Vec<String> {
    let tools = client.list_tools(None).await.expect("tools/list");
    assert!(tools.next_cursor.is_none(), "tools/list is one page");
    tools.tools.iter().map(|t| t.name.to_string()).collect()
}

fn toolset_tools(toolsets: &[&str]) -> Vec<String> {
    TOOLS
        .iter()
        .filter(|t| toolsets.contains(&t.toolset))
        .map(|t| t.name.to_owned())
        .collect()
}

/// The offered list for an environment, on an operator socket nothing runs on.
async fn offered(env: &[(&str, &str)]) -> Vec<String> {
    let world = World::new();
    let client = world.client(&["-L", "absent"], env).await;
    let list = names(&client).await;
    client.cancel().await.expect("close");
    list
}

#[tokio::test]
async fn seed_examples_offer_exactly_the_documented_tools() {
    let mut inspect_execute = toolset_tools(&["inspect", "execute"]);
    inspect_execute.sort();
    assert_eq!(
        offered(&[("LIBTMUX_TOOLSETS", "inspect,execute")]).await,
        inspect_execute
    );

    assert_eq!(
        offered(&[("LIBTMUX_TOOLSETS", ""), ("LIBTMUX_TOOLS", "list_sessions")]).await,
        ["list_sessions"]
    );
    assert!(offered(&[("LIBTMUX_TOOLSETS", "")]).await.is_empty());

    let mut expected: Vec<String> = toolset_tools(&["inspect"])
        .into_iter()
        .filter(|n| n != "capture_pane")
        .collect();
    expected.push("send_keys".into());
    expected.sort();
    let env = [
        ("LIBTMUX_TOOLSETS", "inspect"),
        ("LIBTMUX_TOOLS", "send_keys"),
        ("LIBTMUX_EXCLUDE_TOOLS", "capture_pane"),
    ];
    let got = offered(&env).await;
    assert_eq!(got, expected);
    assert!(got.contains(&"snapshot_pane".to_owned()) && got.contains(&"capture_since".to_owned()));

    let env = [
        ("LIBTMUX_TOOLSETS", ""),
        ("LIBTMUX_TOOLS", "list_sessions,list_windows"),
    ];
    assert_eq!(offered(&env).await, ["list_sessions", "list_windows"]);

    let mut expected: Vec<String> = toolset_tools(&["inspect"])
        .into_iter()
        .filter(|n| n != "show_environment")
        .collect();
    expected.sort();
    assert_eq!(
        offered(&[
            ("LIBTMUX_TOOLSETS", "inspect"),
            ("LIBTMUX_EXCLUDE_TOOLS", "show_environment")
        ])
        .await,
        expected
    );

    let env = [
        ("LIBTMUX_TOOLSETS", ""),
        ("LIBTMUX_TOOLS", "call_read_tools_batch,list_sessions"),
    ];
    assert_eq!(
        offered(&env).await,
        ["call_read_tools_batch", "list_sessions"]
    );
}

#[tokio::test]
async fn every_toolset_subset_offers_exactly_its_tools() {
    for (_, chosen) in toolset_subsets() {
        let mut expected = toolset_tools(&chosen);
        expected.sort();
        let value = chosen.join(",");
        assert_eq!(
            offered(&[("LIBTMUX_TOOLSETS", &value)]).await,
            expected,
            "LIBTMUX_TOOLSETS={value:?}"
        );
    }
}

#[tokio::test]
async fn exclusion_beats_addition_and_empty_lists_are_none() {
    let env = [
        ("LIBTMUX_TOOLSETS", ""),
        ("LIBTMUX_TOOLS", "kill_session,list_panes"),
        ("LIBTMUX_EXCLUDE_TOOLS", "kill_session"),
    ];
    assert_eq!(offered(&env).await, ["list_panes"]);
    let env = [
        ("LIBTMUX_TOOLSETS", "manage"),
        ("LIBTMUX_TOOLS", ""),
        ("LIBTMUX_EXCLUDE_TOOLS", ""),
    ];
    assert_eq!(offered(&env).await.len(), toolset_tools(&["manage"]).len());
}

#[tokio::test]
async fn batch_only_selection_prunes_the_exclusion_everywhere() {
    let world = World::new();
    world.start_server("work");
    let env = BATCH_ONLY_SEED;
    let client = world.client(&["-L", "work"], &env).await;
    let tools = client.list_tools(None).await.expect("tools/list");
    assert_eq!(tools.tools.len(), 1);
    let batch = &tools.tools[0];
    assert_eq!(batch.name, "call_read_tools_batch");
    // Nothing else is offered: every row's schema is inlined.
    let alternatives = batch.input_schema["properties"]["operations"]["items"]["oneOf"]
        .as_array()
        .expect("oneOf")
        .clone();
    let consts: Vec<&str> = alternatives
        .iter()
        .filter_map(|a| a["properties"]["tool"]["const"].as_str())
        .collect();
    assert_eq!(consts.len(), alternatives.len());
    let record = &batch.meta.as_ref().expect("_meta")[CAPABILITY_KEY];
    let nested: Vec<&str> = record["nestedAuthority"]
        .as_array()
        .expect("nestedAuthority")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(consts, nested);
    let declared = ToolId::CallReadToolsBatch.descriptor().nested_authority;
    assert_eq!(
        nested.len(),
        declared.len() - 1,
        "all it declares but the exclusion"
    );
    assert!(!nested.contains(&"show_environment"));
    assert!(
        !record["outputClasses"]
            .as_array()
            .unwrap()
            .contains(&json!("process-environment"))
    );

    let err = call(&client, "list_sessions", json!({}))
        .await
        .expect_err("list_sessions is not offered directly");
    assert_eq!(error_code(&err), Some(-32602));
    assert!(err.to_string().contains("LIBTMUX_TOOLS"), "{err}");
    client.cancel().await.expect("close");
}

#[tokio::test]
async fn unknown_and_unoffered_tools_are_invalid_params() {
    let world = World::new();
    let client = world
        .client(
            &["-L", "absent"],
            &[
                ("LIBTMUX_TOOLSETS", "inspect"),
                ("LIBTMUX_EXCLUDE_TOOLS", "list_panes"),
            ],
        )
        .await;
    let err = call(&client, "no_such_tool", json!({}))
        .await
        .expect_err("unknown tool");
    assert_eq!(error_code(&err), Some(-32602));
    assert!(err.to_string().contains("no tool no_such_tool"), "{err}");
    let err = call(&client, "kill_session", json!({"session": "$0"}))
        .await
        .expect_err("unoffered tool");
    assert_eq!(error_code(&err), Some(-32602));
    assert!(err.to_string().contains("LIBTMUX_TOOLSETS"), "{err}");
    let err = call(&client, "list_panes", json!({}))
        .await
        .expect_err("excluded tool");
    assert!(err.to_string().contains("LIBTMUX_EXCLUDE_TOOLS"), "{err}");
    let err = call(&client, "List_Sessions", json!({}))
        .await
        .expect_err("case variant");
    assert_eq!(error_code(&err), Some(-32602));
    client.cancel().await.expect("close");
}

#[tokio::test]
async fn bad_arguments_are_tool_errors_that_name_the_field() {
    let world = World::new();
    let client = world
        .client(&["-L", "absent"], &[("LIBTMUX_TOOLSETS", "inspect")])
        .await;
    for (args, needle) in [
        (json!({"pane": "3"}), "pane"),
        (json!({}), "pane: is required"),
        (json!({"pane": "%1", "bogus": true}), "bogus: unknown field"),
        (
            json!({"pane": "%1", "max_lines": 0}),
            "max_lines: must be at least 1",
        ),
    ] {
        let result = call(&client, "capture_pane", args.clone())
            .await
            .expect("a tool result, not a protocol error");
        assert_eq!(result.is_error, Some(true), "{args}");
        let body = tmux_mcp_tests::payload(&serde_json::to_value(&result).unwrap());
        assert_eq!(body["kind"], "invalid_input", "{args}");
        assert_eq!(body["retryable"], false);
        assert!(
            body["message"].as_str().unwrap().contains(needle),
            "{args}: {body}"
        );
    }
    // Every mistake in one reply, each with what is allowed: a model that fixes one and tries
    // again must not fail again on the next.
    let args = json!({"pane": "not-a-pane", "max_lines": "ten", "histroy": true});
    let result = call(&client, "capture_pane", args.clone())
        .await
        .expect("tool result");
    let body = tmux_mcp_tests::payload(&serde_json::to_value(&result).unwrap());
    let message = body["message"].as_str().unwrap();
    for needle in [
        "pane: \"not-a-pane\" does not have the expected form",
        "max_lines: expected integer from 1 to ",
        "histroy: unknown field; expected one of ",
    ] {
        assert!(message.contains(needle), "{needle:?} missing: {message}");
    }
    let result = call(&client, "list_sessions", json!({"extra": 1}))
        .await
        .expect("tool result");
    assert_eq!(
        result.is_error,
        Some(true),
        "tools without arguments refuse unknown fields too"
    );
    client.cancel().await.expect("close");
}

/// A client reads a stdio server's stderr as its error log (Claude Code labels each line
/// `[ERROR]`): a run that goes well writes nothing there.
#[test]
fn a_run_that_goes_well_writes_nothing_on_stderr() {
    let world = World::new();
    world.start_server("work");
    let out = world.run(&["-L", "work"], &[]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[tokio::test]
async fn startup_errors_are_one_line_on_stderr_and_nothing_on_stdout() {
    let world = World::new();
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a str);
    let cases: [Case; 11] = [
        (&[], &[("LIBTMUX_TOOLSETS", "inspect,")], "empty name"),
        (&[], &[("LIBTMUX_TOOLSETS", ",inspect")], "empty name"),
        (
            &[],
            &[("LIBTMUX_TOOLSETS", "inspect,,execute")],
            "empty name",
        ),
        (&[], &[("LIBTMUX_TOOLSETS", "Inspect")], "unknown toolset"),
        (
            &[],
            &[("LIBTMUX_TOOLS", "list_session")],
            "did you mean list_sessions",
        ),
        (&[], &[("LIBTMUX_EXCLUDE_TOOLS", "nope")], "unknown tool"),
        (&[], &[("LIBTMUX_SAFETY", "")], "LIBTMUX_TOOLSETS"),
        (&[], &[("TMUX_MCP_SAFETY", "mutating")], "LIBTMUX_TOOLSETS"),
        (&["-S", "/tmp/x", "-L", "y"], &[], "not both"),
        (&[], &[("LIBTMUX_TMUX_CONFIG", "relative.conf")], "absolute"),
        (&["--bogus"], &[], "unrecognised argument"),
    ];
    for (args, env, needle) in cases {
        let out = world.run(args, env);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} {env:?} should fail");
        assert!(out.stdout.is_empty(), "{args:?} {env:?} wrote to stdout");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("tmux-mcp: ") && stderr.contains(needle),
            "{args:?} {env:?}: {stderr}"
        );
    }
    assert!(
        world.sockets().is_empty(),
        "a failed startup contacted tmux: {:?}",
        world.sockets()
    );
}

/// A tmux older than 3.2a (here a `tmux` on PATH that says it is 3.1c) stops `serve` and
/// `check` with one line naming the version found and the one needed, before any server
/// starts.
#[test]
fn a_tmux_older_than_the_floor_stops_startup() {
    let world = World::new();
    let bin = world.tmpdir().join("old-tmux");
    std::fs::create_dir_all(&bin).unwrap();
    let real = tmux_mcp_tests::tmux_on_path();
    let script = format!(
        "#!/bin/sh\n[ \"$1\" = -V ] && {{ echo 'tmux 3.1c'; exit 0; }}\nexec {} \"$@\"\n",
        real.trim()
    );
    let fake = bin.join("tmux");
    std::fs::write(&fake, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    for args in [&["-L", "old"][..], &["-L", "old", "check"], &["check"], &[]] {
        let out = world.run(args, &[("PATH", &path)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr, "tmux-mcp: tmux 3.1c is too old: tmux-mcp needs tmux 3.2a or newer\n",
            "{args:?}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(world.tmux_processes(), 0, "no tmux server was started");
}

#[tokio::test]
async fn provenance_decides_the_defaults() {
    // No socket chosen and no daemon yet: this launch creates the dedicated daemon.
    let world = World::new();
    let client = world.client(&[], &[]).await;
    assert_eq!(names(&client).await.len(), default_tool_count(true));
    let caps = capabilities(&client).await;
    assert_eq!(caps["socket"]["selectionProvenance"], "default-dedicated");
    assert_eq!(caps["socket"]["serverState"], "created");
    assert_eq!(caps["socket"]["configurationProvenance"], "minimal");
    assert_eq!(caps["selection"]["toolsetsDefaulted"], true);
    client.cancel().await.expect("close");

    // The dedicated daemon already running (started by someone else).
    let world = World::new();
    world.start_server("libtmux-mcp");
    let client = world.client(&[], &[]).await;
    assert_eq!(names(&client).await.len(), default_tool_count(false));
    assert_eq!(
        capabilities(&client).await["socket"]["serverState"],
        "existing"
    );
    client.cancel().await.expect("close");
    assert!(
        world.server_alive("libtmux-mcp"),
        "a daemon this launch did not create must be left running"
    );

    // An explicit socket.
    let world = World::new();
    world.start_server("mine");
    let client = world.client(&["-L", "mine"], &[]).await;
    assert_eq!(names(&client).await.len(), default_tool_count(false));
    let caps = capabilities(&client).await;
    assert_eq!(caps["socket"]["selectionProvenance"], "operator-selected");
    assert_eq!(caps["socket"]["selector"], "name:mine");
    client.cancel().await.expect("close");
}

#[tokio::test]
async fn servers_share_the_dedicated_daemon_and_the_last_one_stops_it() {
    let world = World::new();
    let first = world.client(&[], &[]).await;
    assert_eq!(
        capabilities(&first).await["socket"]["serverState"],
        "created"
    );
    let second = world.client(&[], &[]).await;
    assert_eq!(
        capabilities(&second).await["socket"]["serverState"],
        "existing"
    );
    assert_eq!(names(&second).await.len(), default_tool_count(false));

    first.cancel().await.expect("close first");
    assert!(
        world.server_alive("libtmux-mcp"),
        "the daemon must outlive the first server while another uses it"
    );
    second.cancel().await.expect("close second");
    assert!(
        wait_until(Duration::from_secs(10), || !world
            .server_alive("libtmux-mcp")),
        "the last server to leave must stop the daemon its launch created"
    );
}

#[tokio::test]
async fn the_capabilities_resource_matches_the_tool_metadata() {
    let world = World::new();
    world.start_server("work");
    let client = world
        .client(
            &["-L", "work"],
            &[
                ("LIBTMUX_TOOLSETS", "inspect,teardown"),
                ("LIBTMUX_EXCLUDE_TOOLS", "show_hooks"),
            ],
        )
        .await;
    let resources = client.list_all_resources().await.expect("resources/list");
    assert_eq!(resources.len(), 1);
    assert_eq!(resources[0].uri, "tmux://capabilities");
    assert_eq!(resources[0].mime_type.as_deref(), Some("application/json"));

    let caps = capabilities(&client).await;
    // The running server's version, and what this server does differently on it.
    let version = world.tmux("work", &["display-message", "-p", "#{version}"]);
    let features: Vec<Value> = tmux::Version::parse(&version)
        .features()
        .in_use()
        .into_iter()
        .map(|(f, holds)| json!({"name": f.name(), "holds": holds}))
        .collect();
    assert_eq!(
        caps["tmux"],
        json!({"version": version.trim(), "readFrom": "server", "minimum": "3.2a", "features": features})
    );
    let tools = client.list_tools(None).await.expect("tools/list").tools;
    let rows = caps["tools"].as_array().expect("tools rows");
    assert_eq!(rows.len(), tools.len());
    assert_eq!(
        caps["effectiveTools"].as_array().unwrap().len(),
        tools.len()
    );
    for (row, tool) in rows.iter().zip(&tools) {
        assert_eq!(row["name"], tool.name.as_ref());
        assert_eq!(row["title"], tool.title.as_deref().unwrap_or_default());
        let meta = &tool.meta.as_ref().expect("_meta")[CAPABILITY_KEY];
        assert_eq!(&row["capability"], meta, "{}", tool.name);
        // tools/list leaves out hints that say nothing (MCP's defaults, and destructive and
        // idempotent on a read-only tool); the report states all four.
        let a = tool.annotations.as_ref().expect("annotations");
        let read_only = a.read_only_hint.unwrap_or(false);
        assert_eq!(
            row["annotations"]["readOnlyHint"], read_only,
            "{}",
            tool.name
        );
        assert_eq!(
            row["annotations"]["openWorldHint"],
            a.open_world_hint.unwrap_or(true),
            "{}",
            tool.name
        );
        if read_only {
            assert!(
                a.destructive_hint.is_none() && a.idempotent_hint.is_none(),
                "{}",
                tool.name
            );
        } else {
            assert_eq!(
                row["annotations"]["destructiveHint"],
                a.destructive_hint.unwrap_or(true),
                "{}",
                tool.name
            );
            assert_eq!(
                row["annotations"]["idempotentHint"],
                a.idempotent_hint.unwrap_or(false),
                "{}",
                tool.name
            );
        }
        // The nine declared fields, and secretMasking where pane text is returned (masking
        // is on by default); writeScope appears only under LIBTMUX_WRITE_SCOPE=created.
        let keys: Vec<&String> = meta.as_object().unwrap().keys().collect();
        let returns_text = meta["outputClasses"]
            .as_array()
            .unwrap()
            .contains(&json!("terminal-content"));
        assert_eq!(
            keys.len(),
            9 + usize::from(returns_text),
            "{}: the record holds exactly the published fields",
            tool.name
        );
        assert_eq!(
            meta["secretMasking"].as_bool(),
            returns_text.then_some(true)
        );
        assert!(meta.get("writeScope").is_none());
    }
    assert_eq!(caps["selection"]["excludedTools"], json!(["show_hooks"]));
    assert_eq!(caps["socket"]["selector"], "name:work");
    assert_eq!(caps["transport"], json!({"kind": "stdio"}));
    let err = client
        .read_resource(ReadResourceRequestParams::new("tmux://nothing"))
        .await
        .expect_err("unknown resource");
    assert!(error_code(&err).is_some());
    client.cancel().await.expect("close");
}

#[tokio::test]
async fn always_load_tools_are_marked() {
    let client_world = World::new();
    let client = client_world.client(&["-L", "absent"], &[]).await;
    let tools = client.list_tools(None).await.expect("tools/list").tools;
    let marked: Vec<&str> = tools
        .iter()
        .filter(|t| {
            t.meta.as_ref().and_then(|m| m.get("anthropic/alwaysLoad")) == Some(&json!(true))
        })
        .map(|t| t.name.as_ref())
        .collect();
    assert_eq!(marked, ["get_server_info", "list_panes", "snapshot_pane"]);
    let sorted = tools.windows(2).all(|w| w[0].name < w[1].name);
    assert!(sorted, "tools/list is sorted by name");
    client.cancel().await.expect("close");
}

#[test]
fn tools_command_reports_without_starting_a_daemon() {
    let world = World::new();
    let out = world.run(&["tools"], &[]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.ends_with(&format!("{} tools\n", default_tool_count(true))),
        "{text}"
    );
    assert!(
        world.sockets().iter().all(|s| !world.server_alive(s)),
        "tools left a daemon running"
    );
    assert!(!world.server_alive("libtmux-mcp"));

    world.start_server("existing");
    let out = world.run(&["-L", "existing", "tools", "--json"], &[]);
    let listed: Vec<Value> = serde_json::from_slice(&out.stdout).expect("tools --json is JSON");
    assert_eq!(listed.len(), default_tool_count(false));
    assert!(
        listed
            .iter()
            .all(|t| ToolId::from_name(t["name"].as_str().unwrap()).is_some())
    );

    let out = world.run(&["-L", "existing", "check"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success()
            && text.contains("operator-selected server, already running")
            && text.contains(&format!("{} offered", default_tool_count(false))),
        "{text}"
    );
    // The running server's version, and each feature of the table it has, by name.
    let version = world.tmux("existing", &["display-message", "-p", "#{version}"]);
    assert!(
        text.contains(&format!("tmux:        {} (from server)", version.trim())),
        "{text}"
    );
    for (feature, _) in tmux::Version::parse(&version).features().in_use() {
        assert!(
            text.contains(&format!("  {}: tmux ", feature.name())),
            "{text}"
        );
    }
}

#[test]
fn started_by_hand_in_a_terminal_it_says_how_to_connect() {
    let world = World::new();
    world.start_server("work");
    // The shell reports the exit status on screen: tmux 3.3a can leave #{pane_dead_status}
    // empty when it sees the terminal close before it reaps the process.
    let command = format!(
        "{} -L absent; echo \"exited with $?\"",
        tmux_mcp_tests::binary().display()
    );
    world.tmux("work", &["set-option", "-g", "remain-on-exit", "on"]);
    let pane = world
        .tmux(
            "work",
            &["new-window", "-d", "-P", "-F", "#{pane_id}", &command],
        )
        .trim()
        .to_owned();
    let pane = pane.as_str();
    let screen = || world.tmux("work", &["capture-pane", "-p", "-J", "-t", pane]);
    assert!(
        wait_until(Duration::from_secs(10), || screen().contains("speaks MCP")),
        "{}",
        screen()
    );
    assert!(screen().contains("Ctrl-D"), "{}", screen());
    // Ctrl-D ends stdin, and with it the server.
    world.tmux("work", &["send-keys", "-t", pane, "C-d"]);
    assert!(
        wait_until(Duration::from_secs(10), || screen()
            .contains("exited with ")),
        "{}",
        screen()
    );
    assert!(screen().contains("exited with 0"), "{}", screen());
    assert!(!screen().contains("error"), "{}", screen());
}

/// A client that starts servers with a reduced environment (Codex passes only `HOME` and
/// `PATH`) drops `TMUX_TMPDIR`: the server takes it from the process that started it, finds
/// the person's tmux where it says, and says where it found it.
#[tokio::test]
async fn a_client_that_drops_tmux_tmpdir_still_finds_the_persons_tmux() {
    let world = World::new();
    world.start_server("work");
    // A parent started with the person's TMUX_TMPDIR, which starts the server without it;
    // `; true` keeps sh from exec-ing the server in its own place.
    let script = "unset TMUX_TMPDIR; \"$0\" -L work \"$@\"; true";
    let parent = |args: &[&str]| {
        let mut cmd = tokio::process::Command::new("sh");
        cmd.env_clear()
            .envs(world.base_env())
            .args(["-c", script])
            .arg(tmux_mcp_tests::binary())
            .args(args);
        cmd
    };
    let out = parent(&["check"]).output().await.unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let socket = world
        .tmpdir()
        .join(format!("tmux-{}/work", tmux::process::uid()));
    assert!(
        out.status.success()
            && text.contains(&format!("socket:      {}", socket.display()))
            && text.contains("socket dir:  TMUX_TMPDIR of process ")
            && text.contains(" (sh), which the client that started this server did not pass on")
            && text.contains("operator-selected server, already running"),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let (transport, _) = rmcp::transport::TokioChildProcess::builder(parent(&[]))
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn sh");
    let client = rmcp::ServiceExt::serve((), transport)
        .await
        .expect("handshake");
    let caps = capabilities(&client).await;
    assert_eq!(caps["socket"]["path"], socket.display().to_string());
    let said = caps["socket"]["directoryProvenance"].as_str().unwrap();
    assert!(said.starts_with("TMUX_TMPDIR of process "), "{said}");
    let sessions = tmux_mcp_tests::ok(&client, "list_sessions", json!({})).await;
    assert_eq!(sessions["sessions"][0]["name"], "main", "{sessions}");
    client.cancel().await.expect("close");

    // Given its own, nothing is taken from elsewhere.
    let out = world.run(&["-L", "work", "check"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("socket dir:  TMUX_TMPDIR\n"), "{text}");
}
