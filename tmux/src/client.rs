//! [`Tmux`]: every command goes through [`Tmux::run`], as argv (never a shell), under a
//! deadline, with bounded output and typed errors.

use std::ffi::OsString;
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::AsyncReadExt;
use tokio::sync::Semaphore;

use crate::{Script, TmuxError, TmuxErrorKind, channel, follow};

/// Deadline of an ordinary tmux command.
pub const COMMAND_DEADLINE: Duration = Duration::from_secs(10);
/// Most bytes of stdout kept from one command.
pub const MAX_OUTPUT: usize = 64 << 20;
/// Most bytes of stderr kept from one command.
const MAX_ERROR_OUTPUT: usize = 64 << 10;

/// How to reach the tmux server: the global arguments every command starts with, and the
/// control client that carries most commands.
#[derive(Clone)]
pub struct Tmux {
    pub(crate) global: Arc<[OsString]>,
    pub(crate) channel: Arc<channel::Channel>,
    pub(crate) streams: Arc<follow::Streams>,
    pub(crate) handshakes: follow::Handshakes,
    /// Ordinary subprocesses take turns: tmux answers one command at a time, so subprocesses
    /// running at once (a batch of captures, say) would only share one another's deadline.
    pub(crate) subprocess_turn: Arc<Semaphore>,
}

impl Tmux {
    /// `global` are the arguments before the command: `-L name` or `-S path`, and `-f config`.
    pub fn new(global: Vec<OsString>) -> Self {
        let global: Arc<[OsString]> = global.into();
        let handshakes = follow::Handshakes::default();
        Tmux {
            channel: Arc::new(channel::Channel::new(global.clone(), handshakes.clone())),
            streams: Arc::default(),
            handshakes,
            global,
            subprocess_turn: Arc::new(Semaphore::new(1)),
        }
    }

    /// The session the command-carrying control client is attached to: its count of attached
    /// clients includes this server's client.
    pub fn control_session(&self) -> Option<String> {
        self.channel.session()
    }

    /// Runs a command or script and returns its output, through the control client when it
    /// can carry every command, else a subprocess.
    pub async fn run(&self, script: impl Into<Script>) -> Result<String, TmuxError> {
        let script = script.into();
        if script.carried()
            && let Some(done) = self.channel.run(&script, COMMAND_DEADLINE).await
        {
            return done;
        }
        // The deadline starts with the turn; the semaphore is never closed.
        let _turn = self.subprocess_turn.acquire().await.ok();
        self.run_for(script, COMMAND_DEADLINE).await
    }

    /// Runs commands in a `tmux` subprocess with their own deadline (for commands that block,
    /// like `wait-for`, and for probes that must not attach a client).
    pub async fn run_for(
        &self,
        script: impl Into<Script>,
        deadline: Duration,
    ) -> Result<String, TmuxError> {
        let script = script.into();
        let command_name = script.name();
        let mut cmd = tokio::process::Command::new("tmux");
        cmd.args(self.global.iter())
            .args(script.argv())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
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
                return Ok(Err(TmuxError::new(
                    TmuxErrorKind::Refused,
                    format!(
                        "{command_name}: tmux produced more than {} MiB; ask for less (fewer lines)",
                        MAX_OUTPUT >> 20
                    ),
                )));
            }
            let status = child.wait().await?;
            Ok::<_, std::io::Error>(Ok((status, out, err)))
        };
        let (status, out, err) = match tokio::time::timeout(deadline, work).await {
            Err(_) => {
                return Err(TmuxError::new(
                    TmuxErrorKind::Timeout,
                    format!(
                        "{command_name}: tmux did not answer within {} ms",
                        deadline.as_millis()
                    ),
                ));
            }
            Ok(Err(io)) => {
                return Err(TmuxError::new(
                    TmuxErrorKind::ServerGone,
                    format!("{command_name}: {io}"),
                ));
            }
            Ok(Ok(Err(e))) => return Err(e),
            Ok(Ok(Ok(done))) => done,
        };
        if status.success() {
            return Ok(String::from_utf8_lossy(&out).into_owned());
        }
        let message = String::from_utf8_lossy(&err).trim().to_owned();
        Err(TmuxError::from_stderr(command_name, &message))
    }
}
