//! Following pane output: one control client per tmux session, shared by every pane
//! of that session this server follows, feeding each pane's [`Journal`].
//!
//! Why a session target and never a pane target (cmd-attach-session.c, every version): attaching
//! with a pane (`-t %3`) calls `window_set_active_pane` and `session_set_current` for it, so
//! the pane becomes the active one and a `window-pane-changed` notification goes out. That
//! notification (control-notify.c, `control_notify_window_pane_changed`) is written to every
//! client flagged as a control client, with no check that the client has finished starting;
//! a control client whose identify messages are still being read has no control state yet,
//! and `control_write` dereferences it: the server segfaults (3.2a to 3.6b; 3.7 checks). Two
//! waits attaching at once was enough. With a session id (`-t $1`) tmux resolves the session's current window and its
//! active pane, so both calls find nothing to change and return before notifying; no focus
//! moves and no such notification is sent by anything this server does. The same unchecked
//! write serves `client-detached`, `session-closed` and a few others, so this server also
//! starts its control clients one at a time (`control::Handshakes`) and keeps them for the life of
//! their session instead of one per wait: a handful of handshakes in a server's life instead
//! of one per wait.

use std::collections::HashMap;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::client::{Tmux, WeakTmux};
use crate::command::{COMMAND_DEADLINE, Command, Verb, command_line};
use crate::control::Reader;
use crate::error::{TmuxError, TmuxErrorKind};
use crate::journal::{Journal, Position};
use crate::reader::{Upstream, read};
use crate::stream::{Followed, Inner, Stream, Waiter};
use crate::sync::lock;
use crate::version::Features;

/// How many times [`Tmux::follow`] starts over when the stream it used ends under it: tmux
/// detached that client (a person's `detach-client`) after this server chose it, and its
/// replacement, or a new client, delivers the pane.
const FOLLOW_TRIES: usize = 3;

/// The wait before replacing a client detached again within [`BACKOFF_RESET`] of its last
/// replacement, doubled each time up to [`BACKOFF_MOST`]: something that detaches this
/// server's clients as they come (a hook, a script) costs a handshake at most every so often.
const BACKOFF_FIRST: Duration = Duration::from_secs(1);
const BACKOFF_MOST: Duration = Duration::from_secs(30);
const BACKOFF_RESET: Duration = Duration::from_secs(60);

impl Tmux {
    /// Follows `pane` (from now on, when it is not followed yet) and returns its journal, holding
    /// all the output tmux printed for it before this call, and the position where that output
    /// ends: what tmux prints from then on comes after it.
    pub async fn follow(&self, pane: &str) -> Result<(Arc<Journal>, Position), TmuxError> {
        let mut tries = 1;
        loop {
            match self.follow_once(pane).await {
                Err(Attempt::StreamEnded(_)) if tries < FOLLOW_TRIES => tries += 1,
                Err(Attempt::StreamEnded(e) | Attempt::Failed(e)) => return Err(e),
                Ok(followed) => return Ok(followed),
            }
        }
    }

    async fn follow_once(&self, pane: &str) -> Result<(Arc<Journal>, Position), Attempt> {
        // display-message alone answers for a pane that does not exist, with empty fields.
        let out = self
            .run(
                Command::new(Verb::HasSession).target(pane)?.then(
                    Command::new(Verb::DisplayMessage)
                        .flag("-p")
                        .target(pane)?
                        .flag("#{session_id} #{pid} #{window_id}"),
                ),
            )
            .await?;
        let mut fields = out.split_whitespace();
        let (Some(session), Some(server), Some(window)) =
            (fields.next(), fields.next(), fields.next())
        else {
            return Err(Attempt::Failed(TmuxError::new(
                TmuxErrorKind::Refused,
                format!("display-message: unexpected answer {out:?}"),
            )));
        };
        // tmux names one of the sessions a linked window is in (the latest active): the one
        // whose stream delivers the pane keeps it while it holds the window.
        let session = match self.delivering(pane, server).filter(|s| s != session) {
            Some(delivering) if self.holds(&delivering, window).await => delivering,
            _ => session.to_owned(),
        };
        let stream = self.stream(&session).await?;
        // A stream that delivered the pane before its window moved delivers first what tmux
        // sent it until then (a command's report too, which tmux's history does not keep).
        let elsewhere: Vec<(Arc<Stream>, Arc<Journal>)> = lock(&self.0.streams.inner)
            .sessions
            .values()
            .filter(|s| s.session != stream.session)
            .filter_map(|s| Some((s.clone(), lock(&s.panes).get(pane)?.clone())))
            .collect();
        for (other, journal) in elsewhere {
            let _ = other.sync(&journal).await;
            // Else tmux keeps all the pane prints for that client, which would get it all when
            // the window came back (control.c keeps a client's offset into a pane's output
            // while its session lacks the window); a paused pane's is not kept, and what was
            // queued for it is dropped (`control_pause_pane`).
            other.pane_output(pane, "pause").await;
        }
        let (journal, known) = {
            let mut inner = lock(&self.0.streams.inner);
            let (journal, known) = match inner.panes.get(pane) {
                Some(f) if f.server == server => (f.journal.clone(), true),
                _ => (Arc::new(Journal::default()), false),
            };
            inner.panes.insert(
                pane.to_owned(),
                Followed {
                    journal: journal.clone(),
                    server: server.to_owned(),
                    session: session.clone(),
                },
            );
            // A pane moved between sessions is delivered by its new session's stream only.
            for other in inner.sessions.values() {
                if other.session != stream.session {
                    lock(&other.panes).remove(pane);
                }
            }
            (journal, known)
        };
        if !lock(&stream.panes).contains_key(pane) {
            journal.restart();
            if known {
                // Its output came by another stream, or one that ended: this one delivers it
                // from the point where what it printed meanwhile is read from tmux.
                stream.seed(pane, &journal, true).await?;
            } else {
                lock(&stream.panes).insert(pane.to_owned(), journal.clone());
                stream.seed(pane, &journal, false).await?;
            }
            // A pane moved here from another session: its option is reported by this client now.
            if let Some(option) = journal.watched_option() {
                stream.subscribe(pane, &option).await?;
            }
        }
        let now = stream.sync(&journal).await.map_err(|e| {
            if stream.alive.load(Ordering::Acquire) {
                Attempt::Failed(e)
            } else {
                Attempt::StreamEnded(e)
            }
        })?;
        Ok((journal, now))
    }

    /// Returns once the output the pane's stream had received before now is in its journal:
    /// for a pane that has just gone, its last output and reports.
    pub async fn drain(&self, pane: &str) {
        let found = lock(&self.0.streams.inner)
            .sessions
            .values()
            .find_map(|s| lock(&s.panes).get(pane).cloned().map(|j| (s.clone(), j)));
        if let Some((stream, journal)) = found {
            // A stream that ends instead has delivered everything before its end.
            let _ = stream.sync(&journal).await;
        }
    }

    /// How long since `pane` last printed text, when this client follows it (see
    /// [`Journal::idle`]); `None` when it does not.
    pub fn idle(&self, pane: &str) -> Option<Duration> {
        let journal = lock(&self.0.streams.inner).panes.get(pane)?.journal.clone();
        journal.idle()
    }

    /// Has tmux tell `pane`'s journal of each change of the pane option `option` (a user
    /// option, `@name`; [`Journal::option_reports`]): the stream of the pane's session
    /// subscribes to it (`refresh-client -B`, which tmux checks once a second, in every
    /// version). The pane must be followed.
    pub async fn watch_option(&self, pane: &str, option: &str) -> Result<(), TmuxError> {
        let found = lock(&self.0.streams.inner)
            .sessions
            .values()
            .find_map(|s| lock(&s.panes).get(pane).cloned().map(|j| (s.clone(), j)));
        let Some((stream, journal)) = found else {
            return Err(TmuxError::new(
                TmuxErrorKind::ObjectGone,
                format!("{pane} is not followed; list panes again"),
            ));
        };
        if journal.watch_option(option) {
            stream.subscribe(pane, option).await?;
        }
        Ok(())
    }

    /// Stops following a pane that has gone.
    pub fn unfollow(&self, pane: &str) {
        let mut inner = lock(&self.0.streams.inner);
        inner.panes.remove(pane);
        for stream in inner.sessions.values() {
            lock(&stream.panes).remove(pane);
        }
    }

    /// The live stream of `session`, started when there is none.
    async fn stream(&self, session: &str) -> Result<Arc<Stream>, TmuxError> {
        let live = |inner: &Inner| {
            inner
                .sessions
                .get(session)
                .filter(|s| s.alive.load(Ordering::Acquire))
                .cloned()
        };
        if let Some(stream) = live(&lock(&self.0.streams.inner)) {
            return Ok(stream);
        }
        let current = crate::outside::outside_session(&self.0.global).await;
        let stream = {
            let _turn = self.0.handshakes.lock().await;
            if let Some(stream) = live(&lock(&self.0.streams.inner)) {
                return Ok(stream);
            }
            let stream = start(self, session, HashMap::new()).await?;
            lock(&self.0.streams.inner)
                .sessions
                .insert(session.to_owned(), stream.clone());
            stream
        };
        self.keep_current(current.as_deref(), session).await;
        Ok(stream)
    }

    /// Attaching a client to `attached` made it the session most recently used, which a
    /// person's `tmux` commands run outside tmux act on: `current`, the one they acted on
    /// before, is made so again by moving this server's command client there. Only that
    /// client can: where it was lost and is not attached again
    /// ([`crate::Feature::UnreadyControlNotified`]), `attached` stays the most recent.
    async fn keep_current(&self, current: Option<&str>, attached: &str) {
        if let Some(current) = current.filter(|c| *c != attached)
            && let Ok(back) = switch_to(current)
        {
            let _ = self.run(back).await;
        }
    }

    /// How many of this server's own clients are attached to `session` (`$N`): tmux counts
    /// its output streams among its attached clients (not the command client, which is
    /// suspended: see the command client, `channel.rs`).
    pub fn own_clients(&self, session: &str) -> i64 {
        let streams = lock(&self.0.streams.inner)
            .sessions
            .values()
            .filter(|s| {
                s.session == session
                    && s.alive.load(Ordering::Acquire)
                    && !s.away.load(Ordering::Acquire)
            })
            .count();
        i64::try_from(streams).unwrap_or(i64::MAX)
    }
}

/// How one try of [`Tmux::follow`] failed.
enum Attempt {
    /// The stream it used ended before answering: another try uses its successor.
    StreamEnded(TmuxError),
    Failed(TmuxError),
}

impl From<TmuxError> for Attempt {
    fn from(e: TmuxError) -> Self {
        Attempt::Failed(e)
    }
}

/// Starts a size-ignoring control client on `session` (an id, `$N`) delivering to `panes`,
/// and waits for its attach to be answered. Boxed: the client's reader may start its
/// replacement, so the future holds itself.
fn start<'a>(
    tmux: &'a Tmux,
    session: &'a str,
    panes: HashMap<String, Arc<Journal>>,
) -> std::pin::Pin<Box<dyn Future<Output = Result<Arc<Stream>, TmuxError>> + Send + 'a>> {
    Box::pin(started(tmux, session, panes))
}

async fn started(
    tmux: &Tmux,
    session: &str,
    panes: HashMap<String, Arc<Journal>>,
) -> Result<Arc<Stream>, TmuxError> {
    let failed = |why: String| {
        TmuxError::new(
            TmuxErrorKind::ServerGone,
            format!("cannot start a tmux control client to follow output: {why}"),
        )
    };
    let mut child = crate::outside::process(&tmux.0.global)
        // -E: the session's environment is not updated from this process's (whose reduced
        // environment would remove SSH_AUTH_SOCK, DISPLAY and the rest of update-environment
        // from the panes a person opens next). Not read-only (-r): since tmux 3.7 a command
        // that finds a read-only client as its current one refuses to run.
        .args([
            "-C",
            "attach-session",
            "-E",
            "-f",
            "ignore-size",
            "-t",
            session,
        ])
        // Never killed before tmux answered its attach (see the command client, channel.rs);
        // once it answered, it is killed when its stream ends or drops.
        .kill_on_drop(false)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| failed(e.to_string()))?;
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err(failed("it has no pipes".into()));
    };
    let (attached, answered) = oneshot::channel();
    let stream = Arc::new(Stream {
        session: session.to_owned(),
        stdin: tokio::sync::Mutex::new(stdin),
        waiters: Mutex::new([Waiter::Attach(attached)].into()),
        panes: Mutex::new(panes),
        strangers: Mutex::default(),
        alive: AtomicBool::new(false),
        answered: AtomicBool::new(false),
        away: AtomicBool::new(false),
        child: Mutex::new(child),
    });
    tokio::spawn(read(Reader::new(stdout), stream.clone(), tmux.downgrade()));
    let answer = tokio::time::timeout(COMMAND_DEADLINE, answered).await;
    // One that tmux has not answered within the deadline is stuck: it goes too.
    if !matches!(answer, Ok(Ok(true))) {
        let _ = lock(&stream.child).start_kill();
    }
    match answer {
        Ok(Ok(true)) if stream.alive.load(Ordering::Acquire) => {
            // A client that takes over the journals of one tmux detached takes over their
            // subscriptions too.
            let watched: Vec<(String, String)> = lock(&stream.panes)
                .iter()
                .filter_map(|(pane, j)| Some((pane.clone(), j.watched_option()?)))
                .collect();
            for (pane, option) in watched {
                stream.subscribe(&pane, &option).await?;
            }
            Ok(stream)
        }
        Ok(_) => Err(TmuxError::new(
            TmuxErrorKind::ObjectGone,
            format!("session {session} went away; list panes again to get current ids"),
        )),
        Err(_) => Err(failed(format!(
            "tmux did not answer within {} ms",
            COMMAND_DEADLINE.as_millis()
        ))),
    }
}

impl Tmux {
    /// The session (`$N`) whose live stream delivers `pane` of `server` (a pid).
    fn delivering(&self, pane: &str, server: &str) -> Option<String> {
        let inner = lock(&self.0.streams.inner);
        let followed = inner.panes.get(pane).filter(|f| f.server == server)?;
        inner
            .sessions
            .get(&followed.session)
            .filter(|s| s.alive.load(Ordering::Acquire) && lock(&s.panes).contains_key(pane))?;
        Some(followed.session.clone())
    }

    /// Whether `session` holds window `window` (`@N`).
    async fn holds(&self, session: &str, window: &str) -> bool {
        let Ok(list) = Command::new(Verb::ListWindows).target(session) else {
            return false;
        };
        self.run(list.flag("-F").flag("#{window_id}"))
            .await
            .is_ok_and(|out| out.lines().any(|w| w.trim() == window))
    }

    /// Whether `pane` is followed by the stream of `session` (`$N`). One that is not may have
    /// gone to another session (`swap-pane -d`, say, of which tmux 3.2a tells nobody):
    /// [`Tmux::relocate`] looks.
    pub fn followed_in(&self, pane: &str, session: &str) -> bool {
        lock(&self.0.streams.inner)
            .panes
            .get(pane)
            .is_some_and(|f| f.session == session)
    }

    /// Looks at where the followed panes are ([`Tmux::relocate`]) once tmux has said what it
    /// is saying: one look at a time, and one more if tmux said more meanwhile.
    fn relocate_soon(&self) {
        {
            let mut inner = lock(&self.0.streams.inner);
            if inner.relocating {
                inner.relocate_again = true;
                return;
            }
            inner.relocating = true;
        }
        let tmux = self.clone();
        tokio::spawn(async move {
            loop {
                tmux.relocate().await;
                let mut inner = lock(&tmux.0.streams.inner);
                if !std::mem::take(&mut inner.relocate_again) {
                    inner.relocating = false;
                    break;
                }
            }
        });
    }

    /// Follows each followed pane whose window went to another session in that session's
    /// stream, which catches up with what it printed meanwhile, so that no output is lost
    /// while nobody waits; and forgets each pane that is gone (with its session, or its
    /// server), its journal ended and freed once no wait holds it.
    pub async fn relocate(&self) {
        // Only panes followed before tmux is asked can be missing from its answer for having
        // gone.
        let asked: HashMap<String, Arc<Journal>> = lock(&self.0.streams.inner)
            .panes
            .iter()
            .map(|(pane, f)| (pane.clone(), f.journal.clone()))
            .collect();
        let listed = self
            .run(
                Command::new(Verb::ListPanes)
                    .flag("-a")
                    .flag("-F")
                    .flag("#{pid} #{pane_id} #{session_id}"),
            )
            .await;
        let places = match listed {
            Ok(out) => out,
            // Every pane went with the server, if none answers.
            Err(e)
                if e.kind == TmuxErrorKind::ServerGone
                    && crate::outside::outside_server(&self.0.global)
                        .await
                        .is_none() =>
            {
                String::new()
            }
            Err(_) => return,
        };
        // Each pane once per session holding its window.
        let places: Vec<(&str, &str, &str)> = places
            .lines()
            .filter_map(|l| {
                let mut f = l.split(' ');
                Some((f.next()?, f.next()?, f.next()?))
            })
            .collect();
        let moved: Vec<String> = {
            let mut inner = lock(&self.0.streams.inner);
            let mut moved = Vec::new();
            let mut gone = Vec::new();
            for (pane, f) in &inner.panes {
                if !asked.get(pane).is_some_and(|j| Arc::ptr_eq(j, &f.journal)) {
                    continue;
                }
                let mut sessions = places
                    .iter()
                    .filter(|(server, p, _)| p == pane && *server == f.server)
                    .map(|(_, _, session)| *session)
                    .peekable();
                if sessions.peek().is_none() {
                    gone.push(pane.clone());
                } else if !sessions.any(|s| s == f.session) {
                    moved.push(pane.clone());
                }
            }
            for pane in gone {
                if let Some(f) = inner.panes.remove(&pane) {
                    f.journal.end();
                }
                for stream in inner.sessions.values() {
                    lock(&stream.panes).remove(&pane);
                }
            }
            inner
                .sessions
                .retain(|_, s| s.alive.load(Ordering::Acquire));
            moved
        };
        for pane in moved {
            let _ = self.follow(&pane).await;
        }
    }
}

/// `switch-client` of the client that runs it to `session`, the session's environment left
/// alone (-E), as at attach.
fn switch_to(session: &str) -> Result<Command, TmuxError> {
    Command::new(Verb::SwitchClient).flag("-E").target(session)
}

/// Brings a client someone else's command moved back to its session, and leaves the session
/// that command made the most recently used one so (going back makes its own that).
async fn put_back(tmux: Tmux, stream: Arc<Stream>) {
    let current = crate::outside::outside_session(&tmux.0.global).await;
    let Ok(back) = switch_to(&stream.session) else {
        return;
    };
    let (done, went) = oneshot::channel();
    let line = command_line(&back, Features::default());
    stream.write(&line, Waiter::PutBack(done)).await;
    if went.await == Ok(true) {
        tmux.keep_current(current.as_deref(), &stream.session).await;
    }
}

impl Tmux {
    /// Starts a new client on `session` for the journals of a client tmux detached; whether
    /// it did. tmux says `%exit` alike when a person detaches the client and when its session
    /// is destroyed, so only a session that still exists gets one: the session, or the whole
    /// server, has often gone with the old client, and an attach to it fails (each attach is
    /// a crash window on tmux before 3.7: [`crate::Feature::UnreadyControlNotified`]). A
    /// client detached again soon after its replacement waits longer each time.
    async fn replace(&self, session: &str, panes: &HashMap<String, Arc<Journal>>) -> bool {
        let wait = {
            let mut inner = lock(&self.0.streams.inner);
            let wait = match inner.replaced.get(session) {
                Some((at, wait)) if at.elapsed() < BACKOFF_RESET => {
                    (*wait * 2).clamp(BACKOFF_FIRST, BACKOFF_MOST)
                }
                _ => Duration::ZERO,
            };
            inner
                .replaced
                .insert(session.to_owned(), (Instant::now() + wait, wait));
            wait
        };
        tokio::time::sleep(wait).await;
        // Only while a server answers, too: `attach-session` would start one (with the
        // person's configuration).
        if !crate::outside::has_session(&self.0.global, session).await {
            lock(&self.0.streams.inner).replaced.remove(session);
            return false;
        }
        let Some(current) = crate::outside::outside_session(&self.0.global).await else {
            return false;
        };
        let started = {
            let _turn = self.0.handshakes.lock().await;
            // A call that followed a pane of the session meanwhile started a client of its own:
            // that one delivers these panes too, and no other attaches.
            let live = lock(&self.0.streams.inner)
                .sessions
                .get(session)
                .filter(|s| s.alive.load(Ordering::Acquire))
                .cloned();
            if let Some(stream) = live {
                for (pane, journal) in panes {
                    let fresh = lock(&stream.panes)
                        .insert(pane.clone(), journal.clone())
                        .is_none();
                    if fresh && let Some(option) = journal.watched_option() {
                        let _ = stream.subscribe(pane, &option).await;
                    }
                }
                return true;
            }
            match start(self, session, panes.clone()).await {
                Ok(stream) => {
                    lock(&self.0.streams.inner)
                        .sessions
                        .insert(session.to_owned(), stream);
                    true
                }
                Err(_) => false,
            }
        };
        if started {
            self.keep_current(Some(&current), session).await;
        }
        started
    }
}

/// A stream's reader holds its [`Tmux`] weakly: the streams end with the last handle.
impl Upstream for WeakTmux {
    fn follows(&self, pane: &str) -> bool {
        self.upgrade()
            .is_some_and(|tmux| tmux.0.streams.follows(pane))
    }

    fn followed_here(&self, pane: &str, session: &str, journal: &Arc<Journal>) -> bool {
        self.upgrade().is_some_and(|tmux| {
            lock(&tmux.0.streams.inner)
                .panes
                .get(pane)
                .is_some_and(|f| f.session == session && Arc::ptr_eq(&f.journal, journal))
        })
    }

    fn structure_changed(&self) {
        if let Some(tmux) = self.upgrade() {
            tmux.relocate_soon();
        }
    }

    fn moved_away(&self, stream: Arc<Stream>) {
        if let Some(tmux) = self.upgrade() {
            tokio::spawn(put_back(tmux, stream));
        }
    }

    async fn detached(&self, session: &str, panes: &HashMap<String, Arc<Journal>>) -> bool {
        match self.upgrade() {
            Some(tmux) => tmux.replace(session, panes).await,
            None => false,
        }
    }
}
