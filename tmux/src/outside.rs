//! Asking the tmux server as a person's command from outside tmux would: a `tmux` subprocess
//! without `TMUX`, the session such a command acts on, and the server's version. Below the
//! client and its channel, which ask this way.

use std::ffi::OsString;
use std::process::Stdio;
use std::sync::{Arc, Mutex};

use crate::command::COMMAND_DEADLINE;
use crate::version::Version;
use crate::{Command, Verb};

/// The version of the tmux server behind the socket, as far as this client knows it.
pub(crate) type Known = Arc<Mutex<Option<Version>>>;

/// A `tmux` process on the socket `global` names, run as from outside tmux (no `TMUX` or
/// `TMUX_PANE`) wherever this server runs: it finds what a person's own command run there
/// would find.
pub(crate) fn process(global: &[OsString]) -> tokio::process::Command {
    let mut command = tokio::process::Command::new("tmux");
    command
        .args(global)
        .env_remove("TMUX")
        .env_remove("TMUX_PANE")
        .kill_on_drop(true);
    command
}

/// The session a `tmux` command run outside tmux acts on (the one most recently used), the
/// server's pid (a restarted server has another) and its version. Asked in a subprocess, so
/// that no client attaches for it.
pub(crate) async fn outside_server(global: &[OsString]) -> Option<(String, String, Version)> {
    let asked = process(global)
        .args(["display-message", "-p", "#{session_id} #{pid} #{version}"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output();
    let out = tokio::time::timeout(COMMAND_DEADLINE, asked)
        .await
        .ok()?
        .ok()?;
    let out = String::from_utf8_lossy(&out.stdout);
    let mut fields = out.trim().splitn(3, ' ');
    let (id, pid, version) = (fields.next()?, fields.next()?, fields.next()?);
    id.starts_with('$')
        .then(|| (id.to_owned(), pid.to_owned(), Version::parse(version)))
}

/// `display-message -p` of the server's version and the current session (a control client's
/// own).
pub(crate) fn identify() -> Command {
    Command::new(Verb::DisplayMessage)
        .flag("-p")
        .flag("#{version} #{session_id}")
}

/// Reads the answer to [`identify`]: the server's version, and the session (empty for none).
pub(crate) fn identified(out: &str) -> Option<(Version, &str)> {
    let (version, session) = out.trim_end_matches('\n').split_once(' ')?;
    Some((Version::parse(version), session))
}
