//! Asking the tmux server as a person's command from outside tmux would: a `tmux` subprocess
//! without `TMUX`, and the server's version. Below the client, which asks this way.

use std::ffi::OsString;

use crate::{Command, Verb};

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

/// `display-message -p` of the server's version.
pub(crate) fn ask_version() -> Command {
    Command::new(Verb::DisplayMessage)
        .flag("-p")
        .flag("#{version}")
}
