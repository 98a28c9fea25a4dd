//! One host's connection: a persistent `ssh` running the host's tmux-mcp over stdio, spoken to
//! as that server speaks, one JSON-RPC message a line; its stderr kept for telling why it
//! ended, never waited for.
//!
//! The other end is always this same server, so the client is the few messages it needs
//! (initialize, `tools/call` with a progress token, `notifications/cancelled`, a resource
//! read, `ping`) over `serde_json` values: rmcp's typed client cost 0.55 MB more resident
//! text in every server, hosts or not, which the benchmark's 10 MB target did not allow.

use std::collections::{HashMap, VecDeque};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use super::bootstrap::{self, Binary, NEEDS_COPY, UNSUPPORTED};
use super::destination::Destination;
use crate::catalog::list_hosts::State;

/// How long connecting (ssh's handshake, then MCP's) may take.
const CONNECT_DEADLINE: Duration = Duration::from_secs(15);
/// How long stderr is read after `ssh` ended, for the line that says why.
const STDERR_GRACE: Duration = Duration::from_millis(300);
/// How long closing waits for the host's side to end.
const CLOSE_DEADLINE: Duration = Duration::from_secs(3);
/// Lines of stderr kept.
const STDERR_LINES: usize = 16;
/// The protocol spoken to the host: a session begun with `initialize`.
const PROTOCOL: &str = "2025-11-25";

/// Progress notifications' `params`, to the call that gave the token.
pub type Progress = mpsc::UnboundedSender<Value>;

/// The connection is gone (or the host's server ended it).
#[derive(Debug, thiserror::Error)]
#[error("the connection to the host is gone")]
pub struct Gone;

/// Calls waiting for their answers, and where their progress goes.
#[derive(Default)]
struct Waiting {
    answers: HashMap<u64, oneshot::Sender<Value>>,
    progress: HashMap<String, Progress>,
}

/// A live connection.
pub struct Link {
    to: tokio::sync::Mutex<ChildStdin>,
    waiting: Arc<Mutex<Waiting>>,
    next: AtomicU64,
    closed: Arc<AtomicBool>,
    /// Killed when the link is dropped.
    ssh: Mutex<Option<Child>>,
    pub tmux_version: Option<String>,
    pub rtt: Duration,
}

/// Why connecting failed, read from what `ssh` and the remote line printed.
#[derive(Debug, thiserror::Error)]
#[error("{error}")]
pub struct Failure {
    pub state: State,
    pub error: String,
    /// The host has no tmux-mcp of this version and could run this binary.
    pub needs_copy: bool,
}

/// How a call ended on the host.
pub enum Answer {
    /// The JSON-RPC response: a `result` or an `error`.
    Response(Value),
    Cancelled,
}

impl Link {
    /// Starts `ssh`, speaks MCP's handshake over it, then reads the host's
    /// `tmux://capabilities` for its tmux version (the round trip measured on that read).
    pub async fn connect(
        destination: &Destination,
        binary: &Binary,
        settings: &[(&str, String)],
    ) -> Result<Link, Failure> {
        let mut command = bootstrap::ssh(destination);
        command
            .arg(bootstrap::serve_line(binary, settings))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().map_err(|e| Failure {
            state: State::Offline,
            error: format!("cannot run ssh: {e}; install OpenSSH's client"),
            needs_copy: false,
        })?;
        let (Some(from), Some(to), Some(stderr)) =
            (child.stdout.take(), child.stdin.take(), child.stderr.take())
        else {
            unreachable!("all three were piped")
        };
        let said = Arc::new(Mutex::new(VecDeque::new()));
        let (ended_tx, ended_rx) = oneshot::channel();
        {
            let said = said.clone();
            tokio::spawn(async move {
                let mut lines = BufReader::new(stderr).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    let mut said = said.lock().unwrap_or_else(PoisonError::into_inner);
                    if said.len() == STDERR_LINES {
                        said.pop_front();
                    }
                    said.push_back(line);
                }
                let _ = ended_tx.send(());
            });
        }
        let mut link = Link {
            to: tokio::sync::Mutex::new(to),
            waiting: Arc::default(),
            next: AtomicU64::new(0),
            closed: Arc::default(),
            ssh: Mutex::new(Some(child)),
            tmux_version: None,
            rtt: Duration::ZERO,
        };
        link.read(from);
        match tokio::time::timeout(CONNECT_DEADLINE, link.handshake()).await {
            Ok(Ok(())) => Ok(link),
            Ok(Err(Gone)) => {
                link.kill().await;
                // What ssh said is on its stderr, which may stay open (a multiplexing master
                // of the user's can hold it): read it briefly.
                let _ = tokio::time::timeout(STDERR_GRACE, ended_rx).await;
                let said: Vec<String> = said
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .iter()
                    .cloned()
                    .collect();
                Err(Failure::from_stderr(destination, &said))
            }
            Err(_) => Err(Failure {
                state: State::Offline,
                error: format!(
                    "{} did not answer within {} s",
                    destination.name,
                    CONNECT_DEADLINE.as_secs()
                ),
                needs_copy: false,
            }),
        }
    }

    async fn handshake(&mut self) -> Result<(), Gone> {
        let hello = json!({
            "protocolVersion": PROTOCOL,
            "capabilities": {},
            "clientInfo": {"name": crate::NAME, "version": env!("CARGO_PKG_VERSION")},
        });
        let answer = self.request("initialize", hello).await?;
        if answer.get("result").is_none() {
            return Err(Gone);
        }
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await?;
        let started = Instant::now();
        let read = self
            .request(
                "resources/read",
                json!({"uri": crate::surface::CAPABILITIES_URI}),
            )
            .await?;
        self.rtt = started.elapsed();
        self.tmux_version = read["result"]["contents"][0]["text"]
            .as_str()
            .and_then(|text| serde_json::from_str::<Value>(text).ok())
            .and_then(|doc| doc["tmux"]["version"].as_str().map(str::to_owned));
        Ok(())
    }

    /// Reads the host's messages until its output ends: answers go to the calls waiting for
    /// them, progress to the call that gave the token; at the end, every waiting call learns
    /// the connection is gone.
    fn read(&self, from: ChildStdout) {
        let waiting = self.waiting.clone();
        let closed = self.closed.clone();
        tokio::spawn(async move {
            let mut lines = BufReader::new(from).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let Ok(message) = serde_json::from_str::<Value>(&line) else {
                    continue;
                };
                let mut waiting = waiting.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some(id) = message.get("id").and_then(Value::as_u64) {
                    if let Some(to) = waiting.answers.remove(&id) {
                        let _ = to.send(message);
                    }
                } else if message["method"] == "notifications/progress"
                    && let Some(token) = message["params"]["progressToken"].as_str()
                    && let Some(to) = waiting.progress.get(token)
                {
                    let _ = to.send(message["params"].clone());
                }
            }
            closed.store(true, Ordering::Relaxed);
            let mut waiting = waiting.lock().unwrap_or_else(PoisonError::into_inner);
            waiting.answers.clear();
            waiting.progress.clear();
        });
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }

    /// `tools/call` of `tool`, its progress relayed to `progress`; cancelled on the host when
    /// `cancel` fires first.
    pub async fn call(
        &self,
        tool: &str,
        arguments: Map<String, Value>,
        cancel: &CancellationToken,
        progress: Progress,
    ) -> Result<Answer, Gone> {
        let (id, answer) = self.expect();
        let token = format!("call-{id}");
        self.lock().progress.insert(token.clone(), progress);
        let params =
            json!({"name": tool, "arguments": arguments, "_meta": {"progressToken": token}});
        let sent = self
            .send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params}))
            .await;
        let outcome = match sent {
            Err(Gone) => Err(Gone),
            Ok(()) => tokio::select! {
                answer = answer => answer.map(Answer::Response).map_err(|_| Gone),
                () = cancel.cancelled() => {
                    let cancelled = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                        "params": {"requestId": id, "reason": "cancelled by the client"}});
                    self.send(&cancelled).await.map(|()| Answer::Cancelled)
                }
            },
        };
        let mut waiting = self.lock();
        waiting.answers.remove(&id);
        waiting.progress.remove(&token);
        outcome
    }

    /// One round trip: a `ping`.
    pub async fn round_trip(&self) -> Option<Duration> {
        let started = Instant::now();
        let answer = self.request("ping", json!({})).await.ok()?;
        answer.get("result").map(|_| started.elapsed())
    }

    /// Ends the connection: closes the host's stdin, so its tmux-mcp and `ssh` exit; kills
    /// an `ssh` still there after a few seconds.
    pub async fn close(&self) {
        let _ = self.to.lock().await.shutdown().await;
        let child = self
            .ssh
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(mut child) = child
            && tokio::time::timeout(CLOSE_DEADLINE, child.wait())
                .await
                .is_err()
        {
            let _ = child.kill().await;
        }
    }

    async fn kill(&self) {
        let child = self
            .ssh
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(mut child) = child {
            let _ = child.kill().await;
        }
    }

    async fn request(&self, method: &str, params: Value) -> Result<Value, Gone> {
        let (id, answer) = self.expect();
        let sent = self
            .send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
            .await;
        let outcome = match sent {
            Ok(()) => answer.await.map_err(|_| Gone),
            Err(Gone) => Err(Gone),
        };
        self.lock().answers.remove(&id);
        outcome
    }

    /// A new request id, and where its answer will come.
    fn expect(&self) -> (u64, oneshot::Receiver<Value>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let (to, answer) = oneshot::channel();
        self.lock().answers.insert(id, to);
        (id, answer)
    }

    async fn send(&self, message: &Value) -> Result<(), Gone> {
        if self.is_closed() {
            return Err(Gone);
        }
        let mut line = message.to_string();
        line.push('\n');
        let mut to = self.to.lock().await;
        to.write_all(line.as_bytes()).await.map_err(|_| Gone)?;
        to.flush().await.map_err(|_| Gone)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Waiting> {
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Failure {
    /// Reads what `ssh` (and the line it ran) printed before it ended.
    fn from_stderr(destination: &Destination, said: &[String]) -> Failure {
        let name = &destination.name;
        let has = |needle: &str| said.iter().any(|l| l.contains(needle));
        let last = said
            .iter()
            .rev()
            .find(|l| !l.trim().is_empty())
            .cloned()
            .unwrap_or_else(|| "ssh ended without a word".into());
        let (state, error, needs_copy) = if has(NEEDS_COPY) {
            (
                State::Unsupported,
                format!(
                    "{name} has no tmux-mcp {}; this server copies itself there",
                    env!("CARGO_PKG_VERSION")
                ),
                true,
            )
        } else if let Some(line) = said.iter().find(|l| l.contains(UNSUPPORTED)) {
            let platform = line.trim_start_matches(UNSUPPORTED).trim();
            (
                State::Unsupported,
                format!(
                    "{name} runs {platform} and has no tmux-mcp {v}; install tmux-mcp {v} there on PATH (this server runs on {here}, so it cannot copy itself)",
                    v = env!("CARGO_PKG_VERSION"),
                    here = bootstrap::platform()
                ),
                false,
            )
        } else if has("Host key verification failed")
            || has("REMOTE HOST IDENTIFICATION HAS CHANGED")
            || has("host key for")
        {
            (
                State::HostKeyRefused,
                format!(
                    "{name} presented a host key your known_hosts does not hold: {last}; check the key and add it (ssh {name} once, by hand)"
                ),
                false,
            )
        } else if has("Permission denied") || has("Too many authentication failures") {
            (
                State::AuthFailed,
                format!(
                    "{name} refused the key: {last}; make `ssh -o BatchMode=yes {name} true` work (an agent or an unencrypted key)"
                ),
                false,
            )
        } else if has("GLIBC") || has("Exec format error") || has("cannot execute") {
            (
                State::Unsupported,
                format!("{name} cannot run this tmux-mcp: {last}; install tmux-mcp there on PATH"),
                false,
            )
        } else {
            (State::Offline, format!("{name}: {last}"), false)
        };
        Failure {
            state,
            error,
            needs_copy,
        }
    }
}
