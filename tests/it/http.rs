//! `serve --http` against a real tmux: the bearer token, Origin and Host checks and the path
//! answered with their statuses over a raw socket; binding beyond loopback refused, and served
//! with `--http-remote`; a generated token in a private file; the limits (requests in flight,
//! sessions, request heads); SIGTERM; the official TypeScript and Python SDKs' HTTP clients
//! listing, calling, reading the resource, waiting with progress and cancelling (seen ended by
//! the server in its audit log), and 8 clients × 200 calls at once, each reply its own, with the
//! server's memory bounded; and the official conformance suite in both protocol eras.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::sdks::{self, run_client};
use tmux_mcp_tests::{World, binary, default_tool_count, repo_root, rss_kib, wait_until};

const TOKEN: &str = "test-token-0123456789abcdef";

/// The server serving HTTP on a port the system chose, with what it said on stderr.
struct Http {
    child: Child,
    port: u16,
    stderr: Arc<Mutex<Vec<String>>>,
    /// Reads stderr to its end; joined once the server has exited.
    reader: Option<std::thread::JoinHandle<()>>,
}

impl Http {
    fn start(world: &World, env: &[(&str, &str)]) -> Http {
        Http::start_on(world, env, &["127.0.0.1:0"])
    }

    /// The server started with `--http` followed by `listen`.
    fn start_on(world: &World, env: &[(&str, &str)], listen: &[&str]) -> Http {
        let mut child = Command::new(binary())
            .env_clear()
            .envs(world.base_env())
            .envs(env.iter().copied())
            .args(["-L", "work", "serve", "--http"])
            .args(listen)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn tmux-mcp");
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let lines = BufReader::new(child.stderr.take().unwrap());
        let seen = stderr.clone();
        let reader = std::thread::spawn(move || {
            for line in lines.lines().map_while(Result::ok) {
                seen.lock().unwrap().push(line);
            }
        });
        let port = || {
            stderr.lock().unwrap().iter().find_map(|l| {
                l.split_once("serving MCP at http://")
                    .and_then(|(_, rest)| rest.strip_suffix("/mcp"))
                    .and_then(|address| address.rsplit_once(':'))
                    .and_then(|(_, port)| port.parse().ok())
            })
        };
        assert!(
            wait_until(Duration::from_secs(10), || port().is_some()),
            "no address on stderr: {:?}",
            stderr.lock().unwrap()
        );
        let port = port().unwrap();
        Http {
            child,
            port,
            stderr,
            reader: Some(reader),
        }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }

    /// A POST whose body is a JSON-RPC `initialize`; returns the status and the reply.
    fn request(&self, path: &str, headers: &[(&str, &str)]) -> (u16, String) {
        let body = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}});
        self.send("POST", path, headers, &body.to_string())
    }

    /// One HTTP/1.1 request over loopback; returns the status and the whole reply.
    fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        self.send_via("127.0.0.1", method, path, headers, body)
    }

    /// One HTTP/1.1 request to the server's port at `ip`.
    fn send_via(
        &self,
        ip: &str,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        let mut stream = TcpStream::connect((ip, self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n",
            body.len()
        );
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: {ip}:{}\r\n", self.port));
        }
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        // A server that refuses a body may close before it is all written: the reply still comes.
        let _ = stream.write_all(format!("{head}\r\n{body}").as_bytes());
        let mut reply = Vec::new();
        let mut buf = [0u8; 4096];
        let mut ended = String::new();
        loop {
            match read_some(&mut stream, &mut buf) {
                Ok(0) => break,
                Err(e) => {
                    ended = format!("\n[no more read: {e}]");
                    break;
                }
                Ok(n) => reply.extend_from_slice(&buf[..n]),
            }
        }
        let text = String::from_utf8_lossy(&reply).into_owned() + &ended;
        let status = text
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        (status, text)
    }

    /// A 2025-11-25 session, initialized; returns its id.
    fn open_session(&self, bearer: &str) -> String {
        let (status, reply) = self.request("/mcp", &[("Authorization", bearer)]);
        assert_eq!(status, 200, "{reply}");
        let session = session_of(&reply);
        let initialized =
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string();
        let headers = [("Authorization", bearer), ("Mcp-Session-Id", &session)];
        assert!(self.send("POST", "/mcp", &headers, &initialized).0 < 300);
        session
    }

    /// A request of `session`; returns the status and the whole reply.
    fn in_session(
        &self,
        bearer: &str,
        session: &str,
        method: &str,
        params: Value,
    ) -> (u16, String) {
        let body = json!({"jsonrpc": "2.0", "id": 2, "method": method, "params": params});
        let headers = [
            ("Authorization", bearer),
            ("Mcp-Session-Id", session),
            ("MCP-Protocol-Version", "2025-11-25"),
        ];
        self.send("POST", "/mcp", &headers, &body.to_string())
    }

    /// The session's stream for server messages, opened and left open.
    fn listen(&self, bearer: &str, session: &str) -> TcpStream {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let get = format!(
            "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAuthorization: {bearer}\r\nMcp-Session-Id: {session}\r\nAccept: text/event-stream\r\n\r\n",
            self.port
        );
        stream.write_all(get.as_bytes()).unwrap();
        let mut buf = [0u8; 4096];
        let n = read_some(&mut stream, &mut buf).unwrap();
        let head = String::from_utf8_lossy(&buf[..n]);
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        stream
    }

    /// Sends SIGTERM and waits for the exit status.
    fn terminate(mut self) -> (std::process::ExitStatus, Vec<String>) {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        let status = self.child.wait().unwrap();
        self.reader.take().unwrap().join().unwrap();
        let stderr = self.stderr.lock().unwrap().clone();
        (status, stderr)
    }
}

/// A test that fails before `terminate` leaves no server behind (nothing else would end it).
impl Drop for Http {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A private tmux server `work`, and tmux-mcp serving it over HTTP with [`TOKEN`] at
/// `--http` `listen`.
fn serving(listen: &[&str]) -> (World, Http) {
    let world = World::new();
    world.start_server("work");
    let http = Http::start_on(&world, &[("LIBTMUX_HTTP_TOKEN", TOKEN)], listen);
    (world, http)
}

/// The session id a reply to `initialize` names.
fn session_of(reply: &str) -> String {
    reply
        .lines()
        .find_map(|l| {
            l.to_lowercase()
                .strip_prefix("mcp-session-id: ")
                .map(|s| s.trim().to_owned())
        })
        .expect("a session id")
}

/// The body of a 2026-07-28 request: `method` with `params` and the metadata that revision
/// requires of every request.
fn stateless_body(method: &str, mut params: Value) -> String {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).to_string()
}

/// Its headers: the token, the protocol version, the method and, where it has one, the name.
fn stateless_headers<'a>(
    bearer: &'a str,
    method: &'a str,
    name: Option<&'a str>,
) -> Vec<(&'a str, &'a str)> {
    let mut headers = vec![
        ("Authorization", bearer),
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", method),
    ];
    headers.extend(name.map(|n| ("Mcp-Name", n)));
    headers
}

#[test]
fn the_token_the_origin_the_host_and_the_path_are_checked() {
    let (world, http) = serving(&["127.0.0.1:0"]);
    let bearer = format!("Bearer {TOKEN}");
    let auth = ("Authorization", bearer.as_str());

    let (status, head) = http.request("/mcp", &[]);
    assert_eq!(status, 401, "{head}");
    assert!(
        head.to_lowercase()
            .contains("www-authenticate: bearer realm=\"tmux-mcp\""),
        "{head}"
    );
    let (status, head) = http.request(
        "/mcp",
        &[("Authorization", "Bearer wrong-token-0123456789")],
    );
    assert_eq!(status, 401, "{head}");
    assert!(head.contains("error=\"invalid_token\""), "{head}");
    let (status, head) = http.request("/mcp", &[auth, ("Origin", "https://evil.example")]);
    assert_eq!(status, 403, "a foreign origin: {head}");
    let (status, head) = http.request("/mcp", &[auth, ("Host", "evil.example")]);
    assert_eq!(status, 403, "DNS rebinding: {head}");
    let (status, _) = http.request("/other", &[auth]);
    assert_eq!(status, 404);
    let (status, reply) = http.send("POST", "/mcp", &[auth], &" ".repeat(5 << 20));
    assert_eq!(status, 413, "a body over 4 MiB: {reply:.300}");
    let local = format!("http://localhost:{}", http.port);
    let (status, head) = http.request("/mcp", &[auth, ("Origin", &local)]);
    assert_eq!(status, 200, "a page of this machine: {head}");
    assert!(head.to_lowercase().contains("mcp-session-id:"), "{head}");

    let (status, stderr) = http.terminate();
    assert!(status.success(), "{stderr:?}");
    assert!(
        !stderr.iter().any(|l| l.contains(TOKEN)),
        "the token was logged: {stderr:?}"
    );
    assert!(world.server_alive("work"), "an operator's server stays");
}

#[test]
fn binding_beyond_loopback_needs_the_flag() {
    let world = World::new();
    let out = world.run(&["-L", "work", "serve", "--http", "0.0.0.0:0"], &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--http-remote"), "{stderr}");
    assert!(!world.server_alive("work"), "nothing was started");
    let short = world.run(
        &["-L", "work", "serve", "--http", "127.0.0.1:0"],
        &[("LIBTMUX_HTTP_TOKEN", "short")],
    );
    assert_eq!(short.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&short.stderr).contains("at least 16"));
    // An address that cannot be had stops startup before tmux is touched.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = taken.local_addr().unwrap().to_string();
    let out = world.run(
        &["-L", "work", "serve", "--http", &address],
        &[("LIBTMUX_HTTP_TOKEN", TOKEN)],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("cannot listen on {address}")),
        "{stderr}"
    );
    assert!(!world.server_alive("work"), "nothing was started");
}

#[test]
fn a_generated_token_is_in_a_private_file_until_the_server_ends() {
    let world = World::new();
    world.start_server("work");
    let http = Http::start(&world, &[]);
    let file = http
        .stderr
        .lock()
        .unwrap()
        .iter()
        .find_map(|l| {
            l.split_once("the bearer token is in ")
                .map(|(_, rest)| rest.split(' ').next().unwrap().to_owned())
        })
        .expect("the token file is named");
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let token = std::fs::read_to_string(&file).unwrap().trim().to_owned();
    assert_eq!(token.len(), 64);
    let bearer = format!("Bearer {token}");
    assert_eq!(http.request("/mcp", &[("Authorization", &bearer)]).0, 200);
    let (status, stderr) = http.terminate();
    assert!(status.success(), "{stderr:?}");
    assert!(
        !std::path::Path::new(&file).exists(),
        "the token file is removed"
    );
}

#[test]
fn the_typescript_sdk_over_http_lists_calls_waits_cancels_and_shares_the_server() {
    let world = World::new();
    world.start_server("work");
    let panes: Vec<String> = (0..8)
        .map(|_| {
            world
                .tmux(
                    "work",
                    &["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"],
                )
                .trim()
                .to_owned()
        })
        .collect();
    let log = world.tmpdir().join("audit.jsonl");
    let http = Http::start(
        &world,
        &[
            ("LIBTMUX_HTTP_TOKEN", TOKEN),
            ("LIBTMUX_AUDIT_LOG", log.to_str().unwrap()),
        ],
    );
    sdks::install_typescript();
    let plan = json!({"url": http.url(), "token": TOKEN, "panes": panes, "calls": 200});
    let records = run_client(&world, (PathBuf::from("node"), "http.mjs"), &plan);
    let record = |kind: &str| records.iter().find(|r| r["kind"] == kind).unwrap().clone();
    assert_eq!(record("list")["count"], default_tool_count(false));
    let caps: Value = serde_json::from_str(record("resource")["text"].as_str().unwrap()).unwrap();
    assert_eq!(caps["socket"]["selector"], "name:work");
    assert_eq!(caps["transport"]["kind"], "streamable-http", "{caps}");
    assert_eq!(caps["transport"]["remote"], false, "{caps}");
    assert!(record("call")["structured"]["sessions"].is_array());
    let progress = record("progress");
    assert_eq!(progress["outcome"], "deadline", "{progress}");
    assert!(progress["progress"].as_u64().unwrap() >= 1, "{progress}");
    assert!(
        progress["othersMs"].as_u64().unwrap() < progress["waitMs"].as_u64().unwrap()
            && progress["waitMs"].as_u64().unwrap() >= 8_000,
        "another client's 50 calls end while the wait goes on: {progress}"
    );
    let cancel = record("cancel");
    assert!(cancel["cancelled"].is_string(), "{cancel}");
    assert!(cancel["ms"].as_u64().unwrap() < 10_000, "{cancel}");
    assert_eq!(cancel["after"], true, "{cancel}");
    assert_waits_cancelled(&log, 1);
    assert_eq!(
        record("load")["matched"],
        json!(vec![200; 8]),
        "every reply its own"
    );
    let rss = rss_kib(http.child.id());
    assert!(
        rss < 64 << 10,
        "RSS {rss} KiB after 1,600 calls from 8 clients"
    );
    let (status, stderr) = http.terminate();
    assert!(status.success(), "{stderr:?}");
}

#[test]
fn both_protocol_eras_are_served_over_http() {
    let (_world, http) = serving(&["127.0.0.1:0"]);
    let bearer = format!("Bearer {TOKEN}");
    let call = stateless_body(
        "tools/call",
        json!({"name": "list_sessions", "arguments": {}}),
    );
    let stateless = stateless_headers(&bearer, "tools/call", Some("list_sessions"));
    let (status, reply) = http.send("POST", "/mcp", &stateless, &call);
    assert_eq!(status, 200, "{reply}");
    assert!(
        reply.contains("\"structuredContent\":{\"sessions\""),
        "{reply}"
    );
    assert!(
        reply.contains("io.modelcontextprotocol/serverInfo"),
        "{reply}"
    );
    assert!(
        !reply.to_lowercase().contains("mcp-session-id"),
        "no session: {reply}"
    );
    let mut mismatch = stateless.clone();
    mismatch[1].1 = "2025-11-25";
    let (status, reply) = http.send("POST", "/mcp", &mismatch, &call);
    assert_eq!(status, 400, "{reply}");
    assert!(reply.contains("-32020"), "{reply}");
    for method in ["GET", "DELETE"] {
        let headers = [
            ("Authorization", bearer.as_str()),
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Accept", "text/event-stream"),
        ];
        let (status, reply) = http.send(method, "/mcp", &headers, "");
        assert_eq!(status, 405, "{method}: {reply}");
    }
    // The 2025-11-25 era: initialize opens a session.
    let (status, reply) = http.request("/mcp", &[("Authorization", &bearer)]);
    assert_eq!(status, 200, "{reply}");
    assert!(reply.to_lowercase().contains("mcp-session-id:"), "{reply}");
    assert!(http.terminate().0.success());
}

#[test]
fn sessions_are_bounded_and_a_closed_one_makes_room() {
    let (_world, http) = serving(&["127.0.0.1:0"]);
    let bearer = format!("Bearer {TOKEN}");
    let auth = ("Authorization", bearer.as_str());
    let opened: Vec<String> = (0..tmux_mcp::http::MAX_SESSIONS)
        .map(|_| {
            let (status, reply) = http.request("/mcp", &[auth]);
            assert_eq!(status, 200, "{reply}");
            session_of(&reply)
        })
        .collect();
    let (status, reply) = http.request("/mcp", &[auth]);
    assert_eq!(status, 503, "{reply}");
    assert!(
        reply.contains("sessions are open") && reply.to_lowercase().contains("retry-after: 1"),
        "{reply}"
    );
    // Stateless requests open no session and are still served.
    let call = stateless_body("tools/list", json!({}));
    let stateless = stateless_headers(&bearer, "tools/list", None);
    assert_eq!(http.send("POST", "/mcp", &stateless, &call).0, 200);
    let (status, reply) = http.send(
        "DELETE",
        "/mcp",
        &[auth, ("Mcp-Session-Id", &opened[0])],
        "",
    );
    assert_eq!(status, 204, "an ended session: {reply}");
    // A closed session (ended, or idle too long) is answered 404, the spec's cue to start anew.
    let (status, reply) = http.in_session(&bearer, &opened[0], "tools/list", json!({}));
    assert_eq!(status, 404, "{reply}");
    assert!(reply.contains("Session not found"), "{reply}");
    let (status, reply) = http.request("/mcp", &[auth]);
    assert_eq!(status, 200, "a closed session makes room: {reply}");
    assert!(http.terminate().0.success());
}

#[test]
fn an_unused_session_is_closed_but_not_during_a_long_call_or_while_listened_to() {
    let (world, http) = serving(&["127.0.0.1:0", "--http-idle", "3"]);
    let bearer = format!("Bearer {TOKEN}");
    let pane = world.tmux("work", &["display", "-p", "#{pane_id}"]);
    let pane = pane.trim();
    let listened = http.open_session(&bearer);
    let stream = http.listen(&bearer, &listened);
    // Opened right before its call, which must come within the limit (3 s, loaded or not).
    let waiting = http.open_session(&bearer);
    // A call sends nothing for 7 s, past the limit: its session is in use until it is answered.
    let wait = json!({"name": "wait_for_text", "arguments": {
        "pane": pane, "patterns": ["never printed"], "since": "now", "seconds": 7}});
    let (status, reply) = http.in_session(&bearer, &waiting, "tools/call", wait);
    assert_eq!(status, 200, "{reply}");
    assert!(
        reply.contains(r#""outcome":"deadline""#),
        "the wait's answer was lost: {reply}"
    );
    // Its stream open, a session is in use however quiet.
    let ping = || json!({});
    assert_eq!(http.in_session(&bearer, &listened, "ping", ping()).0, 200);
    // Watched on stderr: a request would be a use.
    let closed = |count: usize| {
        wait_until(Duration::from_secs(10), || {
            let said = http.stderr.lock().unwrap();
            let lines = said
                .iter()
                .filter(|l| l.contains("closed 1 session(s) unused for 3 s"));
            lines.count() >= count
        })
    };
    assert!(closed(1), "{:?}", http.stderr.lock().unwrap());
    let (status, reply) = http.in_session(&bearer, &waiting, "ping", ping());
    assert_eq!(status, 404, "{reply}");
    assert_eq!(http.in_session(&bearer, &listened, "ping", ping()).0, 200);
    drop(stream);
    assert!(closed(2), "{:?}", http.stderr.lock().unwrap());
    assert_eq!(http.in_session(&bearer, &listened, "ping", ping()).0, 404);
    assert!(http.terminate().0.success());
}

#[test]
fn the_python_sdk_over_http_in_both_modes() {
    let world = World::new();
    world.start_server("work");
    let log = world.tmpdir().join("audit.jsonl");
    let http = Http::start(
        &world,
        &[
            ("LIBTMUX_HTTP_TOKEN", TOKEN),
            ("LIBTMUX_AUDIT_LOG", log.to_str().unwrap()),
        ],
    );
    let plan = json!({"url": http.url(), "token": TOKEN, "pane": "%0"});
    let records = run_client(&world, (sdks::python(), "python_http.py"), &plan);
    let (runs, complaints): (Vec<Value>, Vec<Value>) =
        records.into_iter().partition(|r| r["kind"] == "run");
    // The SDK warned of nothing (it did of the 202 rmcp answers a DELETE with, before 204).
    assert_eq!(
        complaints,
        [json!({"kind": "complaints", "seen": []})],
        "{complaints:?}"
    );
    let protocols: Vec<&Value> = runs.iter().map(|r| &r["protocol"]).collect();
    assert_eq!(
        protocols,
        [&json!("2026-07-28"), &json!("2025-11-25")],
        "{runs:?}"
    );
    for run in &runs {
        assert_eq!(
            (&run["tools"], &run["resource"], &run["sessions"]),
            (
                &json!(default_tool_count(false)),
                &json!("streamable-http"),
                &json!(1)
            ),
            "{run}"
        );
        assert_eq!(run["waited"], "deadline", "{run}");
        assert!(run["progress"].as_u64().unwrap() >= 1, "{run}");
        assert_eq!(run["after"], true, "{run}");
    }
    assert_waits_cancelled(&log, 2);
    assert!(http.terminate().0.success());
}

#[test]
fn sigterm_closes_an_open_stream_and_ends_the_server() {
    let (world, http) = serving(&["127.0.0.1:0"]);
    let bearer = format!("Bearer {TOKEN}");
    let session = http.open_session(&bearer);
    let mut stream = http.listen(&bearer, &session);
    let mut buf = [0u8; 4096];
    // Open: reads time out (after any priming event) rather than end.
    stream
        .set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    loop {
        match read_some(&mut stream, &mut buf) {
            Ok(0) => panic!("the stream ended before SIGTERM"),
            Ok(_) => continue,
            Err(_) => break,
        }
    }
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let started = std::time::Instant::now();
    let (status, stderr) = http.terminate();
    assert!(status.success(), "{stderr:?}");
    // The stream ends (EOF, not the read timeout) once the server has gone.
    let ended = loop {
        match read_some(&mut stream, &mut buf) {
            Ok(0) => break true,
            Ok(_) => continue,
            Err(_) => break false,
        }
    };
    assert!(
        ended && started.elapsed() < Duration::from_secs(8),
        "the open stream was left hanging"
    );
    assert!(world.server_alive("work"));
}

/// The audit log's lines for `wait_for_text` calls that did not end well.
fn failed_waits(log: &Path) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|e| e["tool"] == "wait_for_text" && e["outcome"] != "ok")
        .collect()
}

/// The server, not only the client, ended each abandoned 60-second wait: the audit log has
/// `count` of them, each refused ("was cancelled by the client") long before its deadline.
fn assert_waits_cancelled(log: &Path, count: usize) {
    assert!(
        wait_until(Duration::from_secs(10), || failed_waits(log).len() == count),
        "{:?}",
        failed_waits(log)
    );
    for entry in failed_waits(log) {
        assert_eq!(entry["outcome"], "refused", "{entry}");
        assert_eq!(entry["arguments"]["seconds"], 60, "{entry}");
        assert!(entry["ms"].as_f64().unwrap() < 10_000.0, "{entry}");
    }
}

/// Runs the official conformance suite (tests/conformance/run.mjs) against `url` with the
/// given suite options and `baseline`; returns whether it passed and what it printed.
fn conformance(url: &str, options: &[&str], baseline: &Path) -> (bool, String) {
    let node = crate::sdk::install_conformance();
    let out = Command::new(node)
        .arg(repo_root().join("tests/conformance/run.mjs"))
        .args([url, TOKEN])
        .args(options)
        .arg("--expected-failures")
        .arg(baseline)
        .output()
        .expect("node runs the conformance suite");
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), printed)
}

#[test]
fn the_official_conformance_suite_passes_every_scenario_that_applies() {
    let (world, http) = serving(&["127.0.0.1:0"]);
    let baseline = repo_root().join("tests/conformance/expected-failures.yaml");
    // Each era's options, and scenarios of it that apply and must pass whole.
    let eras: [(&[&str], &[&str]); 2] = [
        (
            &["--spec-version", "2025-11-25"],
            &["server-initialize", "server-session-lifecycle", "ping"],
        ),
        (
            &["--requirements", "2026-07-28"],
            &["http-header-validation", "sep-2164-resource-not-found"],
        ),
    ];
    for (options, whole) in eras {
        let (passed, printed) = conformance(&http.url(), options, &baseline);
        assert!(
            passed && printed.contains("Baseline check passed"),
            "{options:?}:\n{printed}"
        );
        let common = [
            "tools-list",
            "resources-list",
            "server-sse-multiple-streams",
            "dns-rebinding-protection",
        ];
        for scenario in whole.iter().chain(&common) {
            assert!(
                printed.contains(&format!("✓ {scenario}:")),
                "{options:?}: {scenario} did not pass:\n{printed}"
            );
        }
    }
    // The baseline is a real judge: a failure it leaves out, and an entry that passes, fail.
    let text = std::fs::read_to_string(&baseline).unwrap();
    assert!(text.contains("  - prompts-list:prompts-list\n"));
    let altered = world.tmpdir().join("altered-baseline.yaml");
    std::fs::write(
        &altered,
        text.replace(
            "  - prompts-list:prompts-list\n",
            "  - tools-list:tools-list\n",
        ),
    )
    .unwrap();
    let (passed, printed) = conformance(&http.url(), eras[0].0, &altered);
    assert!(!passed, "{printed}");
    for named in ["✗ prompts-list", "✓ tools-list"] {
        assert!(printed.contains(named), "{named}:\n{printed}");
    }
    assert!(http.terminate().0.success());
    assert!(world.server_alive("work"));
}

#[test]
fn requests_beyond_the_in_flight_limit_get_503_until_places_free() {
    let (_world, http) = serving(&["127.0.0.1:0"]);
    let bearer = format!("Bearer {TOKEN}");
    let call = stateless_body("tools/list", json!({}));
    let stateless = stateless_headers(&bearer, "tools/list", None);
    // Each of these is being answered until its body, promised whole, has come: it holds a
    // place as a slow client's request or an open stream does.
    let open = |_| {
        let mut stream = TcpStream::connect(("127.0.0.1", http.port)).unwrap();
        let head = format!(
            "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAuthorization: {bearer}\r\nMCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/list\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\n\r\n",
            http.port,
            call.len()
        );
        stream
            .write_all(format!("{head}{}", &call[..10]).as_bytes())
            .unwrap();
        stream
    };
    let held: Vec<TcpStream> = (0..tmux_mcp::http::MAX_IN_FLIGHT).map(open).collect();
    let mut refused = String::new();
    assert!(
        wait_until(Duration::from_secs(10), || {
            let (status, reply) = http.send("POST", "/mcp", &stateless, &call);
            refused = reply;
            status == 503
        }),
        "the {}th request was not refused: {refused}",
        tmux_mcp::http::MAX_IN_FLIGHT + 1
    );
    assert!(
        refused.contains("requests are being answered; retry shortly")
            && refused.to_lowercase().contains("retry-after: 1"),
        "{refused}"
    );
    // The token is still checked first: no place is taken by a request without it.
    assert_eq!(http.send("POST", "/mcp", &[], &call).0, 401);
    // Clients that go away give their places back.
    drop(held);
    assert!(
        wait_until(Duration::from_secs(10), || {
            http.send("POST", "/mcp", &stateless, &call).0 == 200
        }),
        "places were not given back"
    );
    assert!(http.terminate().0.success());
}

#[test]
fn a_connection_that_sends_no_request_is_closed() {
    let (_world, http) = serving(&["127.0.0.1:0"]);
    let mut silent = TcpStream::connect(("127.0.0.1", http.port)).unwrap();
    let mut partial = TcpStream::connect(("127.0.0.1", http.port)).unwrap();
    partial
        .write_all(b"POST /mcp HTTP/1.1\r\nHost: 127")
        .unwrap();
    let limit = tmux_mcp::http::HEAD_TIMEOUT + Duration::from_secs(10);
    for stream in [&mut silent, &mut partial] {
        stream.set_read_timeout(Some(limit)).unwrap();
        let mut buf = [0u8; 512];
        // EOF or a reset, not the read timeout: the server closed it.
        let closed = match read_some(stream, &mut buf) {
            Ok(_) => true,
            Err(e) => {
                e.kind() != std::io::ErrorKind::WouldBlock
                    && e.kind() != std::io::ErrorKind::TimedOut
            }
        };
        assert!(
            closed,
            "a connection without a whole request head was kept open"
        );
    }
    assert!(http.terminate().0.success());
}

#[test]
fn with_http_remote_other_hosts_may_call_with_the_token() {
    let (_world, http) = serving(&["0.0.0.0:0", "--http-remote"]);
    let bearer = format!("Bearer {TOKEN}");
    let auth = ("Authorization", bearer.as_str());
    let named = format!("devbox.example:{}", http.port);
    // A name other machines use for this one is no longer refused; the token still is asked.
    let (status, head) = http.request("/mcp", &[("Host", &named)]);
    assert_eq!(status, 401, "{head}");
    let (status, head) = http.request("/mcp", &[auth, ("Host", &named)]);
    assert_eq!(status, 200, "{head}");
    let (status, head) = http.request("/mcp", &[auth, ("Origin", "https://evil.example")]);
    assert_eq!(
        status, 403,
        "browsers' foreign origins stay refused: {head}"
    );
    // The operator sees the mode in the capabilities resource.
    let read = stateless_body("resources/read", json!({"uri": "tmux://capabilities"}));
    let headers = stateless_headers(&bearer, "resources/read", Some("tmux://capabilities"));
    let (status, reply) = http.send("POST", "/mcp", &headers, &read);
    assert_eq!(status, 200, "{reply}");
    let body = &reply[reply.find("\r\n\r\n").unwrap() + 4..];
    let data = body
        .lines()
        .find_map(|l| l.strip_prefix("data: "))
        .unwrap_or(body);
    let reply: Value = serde_json::from_str(data).expect("a JSON-RPC reply");
    let capabilities: Value =
        serde_json::from_str(reply["result"]["contents"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(
        capabilities["transport"],
        json!({"kind": "streamable-http", "address": format!("0.0.0.0:{}", http.port),
               "path": "/mcp", "remote": true, "authorization": "bearer token",
               "sessionIdleSeconds": 300})
    );
    // Reached through this machine's other addresses too, where it has one.
    let other = Command::new("hostname")
        .arg("-I")
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .split_whitespace()
                .find(|a| {
                    a.parse::<std::net::Ipv4Addr>()
                        .is_ok_and(|ip| !ip.is_loopback())
                })
                .map(str::to_owned)
        });
    if let Some(ip) = other {
        let (status, head) = http.send_via(&ip, "POST", "/mcp", &[auth], "{}");
        assert!(
            status != 0 && status != 401 && status != 403,
            "via {ip}: {head}"
        );
    }
    assert!(http.terminate().0.success());
}

#[test]
fn the_ipv6_loopback_is_served_too() {
    let (_world, http) = serving(&["[::1]:0"]);
    let bearer = format!("Bearer {TOKEN}");
    let host = format!("[::1]:{}", http.port);
    let body = stateless_body("tools/list", json!({}));
    let mut headers = stateless_headers(&bearer, "tools/list", None);
    headers.push(("Host", &host));
    let (status, reply) = http.send_via("::1", "POST", "/mcp", &headers, &body);
    assert_eq!(status, 200, "{reply}");
    assert!(reply.contains("\"tools\""), "{reply:.300}");
    headers.pop();
    headers.push(("Host", "evil.example"));
    assert_eq!(http.send_via("::1", "POST", "/mcp", &headers, &body).0, 403);
    assert!(http.terminate().0.success());
}

/// `stream.read`, again when a signal interrupted it: this process's tests start and signal
/// children, and an interrupted read (EINTR) is no answer from the server.
fn read_some(stream: &mut TcpStream, buf: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match stream.read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}
