//! A guard between stdio and the MCP service. rmcp silently drops a line that is not JSON and
//! reads a line of any length; here every line is checked first: one that is not JSON is
//! answered with -32700, one longer than [`MAX_LINE`] with -32600 (and skipped without being
//! held in memory), and a `tools/call` whose params are not `{name: string, arguments?:
//! object}` with -32602 instead of rmcp's misleading "method not found". Everything the client
//! sees goes through one writer, a whole line at a time, so stdout carries only JSON-RPC.

use serde_json::{Value, json};
use tokio::io::{
    AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream,
};
use tokio::sync::mpsc;

/// The longest request line accepted.
pub const MAX_LINE: usize = 16 << 20;
/// Buffer between the guard and the service.
const PIPE: usize = 1 << 20;

/// Starts the guard over `input`/`output`; returns the ends the MCP service reads and writes.
pub fn guard<R, W>(input: R, output: W) -> (DuplexStream, DuplexStream)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (service_in, to_service) = tokio::io::duplex(PIPE);
    let (from_service, service_out) = tokio::io::duplex(PIPE);
    let (replies, replies_rx) = mpsc::unbounded_channel();
    tokio::spawn(read_requests(input, to_service, replies));
    tokio::spawn(write_responses(from_service, replies_rx, output));
    (service_in, service_out)
}

async fn read_requests<R: AsyncRead + Unpin>(
    input: R,
    mut to_service: DuplexStream,
    replies: mpsc::UnboundedSender<String>,
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
            let _ = replies.send(error(
                Value::Null,
                -32600,
                format!(
                    "request line longer than {} MiB; it was skipped",
                    MAX_LINE >> 20
                ),
            ));
            if skip_rest_of_line(&mut input).await.is_err() {
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
            Ok(()) => {
                if to_service.write_all(body).await.is_err()
                    || to_service.write_all(b"\n").await.is_err()
                {
                    break;
                }
            }
            Err(reply) => {
                let _ = replies.send(reply);
            }
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

/// The reply for a line the service must not see, if any.
fn check(body: &[u8]) -> Result<(), String> {
    let message: Value = serde_json::from_slice(body)
        .map_err(|e| error(Value::Null, -32700, format!("parse error: {e}")))?;
    if message.get("method").and_then(Value::as_str) != Some("tools/call") {
        return Ok(());
    }
    let id = message.get("id").cloned().unwrap_or(Value::Null);
    let params = message.get("params");
    let name_ok = params
        .and_then(|p| p.get("name"))
        .is_some_and(Value::is_string);
    let arguments_ok = params
        .and_then(|p| p.get("arguments"))
        .is_none_or(|a| a.is_object() || a.is_null());
    if name_ok && arguments_ok {
        Ok(())
    } else {
        Err(error(
            id,
            -32602,
            "tools/call params must be {\"name\": string, \"arguments\": object}".into(),
        ))
    }
}

fn error(id: Value, code: i64, message: String) -> String {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}).to_string()
}

async fn write_responses<W: AsyncWrite + Unpin>(
    from_service: DuplexStream,
    mut replies: mpsc::UnboundedReceiver<String>,
    mut output: W,
) {
    let mut service = BufReader::new(from_service);
    let mut line = Vec::new();
    let (mut service_open, mut replies_open) = (true, true);
    while service_open || replies_open {
        line.clear();
        tokio::select! {
            read = service.read_until(b'\n', &mut line), if service_open => {
                if !matches!(read, Ok(n) if n > 0) {
                    service_open = false;
                }
            }
            reply = replies.recv(), if replies_open => match reply {
                Some(reply) => {
                    line.extend_from_slice(reply.as_bytes());
                    line.push(b'\n');
                }
                None => replies_open = false,
            },
        }
        if !line.is_empty()
            && (output.write_all(&line).await.is_err() || output.flush().await.is_err())
        {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check;

    proptest::proptest! {
        #[test]
        fn any_line_is_checked_without_panicking(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200)) {
            let _ = check(&bytes);
        }
    }

    #[test]
    fn checks_what_rmcp_would_misread() {
        assert!(check(b"not json").unwrap_err().contains("-32700"));
        assert!(
            check(br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5}}"#)
                .unwrap_err()
                .contains("-32602")
        );
        assert!(check(br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":[1]}}"#).is_err());
        assert!(
            check(br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#)
                .is_ok()
        );
        assert!(check(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#).is_ok());
    }
}
