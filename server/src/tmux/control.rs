//! A read-only control-mode client (`tmux -C attach -r -f ignore-size`): the event stream that
//! tells within a millisecond when a pane prints, instead of polling its screen.

use std::process::Stdio;

use tokio::io::{AsyncBufReadExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

use super::{Tmux, TmuxError, TmuxErrorKind};

/// What a control client reports that watchers care about.
#[derive(Debug, PartialEq, Eq)]
pub enum Event {
    /// A pane printed these bytes.
    Output {
        pane: String,
        bytes: Vec<u8>,
    },
    /// Windows or panes went away, or the client detached: a watched pane may be gone.
    Closing,
    /// The client's attach command finished; output from now on is new.
    Ready,
    Other,
}

pub struct Watch {
    child: Child,
    lines: Lines<BufReader<ChildStdout>>,
    /// Held open: a control client exits when its input closes.
    _stdin: ChildStdin,
    ended: bool,
}

impl Tmux {
    /// Attaches a read-only, size-ignoring control client to `target`'s session.
    pub async fn watch(&self, target: &str) -> Result<Watch, TmuxError> {
        let mut child = Command::new("tmux")
            .args(self.global_args())
            .args([
                "-C",
                "attach-session",
                "-r",
                "-f",
                "ignore-size",
                "-t",
                target,
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| {
                TmuxError::new(
                    TmuxErrorKind::ServerGone,
                    format!("cannot start a tmux control client: {e}"),
                )
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(TmuxError::new(
                TmuxErrorKind::ServerGone,
                "tmux control client has no pipes",
            ));
        };
        Ok(Watch {
            child,
            lines: BufReader::new(stdout).lines(),
            _stdin: stdin,
            ended: false,
        })
    }
}

impl Watch {
    /// The next event; `None` when the client has gone.
    pub async fn next(&mut self) -> Option<Event> {
        if self.ended {
            return None;
        }
        match self.lines.next_line().await {
            Ok(Some(line)) => Some(parse(&line)),
            _ => {
                self.ended = true;
                None
            }
        }
    }

    /// The client has exited: its session went away or it was detached.
    pub fn ended(&self) -> bool {
        self.ended
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

fn parse(line: &str) -> Event {
    if let Some(rest) = line.strip_prefix("%output ") {
        let (pane, data) = rest.split_once(' ').unwrap_or((rest, ""));
        return Event::Output {
            pane: pane.to_owned(),
            bytes: unescape(data),
        };
    }
    let word = line.split(' ').next().unwrap_or_default();
    match word {
        "%end" | "%error" => Event::Ready,
        "%window-close"
        | "%unlinked-window-close"
        | "%layout-change"
        | "%exit"
        | "%sessions-changed" => Event::Closing,
        _ => Event::Other,
    }
}

/// Control mode escapes bytes below 32 and the backslash as `\ooo` octal.
pub fn unescape(data: &str) -> Vec<u8> {
    let bytes = data.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\'
            && bytes.len() >= i + 4
            && bytes[i + 1..i + 4]
                .iter()
                .all(|b| (b'0'..=b'7').contains(b))
        {
            let n = bytes[i + 1..i + 4]
                .iter()
                .fold(0u32, |acc, b| acc * 8 + u32::from(b - b'0'));
            out.push(n as u8);
            i += 4;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn any_control_line_parses_without_panicking(line in "\\PC{0,80}|%output %[0-9]+ [\\\\0-7]{0,12}") {
            let _ = parse(&line);
            let _ = unescape(&line);
        }
    }

    #[test]
    fn parses_output_and_unescapes_octal() {
        let event = parse(r"%output %3 a\011b\134c\015\012");
        assert_eq!(
            event,
            Event::Output {
                pane: "%3".into(),
                bytes: b"a\tb\\c\r\n".to_vec()
            }
        );
        assert_eq!(parse("%exit"), Event::Closing);
        assert_eq!(parse("%end 1 2 0"), Event::Ready);
        assert_eq!(unescape(r"\1"), b"\\1".to_vec());
    }
}
