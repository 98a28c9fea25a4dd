//! What can go wrong talking to tmux, classified from what tmux says.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TmuxErrorKind {
    /// No server answers on the socket.
    ServerGone,
    /// The session, window, pane or buffer named does not exist.
    ObjectGone,
    /// The command did not finish within its deadline.
    Timeout,
    /// tmux refused the command for another reason.
    Refused,
    /// A value tmux cannot take (a NUL byte); the command was never sent.
    Invalid,
    /// tmux answered with something this server cannot read: a defect here or a tmux it does
    /// not know.
    Unexpected,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct TmuxError {
    pub kind: TmuxErrorKind,
    pub message: String,
}

impl TmuxError {
    pub fn new(kind: TmuxErrorKind, message: impl Into<String>) -> Self {
        TmuxError {
            kind,
            message: message.into(),
        }
    }

    /// Classifies a failed command by its stderr.
    pub fn from_stderr(command: &str, stderr: &str) -> Self {
        let first = stderr
            .lines()
            .next()
            .unwrap_or("tmux failed without a message");
        let kind = if first.starts_with("no server running on")
            || first.starts_with("error connecting to")
            || first.contains("server exited")
            // A client whose server was killed outright (client.c, CLIENT_EXIT_LOST_SERVER).
            || first.starts_with("lost server")
        {
            TmuxErrorKind::ServerGone
        } else if first.starts_with("can't find")
            || first.starts_with("no such")
            || first.contains("not found")
            // What a target names on a server whose last session has just ended.
            || first == "no current target"
        {
            TmuxErrorKind::ObjectGone
        } else {
            TmuxErrorKind::Refused
        };
        let message = match kind {
            TmuxErrorKind::ServerGone => format!(
                "no tmux server answers on the selected socket ({first}); start it or wait for it to come back"
            ),
            TmuxErrorKind::ObjectGone => {
                format!("{first}; list sessions, windows or panes again to get current ids")
            }
            _ => format!("tmux {command}: {first}"),
        };
        TmuxError { kind, message }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_what_tmux_says() {
        let k = |s| TmuxError::from_stderr("x", s).kind;
        assert_eq!(
            k("no server running on /tmp/tmux-0/x"),
            TmuxErrorKind::ServerGone
        );
        assert_eq!(
            k("error connecting to /tmp/tmux-0/x (No such file or directory)"),
            TmuxErrorKind::ServerGone
        );
        assert_eq!(k("can't find pane: %99"), TmuxErrorKind::ObjectGone);
        assert_eq!(k("can't find session: nope"), TmuxErrorKind::ObjectGone);
        assert_eq!(k("no current target"), TmuxErrorKind::ObjectGone);
        assert_eq!(
            k("create window failed: index in use: 1"),
            TmuxErrorKind::Refused
        );
    }
}
