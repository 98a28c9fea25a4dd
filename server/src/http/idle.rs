//! Closing 2025-11-25 sessions nobody uses. rmcp's own idle timer counts only messages, so it
//! ends a session in the middle of a long call that sends none (a wait runs up to 600 s) and
//! the call's result is lost. Here a session is in use while a request of its own is being
//! answered or a stream of its own is open, and idle from when the last of those ended.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use rmcp::transport::streamable_http_server::SessionId;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use tokio_util::sync::CancellationToken;

/// How long a session may go unused before it is closed, unless `--http-idle` says.
pub const DEFAULT_LIMIT: Duration = Duration::from_secs(300);
/// The longest `--http-idle` accepted: a day.
pub const MAX_LIMIT: Duration = Duration::from_secs(86_400);

/// The use of each open session.
pub struct Idle {
    limit: Duration,
    uses: Mutex<HashMap<SessionId, Use>>,
}

struct Use {
    /// Requests and streams of the session not yet ended.
    open: usize,
    /// When the last of them ended (or the session was first seen).
    since: Instant,
}

/// A session in use, from a request's arrival until its response body ends.
pub struct InUse {
    idle: Arc<Idle>,
    session: SessionId,
}

impl Idle {
    pub fn new(limit: Duration) -> Arc<Idle> {
        Arc::new(Idle {
            limit,
            uses: Mutex::default(),
        })
    }

    pub fn limit(&self) -> Duration {
        self.limit
    }

    fn uses(&self) -> MutexGuard<'_, HashMap<SessionId, Use>> {
        // A panic elsewhere while the map was held leaves counts that are still counts.
        self.uses.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Marks `session` in use until the guard is dropped.
    pub fn enter(self: &Arc<Self>, session: SessionId) -> InUse {
        self.uses()
            .entry(session.clone())
            .or_insert_with(|| Use {
                open: 0,
                since: Instant::now(),
            })
            .open += 1;
        InUse {
            idle: self.clone(),
            session,
        }
    }

    /// Closes, until `stop`, every session unused for the limit, a quarter of it late at most.
    pub async fn close_unused(
        self: Arc<Self>,
        sessions: Arc<LocalSessionManager>,
        stop: CancellationToken,
    ) {
        let tick = (self.limit / 4).clamp(Duration::from_millis(100), Duration::from_secs(15));
        loop {
            tokio::select! {
                () = tokio::time::sleep(tick) => {}
                () = stop.cancelled() => return,
            }
            // Decided and removed under both locks: a request that marks its session in use
            // after this finds it gone (404), one before keeps it open.
            let closing: Vec<_> = {
                let mut open = sessions.sessions.write().await;
                let mut uses = self.uses();
                uses.retain(|id, _| open.contains_key(id));
                let now = Instant::now();
                let unused: Vec<SessionId> = open
                    .keys()
                    .filter(|&id| {
                        let used = uses.entry(id.clone()).or_insert(Use {
                            open: 0,
                            since: now,
                        });
                        used.open == 0 && now.duration_since(used.since) >= self.limit
                    })
                    .cloned()
                    .collect();
                unused
                    .iter()
                    .filter_map(|id| {
                        uses.remove(id);
                        open.remove(id)
                    })
                    .collect()
            };
            for handle in &closing {
                // A worker that has already ended has nothing left to close.
                let _ = handle.close().await;
            }
            if !closing.is_empty() {
                crate::say::say(&format!(
                    "closed {} session(s) unused for {} s ({} open)",
                    closing.len(),
                    self.limit.as_secs(),
                    sessions.sessions.read().await.len()
                ));
            }
        }
    }
}

impl Drop for InUse {
    fn drop(&mut self) {
        if let Some(used) = self.idle.uses().get_mut(&self.session) {
            used.open = used.open.saturating_sub(1);
            used.since = Instant::now();
        }
    }
}
