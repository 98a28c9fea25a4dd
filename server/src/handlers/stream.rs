//! Turns a pane's raw output bytes into lines of text as a person would read them: escape
//! sequences dropped, carriage returns and backspaces applied.

#[derive(Default)]
pub struct LineAssembler {
    line: Vec<u8>,
    state: State,
    carriage_return: bool,
}

#[derive(Default, Clone, Copy, PartialEq, Eq)]
enum State {
    #[default]
    Text,
    Escape,
    /// `ESC [ … final`
    Csi,
    /// `ESC ] …`, `ESC P …`: ends with BEL or `ESC \`.
    String,
    StringEscape,
    /// `ESC (` and friends take one more byte.
    OneMore,
}

impl LineAssembler {
    /// Feeds bytes; returns the lines they completed.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<String> {
        let mut done = Vec::new();
        for &b in bytes {
            match self.state {
                State::Text => self.text(b, &mut done),
                State::Escape => {
                    self.state = match b {
                        b'[' => State::Csi,
                        b']' | b'P' | b'_' | b'^' | b'X' => State::String,
                        b'(' | b')' | b'*' | b'+' | b'#' | b'%' => State::OneMore,
                        _ => State::Text,
                    }
                }
                State::Csi => {
                    if (0x40..=0x7e).contains(&b) {
                        self.state = State::Text;
                    }
                }
                State::String => {
                    self.state = match b {
                        0x07 => State::Text,
                        0x1b => State::StringEscape,
                        _ => State::String,
                    }
                }
                State::StringEscape => {
                    self.state = if b == b'\\' {
                        State::Text
                    } else {
                        State::String
                    }
                }
                State::OneMore => self.state = State::Text,
            }
        }
        done
    }

    fn text(&mut self, b: u8, done: &mut Vec<String>) {
        if self.carriage_return && b != b'\n' {
            // A lone carriage return starts the line over (progress bars, prompts redrawn).
            self.line.clear();
        }
        self.carriage_return = false;
        match b {
            b'\n' => {
                done.push(String::from_utf8_lossy(&std::mem::take(&mut self.line)).into_owned())
            }
            b'\r' => self.carriage_return = true,
            0x1b => self.state = State::Escape,
            0x08 => {
                while let Some(last) = self.line.pop() {
                    if last & 0xc0 != 0x80 {
                        break;
                    }
                }
            }
            b'\t' => self.line.push(b),
            b if b < 0x20 || b == 0x7f => {}
            b => self.line.push(b),
        }
    }

    /// The line being written (a prompt, say).
    pub fn partial(&self) -> String {
        String::from_utf8_lossy(&self.line).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::LineAssembler;

    #[test]
    fn strips_escapes_and_applies_control_characters() {
        let mut a = LineAssembler::default();
        assert_eq!(a.push(b"\x1b[31mred\x1b[0m\r\n"), ["red"]);
        assert_eq!(a.push(b"10%\r20%\r\x1b]0;title\x07done\n"), ["done"]);
        assert_eq!(a.push(b"ab\x08c\xc3"), Vec::<String>::new());
        assert_eq!(a.push(b"\xa9\n"), ["acé"]);
        a.push(b"$ ");
        assert_eq!(a.partial(), "$ ");
    }
}
