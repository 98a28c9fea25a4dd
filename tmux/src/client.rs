//! [`Tmux`]: every command goes through [`Tmux::run`], as argv (never a shell), under a
//! deadline, with bounded output and typed errors.

use std::ffi::OsString;
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::AsyncReadExt;
use tokio::sync::Semaphore;

use crate::command::Reading;
use crate::command::{COMMAND_DEADLINE, MAX_OUTPUT, Outputs};
use crate::followed::Follower;
use crate::outside::{ask_version, process};
use crate::sync::lock;
use crate::version::{Features, Found, Version};
use crate::{Command, Script, TmuxError, TmuxErrorKind, Verb};

/// Most bytes of stderr kept from one command.
const MAX_ERROR_OUTPUT: usize = 64 << 10;

/// How to reach the tmux server: the global arguments every command starts with, and the
/// followed panes. A handle: clones share them.
///
/// No control client carries commands, on any version: before 3.7 one starting is a window in
/// which a person's pane switch crashes tmux, and on every version tmux counts it as attached
/// (`exit-unattached` never ends the server, `client-attached` runs), so each command is a
/// `tmux` subprocess (`tmux/src/version.md`).
#[derive(Clone)]
pub struct Tmux(pub(crate) Arc<Shared>);

/// What a [`Tmux`] and its clones share.
pub(crate) struct Shared {
    pub(crate) global: Arc<[OsString]>,
    pub(crate) follower: Follower,
    /// Ordinary subprocesses take turns: tmux answers one command at a time, so subprocesses
    /// running at once (a batch of captures, say) would only share one another's deadline.
    subprocess_turn: Semaphore,
    /// The version of the server behind the socket, once learned.
    server: std::sync::Mutex<Option<Version>>,
    /// Calls that find the server unknown learn it one at a time: only the first asks.
    learning: tokio::sync::Mutex<()>,
}

/// A [`Tmux`] that does not keep it alive: what the follower's task holds.
pub(crate) struct WeakTmux(std::sync::Weak<Shared>);

impl WeakTmux {
    pub(crate) fn upgrade(&self) -> Option<Tmux> {
        self.0.upgrade().map(Tmux)
    }
}

impl Tmux {
    /// `global` are the arguments before the command: `-L name` or `-S path`, and `-f config`.
    pub fn new(global: Vec<OsString>) -> Self {
        Tmux(Arc::new(Shared {
            follower: Follower::default(),
            global: global.into(),
            subprocess_turn: Semaphore::new(1),
            server: std::sync::Mutex::default(),
            learning: tokio::sync::Mutex::default(),
        }))
    }

    pub(crate) fn downgrade(&self) -> WeakTmux {
        WeakTmux(Arc::downgrade(&self.0))
    }

    /// The version of the server behind the socket, from its own `#{version}`, not from the
    /// `tmux` binary on PATH: learned when first needed, and again after a command found no
    /// server (one restarted on the socket may be another version). `None` while no server
    /// answers.
    pub async fn version(&self) -> Option<Version> {
        if let Some(known) = lock(&self.0.server).clone() {
            return Some(known);
        }
        let _turn = self.0.learning.lock().await;
        if let Some(known) = lock(&self.0.server).clone() {
            return Some(known);
        }
        let out = self
            .subprocess(&ask_version().into(), Features::default(), COMMAND_DEADLINE)
            .await
            .ok()?
            .joined();
        let version = Version::parse(Some(out.trim()).filter(|v| !v.is_empty())?);
        *lock(&self.0.server) = Some(version.clone());
        Some(version)
    }

    /// The server's version, else (none runs yet) that of the `tmux` on PATH.
    pub async fn found(&self) -> Found {
        if let Some(version) = self.version().await {
            return Found {
                version: Some(version),
                read_from: "server",
            };
        }
        let out = tokio::process::Command::new("tmux")
            .arg("-V")
            .output()
            .await;
        Found {
            version: out
                .ok()
                .filter(|o| o.status.success())
                .map(|o| Version::parse(&String::from_utf8_lossy(&o.stdout))),
            read_from: "tmux -V",
        }
    }

    /// The features of the server's version; those of the newest tmux while no server answers
    /// (a command sent then fails whatever it holds).
    pub async fn features(&self) -> Features {
        match self.version().await {
            Some(version) => version.features(),
            None => Version::parse("").features(),
        }
    }

    /// Runs a command or script and returns its output (a script's, its commands' joined).
    pub async fn run(&self, script: impl Into<Script>) -> Result<String, TmuxError> {
        Ok(self.run_each(script).await?.joined())
    }

    /// Runs a script as [`Tmux::run`] does and returns each command's output apart, in order
    /// (empty for a command that prints nothing).
    pub async fn run_each(&self, script: impl Into<Script>) -> Result<Outputs, TmuxError> {
        let script = script.into();
        let features = self.features().await;
        // The deadline starts with the turn; the semaphore is never closed.
        let _turn = self.0.subprocess_turn.acquire().await.ok();
        self.subprocess(&script, features, COMMAND_DEADLINE).await
    }

    /// Runs commands in a `tmux` subprocess with their own deadline, outside the turns
    /// ordinary commands take (for commands that block, like `wait-for`).
    pub async fn run_for(
        &self,
        script: impl Into<Script>,
        deadline: Duration,
    ) -> Result<String, TmuxError> {
        let script = script.into();
        let features = self.features().await;
        Ok(self.subprocess(&script, features, deadline).await?.joined())
    }

    /// A `tmux` subprocess running `script`; each command's output apart, read back as tmux
    /// printed it. tmux prints the outputs of one invocation together, so a marker line (a
    /// `display-message` of a nonce nothing else can print) goes between every two commands
    /// that print something.
    async fn subprocess(
        &self,
        script: &Script,
        features: Features,
        deadline: Duration,
    ) -> Result<Outputs, TmuxError> {
        let marker = format!("tmux-mcp-{}", crate::nonce::nonce());
        let mark = Command::new(Verb::DisplayMessage)
            .flag("-p")
            .arg(marker.as_str())?;
        let readings: Vec<Option<Reading>> = script
            .commands()
            .iter()
            .map(|c| c.reading(features))
            .collect();
        let mut marked: Option<Script> = None;
        let mut printed = false;
        for (command, reading) in script.commands().iter().zip(&readings) {
            if reading.is_some() && std::mem::replace(&mut printed, true) {
                marked = marked.map(|s| s.then(mark.clone()));
            }
            marked = Some(match marked {
                None => command.clone().into(),
                Some(s) => s.then(command.clone()),
            });
        }
        let Some(marked) = marked else {
            return Ok(Outputs::default());
        };
        let out = self
            .spawn(&marked, features, deadline)
            .await
            .inspect_err(|e| {
                // The next server on the socket may be another version: learn it again.
                if e.kind == TmuxErrorKind::ServerGone {
                    *lock(&self.0.server) = None;
                }
            })?;
        let end = format!("{marker}\n");
        let mut parts = out.split(end.as_str());
        Ok(Outputs::new(
            readings
                .into_iter()
                .map(|reading| match reading {
                    Some(reading) => reading.read(parts.next().unwrap_or_default()).into_owned(),
                    None => String::new(),
                })
                .collect(),
        ))
    }

    /// Runs the script's subprocesses in turn within one `deadline`, stopping at the first
    /// that fails; their outputs are joined.
    async fn spawn(
        &self,
        script: &Script,
        features: Features,
        deadline: Duration,
    ) -> Result<String, TmuxError> {
        let command_name = script.name();
        let work = async {
            let mut out = String::new();
            for argv in script.argvs(features) {
                out.push_str(&self.spawn_one(command_name, &argv).await?);
                if out.len() > MAX_OUTPUT {
                    return Err(too_much(command_name));
                }
            }
            Ok(out)
        };
        tokio::time::timeout(deadline, work)
            .await
            .unwrap_or_else(|_| {
                Err(TmuxError::new(
                    TmuxErrorKind::Timeout,
                    format!(
                        "{command_name}: tmux did not answer within {} ms",
                        deadline.as_millis()
                    ),
                ))
            })
    }

    async fn spawn_one(&self, command_name: &str, argv: &[String]) -> Result<String, TmuxError> {
        let mut cmd = process(&self.0.global);
        cmd.args(argv)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().map_err(|e| {
            TmuxError::new(
                TmuxErrorKind::ServerGone,
                format!("cannot run tmux ({e}); is tmux installed and on PATH?"),
            )
        })?;
        let mut stdout = child.stdout.take();
        let mut stderr = child.stderr.take();
        let work = async {
            let mut out = Vec::new();
            let mut err = Vec::new();
            let read_out = async {
                if let Some(s) = stdout.as_mut() {
                    s.take(MAX_OUTPUT as u64 + 1).read_to_end(&mut out).await?;
                }
                Ok::<_, std::io::Error>(())
            };
            let read_err = async {
                if let Some(s) = stderr.as_mut() {
                    s.take(MAX_ERROR_OUTPUT as u64)
                        .read_to_end(&mut err)
                        .await?;
                }
                Ok::<_, std::io::Error>(())
            };
            let (a, b) = tokio::join!(read_out, read_err);
            a.and(b)?;
            if out.len() > MAX_OUTPUT {
                return Ok(Err(too_much(command_name)));
            }
            let status = child.wait().await?;
            Ok::<_, std::io::Error>(Ok((status, out, err)))
        };
        let (status, out, err) = match work.await {
            Err(io) => {
                return Err(TmuxError::new(
                    TmuxErrorKind::ServerGone,
                    format!("{command_name}: {io}"),
                ));
            }
            Ok(Err(e)) => return Err(e),
            Ok(Ok(done)) => done,
        };
        if status.success() {
            return Ok(String::from_utf8_lossy(&out).into_owned());
        }
        let message = String::from_utf8_lossy(&err).trim().to_owned();
        Err(TmuxError::from_stderr(command_name, &message))
    }
}

fn too_much(command_name: &str) -> TmuxError {
    TmuxError::new(
        TmuxErrorKind::Refused,
        format!(
            "{command_name}: tmux produced more than {} MiB; ask for less (fewer lines)",
            MAX_OUTPUT >> 20
        ),
    )
}
