//! How a tmux failure reaches the agent: each [`TmuxErrorKind`] is a tool error kind.

use tmux::{TmuxError, TmuxErrorKind};

use crate::catalog::{ErrorKind, ToolError};

impl From<TmuxError> for ToolError {
    fn from(e: TmuxError) -> Self {
        let kind = match e.kind {
            TmuxErrorKind::ServerGone => ErrorKind::ServerGone,
            TmuxErrorKind::ObjectGone => ErrorKind::ObjectGone,
            TmuxErrorKind::Timeout => ErrorKind::Timeout,
            TmuxErrorKind::Refused => ErrorKind::Refused,
            TmuxErrorKind::Invalid => ErrorKind::InvalidInput,
            TmuxErrorKind::Unexpected => ErrorKind::Internal,
        };
        ToolError::new(kind, e.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_tmux_cannot_have_meant_is_an_internal_error() {
        let e = tmux::int_output("12 lines").unwrap_err();
        assert_eq!(ToolError::from(e).kind, ErrorKind::Internal);
    }
}
