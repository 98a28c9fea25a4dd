//! A followed pane's screen as a terminal shows it: the pane's output fed through a terminal
//! emulator (`vt100`), so text a program draws by cursor addressing, on the alternate screen,
//! in a scroll region or between cursor jumps reads as the pane shows it, not as the bytes
//! arrived.
//!
//! The model starts from what tmux shows (a [`Seed`]: the screen and, on the alternate screen,
//! the main one beneath it, the cursor and the modes that change where text lands), taken on
//! the pane's own output stream so that it stands exactly between two bytes of output. Every
//! row keeps the change count at which its text last changed; rows pushed off the top are kept
//! as text for a while, with the count at which they went.

use std::collections::VecDeque;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::num::NonZeroU16;

/// Most rows pushed off the top kept as text, and their bytes.
const HISTORY_ROWS: usize = 1_024;
const HISTORY_BYTES: usize = 64 << 10;
/// Largest side of a model: tmux's own limit on a pane's size is far smaller (10,000).
const MAX_SIDE: u16 = 1_000;

/// The hash of a row's text (trailing spaces removed), as baselines hold it.
pub fn row_hash(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.trim_end().hash(&mut h);
    h.finish()
}

/// What tmux shows of a pane at one point of its output: its size, cursor and modes, and its
/// rows as `capture-pane -e` prints them (with their colours and attributes).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Seed {
    pub width: u16,
    pub height: u16,
    pub cursor_x: u16,
    pub cursor_y: u16,
    pub alternate: bool,
    pub scroll_upper: u16,
    pub scroll_lower: u16,
    pub insert: bool,
    pub wrap: bool,
    pub origin: bool,
    /// The rows shown.
    pub rows: Vec<String>,
    /// On the alternate screen, the main screen's rows beneath it.
    pub main: Vec<String>,
}

impl Seed {
    /// The format whose fields [`Seed::read`] takes, in order.
    pub const FIELDS: [&'static str; 10] = [
        "pane_width",
        "pane_height",
        "cursor_x",
        "cursor_y",
        "alternate_on",
        "scroll_region_upper",
        "scroll_region_lower",
        "insert_flag",
        "wrap_flag",
        "origin_flag",
    ];

    /// Reads the fields of [`Seed::FIELDS`] (separated by spaces) and two captures: of the screen
    /// shown, and of the saved main screen (empty unless on the alternate one). `None` when the
    /// fields are not what was asked.
    pub fn read(fields: &str, shown: &str, main: &str) -> Option<Seed> {
        let values: Vec<u16> = fields
            .split_whitespace()
            .map(|v| v.parse().ok())
            .collect::<Option<_>>()?;
        let &[
            width,
            height,
            cursor_x,
            cursor_y,
            alternate,
            upper,
            lower,
            insert,
            wrap,
            origin,
        ] = values.as_slice()
        else {
            return None;
        };
        let rows = |capture: &str| capture.lines().map(str::to_owned).collect::<Vec<_>>();
        Some(Seed {
            width,
            height,
            cursor_x,
            cursor_y,
            alternate: alternate == 1,
            scroll_upper: upper,
            scroll_lower: lower,
            insert: insert == 1,
            wrap: wrap == 1,
            origin: origin == 1,
            rows: rows(shown),
            main: if alternate == 1 {
                rows(main)
            } else {
                Vec::new()
            },
        })
    }

    /// The bytes that bring a blank terminal of this size to this state: the rows shown (on
    /// the alternate screen, its rows, drawn on the model's one screen), the scroll region, the
    /// modes and the cursor.
    fn replay(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (i, row) in self.rows.iter().enumerate().take(usize::from(self.height)) {
            out.extend_from_slice(format!("\x1b[{};1H\x1b[0m", i + 1).as_bytes());
            out.extend_from_slice(row.as_bytes());
        }
        out.extend_from_slice(b"\x1b[0m");
        if self.scroll_upper != 0 || self.scroll_lower + 1 != self.height {
            out.extend_from_slice(
                format!("\x1b[{};{}r", self.scroll_upper + 1, self.scroll_lower + 1).as_bytes(),
            );
        }
        if self.origin {
            out.extend_from_slice(b"\x1b[?6h");
        }
        if !self.wrap {
            out.extend_from_slice(b"\x1b[?7l");
        }
        if self.insert {
            out.extend_from_slice(b"\x1b[4h");
        }
        // With origin mode on, the cursor's row counts from the scroll region's top.
        let row = if self.origin {
            self.cursor_y.saturating_sub(self.scroll_upper)
        } else {
            self.cursor_y
        };
        out.extend_from_slice(format!("\x1b[{};{}H", row + 1, self.cursor_x + 1).as_bytes());
        out
    }
}

/// Rows pushed off the top while bytes were processed, as text, each with whether it
/// continues the row before it (that one wrapped into it).
#[derive(Default)]
struct Scrolled {
    rows: Vec<(String, bool)>,
    /// Rows scrolled off while `skip` was set: counted, not read (see [`Screen::push`]).
    skip: bool,
    skipped: usize,
    /// Kept from row to row: it knows whether the last row wrapped.
    state: vt100::capture::BasicFormattedCaptureState,
    any: bool,
}

impl vt100::Callbacks for Scrolled {
    fn on_scroll(&mut self, contents: vt100::capture::RowContents<'_>, _alternate: bool) {
        if self.skip {
            self.skipped += 1;
            return;
        }
        let mut formatted = String::new();
        if contents
            .write_formatted_basic(&mut formatted, &mut self.state)
            .is_ok()
        {
            // A row after one that did not wrap comes with a newline first.
            let continues = self.any && !formatted.starts_with('\n');
            let text: String = vt100::capture::basic_formatted_to_plain(&formatted).collect();
            self.rows.push((
                text.trim_start_matches('\n').trim_end().to_owned(),
                continues,
            ));
            self.any = true;
        }
    }
}

/// One row's text as last seen, and the change count at which it last changed.
#[derive(Clone, Copy)]
struct RowState {
    hash: u64,
    changed: u64,
}

/// A row pushed off the top: its text, the change count at which it went, the one at which
/// its text last changed (before it went, when it only moved up), and whether it continues
/// the row before it.
pub struct Gone {
    pub went: u64,
    pub changed: u64,
    pub text: Box<str>,
    pub continues: bool,
}

/// A pane's screen model. The alternate screen is modelled on the terminal's one screen: a
/// program entering it makes the model ask tmux for what it shows ([`Screen::wants_seed`])
/// and start from that alone, and leaving it makes the model ask again for the main screen, so
/// a model never holds two screens of cells (vt100 keeps an alternate screen once used).
pub struct Screen {
    parser: vt100::Parser<Scrolled>,
    /// The rows of the screen shown, and of the other screen while it is hidden.
    rows: Vec<RowState>,
    hidden: Vec<RowState>,
    alternate: bool,
    /// Changes of what the screen shows so far: a row's text changed, or rows went off the top.
    seq: u64,
    history: VecDeque<Gone>,
    history_bytes: usize,
    /// The alternate screen is shown and drawn on the model's one screen.
    drawn_as_main: bool,
    /// What tmux shows is wanted: the program switched screens.
    wants_seed: bool,
    /// The last bytes taken, so that a sequence split between two pushes is still seen.
    tail: Vec<u8>,
}

/// The rows and the lines shown, each with the change count at which it last changed.
pub struct Shown {
    pub rows: Vec<(u64, String)>,
    pub lines: Vec<(u64, String)>,
}

/// Where the part of `bytes` starts whose scrolled rows are all a history can keep: before the
/// last `newlines` newlines, when no escape comes after them (else 0: all is read).
fn unread_before(bytes: &[u8], newlines: usize) -> usize {
    let mut seen = 0;
    for (i, b) in bytes.iter().enumerate().rev() {
        match b {
            0x1b => return 0,
            b'\n' => {
                seen += 1;
                if seen == newlines {
                    return i;
                }
            }
            _ => {}
        }
    }
    0
}

/// The sequences that leave the alternate screen.
const LEAVE_ALTERNATE: [&[u8]; 3] = [b"\x1b[?1049l", b"\x1b[?1047l", b"\x1b[?47l"];

/// Where in `bytes` a sequence that leaves the alternate screen ends, looking across the end
/// of `tail` (the bytes before them) too.
fn leaves_alternate(tail: &[u8], bytes: &[u8]) -> Option<usize> {
    let joined: Vec<u8> = tail.iter().chain(bytes).copied().collect();
    LEAVE_ALTERNATE
        .iter()
        .filter_map(|seq| {
            joined
                .windows(seq.len())
                .position(|w| w == *seq)
                .map(|at| at + seq.len())
        })
        .filter(|end| *end > tail.len())
        .min()
        .map(|end| end - tail.len())
}

fn side(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n.clamp(1, MAX_SIDE)).unwrap_or(NonZeroU16::MIN)
}

impl Screen {
    /// A blank screen of this size.
    pub fn new(width: u16, height: u16) -> Screen {
        let mut screen = Screen {
            parser: vt100::Parser::new_with_callbacks(
                side(height),
                side(width),
                0,
                Scrolled::default(),
            ),
            rows: Vec::new(),
            hidden: Vec::new(),
            alternate: false,
            seq: 0,
            history: VecDeque::new(),
            history_bytes: 0,
            drawn_as_main: false,
            wants_seed: false,
            tail: Vec::new(),
        };
        screen.rows = screen
            .hashes_shown()
            .into_iter()
            .map(|hash| RowState { hash, changed: 0 })
            .collect();
        screen
    }

    /// The model's width and height.
    pub fn size(&self) -> (u16, u16) {
        let (rows, cols) = self.parser.screen().size();
        (cols.get(), rows.get())
    }

    /// Starts again from what tmux shows; whether that changed what the model showed.
    pub fn seed(&mut self, seed: &Seed) -> bool {
        let before: Vec<String> = self.texts();
        let history = std::mem::take(&mut self.history);
        let (seq, history_bytes) = (self.seq, self.history_bytes);
        let (was_alternate, old_rows, old_hidden) = (
            self.alternate,
            std::mem::take(&mut self.rows),
            std::mem::take(&mut self.hidden),
        );
        *self = Screen::new(seed.width, seed.height);
        self.parser.process(&seed.replay());
        self.parser.callbacks_mut().rows.clear();
        self.history = history;
        self.history_bytes = history_bytes;
        self.seq = seq;
        self.alternate = seed.alternate;
        self.drawn_as_main = seed.alternate;
        let texts = self.texts();
        let changed = texts != before;
        if changed {
            self.seq += 1;
        }
        // Rows keep when they last changed where they show what they showed: those of the
        // screen shown before, or, coming back from the alternate screen, the main screen's.
        let kept_from = if was_alternate && !seed.alternate {
            &old_hidden
        } else {
            &old_rows
        };
        self.rows = texts
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let hash = row_hash(t);
                let kept = kept_from.get(i).filter(|r| r.hash == hash);
                RowState {
                    hash,
                    changed: kept.map_or(self.seq, |r| r.changed),
                }
            })
            .collect();
        // The main screen under the alternate one: its rows' hashes only (a baseline holds
        // them), as the model last knew them or as tmux printed them.
        self.hidden = match (seed.alternate, was_alternate) {
            (false, _) => Vec::new(),
            (true, true) if !old_hidden.is_empty() => old_hidden,
            (true, true) => Vec::new(),
            (true, false) if !old_rows.is_empty() && !before.iter().all(String::is_empty) => {
                old_rows
            }
            (true, false) => seed
                .main
                .iter()
                .map(|row| {
                    let mut text = super::lines::LineAssembler::default();
                    text.push(row.as_bytes(), &mut |_| {});
                    RowState {
                        hash: row_hash(&text.partial()),
                        changed: self.seq,
                    }
                })
                .collect(),
        };
        changed
    }

    /// Whether the model wants to start again from what tmux shows (the program switched
    /// screens); asking clears it.
    pub fn wants_seed(&mut self) -> bool {
        std::mem::take(&mut self.wants_seed)
    }

    /// Takes output bytes; whether what the screen shows changed.
    pub fn push(&mut self, bytes: &[u8]) -> bool {
        let mut switched = false;
        let mut rest = bytes;
        if self.drawn_as_main
            && let Some(end) = leaves_alternate(&self.tail, bytes)
        {
            // Back to the main screen, which tmux holds: blank until it says what it shows.
            self.parser.process(&bytes[..end]);
            self.parser.process(b"\x1b[H\x1b[2J");
            self.drawn_as_main = false;
            self.alternate = false;
            self.wants_seed = true;
            std::mem::swap(&mut self.rows, &mut self.hidden);
            switched = true;
            rest = &bytes[end..];
        }
        // Of a long push only the rows its end scrolls off can stay in the history: text with
        // no escape moves the cursor down only, so past a screen's rows each of its newlines
        // scrolls one off, and the last HISTORY_ROWS + 1 of them push out all before. The rows
        // before are counted, not read (reading each row was half a flood's cost).
        let cut = unread_before(rest, HISTORY_ROWS + 1 + usize::from(self.size().1));
        if cut > 0 {
            self.parser.callbacks_mut().skip = true;
            self.parser.process(&rest[..cut]);
            self.parser.callbacks_mut().skip = false;
        }
        self.parser.process(&rest[cut..]);
        // The longest sequence looked for, less one byte, is all a later push may need.
        let most = LEAVE_ALTERNATE[0].len() - 1;
        self.tail
            .extend_from_slice(&bytes[bytes.len().saturating_sub(most)..]);
        let excess = self.tail.len().saturating_sub(most);
        self.tail.drain(..excess);
        let skipped = std::mem::take(&mut self.parser.callbacks_mut().skipped);
        let scrolled = std::mem::take(&mut self.parser.callbacks_mut().rows);
        // A program that entered the alternate screen: vt100 now holds two screens; tmux's
        // seed makes the model one again.
        let real = self.parser.screen().alternate_screen();
        if real {
            self.wants_seed = true;
        }
        let alternate = real || self.drawn_as_main;
        // Switching screens changes what is shown; the rows of the screen coming back keep
        // when they last changed.
        if alternate != self.alternate {
            self.alternate = alternate;
            std::mem::swap(&mut self.rows, &mut self.hidden);
            switched = true;
        }
        let next = self.seq + 1;
        let mut changed = switched || skipped > 0 || !scrolled.is_empty();
        let shift = skipped + scrolled.len();
        for (i, (text, continues)) in scrolled.into_iter().enumerate() {
            let changed = match self.rows.get(skipped + i) {
                Some(r) if r.hash == row_hash(&text) => r.changed,
                _ => next,
            };
            self.keep(Gone {
                went: next,
                changed,
                text: text.into_boxed_str(),
                continues,
            });
        }
        let hashes = self.hashes_shown();
        let old = std::mem::take(&mut self.rows);
        self.rows = hashes
            .into_iter()
            .enumerate()
            .map(|(i, hash)| match old.get(i + shift) {
                Some(r) if r.hash == hash => *r,
                _ => {
                    changed |= old.get(i).is_none_or(|r| r.hash != hash) || shift > 0;
                    RowState {
                        hash,
                        changed: next,
                    }
                }
            })
            .collect();
        if changed {
            self.seq = next;
        }
        changed
    }

    fn keep(&mut self, gone: Gone) {
        self.history_bytes += gone.text.len();
        self.history.push_back(gone);
        while self.history.len() > HISTORY_ROWS || self.history_bytes > HISTORY_BYTES {
            match self.history.pop_front() {
                Some(old) => self.history_bytes -= old.text.len(),
                None => break,
            }
        }
    }

    /// The hash of each row shown ([`row_hash`] of its text, as [`Screen::texts`] gives it),
    /// in one pass over the rows. Not cell by cell: `vt100` finds each cell's row through an
    /// iterator chain over its scrollback and rows (`Grid::visible_row`), and with 50 followed
    /// panes printing 100 lines a second that lookup, on every cell after every chunk of
    /// output, was where the server's one thread spent its time (gdb, the bench's journals
    /// figure): their session's stream answered after more than 10 s.
    fn hashes_shown(&self) -> Vec<u64> {
        let screen = self.parser.screen();
        let (_, width) = screen.size();
        screen
            .rows(0, width.get())
            .map(|row| row_hash(&row))
            .collect()
    }

    /// The rows shown, as text without trailing spaces.
    pub fn texts(&self) -> Vec<String> {
        let screen = self.parser.screen();
        let (_, width) = screen.size();
        screen
            .rows(0, width.get())
            .map(|r| r.trim_end().to_owned())
            .collect()
    }

    /// The rows shown and the lines shown (rows joined where one wrapped into the next, as
    /// `capture-pane -J` joins them), each with the change count at which it last changed (a
    /// line: the latest of its rows'), from one read of the cells. Not kept: a wait reads it
    /// only when the screen changed since its last look, and a copy kept per followed pane
    /// would cost each pane's memory what its text does.
    pub fn shown(&self) -> Shown {
        let rows: Vec<(u64, String)> = self
            .texts()
            .into_iter()
            .zip(&self.rows)
            .map(|(t, r)| (r.changed, t))
            .collect();
        let screen = self.parser.screen();
        let mut lines: Vec<(u64, String)> = Vec::new();
        let mut continues = false;
        for (i, (changed, text)) in rows.iter().enumerate() {
            match lines.last_mut() {
                Some((at, line)) if continues => {
                    *at = (*at).max(*changed);
                    line.push_str(text);
                }
                _ => lines.push((*changed, text.clone())),
            }
            continues = u16::try_from(i).is_ok_and(|i| screen.row_wrapped(i));
        }
        Shown { rows, lines }
    }

    /// The hashes of the rows shown, and of the main screen's while the alternate is shown.
    pub fn hashes(&self) -> Vec<u64> {
        self.rows
            .iter()
            .chain(if self.alternate {
                &self.hidden[..]
            } else {
                &[]
            })
            .map(|r| r.hash)
            .collect()
    }

    /// Rows pushed off the top after change `seq`, oldest first.
    pub fn gone_after(&self, seq: u64) -> impl Iterator<Item = &Gone> {
        let start = self.history.partition_point(|g| g.went <= seq);
        self.history.range(start..)
    }

    /// Changes of what the screen shows so far.
    pub fn seq(&self) -> u64 {
        self.seq
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn screen(bytes: &[u8]) -> Screen {
        let mut s = Screen::new(40, 6);
        s.push(bytes);
        s
    }

    #[test]
    fn text_drawn_by_cursor_addressing_reads_as_shown() {
        // An Ink-like redraw: up two rows, to column 1, words placed by column jumps.
        let s = screen(
            b"one\r\ntwo\r\n> input\x1b[2A\x1b[1G\x1b[2KThe\x1b[1Canswer\x1b[3Cis\r\n\x1b[2K\r\n",
        );
        assert_eq!(s.texts()[..3], ["The answer   is", "", "> input"]);
    }

    #[test]
    fn the_alternate_screen_asks_for_a_seed_and_is_then_drawn_on_one_screen() {
        let mut s = screen(b"shell$ ");
        assert!(s.push(b"\x1b[?1049h\x1b[Hfull screen"));
        assert!(s.alternate);
        assert_eq!(s.texts()[0], "full screen");
        assert!(s.wants_seed(), "vt100 holds two screens now");
        assert!(!s.wants_seed(), "asking clears it");
        // tmux's seed: the alternate screen's rows, the main one's beneath.
        let seed = Seed::read("40 6 11 0 1 0 5 0 1 0", "full screen", "shell$").expect("fields");
        s.seed(&seed);
        assert!(s.alternate);
        assert_eq!(s.texts()[0], "full screen");
        // Leaving it, split between two pushes: blank until tmux says what the main one shows.
        s.push(b"more\x1b[?10");
        assert!(s.alternate);
        assert!(s.push(b"49l"));
        assert!(!s.alternate);
        assert!(s.wants_seed());
        assert_eq!(s.texts()[0], "");
        let back = Seed::read("40 6 7 0 0 0 5 0 1 0", "shell$", "").expect("fields");
        s.seed(&back);
        assert_eq!(s.texts()[0], "shell$");
        assert!(!s.alternate);
    }

    #[test]
    fn the_same_text_drawn_again_is_no_change_and_a_new_one_is() {
        let mut s = screen(b"\r| spinner");
        let seq = s.seq();
        assert!(!s.push(b"\r| spinner\x1b[1m\x1b[0m"));
        assert_eq!(s.seq(), seq);
        assert!(s.push(b"\r/ spinner"));
        assert_eq!(s.shown().rows[0], (seq + 1, "/ spinner".to_owned()));
    }

    #[test]
    fn rows_pushed_off_the_top_are_kept_with_when_they_went() {
        let mut s = screen(b"a\r\nb\r\nc\r\nd\r\ne\r\nf");
        let seq = s.seq();
        s.push(b"\r\ng\r\nh");
        let gone: Vec<(&str, bool)> = s
            .gone_after(seq)
            .map(|g| (&*g.text, g.went > seq && g.changed <= seq))
            .collect();
        assert_eq!(
            gone,
            [("a", true), ("b", true)],
            "went now, unchanged since"
        );
        // Rows that only moved up keep when they last changed.
        let rows = s.shown().rows;
        assert_eq!(rows[0].1, "c");
        assert!(rows[0].0 <= seq);
        assert_eq!(rows[5], (seq + 1, "h".to_owned()));
    }

    #[test]
    fn a_long_push_keeps_the_rows_and_history_that_short_ones_do() {
        // Wrapped rows, a colour and a line rewritten with CR, before the rows the history keeps.
        let mut flood = b"\x1b[31mred\x1b[m\r\n".to_vec();
        for n in 0..5_000 {
            flood
                .extend_from_slice(format!("line {n} {}\rLINE\r\n", "w".repeat(n % 30)).as_bytes());
        }
        flood.extend_from_slice(b"last");
        let (mut whole, mut pieces) = (Screen::new(20, 5), Screen::new(20, 5));
        assert!(whole.push(&flood));
        for piece in flood.chunks(100) {
            pieces.push(piece);
        }
        let texts = |s: &Screen| -> Vec<(String, bool)> {
            s.gone_after(0)
                .map(|g| (g.text.to_string(), g.continues))
                .collect()
        };
        assert_eq!(texts(&whole).len(), HISTORY_ROWS);
        assert_eq!(texts(&whole), texts(&pieces));
        assert_eq!(whole.texts(), pieces.texts());
        // With an escape after, the rows before are read: a short history stays whole.
        let mut s = Screen::new(20, 5);
        s.push(b"a\r\nb\r\nc\r\nd\r\ne\r\nf\r\ng\x1b[1m");
        let gone: Vec<&str> = s.gone_after(0).map(|g| &*g.text).collect();
        assert_eq!(gone, ["a", "b"]);
        assert_eq!(unread_before(b"x\ny\nz", 2), 1);
        assert_eq!(unread_before(b"x\ny\x1b\nz", 1), 4);
        assert_eq!(unread_before(b"x\ny\n\x1bz", 1), 0);
    }

    #[test]
    fn wrapped_rows_read_as_one_line_shown_or_gone() {
        let mut s = Screen::new(10, 3);
        s.push(b"0123456789abcdef\r\nnext");
        let lines: Vec<String> = s.shown().lines.iter().map(|(_, t)| t.clone()).collect();
        assert_eq!(lines, ["0123456789abcdef", "next"]);
        s.push(b"\r\nmore\r\nrows");
        let gone: Vec<(&str, bool)> = s.gone_after(0).map(|g| (&*g.text, g.continues)).collect();
        assert_eq!(gone, [("0123456789", false), ("abcdef", true)]);
    }

    #[test]
    fn a_seed_reproduces_the_screen_cursor_and_modes() {
        let seed = Seed::read(
            "20 4 3 1 1 0 3 0 1 0",
            "\x1b[1mtop\x1b[0m\nabc\n\nend",
            "main one\nmain two",
        )
        .expect("fields");
        let mut s = Screen::new(80, 24);
        assert!(s.seed(&seed));
        let (rows, cols) = s.parser.screen().size();
        assert_eq!((rows.get(), cols.get()), (4, 20));
        assert_eq!(s.texts(), ["top", "abc", "", "end"]);
        assert_eq!(s.parser.screen().cursor_position(), (1, 3));
        s.push(b"X");
        assert_eq!(s.texts()[1], "abcX");
        // The main screen beneath is tmux's to say: the model asks.
        s.push(b"\x1b[?1049l");
        assert!(!s.alternate && s.wants_seed());
        assert_eq!(Seed::read("1 2 3", "", ""), None);
    }
}
