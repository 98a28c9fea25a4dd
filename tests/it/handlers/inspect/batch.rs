//! call_read_tools_batch against a private tmux: authority, row validation, limits, the
//! 1,000,000-byte response bound, and `get_pane_info` rows read together (or apart, on a
//! server of many more panes) answering as calls do.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{BATCH_ONLY_SEED, Fixture, RawClient, World, call, error_code, wait_until};

use tmux_mcp::surface::CAPABILITY_KEY;

#[tokio::test]
async fn the_seed_example_reads_through_the_batch_only() {
    let world = World::new();
    world.start_server("work");
    let env = BATCH_ONLY_SEED;
    let client = world.client_here(&["-L", "work"], &env).await;
    let result = call(&client, "call_read_tools_batch", json!({"operations": [{"tool": "list_sessions", "arguments": {}}, {"tool": "show_environment", "arguments": {}}], "on_error": "continue"}))
        .await
        .expect("batch call");
    assert_ne!(
        result.is_error,
        Some(true),
        "failed children do not make the outer call an error"
    );
    let body = result.structured_content.unwrap();
    assert_eq!(
        (body["succeeded"].clone(), body["failed"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(
        body["results"][0]["result"]["structuredContent"]["sessions"][0]["name"],
        "main"
    );
    assert_eq!(body["results"][1]["success"], false);
    assert_eq!(body["results"][1]["error"]["kind"], "invalid_input");
    let direct = call(&client, "list_sessions", json!({}))
        .await
        .expect_err("not offered directly");
    assert_eq!(error_code(&direct), Some(-32602));
    let resource = client
        .read_resource(rmcp::model::ReadResourceRequestParams::new(
            "tmux://capabilities",
        ))
        .await
        .unwrap();
    let text = match &resource.contents[0] {
        rmcp::model::ResourceContents::TextResourceContents { text, .. } => text.clone(),
        _ => unreachable!(),
    };
    let caps: Value = serde_json::from_str(&text).unwrap();
    let row = &caps["tools"][0]["capability"];
    assert!(
        !row["nestedAuthority"]
            .as_array()
            .unwrap()
            .contains(&json!("show_environment"))
    );
    assert!(
        !row["outputClasses"]
            .as_array()
            .unwrap()
            .contains(&json!("process-environment")),
        "the record is recomputed after exclusions"
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn exclusions_prune_schema_record_and_dispatch_alike() {
    let world = World::new();
    world.start_server("work");
    let env = [
        ("LIBTMUX_TOOLSETS", "inspect"),
        ("LIBTMUX_EXCLUDE_TOOLS", "capture_pane,snapshot_pane"),
    ];
    let client = world.client_here(&["-L", "work"], &env).await;
    let tools = client.list_tools(None).await.unwrap().tools;
    let batch = tools
        .iter()
        .find(|t| t.name == "call_read_tools_batch")
        .unwrap();
    let nested: Vec<&str> = batch.meta.as_ref().unwrap()[CAPABILITY_KEY]["nestedAuthority"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let mut sorted = nested.clone();
    sorted.sort();
    assert_eq!(tmux_mcp_tests::batch_row_tools(batch), sorted);
    // Offered directly too, they are named, not inlined: one alternative for them all.
    let alternatives = &batch.input_schema["properties"]["operations"]["items"]["oneOf"];
    assert_eq!(alternatives.as_array().unwrap().len(), 1, "{alternatives}");
    let declared = tmux_mcp::catalog::ToolId::CallReadToolsBatch
        .descriptor()
        .nested_authority;
    assert_eq!(
        nested.len(),
        declared.len() - 2,
        "all it declares but the exclusions"
    );
    for excluded in ["capture_pane", "snapshot_pane"] {
        assert!(!nested.contains(&excluded));
        let body = call(
            &client,
            "call_read_tools_batch",
            json!({"operations": [{"tool": excluded, "arguments": {"pane": "%0"}}]}),
        )
        .await
        .unwrap()
        .structured_content
        .unwrap();
        assert_eq!(
            body["results"][0]["error"]["kind"], "invalid_input",
            "{excluded} cannot be restored through the batch"
        );
        assert_eq!(body["stopped_at"], 0);
    }
    for forbidden in [
        "kill_pane",
        "send_keys",
        "wait_for_text",
        "call_read_tools_batch",
        "Capture_Pane",
    ] {
        let body = call(
            &client,
            "call_read_tools_batch",
            json!({"operations": [{"tool": forbidden, "arguments": {"pane": "%0"}}]}),
        )
        .await
        .unwrap()
        .structured_content
        .unwrap();
        assert_eq!(body["results"][0]["success"], false, "{forbidden}");
        assert_eq!(
            body["results"][0]["error"]["kind"], "invalid_input",
            "{forbidden}"
        );
    }
    assert_eq!(
        world
            .tmux("work", &["list-panes", "-a", "-F", "#{pane_id}"])
            .trim(),
        "%0",
        "nothing was killed"
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn rows_are_validated_and_bounded() {
    let f = Fixture::here(&[]).await;
    let body = f
        .ok(
            "call_read_tools_batch",
            json!({"operations": [
                {"tool": "list_sessions"},
                {"tool": "capture_pane", "arguments": {"pane": 7}},
                {"tool": "get_pane_info", "arguments": {"pane": "%0"}},
            ]}),
        )
        .await;
    assert_eq!(
        (
            body["succeeded"].clone(),
            body["failed"].clone(),
            body["stopped_at"].clone()
        ),
        (json!(1), json!(1), json!(1))
    );
    assert_eq!(
        body["results"].as_array().unwrap().len(),
        2,
        "stop: later rows are not run"
    );
    let message = body["results"][1]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("operations[1]") && message.contains("pane"),
        "names the row and the field: {message}"
    );
    assert_eq!(
        body["results"][1]["result"]["isError"], true,
        "the nested tool's own envelope is reported"
    );

    let all = f
        .ok(
            "call_read_tools_batch",
            json!({"on_error": "continue", "operations": [
                {"tool": "capture_pane", "arguments": {"pane": "%0", "bogus": 1}},
                {"tool": "get_pane_info", "arguments": {"pane": "%0"}},
            ]}),
        )
        .await;
    assert_eq!(
        (
            all["succeeded"].clone(),
            all["failed"].clone(),
            all["stopped_at"].clone()
        ),
        (json!(1), json!(1), Value::Null)
    );
    assert_eq!(
        all["results"][1]["result"]["structuredContent"]["pane"]["id"],
        "%0"
    );

    for count in [0, 17] {
        let rows = vec![json!({"tool": "list_sessions"}); count];
        let refused = f
            .fails("call_read_tools_batch", json!({"operations": rows}))
            .await;
        assert_eq!(refused["kind"], "invalid_input", "{count} operations");
    }
    let sixteen = f
        .ok(
            "call_read_tools_batch",
            json!({"operations": vec![json!({"tool": "list_sessions"}); 16]}),
        )
        .await;
    assert_eq!(sixteen["succeeded"], 16);
}

#[test]
fn sixteen_huge_captures_fit_in_one_megabyte() {
    let world = World::new();
    world.start_server_sized("big", 200, 50);
    world.tmux("big", &["set-option", "-g", "history-limit", "200000"]);
    let pane = world
        .tmux("big", &["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])
        .trim()
        .to_owned();
    world.tmux("big", &["send-keys", "-t", &pane, "seq -f 'line %08g of a long scrollback, padded to look like real output' 1 200000; echo END", "Enter"]);
    let history = || world.history_size("big", &pane);
    assert!(
        wait_until(Duration::from_secs(120), || history() >= 199_000),
        "scrollback filled: {}",
        history()
    );

    let mut raw = RawClient::start(&world, &["-L", "big"], &[]);
    let rows = vec![
        json!({"tool": "capture_pane", "arguments": {"pane": pane, "history": true, "max_lines": 100000}});
        16
    ];
    let id = json!("a request id that takes some room");
    // Captures run as tmux subprocesses taking turns, each with its whole deadline (all at once
    // they shared one, and under load the last rows timed out): never more tmux processes than
    // the server, tmux-mcp and one capture.
    let done = AtomicBool::new(false);
    let (line, response, most) = std::thread::scope(|s| {
        let watcher = s.spawn(|| {
            let mut most = 0;
            while !done.load(Ordering::Acquire) {
                most = most.max(world.tmux_processes());
                // A sampling period, not a wait for anything.
                std::thread::sleep(Duration::from_millis(5));
            }
            most
        });
        let (line, response) = raw.request(
            id,
            "tools/call",
            json!({"name": "call_read_tools_batch", "arguments": {"operations": rows}}),
        );
        done.store(true, Ordering::Release);
        (line, response, watcher.join().unwrap())
    });
    assert!(most <= 4, "{most} tmux processes at once");
    assert!(
        line.len() < 1_000_000,
        "the response line is {} bytes",
        line.len() + 1
    );
    let result = &response["result"];
    assert_eq!(result["isError"], false);
    let body = &result["structuredContent"];
    let text: Value = serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(
        &text, body,
        "the text block mirrors the structured result, within the limit"
    );
    let rows = body["results"].as_array().unwrap();
    assert_eq!(
        rows.len(),
        16,
        "no row is ever dropped: {}",
        rows.last().unwrap()["error"]
    );
    assert_eq!(body["succeeded"], 16);
    assert_eq!(body["truncated"], true);
    let dropped = rows.iter().filter(|r| r["result_dropped"] == true).count();
    assert!(
        dropped > 0
            && rows
                .iter()
                .all(|r| (r["result_dropped"] == true) == r["result"].is_null())
    );
    assert!(body["dropped_bytes"].as_i64().unwrap() > 0);
    let kept = rows
        .iter()
        .find(|r| !r["result"].is_null())
        .expect("some payloads fit");
    assert!(
        kept["result"]["structuredContent"]["text"]
            .as_str()
            .unwrap()
            .contains("END")
    );
    raw.finish();
}

/// Counts the `display-message` and `list-panes` commands tmux runs from now on, whoever sends
/// them, with tmux's own after-command hooks.
fn count_commands(f: &Fixture) -> impl Fn() -> (u64, u64) + '_ {
    for (hook, counter) in [
        ("after-display-message", "@displays"),
        ("after-list-panes", "@listings"),
    ] {
        f.tmux(&["set-option", "-g", counter, "0"]);
        let add_one = format!("set -gF {counter} '#{{e|+:#{{{counter}}},1}}'");
        f.tmux(&["set-hook", "-g", hook, &add_one]);
    }
    let read = |counter: &str| -> u64 {
        let shown = f.tmux(&["show-options", "-gv", counter]);
        shown.trim().parse().expect(&shown)
    };
    move || (read("@displays"), read("@listings"))
}

fn pane_info_rows(panes: &[&str]) -> Value {
    panes
        .iter()
        .map(|p| json!({"tool": "get_pane_info", "arguments": {"pane": p}}))
        .collect()
}

#[tokio::test]
async fn pane_info_rows_are_read_together_and_answer_as_calls_do() {
    let f = Fixture::here(&[]).await;
    let panes: Vec<String> = (0..4).map(|_| f.open(&["new-window"], "cat")).collect();
    // Each pane's `sh -c cat` has become `cat`, so the program in the foreground (part of a
    // pane's state) is the same for every read below.
    for pane in &panes {
        assert!(tmux_mcp_tests::wait_until(Duration::from_secs(10), || f
            .display(pane, "#{pane_current_command}")
            == "cat"));
    }
    // The server looks up its own pane (a list-panes, once): not a read's cost.
    f.ok("list_panes", json!({})).await;
    let commands = count_commands(&f);
    let mut alone = Vec::new();
    let before = commands();
    for pane in &panes {
        alone.push(f.ok("get_pane_info", json!({"pane": pane})).await);
    }
    let after = commands();
    assert_eq!(
        (after.0 - before.0, after.1 - before.1),
        (4, 0),
        "a read on its own is one display-message"
    );
    // A missing pane's read fails in tmux, where hooks may count it otherwise: it is counted
    // apart.
    let before = commands();
    let missing = f.fails("get_pane_info", json!({"pane": "%99999"})).await;
    let missed = commands().0 - before.0;

    // Every pane, one of them twice, and a pane that does not exist.
    let mut asked: Vec<&str> = panes.iter().map(String::as_str).collect();
    asked.extend([panes[0].as_str(), "%99999"]);
    let before = commands();
    let body = f
        .ok(
            "call_read_tools_batch",
            json!({"operations": pane_info_rows(&asked), "on_error": "continue"}),
        )
        .await;
    let after = commands();
    assert_eq!(
        (after.0 - before.0, after.1 - before.1),
        (missed, 1),
        "the rows share one list-panes; the missing pane is read alone"
    );
    let rows = body["results"].as_array().unwrap();
    for (i, pane) in asked.iter().enumerate().take(5) {
        let expected = &alone[panes.iter().position(|p| p == pane).unwrap()];
        assert_eq!(&rows[i]["result"]["structuredContent"], expected, "row {i}");
    }
    assert_eq!(rows[5]["error"]["kind"], missing["kind"]);
    assert_eq!(
        rows[5]["error"]["message"],
        format!(
            "operations[5] (get_pane_info): {}",
            missing["message"].as_str().unwrap()
        )
    );
    assert_eq!(
        (body["succeeded"].clone(), body["failed"].clone()),
        (json!(5), json!(1))
    );
}

#[tokio::test]
async fn pane_info_rows_are_read_apart_on_a_server_with_many_more_panes() {
    let f = Fixture::here(&[]).await;
    // 26 panes: more than 12 for each of 2 reads, not more than 12 for each of 3.
    let panes: Vec<String> = (0..25).map(|_| f.open(&["new-window"], "cat")).collect();
    let listed = f.ok("list_panes", json!({})).await;
    assert_eq!(listed["panes"].as_array().unwrap().len(), 26);
    let commands = count_commands(&f);
    let delta = async |asked: &[&str]| {
        let before = commands();
        let body = f
            .ok(
                "call_read_tools_batch",
                json!({"operations": pane_info_rows(asked)}),
            )
            .await;
        assert_eq!(body["succeeded"], asked.len());
        let after = commands();
        (after.0 - before.0, after.1 - before.1)
    };
    assert_eq!(delta(&[&panes[0], &panes[1]]).await, (2, 0), "each alone");
    assert_eq!(
        delta(&[&panes[0], &panes[1], &panes[2]]).await,
        (0, 1),
        "together"
    );
}
