//! Control-mode lines: what a control client's output says, for the client that carries
//! commands ([`super::channel`]) and those that follow pane output ([`super::follow`]).

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::ChildStdout;

use super::MAX_OUTPUT;

/// Control clients of this server start one at a time: see the note of the `follow` module.
pub type Handshakes = std::sync::Arc<tokio::sync::Mutex<()>>;

/// A control client's output, line by line, with answer blocks put together.
pub struct Reader {
    stdout: BufReader<ChildStdout>,
    line: Vec<u8>,
    /// The open block's guard and body.
    block: Option<(String, Vec<u8>)>,
    attached: bool,
}

/// What the next line of a control client's output completed.
pub enum Item {
    /// An answer block ended (`%end`, or `%error` when `ok` is false) with this body. Only the
    /// first block (the attach's) and blocks flagged as answering the client's own input
    /// (flags `1`) are `ours`: commands tmux runs in the client's name (hooks) print blocks too.
    Answer { ok: bool, body: String, ours: bool },
    /// A line outside blocks.
    Notice(String),
    /// A line inside a block.
    Inside,
}

impl Reader {
    pub fn new(stdout: ChildStdout) -> Self {
        Reader {
            stdout: BufReader::new(stdout),
            line: Vec::new(),
            block: None,
            attached: false,
        }
    }

    /// The next item; `None` when the client has gone, or an answer grew far beyond any this
    /// server asks for.
    pub async fn next(&mut self) -> Option<Item> {
        self.line.clear();
        match self.stdout.read_until(b'\n', &mut self.line).await {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        let raw = self.line.strip_suffix(b"\n").unwrap_or(&self.line);
        let text = String::from_utf8_lossy(raw);
        let Some((guard, body)) = &mut self.block else {
            if let Some(guard) = text.strip_prefix("%begin ") {
                self.block = Some((guard.to_owned(), Vec::new()));
                return Some(Item::Inside);
            }
            return Some(Item::Notice(text.into_owned()));
        };
        let end = text
            .strip_prefix("%end ")
            .map(|rest| (rest, true))
            .or_else(|| text.strip_prefix("%error ").map(|rest| (rest, false)));
        match end {
            Some((rest, ok)) if rest == guard.as_str() => {
                let ours = !self.attached || guard.ends_with(" 1");
                self.attached = true;
                let body = String::from_utf8_lossy(body).into_owned();
                self.block = None;
                Some(Item::Answer { ok, body, ours })
            }
            _ if body.len() + self.line.len() > MAX_OUTPUT => None,
            _ => {
                body.extend_from_slice(&self.line);
                Some(Item::Inside)
            }
        }
    }
}

/// One line a control client printed.
#[derive(Debug, PartialEq, Eq)]
pub enum Notice<'a> {
    /// A pane printed this (escaped: see [`unescape`]).
    Output {
        pane: &'a str,
        escaped: &'a str,
    },
    /// Windows or panes closed or changed: a followed pane may be gone.
    Changed,
    /// A window's layout changed: its panes may have another size.
    Layout,
    /// The client is now attached to this session.
    SessionChanged(&'a str),
    /// A subscription's value changed (or was first read): for pane subscriptions, the pane
    /// and the value, as tmux expanded the format.
    Subscription {
        pane: &'a str,
        value: &'a str,
    },
    /// The client is leaving.
    Exit,
    Other,
}

pub fn parse(line: &str) -> Notice<'_> {
    if let Some(rest) = line.strip_prefix("%output ") {
        let (pane, data) = rest.split_once(' ').unwrap_or((rest, ""));
        return Notice::Output {
            pane,
            escaped: data,
        };
    }
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word {
        "%session-changed" => Notice::SessionChanged(rest.split(' ').next().unwrap_or_default()),
        "%exit" => Notice::Exit,
        // %subscription-changed NAME $S @W INDEX %P : VALUE ("-" for what it is not about).
        "%subscription-changed" => {
            let Some((head, value)) = rest.split_once(" : ") else {
                return Notice::Other;
            };
            match head.split(' ').nth(4) {
                Some(pane) if pane.starts_with('%') => Notice::Subscription { pane, value },
                _ => Notice::Other,
            }
        }
        "%layout-change" => Notice::Layout,
        "%window-close" | "%unlinked-window-close" | "%sessions-changed" | "%pane-mode-changed" => {
            Notice::Changed
        }
        _ => Notice::Other,
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
        let notice = parse(r"%output %3 a\011b\134c\015\012");
        assert_eq!(
            notice,
            Notice::Output {
                pane: "%3",
                escaped: r"a\011b\134c\015\012"
            }
        );
        assert_eq!(unescape(r"a\011b\134c\015\012"), b"a\tb\\c\r\n".to_vec());
        assert_eq!(parse("%exit"), Notice::Exit);
        assert_eq!(
            parse("%session-changed $4 name"),
            Notice::SessionChanged("$4")
        );
        assert_eq!(parse("%layout-change @1 x y *"), Notice::Layout);
        assert_eq!(
            parse("%subscription-changed agent7 $1 @2 0 %7 : needs input"),
            Notice::Subscription {
                pane: "%7",
                value: "needs input"
            }
        );
        assert_eq!(
            parse("%subscription-changed agent7 $1 @2 0 %7 : "),
            Notice::Subscription {
                pane: "%7",
                value: ""
            },
            "an unset option"
        );
        assert_eq!(parse("%subscription-changed s $1 - - - : x"), Notice::Other);
        assert_eq!(unescape(r"\1"), b"\\1".to_vec());
    }
}
