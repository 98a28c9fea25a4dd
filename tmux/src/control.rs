//! Control-mode lines: what a control client's output says, for the client that carries
//! commands ([`super::channel`]).

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::ChildStdout;

use super::MAX_OUTPUT;

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

/// One line a control client printed, outside answer blocks.
#[derive(Debug, PartialEq, Eq)]
pub enum Notice<'a> {
    /// The client is now attached to this session.
    SessionChanged(&'a str),
    /// The client is leaving.
    Exit,
    Other,
}

pub fn parse(line: &str) -> Notice<'_> {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word {
        "%session-changed" => Notice::SessionChanged(rest.split(' ').next().unwrap_or_default()),
        "%exit" => Notice::Exit,
        _ => Notice::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn any_control_line_parses_without_panicking(line in "\\PC{0,80}") {
            let _ = parse(&line);
        }
    }

    #[test]
    fn parses_what_the_command_client_acts_on() {
        assert_eq!(parse("%exit"), Notice::Exit);
        assert_eq!(parse("%exit detached"), Notice::Exit);
        assert_eq!(
            parse("%session-changed $4 name"),
            Notice::SessionChanged("$4")
        );
        assert_eq!(parse(r"%output %3 a\011b"), Notice::Other);
    }
}
