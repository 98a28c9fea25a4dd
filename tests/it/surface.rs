//! Every offered tool, called over stdio with arguments synthesised from its own input
//! schema, succeeds against a real tmux with output matching its output schema; and each does
//! only what its record says (read-only tools change nothing; idempotent ones change nothing
//! more when called again; tools that do not delete leave every object in place). Plus progress and cancellation of blocking calls.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, ClientRequest, NumberOrString, ProgressNotificationParam, ProgressToken,
    RequestMetaObject,
};
use rmcp::service::{NotificationContext, PeerRequestOptions};
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::json;
use tmux_mcp::catalog::TOOLS;
use tmux_mcp_tests::{
    Fixture, Targets, World, binary, call, deletes, every_tool_teardown_last, wait_until,
};

/// What tmux holds, in fields a read-only call must not change.
fn state(f: &Fixture) -> String {
    let lists = [
        f.tmux(&[
            "list-sessions",
            "-F",
            "#{session_id} #{session_name} #{session_windows}",
        ]),
        f.tmux(&[
            "list-windows",
            "-a",
            "-F",
            "#{window_id} #{window_index} #{window_name} #{window_layout} #{window_active}",
        ]),
        f.tmux(&[
            "list-panes",
            "-a",
            "-F",
            "#{pane_id} #{pane_index} #{pane_active} #{pane_title} #{history_size} #{pane_in_mode}",
        ]),
        // Without the test's own count of output syncs (support's count_syncs).
        f.tmux(&["show-options", "-g"])
            .lines()
            .filter(|l| !l.starts_with("@syncs "))
            .collect::<Vec<_>>()
            .join("\n"),
        f.tmux(&["show-options", "-s"]),
        f.tmux(&["show-environment", "-g"]),
        f.tmux(&["list-buffers"]),
    ];
    lists.join("\n--\n")
}

/// The state once it stops changing (a shell may still be printing).
fn settled(f: &Fixture) -> String {
    let mut last = state(f);
    let quiet = wait_until(Duration::from_secs(5), || {
        let now = state(f);
        std::mem::replace(&mut last, now.clone()) == now
    });
    assert!(quiet, "tmux never settled");
    last
}

/// The lines of [`state`] that differ, each as `before\n  => after`.
fn changes(before: &str, after: &str) -> String {
    let changed: Vec<String> = before
        .lines()
        .zip(after.lines())
        .filter(|(b, a)| b != a)
        .map(|(b, a)| format!("{b}\n  => {a}"))
        .collect();
    changed.join("\n")
}

fn object_ids(f: &Fixture) -> Vec<String> {
    let mut ids: Vec<String> = f
        .tmux(&[
            "list-panes",
            "-a",
            "-F",
            "#{session_id} #{window_id} #{pane_id}",
        ])
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

#[tokio::test]
async fn every_tool_works_and_does_only_what_its_record_says() {
    let f = Fixture::new().await;
    // tmux renames a window up to half a second after its active pane changes; a rename
    // landing during a read-only call would look like the call's doing.
    f.tmux(&["set-option", "-gw", "automatic-rename", "off"]);
    let other_pane = f.open(&["split-window", "-t", "%0"], "sh");
    f.wait_for_prompt(&other_pane);
    let listed = f.client.list_tools(None).await.expect("tools/list").tools;
    assert_eq!(
        listed.len(),
        TOOLS.len(),
        "all four toolsets offer every tool"
    );

    // Teardown last, each on objects made for it.
    for id in every_tool_teardown_last() {
        let d = id.descriptor();
        let targets = Targets::for_tool(id, &other_pane, |a| f.tmux(a));
        assert!(listed.iter().any(|t| t.name == d.name), "{} listed", d.name);
        let arguments = targets.arguments(d.name);
        f.wait_for_prompt("%0");
        let before = settled(&f);
        let ids_before = object_ids(&f);
        let out = f.ok(d.name, arguments.clone()).await;
        assert!(out.is_object(), "{}: {out}", d.name);
        if d.annotations.read_only_hint {
            let unchanged = wait_until(Duration::from_secs(3), || state(&f) == before);
            assert!(
                unchanged,
                "{} is read-only but changed tmux:\n{}",
                d.name,
                changes(&before, &state(&f))
            );
        }
        // Idempotent: a second identical call (which may fail, e.g. on a name now taken)
        // changes nothing more than the first did.
        if d.annotations.idempotent_hint && !d.annotations.read_only_hint {
            let once = settled(&f);
            let _ = call(&f.client, d.name, arguments.clone()).await;
            let twice = settled(&f);
            assert!(
                once == twice,
                "{} is idempotent but a second call changed tmux:\n{}",
                d.name,
                changes(&once, &twice)
            );
        }
        if !deletes(id) {
            let after = object_ids(&f);
            let lost: Vec<&String> = ids_before.iter().filter(|i| !after.contains(i)).collect();
            assert!(
                lost.is_empty(),
                "{} does not declare delete but removed {lost:?}",
                d.name
            );
        }
    }
    let bodies = f
        .ok(
            "call_read_tools_batch",
            json!({"operations": [{"tool": "list_panes"}]}),
        )
        .await;
    assert_eq!(bodies["succeeded"], 1);
}

#[derive(Clone, Default)]
struct Recorder {
    progress: Arc<Mutex<Vec<ProgressNotificationParam>>>,
}

impl ClientHandler for Recorder {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        self.progress.lock().unwrap().push(params);
    }
}

// Multi-threaded: the test polls tmux synchronously while the client's transport must keep
// running.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blocking_calls_report_progress_and_honour_cancellation() {
    let world = World::new();
    world.start_server("work");
    world.count_syncs("work");
    let mut cmd = tokio::process::Command::new(binary());
    cmd.env_clear().envs(world.base_env()).args(["-L", "work"]);
    let transport = rmcp::transport::TokioChildProcess::new(cmd).expect("spawn");
    let recorder = Recorder::default();
    let client = recorder.clone().serve(transport).await.expect("handshake");

    let mut meta = RequestMetaObject::default();
    meta.set_progress_token(ProgressToken(NumberOrString::String("wait-1".into())));
    let mut params = CallToolRequestParams::new("wait_for_text").with_arguments(
        json!({"pane": "%0", "patterns": ["never"], "seconds": 3})
            .as_object()
            .unwrap()
            .clone(),
    );
    params.meta = Some(meta);
    let result = client.call_tool(params).await.expect("call");
    assert_eq!(result.structured_content.unwrap()["outcome"], "deadline");
    let progress = recorder.progress.lock().unwrap().clone();
    assert!(
        progress.len() >= 2,
        "one progress notification a second: {progress:?}"
    );
    // The client may substitute its own token; every notification carries the one sent.
    assert!(
        progress
            .iter()
            .all(|p| p.progress_token == progress[0].progress_token && p.total == Some(3.0)),
        "{progress:?}"
    );
    assert!(progress.windows(2).all(|w| w[0].progress < w[1].progress));

    // Cancelled mid-wait: the wait ends, and the session's output stream stays for the next
    // wait instead of a control client per wait.
    let request = ClientRequest::CallToolRequest(rmcp::model::Request::new(
        CallToolRequestParams::new("wait_for_text").with_arguments(
            json!({"pane": "%0", "seconds": 60})
                .as_object()
                .unwrap()
                .clone(),
        ),
    ));
    let before = world.syncs("work");
    let handle = client
        .peer()
        .send_cancellable_request(request, PeerRequestOptions::no_options())
        .await
        .expect("send");
    assert!(
        wait_until(Duration::from_secs(5), || world.syncs("work") > before),
        "the wait follows the pane's output"
    );
    let watching = world.tmux_processes();
    handle.cancel(Some("test".into())).await.expect("cancel");
    let again = client
        .call_tool(
            CallToolRequestParams::new("wait_for_text").with_arguments(
                json!({"pane": "%0", "patterns": ["never"], "since": "now", "seconds": 1})
                    .as_object()
                    .unwrap()
                    .clone(),
            ),
        )
        .await
        .expect("a wait after the cancelled one");
    assert_eq!(again.structured_content.unwrap()["outcome"], "deadline");
    assert_eq!(
        (world.tmux_processes(), world.followers("work")),
        (watching, 1),
        "one pipe for the pane, shared by every wait"
    );
    let after = client
        .call_tool(CallToolRequestParams::new("list_sessions"))
        .await
        .expect("still serving");
    assert_ne!(after.is_error, Some(true));
    client.cancel().await.unwrap();
}
