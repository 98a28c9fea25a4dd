//! Following pane output without any client attached: each followed pane's bytes come
//! through the one pipe tmux allows a pane (`pipe-pane -O`), into a hub process
//! ([`crate::pipe::hub`]) that every tmux-mcp server on the machine shares, and from it into
//! this server's tap ([`crate::pipe::tap`]) and the pane's [`Journal`].
//!
//! Why a pipe and no control client: on tmux 3.2a to 3.6b every control-mode attach is a
//! window in which a person's pane switch crashes tmux (`tmux/src/version.md`), and a control
//! client counts as attached (the person's `tmux attach`, `destroy-unattached`, window sizes
//! act differently). A pipe is the pane's: it goes wherever the pane moves and ends with it,
//! so nothing here relocates panes or catches up after a move. Nothing runs at rest: a hub
//! and a tap wait for bytes.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use tokio::net::UnixStream;
use tokio::sync::mpsc;

use crate::client::{Tmux, WeakTmux};
use crate::command::{COMMAND_DEADLINE, Command, Verb, command_line};
use crate::error::{TmuxError, TmuxErrorKind};
use crate::followed::Followed;
use crate::journal::{Journal, Position};
use crate::pipe::tap::{Event, Tap};
use crate::screen::Seed;
use crate::sync::lock;

/// How often a seed is tried again when the pane printed while tmux was asked what it shows.
const SEED_TRIES: usize = 4;
/// How long a pane piped by a hub that is closing may take to show no pipe.
const STALE_PIPE: Duration = Duration::from_secs(1);
/// Between two looks for a hub's socket or a pipe's end.
const POLL: Duration = Duration::from_millis(5);
/// Between two looks, while a new hub is awaited, whether its pane still lives.
const STILL_THERE: Duration = Duration::from_millis(100);

/// The program tmux runs as a pane's hub: this binary, unless a test names the built one.
static HUB_PROGRAM: OnceLock<PathBuf> = OnceLock::new();

/// Names the program that runs `pipe-hub` (`tmux-mcp`), for a process that is not it (a
/// test); the first call wins. A server's own binary needs none.
pub fn set_hub_program(program: PathBuf) {
    let _ = HUB_PROGRAM.set(program);
}

/// The program the pane's hub runs: it must be there when tmux runs it, or the pipe would
/// open onto nothing and stay open, dead, until the pane next prints.
fn hub_program() -> Result<PathBuf, TmuxError> {
    let program = match HUB_PROGRAM.get() {
        Some(program) => program.clone(),
        None => std::env::current_exe().map_err(|e| {
            TmuxError::new(
                TmuxErrorKind::ServerGone,
                format!("cannot name this program for tmux's pipe-pane: {e}"),
            )
        })?,
    };
    // Linux names a program replaced since it started (an upgrade) `PATH (deleted)`; the one at
    // PATH now runs a hub as well.
    let program = match program.to_str().and_then(|p| p.strip_suffix(" (deleted)")) {
        Some(path) => PathBuf::from(path),
        None => program,
    };
    if !program.is_file() {
        return Err(TmuxError::new(
            TmuxErrorKind::Refused,
            format!(
                "this server's program {} is gone (uninstalled, or moved by an upgrade), so tmux cannot run \
                 the pane's reader; restart this MCP server (your agent CLI's /mcp, say)",
                program.display()
            ),
        ));
    }
    Ok(program)
}

/// What tmux says of a pane before it is followed.
struct Place {
    server: String,
    /// When the server started: with its pid, it names one tmux server for good.
    started: String,
    piped: bool,
    width: u16,
    height: u16,
    socket: String,
}

impl Tmux {
    /// Follows `pane` (from now on, when it is not followed yet) and returns its journal, holding
    /// all the output tmux piped for it before this call, and the position where that output
    /// ends: what tmux prints from then on comes after it.
    pub async fn follow(&self, pane: &str) -> Result<(Arc<Journal>, Position), TmuxError> {
        if let Some(followed) = self.followed(pane).await? {
            return Ok(followed);
        }
        // One pane starts being followed at a time: two calls following one new pane at once
        // would each start a journal, and the one left behind would end under its wait.
        let _turn = self.0.follower.starting.lock().await;
        match self.followed(pane).await? {
            Some(followed) => Ok(followed),
            None => self.start_following(pane).await,
        }
    }

    /// A pane this server follows already: its journal and the point now. `None` when it does
    /// not follow it, or the pane's output ended (its tap is kept, ended, for the follow that
    /// starts again).
    async fn followed(&self, pane: &str) -> Result<Option<(Arc<Journal>, Position)>, TmuxError> {
        let known = lock(&self.0.follower.panes)
            .get(pane)
            .map(|f| (f.journal.clone(), f.tap.clone(), f.server.clone()));
        let Some((journal, tap, server)) = known else {
            return Ok(None);
        };
        // tmux first: it writes a pipe on a later pass of its loop than the one that read the
        // pane, so a sync alone could come before what the pane printed just before; answering
        // a command takes passes of its own. Then the point, then tmux again: its answer, which
        // says the pane still lives on the same server, comes after every byte before the point.
        self.place(pane, false).await?;
        let Some(synced) = tap.sync().await else {
            return Ok(None);
        };
        let place = self.place(pane, true).await?;
        if place.server != server {
            return Ok(None);
        }
        if journal
            .screen_size()
            .is_some_and(|s| s != (place.width, place.height))
        {
            self.seed(pane, &tap).await?;
            let at = self.synced(&tap).await?;
            self.place(pane, true).await?;
            return Ok(Some((journal, at)));
        }
        Ok(Some((journal, synced.at)))
    }

    /// Follows a pane this server does not follow yet, or whose output ended.
    async fn start_following(&self, pane: &str) -> Result<(Arc<Journal>, Position), TmuxError> {
        // A tap that ended goes first, as the follower would have it go.
        self.forget(pane).await;
        let place = self.place(pane, false).await?;
        if yielded_mark(&place, pane)?.exists() {
            return Err(yielded(pane));
        }
        let hub = self.hub(pane, &place).await?;
        let journal = Arc::new(Journal::default());
        let tap = Tap::start(pane.to_owned(), hub, journal.clone(), self.events());
        lock(&self.0.follower.panes).insert(
            pane.to_owned(),
            Followed {
                journal: journal.clone(),
                server: place.server,
                tap: tap.clone(),
            },
        );
        self.seed(pane, &tap).await?;
        let at = self.synced(&tap).await?;
        // And the pane still lives once its output is followed.
        self.place(pane, true).await?;
        Ok((journal, at))
    }

    /// The pane's server, pipe, size and socket; an error naming it when it does not exist.
    /// A look `after` the point a follow reads the pane's output from says so in its format
    /// (`followed`), so that a test can tell when a call has begun reading the pane.
    async fn place(&self, pane: &str, after: bool) -> Result<Place, TmuxError> {
        let word = if after { "followed" } else { "following" };
        // display-message alone answers for a pane that does not exist, with empty fields.
        let out = self
            .run(
                Command::new(Verb::HasSession).target(pane)?.then(
                    Command::new(Verb::DisplayMessage)
                        .flag("-p")
                        .target(pane)?
                        .arg(format!(
                            "{word} #{{pid}} #{{start_time}} #{{pane_pipe}} #{{pane_width}} #{{pane_height}} #{{socket_path}}"
                        ))?,
                ),
            )
            .await?;
        let line = out.trim_end_matches('\n');
        let mut fields = line.splitn(7, ' ').skip(1);
        let mut next = || fields.next().filter(|f| !f.is_empty());
        let unexpected = || {
            TmuxError::new(
                TmuxErrorKind::Refused,
                format!("display-message: unexpected answer {out:?}"),
            )
        };
        let (Some(server), Some(started), Some(piped), Some(width), Some(height), Some(socket)) =
            (next(), next(), next(), next(), next(), next())
        else {
            return Err(unexpected());
        };
        Ok(Place {
            server: server.to_owned(),
            started: started.to_owned(),
            piped: piped == "1",
            width: width.parse().map_err(|_| unexpected())?,
            height: height.parse().map_err(|_| unexpected())?,
            socket: socket.to_owned(),
        })
    }

    /// A connection to the pane's hub: the one another server started, or a new one.
    async fn hub(&self, pane: &str, place: &Place) -> Result<UnixStream, TmuxError> {
        let path = hub_socket(&place.server, pane)?;
        let deadline = Instant::now() + STALE_PIPE;
        let mut piped = place.piped;
        loop {
            if let Ok(hub) = UnixStream::connect(&path).await {
                return Ok(hub);
            }
            if !piped {
                break;
            }
            // A pipe with no hub: the person's own, or that of a hub closing it as it ends.
            if Instant::now() >= deadline {
                return Err(theirs(pane));
            }
            tokio::time::sleep(POLL).await;
            piped = self.place(pane, false).await?.piped;
        }
        // Only while the pane has no pipe: tmux decides, in one command, so that a pipe the
        // person opens meanwhile is never closed by this one.
        let open = Command::new(Verb::PipePane)
            .flag("-O")
            .target(pane)?
            .arg(pipe_command(&hub_program()?, &path, &place.socket, pane))?;
        let features = self.features().await;
        let only_unpiped = Command::new(Verb::IfShell).flag("-F").target(pane)?.args([
            "#{pane_pipe}".to_owned(),
            "display-message -p piped".to_owned(),
            command_line(&open, features).trim_end().to_owned(),
        ])?;
        self.run(only_unpiped).await?;
        let deadline = Instant::now() + COMMAND_DEADLINE;
        let mut look = Instant::now() + STILL_THERE;
        loop {
            if let Ok(hub) = UnixStream::connect(&path).await {
                return Ok(hub);
            }
            // A pane killed before its hub took the socket takes the hub with it: say so now.
            if Instant::now() >= look {
                self.place(pane, false).await?;
                look = Instant::now() + STILL_THERE;
            }
            if Instant::now() >= deadline {
                return Err(match self.place(pane, false).await?.piped {
                    true => theirs(pane),
                    false => TmuxError::new(
                        TmuxErrorKind::ServerGone,
                        format!(
                            "tmux's pipe-pane did not start this server's reader of {pane} within {} ms",
                            COMMAND_DEADLINE.as_millis()
                        ),
                    ),
                });
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Starts `pane`'s screen model from what tmux shows, at a point of its output: tmux is
    /// asked between two syncs, and the seed stands where the second found the output, if
    /// nothing came in between; a pane printing all the while gets the last answer there.
    async fn seed(&self, pane: &str, tap: &Tap) -> Result<(), TmuxError> {
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
        let script = ask.then(shown).then(main);
        for attempt in 1..=SEED_TRIES {
            let Some(before) = tap.sync().await else {
                return Ok(());
            };
            let out = self.run_each(script.clone()).await?;
            let seed = Seed::read(out.get(0), out.get(1), out.get(2)).ok_or_else(|| {
                TmuxError::new(
                    TmuxErrorKind::Refused,
                    format!("display-message: unexpected screen fields {:?}", out.get(0)),
                )
            })?;
            let taken = if attempt == SEED_TRIES {
                None
            } else {
                Some(before.taken)
            };
            if tap.seed_if_still(taken, seed).await != Some(false) {
                return Ok(());
            }
        }
        Ok(())
    }

    async fn synced(&self, tap: &Tap) -> Result<Position, TmuxError> {
        match tap.sync().await {
            Some(synced) => Ok(synced.at),
            None => Err(TmuxError::new(
                TmuxErrorKind::ObjectGone,
                "the pane's output ended while following it; list panes again",
            )),
        }
    }

    /// Where the taps say what they cannot act on: a task started with the first follow,
    /// holding this handle weakly (it ends with the last one).
    fn events(&self) -> mpsc::UnboundedSender<Event> {
        self.0
            .follower
            .events
            .get_or_init(|| {
                let (tx, rx) = mpsc::unbounded_channel();
                tokio::spawn(act(self.downgrade(), rx));
                tx
            })
            .clone()
    }

    /// Returns once the output tmux piped for `pane` before now is in its journal: for a
    /// pane that has just gone, its last output and reports.
    pub async fn drain(&self, pane: &str) {
        let tap = lock(&self.0.follower.panes)
            .get(pane)
            .map(|f| f.tap.clone());
        if let Some(tap) = tap {
            // A tap that ends instead has delivered everything before its end.
            let _ = tap.sync().await;
        }
    }

    /// How long since `pane` last printed text, when this client follows it (see
    /// [`Journal::idle`]); `None` when it does not.
    pub fn idle(&self, pane: &str) -> Option<Duration> {
        let journal = lock(&self.0.follower.panes).get(pane)?.journal.clone();
        journal.idle()
    }

    /// Stops following a pane that has gone.
    pub fn unfollow(&self, pane: &str) {
        lock(&self.0.follower.panes).remove(pane);
    }

    /// Drops a pane whose tap ended, journal and screen with it (a wait on it holds its own
    /// handle to the journal). A pane left living whose pipe tmux closed had it closed by
    /// someone else's `pipe-pane`, and is theirs from now on, for every server of the machine
    /// (a mark beside the hubs' sockets says so); one whose hub died is followed again by the
    /// next call.
    async fn forget(&self, pane: &str) {
        let entry = lock(&self.0.follower.panes)
            .get(pane)
            .and_then(|f| Some((f.tap.clone(), f.server.clone(), f.tap.ended()?)));
        let Some((tap, server, by_tmux)) = entry else {
            return;
        };
        let place = self.place(pane, false).await;
        if let Ok(place) = place
            && by_tmux
            && place.server == server
            && !place.piped
            && let Ok(mark) = yielded_mark(&place, pane)
        {
            let _ = std::fs::File::create(mark);
            forget_marks_of_gone_servers();
        }
        let mut panes = lock(&self.0.follower.panes);
        if panes.get(pane).is_some_and(|f| f.tap.same(&tap)) {
            panes.remove(pane);
        }
    }
}

/// Acts on what the taps say, until the last handle goes.
async fn act(tmux: WeakTmux, mut events: mpsc::UnboundedReceiver<Event>) {
    while let Some(event) = events.recv().await {
        let Some(tmux) = tmux.upgrade() else { break };
        match event {
            Event::WantsSeed(pane) => {
                let tap = lock(&tmux.0.follower.panes)
                    .get(&pane)
                    .map(|f| f.tap.clone());
                if let Some(tap) = tap {
                    let _ = tmux.seed(&pane, &tap).await;
                }
            }
            Event::Ended(pane) => tmux.forget(&pane).await,
        }
    }
}

fn yielded(pane: &str) -> TmuxError {
    TmuxError::new(
        TmuxErrorKind::Refused,
        format!(
            "someone closed the pipe this server read {pane}'s output through (`pipe-pane`, a toggle of it?): \
             the pane's pipe is left to them, so its output cannot be followed; read it with capture_pane"
        ),
    )
}

fn theirs(pane: &str) -> TmuxError {
    TmuxError::new(
        TmuxErrorKind::Refused,
        format!(
            "{pane} has a pipe of its own (`pipe-pane`, a logging plugin's, say), and tmux allows a pane one: \
             this server leaves it open, so it cannot follow the pane's output; read it with capture_pane, \
             or close that pipe (`tmux pipe-pane -t {pane}`) and call again"
        ),
    )
}

/// The socket of the hub of `pane` on the tmux server `server` (its pid), in a folder of this
/// user's alone that every tmux-mcp of the machine agrees on: a server's pid names one live
/// tmux server.
fn hub_socket(server: &str, pane: &str) -> Result<PathBuf, TmuxError> {
    let dir = hub_dir()?;
    Ok(dir.join(format!("{server}-{}", pane.trim_start_matches('%'))))
}

/// The mark of a pane left to the person who closed its pipe: named for the tmux server's pid
/// and start, since a pid (and so pane ids) may come again with another server.
fn yielded_mark(place: &Place, pane: &str) -> Result<PathBuf, TmuxError> {
    let name = format!(
        "{}-{}-{}.theirs",
        place.server,
        place.started,
        pane.trim_start_matches('%')
    );
    Ok(hub_dir()?.join(name))
}

/// Removes the marks of tmux servers that no longer run, so that they never pile up.
fn forget_marks_of_gone_servers() {
    let Some(entries) = hub_dir().ok().and_then(|d| std::fs::read_dir(d).ok()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .filter(|n| n.ends_with(".theirs"))
            .and_then(|n| n.split('-').next())
            .and_then(|pid| pid.parse::<i32>().ok())
        else {
            continue;
        };
        let pid = nix::unistd::Pid::from_raw(pid);
        if nix::sys::signal::kill(pid, None) == Err(nix::errno::Errno::ESRCH) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn hub_dir() -> Result<PathBuf, TmuxError> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    let uid = nix::unistd::getuid().as_raw();
    let dir = PathBuf::from(format!("/tmp/tmux-mcp-{uid}"));
    let _ = std::fs::DirBuilder::new().mode(0o700).create(&dir);
    let unsafe_dir = |why: &str| {
        TmuxError::new(
            TmuxErrorKind::Refused,
            format!(
                "{} {why}: this server keeps its readers' sockets there; remove it",
                dir.display()
            ),
        )
    };
    let meta = std::fs::symlink_metadata(&dir).map_err(|e| unsafe_dir(&e.to_string()))?;
    if !meta.is_dir() || meta.uid() != uid || meta.mode() & 0o077 != 0 {
        return Err(unsafe_dir("is not a folder of this user's alone"));
    }
    Ok(dir)
}

/// The shell command tmux's `pipe-pane` runs: this program as the pane's hub. tmux expands
/// formats (`#`) and, since it expands time too, `strftime`'s `%` in it first.
fn pipe_command(program: &Path, socket: &Path, tmux_socket: &str, pane: &str) -> String {
    let sh = |s: &str| format!("'{}'", s.replace('\'', "'\\''"));
    let line = format!(
        "exec {} pipe-hub {} {} {}",
        sh(&program.to_string_lossy()),
        sh(&socket.to_string_lossy()),
        sh(tmux_socket),
        sh(pane)
    );
    line.replace('#', "##").replace('%', "%%")
}

#[cfg(test)]
mod tests {
    use super::pipe_command;
    use std::path::Path;

    #[test]
    fn the_pipe_command_survives_formats_time_and_the_shell() {
        let line = pipe_command(
            Path::new("/opt/it's/tmux-mcp"),
            Path::new("/tmp/tmux-mcp-0/1-2"),
            "/tmp/tmux-0/#default",
            "%2",
        );
        assert_eq!(
            line,
            "exec '/opt/it'\\''s/tmux-mcp' pipe-hub '/tmp/tmux-mcp-0/1-2' '/tmp/tmux-0/##default' '%%2'"
        );
    }
}
