//! Every message the server writes, in a session over each protocol version it supports, checked
//! against that version's message shapes: the shapes this server sends, written down from the
//! specification's schema.json of each version (`schema/<version>/schema.json` in
//! modelcontextprotocol/modelcontextprotocol). Those schemas allow fields beyond the ones they
//! define, so the checks are: every required field present, every field they define of the type
//! they define, and what a version adds (2026-07-28's `resultType`, cache hints, server info)
//! present there and absent before.
//!
//! One exception to a schema, by design: a reply to a line that is not JSON has no id to carry.
//! The 2025-11-25 schema lets an error omit its id; older ones require an id, and `null` is no
//! valid id in any of them, so the reply omits it for every version.

use std::collections::HashMap;

use serde_json::{Value, json};
use tmux_mcp_tests::{RawClient, World};

const LEGACY: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
const MODERN: &str = "2026-07-28";

/// A session: the requests sent (id → method) and every line the server wrote.
struct Session {
    version: &'static str,
    sent: HashMap<String, String>,
    written: Vec<String>,
}

fn run(world: &World, version: &'static str) -> Session {
    let modern = version == MODERN;
    let mut raw = RawClient::spawn(world, &["-L", "work"], &[]);
    let mut sent = HashMap::new();
    let mut written = Vec::new();
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": version,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "conformance", "version": "1"},
    });
    let mut requests: Vec<(&str, Value)> = Vec::new();
    if modern {
        requests.push(("server/discover", json!({})));
    } else {
        requests.push((
            "initialize",
            json!({"protocolVersion": version, "capabilities": {},
                   "clientInfo": {"name": "conformance", "version": "1"}}),
        ));
        requests.push(("ping", json!({})));
    }
    let marker = format!("never-printed-{version}");
    requests.extend([
        ("tools/list", json!({})),
        ("resources/list", json!({})),
        ("resources/read", json!({"uri": "tmux://capabilities"})),
        ("resources/read", json!({"uri": "tmux://nothing"})),
        ("tools/call", json!({"name": "list_panes", "arguments": {}})),
        ("tools/call", json!({"name": "get_pane_info", "arguments": {"pane": "%99999"}})),
        ("tools/call", json!({"name": "capture_pane", "arguments": {"pane": 5}})),
        ("tools/call", json!({"name": "no_such_tool", "arguments": {}})),
        (
            "tools/call",
            json!({"name": "wait_for_text", "arguments": {"pane": "%0", "patterns": [marker], "seconds": 2},
                   "_meta": {"progressToken": format!("progress-{version}")}}),
        ),
        ("no/such/method", json!({})),
    ]);
    for (n, (method, mut params)) in requests.into_iter().enumerate() {
        if modern {
            let own = params["_meta"].as_object().cloned().unwrap_or_default();
            params["_meta"] = meta.clone();
            for (k, v) in own {
                params["_meta"][k] = v;
            }
        }
        let id = json!(format!("{version}-{n}"));
        sent.insert(id.as_str().unwrap().to_owned(), method.to_owned());
        raw.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string(),
        );
        if method == "initialize" {
            // The session starts once the client has its answer.
            written.push(raw.line().expect("initialize reply"));
            raw.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
            raw.send("not json");
        }
    }
    if modern {
        raw.send("not json");
    }
    // Everything is answered (the wait at its deadline) before the session ends.
    let expected = sent.len() - written.len();
    let mut answered = 0;
    while answered < expected {
        let line = raw.line().expect("a reply");
        let message: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        if message.get("id").is_some() && message.get("method").is_none() {
            answered += 1;
        }
        written.push(line);
    }
    let (rest, status) = raw.close_and_drain();
    written.extend(rest);
    assert!(status.success(), "{version}: {status:?}");
    Session {
        version,
        sent,
        written,
    }
}

fn at_least(version: &str, since: &str) -> bool {
    version >= since
}

/// Why `message` does not have a shape of `session.version`, if it does not.
fn check(session: &Session, message: &Value) -> Result<(), String> {
    let v = session.version;
    let object = message.as_object().ok_or("not an object")?;
    if message["jsonrpc"] != "2.0" {
        return Err("jsonrpc is not \"2.0\"".into());
    }
    for key in object.keys() {
        if !["jsonrpc", "id", "result", "error", "method", "params"].contains(&key.as_str()) {
            return Err(format!("a top-level key JSON-RPC does not have: {key}"));
        }
    }
    if let Some(method) = object.get("method") {
        if object.contains_key("id") {
            return Err("the server sent a request".into());
        }
        if method != "notifications/progress" {
            return Err(format!("an unexpected notification {method}"));
        }
        let p = &message["params"];
        let token_ok = p["progressToken"].is_string() || p["progressToken"].is_i64();
        if !token_ok || !p["progress"].is_number() {
            return Err("progress needs progressToken and progress".into());
        }
        if p.get("total").is_some_and(|t| !t.is_number()) {
            return Err("progress total is not a number".into());
        }
        if at_least(v, "2025-03-26") && p.get("message").is_some_and(|m| !m.is_string()) {
            return Err("progress message is not a string".into());
        }
        return Ok(());
    }
    let id = object.get("id");
    if let Some(error) = object.get("error") {
        if object.contains_key("result") {
            return Err("both result and error".into());
        }
        if !error["code"].is_i64() || !error["message"].is_string() {
            return Err("an error needs an integer code and a string message".into());
        }
        return match id {
            Some(id) if session.sent.contains_key(id.as_str().unwrap_or("")) => Ok(()),
            Some(id) => Err(format!("an error for an id never sent: {id}")),
            None if error["code"] == -32700 => Ok(()),
            None => Err("an error without the id its request had".into()),
        };
    }
    let result = object
        .get("result")
        .ok_or("neither a notification, a result nor an error")?;
    let id = id
        .and_then(Value::as_str)
        .ok_or("a result without a string id we sent")?;
    let method = session
        .sent
        .get(id)
        .ok_or("a result for an id never sent")?;
    let result = result.as_object().ok_or("a result is not an object")?;
    let modern = v == MODERN;
    match (modern, result.get("resultType")) {
        (true, Some(t)) if t == "complete" => {}
        (true, other) => return Err(format!("resultType is {other:?}, not \"complete\"")),
        (false, Some(_)) => return Err("resultType in a session before 2026-07-28".into()),
        (false, None) => {}
    }
    let cached = matches!(
        method.as_str(),
        "tools/list" | "resources/list" | "resources/read"
    );
    if modern && cached && (!result["ttlMs"].is_u64() || !result["cacheScope"].is_string()) {
        return Err(format!("{method}: 2026-07-28 wants ttlMs and cacheScope"));
    }
    let info = &result
        .get("_meta")
        .map(|m| m["io.modelcontextprotocol/serverInfo"].clone());
    if modern && method != "server/discover" && method != "ping" {
        let info = info.as_ref().ok_or("no _meta.serverInfo")?;
        if !info["name"].is_string() || !info["version"].is_string() {
            return Err("serverInfo needs name and version".into());
        }
    }
    let strings = |value: &Value, keys: &[&str]| keys.iter().all(|k| value[*k].is_string());
    let ok = match method.as_str() {
        "initialize" => {
            result.get("protocolVersion") == Some(&json!(v))
                && result["capabilities"].is_object()
                && strings(
                    &Value::Object(result.clone())["serverInfo"],
                    &["name", "version"],
                )
                && result.get("instructions").is_none_or(Value::is_string)
        }
        "server/discover" => {
            result["supportedVersions"]
                .as_array()
                .is_some_and(|s| s.contains(&json!(MODERN)))
                && result["capabilities"].is_object()
        }
        "ping" => true,
        "tools/list" => result["tools"].as_array().is_some_and(|tools| {
            tools.iter().all(|t| {
                strings(t, &["name", "description"])
                    && t["inputSchema"]["type"] == "object"
                    && t.get("outputSchema").is_none_or(|s| s["type"] == "object")
                    && t.get("annotations").is_none_or(Value::is_object)
                    && t.get("title").is_none_or(Value::is_string)
            })
        }),
        "resources/list" => result["resources"]
            .as_array()
            .is_some_and(|r| r.iter().all(|r| strings(r, &["uri", "name"]))),
        "resources/read" => result["contents"]
            .as_array()
            .is_some_and(|c| c.iter().all(|c| strings(c, &["uri", "text"]))),
        "tools/call" => {
            result["content"].as_array().is_some_and(|c| {
                c.iter()
                    .all(|b| b["type"] == "text" && b["text"].is_string())
            }) && result.get("isError").is_none_or(Value::is_boolean)
                && result.get("structuredContent").is_none_or(Value::is_object)
        }
        other => return Err(format!("a result for {other}, which has none")),
    };
    if ok {
        Ok(())
    } else {
        Err(format!("not the shape of a {method} result"))
    }
}

#[test]
fn every_message_has_the_shape_of_its_protocol_version() {
    let world = World::new();
    world.start_server("work");
    for version in LEGACY.into_iter().chain([MODERN]) {
        let session = run(&world, version);
        let mut answered = 0;
        let mut progress = 0;
        let mut unparsable = 0;
        for line in &session.written {
            let message: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{version}: not JSON ({e}): {line:.200}"));
            if let Err(why) = check(&session, &message) {
                panic!("{version}: {why}: {line:.400}");
            }
            if message.get("method").is_some() {
                progress += 1;
            } else if message.get("id").is_none() {
                unparsable += 1;
            } else {
                answered += 1;
            }
        }
        assert_eq!(
            answered,
            session.sent.len(),
            "{version}: every request answered once"
        );
        assert!(progress >= 1, "{version}: the wait reported progress");
        assert_eq!(unparsable, 1, "{version}: the one line that was not JSON");
        let not_found = session
            .written
            .iter()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .find(|m| {
                m["error"]["message"]
                    .as_str()
                    .is_some_and(|t| t.starts_with("no resource"))
            })
            .unwrap_or_else(|| panic!("{version}: no error for tmux://nothing"));
        assert_eq!(
            not_found["error"]["data"],
            json!({"uri": "tmux://nothing"}),
            "{version}: the URI not found is in the error's data (SEP-2164)"
        );
    }
}
