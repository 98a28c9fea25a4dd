//! The list_sessions round trip over Streamable HTTP, against the stdio one.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;
use tmux_mcp_tests::{World, binary};

use crate::report::{Report, median, ms};

/// The same list_sessions call over Streamable HTTP (issue 19): a stateless 2026-07-28
/// request on a new loopback connection each time, and on one kept-alive connection, against
/// the stdio round trip of this run.
pub fn http_latency(report: &mut Report, world: &World, stdio: Duration) {
    let token = "bench-token-0123456789abcdef";
    let mut child = Command::new(binary())
        .env_clear()
        .envs(world.base_env())
        .env("LIBTMUX_HTTP_TOKEN", token)
        .args(["-L", "bench", "serve", "--http", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let port: u16 = loop {
        let mut line = String::new();
        assert!(
            stderr.read_line(&mut line).unwrap() > 0,
            "no address on stderr"
        );
        if let Some((_, rest)) = line.split_once("serving MCP at http://127.0.0.1:") {
            break rest.split('/').next().unwrap().parse().unwrap();
        }
    };
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "list_sessions", "arguments": {}, "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": {}}}})
    .to_string();
    let request = |connection: &str| {
        format!(
            "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: list_sessions\r\nContent-Length: {}\r\nConnection: {connection}\r\n\r\n{body}",
            body.len()
        )
    };
    let checked = |reply: &[u8]| {
        let reply = String::from_utf8_lossy(reply);
        assert!(
            reply.starts_with("HTTP/1.1 200") && reply.contains("\"sessions\""),
            "{reply:.300}"
        );
    };
    let close = request("close");
    let new_connection = || {
        let started = Instant::now();
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.write_all(close.as_bytes()).unwrap();
        let mut reply = Vec::new();
        std::io::Read::read_to_end(&mut stream, &mut reply).unwrap();
        let took = started.elapsed();
        checked(&reply);
        took
    };
    // As SDK clients call: one connection kept alive, each reply an SSE body ending with the
    // last chunk.
    let keep = request("keep-alive");
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut kept_alive = || {
        let started = Instant::now();
        stream.write_all(keep.as_bytes()).unwrap();
        let mut reply = Vec::new();
        let mut buf = [0u8; 8192];
        while !reply.ends_with(b"\r\n0\r\n\r\n") {
            let n = std::io::Read::read(&mut stream, &mut buf).unwrap();
            assert!(n > 0, "the kept-alive connection was closed");
            reply.extend_from_slice(&buf[..n]);
        }
        let took = started.elapsed();
        checked(&reply);
        took
    };
    for _ in 0..20 {
        new_connection();
        kept_alive();
    }
    let each = median((0..300).map(|_| new_connection()).collect());
    let kept = median((0..300).map(|_| kept_alive()).collect());
    for (what, http) in [
        ("list_sessions over HTTP (new connection each)", each),
        ("list_sessions over HTTP (one kept alive)", kept),
    ] {
        let ratio = http.as_secs_f64() / stdio.as_secs_f64();
        report.line(
            what,
            format!("{} = {ratio:.1}x stdio ({})", ms(http), ms(stdio)),
            "<= 1 ms",
            http <= Duration::from_millis(1),
        );
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    assert!(child.wait().unwrap().success());
}
