//! Serving MCP over Streamable HTTP (`serve --http ADDR:PORT`): rmcp's Streamable HTTP service
//! speaks the protocol (sessions, SSE, the stateless 2026-07-28 form, `Host` and `Origin`
//! checks), hyper speaks HTTP, and in front of both this module asks for the bearer token.
//! One process serves every client with one `Tools`, so they share the journals.

use std::convert::Infallible;
use std::io::Write;
use std::net::SocketAddr;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper::{Request, Response, StatusCode, header};
use hyper_util::rt::{TokioIo, TokioTimer};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;

use crate::environment as env;
use crate::handlers::Tools;
use crate::mcp::Server;
use crate::say::say;

mod idle;

pub use idle::{DEFAULT_LIMIT as DEFAULT_IDLE, MAX_LIMIT as MAX_IDLE};

/// The one path served.
pub const PATH: &str = "/mcp";
/// A token given in the environment must be at least this long.
const MIN_TOKEN: usize = 16;
/// Requests being answered at once (an open SSE stream counts until it ends); beyond, 503.
pub const MAX_IN_FLIGHT: usize = 256;
/// A request's head must arrive within this, and an idle kept-alive connection is closed after
/// it, so connections that never send a request do not pile up. Clients' pools close idle
/// connections sooner (undici after 4 s, httpx after 5 s), so none races this with a request.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// Legacy sessions open at once; beyond, an `initialize` gets 503 (one unused for the idle
/// limit is closed).
pub const MAX_SESSIONS: usize = 64;

/// Where and how to listen, from the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listen {
    pub address: SocketAddr,
    /// Serve on an address other machines reach; without it only loopback is allowed.
    pub remote: bool,
    /// A 2025-11-25 session unused this long is closed.
    pub idle: Duration,
}

impl Listen {
    /// `--http ADDRESS`, `--http-remote` and `--http-idle SECONDS`.
    pub fn parse(address: &str, remote: bool, idle: Option<&str>) -> Result<Listen, String> {
        let idle = match idle {
            None => DEFAULT_IDLE,
            Some(text) => text
                .parse()
                .ok()
                .map(Duration::from_secs)
                .filter(|d| (Duration::from_secs(1)..=MAX_IDLE).contains(d))
                .ok_or_else(|| {
                    format!(
                        "--http-idle {text:?} is not a number of seconds from 1 to {}; give for example 300",
                        MAX_IDLE.as_secs()
                    )
                })?,
        };
        let address: SocketAddr = address.parse().map_err(|_| {
            format!("--http {address:?} is not ADDRESS:PORT; give for example 127.0.0.1:8765")
        })?;
        if !address.ip().is_loopback() && !remote {
            return Err(format!(
                "--http {address} is not a loopback address; serve on 127.0.0.1 or [::1], or add --http-remote to let other machines connect (the token is then all that stands between them and tmux)"
            ));
        }
        Ok(Listen {
            address,
            remote,
            idle,
        })
    }
}

/// The bearer token clients must send, and the file it was written to when it was made here.
pub struct Token {
    secret: String,
    pub file: Option<PathBuf>,
}

impl Token {
    /// The token `given` (`LIBTMUX_HTTP_TOKEN`), or a new random one written to a new 0600
    /// file in `dir`.
    pub fn new(given: Option<&str>, dir: &Path) -> Result<Token, TokenError> {
        if let Some(secret) = given.filter(|t| !t.is_empty()) {
            if secret.len() < MIN_TOKEN || secret.chars().any(|c| !c.is_ascii_graphic()) {
                return Err(TokenError::Weak);
            }
            return Ok(Token {
                secret: secret.to_owned(),
                file: None,
            });
        }
        let mut bytes = [0u8; 32];
        std::fs::File::open("/dev/urandom")
            .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes))
            .map_err(TokenError::Random)?;
        let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let file = dir.join(format!("tmux-mcp-http-token-{}", std::process::id()));
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&file)
            .and_then(|mut f| writeln!(f, "{secret}"))
            .map_err(|e| TokenError::File(file.clone(), e))?;
        Ok(Token {
            secret,
            file: Some(file),
        })
    }

    /// Whether an `Authorization` header carries the token; compared in constant time.
    fn admits(&self, header: Option<&[u8]>) -> bool {
        let Some(given) = header.and_then(|h| h.strip_prefix(b"Bearer ")) else {
            return false;
        };
        let want = self.secret.as_bytes();
        given.len() == want.len()
            && given.iter().zip(want).fold(0, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

/// How `tmux://capabilities` describes the transport (`None`: stdio).
pub fn transport_report(listen: Option<&Listen>) -> serde_json::Value {
    match listen {
        None => serde_json::json!({"kind": "stdio"}),
        Some(l) => serde_json::json!({
            "kind": "streamable-http",
            "address": l.address.to_string(),
            "path": PATH,
            "remote": l.remote,
            "authorization": "bearer token",
            "sessionIdleSeconds": l.idle.as_secs(),
        }),
    }
}

type Body = BoxBody<Bytes, Infallible>;

/// A response body that holds its request's place among those in flight, and keeps its
/// session in use, until it ends.
struct Held {
    body: Body,
    _place: OwnedSemaphorePermit,
    _session: Option<idle::InUse>,
}

impl hyper::body::Body for Held {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// What every connection shares.
struct Front {
    service: StreamableHttpService<Server, LocalSessionManager>,
    sessions: Arc<LocalSessionManager>,
    idle: Arc<idle::Idle>,
    token: Token,
    in_flight: Arc<Semaphore>,
}

fn plain(status: StatusCode, text: &str) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(text.to_owned())).boxed());
    *response.status_mut() = status;
    response
}

/// A socket listening where the operator asked; `listen` names the port it got (port 0 asks
/// the system for one).
pub struct Bound {
    listener: tokio::net::TcpListener,
    pub listen: Listen,
}

impl Listen {
    /// Listens, before tmux is touched: an address that cannot be had stops startup.
    pub async fn bind(&self) -> Result<Bound, BindError> {
        let failed = |source| BindError {
            address: self.address,
            source,
        };
        let listener = tokio::net::TcpListener::bind(self.address)
            .await
            .map_err(failed)?;
        let address = listener.local_addr().map_err(failed)?;
        Ok(Bound {
            listener,
            listen: Listen {
                address,
                ..self.clone()
            },
        })
    }
}

/// An address this server cannot listen on.
#[derive(Debug, thiserror::Error)]
#[error("cannot listen on {address}")]
pub struct BindError {
    address: SocketAddr,
    source: std::io::Error,
}

/// Why no bearer token could be had: each says to set `LIBTMUX_HTTP_TOKEN`.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    /// The one given is too short or holds spaces or control characters.
    #[error("{var} must be at least {MIN_TOKEN} printable characters without spaces", var = env::HTTP_TOKEN)]
    Weak,
    /// No randomness for a new one.
    #[error("cannot read /dev/urandom for a token; set {var}", var = env::HTTP_TOKEN)]
    Random(#[source] std::io::Error),
    /// The new one's file cannot be written.
    #[error("cannot write the token file {}; set {var}", .0.display(), var = env::HTTP_TOKEN)]
    File(PathBuf, #[source] std::io::Error),
}

/// Serves until `stop` is cancelled; then open streams are closed and the function returns.
pub async fn serve(bound: Bound, tools: Arc<Tools>, token: Token, stop: CancellationToken) {
    let Bound { listener, listen } = bound;
    // Browsers send Origin: only pages served from this machine may call. Host names a client
    // may use: loopback ones (DNS rebinding protection), or any with --http-remote.
    let loopback = ["localhost", "127.0.0.1", "[::1]"];
    let origins: Vec<String> = loopback
        .iter()
        .flat_map(|h| [format!("http://{h}:*"), format!("https://{h}:*")])
        .collect();
    let mut config = StreamableHttpServerConfig::default()
        .with_allowed_origins(origins)
        .with_cancellation_token(stop.child_token());
    config = if listen.remote {
        config.with_allowed_hosts(Vec::<String>::new())
    } else {
        config.with_allowed_hosts(
            loopback
                .iter()
                .map(|h| h.trim_matches(['[', ']']).to_owned()),
        )
    };
    // Sessions unused for the limit are closed by `idle`, not by rmcp's timer (see there why).
    let mut manager = LocalSessionManager::default();
    manager.session_config.keep_alive = None;
    let sessions = Arc::new(manager);
    let idle = idle::Idle::new(listen.idle);
    tokio::spawn(idle.clone().close_unused(sessions.clone(), stop.clone()));
    let front = Arc::new(Front {
        service: StreamableHttpService::new(
            move || Ok(Server::new(tools.clone())),
            sessions.clone(),
            config,
        ),
        sessions,
        idle,
        token,
        in_flight: Arc::new(Semaphore::new(MAX_IN_FLIGHT)),
    });
    say(&format!("serving MCP at http://{}{PATH}", listen.address));
    loop {
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    say(&format!("accepting a connection failed: {e}"));
                    continue;
                }
            },
            () = stop.cancelled() => break,
        };
        // A reply is written in several small pieces (head, SSE events, the last chunk): with
        // Nagle's algorithm on, the last waits for the client's delayed ACK, 40 ms on Linux, on
        // every call of a kept-alive connection.
        if let Err(e) = stream.set_nodelay(true) {
            say(&format!("cannot set TCP_NODELAY on a connection: {e}"));
        }
        let (front, stop) = (front.clone(), stop.clone());
        tokio::spawn(async move {
            let handler = hyper::service::service_fn(move |request: Request<Incoming>| {
                let front = front.clone();
                async move { Ok::<_, Infallible>(route(&front, request).await) }
            });
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT)
                .serve_connection(TokioIo::new(stream), handler);
            // Stopping closes the connection: rmcp has ended its calls and streams on the same
            // token, so nothing is left to finish.
            tokio::select! {
                _ = connection => {}
                () = stop.cancelled() => {}
            }
        });
    }
}

async fn route(front: &Front, request: Request<Incoming>) -> Response<Body> {
    if request.uri().path() != PATH {
        return plain(StatusCode::NOT_FOUND, "not found: MCP is served at /mcp\n");
    }
    let authorization = request
        .headers()
        .get(header::AUTHORIZATION)
        .map(|v| v.as_bytes());
    if !front.token.admits(authorization) {
        let mut response = plain(
            StatusCode::UNAUTHORIZED,
            "unauthorized: send Authorization: Bearer <token> (LIBTMUX_HTTP_TOKEN, or the token file the server named at startup)\n",
        );
        let challenge = if authorization.is_some() {
            "Bearer realm=\"tmux-mcp\", error=\"invalid_token\""
        } else {
            "Bearer realm=\"tmux-mcp\""
        };
        response.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            header::HeaderValue::from_static(challenge),
        );
        return response;
    }
    let Ok(place) = front.in_flight.clone().try_acquire_owned() else {
        return busy(&format!(
            "busy: {MAX_IN_FLIGHT} requests are being answered; retry shortly\n"
        ));
    };
    // A POST without a session that is not of the stateless era (2026-07-28 on) may open one.
    let stateless = request
        .headers()
        .get("mcp-protocol-version")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v >= "2026-07-28");
    let opens_session = request.method() == hyper::Method::POST
        && !request.headers().contains_key("mcp-session-id")
        && !stateless;
    if opens_session && front.sessions.sessions.read().await.len() >= MAX_SESSIONS {
        return busy(&format!(
            "busy: {MAX_SESSIONS} sessions are open; end one (DELETE with its Mcp-Session-Id) or wait for an unused one to close ({} s)\n",
            front.idle.limit().as_secs()
        ));
    }
    let session = request
        .headers()
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(|id| front.idle.enter(id.into()));
    let ends_session = request.method() == hyper::Method::DELETE;
    let mut response = front.service.handle(request).await.map(|body| {
        Held {
            body,
            _place: place,
            _session: session,
        }
        .boxed()
    });
    // rmcp answers an ended session 202; the Python SDK takes only 200 or 204 as success and
    // warns "Session termination failed: 202" every time a client closes. Nothing follows, so
    // 204 says it exactly.
    if ends_session && response.status() == StatusCode::ACCEPTED {
        *response.status_mut() = StatusCode::NO_CONTENT;
    }
    response
}

fn busy(text: &str) -> Response<Body> {
    let mut response = plain(StatusCode::SERVICE_UNAVAILABLE, text);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_unless_remote_is_asked_for() {
        assert!(Listen::parse("127.0.0.1:0", false, None).is_ok());
        assert!(Listen::parse("[::1]:8765", false, None).is_ok());
        let e = Listen::parse("0.0.0.0:8765", false, None).unwrap_err();
        assert!(e.contains("--http-remote") && !e.contains('\n'), "{e}");
        assert!(Listen::parse("0.0.0.0:8765", true, None).is_ok());
        assert!(
            Listen::parse("localhost", false, None)
                .unwrap_err()
                .contains("ADDRESS:PORT")
        );
    }

    #[test]
    fn the_idle_limit_is_whole_seconds_up_to_a_day() {
        let idle = |text| Listen::parse("127.0.0.1:0", false, text).map(|l| l.idle);
        assert_eq!(idle(None), Ok(DEFAULT_IDLE));
        assert_eq!(idle(Some("2")), Ok(Duration::from_secs(2)));
        assert_eq!(idle(Some("86400")), Ok(MAX_IDLE));
        for wrong in ["0", "86401", "-1", "1.5", "5m", ""] {
            let e = idle(Some(wrong)).unwrap_err();
            assert!(
                e.contains("--http-idle") && e.contains("86400"),
                "{wrong}: {e}"
            );
        }
    }

    #[test]
    fn the_token_is_checked_whole() {
        let t = Token {
            secret: "0123456789abcdef".into(),
            file: None,
        };
        assert!(t.admits(Some(b"Bearer 0123456789abcdef")));
        for wrong in [
            &b"Bearer 0123456789abcdeF"[..],
            b"Bearer 0123456789abcde",
            b"0123456789abcdef",
            b"Bearer ",
        ] {
            assert!(!t.admits(Some(wrong)));
        }
        assert!(!t.admits(None));
    }
}
