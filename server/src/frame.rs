//! A guard between stdio and the MCP service. rmcp drops a line it cannot read, answers some
//! malformed messages without their id and reads a line of any length; here every line is
//! checked first, and what rmcp would drop or misreport is answered here:
//! - not JSON: -32700, without an id (none can be known);
//! - longer than [`MAX_LINE`]: -32600, skipped without being held in memory, with the id when the
//!   line's first bytes name one;
//! - not a JSON-RPC 2.0 request, notification or response: -32600, with its id when it is a
//!   valid one (a string or an integer), else without;
//! - a request to a method this server knows whose params do not fit: -32602 (rmcp would read
//!   it as an unknown method);
//! - a notification is never answered: a malformed one is dropped.
//!
//! Everything the client sees goes through one writer that takes whole lines from a channel,
//! so stdout carries only JSON-RPC, one message per line, never two spliced together.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};
use tokio::io::{
    AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream,
};
use tokio::sync::mpsc;

/// The longest request line accepted.
pub const MAX_LINE: usize = 16 << 20;
/// Buffer between the guard and the service.
const PIPE: usize = 1 << 20;
/// Lines waiting for stdout: a slow reader holds back the service, not memory.
const QUEUED_LINES: usize = 64;
/// How much of an over-long line is kept to find its id.
const HEAD: usize = 4096;

/// Starts the guard over `input`/`output`; returns the ends the MCP service reads and writes.
pub fn guard<R, W>(input: R, output: W) -> (DuplexStream, DuplexStream)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (service_in, to_service) = tokio::io::duplex(PIPE);
    let (from_service, service_out) = tokio::io::duplex(PIPE);
    let (lines, lines_rx) = mpsc::channel(QUEUED_LINES);
    tokio::spawn(read_requests(input, to_service, lines.clone()));
    tokio::spawn(read_responses(from_service, lines));
    tokio::spawn(write_lines(lines_rx, output));
    (service_in, service_out)
}

async fn read_requests<R: AsyncRead + Unpin>(
    input: R,
    mut to_service: DuplexStream,
    replies: mpsc::Sender<Vec<u8>>,
) {
    let mut input = BufReader::new(input);
    let mut line = Vec::new();
    loop {
        line.clear();
        match (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .await
        {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if line.last() != Some(&b'\n') && line.len() > MAX_LINE {
            let id = id_in_head(&line[..HEAD]);
            line = Vec::new();
            let reply = error(
                id,
                -32600,
                format!(
                    "request line longer than {} MiB; it was skipped",
                    MAX_LINE >> 20
                ),
            );
            if replies.send(reply).await.is_err() || skip_rest_of_line(&mut input).await.is_err() {
                break;
            }
            continue;
        }
        let body = line.strip_suffix(b"\n").unwrap_or(&line);
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        if body.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match check(body) {
            Verdict::Pass => {
                if to_service.write_all(body).await.is_err()
                    || to_service.write_all(b"\n").await.is_err()
                {
                    break;
                }
            }
            Verdict::Answer(reply) => {
                if replies.send(reply).await.is_err() {
                    break;
                }
            }
            Verdict::Drop => {}
        }
    }
    // End of input: the service finishes what it has and stops.
    let _ = to_service.shutdown().await;
}

async fn skip_rest_of_line<R: AsyncRead + Unpin>(input: &mut BufReader<R>) -> std::io::Result<()> {
    loop {
        let buffer = input.fill_buf().await?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|b| *b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = buffer.len();
                input.consume(n);
            }
        }
    }
}

/// What becomes of one line from the client.
#[derive(Debug)]
enum Verdict {
    /// The service reads it.
    Pass,
    /// The client gets this reply; the service never sees the line.
    Answer(Vec<u8>),
    /// Nobody sees it (a malformed notification: notifications are never answered).
    Drop,
}

fn check(body: &[u8]) -> Verdict {
    let message: Value = match serde_json::from_slice(body) {
        Ok(message) => message,
        Err(e) => return Verdict::Answer(error(None, -32700, format!("parse error: {e}"))),
    };
    let Value::Object(mut message) = message else {
        return Verdict::Answer(error(
            None,
            -32600,
            "a message must be one JSON object; batches are not part of MCP".into(),
        ));
    };
    let id = message.get("id").filter(|id| valid_id(id)).cloned();
    let invalid = |why: &str| Verdict::Answer(error(id.clone(), -32600, why.to_owned()));
    if message.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return invalid("\"jsonrpc\" must be \"2.0\"");
    }
    let Some(method) = message.get("method") else {
        let result = message.contains_key("result");
        let error = message.contains_key("error");
        return match (message.get("id"), result != error) {
            (Some(_), true) if id.is_some() => Verdict::Pass,
            _ => invalid(
                "a message needs a \"method\" (a request or notification), or an \"id\" with one \
                 of \"result\" and \"error\" (a response)",
            ),
        };
    };
    let notification = !message.contains_key("id");
    let Some(method) = method.as_str().map(str::to_owned) else {
        return if notification {
            Verdict::Drop
        } else {
            invalid("\"method\" must be a string")
        };
    };
    if !notification && id.is_none() {
        return invalid("a request id must be a string or an integer");
    }
    let params = message.remove("params");
    if params.as_ref().is_some_and(|p| !p.is_object()) {
        return if notification {
            Verdict::Drop
        } else {
            invalid("\"params\" must be an object")
        };
    }
    match params_problem(&method, params) {
        None => Verdict::Pass,
        Some(_) if notification => Verdict::Drop,
        Some(why) => Verdict::Answer(error(id, -32602, why)),
    }
}

/// Why the params of a request to a method served here do not fit it, if they do not.
fn params_problem(method: &str, params: Option<Value>) -> Option<String> {
    use rmcp::model::{InitializeRequestParams, ReadResourceRequestParams};
    let params = params.unwrap_or_else(|| Value::Object(Map::new()));
    match method {
        "tools/call" => {
            let name_ok = params.get("name").is_some_and(Value::is_string);
            let arguments_ok = params
                .get("arguments")
                .is_none_or(|a| a.is_object() || a.is_null());
            (!(name_ok && arguments_ok)).then(|| {
                "tools/call params must be {\"name\": string, \"arguments\": object}".into()
            })
        }
        "resources/read" => fits::<ReadResourceRequestParams>(params)
            .map(|e| format!("resources/read params must be {{\"uri\": string}}: {e}")),
        "initialize" => fits::<InitializeRequestParams>(params).map(|e| {
            format!(
                "initialize params must be {{\"protocolVersion\": string, \"capabilities\": \
                 object, \"clientInfo\": {{\"name\": string, \"version\": string}}}}: {e}"
            )
        }),
        _ => None,
    }
}

fn fits<T: DeserializeOwned>(params: Value) -> Option<serde_json::Error> {
    serde_json::from_value::<T>(params).err()
}

/// JSON-RPC ids MCP allows: a string or an integer (never null).
fn valid_id(id: &Value) -> bool {
    id.is_string() || id.is_i64() || id.is_u64()
}

/// The id among the top-level keys at the start of a line too long to parse, if it is there and
/// whole: keys are read in order until `id`, or until a value the head cuts short.
fn id_in_head(head: &[u8]) -> Option<Value> {
    fn one<T: DeserializeOwned>(bytes: &[u8]) -> Option<(T, usize)> {
        let mut values = serde_json::Deserializer::from_slice(bytes).into_iter::<T>();
        let value = values.next()?.ok()?;
        Some((value, values.byte_offset()))
    }
    fn skip_space(head: &[u8], at: usize) -> usize {
        at + head[at.min(head.len())..]
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count()
    }
    let mut at = skip_space(head, 0);
    if head.get(at) != Some(&b'{') {
        return None;
    }
    at += 1;
    loop {
        at = skip_space(head, at);
        let (key, n) = one::<String>(head.get(at..)?)?;
        at = skip_space(head, at + n);
        if head.get(at) != Some(&b':') {
            return None;
        }
        at = skip_space(head, at + 1);
        let (value, n) = one::<Value>(head.get(at..)?)?;
        at = skip_space(head, at + n);
        // A value that reaches the end of the head may be cut short (a number, say).
        if at >= head.len() {
            return None;
        }
        if key == "id" {
            return Some(value).filter(valid_id);
        }
        if head.get(at) != Some(&b',') {
            return None;
        }
        at += 1;
    }
}

/// A JSON-RPC error reply; without an id when none is known (the 2025-11-25 schema's form).
fn error(id: Option<Value>, code: i64, message: String) -> Vec<u8> {
    let mut reply = json!({"jsonrpc": "2.0", "error": {"code": code, "message": message}});
    if let Some(id) = id {
        reply["id"] = id;
    }
    let mut line = reply.to_string().into_bytes();
    line.push(b'\n');
    line
}

/// Hands the service's lines, each whole, to the writer.
async fn read_responses(from_service: DuplexStream, lines: mpsc::Sender<Vec<u8>>) {
    let mut service = BufReader::new(from_service);
    loop {
        let mut line = Vec::new();
        match service.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if line.last() != Some(&b'\n') {
            line.push(b'\n');
        }
        if lines.send(line).await.is_err() {
            break;
        }
    }
}

/// The only writer of stdout: one whole line at a time.
async fn write_lines<W: AsyncWrite + Unpin>(mut lines: mpsc::Receiver<Vec<u8>>, mut output: W) {
    while let Some(line) = lines.recv().await {
        if output.write_all(&line).await.is_err() || output.flush().await.is_err() {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

    use super::{Verdict, check, guard, id_in_head};

    fn answer(line: &str) -> Value {
        match check(line.as_bytes()) {
            Verdict::Answer(reply) => serde_json::from_slice(&reply).unwrap(),
            other => panic!("{line}: {other:?}"),
        }
    }

    fn passes(line: &str) -> bool {
        matches!(check(line.as_bytes()), Verdict::Pass)
    }

    fn dropped(line: &str) -> bool {
        matches!(check(line.as_bytes()), Verdict::Drop)
    }

    proptest::proptest! {
        #[test]
        fn any_line_is_checked_without_panicking(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
            let _ = check(&bytes);
            let _ = id_in_head(&bytes);
        }
    }

    #[test]
    fn answers_what_rmcp_would_drop_or_misread() {
        let reply = answer("not json");
        assert_eq!(reply["error"]["code"], -32700);
        assert!(reply.get("id").is_none(), "no id, not id null: {reply}");
        assert_eq!(
            answer(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5}}"#)["error"]
                ["code"],
            -32602
        );
        assert_eq!(
            answer(
                r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":[1]}}"#
            )["id"],
            1
        );
        assert_eq!(
            answer(r#"{"jsonrpc":"2.0","id":"r","method":"resources/read","params":{}}"#)["error"]
                ["code"],
            -32602
        );
        assert_eq!(
            answer(r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)["error"]["code"],
            -32602
        );
        assert!(passes(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#
        ));
        assert!(passes(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#));
        assert!(passes(
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#
        ));
        assert!(passes(r#"{"jsonrpc":"2.0","id":4,"result":{}}"#));
    }

    #[test]
    fn invalid_requests_carry_their_id_when_it_is_one() {
        for (line, id) in [
            (r#"{"jsonrpc":"2.0","id":9}"#, Some(json!(9))),
            (
                r#"{"jsonrpc":"1.0","id":"a","method":"ping"}"#,
                Some(json!("a")),
            ),
            (r#"{"jsonrpc":"2.0","id":11,"method":5}"#, Some(json!(11))),
            (
                r#"{"jsonrpc":"2.0","id":14,"method":"ping","params":[1]}"#,
                Some(json!(14)),
            ),
            (
                r#"{"jsonrpc":"2.0","id":3,"result":{},"error":{}}"#,
                Some(json!(3)),
            ),
            (r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, None),
            (r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, None),
            (r#"[{"jsonrpc":"2.0","id":13,"method":"ping"}]"#, None),
        ] {
            let reply = answer(line);
            assert_eq!(reply["error"]["code"], -32600, "{line}");
            assert_eq!(reply.get("id"), id.as_ref(), "{line}");
        }
    }

    #[test]
    fn malformed_notifications_are_never_answered() {
        for line in [
            r#"{"jsonrpc":"2.0","method":"tools/call","params":{"name":5}}"#,
            r#"{"jsonrpc":"2.0","method":7}"#,
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":[1]}"#,
        ] {
            assert!(dropped(line), "{line}");
        }
    }

    #[test]
    fn the_head_of_a_long_line_yields_its_id_only_when_whole() {
        let id = |s: &str| id_in_head(s.as_bytes());
        assert_eq!(
            id(r#"{"jsonrpc":"2.0","id":42,"method":"x","params":{"a":"#),
            Some(json!(42))
        );
        assert_eq!(
            id(r#" { "method" : "x" , "id" : "q\"r" , "params""#),
            Some(json!("q\"r"))
        );
        assert_eq!(id(r#"{"jsonrpc":"2.0","params":{"a":"bbbbbbbb"#), None);
        assert_eq!(
            id(r#"{"jsonrpc":"2.0","id":12"#),
            None,
            "the number may go on"
        );
        assert_eq!(id(r#"{"id":null,"method":"x""#), None);
        assert_eq!(id(r#"[1,2"#), None);
    }

    /// The service writes a line in two pieces while guard replies are due: every line the
    /// client reads is whole.
    #[tokio::test]
    async fn a_reply_is_never_spliced_into_a_line_being_written() {
        let (client_out, guard_in) = tokio::io::duplex(1 << 16);
        let (guard_out, client_in) = tokio::io::duplex(1 << 10);
        let (_service_in, mut service_out) = guard(guard_in, guard_out);
        let mut client_out = client_out;
        let big = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"x\":\"{}\"}}}}",
            "y".repeat(200_000)
        );
        let (head, tail) = big.split_at(100_000);
        service_out.write_all(head.as_bytes()).await.unwrap();
        for _ in 0..20 {
            client_out.write_all(b"not json\n").await.unwrap();
        }
        client_out.flush().await.unwrap();
        tokio::task::yield_now().await;
        service_out.write_all(tail.as_bytes()).await.unwrap();
        service_out.write_all(b"\n").await.unwrap();
        drop(client_out);
        drop(service_out);
        let mut lines = BufReader::new(client_in).lines();
        let mut count = 0;
        while let Some(line) = lines.next_line().await.unwrap() {
            let message: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("spliced line ({e}): {:.120}", line));
            assert_eq!(message["jsonrpc"], "2.0");
            count += 1;
        }
        assert_eq!(count, 21);
    }
}
