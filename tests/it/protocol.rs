//! The protocol's edges over real stdio: whatever a client sends first, and the two eras of MCP
//! (an `initialize` session, and 2026-07-28's requests that carry their own metadata) served
//! side by side in either order.

use serde_json::{Value, json};
use tmux_mcp_tests::{RawClient, World};

/// What a 2026-07-28 request carries in `params._meta`.
fn modern() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}
    })
}

fn initialize(raw: &mut RawClient, id: u64) -> Value {
    let (_, reply) = raw.request(
        json!(id),
        "initialize",
        json!({"protocolVersion": "2025-11-25", "capabilities": {},
               "clientInfo": {"name": "raw", "version": "1"}}),
    );
    raw.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    reply
}

fn ok(reply: &Value) -> &Value {
    reply
        .get("result")
        .unwrap_or_else(|| panic!("an error instead of a result: {reply}"))
}

fn sessions(raw: &mut RawClient, id: u64, meta: Option<Value>) -> Value {
    let mut params = json!({"name": "list_sessions", "arguments": {}});
    if let Some(meta) = meta {
        params["_meta"] = meta;
    }
    let (_, reply) = raw.request(json!(id), "tools/call", params);
    let result = ok(&reply).clone();
    assert_eq!(result["isError"], false, "{reply}");
    result
}

#[test]
fn any_first_message_is_survived() {
    let world = World::new();
    world.start_server("work");
    for first in [
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":0,"reason":"timed out"}}"#,
        r#"{"jsonrpc":"2.0","id":"s1","result":{}}"#,
        r#"{"jsonrpc":"2.0","id":"s2","error":{"code":-1,"message":"no"}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":5}}"#,
        r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
    ] {
        let mut raw = RawClient::spawn(&world, &["-L", "work"], &[]);
        raw.send(first);
        let reply = initialize(&mut raw, 1);
        assert_eq!(ok(&reply)["protocolVersion"], "2025-11-25", "after {first}");
        sessions(&mut raw, 2, None);
        let status = raw.finish();
        assert!(status.success(), "after {first}: {status:?}");
    }
}

/// The Python SDK's auto mode: a discover probe, a cancellation when it gives up waiting, then
/// requests that carry their own metadata.
#[test]
fn a_discover_probe_and_its_cancellation_then_stateless_requests() {
    let world = World::new();
    world.start_server("work");
    let mut raw = RawClient::spawn(&world, &["-L", "work"], &[]);
    let (_, discovered) = raw.request(json!(1), "server/discover", json!({"_meta": modern()}));
    let versions = ok(&discovered)["supportedVersions"]
        .as_array()
        .unwrap()
        .clone();
    assert!(versions.contains(&json!("2026-07-28")), "{discovered}");
    assert!(versions.contains(&json!("2025-11-25")), "{discovered}");
    raw.send(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#);
    let (_, listed) = raw.request(json!(2), "tools/list", json!({"_meta": modern()}));
    assert!(ok(&listed)["tools"].as_array().unwrap().len() > 10);
    sessions(&mut raw, 3, Some(modern()));
    // Without the metadata (and no initialize), the request says what it lacks.
    let (_, bare) = raw.request(
        json!(4),
        "tools/list",
        json!({"_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28"}}),
    );
    assert_eq!(bare["error"]["code"], -32602, "{bare}");
    assert!(raw.finish().success());
}

#[test]
fn both_eras_are_served_in_either_order() {
    let world = World::new();
    world.start_server("work");

    // Stateless first, then a legacy session: both go on working.
    let mut raw = RawClient::spawn(&world, &["-L", "work"], &[]);
    sessions(&mut raw, 1, Some(modern()));
    assert_eq!(
        ok(&initialize(&mut raw, 2))["protocolVersion"],
        "2025-11-25"
    );
    sessions(&mut raw, 3, None);
    let (_, listed) = raw.request(json!(4), "tools/list", json!({}));
    ok(&listed);
    sessions(&mut raw, 5, Some(modern()));
    assert!(raw.finish().success());

    // A legacy session first, then stateless requests, then the session again.
    let mut raw = RawClient::spawn(&world, &["-L", "work"], &[]);
    initialize(&mut raw, 1);
    sessions(&mut raw, 2, None);
    sessions(&mut raw, 3, Some(modern()));
    sessions(&mut raw, 4, None);
    assert!(raw.finish().success());
}

#[test]
fn an_unsupported_version_is_named_with_the_supported_ones() {
    let world = World::new();
    let mut raw = RawClient::spawn(&world, &["-L", "absent"], &[]);
    let mut meta = modern();
    meta["io.modelcontextprotocol/protocolVersion"] = json!("2099-01-01");
    let (_, reply) = raw.request(json!(1), "tools/list", json!({"_meta": meta}));
    assert_eq!(reply["error"]["code"], -32022, "{reply}");
    let supported = reply["error"]["data"]["supported"].to_string();
    assert!(supported.contains("2026-07-28"), "{reply}");
    assert!(raw.finish().success());
}

/// 2026-07-28 results carry the server's name and version in `_meta` (beside an error's body);
/// legacy results, whose session learned them from `initialize`, do not.
#[test]
fn modern_results_name_the_server() {
    let world = World::new();
    world.start_server("work");
    let mut raw = RawClient::spawn(&world, &["-L", "work"], &[]);
    let info = json!({"name": "tmux-mcp", "version": env!("CARGO_PKG_VERSION")});
    let key = "io.modelcontextprotocol/serverInfo";
    let requests = [
        ("tools/list", json!({})),
        (
            "tools/call",
            json!({"name": "list_sessions", "arguments": {}}),
        ),
        (
            "tools/call",
            json!({"name": "get_pane_info", "arguments": {"pane": "%99999"}}),
        ),
        ("resources/list", json!({})),
        ("resources/read", json!({"uri": "tmux://capabilities"})),
    ];
    for (id, (method, params)) in requests.iter().enumerate() {
        let mut params = params.clone();
        params["_meta"] = modern();
        let (_, reply) = raw.request(json!(id), method, params);
        assert_eq!(ok(&reply)["_meta"][key], info, "{method}: {reply:.300}");
    }
    initialize(&mut raw, 100);
    for (id, (method, params)) in requests.iter().enumerate() {
        let (_, reply) = raw.request(json!(200 + id), method, params.clone());
        // An error's body travels in `_meta` under every protocol; the server's name does not.
        assert!(
            ok(&reply)["_meta"].get(key).is_none(),
            "{method}: {reply:.300}"
        );
    }
    assert!(raw.finish().success());
}
