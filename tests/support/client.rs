//! Talking to the server as a client does: calls through rmcp, a raw JSON-RPC peer, and the
//! checks every result and error is held to.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::ServiceError;
use serde_json::{Value, json};

use crate::*;

/// Calls a tool; a protocol error is returned as `Err`.
pub async fn call(
    client: &Client,
    name: &str,
    arguments: Value,
) -> Result<CallToolResult, ServiceError> {
    let params = match arguments {
        Value::Object(map) => CallToolRequestParams::new(name.to_owned()).with_arguments(map),
        _ => CallToolRequestParams::new(name.to_owned()),
    };
    // A server that never answers (one that killed its own pane, say) fails the test, not hangs it.
    tokio::time::timeout(Duration::from_secs(90), client.call_tool(params))
        .await
        .unwrap_or_else(|_| panic!("{name}: no reply within 90 s"))
}

/// The JSON-RPC error code of a protocol error.
pub fn error_code(e: &ServiceError) -> Option<i32> {
    match e {
        ServiceError::McpError(data) => Some(data.code.0),
        _ => None,
    }
}

/// Calls a tool that must succeed; returns its structured output, checked against the tool's
/// output schema (and no field beyond it).
pub async fn ok(client: &Client, tool: &str, arguments: Value) -> Value {
    let result = call(client, tool, arguments.clone())
        .await
        .unwrap_or_else(|e| panic!("{tool} {arguments}: protocol error {e}"));
    let body = result.structured_content.clone().unwrap_or(Value::Null);
    assert_ne!(
        result.is_error,
        Some(true),
        "{tool} {arguments} failed: {}",
        payload(&serde_json::to_value(&result).expect("a result is JSON"))
    );
    check_output(tool, &body);
    body
}

/// Calls a tool that must fail as a tool error; returns the `{message, kind, retryable}` body.
pub async fn fails(client: &Client, tool: &str, arguments: Value) -> Value {
    let result = call(client, tool, arguments.clone())
        .await
        .unwrap_or_else(|e| panic!("{tool} {arguments}: protocol error {e}"));
    assert_eq!(
        result.is_error,
        Some(true),
        "{tool} {arguments} should fail: {:?}",
        result.structured_content
    );
    payload(&serde_json::to_value(&result).expect("a result is JSON"))
}

pub async fn capabilities(client: &Client) -> Value {
    let read = client
        .read_resource(rmcp::model::ReadResourceRequestParams::new(
            "tmux://capabilities",
        ))
        .await
        .expect("read capabilities");
    let text = match &read.contents[0] {
        rmcp::model::ResourceContents::TextResourceContents { text, .. } => text.clone(),
        other => panic!("capabilities is not text: {other:?}"),
    };
    serde_json::from_str(&text).expect("capabilities is JSON")
}

/// What a tool result (a `CallToolResult` as JSON) carries: its `structuredContent`, or for an
/// `isError` result the error body its `_meta` holds (an error has no `structuredContent`),
/// checked to be what its text says.
pub fn payload(result: &Value) -> Value {
    if result["isError"] == true {
        assert!(result.get("structuredContent").is_none(), "{result}");
        let body = tmux_mcp::envelope::error_body(result)
            .unwrap_or_else(|| panic!("an error result without its body: {result}"))
            .clone();
        check_error_body(&body);
        check_error_text(result["content"][0]["text"].as_str(), &body);
        body
    } else {
        result["structuredContent"].clone()
    }
}

/// An error result's first text: its message and kind in words, never JSON (a client may take
/// a JSON object for the tool's output).
pub fn check_error_text(text: Option<&str>, body: &Value) {
    let text = text.unwrap_or_else(|| panic!("an error result without text: {body}"));
    assert!(
        serde_json::from_str::<Value>(text).is_err(),
        "an error's text is JSON: {text}"
    );
    let (message, kind) = (body["message"].as_str(), body["kind"].as_str());
    assert!(
        message.is_some_and(|m| text.starts_with(m))
            && kind.is_some_and(|k| text.contains(&format!("[{k}"))),
        "the error's text does not say its body: {text:?} for {body}"
    );
}

/// A tool error body: exactly `{message, kind, retryable}`, kind from the documented vocabulary.
pub fn check_error_body(body: &Value) {
    let kinds: Vec<&str> = tmux_mcp::catalog::ErrorKind::ALL
        .iter()
        .map(|k| k.as_str())
        .collect();
    let keys: Vec<&String> = body
        .as_object()
        .expect("error body is an object")
        .keys()
        .collect();
    assert_eq!(keys, ["kind", "message", "retryable"], "{body}");
    assert!(
        kinds.contains(&body["kind"].as_str().unwrap_or_default()),
        "{body}"
    );
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
}

/// Checks `value` against `tool`'s output schema: the validator the server uses for inputs,
/// plus a check that every object holds exactly the fields the schema declares.
pub fn check_output(tool: &str, value: &Value) {
    let id = tmux_mcp::catalog::ToolId::from_name(tool).expect("known tool");
    let schema: Value = serde_json::from_str(id.descriptor().output_schema).expect("schema");
    let mut copy = value.clone();
    if let Err(v) = tmux_mcp_runtime::validate(&schema, &mut copy) {
        panic!("{tool} output does not match its schema: {v}\n{value}");
    }
    // Exactly the declared fields: output schemas do not list `required`, because every
    // output field is always present.
    fn no_extra(tool: &str, schema: &Value, value: &Value, at: &str) {
        if let (Some(props), Some(map)) = (
            schema.get("properties").and_then(Value::as_object),
            value.as_object(),
        ) {
            for (k, v) in map {
                let prop = props
                    .get(k)
                    .unwrap_or_else(|| panic!("{tool}: {at}.{k} is not in the output schema"));
                no_extra(tool, prop, v, &format!("{at}.{k}"));
            }
            for k in props.keys() {
                assert!(
                    map.contains_key(k),
                    "{tool}: {at}.{k} is declared but missing"
                );
            }
        }
        if let (Some(items), Some(list)) = (schema.get("items"), value.as_array()) {
            for v in list {
                no_extra(tool, items, v, &format!("{at}[]"));
            }
        }
    }
    no_extra(tool, &schema, value, "");
}

/// A `tools/call` request line: `name` with `arguments`, under `id`.
pub fn call_request(id: u64, name: &str, arguments: &Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": name, "arguments": arguments}}).to_string()
}

/// A bare JSON-RPC peer over the server's stdio, for what an SDK client hides: exact response
/// bytes, malformed input, ids of any type.
pub struct RawClient {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    stdout: std::io::BufReader<std::process::ChildStdout>,
    /// Where the server's stderr goes.
    log: PathBuf,
}

impl RawClient {
    /// Spawns the server in `world` and completes the initialize handshake.
    pub fn start(world: &World, args: &[&str], env: &[(&str, &str)]) -> RawClient {
        RawClient::start_program(world, &binary(), args, env)
    }

    /// As [`RawClient::start`], with the server's binary at `program` (a copy, say).
    pub fn start_program(
        world: &World,
        program: &Path,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> RawClient {
        let mut raw = RawClient::spawn_program(world, program, args, env);
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}});
        raw.send(&init.to_string());
        let reply = raw.line().expect("initialize reply");
        assert!(reply.contains("\"result\""), "{reply}");
        raw.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        raw
    }

    /// Spawns the server in `world` and says nothing to it yet.
    pub fn spawn(world: &World, args: &[&str], env: &[(&str, &str)]) -> RawClient {
        RawClient::spawn_program(world, &binary(), args, env)
    }

    fn spawn_program(
        world: &World,
        program: &Path,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> RawClient {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let log = world.dir.path.join(format!(
            "stderr-{}.log",
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let mut child = Command::new(program)
            .env_clear()
            .envs(world.base_env())
            .envs(env.iter().copied())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("stderr log"))
            .spawn()
            .expect("spawn tmux-mcp");
        let stdin = child.stdin.take();
        let stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        RawClient {
            child,
            stdin,
            stdout,
            log,
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Writes bytes as they are (part of a line, say).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin
            .write_all(bytes)
            .and_then(|()| stdin.flush())
            .expect("write to server");
    }

    /// Closes stdin, reads what the server still writes, and waits for it to exit.
    pub fn close_and_drain(mut self) -> (Vec<String>, std::process::ExitStatus) {
        drop(self.stdin.take());
        let mut lines = Vec::new();
        while let Some(line) = self.line() {
            lines.push(line);
        }
        (lines, self.child.wait().expect("wait for server"))
    }

    /// The next line the server writes, without its newline; `None` at end of output.
    pub fn line(&mut self) -> Option<String> {
        use std::io::BufRead;
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim_end_matches('\n').to_owned()),
        }
    }

    /// Sends a request and returns the raw response line and its parsed form.
    /// `tools/call` of `name` with `arguments`, as [`RawClient::request`] answers it.
    pub fn call(&mut self, id: u64, name: &str, arguments: Value) -> (String, Value) {
        self.request(
            json!(id),
            "tools/call",
            json!({"name": name, "arguments": arguments}),
        )
    }

    pub fn request(&mut self, id: Value, method: &str, params: Value) -> (String, Value) {
        self.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string(),
        );
        loop {
            let line = self.line().expect("a response");
            let parsed: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("stdout carried non-JSON ({e}): {line:.200}"));
            if parsed.get("id") == Some(&id) {
                return (line, parsed);
            }
        }
    }

    /// What the server has written to stderr so far.
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Closes stdin without waiting: the server goes on to leave.
    pub fn close_stdin(&mut self) {
        drop(self.stdin.take());
    }

    /// Closes stdin and waits for the server to exit.
    pub fn finish(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        self.child.wait().expect("wait for server")
    }
}

impl Drop for RawClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
