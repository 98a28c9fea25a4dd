//! Hostile input over stdio: every malformed or wrong request gets a JSON-RPC or tool error,
//! the server keeps serving, and stdout carries nothing but JSON-RPC.

use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp::catalog::TOOLS;
use tmux_mcp_tests::{RawClient, World, call_request, payload};

/// Reads the reply to `id` (`Value::Null`: a reply that carries no id), checking every line on
/// the way is JSON-RPC and that no reply carries `"id": null`.
fn reply(raw: &mut RawClient, id: &Value) -> Value {
    loop {
        let line = raw.line().expect("the server answers");
        let message: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("stdout carried non-JSON ({e}): {line:.200}"));
        assert_eq!(message["jsonrpc"], "2.0", "{line:.200}");
        assert_ne!(message.get("id"), Some(&Value::Null), "{line:.200}");
        if &message["id"] == id {
            return message;
        }
    }
}

/// A value of another JSON type than `schema` asks for.
fn wrong_for(schema: &Value) -> Value {
    match schema["type"].as_str() {
        Some("string") => json!(12345),
        Some("integer") => json!("12"),
        Some("boolean") => json!("yes"),
        Some("array") => json!({"not": "an array"}),
        _ => json!([]),
    }
}

fn still_serving(raw: &mut RawClient, id: u64) {
    raw.send(&json!({"jsonrpc": "2.0", "id": id, "method": "ping"}).to_string());
    assert!(
        reply(raw, &json!(id)).get("result").is_some(),
        "the server stopped serving"
    );
}

#[test]
fn malformed_frames_get_errors_and_the_server_keeps_serving() {
    let world = World::new();
    let mut raw = RawClient::start(&world, &["-L", "absent"], &[]);
    for (line, code) in [
        ("this is not json", -32700),
        ("{\"jsonrpc\":\"2.0\",\"id\":", -32700),
        ("[1, 2, 3", -32700),
        ("\u{0}\u{1}\u{2}", -32700),
    ] {
        raw.send(line);
        let error = reply(&mut raw, &Value::Null);
        assert_eq!(error["error"]["code"], code, "{line:?}");
    }
    // Not JSON-RPC: answered with the id when it is a valid one.
    for (line, id) in [
        (r#"{"jsonrpc":"2.0","id":21}"#, json!(21)),
        (r#"{"jsonrpc":"1.0","id":"v","method":"ping"}"#, json!("v")),
        (r#"{"jsonrpc":"2.0","id":22,"method":5}"#, json!(22)),
        (
            r#"{"jsonrpc":"2.0","id":23,"method":"ping","params":[1]}"#,
            json!(23),
        ),
        (
            r#"[{"jsonrpc":"2.0","id":24,"method":"ping"}]"#,
            Value::Null,
        ),
    ] {
        raw.send(line);
        assert_eq!(reply(&mut raw, &id)["error"]["code"], -32600, "{line}");
    }
    // A malformed notification is never answered: the next line's reply comes first.
    raw.send(r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":5}}"#);
    raw.send(r#"{"jsonrpc":"2.0","method":9}"#);
    raw.send(r#"{"jsonrpc":"2.0","id":25,"method":"ping"}"#);
    let next: Value = serde_json::from_str(&raw.line().unwrap()).unwrap();
    assert_eq!(next["id"], 25, "{next}");
    raw.send(r#"{"jsonrpc":"2.0","id":26,"method":"resources/read","params":{}}"#);
    assert_eq!(reply(&mut raw, &json!(26))["error"]["code"], -32602);
    // A URI too long to echo is neither in the message nor in the data.
    let long = format!("tmux://{}", "x".repeat(4096));
    raw.send(
        &json!({"jsonrpc": "2.0", "id": 27, "method": "resources/read", "params": {"uri": long}})
            .to_string(),
    );
    let error = reply(&mut raw, &json!(27))["error"].clone();
    assert_eq!(
        error["code"], -32002,
        "resource not found, before 2026-07-28: {error}"
    );
    assert!(error.get("data").is_none_or(Value::is_null), "{error}");
    assert!(error["message"].as_str().unwrap().len() < 200, "{error}");
    raw.send(r#"{"jsonrpc":"2.0","id":1,"method":"no/such/method"}"#);
    assert_eq!(reply(&mut raw, &json!(1))["error"]["code"], -32601);
    raw.send(r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":7}}"#);
    assert_eq!(reply(&mut raw, &json!(2))["error"]["code"], -32602);
    raw.send(r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_sessions","arguments":"x"}}"#);
    assert_eq!(reply(&mut raw, &json!(3))["error"]["code"], -32602);
    still_serving(&mut raw, 4);
}

#[test]
fn a_frame_split_across_writes_is_one_request() {
    let world = World::new();
    let mut raw = RawClient::start(&world, &["-L", "absent"], &[]);
    let request = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/list"}).to_string();
    let (head, tail) = request.split_at(request.len() / 2);
    raw.send_raw(head.as_bytes());
    std::thread::sleep(Duration::from_millis(50));
    raw.send_raw(format!("{tail}\n").as_bytes());
    assert!(reply(&mut raw, &json!(9))["result"]["tools"].is_array());
}

/// Replies larger than the pipe's free space, with malformed lines arriving while they are
/// written: stdout still carries one whole message per line.
#[test]
fn guard_replies_never_split_a_reply_being_written() {
    let world = World::new();
    let mut raw = RawClient::start(&world, &["-L", "absent"], &[]);
    let mut sent = String::new();
    for id in 1..=8 {
        sent.push_str(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/list"}).to_string());
        sent.push('\n');
        for _ in 0..40 {
            sent.push_str("not json\n");
        }
    }
    // Nothing is read until all is written: the server's stdout fills and its writes block.
    raw.send_raw(sent.as_bytes());
    let (mut lists, mut errors) = (0, 0);
    while lists + errors < 8 + 8 * 40 {
        let line = raw.line().expect("a reply");
        let message: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("a broken line ({e}): {:.120}…", line));
        if message["result"]["tools"].is_array() {
            lists += 1;
        } else {
            assert_eq!(message["error"]["code"], -32700, "{line:.200}");
            errors += 1;
        }
    }
    assert_eq!((lists, errors), (8, 320));
}

#[test]
fn huge_lines_are_bounded() {
    let world = World::new();
    let mut raw = RawClient::start(&world, &["-L", "absent"], &[]);
    // 10 MB: read and refused by the tool's own bound.
    let pattern = "a".repeat(10_000_000);
    raw.send(&call_request(
        1,
        "search_panes",
        &json!({"pattern": pattern}),
    ));
    let result = reply(&mut raw, &json!(1));
    assert_eq!(result["result"]["isError"], true);
    assert_eq!(payload(&result["result"])["kind"], "invalid_input");
    assert!(
        result.to_string().len() < 2_000,
        "the error does not echo the input"
    );
    // Over the 16 MiB line limit: skipped without being held, answered with -32600.
    let pattern = "b".repeat(17 << 20);
    raw.send(&call_request(
        2,
        "search_panes",
        &json!({"pattern": pattern}),
    ));
    let skipped = reply(&mut raw, &json!(2));
    assert_eq!(
        skipped["error"]["code"], -32600,
        "the id read from the line's start"
    );
    still_serving(&mut raw, 3);
}

#[test]
fn ids_of_every_json_type_get_an_answer() {
    let world = World::new();
    let mut raw = RawClient::start(&world, &["-L", "absent"], &[]);
    for id in [
        json!("text"),
        json!(""),
        json!(0),
        json!(-5),
        json!(9_007_199_254_740_993u64),
        json!("🙂"),
    ] {
        raw.send(&json!({"jsonrpc": "2.0", "id": id, "method": "ping"}).to_string());
        assert!(reply(&mut raw, &id).get("result").is_some(), "{id}");
    }
    for id in [
        Value::Null,
        json!(1.5),
        json!(true),
        json!([1]),
        json!({"a": 1}),
    ] {
        raw.send(&json!({"jsonrpc": "2.0", "id": id, "method": "ping"}).to_string());
        let answer = reply(&mut raw, &Value::Null);
        assert_eq!(answer["error"]["code"], -32600, "{id}");
    }
    still_serving(&mut raw, 1);
}

#[test]
fn a_nul_in_any_string_of_any_tool_is_refused_before_tmux() {
    let world = World::new();
    world.start_server("work");
    let all = [("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")];
    let mut raw = RawClient::start(&world, &["-L", "work"], &all);
    let before = world.tmux("work", &["list-panes", "-a", "-F", "#{pane_id}"]);
    let mut id = 0u64;
    let mut tried = 0;
    for tool in &TOOLS {
        let schema: Value = serde_json::from_str(tool.validation_schema).unwrap();
        for (name, property) in schema["properties"].as_object().unwrap() {
            let nul = match property["type"].as_str() {
                Some("string") => json!("a\u{0}"),
                Some("array") if property["items"]["type"] == "string" => json!(["\u{0}"]),
                _ => continue,
            };
            id += 1;
            raw.send(&call_request(id, tool.name, &json!({name: nul})));
            let answer = reply(&mut raw, &json!(id));
            let body = &payload(&answer["result"]);
            assert_eq!(
                body["kind"], "invalid_input",
                "{} {name}: {answer}",
                tool.name
            );
            let message = body["message"].as_str().unwrap();
            assert!(message.contains("NUL"), "{} {name}: {message}", tool.name);
            tried += 1;
        }
    }
    assert!(tried > 40, "{tried} string parameters");
    assert_eq!(
        world.tmux("work", &["list-panes", "-a", "-F", "#{pane_id}"]),
        before
    );
    still_serving(&mut raw, id + 1);
}

#[test]
fn every_parameter_of_every_tool_refuses_the_wrong_type() {
    let world = World::new();
    let all = [("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")];
    let mut raw = RawClient::start(&world, &["-L", "absent"], &all);
    let mut id = 0u64;
    let mut tried = 0;
    for tool in &TOOLS {
        let schema: Value = serde_json::from_str(tool.validation_schema).unwrap();
        for (name, property) in schema["properties"].as_object().unwrap() {
            let mut wrongs = vec![wrong_for(property)];
            // An array also gets one item of the wrong type.
            if property["type"] == "array" {
                wrongs.push(json!([wrong_for(&property["items"])]));
            }
            for wrong in wrongs {
                id += 1;
                raw.send(&call_request(id, tool.name, &json!({name: wrong})));
                let answer = reply(&mut raw, &json!(id));
                let result = &answer["result"];
                assert_eq!(
                    result["isError"], true,
                    "{} {name} {wrong}: {answer}",
                    tool.name
                );
                let body = payload(result);
                assert_eq!(body["kind"], "invalid_input", "{} {name}", tool.name);
                let message = body["message"].as_str().unwrap();
                assert!(
                    message.contains(name.as_str()),
                    "{} {name}: the message names the field: {message}",
                    tool.name
                );
            }
            tried += 1;
        }
    }
    assert_eq!(
        tried,
        TOOLS.iter().map(|t| t.arguments.len()).sum::<usize>(),
        "every parameter of every tool"
    );
    still_serving(&mut raw, id + 1);
}

#[test]
fn requests_in_flight_when_stdin_closes_end_cleanly() {
    let world = World::new();
    world.start_server("work");
    let mut raw = RawClient::start(&world, &["-L", "work"], &[]);
    raw.send(&call_request(
        1,
        "wait_for_text",
        &json!({"pane": "%0", "seconds": 60}),
    ));
    raw.send(&call_request(2, "list_sessions", &json!({})));
    let started = std::time::Instant::now();
    let (lines, status) = raw.close_and_drain();
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "the server exits instead of waiting out the wait"
    );
    assert!(status.success(), "{status:?}");
    for line in lines {
        let message: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("non-JSON on stdout ({e}): {line}"));
        assert_eq!(message["jsonrpc"], "2.0");
    }
}
