//! The connection to one tmux server: every command goes through [`Tmux::run`], as argv (never a
//! shell), under a deadline, with bounded output and typed errors.
//!
//! Handlers see only this API. Today each command is a `tmux` subprocess; a persistent
//! control-mode client can carry the same calls later without any handler changing.

mod control;
mod error;
mod format;

use std::ffi::OsString;
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::AsyncReadExt;
use tokio::process::Command;

pub use control::{Event, Watch};
pub use error::{TmuxError, TmuxErrorKind};
pub use format::{Fields, SEPARATOR, quote_literal, row_format};

/// Deadline of an ordinary tmux command.
pub const COMMAND_DEADLINE: Duration = Duration::from_secs(10);
/// Most bytes of stdout kept from one command.
pub const MAX_OUTPUT: usize = 64 << 20;
/// Most bytes of stderr kept from one command.
const MAX_ERROR_OUTPUT: usize = 64 << 10;

/// How to reach the tmux server: the global arguments every command starts with.
#[derive(Debug, Clone)]
pub struct Tmux {
    global: Arc<[OsString]>,
}

impl Tmux {
    /// `global` are the arguments before the command: `-L name` or `-S path`, and `-f config`.
    pub fn new(global: Vec<OsString>) -> Self {
        Tmux { global: global.into() }
    }

    /// The global arguments (for building an attach command, say).
    pub fn global_args(&self) -> &[OsString] {
        &self.global
    }

    /// Runs one command and returns its stdout.
    pub async fn run<S: AsRef<str>>(&self, args: &[S]) -> Result<String, TmuxError> {
        self.run_for(args, COMMAND_DEADLINE).await
    }

    /// Runs one command with its own deadline (for commands that block, like `wait-for`).
    pub async fn run_for<S: AsRef<str>>(&self, args: &[S], deadline: Duration) -> Result<String, TmuxError> {
        let command_name = args.first().map(|a| a.as_ref().to_owned()).unwrap_or_default();
        if let Some(bad) = args.iter().find(|a| a.as_ref().contains('\0')) {
            return Err(TmuxError::new(
                TmuxErrorKind::Refused,
                format!("{command_name}: an argument contains a NUL byte ({} bytes); tmux cannot take it", bad.as_ref().len()),
            ));
        }
        let mut cmd = Command::new("tmux");
        cmd.args(self.global.iter())
            .args(args.iter().map(|a| a.as_ref()))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        let mut child = cmd.spawn().map_err(|e| {
            TmuxError::new(TmuxErrorKind::ServerGone, format!("cannot run tmux ({e}); is tmux installed and on PATH?"))
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
                    s.take(MAX_ERROR_OUTPUT as u64).read_to_end(&mut err).await?;
                }
                Ok::<_, std::io::Error>(())
            };
            let (a, b) = tokio::join!(read_out, read_err);
            a.and(b)?;
            if out.len() > MAX_OUTPUT {
                return Ok(Err(TmuxError::new(
                    TmuxErrorKind::Refused,
                    format!("{command_name}: tmux produced more than {} MiB; ask for less (fewer lines)", MAX_OUTPUT >> 20),
                )));
            }
            let status = child.wait().await?;
            Ok::<_, std::io::Error>(Ok((status, out, err)))
        };
        let (status, out, err) = match tokio::time::timeout(deadline, work).await {
            Err(_) => {
                return Err(TmuxError::new(
                    TmuxErrorKind::Timeout,
                    format!("{command_name}: tmux did not answer within {} ms", deadline.as_millis()),
                ));
            }
            Ok(Err(io)) => return Err(TmuxError::new(TmuxErrorKind::ServerGone, format!("{command_name}: {io}"))),
            Ok(Ok(Err(e))) => return Err(e),
            Ok(Ok(Ok(done))) => done,
        };
        if status.success() {
            return Ok(String::from_utf8_lossy(&out).into_owned());
        }
        let message = String::from_utf8_lossy(&err).trim().to_owned();
        Err(TmuxError::from_stderr(&command_name, &message))
    }
}
