//! LIBTMUX_WRITE_SCOPE=created against a real tmux: every tool that changes tmux or supplies
//! input (walked from the manifest) is refused on a person's pane, window and session with
//! nothing changed; what the server created, and what a person granted, can be changed; the
//! ownership outlives the server. Also: the trust settings' startup errors.

use serde_json::{Value, json};
use tmux_mcp::catalog::TOOLS;
use tmux_mcp_tests::{Fixture, World, capabilities, valid_arguments};

const SCOPE: (&str, &str) = ("LIBTMUX_WRITE_SCOPE", "created");

/// Everything a refused call could have changed: objects, names, layout, titles, sizes,
/// options, focus, the screens and the global options.
fn state(f: &Fixture) -> String {
    let panes = f.tmux(&[
        "list-panes",
        "-a",
        "-F",
        "#{session_id} #{session_name} #{window_id} #{window_index} #{window_name} #{window_layout} #{window_active} #{pane_id} #{pane_active} #{pane_title} #{pane_pid} #{history_size} #{synchronize-panes} #{mouse} #{history-limit}",
    ]);
    let globals = f.tmux(&["show-options", "-g"]);
    let screens = f.screen("%0") + &f.screen("%1");
    format!("{panes}\n{globals}\n{screens}")
}

async fn refused(f: &Fixture, tool: &str, arguments: Value) -> String {
    let body = f.fails(tool, arguments.clone()).await;
    assert_eq!(body["kind"], "refused", "{tool} {arguments}: {body}");
    let message = body["message"].as_str().unwrap().to_owned();
    assert!(message.contains("LIBTMUX_WRITE_SCOPE=created"), "{message}");
    message
}

#[tokio::test]
async fn a_persons_objects_are_refused_to_every_change_tool() {
    let f = Fixture::here(&[SCOPE]).await;
    // tmux renames a window after its pane's process up to a second after the pane runs it:
    // the state taken before must not be a name on its way to another.
    f.tmux(&["set-option", "-gw", "automatic-rename", "off"]);
    let second = f.open(&["split-window", "-t", "%0"], "sh");
    assert_eq!(second, "%1");
    f.wait_for_prompt("%1");
    let before = state(&f);
    let mut walked = 0;
    let mut untargeted = Vec::new();
    for tool in TOOLS.iter().filter(|t| !t.annotations.read_only_hint) {
        if tool.targets.is_empty() {
            untargeted.push(tool.name);
            continue;
        }
        let mut arguments = valid_arguments(tool.name, ["%0", "@0", "$0"]);
        if tool.name == "swap_pane" {
            arguments["target_pane"] = json!("%1");
        }
        let message = refused(&f, tool.name, arguments.clone()).await;
        if tool.targets.iter().all(|t| t.required) {
            assert!(message.contains("@tmux-mcp-grant on"), "{message}");
        }
        // An optional session left out means the global default: refused too; named, refused.
        if tool.targets.iter().any(|t| !t.required) {
            arguments["session"] = json!("$0");
            refused(&f, tool.name, arguments).await;
        }
        walked += 1;
    }
    assert!(
        walked > 0,
        "every change tool that names an object was tried"
    );
    // These act on no existing object: a new session, and channels. A change tool joins this
    // list only by a reviewer's decision, since no write scope can hold it.
    assert_eq!(
        untargeted,
        ["create_session", "signal_channel", "wait_for_channel"]
    );
    assert_eq!(state(&f), before, "a refused call changed something");

    let malformed = f.fails("send_keys", json!({"pane": "%0", "text": 7})).await;
    assert_eq!(malformed["kind"], "invalid_input", "{malformed}");
    let message = refused(&f, "send_keys", json!({"pane": "%0", "text": "x"})).await;
    let socket = f.display("%0", "#{socket_path}");
    assert!(
        message.contains(&format!(
            "tmux -S {socket} set-option -p -t %0 @tmux-mcp-grant on"
        )),
        "the message says how to grant: {message}"
    );
    let caps = capabilities(&f.client).await;
    assert_eq!(caps["writeScope"]["scope"], "created");
    for row in caps["tools"].as_array().unwrap() {
        let read_only = row["annotations"]["readOnlyHint"] == true;
        let scoped = row["capability"].get("writeScope");
        assert_eq!(scoped.is_none(), read_only, "{row}");
    }
}

#[tokio::test]
async fn created_and_granted_objects_can_be_changed_and_ownership_outlives_the_server() {
    let mut f = Fixture::here(&[SCOPE]).await;
    let created = f.ok("create_session", json!({"name": "agent"})).await;
    let (pane, window) = (
        created["pane"].as_str().unwrap().to_owned(),
        created["window"].as_str().unwrap().to_owned(),
    );
    // Each object carries its own mark, so a moved window or pane stays owned.
    for level in ["-p", "-w"] {
        let own = f.tmux(&["show-options", level, "-t", &pane]);
        assert!(own.contains("@tmux-mcp-created on"), "{level}: {own}");
    }
    let split = f.ok("split_window", json!({"pane": pane})).await;
    let inner = split["pane"].as_str().unwrap().to_owned();
    f.ok(
        "set_pane_title",
        json!({"pane": inner, "title": "agent work"}),
    )
    .await;
    f.ok(
        "rename_window",
        json!({"window": window, "name": "agent-w"}),
    )
    .await;
    let extra = f.ok("create_window", json!({"session": "agent"})).await;
    f.ok("kill_window", json!({"window": extra["window"]}))
        .await;
    f.ok("kill_pane", json!({"pane": inner})).await;

    // A person grants a pane, then takes it back.
    f.tmux(&["set-option", "-p", "-t", "%0", "@tmux-mcp-grant", "on"]);
    f.ok("set_pane_title", json!({"pane": "%0", "title": "granted"}))
        .await;
    refused(&f, "kill_window", json!({"window": "@0"})).await;
    f.tmux(&["set-option", "-p", "-u", "-t", "%0", "@tmux-mcp-grant"]);
    refused(&f, "set_pane_title", json!({"pane": "%0", "title": "no"})).await;
    // A window grant covers its panes; the nearest setting decides.
    f.tmux(&["set-option", "-w", "-t", "@0", "@tmux-mcp-grant", "on"]);
    f.ok("rename_window", json!({"window": "@0", "name": "shared"}))
        .await;
    f.ok(
        "set_pane_title",
        json!({"pane": "%0", "title": "via window"}),
    )
    .await;
    refused(
        &f,
        "rename_session",
        json!({"session": "main", "name": "x"}),
    )
    .await;
    f.tmux(&["set-option", "-p", "-t", "%0", "@tmux-mcp-grant", "off"]);
    refused(&f, "send_keys", json!({"pane": "%0", "text": "x"})).await;
    assert_eq!(f.display("%0", "#{pane_title}"), "via window");

    // Another server with the same scope still owns what this one made.
    f.client.cancel().await.expect("close");
    f.client = f
        .world
        .client_here(
            &["-L", "work"],
            &[
                ("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown"),
                SCOPE,
            ],
        )
        .await;
    f.ok(
        "set_pane_title",
        json!({"pane": pane, "title": "still mine"}),
    )
    .await;
    refused(&f, "send_keys", json!({"pane": "%0", "text": "x"})).await;
    f.ok("kill_session", json!({"session": "agent"})).await;
}

#[test]
fn bad_trust_settings_stop_startup_with_one_line() {
    let world = World::new();
    let dir = tmux_mcp_tests::TempDir::new("trust");
    let open_log = dir.path.join("open.log");
    std::fs::write(&open_log, "").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&open_log, std::fs::Permissions::from_mode(0o644)).unwrap();
    let open_log = open_log.to_string_lossy().into_owned();
    let cases: [(&str, &str, &str); 6] = [
        (
            "LIBTMUX_MASK_PATTERNS",
            "fine\n(unclosed",
            "not a valid regular expression",
        ),
        (
            "LIBTMUX_MASK_SECRETS",
            "maybe",
            "set it to on (the default) or off",
        ),
        (
            "LIBTMUX_AUDIT_LOG",
            "/nonexistent-dir/audit.log",
            "cannot open the audit log",
        ),
        ("LIBTMUX_AUDIT_LOG", "audit.log", "give an absolute path"),
        ("LIBTMUX_AUDIT_LOG", &open_log, "chmod 600"),
        (
            "LIBTMUX_WRITE_SCOPE",
            "mine",
            "set it to all (the default) or created",
        ),
    ];
    for (name, value, says) in cases {
        let out = world.run(&["-L", "work", "serve"], &[(name, value)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}={value:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}={value:?}: {stderr}");
        assert!(stderr.contains(says), "{name}={value:?}: {stderr}");
    }
    // Nothing was started for any of them.
    assert!(!world.server_alive("work"));
}
