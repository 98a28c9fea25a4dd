//! The middle layer: the tool context and the call pipeline (`server/src/pipeline.rs`) run in
//! this test's own process against one private tmux, with no binary and no transport, over a
//! table of cases, each a tool, its arguments and what must come back; and every tool of the
//! catalog called with arguments made from its schema, its output held to its output schema.
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
