//! Turns a pane's raw output bytes into lines of text as a person would read them: escape
//! sequences dropped, carriage returns and backspaces applied. Operating-system commands
//! (`ESC ] … BEL`) addressed to this server are handed back as reports instead: a terminal
//! never shows them, so a command can say it has finished without leaving a trace on screen.

/// The OSC number of reports from commands this server typed (`ESC ] 6973 ; body BEL`); tmux
/// 3.3a ignores OSC numbers it does not know (input.c, `input_exit_osc`), so nothing reaches
/// the screen or the person's terminal.
pub const REPORT_OSC: &str = "6973";
/// Longest line kept; the rest of a longer line is counted, not stored.
pub const LINE_CAP: usize = 16 << 10;
/// Longest OSC body looked at; longer ones are never reports.
const REPORT_CAP: usize = 128;
/// Longest CSI parameter run kept: a mode list longer than this is not looked at.
const CSI_CAP: usize = 32;

/// What a run of output bytes amounts to, in order.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece {
    /// A line ended: its text, and the text bytes seen when it last started over (see
    /// [`LineAssembler::restarted`]).
    Line { text: String, restarted: u64 },
    /// A report (`ESC ] 6973 ; body BEL`): its body, the line being written when it came and
    /// the bytes of text seen by then.
    Report {
        body: String,
        partial: String,
        text_bytes: u64,
        restarted: u64,
    },
}

#[derive(Default)]
pub struct LineAssembler {
    line: Vec<u8>,
    state: State,
    carriage_return: bool,
    /// The text bytes seen when the line being written last started over (a carriage return
    /// and more text after it, as a TUI redraws its line); 0 when it never did.
    restarted: u64,
    /// The body of the OSC being read, while it may still be a report.
    osc: Option<Vec<u8>>,
    /// Bytes of text seen (line bytes and newlines), including what the line cap left out.
    text_bytes: u64,
    /// The parameters of the CSI sequence being read (enough for private modes).
    csi: Vec<u8>,
    /// Whether the program asked for bracketed paste (`CSI ? 2004 h`, or `l` to stop), as
    /// far as this stream has seen.
    bracketed_paste: Option<bool>,
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
    /// Feeds bytes; calls `out` with each line completed and each report, in order.
    pub fn push(&mut self, bytes: &[u8], out: &mut impl FnMut(Piece)) {
        for &b in bytes {
            match self.state {
                State::Text => self.text(b, out),
                State::Escape => {
                    self.state = match b {
                        b'[' => {
                            self.csi.clear();
                            State::Csi
                        }
                        b']' => {
                            self.osc = Some(Vec::new());
                            State::String
                        }
                        b'P' | b'_' | b'^' | b'X' => State::String,
                        b'(' | b')' | b'*' | b'+' | b'#' | b'%' => State::OneMore,
                        _ => State::Text,
                    }
                }
                State::Csi => {
                    if (0x40..=0x7e).contains(&b) {
                        self.state = State::Text;
                        self.private_mode(b);
                    } else if self.csi.len() < CSI_CAP {
                        self.csi.push(b);
                    }
                }
                State::String => match b {
                    0x07 => self.end_string(out),
                    0x1b => self.state = State::StringEscape,
                    _ => {
                        if let Some(osc) = &mut self.osc {
                            osc.push(b);
                            if osc.len() > REPORT_CAP {
                                self.osc = None;
                            }
                        }
                    }
                },
                State::StringEscape => {
                    if b == b'\\' {
                        self.end_string(out);
                    } else {
                        self.osc = None;
                        self.state = State::String;
                    }
                }
                State::OneMore => self.state = State::Text,
            }
        }
    }

    /// Notes bracketed paste being set or reset by the CSI sequence ending in `last`.
    fn private_mode(&mut self, last: u8) {
        let set = match last {
            b'h' => true,
            b'l' => false,
            _ => return,
        };
        if let Some(modes) = self.csi.strip_prefix(b"?")
            && modes.split(|b| *b == b';').any(|m| m == b"2004")
        {
            self.bracketed_paste = Some(set);
        }
    }

    /// Whether the program asked for bracketed paste, when the stream has seen it say.
    pub fn bracketed_paste(&self) -> Option<bool> {
        self.bracketed_paste
    }

    fn end_string(&mut self, out: &mut impl FnMut(Piece)) {
        self.state = State::Text;
        let Some(body) = self.osc.take() else { return };
        let body = String::from_utf8_lossy(&body);
        if let Some(report) = body
            .strip_prefix(REPORT_OSC)
            .and_then(|r| r.strip_prefix(';'))
        {
            out(Piece::Report {
                body: report.to_owned(),
                partial: self.partial(),
                text_bytes: self.text_bytes,
                restarted: self.restarted,
            });
        }
    }

    fn text(&mut self, b: u8, out: &mut impl FnMut(Piece)) {
        if self.carriage_return && b != b'\n' {
            // A lone carriage return starts the line over (progress bars, prompts redrawn).
            if !self.line.is_empty() {
                self.restarted = self.text_bytes;
            }
            self.line.clear();
        }
        self.carriage_return = false;
        match b {
            b'\n' => {
                self.text_bytes += 1;
                out(Piece::Line {
                    text: String::from_utf8_lossy(&std::mem::take(&mut self.line)).into_owned(),
                    restarted: std::mem::take(&mut self.restarted),
                })
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
            b if b == b'\t' || (b >= 0x20 && b != 0x7f) => {
                self.text_bytes += 1;
                if self.line.len() < LINE_CAP {
                    self.line.push(b);
                }
            }
            _ => {}
        }
    }

    /// The text bytes seen when the line being written last started over; 0 when it never
    /// did. A position on the line taken at or before this count no longer marks a place in
    /// what the line holds.
    pub fn restarted(&self) -> u64 {
        self.restarted
    }

    /// The line being written (a prompt, say).
    pub fn partial(&self) -> String {
        String::from_utf8_lossy(&self.line).into_owned()
    }

    /// Bytes of the line being written, as [`LineAssembler::partial`] would hold them.
    pub fn partial_len(&self) -> usize {
        match std::str::from_utf8(&self.line) {
            Ok(text) => text.len(),
            Err(_) => self.partial().len(),
        }
    }

    /// Bytes of text seen so far: what lines held, newlines included, escapes not.
    pub fn text_bytes(&self) -> u64 {
        self.text_bytes
    }
}

#[cfg(test)]
mod tests {
    use super::{LINE_CAP, LineAssembler, Piece};

    #[test]
    fn bracketed_paste_is_followed_through_private_modes() {
        let mut a = LineAssembler::default();
        assert_eq!(a.bracketed_paste(), None);
        a.push(b"\x1b[?1049h\x1b[?2004hready", &mut |_| {});
        assert_eq!(a.bracketed_paste(), Some(true));
        a.push(b"\x1b[?25;2004l", &mut |_| {});
        assert_eq!(a.bracketed_paste(), Some(false));
        a.push(b"\x1b[2004h\x1b[?20045h", &mut |_| {});
        assert_eq!(
            a.bracketed_paste(),
            Some(false),
            "not private, or another mode"
        );
        assert_eq!(a.partial(), "ready");
    }

    fn feed(a: &mut LineAssembler, bytes: &[u8]) -> Vec<Piece> {
        let mut out = Vec::new();
        a.push(bytes, &mut |p| out.push(p));
        out
    }

    fn line(text: &str) -> Piece {
        Piece::Line {
            text: text.to_owned(),
            restarted: 0,
        }
    }

    #[test]
    fn strips_escapes_and_applies_control_characters() {
        let mut a = LineAssembler::default();
        assert_eq!(feed(&mut a, b"\x1b[31mred\x1b[0m\r\n"), [line("red")]);
        assert_eq!(
            feed(&mut a, b"10%\r20%\r\x1b]0;title\x07done\n"),
            [Piece::Line {
                text: "done".into(),
                restarted: 10
            }]
        );
        assert_eq!(feed(&mut a, b"ab\x08c\xc3"), []);
        assert_eq!(feed(&mut a, b"\xa9\n"), [line("acé")]);
        feed(&mut a, b"$ ");
        assert_eq!(a.partial(), "$ ");
    }

    fn report(body: &str, partial: &str, text_bytes: u64) -> Piece {
        Piece::Report {
            body: body.into(),
            partial: partial.into(),
            text_bytes,
            restarted: 0,
        }
    }

    #[test]
    fn reports_come_out_in_order_and_other_strings_do_not() {
        let mut a = LineAssembler::default();
        assert_eq!(
            feed(
                &mut a,
                b"one\n\x1b]6973;abc\x07two\n\x1b]6973;abc;0\x1b\\\x1b]697;x\x07\x1b]0;6973;t\x07"
            ),
            [
                line("one"),
                report("abc", "", 4),
                line("two"),
                report("abc;0", "", 8)
            ]
        );
        // The typed line that prints a report is text, not a report.
        assert_eq!(
            feed(&mut a, b"printf '\\33]6973;abc\\7'\n"),
            [line("printf '\\33]6973;abc\\7'")]
        );
    }

    #[test]
    fn a_long_line_is_cut_and_still_counted() {
        let mut a = LineAssembler::default();
        let long = vec![b'x'; LINE_CAP * 3];
        feed(&mut a, &long);
        let pieces = feed(&mut a, b"\n");
        assert!(matches!(&pieces[..], [Piece::Line { text, .. }] if text.len() == LINE_CAP));
        assert_eq!(a.text_bytes(), (LINE_CAP * 3 + 1) as u64);
    }
}
