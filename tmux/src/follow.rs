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

use std::collections::{HashMap, VecDeque};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin};
use tokio::sync::oneshot;

use super::control::{Item, Notice, Reader, parse, unescape};
use super::journal::{Journal, Position};
use super::screen::Seed;
use super::{COMMAND_DEADLINE, Tmux, TmuxError, TmuxErrorKind, Verb, lock};
use crate::client::WeakTmux;
use crate::version::Features;

/// The followed panes and the streams that feed them.
#[derive(Default)]
pub struct Streams {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Default)]
struct Inner {
    /// Live streams by session id.
    sessions: HashMap<String, Arc<Stream>>,
    /// Followed panes: the journal, and the tmux server (its pid) the pane id belongs to; a
    /// restarted server counts pane ids from `%0` again.
    panes: HashMap<String, (Arc<Journal>, String)>,
    /// Sessions whose client tmux detached: when the last replacement was due, and how long
    /// it waited.
    replaced: HashMap<String, (Instant, Duration)>,
}

/// The wait before replacing a client detached again within [`BACKOFF_RESET`] of its last
/// replacement, doubled each time up to [`BACKOFF_MOST`]: something that detaches this
/// server's clients as they come (a hook, a script) costs a handshake at most every so often.
const BACKOFF_FIRST: Duration = Duration::from_secs(1);
const BACKOFF_MOST: Duration = Duration::from_secs(30);
const BACKOFF_RESET: Duration = Duration::from_secs(60);

/// What an answer on a stream is for, in the order the commands were written.
enum Waiter {
    /// The attach: whether tmux attached the client (it answers `%error` for a session that
    /// is gone, then exits).
    Attach(oneshot::Sender<bool>),
    /// A sync: the position of the journal when it came.
    Sync(oneshot::Sender<Position>, Arc<Journal>),
    /// The `switch-client` that brings a moved client back to its session: whether it did.
    PutBack(oneshot::Sender<bool>),
    /// A command whose answer says nothing this server needs (a subscription).
    Ignored,
    /// One answer of a screen's seed, kept for the last.
    Part(Arc<Mutex<Vec<String>>>),
    /// The last answer of a screen's seed: the journal's screen model starts again from the
    /// answers, at this point of the output.
    Seed(Arc<Journal>, Arc<Mutex<Vec<String>>>),
}

/// One session's control client.
struct Stream {
    session: String,
    stdin: tokio::sync::Mutex<ChildStdin>,
    waiters: Mutex<VecDeque<Waiter>>,
    /// The panes whose output this stream delivers.
    panes: Mutex<HashMap<String, Arc<Journal>>>,
    /// From tmux's answer to the attach until the client goes.
    alive: AtomicBool,
    /// Someone else's command moved the client to another session; it is on its way back.
    away: AtomicBool,
    child: Mutex<Child>,
}

impl Tmux {
    /// Follows `pane` (from now on, when it is not followed yet) and returns its journal, holding
    /// all the output tmux printed for it before this call, and the position where that output
    /// ends: what tmux prints from then on comes after it.
    pub async fn follow(&self, pane: &str) -> Result<(Arc<Journal>, Position), TmuxError> {
        // display-message alone answers for a pane that does not exist, with empty fields.
        let out = self
            .run(
                crate::Command::new(Verb::HasSession).target(pane)?.then(
                    crate::Command::new(Verb::DisplayMessage)
                        .flag("-p")
                        .target(pane)?
                        .flag("#{session_id} #{pid}"),
                ),
            )
            .await?;
        let (session, server) = out.trim().split_once(' ').ok_or_else(|| {
            TmuxError::new(
                TmuxErrorKind::Refused,
                format!("display-message: unexpected answer {out:?}"),
            )
        })?;
        let stream = self.stream(session).await?;
        let journal = {
            let mut inner = lock(&self.streams.inner);
            let journal = match inner.panes.get(pane) {
                Some((journal, of)) if of == server => journal.clone(),
                _ => Arc::new(Journal::default()),
            };
            inner
                .panes
                .insert(pane.to_owned(), (journal.clone(), server.to_owned()));
            // A pane moved between sessions is delivered by its new session's stream only.
            for other in inner.sessions.values() {
                if other.session != stream.session {
                    lock(&other.panes).remove(pane);
                }
            }
            journal
        };
        let fresh = lock(&stream.panes)
            .insert(pane.to_owned(), journal.clone())
            .is_none();
        if fresh {
            journal.restart();
            stream.seed(pane, &journal).await?;
            // A pane moved here from another session: its option is reported by this client now.
            if let Some(option) = journal.watched_option() {
                stream.subscribe(pane, &option).await?;
            }
        }
        let now = stream.sync(&journal).await?;
        Ok((journal, now))
    }

    /// Returns once the output the pane's stream had received before now is in its journal:
    /// for a pane that has just gone, its last output and reports.
    pub async fn drain(&self, pane: &str) {
        let found = lock(&self.streams.inner)
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
        let journal = lock(&self.streams.inner).panes.get(pane)?.0.clone();
        journal.idle()
    }

    /// Has tmux tell `pane`'s journal of each change of the pane option `option` (a user
    /// option, `@name`; [`Journal::option_reports`]): the stream of the pane's session
    /// subscribes to it (`refresh-client -B`, which tmux checks once a second, in every
    /// version). The pane must be followed.
    pub async fn watch_option(&self, pane: &str, option: &str) -> Result<(), TmuxError> {
        let found = lock(&self.streams.inner)
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
        let mut inner = lock(&self.streams.inner);
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
        if let Some(stream) = live(&lock(&self.streams.inner)) {
            return Ok(stream);
        }
        let current = crate::outside::outside_session(&self.global).await;
        let stream = {
            let _turn = self.handshakes.lock().await;
            if let Some(stream) = live(&lock(&self.streams.inner)) {
                return Ok(stream);
            }
            let stream = start(self, session, HashMap::new()).await?;
            lock(&self.streams.inner)
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
        let streams = lock(&self.streams.inner)
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
    let mut child = crate::outside::process(&tmux.global)
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
        // once it answered, or with its stdin closed, it goes by itself.
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
        alive: AtomicBool::new(false),
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

impl Stream {
    /// Returns once everything tmux wrote to this client before now has been read, with
    /// `journal`'s position at that point: tmux
    /// answers a client's commands in line with the output it queued for it (control.c keeps
    /// one ordered list of blocks per client).
    async fn sync(&self, journal: &Arc<Journal>) -> Result<Position, TmuxError> {
        // Any answer would do; list-clients prints nothing here and changes nothing.
        let line = super::command_line(
            &crate::Command::new(Verb::ListClients)
                .flag("-F")
                .flag("")
                .target(&self.session)?,
            Features::default(),
        );
        let (tx, rx) = oneshot::channel();
        self.write(&line, Waiter::Sync(tx, journal.clone())).await;
        match tokio::time::timeout(COMMAND_DEADLINE, rx).await {
            Ok(Ok(at)) => Ok(at),
            Ok(_) => Err(TmuxError::new(
                TmuxErrorKind::ObjectGone,
                format!(
                    "session {} went away while following its output; list panes again",
                    self.session
                ),
            )),
            Err(_) => Err(TmuxError::new(
                TmuxErrorKind::Timeout,
                format!(
                    "the output stream of session {} did not answer within {} ms",
                    self.session,
                    COMMAND_DEADLINE.as_millis()
                ),
            )),
        }
    }

    /// Has tmux say what `pane` shows, on this stream, so that `journal`'s screen model starts
    /// from it exactly where its answer stands in the output (tmux runs a line's commands
    /// together, between two reads of any pane's output). The answer comes before that of any
    /// command written after.
    async fn seed(&self, pane: &str, journal: &Arc<Journal>) -> Result<(), TmuxError> {
        let fields: Vec<String> = Seed::FIELDS.iter().map(|f| format!("#{{{f}}}")).collect();
        let ask = crate::Command::new(Verb::DisplayMessage)
            .flag("-p")
            .target(pane)?
            .arg(fields.join(" "))?;
        let shown = crate::Command::new(Verb::CapturePane)
            .flag("-p")
            .flag("-e")
            .target(pane)?;
        // The main screen beneath the alternate one; nothing (-q) when that is not shown.
        let main = crate::Command::new(Verb::CapturePane)
            .flag("-p")
            .flag("-e")
            .flag("-a")
            .flag("-q")
            .target(pane)?;
        // One line: tmux parses it into three commands it runs back to back, each answered
        // in a block of its own (measured on 3.2a, 3.5a and next-3.8), with no pane output
        // read in between.
        let line: Vec<String> = [ask, shown, main]
            .iter()
            .map(|c| {
                super::command_line(c, Features::default())
                    .trim_end()
                    .to_owned()
            })
            .collect();
        let parts = Arc::new(Mutex::new(Vec::new()));
        let waiters = [
            Waiter::Part(parts.clone()),
            Waiter::Part(parts.clone()),
            Waiter::Seed(journal.clone(), parts),
        ];
        self.write_each(&format!("{}\n", line.join(" ; ")), waiters)
            .await;
        Ok(())
    }

    /// Subscribes this client to `pane`'s option `option`; tmux reports its value at the next
    /// check and then each change.
    async fn subscribe(&self, pane: &str, option: &str) -> Result<(), TmuxError> {
        let id = pane.trim_start_matches('%');
        let line = super::command_line(
            &crate::Command::new(Verb::RefreshClient)
                .flag("-B")
                .arg(format!("tmux-mcp-{id}:{pane}:#{{{option}}}"))?,
            Features::default(),
        );
        self.write(&line, Waiter::Ignored).await;
        Ok(())
    }

    /// Writes a command line whose answer `waiter` takes.
    async fn write(&self, line: &str, waiter: Waiter) {
        self.write_each(line, [waiter]).await;
    }

    /// Writes a line of several commands, whose answers `waiters` take in turn.
    async fn write_each(&self, line: &str, waiters: impl IntoIterator<Item = Waiter>) {
        let mut stdin = self.stdin.lock().await;
        lock(&self.waiters).extend(waiters);
        if stdin.write_all(line.as_bytes()).await.is_err() {
            self.alive.store(false, Ordering::Release);
        }
    }

    fn poke_all(&self) {
        for journal in lock(&self.panes).values() {
            journal.structure_changed();
        }
    }
}

/// Delivers a stream's output to its panes' journals until the client goes. A client that
/// someone else's `switch-client` moved is put back (its output from elsewhere dropped
/// meanwhile); one that tmux detached (`detach-client`, say) is replaced by a new client on
/// the same session, which takes over the journals.
async fn read(mut reader: Reader, stream: Arc<Stream>, tmux: WeakTmux) {
    let mut detached = false;
    while let Some(item) = reader.next().await {
        match item {
            Item::Answer {
                ours: true,
                ok,
                body,
            } => {
                let waiter = lock(&stream.waiters).pop_front();
                match waiter {
                    Some(Waiter::Attach(reply)) => {
                        stream.alive.store(ok, Ordering::Release);
                        // Not attached (tmux says why, `can't find session`, and exits), or
                        // nobody waits for it any more (the call that started it was
                        // cancelled): the client goes, now that tmux has read its handshake.
                        if reply.send(ok).is_err() || !ok {
                            break;
                        }
                    }
                    Some(Waiter::Sync(reply, journal)) => {
                        let _ = reply.send(journal.position());
                    }
                    Some(Waiter::Ignored) => {}
                    Some(Waiter::Part(parts)) if ok => lock(&parts).push(body),
                    // tmux drops the rest of a line's commands after one fails (cmdq_remove_group,
                    // 3.2a to 3.7c): their answers never come, so neither may their waiters wait.
                    Some(Waiter::Part(parts)) => {
                        let mut waiters = lock(&stream.waiters);
                        while let Some(Waiter::Part(p) | Waiter::Seed(_, p)) = waiters.front()
                            && Arc::ptr_eq(p, &parts)
                        {
                            waiters.pop_front();
                        }
                    }
                    Some(Waiter::Seed(journal, parts)) => {
                        let parts = std::mem::take(&mut *lock(&parts));
                        if ok
                            && let [fields, shown] = &parts[..]
                            && let Some(seed) = Seed::read(fields, shown, &body)
                        {
                            journal.seed(&seed);
                        }
                    }
                    Some(Waiter::PutBack(done)) => {
                        let _ = done.send(ok);
                        // Its session has gone meanwhile: nothing to go back to.
                        if !ok {
                            break;
                        }
                    }
                    None => {}
                }
            }
            Item::Notice(text) => match parse(&text) {
                // Other panes of the session print too; only followed ones are decoded.
                Notice::Output { pane, escaped } if !stream.away.load(Ordering::Acquire) => {
                    let journal = lock(&stream.panes).get(pane).cloned();
                    if let Some(journal) = journal {
                        journal.push(&unescape(escaped));
                        // Its program switched screens: ask tmux what it shows now.
                        if journal.wants_seed() {
                            let (stream, pane) = (stream.clone(), pane.to_owned());
                            tokio::spawn(async move {
                                let _ = stream.seed(&pane, &journal).await;
                            });
                        }
                    }
                }
                Notice::Subscription { pane, .. } => {
                    let journal = lock(&stream.panes).get(pane).cloned();
                    if let Some(journal) = journal {
                        journal.option_reported();
                    }
                }
                Notice::Changed => stream.poke_all(),
                // A pane whose size changed shows what tmux made of its rows: ask again.
                Notice::Layout => {
                    stream.poke_all();
                    let panes: Vec<(String, Arc<Journal>)> = lock(&stream.panes)
                        .iter()
                        .map(|(p, j)| (p.clone(), j.clone()))
                        .collect();
                    let stream = stream.clone();
                    tokio::spawn(async move {
                        for (pane, journal) in panes {
                            let _ = stream.seed(&pane, &journal).await;
                        }
                    });
                }
                Notice::SessionChanged(id) if id == stream.session => {
                    stream.away.store(false, Ordering::Release);
                }
                Notice::SessionChanged(_) => {
                    stream.away.store(true, Ordering::Release);
                    if let Some(tmux) = tmux.upgrade() {
                        tokio::spawn(put_back(tmux, stream.clone()));
                    }
                }
                // Only a client that was attached can have been detached: one whose attach
                // failed is never replaced.
                Notice::Exit => {
                    detached = stream.alive.load(Ordering::Acquire);
                    break;
                }
                _ => {}
            },
            _ => {}
        }
    }
    stream.alive.store(false, Ordering::Release);
    let _ = lock(&stream.child).start_kill();
    lock(&stream.waiters).clear();
    let panes: HashMap<String, Arc<Journal>> = lock(&stream.panes).drain().collect();
    if detached
        && let Some(tmux) = tmux.upgrade()
        && tmux.replace(&stream.session, &panes).await
    {
        return;
    }
    for journal in panes.values() {
        journal.end();
    }
}

/// `switch-client` of the client that runs it to `session`, the session's environment left
/// alone (-E), as at attach.
fn switch_to(session: &str) -> Result<crate::Command, TmuxError> {
    crate::Command::new(Verb::SwitchClient)
        .flag("-E")
        .target(session)
}

/// Brings a client someone else's command moved back to its session, and leaves the session
/// that command made the most recently used one so (going back makes its own that).
async fn put_back(tmux: Tmux, stream: Arc<Stream>) {
    let current = crate::outside::outside_session(&tmux.global).await;
    let Ok(back) = switch_to(&stream.session) else {
        return;
    };
    let (done, went) = oneshot::channel();
    let line = super::command_line(&back, Features::default());
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
            let mut inner = lock(&self.streams.inner);
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
        if !crate::outside::has_session(&self.global, session).await {
            lock(&self.streams.inner).replaced.remove(session);
            return false;
        }
        let Some(current) = crate::outside::outside_session(&self.global).await else {
            return false;
        };
        let started = {
            let _turn = self.handshakes.lock().await;
            // A call that followed a pane of the session meanwhile started a client of its own:
            // that one delivers these panes too, and no other attaches.
            let live = lock(&self.streams.inner)
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
                    lock(&self.streams.inner)
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
