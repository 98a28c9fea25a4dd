//! `serve`: the tool context built once, then MCP served over stdio or Streamable HTTP until
//! the input ends or a signal comes.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;

use tmux::daemon::{Launch, LaunchError};
use tmux::socket::Socket;

use super::startup::{SettingError, Startup};
use crate::handlers::{Parts, Tools};
use crate::http::{BindError, Bound, Listen, Token, TokenError};
use crate::mcp::Server;
use crate::say::{fail_because, say};
use crate::signals::{Ending, WatchError};
use crate::trust::Trust;
use crate::trust::audit::{Audit, OpenError};

/// Why serving could not start, or ended with an error: each step's own error, whose words
/// say what to do, with what the system said beneath it as its source. Transparent: each
/// step's error says it whole, and its source is the step's own, so a chain printed reads
/// each cause once.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Setting(SettingError),
    #[error(transparent)]
    Signals(WatchError),
    #[error(transparent)]
    Audit(OpenError),
    #[error(transparent)]
    Listen(BindError),
    #[error(transparent)]
    Tmux(LaunchError),
    #[error(transparent)]
    Token(TokenError),
    /// The MCP session over stdio ended with an error.
    #[error("the MCP session ended with an error: {0}")]
    Session(tokio::task::JoinError),
    /// The async runtime could not start.
    #[error("cannot start the async runtime")]
    Runtime(#[source] std::io::Error),
}

pub(super) async fn serve(startup: Startup, http: Option<Listen>) -> ExitCode {
    match run(startup, http).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail_because(&e),
    }
}

async fn run(startup: Startup, http: Option<Listen>) -> Result<(), ServeError> {
    // Before anything reads a process.
    tmux::process::Reader::choose(startup.process_reader);
    let mut ending = Ending::watch().map_err(ServeError::Signals)?;
    // Before tmux is touched: a log that cannot be kept stops the server with nothing started.
    let audit = audit_log(&startup)?;
    let bound = match &http {
        None => None,
        Some(listen) => Some(listen.bind().await.map_err(ServeError::Listen)?),
    };
    let transport = bound.as_ref().map(|b| &b.listen);
    let (socket, token, scope) = (
        startup.socket.clone(),
        startup.http_token.clone(),
        startup.trust.scope,
    );
    let (tools, launch) = compose(startup, audit, transport).await?;
    // Over stdio, stderr is the client's log, where a line is an error (Claude Code logs a
    // server's stderr as `[ERROR]`): the startup line goes there only for a person watching
    // or an HTTP server's operator; `check` and tmux://capabilities say the same.
    if bound.is_some() || std::io::stderr().is_terminal() {
        eprintln!(
            "tmux-mcp {}: serving {} tools on {} ({}; write scope {})",
            env!("CARGO_PKG_VERSION"),
            tools.surface.offered_count(),
            socket.path.display(),
            launch.provenance.describe(),
            scope.as_str(),
        );
    }
    if bound.is_none() && std::io::stdin().is_terminal() {
        eprintln!(
            "tmux-mcp speaks MCP (JSON-RPC) over stdin/stdout and is waiting for a client. Configure your MCP client to run \
             this command (see README.md), or press Ctrl-D to quit. `tmux-mcp tools` lists what it offers."
        );
    }
    let flush = tools.clone();
    let outcome = match bound {
        Some(bound) => serve_http(&socket, bound, token.as_deref(), tools, &mut ending).await,
        None => serve_stdio(tools, &mut ending).await,
    };
    flush.hosts.stop().await;
    if let Some(audit) = &flush.audit {
        audit.flush();
    }
    launch.leave().await;
    outcome
}

/// The audit log `startup` asks for, opened.
pub(super) fn audit_log(startup: &Startup) -> Result<Option<Audit>, ServeError> {
    startup
        .trust
        .audit_log
        .as_deref()
        .map(Audit::open)
        .transpose()
        .map_err(ServeError::Audit)
}

/// The tool context a server started with `startup` serves with, over `transport`, built
/// once: tmux launched or found (the dedicated daemon started when it is the socket), the
/// interface frozen, the tools made from their grouped parts. The audit log is opened before,
/// by the caller: one that cannot be kept stops the server with nothing started.
pub(super) async fn compose(
    startup: Startup,
    audit: Option<Audit>,
    transport: Option<&Listen>,
) -> Result<(Arc<Tools>, Launch), ServeError> {
    let launch = Launch::start(&startup.socket)
        .await
        .map_err(ServeError::Tmux)?;
    let surface = Arc::new(startup.surface(launch.provenance, transport, &launch.found));
    let tools = Arc::new(Tools::new(Parts {
        tmux: launch.tmux.clone(),
        socket_path: startup.socket.path.clone(),
        surface,
        caller: tmux::caller::Caller::new(startup.caller_hint),
        environment_values: startup.environment_values,
        agent_option: startup.agent_option,
        trust: Trust {
            masker: startup.trust.masker,
            scope: startup.trust.scope,
            audit,
        },
        hosts: crate::hosts::Hosts::new(startup.hosts, startup.forwarded),
    }));
    Ok((tools, launch))
}

async fn serve_stdio(tools: Arc<Tools>, ending: &mut Ending) -> Result<(), ServeError> {
    let (input, output) = rmcp::transport::stdio_pipes();
    // No handshake gate: a dual-era server takes any first message, an `initialize` (legacy
    // sessions) or a request carrying its own protocol metadata (2026-07-28), in either order.
    let running =
        rmcp::service::serve_directly(Server::new(tools), crate::frame::guard(input, output), None);
    let stop = running.cancellation_token();
    let waiting = running.waiting();
    tokio::pin!(waiting);
    tokio::select! {
        ended = &mut waiting => ended,
        signal = ending.first() => {
            say(&format!("{signal}: leaving as at the end of input"));
            stop.cancel();
            waiting.await
        }
    }
    .map(|_| ())
    .map_err(ServeError::Session)
}

async fn serve_http(
    socket: &Socket,
    bound: Bound,
    token: Option<&str>,
    tools: Arc<Tools>,
    ending: &mut Ending,
) -> Result<(), ServeError> {
    // The token file goes beside the socket: tmux keeps that directory private.
    let dir = socket.path.parent().unwrap_or(std::path::Path::new("/tmp"));
    let token = Token::new(token, dir).map_err(ServeError::Token)?;
    if let Some(file) = &token.file {
        say(&format!(
            "the bearer token is in {} (mode 0600)",
            file.display()
        ));
    }
    let file = token.file.clone();
    let stop = tokio_util::sync::CancellationToken::new();
    let served = crate::http::serve(bound, tools, token, stop.clone());
    tokio::pin!(served);
    tokio::select! {
        () = &mut served => {}
        signal = ending.first() => {
            say(&format!("{signal}: closing HTTP streams and leaving"));
            stop.cancel();
            served.await
        }
    }
    if let Some(file) = file {
        let _ = std::fs::remove_file(file);
    }
    Ok(())
}
