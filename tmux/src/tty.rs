//! A pane's terminal, as the program in it set it up: whether the program reads keys itself
//! (non-canonical mode: readline, prompt_toolkit, Ink, crossterm, bubbletea) or takes cooked
//! lines from the terminal driver (canonical mode: `cat`, a shell's `read`).
//!
//! Read with `tcgetattr` on the pane's tty (`#{pane_tty}`), opened without becoming its
//! controlling terminal and never read from, so nothing the program is sent is taken. This
//! works wherever the server's user owns the pane's terminal, as tmux's panes are: Linux,
//! macOS and the BSDs alike.

use std::fs::OpenOptions;
use std::os::unix::fs::OpenOptionsExt;

use nix::fcntl::OFlag;
use nix::sys::termios::{LocalFlags, tcgetattr};

/// How the program in a pane takes its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Discipline {
    /// Non-canonical: every key goes to the program as it comes; it edits its own input.
    Keys,
    /// Canonical: the terminal driver edits the line and hands it over at Enter.
    Lines,
}

/// The discipline of the terminal at `tty` (a path such as `/dev/pts/3`); `None` when it
/// cannot be opened or read (gone, or another user's).
pub fn discipline(tty: &str) -> Option<Discipline> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags((OFlag::O_NOCTTY | OFlag::O_NONBLOCK).bits())
        .open(tty)
        .ok()?;
    let termios = tcgetattr(&file).ok()?;
    Some(if termios.local_flags.contains(LocalFlags::ICANON) {
        Discipline::Lines
    } else {
        Discipline::Keys
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn what_is_no_terminal_says_nothing() {
        assert_eq!(super::discipline("/nonexistent/tty"), None);
        assert_eq!(super::discipline("/dev/null"), None);
    }
}
