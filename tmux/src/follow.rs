//! Following pane output: one read-only control client per tmux session, shared by every pane
//! of that session this server follows, feeding each pane's [`Journal`].
//!
//! Why a session target and never a pane target (tmux 3.3a, cmd-attach-session.c): attaching
//! with a pane (`-t %3`) calls `window_set_active_pane` and `session_set_current` for it, so
//! the pane becomes the active one and a `window-pane-changed` notification goes out. That
//! notification (control-notify.c, `control_notify_window_pane_changed`) is written to every
//! client flagged as a control client, with no check that the client has finished starting;
//! a control client whose identify messages are still being read has no control state yet,
//! and `control_write` dereferences it: the server segfaults. Two waits attaching at once was
//! enough. With a session id (`-t $1`) tmux resolves the session's current window and its
//! active pane, so both calls find nothing to change and return before notifying; no focus
//! moves and no such notification is sent by anything this server does. The same unchecked
//! write serves `client-detached`, `session-closed` and a few others, so this server also
//! starts its control clients one at a time ([`Handshakes`]) and keeps them for the life of
//! their session instead of one per wait: a handful of handshakes in a server's life instead
//! of one per wait.

use std::collections::HashMap;
use std::ffi::OsString;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::oneshot;

use super::control::{Item, Notice, Reader, parse, unescape};
use super::journal::{Journal, Position};
use super::{COMMAND_DEADLINE, Tmux, TmuxError, TmuxErrorKind, Verb, lock};

/// Control clients of this server start one at a time: see the module's note.
pub type Handshakes = Arc<tokio::sync::Mutex<()>>;

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
}

type Reply = (oneshot::Sender<Option<Position>>, Option<Arc<Journal>>);

/// One session's read-only control client.
struct Stream {
    session: String,
    stdin: tokio::sync::Mutex<ChildStdin>,
    /// Answers to this client's commands, in order: each with the journal whose position at
    /// the answer the command asked for.
    replies: Mutex<std::collections::VecDeque<Reply>>,
    /// The panes whose output this stream delivers.
    panes: Mutex<HashMap<String, Arc<Journal>>>,
    alive: AtomicBool,
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
        let _turn = self.handshakes.lock().await;
        if let Some(stream) = live(&lock(&self.streams.inner)) {
            return Ok(stream);
        }
        let stream = start(&self.global, session).await?;
        lock(&self.streams.inner)
            .sessions
            .insert(session.to_owned(), stream.clone());
        Ok(stream)
    }
}

/// Starts a read-only, size-ignoring control client on `session` (an id, `$N`) and waits for
/// its attach to be answered.
async fn start(global: &[OsString], session: &str) -> Result<Arc<Stream>, TmuxError> {
    let failed = |why: String| {
        TmuxError::new(
            TmuxErrorKind::ServerGone,
            format!("cannot start a tmux control client to follow output: {why}"),
        )
    };
    let mut child = Command::new("tmux")
        .args(global)
        .args([
            "-C",
            "attach-session",
            "-r",
            "-f",
            "ignore-size",
            "-t",
            session,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| failed(e.to_string()))?;
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err(failed("it has no pipes".into()));
    };
    let (attached, answered) = oneshot::channel();
    let attached: Reply = (attached, None);
    let stream = Arc::new(Stream {
        session: session.to_owned(),
        stdin: tokio::sync::Mutex::new(stdin),
        replies: Mutex::new([attached].into()),
        panes: Mutex::default(),
        alive: AtomicBool::new(true),
        child: Mutex::new(child),
    });
    tokio::spawn(read(Reader::new(stdout), stream.clone()));
    match tokio::time::timeout(COMMAND_DEADLINE, answered).await {
        Ok(Ok(_)) if stream.alive.load(Ordering::Acquire) => Ok(stream),
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
        // A read-only client may run list-clients (CMD_READONLY); any answer would do.
        let line = super::command_line(
            &crate::Command::new(Verb::ListClients)
                .flag("-F")
                .flag("")
                .target(&self.session)?,
        );
        let (tx, rx) = oneshot::channel();
        {
            let mut stdin = self.stdin.lock().await;
            lock(&self.replies).push_back((tx, Some(journal.clone())));
            if stdin.write_all(line.as_bytes()).await.is_err() {
                self.alive.store(false, Ordering::Release);
            }
        }
        match tokio::time::timeout(COMMAND_DEADLINE, rx).await {
            Ok(Ok(Some(at))) => Ok(at),
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

    fn poke_all(&self) {
        for journal in lock(&self.panes).values() {
            journal.structure_changed();
        }
    }
}

/// Delivers a stream's output to its panes' journals until the client goes.
async fn read(mut reader: Reader, stream: Arc<Stream>) {
    while let Some(item) = reader.next().await {
        match item {
            Item::Answer { ours: true, .. } => {
                if let Some((reply, journal)) = lock(&stream.replies).pop_front() {
                    let _ = reply.send(journal.map(|j| j.position()));
                }
            }
            Item::Notice(text) => match parse(&text) {
                // Other panes of the session print too; only followed ones are decoded.
                Notice::Output { pane, escaped } => {
                    let journal = lock(&stream.panes).get(pane).cloned();
                    if let Some(journal) = journal {
                        journal.push(&unescape(escaped));
                    }
                }
                Notice::Changed => stream.poke_all(),
                Notice::SessionChanged(id) if id != stream.session => break,
                Notice::Exit => break,
                _ => {}
            },
            _ => {}
        }
    }
    stream.alive.store(false, Ordering::Release);
    // A client moved to another session would deliver that session's output to nobody.
    let _ = lock(&stream.child).start_kill();
    lock(&stream.replies).clear();
    for journal in lock(&stream.panes).drain().map(|(_, j)| j) {
        journal.end();
    }
}
