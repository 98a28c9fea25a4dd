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

impl Streams {
    /// Whether `pane` is followed.
    pub(crate) fn follows(&self, pane: &str) -> bool {
        lock(&self.inner).panes.contains_key(pane)
    }
}

#[derive(Default)]
struct Inner {
    /// Live streams by session id.
    sessions: HashMap<String, Arc<Stream>>,
    /// Followed panes: the journal, the tmux server (its pid) the pane id belongs to (a
    /// restarted server counts pane ids from `%0` again) and the session (`$N`) whose stream
    /// was last asked to deliver it.
    panes: HashMap<String, Followed>,
    /// Sessions whose client tmux detached: when the last replacement was due, and how long
    /// it waited.
    replaced: HashMap<String, (Instant, Duration)>,
    /// A look at where the followed panes are is under way ([`Tmux::relocate_soon`]), and
    /// whether tmux said something changed again since it began.
    relocating: bool,
    relocate_again: bool,
}

struct Followed {
    journal: Arc<Journal>,
    server: String,
    session: String,
}

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
    /// answers, at this point of the output. With a pane, the seed caught the journal up
    /// with what tmux holds of it, and the stream delivers the pane's output from here on.
    Seed(Arc<Journal>, Arc<Mutex<Vec<String>>>, Option<String>),
}

/// One session's control client.
struct Stream {
    session: String,
    stdin: tokio::sync::Mutex<ChildStdin>,
    waiters: Mutex<VecDeque<Waiter>>,
    /// The panes whose output this stream delivers.
    panes: Mutex<HashMap<String, Arc<Journal>>>,
    /// Panes followed by another stream whose output came here since tmux last said windows
    /// changed: their window came to this session, and where they are was looked at.
    strangers: Mutex<std::collections::HashSet<String>>,
    /// From tmux's answer to the attach until the client goes.
    alive: AtomicBool,
    /// tmux answered the attach: killing the client is safe from then on.
    answered: AtomicBool,
    /// Someone else's command moved the client to another session; it is on its way back.
    away: AtomicBool,
    child: Mutex<Child>,
}

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
                crate::Command::new(Verb::HasSession).target(pane)?.then(
                    crate::Command::new(Verb::DisplayMessage)
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
        let elsewhere: Vec<(Arc<Stream>, Arc<Journal>)> = lock(&self.streams.inner)
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
            let mut inner = lock(&self.streams.inner);
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
        let journal = lock(&self.streams.inner).panes.get(pane)?.journal.clone();
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

/// Closing its stdin alone can leave an answered client for ever before tmux 3.8 (see the
/// command client's `Link`, channel.rs): it is killed.
impl Drop for Stream {
    fn drop(&mut self) {
        if *self.answered.get_mut() {
            let _ = lock(&self.child).start_kill();
        }
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
    /// With `catch_up`, it also has tmux say the pane's lines (history and screen, wrapped
    /// lines joined) to add what the journal missed, and the stream delivers the pane's output
    /// from the answer on.
    async fn seed(
        &self,
        pane: &str,
        journal: &Arc<Journal>,
        catch_up: bool,
    ) -> Result<(), TmuxError> {
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
        if catch_up {
            // A client that delivered the pane before holds its offset into the pane's output
            // from then; `continue` starts it again at what tmux has parsed (only from a pause,
            // control.c `control_continue_pane`): what came since is what the seed reads from
            // tmux. Not `off` and `on`, which keep the blocks queued before (3.5a's server
            // died within a second of them on a pane printing).
            self.pane_output(pane, "pause").await;
            self.pane_output(pane, "continue").await;
        }
        let mut commands = vec![ask, shown, main];
        if catch_up {
            commands.push(
                crate::Command::new(Verb::CapturePane)
                    .flag("-p")
                    .flag("-J")
                    .flag("-S")
                    .arg(format!("-{}", super::journal::MAX_LINES))?
                    .target(pane)?,
            );
        }
        // One line: tmux parses it into commands it runs back to back, each answered in a
        // block of its own (measured on 3.2a, 3.5a and next-3.8), with no pane output read in
        // between.
        let line: Vec<String> = commands
            .iter()
            .map(|c| {
                super::command_line(c, Features::default())
                    .trim_end()
                    .to_owned()
            })
            .collect();
        let parts = Arc::new(Mutex::new(Vec::new()));
        let mut waiters: Vec<Waiter> = (1..commands.len())
            .map(|_| Waiter::Part(parts.clone()))
            .collect();
        waiters.push(Waiter::Seed(
            journal.clone(),
            parts,
            catch_up.then(|| pane.to_owned()),
        ));
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

    /// `refresh-client -A PANE:what` (`pause`, `continue`) for this client (3.2a and newer).
    async fn pane_output(&self, pane: &str, what: &str) {
        if let Ok(command) = crate::Command::new(Verb::RefreshClient)
            .flag("-A")
            .arg(format!("{pane}:{what}"))
        {
            let line = super::command_line(&command, Features::default());
            self.write(&line, Waiter::Ignored).await;
        }
    }

    /// Writes a command line whose answer `waiter` takes.
    async fn write(&self, line: &str, waiter: Waiter) {
        self.write_each(line, [waiter]).await;
    }

    /// Writes a line of several commands, whose answers `waiters` take in turn.
    async fn write_each(&self, line: &str, waiters: impl IntoIterator<Item = Waiter>) {
        let mut stdin = self.stdin.lock().await;
        {
            let mut queued = lock(&self.waiters);
            // Its reader has ended (it says so before it lets the waiters it had go): nobody
            // would answer these, and a pane waiting to be taken over is delivered by none.
            if !self.alive.load(Ordering::Acquire) {
                let_go(waiters);
                return;
            }
            queued.extend(waiters);
        }
        if stdin.write_all(line.as_bytes()).await.is_err() {
            self.alive.store(false, Ordering::Release);
        }
    }

    /// tmux said windows or panes changed: where the followed panes are is looked at again.
    fn structure_changed(&self, tmux: &WeakTmux) {
        lock(&self.strangers).clear();
        if let Some(tmux) = tmux.upgrade() {
            tmux.relocate_soon();
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
    let mut attached = false;
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
                        stream.answered.store(true, Ordering::Release);
                        stream.alive.store(ok, Ordering::Release);
                        attached = ok;
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
                        while let Some(Waiter::Part(p) | Waiter::Seed(_, p, _)) = waiters.front()
                            && Arc::ptr_eq(p, &parts)
                        {
                            if let Some(Waiter::Seed(journal, _, Some(pane))) = waiters.pop_front()
                            {
                                deliver(&tmux, &stream, pane, journal);
                            }
                        }
                    }
                    Some(Waiter::Seed(journal, parts, delivers)) => {
                        let mut parts = std::mem::take(&mut *lock(&parts));
                        parts.push(body);
                        if ok
                            && let [fields, shown, main, rest @ ..] = &parts[..]
                            && let Some(seed) = Seed::read(fields, shown, main)
                        {
                            if let [history] = rest {
                                journal.catch_up(history, &seed);
                            }
                            journal.seed(&seed);
                        }
                        if let Some(pane) = delivers {
                            deliver(&tmux, &stream, pane, journal);
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
                                let _ = stream.seed(&pane, &journal, false).await;
                            });
                        }
                    } else if tmux.follows(pane)
                        && lock(&stream.strangers).insert(pane.to_owned())
                        && let Some(tmux) = tmux.upgrade()
                    {
                        // A followed pane's window came to this session (tmux 3.2a says nothing
                        // of a pane swapped in with `swap-pane -d`).
                        tmux.relocate_soon();
                    }
                }
                Notice::Subscription { pane, .. } => {
                    let journal = lock(&stream.panes).get(pane).cloned();
                    if let Some(journal) = journal {
                        journal.option_reported();
                    }
                }
                Notice::Changed => {
                    stream.poke_all();
                    stream.structure_changed(&tmux);
                }
                // A pane whose size changed shows what tmux made of its rows: ask again.
                Notice::Layout => {
                    stream.poke_all();
                    stream.structure_changed(&tmux);
                    let panes: Vec<(String, Arc<Journal>)> = lock(&stream.panes)
                        .iter()
                        .map(|(p, j)| (p.clone(), j.clone()))
                        .collect();
                    let stream = stream.clone();
                    tokio::spawn(async move {
                        for (pane, journal) in panes {
                            let _ = stream.seed(&pane, &journal, false).await;
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
    let waiters: Vec<Waiter> = lock(&stream.waiters).drain(..).collect();
    let_go(waiters);
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
    // Its session, or its whole server, may have gone with it: their panes are forgotten.
    // Not after an attach that failed, which would make another.
    if attached && let Some(tmux) = tmux.upgrade() {
        tmux.relocate_soon();
    }
}

/// Lets go of waiters no answer will come to (their stream ended). A pane waiting for that
/// stream to take it over is delivered by none: its journal ends, and its waits look again for
/// where it is.
fn let_go(waiters: impl IntoIterator<Item = Waiter>) {
    for waiter in waiters {
        if let Waiter::Seed(journal, _, Some(_)) = waiter {
            journal.end();
        }
    }
}

/// Has `stream` deliver `pane` from here on, if it is still where `pane`'s journal is followed:
/// it may have moved again, or gone, before this stream's seed was answered.
fn deliver(tmux: &WeakTmux, stream: &Stream, pane: String, journal: Arc<Journal>) {
    let here = tmux.upgrade().is_some_and(|tmux| {
        lock(&tmux.streams.inner)
            .panes
            .get(&pane)
            .is_some_and(|f| f.session == stream.session && Arc::ptr_eq(&f.journal, &journal))
    });
    if here {
        lock(&stream.panes).insert(pane, journal);
    }
}

impl Tmux {
    /// The session (`$N`) whose live stream delivers `pane` of `server` (a pid).
    fn delivering(&self, pane: &str, server: &str) -> Option<String> {
        let inner = lock(&self.streams.inner);
        let followed = inner.panes.get(pane).filter(|f| f.server == server)?;
        inner
            .sessions
            .get(&followed.session)
            .filter(|s| s.alive.load(Ordering::Acquire) && lock(&s.panes).contains_key(pane))?;
        Some(followed.session.clone())
    }

    /// Whether `session` holds window `window` (`@N`).
    async fn holds(&self, session: &str, window: &str) -> bool {
        let Ok(list) = crate::Command::new(Verb::ListWindows).target(session) else {
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
        lock(&self.streams.inner)
            .panes
            .get(pane)
            .is_some_and(|f| f.session == session)
    }

    /// Looks at where the followed panes are ([`Tmux::relocate`]) once tmux has said what it
    /// is saying: one look at a time, and one more if tmux said more meanwhile.
    fn relocate_soon(&self) {
        {
            let mut inner = lock(&self.streams.inner);
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
                let mut inner = lock(&tmux.streams.inner);
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
        let asked: HashMap<String, Arc<Journal>> = lock(&self.streams.inner)
            .panes
            .iter()
            .map(|(pane, f)| (pane.clone(), f.journal.clone()))
            .collect();
        let listed = self
            .run(
                crate::Command::new(Verb::ListPanes)
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
                    && crate::outside::outside_server(&self.global).await.is_none() =>
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
            let mut inner = lock(&self.streams.inner);
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
