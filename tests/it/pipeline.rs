//! The middle layer: the tool context and the call pipeline (`server/src/pipeline.rs`) run in
//! this test's own process against one private tmux, with no binary and no transport, over
//! tables of cases, each a tool, its arguments and what must come back: the pipeline's own
//! (refusals, a batch, masking), and a row or more for every tool of the catalog with what tmux
//! must show after it; and every tool called with arguments made from its schema, its output
//! held to its output schema.
//! What needs a real client (the protocol, the SDKs, the agent CLIs) stays in the end-to-end
//! modules.

use std::ffi::OsString;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp::catalog::{ErrorKind, ToolError};
use tmux_mcp::environment::Environment;
use tmux_mcp::handlers::{Request, Tools};
use tmux_mcp::pipeline::{self, NotOffered};
use tmux_mcp_tests::{Targets, World, check_output, every_tool_teardown_last, wait_until};

/// What a case must get back.
enum Expect {
    /// A result holding these values (a JSON subset), its output as its schema says.
    Holds(Value),
    /// A tool error of this kind whose message holds this text.
    Fails(ErrorKind, &'static str),
    /// Refused before any tool ran, with this text in the JSON-RPC error's message.
    NotOffered(&'static str),
    /// A result whose JSON holds this text (a capture's, a screen's), its output as its schema
    /// says.
    Says(&'static str),
}

/// What tmux must answer after a row's call: this command's output holds the text, or not,
/// or it differs from what it answered before the call.
enum Shows {
    Nothing,
    Has(&'static [&'static str], &'static str),
    Lacks(&'static [&'static str], &'static str),
    Changed(&'static [&'static str]),
}

/// A private tmux server with a session `main` and the tool context a server started on it
/// with every toolset would serve with.
struct Here {
    world: World,
    tools: Arc<Tools>,
}

impl Here {
    async fn new() -> Here {
        let world = World::new();
        world.start_server("mid");
        let socket = world
            .socket_path("mid")
            .expect("the socket of the test's tmux");
        let args: Vec<OsString> = vec!["-S".into(), socket.into_os_string()];
        let vars =
            Environment::from_pairs(&[("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")]);
        // On a socket the test named, the launch holds no lease of a dedicated daemon.
        let (tools, _launch) = tmux_mcp::cli::tools(&args, &vars)
            .await
            .expect("the tool context for the test's tmux");
        Here { world, tools }
    }

    /// Calls `tool` through the pipeline, as a transport would.
    async fn call(
        &self,
        tool: &str,
        arguments: Value,
    ) -> Result<Result<Value, ToolError>, NotOffered> {
        let call = pipeline::call_tool(&self.tools, Request::new(json!(1)), tool, arguments);
        tokio::time::timeout(Duration::from_secs(60), call)
            .await
            .unwrap_or_else(|_| panic!("{tool}: no answer within 60 s"))
    }

    /// Runs `case`'s call and holds what came back to what it expects.
    async fn check(&self, (tool, arguments, expect): (&str, Value, Expect)) {
        let got = self.call(tool, arguments.clone()).await;
        let what = format!("{tool} {arguments}");
        match (expect, got) {
            (Expect::Holds(wanted), Ok(Ok(output))) => {
                check_output(tool, &output);
                assert!(
                    holds(&output, &wanted),
                    "{what}: {output} does not hold {wanted}"
                );
            }
            (Expect::Fails(kind, text), Ok(Err(e))) => assert!(
                e.kind == kind && e.message.contains(text),
                "{what}: wanted {kind:?} saying {text:?}, got {:?}: {}",
                e.kind,
                e.message
            ),
            (Expect::NotOffered(text), Err(NotOffered(why))) => {
                assert!(why.contains(text), "{what}: refused with {why:?}")
            }
            (Expect::Says(text), Ok(Ok(output))) => {
                check_output(tool, &output);
                assert!(
                    output.to_string().contains(text),
                    "{what}: {output} does not say {text:?}"
                );
            }
            (_, Ok(Ok(output))) => panic!("{what}: unexpected result {output}"),
            (_, Ok(Err(e))) => panic!("{what}: unexpected {:?}: {}", e.kind, e.message),
            (_, Err(NotOffered(why))) => panic!("{what}: unexpectedly refused: {why}"),
        }
    }

    fn tmux(&self, args: &[&str]) -> String {
        self.world.tmux("mid", args)
    }
}

/// Whether `value` holds everything `wanted` says: each key of an object with a value that
/// holds it, each item of an array held by the item at the same place.
fn holds(value: &Value, wanted: &Value) -> bool {
    match (value, wanted) {
        (Value::Object(v), Value::Object(w)) => {
            w.iter().all(|(k, w)| v.get(k).is_some_and(|v| holds(v, w)))
        }
        (Value::Array(v), Value::Array(w)) => {
            w.len() <= v.len() && w.iter().zip(v).all(|(w, v)| holds(v, w))
        }
        (v, w) => v == w,
    }
}

#[tokio::test]
async fn the_pipeline_answers_each_case_as_the_table_says() {
    let here = Here::new().await;
    let secret = format!(
        "ghp_{}",
        "a1B2c3D4e5".repeat(4).get(..36).unwrap_or_default()
    );
    let cases: Vec<(&str, Value, Expect)> = vec![
        // Reads name what the private tmux holds.
        (
            "list_sessions",
            json!({}),
            Expect::Holds(json!({"sessions": [{"id": "$0", "name": "main", "windows": 1}]})),
        ),
        (
            "list_panes",
            json!({}),
            Expect::Holds(json!({"panes": [{"id": "%0", "window_id": "@0", "dead": false}]})),
        ),
        // Refused before any tool runs, or by the schema, naming what is wrong.
        (
            "no_such_tool",
            json!({}),
            Expect::NotOffered("no tool no_such_tool"),
        ),
        (
            "list_panes",
            json!({"bogus": 1}),
            Expect::Fails(ErrorKind::InvalidInput, "bogus"),
        ),
        (
            "get_pane_info",
            json!({"pane": "%99"}),
            Expect::Fails(ErrorKind::ObjectGone, "%99"),
        ),
        // A batch runs its rows through the same pipeline, and refuses a row that changes tmux.
        (
            "call_read_tools_batch",
            json!({"operations": [{"tool": "list_sessions"}, {"tool": "kill_pane", "arguments": {"pane": "%0"}}]}),
            Expect::Holds(
                json!({"succeeded": 1, "failed": 1, "results": [{"success": true}, {"success": false, "error": {"kind": "invalid_input"}}]}),
            ),
        ),
        // The agent loop: input, then the wait that sees its output.
        (
            "send_keys",
            json!({"pane": "%0", "text": "echo mid-$((40 + 2))", "enter": true}),
            Expect::Holds(json!({})),
        ),
        (
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["mid-42"], "seconds": 20}),
            Expect::Holds(json!({"outcome": "matched", "pattern": "mid-42"})),
        ),
        // A secret printed comes back masked, and counted.
        (
            "send_keys",
            json!({"pane": "%0", "text": format!("echo {secret}"), "enter": true}),
            Expect::Holds(json!({})),
        ),
        (
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["masked:"], "seconds": 20}),
            Expect::Holds(json!({"outcome": "matched", "masked": 1})),
        ),
    ];
    for case in cases {
        here.check(case).await;
    }
}

/// Every tool of the catalog through the pipeline, with arguments made from its schema (the
/// ones that delete on objects made for them, last): each answers with what its output schema
/// says.
#[tokio::test]
async fn every_tool_answers_through_the_pipeline_as_its_output_schema_says() {
    let here = Here::new().await;
    here.tmux(&["set-option", "-gw", "automatic-rename", "off"]);
    let other = here
        .tmux(&[
            "split-window",
            "-d",
            "-P",
            "-F",
            "#{pane_id}",
            "-t",
            "%0",
            "sh",
        ])
        .trim()
        .to_owned();
    for id in every_tool_teardown_last() {
        let name = id.name();
        let targets = Targets::for_tool(id, &other, |a| here.tmux(a));
        // A shell that has not drawn its prompt yet takes typed text as its first line late.
        assert!(wait_until(Duration::from_secs(10), || {
            !here
                .tmux(&["capture-pane", "-p", "-t", "%0"])
                .trim()
                .is_empty()
        }));
        here.check((name, targets.arguments(name), Expect::Holds(json!({}))))
            .await;
    }
}

/// Every tool of the catalog, one row each or more, in an order in which each finds what the
/// rows before made: what it must answer, and what tmux must show after it.
#[tokio::test]
async fn each_tool_does_what_its_row_says() {
    let here = Here::new().await;
    here.tmux(&["set-option", "-gw", "automatic-rename", "off"]);
    // The panes the rows make run `sh`, whose start sets no title, whatever the account's shell.
    here.tmux(&["set-option", "-g", "default-command", "sh"]);
    here.tmux(&["set-environment", "-t", "$0", "MID_VARIABLE", "mid-value"]);
    here.tmux(&[
        "set-hook",
        "-t",
        "$0",
        "after-new-window",
        "display-message mid-hook",
    ]);
    let rows: Vec<(&str, Value, Expect, Shows)> = vec![
        // manage: what the rows after use, made and changed.
        (
            "create_session",
            json!({"name": "two"}),
            Expect::Holds(json!({"name": "two", "session": "$1", "window": "@1", "pane": "%1"})),
            Shows::Has(
                &["list-sessions", "-F", "#{session_id} #{session_name}"],
                "$1 two",
            ),
        ),
        (
            "create_window",
            json!({"session": "$1", "name": "w2"}),
            Expect::Holds(json!({"window": "@2", "pane": "%2", "index": 1})),
            Shows::Has(
                &["list-windows", "-a", "-F", "#{window_id} #{window_name}"],
                "@2 w2",
            ),
        ),
        (
            "split_window",
            json!({"pane": "%2", "direction": "below"}),
            Expect::Holds(json!({"pane": "%3", "window": "@2"})),
            Shows::Has(&["list-panes", "-t", "@2", "-F", "#{pane_id}"], "%3"),
        ),
        (
            "rename_session",
            json!({"session": "$1", "name": "deux"}),
            Expect::Holds(json!({"session": "$1", "name": "deux"})),
            Shows::Has(
                &["list-sessions", "-F", "#{session_id} #{session_name}"],
                "$1 deux",
            ),
        ),
        (
            "rename_window",
            json!({"window": "@2", "name": "w-two"}),
            Expect::Holds(json!({"window": "@2", "name": "w-two"})),
            Shows::Has(
                &["list-windows", "-a", "-F", "#{window_id} #{window_name}"],
                "@2 w-two",
            ),
        ),
        (
            "select_window",
            json!({"window": "@2"}),
            Expect::Holds(json!({"window": "@2", "session": "$1"})),
            Shows::Has(&["display-message", "-p", "-t", "$1", "#{window_id}"], "@2"),
        ),
        (
            "select_pane",
            json!({"pane": "%3"}),
            Expect::Holds(json!({"pane": "%3", "window": "@2"})),
            Shows::Has(&["display-message", "-p", "-t", "@2", "#{pane_id}"], "%3"),
        ),
        (
            "select_layout",
            json!({"window": "@2", "layout": "even-horizontal"}),
            Expect::Holds(json!({"window": "@2"})),
            Shows::Has(&["display-message", "-p", "-t", "%3", "#{pane_top}"], "0"),
        ),
        (
            "resize_window",
            json!({"window": "@2", "width": 90, "height": 20}),
            Expect::Holds(json!({"window": "@2", "width": 90, "height": 20})),
            Shows::Has(
                &[
                    "display-message",
                    "-p",
                    "-t",
                    "@2",
                    "#{window_width}x#{window_height}",
                ],
                "90x20",
            ),
        ),
        (
            "resize_pane",
            json!({"pane": "%2", "direction": "right", "cells": 3}),
            Expect::Holds(json!({"pane": "%2"})),
            Shows::Changed(&["display-message", "-p", "-t", "%2", "#{pane_width}"]),
        ),
        (
            "swap_pane",
            json!({"source_pane": "%2", "target_pane": "%3"}),
            Expect::Holds(json!({"source_pane": "%2", "target_pane": "%3"})),
            Shows::Has(
                &["list-panes", "-t", "@2", "-F", "#{pane_index}#{pane_id}"],
                "0%3",
            ),
        ),
        (
            "move_window",
            json!({"window": "@2", "destination_session": "$0", "destination_index": 5}),
            Expect::Holds(json!({"window": "@2", "session": "$0", "index": 5})),
            Shows::Has(
                &[
                    "list-windows",
                    "-t",
                    "$0",
                    "-F",
                    "#{window_index}#{window_id}",
                ],
                "5@2",
            ),
        ),
        (
            "set_pane_title",
            json!({"pane": "%1", "title": "mid-title"}),
            Expect::Holds(json!({"pane": "%1", "title": "mid-title"})),
            Shows::Has(
                &["display-message", "-p", "-t", "%1", "#{pane_title}"],
                "mid-title",
            ),
        ),
        (
            "set_mouse_enabled",
            json!({"session": "$1", "enabled": true}),
            Expect::Holds(json!({"enabled": true})),
            Shows::Has(&["show-options", "-v", "-t", "$1", "mouse"], "on"),
        ),
        (
            "set_history_limit",
            json!({"session": "$1", "limit": 5000}),
            Expect::Holds(json!({"limit": 5000})),
            Shows::Has(&["show-options", "-v", "-t", "$1", "history-limit"], "5000"),
        ),
        (
            "set_synchronize_panes",
            json!({"window": "@1", "enabled": true}),
            Expect::Holds(json!({"window": "@1", "enabled": true})),
            Shows::Has(
                &["show-options", "-w", "-v", "-t", "@1", "synchronize-panes"],
                "on",
            ),
        ),
        (
            "respawn_pane",
            json!({"pane": "%1", "kill_first": true}),
            Expect::Holds(json!({"pane": "%1"})),
            Shows::Changed(&["display-message", "-p", "-t", "%1", "#{pane_pid}"]),
        ),
        // A signal with no waiter is kept for the next wait (tmux's cmd-wait-for.c: `woken`).
        (
            "signal_channel",
            json!({"channel": "mid"}),
            Expect::Holds(json!({"channel": "mid"})),
            Shows::Nothing,
        ),
        (
            "wait_for_channel",
            json!({"channel": "mid", "seconds": 10}),
            Expect::Holds(json!({"channel": "mid", "outcome": "signalled"})),
            Shows::Nothing,
        ),
        (
            "wait_for_channel",
            json!({"channel": "never", "seconds": 1}),
            Expect::Holds(json!({"outcome": "deadline"})),
            Shows::Nothing,
        ),
        // execute, then inspect what it printed.
        (
            "send_keys",
            json!({"pane": "%0", "text": "echo keys-$((40 + 2))", "enter": true}),
            Expect::Holds(json!({"pane": "%0"})),
            Shows::Nothing,
        ),
        (
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["keys-42"], "seconds": 20}),
            Expect::Holds(json!({"outcome": "matched", "pattern": "keys-42"})),
            Shows::Nothing,
        ),
        (
            "send_keys_batch",
            json!({"operations": [{"pane": "%0", "text": "echo batch-$((1 + 1))", "enter": true}]}),
            Expect::Holds(json!({"succeeded": 1, "failed": 0})),
            Shows::Nothing,
        ),
        (
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["batch-2"], "seconds": 20}),
            Expect::Holds(json!({"outcome": "matched"})),
            Shows::Nothing,
        ),
        (
            "paste_text",
            json!({"pane": "%0", "text": "echo pasted-$((2 + 3))", "enter": true}),
            Expect::Holds(json!({"pane": "%0"})),
            Shows::Nothing,
        ),
        (
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["pasted-5"], "seconds": 20}),
            Expect::Holds(json!({"outcome": "matched"})),
            Shows::Nothing,
        ),
        (
            "run_shell_command",
            json!({"pane": "%0", "command": "echo ran-$((3 + 4)); false", "seconds": 20}),
            Expect::Holds(json!({"outcome": "completed", "exit_status": 1, "output": "ran-7"})),
            Shows::Nothing,
        ),
        (
            "send_prompt",
            json!({"pane": "%0", "text": "echo prompted-$((4 + 5))", "seconds": 20}),
            Expect::Holds(json!({"pane": "%0", "outcome": "submitted"})),
            Shows::Nothing,
        ),
        (
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["prompted-9"], "seconds": 20}),
            Expect::Holds(json!({"outcome": "matched"})),
            Shows::Nothing,
        ),
        (
            "wait_for_quiet",
            json!({"pane": "%0", "quiet_ms": 300, "seconds": 20}),
            Expect::Holds(json!({"pane": "%0", "outcome": "quiet"})),
            Shows::Nothing,
        ),
        // A shell is no agent: nothing reports its turns.
        (
            "wait_for_agent",
            json!({"pane": "%0", "seconds": 1}),
            Expect::Holds(json!({"outcome": "deadline", "agent_state": null})),
            Shows::Nothing,
        ),
        // inspect: what the rows above made and printed (sessions by name).
        (
            "list_sessions",
            json!({}),
            Expect::Holds(
                json!({"sessions": [{"id": "$1", "name": "deux"}, {"id": "$0", "name": "main"}]}),
            ),
            Shows::Nothing,
        ),
        (
            "list_windows",
            json!({}),
            Expect::Says("\"w-two\""),
            Shows::Nothing,
        ),
        (
            "list_panes",
            json!({}),
            Expect::Says("\"%3\""),
            Shows::Nothing,
        ),
        (
            "list_hosts",
            json!({}),
            Expect::Holds(json!({"hosts": []})),
            Shows::Nothing,
        ),
        (
            "get_server_info",
            json!({}),
            Expect::Says("\"deux\""),
            Shows::Nothing,
        ),
        (
            "get_session_info",
            json!({"session": "$1"}),
            Expect::Holds(json!({"session": {"id": "$1", "name": "deux"}})),
            Shows::Nothing,
        ),
        (
            "get_window_info",
            json!({"window": "@2"}),
            Expect::Holds(json!({"window": {"id": "@2", "name": "w-two", "width": 90}})),
            Shows::Nothing,
        ),
        (
            "get_pane_info",
            json!({"pane": "%0"}),
            Expect::Holds(json!({"pane": {"id": "%0", "dead": false, "at_prompt": true}})),
            Shows::Nothing,
        ),
        (
            "get_tmux_variables",
            json!({"pane": "%1", "names": ["pane_id", "pane_title"]}),
            Expect::Holds(
                json!({"values": [{"name": "pane_id", "value": "%1"}, {"name": "pane_title", "value": "mid-title"}]}),
            ),
            Shows::Nothing,
        ),
        (
            "show_option",
            json!({"name": "history-limit", "scope": "session", "target": "$1"}),
            Expect::Holds(json!({"value": "5000"})),
            Shows::Nothing,
        ),
        // A value is withheld unless the operator lets it through.
        (
            "show_environment",
            json!({"session": "$0"}),
            Expect::Says(r#"{"name":"MID_VARIABLE","set":true,"value":null,"withheld":true}"#),
            Shows::Nothing,
        ),
        (
            "show_hooks",
            json!({"session": "$0"}),
            Expect::Says("mid-hook"),
            Shows::Nothing,
        ),
        (
            "capture_pane",
            json!({"pane": "%0"}),
            Expect::Says("ran-7"),
            Shows::Nothing,
        ),
        // Without a cursor: one, and no text (what comes after is read with the cursor).
        (
            "capture_since",
            json!({"pane": "%0"}),
            Expect::Holds(json!({"pane": "%0", "first": true, "text": ""})),
            Shows::Nothing,
        ),
        (
            "snapshot_pane",
            json!({"pane": "%0"}),
            Expect::Says("pasted-5"),
            Shows::Nothing,
        ),
        (
            "search_panes",
            json!({"pattern": "batch-2"}),
            Expect::Holds(json!({"matches": [{"pane": "%0"}]})),
            Shows::Nothing,
        ),
        (
            "find_pane_by_position",
            json!({"window": "@0", "corner": "top-left"}),
            Expect::Holds(json!({"pane": "%0"})),
            Shows::Nothing,
        ),
        (
            "call_read_tools_batch",
            json!({"operations": [{"tool": "get_pane_info", "arguments": {"pane": "%1"}}]}),
            Expect::Holds(json!({"succeeded": 1, "results": [{"success": true}]})),
            Shows::Nothing,
        ),
        // teardown, last: the scrollback it clears first made.
        (
            "send_keys",
            json!({"pane": "%0", "text": "seq 100", "enter": true}),
            Expect::Holds(json!({"pane": "%0"})),
            Shows::Nothing,
        ),
        (
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["100"], "seconds": 20}),
            Expect::Holds(json!({"outcome": "matched"})),
            Shows::Lacks(
                &["display-message", "-p", "-t", "%0", "#{history_size}"],
                "0",
            ),
        ),
        (
            "clear_pane_scrollback",
            json!({"pane": "%0"}),
            Expect::Holds(json!({"pane": "%0"})),
            Shows::Has(
                &["display-message", "-p", "-t", "%0", "#{history_size}"],
                "0",
            ),
        ),
        (
            "kill_pane",
            json!({"pane": "%3"}),
            Expect::Holds(json!({"pane": "%3"})),
            Shows::Lacks(&["list-panes", "-a", "-F", "#{pane_id}"], "%3"),
        ),
        (
            "kill_window",
            json!({"window": "@2"}),
            Expect::Holds(json!({"window": "@2"})),
            Shows::Lacks(&["list-windows", "-a", "-F", "#{window_id}"], "@2"),
        ),
        (
            "kill_session",
            json!({"session": "$1"}),
            Expect::Holds(json!({"session": "$1"})),
            Shows::Lacks(&["list-sessions", "-F", "#{session_id}"], "$1"),
        ),
    ];
    let mut called: Vec<&str> = rows.iter().map(|(tool, ..)| *tool).collect();
    called.sort_unstable();
    called.dedup();
    let every: Vec<&str> = every_tool_teardown_last()
        .iter()
        .map(|id| id.name())
        .collect();
    let missing: Vec<&&str> = every.iter().filter(|t| !called.contains(t)).collect();
    assert!(missing.is_empty(), "tools without a row: {missing:?}");
    for (tool, arguments, expect, shows) in rows {
        let what = format!("{tool} {arguments}");
        let before = match shows {
            Shows::Changed(ask) => Some(here.tmux(ask)),
            _ => None,
        };
        here.check((tool, arguments, expect)).await;
        match shows {
            Shows::Nothing => {}
            Shows::Has(ask, text) => {
                let said = here.tmux(ask);
                assert!(
                    said.lines().any(|l| l.trim() == text),
                    "{what}: tmux {ask:?} said {said:?}, not {text:?}"
                );
            }
            Shows::Lacks(ask, text) => {
                let said = here.tmux(ask);
                assert!(
                    !said.lines().any(|l| l.trim() == text),
                    "{what}: tmux {ask:?} still says {text:?}"
                );
            }
            Shows::Changed(ask) => {
                let said = here.tmux(ask);
                assert_ne!(
                    Some(&said),
                    before.as_ref(),
                    "{what}: tmux {ask:?} said the same"
                );
            }
        }
    }
}
