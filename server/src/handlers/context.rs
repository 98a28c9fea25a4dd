//! What every handler works with: the tools' shared state ([`Tools`]), one call's context
//! ([`CallContext`]) and the small rules all handlers share (deadlines, progress,
//! cancellation).

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::{pane_reads, reports};
use crate::catalog::{self, ErrorKind, Service, ToolError, ToolId};
use crate::surface::Surface;
use crate::trust::{Trust, audit::Audit, scope};
use tmux::Tmux;
use tmux_mcp_runtime::mask::Masker;

/// What a handler returns.
pub type R<T> = Result<T, ToolError>;

/// What every handler works with.
pub struct Tools {
    pub tmux: Tmux,
    /// The socket file, for commands typed into panes that must reach this same server.
    pub socket_path: PathBuf,
    pub surface: Arc<Surface>,
    /// The pane this server runs in, when it is on the selected socket.
    caller: tmux::caller::Caller,
    /// Environment variables whose values show_environment may return.
    pub environment_values: Vec<String>,
    /// Panes with a run_shell_command in progress.
    pub running: Mutex<Vec<String>>,
    /// get_pane_info reads, grouped when they come together.
    pub pane_reads: pane_reads::PaneReads,
    /// Masks what is read from panes before a tool looks at it or returns it.
    pub masker: Masker,
    pub scope: scope::Guard,
    pub audit: Option<Audit>,
    /// What agents in panes report of themselves.
    pub agents: reports::Reports,
    /// The other machines calls may name.
    pub hosts: crate::hosts::Hosts,
}

/// What [`Tools`] are built from, once, at startup.
pub struct Parts {
    /// The tmux server, and its socket file.
    pub tmux: Tmux,
    pub socket_path: PathBuf,
    /// What this server offers.
    pub surface: Arc<Surface>,
    /// The pane this server runs in, when it is on the selected socket.
    pub caller: tmux::caller::Caller,
    /// Environment variables whose values show_environment may return.
    pub environment_values: Vec<String>,
    /// The pane option agents report their state in.
    pub agent_option: String,
    /// Masking, the write scope and the audit log.
    pub trust: Trust,
    /// The other machines calls may name.
    pub hosts: crate::hosts::Hosts,
}

impl Tools {
    pub fn new(parts: Parts) -> Self {
        let Parts {
            tmux,
            socket_path,
            surface,
            caller,
            environment_values,
            agent_option,
            trust,
            hosts,
        } = parts;
        Tools {
            hosts,
            pane_reads: pane_reads::PaneReads::new(&agent_option),
            agents: reports::Reports::new(agent_option),
            masker: trust.masker,
            scope: scope::Guard::new(trust.scope, tmux.clone(), socket_path.clone()),
            audit: trust.audit,
            tmux,
            socket_path,
            surface,
            caller,
            environment_values,
            running: Mutex::new(Vec::new()),
        }
    }
}

impl Tools {
    /// The pane this server runs in, when it is on the selected socket.
    pub async fn caller_pane(&self) -> Option<&str> {
        self.caller.pane(&self.tmux).await
    }
}

/// A wait's deadline in seconds, as the manifest's `seconds` type says.
pub fn seconds(requested: Option<i64>) -> i64 {
    catalog::types::SECONDS.apply(requested)
}

/// Ticks once a second, first after a second: when a blocking tool reports progress. Clients
/// that reset their timeout on progress can then wait as long as the tool does.
pub fn progress_ticker() -> tokio::time::Interval {
    let every = Duration::from_secs(1);
    tokio::time::interval_at(tokio::time::Instant::now() + every, every)
}

pub fn cancelled(tool: ToolId) -> ToolError {
    ToolError::new(
        ErrorKind::Refused,
        format!("{} was cancelled by the client", tool.name()),
    )
}

/// A failed row's error as the batch output types carry it.
pub fn row_error(e: &ToolError) -> catalog::types::ToolError {
    catalog::types::ToolError {
        message: e.message.clone(),
        kind: e.kind,
        retryable: e.kind.retryable(),
    }
}

/// What runs a batch's rows: the call pipeline above the handlers (`crate::pipeline`), which
/// no handler imports. A row goes through it as a direct call does, checked against `allowed`
/// (the batch's effective authority) first: a row refused there is the outer error, and ran
/// nothing; a row that ran gives its result, whose error names the row.
#[allow(clippy::type_complexity)]
pub trait Rows: Sync {
    fn row<'a>(
        &'a self,
        t: &'a Tools,
        cx: &'a CallContext,
        allowed: &'a [ToolId],
        index: usize,
        tool: &'a str,
        arguments: serde_json::Value,
    ) -> Pin<Box<dyn Future<Output = Result<R<serde_json::Value>, ToolError>> + Send + 'a>>;
}

/// Where a call's progress goes: the client that asked for it (it sent a progress token), as
/// its transport reaches it. The handlers know no transport.
pub trait Progress: Send + Sync {
    fn report(
        &self,
        done: f64,
        total: f64,
        message: String,
    ) -> Pin<Box<dyn Future<Output = ()> + Send + '_>>;
}

/// A call as its transport hands it over: the request's id, the client's cancellation, and
/// where progress goes when the client asked for it.
pub struct Request {
    pub id: serde_json::Value,
    pub cancel: CancellationToken,
    pub progress: Option<Box<dyn Progress>>,
}

impl Request {
    /// A request with this id, never cancelled and reporting no progress.
    pub fn new(id: serde_json::Value) -> Self {
        Request {
            id,
            cancel: CancellationToken::new(),
            progress: None,
        }
    }
}

/// Per-call state: cancellation, the client to report progress to, and the pipeline that runs
/// a batch's rows.
pub struct CallContext {
    pub cancel: CancellationToken,
    request_id: serde_json::Value,
    progress: Option<Box<dyn Progress>>,
    /// Spans masked by this call and the rows it ran, for the audit log.
    pub masked: AtomicU64,
    pub rows: &'static dyn Rows,
}

impl CallContext {
    pub fn new(request: Request, rows: &'static dyn Rows) -> Self {
        CallContext {
            cancel: request.cancel,
            request_id: request.id,
            progress: request.progress,
            masked: AtomicU64::new(0),
            rows,
        }
    }

    /// The same call reporting no progress, for waits run side by side under one that reports
    /// for them all.
    pub fn without_progress(&self) -> CallContext {
        CallContext {
            cancel: self.cancel.clone(),
            request_id: self.request_id.clone(),
            progress: None,
            masked: AtomicU64::new(0),
            rows: self.rows,
        }
    }

    /// The JSON-RPC id of the request, as the audit log names it.
    pub fn request_id(&self) -> serde_json::Value {
        self.request_id.clone()
    }

    /// Bytes the request id takes in the response (for size budgets).
    pub fn request_id_len(&self) -> usize {
        serde_json::to_string(&self.request_id).map_or(0, |s| s.len())
    }

    /// Reports progress when the client asked for it.
    pub async fn progress(&self, done: f64, total: f64, message: String) {
        if let Some(progress) = &self.progress {
            progress.report(done, total, message).await;
        }
    }
}

impl Service for Tools {
    type Context = CallContext;
}
