//! Other machines (`LIBTMUX_HOSTS`): each host gets one persistent `ssh` running this same
//! tmux-mcp there over stdio, with the settings passed on, and a call naming the host is that
//! host's server's call. So journals, waits, masking and the write scope act on the host
//! exactly as here, and a pane's output crosses the network once, as the call's answer.
//!
//! A host is connected on its first call (or by `list_hosts`), one connect at a time per host
//! and a few in flight over all of them; a failed connect makes calls for that host fail at
//! once until its backoff has passed; a lost connection fails the calls on it and the next
//! call connects again.
//!
//! What this relies on in OpenSSH and rmcp, measured, is in `facts.md` beside this file.

mod bootstrap;
pub mod destination;
mod link;

use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{Map, Value};
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

use crate::catalog::{ErrorKind, ToolError};
pub use destination::Destination;
use link::{Answer, Failure, Gone, Link};

/// Connects in flight at once, over all hosts: reconnecting many hosts never stampedes.
const CONNECTS_IN_FLIGHT: usize = 4;
/// Waits after a failed connect: the first, doubled per failure, at most the last.
const BACKOFF_FIRST: Duration = Duration::from_millis(500);
const BACKOFF_MAX: Duration = Duration::from_secs(10);

/// A host's connection as `list_hosts` reports it: the manifest's enum.
pub use crate::catalog::list_hosts::State;

/// The error kind of a call the host's state refuses.
fn kind(state: State) -> ErrorKind {
    match state {
        State::AuthFailed | State::HostKeyRefused => ErrorKind::Refused,
        State::Unsupported => ErrorKind::Unsupported,
        State::Online | State::Connecting | State::Offline => ErrorKind::ServerGone,
    }
}

/// One host's line of `list_hosts`.
pub struct Status {
    pub name: String,
    pub state: State,
    pub tmux_version: Option<String>,
    pub rtt: Option<Duration>,
    pub error: Option<String>,
}

/// The hosts of `LIBTMUX_HOSTS` and their connections.
pub struct Hosts {
    hosts: Vec<Host>,
    connects: Semaphore,
    /// Variables every host's tmux-mcp is started with.
    settings: Vec<(&'static str, String)>,
    binary: OnceLock<Result<bootstrap::Binary, String>>,
}

struct Host {
    destination: Destination,
    /// Held while connecting, so calls that come meanwhile wait for that connect.
    link: tokio::sync::Mutex<Option<Arc<Link>>>,
    seen: Mutex<Seen>,
}

struct Seen {
    state: State,
    error: Option<String>,
    tmux_version: Option<String>,
    rtt: Option<Duration>,
    failures: u32,
    retry_at: Option<Instant>,
}

impl Hosts {
    pub fn new(destinations: Vec<Destination>, settings: Vec<(&'static str, String)>) -> Hosts {
        let hosts = destinations
            .into_iter()
            .map(|destination| Host {
                destination,
                link: tokio::sync::Mutex::new(None),
                seen: Mutex::new(Seen {
                    state: State::Offline,
                    error: Some("not connected yet".into()),
                    tmux_version: None,
                    rtt: None,
                    failures: 0,
                    retry_at: None,
                }),
            })
            .collect();
        Hosts {
            hosts,
            connects: Semaphore::new(CONNECTS_IN_FLIGHT),
            settings,
            binary: OnceLock::new(),
        }
    }

    /// The names calls may give as `host`, in `LIBTMUX_HOSTS`'s order.
    pub fn names(&self) -> Vec<String> {
        self.hosts
            .iter()
            .map(|h| h.destination.name.clone())
            .collect()
    }

    /// `tool` called on `host` with `arguments`: the host's answer, or why there is none.
    /// Progress the host reports goes to `progress`; `cancel` cancels the call there.
    pub async fn call(
        &self,
        host: &str,
        tool: &'static str,
        arguments: Map<String, Value>,
        cancel: &CancellationToken,
        progress: link::Progress,
    ) -> Result<Value, ToolError> {
        let host = self.host(host)?;
        let link = self.link(host).await?;
        let name = &host.destination.name;
        match link.call(tool, arguments, cancel, progress).await {
            Ok(Answer::Response(response)) => answered(name, response),
            Ok(Answer::Cancelled) => Err(ToolError::new(
                ErrorKind::Refused,
                format!("{tool} was cancelled by the client"),
            )),
            Err(Gone) => {
                self.lose(host, &link).await;
                Err(ToolError::new(
                    ErrorKind::ServerGone,
                    format!(
                        "the connection to {name} was lost during the call; call again to reconnect (list_hosts shows the host)"
                    ),
                ))
            }
        }
    }

    /// Every host's line, after connecting those not connected (together, as the cap on
    /// connects in flight allows) and timing a round trip to each connected one. A host
    /// another call is connecting is reported `connecting`, without waiting for it.
    pub async fn statuses(&self) -> Vec<Status> {
        let lines = self.hosts.iter().map(|host| async move {
            let idle = host.link.try_lock().is_ok();
            if idle
                && let Ok(link) = self.link(host).await
                && let Some(rtt) = link.round_trip().await
            {
                seen(host).rtt = Some(rtt);
            }
            let seen = seen(host);
            Status {
                name: host.destination.name.clone(),
                state: seen.state,
                tmux_version: seen.tmux_version.clone(),
                rtt: seen.rtt,
                error: seen.error.clone(),
            }
        });
        futures::future::join_all(lines).await
    }

    /// Closes every connection: each host's tmux-mcp sees its input end, and `ssh` exits.
    /// A connect still in flight is not waited for: its `ssh` is killed when the runtime
    /// drops it.
    pub async fn stop(&self) {
        for host in &self.hosts {
            let link = host.link.try_lock().ok().and_then(|mut slot| slot.take());
            if let Some(link) = link {
                link.close().await;
            }
        }
    }

    fn host(&self, name: &str) -> Result<&Host, ToolError> {
        self.hosts
            .iter()
            .find(|h| h.destination.name == name)
            .ok_or_else(|| {
                let names = self.names();
                ToolError::new(
                    ErrorKind::InvalidInput,
                    if names.is_empty() {
                        format!(
                            "host {name:?}: this server reaches no other machine; set {} to SSH destinations, or omit host",
                            crate::environment::HOSTS
                        )
                    } else {
                        format!(
                            "host {name:?} is not one of {}: {}; omit host for this machine",
                            crate::environment::HOSTS,
                            names.join(", ")
                        )
                    },
                )
            })
    }

    /// The host's live connection, connecting when there is none and its backoff has passed.
    async fn link(&self, host: &Host) -> Result<Arc<Link>, ToolError> {
        let mut slot = host.link.lock().await;
        if let Some(link) = slot.as_ref() {
            if !link.is_closed() {
                return Ok(link.clone());
            }
            *slot = None;
            lost(&mut seen(host));
        }
        {
            let seen = seen(host);
            if seen.retry_at.is_some_and(|at| Instant::now() < at) {
                return Err(refusal(&host.destination.name, &seen));
            }
        }
        let _permit = self.connects.acquire().await;
        let connecting = Connecting::begin(host);
        let outcome = self.connect(&host.destination).await;
        connecting.end();
        let mut seen = seen(host);
        match outcome {
            Ok(link) => {
                let link = Arc::new(link);
                *seen = Seen {
                    state: State::Online,
                    error: None,
                    tmux_version: link.tmux_version.clone(),
                    rtt: Some(link.rtt),
                    failures: 0,
                    retry_at: None,
                };
                *slot = Some(link.clone());
                Ok(link)
            }
            Err(failure) => {
                let wait = BACKOFF_FIRST
                    .saturating_mul(1 << seen.failures.min(8))
                    .min(BACKOFF_MAX);
                seen.failures += 1;
                seen.state = failure.state;
                seen.error = Some(failure.error);
                seen.tmux_version = None;
                seen.rtt = None;
                seen.retry_at = Some(Instant::now() + wait);
                Err(refusal(&host.destination.name, &seen))
            }
        }
    }

    /// Connects, copying this binary over first when the host has no tmux-mcp of this
    /// version and could run this one.
    async fn connect(&self, destination: &Destination) -> Result<Link, Failure> {
        let binary = match self.binary.get_or_init(bootstrap::Binary::current) {
            Ok(b) => b,
            Err(e) => {
                return Err(Failure {
                    state: State::Unsupported,
                    error: e.clone(),
                    needs_copy: false,
                });
            }
        };
        match Link::connect(destination, binary, &self.settings).await {
            Err(failure) if failure.needs_copy => {
                bootstrap::copy(destination, binary)
                    .await
                    .map_err(|error| Failure {
                        state: State::Unsupported,
                        error,
                        needs_copy: false,
                    })?;
                Link::connect(destination, binary, &self.settings).await
            }
            outcome => outcome,
        }
    }

    /// A call found the connection gone: the next call connects again, at once.
    async fn lose(&self, host: &Host, link: &Arc<Link>) {
        let mut slot = host.link.lock().await;
        if slot.as_ref().is_some_and(|l| Arc::ptr_eq(l, link)) {
            *slot = None;
            lost(&mut seen(host));
        }
    }
}

/// A host's state while a connect runs; a connect abandoned (its call cancelled) leaves the
/// state it found.
struct Connecting<'a> {
    host: &'a Host,
    before: Option<State>,
}

impl<'a> Connecting<'a> {
    fn begin(host: &'a Host) -> Connecting<'a> {
        let before = std::mem::replace(&mut seen(host).state, State::Connecting);
        Connecting {
            host,
            before: Some(before),
        }
    }

    fn end(mut self) {
        self.before = None;
    }
}

impl Drop for Connecting<'_> {
    fn drop(&mut self) {
        if let Some(before) = self.before {
            seen(self.host).state = before;
        }
    }
}

fn seen(host: &Host) -> std::sync::MutexGuard<'_, Seen> {
    host.seen.lock().unwrap_or_else(PoisonError::into_inner)
}

fn lost(seen: &mut Seen) {
    seen.state = State::Offline;
    seen.error = Some("the connection was lost; the next call connects again".into());
    seen.failures = 0;
    seen.retry_at = None;
}

/// A call refused because the host cannot be reached now.
fn refusal(name: &str, seen: &Seen) -> ToolError {
    let why = seen.error.as_deref().unwrap_or("not connected");
    let when = match seen.retry_at {
        Some(at) if kind(seen.state).retryable() => {
            let wait = at.saturating_duration_since(Instant::now());
            format!("; the next try is in {} ms", wait.as_millis())
        }
        _ => String::new(),
    };
    ToolError::new(
        kind(seen.state),
        format!("host {name} is unreachable: {why}{when}"),
    )
}

/// The host's JSON-RPC response to a call, as this server's result: its output, or its
/// error said again with the host named.
fn answered(host: &str, response: Value) -> Result<Value, ToolError> {
    if let Some(error) = response.get("error") {
        let message = error["message"]
            .as_str()
            .unwrap_or("refused without a reason");
        return Err(ToolError::new(
            ErrorKind::InvalidInput,
            format!("on {host}: {message}"),
        ));
    }
    let result = &response["result"];
    if result["isError"] != true {
        return Ok(result["structuredContent"].clone());
    }
    let body = crate::envelope::error_body(result);
    let kind = body
        .as_ref()
        .and_then(|b| b["kind"].as_str())
        .and_then(|k| ErrorKind::ALL.into_iter().find(|e| e.as_str() == k))
        .unwrap_or(ErrorKind::Internal);
    let message = body
        .as_ref()
        .and_then(|b| b["message"].as_str())
        .unwrap_or("the host's tool failed without saying why");
    Err(ToolError::new(kind, format!("on {host}: {message}")))
}
