//! A persistent control-mode client (`tmux -C attach -f ignore-size,no-output`) that carries
//! commands: one process for the server's life instead of one per command (measured about 30×
//! cheaper per call on tmux 3.3a). Only from tmux 3.7: before it, a control client starting is
//! a window in which a person's pane switch crashes tmux
//! ([`Feature::UnreadyControlNotified`]), so no control client ever starts there and every
//! command runs in a subprocess.
//!
//! Commands are written as lines in tmux's command syntax (every value double-quoted and
//! escaped) and answered in order with `%begin … %end` (or `%error`) blocks. A control client
//! must be attached to a session; when there is none, or the client is lost, [`Channel::run`]
//! answers `None` and the caller uses a subprocess instead.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin};
use tokio::sync::oneshot;

use super::control::{Item, Notice, Reader, parse};
use crate::outside::{Known, identified, identify, outside_server, process};
use crate::sync::lock;
use crate::version::{Feature, Features};
use crate::{Command, Outputs, Script, TmuxError, TmuxErrorKind, Verb, command_line};

/// After failing to attach (no sessions), use subprocesses for this long before trying again.
const RETRY_AFTER: Duration = Duration::from_millis(250);
/// How long subprocesses carry commands before asking again which tmux runs, where a control
/// client may not start ([`Feature::UnreadyControlNotified`]): a server restarted on the
/// socket may be another version.
const FRAGILE_RECHECK: Duration = Duration::from_secs(5);

enum Reply {
    Done(String),
    Failed(String),
}

type Waiters = Arc<Mutex<VecDeque<oneshot::Sender<Reply>>>>;
type Attached = Arc<Mutex<Option<(String, Arc<AtomicBool>)>>>;

struct Link {
    stdin: ChildStdin,
    waiters: Waiters,
    alive: Arc<AtomicBool>,
    child: Child,
}

/// A link exists once tmux answered its attach, when killing its client is safe: closing its
/// stdin alone leaves it for ever before tmux 3.8 when tmux still has an answer to write it and
/// nobody reads (`control_all_done` waits for the write buffer to drain; next-3.8 gives up on a
/// timer, `server_client_start_exit_timer`).
impl Drop for Link {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

pub struct Channel {
    global: Arc<[OsString]>,
    link: tokio::sync::Mutex<Option<Link>>,
    /// Until when subprocesses carry commands, after attaching failed or was not safe.
    retry_at: Mutex<Option<Instant>>,
    /// The session the live client is attached to, as `$N`, and that client's liveness.
    session: Attached,
    /// The server's version, learned again by each client this channel starts.
    server: Known,
}

impl Channel {
    pub fn new(global: Arc<[OsString]>, server: Known) -> Self {
        Channel {
            global,
            link: tokio::sync::Mutex::new(None),
            retry_at: Mutex::new(None),
            session: Attached::default(),
            server,
        }
    }

    /// Runs a script's commands, stopping at the first that fails, as tmux does with a command
    /// list, and answers each one's output; `None` when no control client can carry them now.
    /// Each command goes on its own line: control mode answers every command of a line with a
    /// block of its own and skips the rest after a failure, so counting blocks per line could
    /// not tell where an answer ends. Commands that only read are written all at once (running one after a
    /// failed one changes nothing); others wait for the answer before them.
    pub async fn run(
        &self,
        script: &Script,
        features: Features,
        deadline: Duration,
    ) -> Option<Result<Outputs, TmuxError>> {
        let commands = script.commands();
        let batches: Vec<&[Command]> = if script.reads_only() {
            vec![commands]
        } else {
            commands.chunks(1).collect()
        };
        let mut out = Vec::with_capacity(commands.len());
        for (i, batch) in batches.into_iter().enumerate() {
            let pending = match self.send(batch, features).await {
                Some(pending) => pending,
                // Nothing was sent yet: a subprocess can still run the whole list.
                None if i == 0 => return None,
                None => {
                    return Some(Err(TmuxError::new(
                        TmuxErrorKind::ServerGone,
                        "the tmux control client went away mid-command; retry",
                    )));
                }
            };
            let mut failed = None;
            for ((name, receiver), command) in pending.into_iter().zip(batch) {
                match self.answer(name, receiver, deadline).await {
                    Ok(text) if failed.is_none() => out.push(match command.reading(features) {
                        Some(reading) => reading.read(&text).into_owned(),
                        None => text,
                    }),
                    Ok(_) => {}
                    Err(e) => {
                        failed.get_or_insert(e);
                    }
                }
            }
            match failed {
                // The client left before answering (its session was destroyed just before,
                // say): commands that only read are run again in a subprocess.
                Some(e) if e.kind == TmuxErrorKind::ServerGone && script.reads_only() => {
                    return None;
                }
                Some(e) => return Some(Err(e)),
                None => {}
            }
        }
        Some(Ok(Outputs::new(out)))
    }

    /// Writes the commands, connecting first if needed; their answers arrive in order.
    async fn send(
        &self,
        commands: &[Command],
        features: Features,
    ) -> Option<Vec<(&'static str, oneshot::Receiver<Reply>)>> {
        let mut text = String::new();
        for command in commands {
            text.push_str(&command_line(command, features));
        }
        let mut link = self.link.lock().await;
        if !link
            .as_ref()
            .is_some_and(|l| l.alive.load(Ordering::Acquire))
        {
            self.lose(link.take());
            if lock(&self.retry_at).is_some_and(|at| Instant::now() < at) {
                return None;
            }
            match self.connect().await {
                Ok(l) => *link = Some(l),
                Err(wait) => {
                    *lock(&self.retry_at) = Some(Instant::now() + wait);
                    return None;
                }
            }
        }
        let l = link.as_mut()?;
        let pending: Vec<(&'static str, oneshot::Receiver<Reply>)> = commands
            .iter()
            .map(|command| {
                let (tx, rx) = oneshot::channel();
                lock(&l.waiters).push_back(tx);
                (command.verb().name(), rx)
            })
            .collect();
        if l.stdin.write_all(text.as_bytes()).await.is_err() {
            l.alive.store(false, Ordering::Release);
            return None;
        }
        Some(pending)
    }

    async fn answer(
        &self,
        name: &str,
        receiver: oneshot::Receiver<Reply>,
        deadline: Duration,
    ) -> Result<String, TmuxError> {
        match tokio::time::timeout(deadline, receiver).await {
            Ok(Ok(Reply::Done(out))) => Ok(out),
            Ok(Ok(Reply::Failed(message))) => Err(TmuxError::from_stderr(name, &message)),
            // The client went away before answering; the command may or may not have run.
            Ok(Err(_)) => Err(TmuxError::new(
                TmuxErrorKind::ServerGone,
                format!("{name}: the tmux server went away while answering; retry"),
            )),
            Err(_) => {
                // A command stuck in front of the queue would hold every later one: start over.
                self.lose(self.link.lock().await.take());
                Err(TmuxError::new(
                    TmuxErrorKind::Timeout,
                    format!(
                        "{name}: tmux did not answer within {} ms",
                        deadline.as_millis()
                    ),
                ))
            }
        }
    }

    /// Lets a command client go (its process is killed when it drops).
    fn lose(&self, link: Option<Link>) {
        if let Some(link) = link {
            link.alive.store(false, Ordering::Release);
        }
    }

    /// The session the control client is attached to, while it is.
    pub fn session(&self) -> Option<String> {
        lock(&self.session)
            .as_ref()
            .filter(|(_, alive)| alive.load(Ordering::Acquire))
            .map(|(id, _)| id.clone())
    }

    /// Attaches a client (no output, size ignored, the session's environment left alone) to
    /// the session a person's `tmux` command run outside tmux acts on, the one most recently
    /// used: attaching makes a session that, so this one keeps it so. (Without a target,
    /// `attach-session` prefers a session nobody is attached to.) The client stays when its
    /// session is destroyed while others remain (`no-detach-on-destroy`, tmux 3.6 and newer;
    /// older ones ignore a flag they do not know, server_client_set_flags). On failure, how
    /// long subprocesses carry commands before the next try.
    async fn connect(&self) -> Result<Link, Duration> {
        let (current, _, version) = outside_server(&self.global).await.ok_or(RETRY_AFTER)?;
        let fragile = version.features().has(Feature::UnreadyControlNotified);
        *lock(&self.server) = Some(version);
        if fragile {
            return Err(FRAGILE_RECHECK);
        }
        let mut child = process(&self.global)
            .args([
                "-C",
                "attach-session",
                "-E",
                "-f",
                "ignore-size,no-output,no-detach-on-destroy",
                "-t",
            ])
            .arg(&current)
            // Never killed before tmux answered its attach: a client killed before tmux has
            // read its handshake crashes tmux before 3.7 (control_stop of a client without
            // control state; 31c93c48). Its stdin closing when it drops ends it instead; once
            // answered, its `Link` kills it.
            .kill_on_drop(false)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|_| RETRY_AFTER)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(RETRY_AFTER);
        };
        let waiters: Waiters = Arc::default();
        let alive = Arc::new(AtomicBool::new(true));
        // The attach command answers first; its reply says whether there was a session.
        let (tx, rx) = oneshot::channel();
        lock(&waiters).push_back(tx);
        tokio::spawn(read(
            Reader::new(stdout),
            waiters.clone(),
            alive.clone(),
            self.session.clone(),
        ));
        let link = match tokio::time::timeout(super::COMMAND_DEADLINE, rx).await {
            Ok(Ok(Reply::Done(_))) => Link {
                stdin,
                waiters,
                alive,
                child,
            },
            _ => return Err(RETRY_AFTER),
        };
        self.settle(link, &current).await.map_err(|link| {
            self.lose(Some(link));
            RETRY_AFTER
        })
    }

    /// Asks a client that has just attached to `current` which server (a restarted one may be
    /// another version) and which session it joined, before any command relies on knowing.
    /// Then the client stops counting as attached, so that the person's `tmux attach` (which
    /// prefers a session nobody is attached to), `destroy-unattached` and window sizes leave it
    /// out: tmux counts every client but a suspended, exiting or dead one (resize.c
    /// recalculate_sizes_now), a control client takes no notice of being suspended and still
    /// runs commands (it never leaves the client's waiting state, client.c), and the count is
    /// taken again at the next recalculation, which switching to the session it is on makes at
    /// once (3.2a to next-3.8; `refresh-client -C` would too, but resizes windows tmux leaves
    /// as they are until their client looks). The link back when something failed.
    async fn settle(&self, mut link: Link, current: &str) -> Result<Link, Link> {
        let Ok(back) = Command::new(Verb::SwitchClient).flag("-E").target(current) else {
            return Err(link);
        };
        let mut answers = Vec::new();
        for command in [identify(), Command::new(Verb::SuspendClient), back] {
            let (tx, rx) = oneshot::channel();
            lock(&link.waiters).push_back(tx);
            let line = command_line(&command, Features::default());
            if link.stdin.write_all(line.as_bytes()).await.is_err() {
                return Err(link);
            }
            answers.push(rx);
        }
        let mut identified_as = None;
        for rx in answers {
            match tokio::time::timeout(super::COMMAND_DEADLINE, rx).await {
                Ok(Ok(Reply::Done(out))) => {
                    identified_as.get_or_insert(out);
                }
                _ => return Err(link),
            }
        }
        let Some((version, session)) = identified_as.as_deref().and_then(identified) else {
            return Err(link);
        };
        *lock(&self.session) = Some((session.trim().to_owned(), link.alive.clone()));
        *lock(&self.server) = Some(version);
        Ok(link)
    }
}

/// Matches answer blocks to waiters in order; notifications between blocks are skipped, except
/// those saying the client has moved to another session or left.
async fn read(mut reader: Reader, waiters: Waiters, alive: Arc<AtomicBool>, session: Attached) {
    while let Some(item) = reader.next().await {
        match item {
            Item::Answer { ok, body, ours } if ours => {
                let reply = if ok {
                    Reply::Done(body)
                } else {
                    Reply::Failed(body)
                };
                if let Some(w) = lock(&waiters).pop_front() {
                    let _ = w.send(reply);
                }
            }
            Item::Notice(text) => match parse(&text) {
                Notice::SessionChanged(id) => {
                    if let Some((attached, _)) = lock(&session).as_mut() {
                        *attached = id.to_owned();
                    }
                }
                Notice::Exit => break,
                _ => {}
            },
            _ => {}
        }
    }
    alive.store(false, Ordering::Release);
    lock(&waiters).clear();
}
