//! One session's control client as this crate keeps it ([`Stream`]): what it delivers, the
//! commands written to it and the answers they wait for; and the followed panes and streams of
//! a [`Tmux`](crate::Tmux) ([`Streams`]). Below the follower and the reader, naming neither.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin};
use tokio::sync::oneshot;

use crate::command::{COMMAND_DEADLINE, Command, Verb, command_line};
use crate::error::{TmuxError, TmuxErrorKind};
use crate::journal::{Journal, MAX_LINES, Position};
use crate::screen::Seed;
use crate::sync::lock;
use crate::version::Features;

/// The followed panes and the streams that feed them.
#[derive(Default)]
pub(crate) struct Streams {
    pub(crate) inner: Mutex<Inner>,
}

impl Streams {
    /// Whether `pane` is followed.
    pub(crate) fn follows(&self, pane: &str) -> bool {
        lock(&self.inner).panes.contains_key(pane)
    }
}

#[derive(Default)]
pub(crate) struct Inner {
    /// Live streams by session id.
    pub(crate) sessions: HashMap<String, Arc<Stream>>,
    /// Followed panes: the journal, the tmux server (its pid) the pane id belongs to (a
    /// restarted server counts pane ids from `%0` again) and the session (`$N`) whose stream
    /// was last asked to deliver it.
    pub(crate) panes: HashMap<String, Followed>,
    /// Sessions whose client tmux detached: when the last replacement was due, and how long
    /// it waited.
    pub(crate) replaced: HashMap<String, (Instant, Duration)>,
    /// A look at where the followed panes are is under way (the follower's `relocate_soon`), and
    /// whether tmux said something changed again since it began.
    pub(crate) relocating: bool,
    pub(crate) relocate_again: bool,
}

pub(crate) struct Followed {
    pub(crate) journal: Arc<Journal>,
    pub(crate) server: String,
    pub(crate) session: String,
}

/// What an answer on a stream is for, in the order the commands were written.
pub(crate) enum Waiter {
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
pub(crate) struct Stream {
    pub(crate) session: String,
    pub(crate) stdin: tokio::sync::Mutex<ChildStdin>,
    pub(crate) waiters: Mutex<VecDeque<Waiter>>,
    /// The panes whose output this stream delivers.
    pub(crate) panes: Mutex<HashMap<String, Arc<Journal>>>,
    /// Panes followed by another stream whose output came here since tmux last said windows
    /// changed: their window came to this session, and where they are was looked at.
    pub(crate) strangers: Mutex<HashSet<String>>,
    /// From tmux's answer to the attach until the client goes.
    pub(crate) alive: AtomicBool,
    /// tmux answered the attach: killing the client is safe from then on.
    pub(crate) answered: AtomicBool,
    /// Someone else's command moved the client to another session; it is on its way back.
    pub(crate) away: AtomicBool,
    pub(crate) child: Mutex<Child>,
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
    pub(crate) async fn sync(&self, journal: &Arc<Journal>) -> Result<Position, TmuxError> {
        // Any answer would do; list-clients prints nothing here and changes nothing.
        let line = command_line(
            &Command::new(Verb::ListClients)
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
    pub(crate) async fn seed(
        &self,
        pane: &str,
        journal: &Arc<Journal>,
        catch_up: bool,
    ) -> Result<(), TmuxError> {
        let fields: Vec<String> = Seed::FIELDS.iter().map(|f| format!("#{{{f}}}")).collect();
        let ask = Command::new(Verb::DisplayMessage)
            .flag("-p")
            .target(pane)?
            .arg(fields.join(" "))?;
        let shown = Command::new(Verb::CapturePane)
            .flag("-p")
            .flag("-e")
            .target(pane)?;
        // The main screen beneath the alternate one; nothing (-q) when that is not shown.
        let main = Command::new(Verb::CapturePane)
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
                Command::new(Verb::CapturePane)
                    .flag("-p")
                    .flag("-J")
                    .flag("-S")
                    .arg(format!("-{}", MAX_LINES))?
                    .target(pane)?,
            );
        }
        // One line: tmux parses it into commands it runs back to back, each answered in a
        // block of its own (measured on 3.2a, 3.5a and next-3.8), with no pane output read in
        // between.
        let line: Vec<String> = commands
            .iter()
            .map(|c| command_line(c, Features::default()).trim_end().to_owned())
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
    pub(crate) async fn subscribe(&self, pane: &str, option: &str) -> Result<(), TmuxError> {
        let id = pane.trim_start_matches('%');
        let line = command_line(
            &Command::new(Verb::RefreshClient)
                .flag("-B")
                .arg(format!("tmux-mcp-{id}:{pane}:#{{{option}}}"))?,
            Features::default(),
        );
        self.write(&line, Waiter::Ignored).await;
        Ok(())
    }

    /// `refresh-client -A PANE:what` (`pause`, `continue`) for this client (3.2a and newer).
    pub(crate) async fn pane_output(&self, pane: &str, what: &str) {
        if let Ok(command) = Command::new(Verb::RefreshClient)
            .flag("-A")
            .arg(format!("{pane}:{what}"))
        {
            let line = command_line(&command, Features::default());
            self.write(&line, Waiter::Ignored).await;
        }
    }

    /// Writes a command line whose answer `waiter` takes.
    pub(crate) async fn write(&self, line: &str, waiter: Waiter) {
        self.write_each(line, [waiter]).await;
    }

    /// Writes a line of several commands, whose answers `waiters` take in turn.
    pub(crate) async fn write_each(&self, line: &str, waiters: impl IntoIterator<Item = Waiter>) {
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

    pub(crate) fn poke_all(&self) {
        for journal in lock(&self.panes).values() {
            journal.structure_changed();
        }
    }
}

/// Lets go of waiters no answer will come to (their stream ended). A pane waiting for that
/// stream to take it over is delivered by none: its journal ends, and its waits look again for
/// where it is.
pub(crate) fn let_go(waiters: impl IntoIterator<Item = Waiter>) {
    for waiter in waiters {
        if let Waiter::Seed(journal, _, Some(_)) = waiter {
            journal.end();
        }
    }
}
