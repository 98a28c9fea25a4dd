//! A followed pane's output journal: what the pane printed since this server began following
//! it, as lines, bounded (the oldest dropped first, and how many is known), with the positions
//! of this server's inputs and the reports of commands it typed.
//!
//! The journal is fed by the pane's tap (the `pipe` module) whether or not anyone waits, so output printed between an input and the wait that follows it is still there when
//! the wait starts. Outside this crate it is read through a [`Feed`](crate::feed::Feed).

use std::borrow::Cow;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use super::lines::{LineAssembler, Piece};
use crate::screen::{Screen, Seed, Shown};
use crate::sync::lock;
use crate::view::ScreenView;

/// Most lines kept per pane.
pub const MAX_LINES: usize = 4_096;
/// Most bytes of line text kept per pane.
pub const MAX_BYTES: usize = 256 << 10;
/// Most command reports kept per pane.
const MAX_REPORTS: usize = 32;
/// Typed text whose echo has not shown within this long never will.
const ECHO_TTL: Duration = Duration::from_secs(10);
/// Most typed lines waiting for their echo per pane.
const MAX_PENDING_ECHO: usize = 64;
/// Most typed lines whose echo is taken out of the screen's rows, per pane.
const MAX_TYPED: usize = 64;
/// Most inputs whose screen (as it was then) is kept, per pane.
const MAX_BASELINES: usize = 16;

/// A point in a pane's output: before line `line` (counted from the first output followed),
/// `col` bytes into it, after `bytes` bytes of text and `screen` changes of what the pane
/// shows (its screen model's [`Screen::seq`]). Opaque outside this crate: it is written out
/// and read back whole ([`Position::parts`]), and compared by what it counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Position {
    pub(crate) line: u64,
    pub(crate) col: usize,
    pub(crate) bytes: u64,
    pub(crate) screen: u64,
}

impl Position {
    /// The position as four numbers, for a cursor that names it.
    pub fn parts(self) -> [u64; 4] {
        [self.line, self.col as u64, self.bytes, self.screen]
    }

    /// The position [`Position::parts`] wrote out; `None` for numbers no position has.
    pub fn from_parts([line, col, bytes, screen]: [u64; 4]) -> Option<Position> {
        Some(Position {
            line,
            col: usize::try_from(col).ok()?,
            bytes,
            screen,
        })
    }

    /// Bytes of text the pane had printed here: more, later, means it printed meanwhile.
    pub fn bytes(self) -> u64 {
        self.bytes
    }

    /// Changes of what the pane showed here.
    pub fn screen(self) -> u64 {
        self.screen
    }

    /// This position as it reads the screen from `screen` changes on.
    pub fn with_screen(self, screen: u64) -> Position {
        Position { screen, ..self }
    }
}

/// A report from a command this server typed, and where in the output it came.
#[derive(Clone, Debug)]
pub struct Report {
    pub body: String,
    pub(crate) at: Position,
    /// The line being written when the report came, up to the report.
    pub(crate) partial: String,
    /// When that line last started over, in text bytes seen (0: never); a position on it from
    /// before then no longer marks a place in it.
    pub(crate) restarted: u64,
}

/// Kept small: a journal holds thousands (40 bytes beside the text).
struct Line {
    text: Box<str>,
    /// The byte span of the echo of text this server typed, which never matches a wait.
    echo: Option<(u32, u32)>,
    /// When the line last started over, as text bytes seen (0: never).
    restarted: u64,
}

struct Pending {
    text: String,
    at: Instant,
}

#[derive(Default)]
struct State {
    assembler: LineAssembler,
    store: Store,
    /// What the pane shows, once tmux said ([`Journal::seed`]).
    screen: Option<Screen>,
}

#[derive(Default)]
struct Store {
    lines: VecDeque<Line>,
    /// The index of `lines[0]`: lines before it were dropped.
    first: u64,
    retained_bytes: usize,
    pending_echo: VecDeque<Pending>,
    reports: VecDeque<Report>,
    last_input: Option<Position>,
    /// When the last input was marked.
    last_input_at: Option<Instant>,
    /// The tap stopped delivering this pane's output.
    ended: bool,
    /// When text last came (escape sequences alone are no text).
    last_text: Option<Instant>,
    /// When what the pane shows last changed (its screen model's rows).
    last_change: Option<Instant>,
    /// The rows shown at recent inputs (their hashes), by the screen change count then.
    baselines: VecDeque<(u64, Arc<[u64]>)>,
    /// Recent typed lines, whose echo on the screen is not output.
    typed: VecDeque<String>,
    /// The screen model asked to be seeded again.
    wants_seed: bool,
}

impl State {
    fn position(&self) -> Position {
        Position {
            line: self.store.next_line(),
            col: self.assembler.partial_len(),
            bytes: self.assembler.text_bytes(),
            screen: self.screen.as_ref().map_or(0, Screen::seq),
        }
    }
}

impl State {
    /// When the pane last printed: what it shows changed, or, before tmux said what it shows,
    /// text came.
    fn last_output(&self) -> Option<Instant> {
        match self.screen {
            Some(_) => self.store.last_change,
            None => self.store.last_text,
        }
    }
}

impl Store {
    fn next_line(&self) -> u64 {
        self.first + self.lines.len() as u64
    }

    fn apply(&mut self, piece: Piece) {
        match piece {
            Piece::Line { text, restarted } => self.add_line(text, restarted),
            Piece::Report {
                body,
                partial,
                text_bytes,
                restarted,
            } => {
                let at = Position {
                    line: self.next_line(),
                    col: partial.len(),
                    bytes: text_bytes,
                    screen: 0,
                };
                if self.reports.len() == MAX_REPORTS {
                    self.reports.pop_front();
                }
                self.reports.push_back(Report {
                    body,
                    at,
                    partial,
                    restarted,
                });
            }
        }
    }

    fn add_line(&mut self, text: String, restarted: u64) {
        // Most lines come with no echo pending: no clock read for them (a flood's every line).
        if !self.pending_echo.is_empty() {
            let now = Instant::now();
            self.pending_echo
                .retain(|p| now.duration_since(p.at) < ECHO_TTL);
        }
        let echo = self.pending_echo.iter().enumerate().find_map(|(i, p)| {
            let at = text.find(&p.text)?;
            Some((i, (at as u32, (at + p.text.len()) as u32)))
        });
        let echo = echo.map(|(i, span)| {
            self.pending_echo.remove(i);
            span
        });
        self.retained_bytes += text.len();
        self.lines.push_back(Line {
            text: text.into_boxed_str(),
            echo,
            restarted,
        });
        while self.lines.len() > MAX_LINES || self.retained_bytes > MAX_BYTES {
            let Some(old) = self.lines.pop_front() else {
                break;
            };
            self.retained_bytes -= old.text.len();
            self.first += 1;
        }
    }
}

/// One pane's journal.
pub struct Journal {
    /// Unique in this process: a cursor names the journal it was issued for.
    pub id: u64,
    state: Mutex<State>,
    changed: watch::Sender<u64>,
}

impl Default for Journal {
    fn default() -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Journal {
            id: NEXT.fetch_add(1, Ordering::Relaxed),
            state: Mutex::default(),
            changed: watch::Sender::new(0),
        }
    }
}

impl Journal {
    /// Takes output bytes the pane printed.
    pub(crate) fn push(&self, bytes: &[u8]) {
        {
            let mut guard = lock(&self.state);
            let State {
                assembler,
                store,
                screen,
            } = &mut *guard;
            let before = assembler.text_bytes();
            assembler.push(bytes, &mut |piece| store.apply(piece));
            if assembler.text_bytes() != before {
                store.last_text = Some(Instant::now());
            }
            if let Some(screen) = screen {
                if screen.push(bytes) {
                    store.last_change = Some(Instant::now());
                }
                store.wants_seed |= screen.wants_seed();
            }
        }
        self.poke();
    }

    /// Whether the screen model wants to start again from what tmux shows (its program
    /// switched screens); asking clears it.
    pub(crate) fn wants_seed(&self) -> bool {
        std::mem::take(&mut lock(&self.state).store.wants_seed)
    }

    /// Starts the screen model again from what tmux shows at this point of the output.
    pub(crate) fn seed(&self, seed: &Seed) {
        {
            let mut state = lock(&self.state);
            let screen = state
                .screen
                .get_or_insert_with(|| Screen::new(seed.width, seed.height));
            screen.seed(seed);
        }
        self.poke();
    }

    /// What the screen shows since `from`, as a wait reads it; `None` before tmux said what
    /// the pane shows.
    pub(crate) fn screen_since(&self, from: Position) -> Option<ScreenView> {
        let state = lock(&self.state);
        let State { screen, store, .. } = &*state;
        let screen = screen.as_ref()?;
        let baseline = store
            .baselines
            .iter()
            .find(|(seq, _)| *seq == from.screen)
            .map(|(_, hashes)| hashes.clone());
        let mut gone: Vec<(u64, String)> = Vec::new();
        for g in screen.gone_after(from.screen) {
            match gone.last_mut() {
                Some((changed, line)) if g.continues => {
                    *changed = (*changed).max(g.changed);
                    line.push_str(&g.text);
                }
                _ => gone.push((g.changed, g.text.to_string())),
            }
        }
        let Shown { rows, lines } = screen.shown();
        Some(ScreenView {
            seq: screen.seq(),
            rows,
            lines,
            gone,
            baseline,
            typed: store.typed.iter().cloned().collect(),
        })
    }

    /// Wakes everyone watching: output came.
    fn poke(&self) {
        self.changed.send_modify(|v| *v = v.wrapping_add(1));
    }

    /// Whether the pane's program asked for bracketed paste, as far as the journal has seen
    /// since the pane was followed.
    pub fn bracketed_paste(&self) -> Option<bool> {
        lock(&self.state).assembler.bracketed_paste()
    }

    /// How often the pane's output ended: a waiter that sees this move checks whether the pane
    /// still lives.
    pub fn changes(&self) -> u64 {
        u64::from(lock(&self.state).store.ended)
    }

    /// How long since the pane last printed text, while its tap delivers its output;
    /// `None` before it printed any since it was followed.
    pub fn idle(&self) -> Option<Duration> {
        let state = lock(&self.state);
        if state.store.ended {
            return None;
        }
        state.last_output().map(|at| at.elapsed())
    }

    /// When this server last gave the pane input (see [`Journal::input`]).
    pub fn last_input_at(&self) -> Option<Instant> {
        lock(&self.state).store.last_input_at
    }

    /// When the pane last printed text, while its tap delivers its output (see
    /// [`Journal::idle`]).
    pub fn last_text(&self) -> Option<Instant> {
        let state = lock(&self.state);
        state.last_output().filter(|_| !state.store.ended)
    }

    /// The tap stopped delivering this pane's output (the pane ended, say).
    pub(crate) fn end(&self) {
        lock(&self.state).store.ended = true;
        self.poke();
    }

    pub fn ended(&self) -> bool {
        lock(&self.state).store.ended
    }

    /// Notified on every change.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.changed.subscribe()
    }

    /// The screen model's width and height, once tmux said what the pane shows.
    pub(crate) fn screen_size(&self) -> Option<(u16, u16)> {
        lock(&self.state).screen.as_ref().map(Screen::size)
    }

    /// Where the output ends now.
    pub fn position(&self) -> Position {
        lock(&self.state).position()
    }

    /// Records input this server is about to send, output from `at` on being what it causes:
    /// `at` becomes the last input's position, and the input's lines are expected back as echo.
    pub fn input(&self, at: Position, typed: &str) {
        let mut guard = lock(&self.state);
        let State { store, screen, .. } = &mut *guard;
        store.last_input = Some(at);
        store.last_input_at = Some(Instant::now());
        if let Some(screen) = screen {
            if store.baselines.len() == MAX_BASELINES {
                store.baselines.pop_front();
            }
            store
                .baselines
                .push_back((at.screen, screen.hashes().into()));
        }
        for line in typed.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if store.pending_echo.len() == MAX_PENDING_ECHO {
                store.pending_echo.pop_front();
            }
            store.pending_echo.push_back(Pending {
                text: line.to_owned(),
                at: Instant::now(),
            });
            if store.typed.len() == MAX_TYPED {
                store.typed.pop_front();
            }
            store.typed.push_back(line.to_owned());
        }
    }

    /// The position of the last input, while the journal still holds it.
    pub fn last_input(&self) -> Option<Position> {
        let state = lock(&self.state);
        state
            .store
            .last_input
            .filter(|p| p.line >= state.store.first)
    }

    /// The lines from `from` on, as a wait matches them: each with its index, its text after
    /// `from` with this server's echo removed, and whether it is complete (the last is the
    /// line being written).
    pub(crate) fn matchable_since(&self, from: Position) -> Vec<(u64, String, bool)> {
        let state = lock(&self.state);
        let start = from.line.max(state.store.first);
        let mut out: Vec<(u64, String, bool)> = state
            .store
            .lines
            .iter()
            .enumerate()
            .skip((start - state.store.first) as usize)
            .map(|(i, l)| (state.store.first + i as u64, l))
            .map(|(i, l)| {
                let text = match &l.echo {
                    &Some((from, to)) => {
                        let mut t = l.text.to_string();
                        t.replace_range(from as usize..to as usize, "");
                        Cow::Owned(t)
                    }
                    None => Cow::Borrowed(&*l.text),
                };
                let text = if i == from.line {
                    since(&text, from, l.restarted)
                } else {
                    text.into_owned()
                };
                (i, text, true)
            })
            .collect();
        let partial = state.assembler.partial();
        let partial = strip_pending_echo(&partial, &state.store.pending_echo);
        let partial = if state.store.next_line() == from.line {
            since(&partial, from, state.assembler.restarted())
        } else {
            partial
        };
        out.push((state.store.next_line(), partial, false));
        out
    }

    /// A report-like mark of where the output ends now (for text up to now).
    pub(crate) fn here(&self) -> Report {
        let state = lock(&self.state);
        Report {
            body: String::new(),
            at: state.position(),
            partial: state.assembler.partial(),
            restarted: state.assembler.restarted(),
        }
    }

    /// The reports that came after `from`.
    pub(crate) fn reports_since(&self, from: Position) -> Vec<Report> {
        lock(&self.state)
            .store
            .reports
            .iter()
            .filter(|r| r.at.bytes >= from.bytes && r.at.line >= from.line)
            .cloned()
            .collect()
    }

    /// A mark at the start of the line after the last one between `from` and `to` whose text
    /// holds `needle`, standing in for a lost report of a command's start
    /// ([`Feed::printed`](crate::feed::Feed::printed)); `None` when no such line is held.
    pub(crate) fn after_line_holding(
        &self,
        from: Position,
        to: &Report,
        needle: &str,
    ) -> Option<Report> {
        let state = lock(&self.state);
        let store = &state.store;
        let held = |i: u64| store.lines.get(usize::try_from(i - store.first).ok()?);
        let typed = (from.line.max(store.first)..to.at.line.min(store.next_line()))
            .rev()
            .find(|&i| held(i).is_some_and(|l| l.text.contains(needle)))?;
        let start = typed + 1;
        // Text bytes from that line's start to `to`, each line's newline counted.
        let after = (start..to.at.line)
            .filter_map(held)
            .map(|l| l.text.len() as u64 + 1)
            .sum::<u64>()
            + to.partial.len() as u64;
        Some(Report {
            body: String::new(),
            at: Position {
                line: start,
                col: 0,
                bytes: to.at.bytes.saturating_sub(after),
                screen: 0,
            },
            partial: String::new(),
            restarted: 0,
        })
    }

    /// The text printed between two positions of reports (`from` before `to`): the retained
    /// lines, and how many lines were printed in all (dropped ones included).
    pub(crate) fn text_between(&self, from: &Report, to: &Report) -> Between {
        let state = lock(&self.state);
        let mut lines: Vec<String> = Vec::new();
        let mut dropped = false;
        for index in from.at.line..to.at.line {
            match index.checked_sub(state.store.first) {
                Some(i) if (i as usize) < state.store.lines.len() => {
                    let line = &state.store.lines[i as usize];
                    lines.push(if index == from.at.line {
                        since(&line.text, from.at, line.restarted)
                    } else {
                        line.text.to_string()
                    });
                }
                _ => dropped = true,
            }
        }
        let mut printed = to.at.line - from.at.line;
        let tail = if to.at.line == from.at.line {
            since(&to.partial, from.at, to.restarted)
        } else {
            to.partial.clone()
        };
        if !tail.is_empty() {
            lines.push(tail);
            printed += 1;
        }
        Between {
            lines,
            printed_lines: printed,
            printed_bytes: to.at.bytes - from.at.bytes,
            dropped,
        }
    }
}

/// What a command printed between two reports.
pub struct Between {
    /// The lines still held, oldest first; the last may be unfinished.
    pub lines: Vec<String>,
    pub printed_lines: u64,
    pub printed_bytes: u64,
    /// Older lines were dropped from the journal before they could be read.
    pub dropped: bool,
}

/// What a line holds after `from`, a position on it: all of it when the line started over
/// at or after `from` (`restarted`, in text bytes seen; a TUI redrew it in place), else the
/// text from byte `from.col` on (all of it when that is no place in it).
fn since(text: &str, from: Position, restarted: u64) -> String {
    if restarted > 0 && restarted >= from.bytes {
        return text.to_owned();
    }
    text.get(from.col..).unwrap_or(text).to_owned()
}

/// The line being written without this server's echo: a whole typed line, or the start of
/// one still being echoed.
fn strip_pending_echo(line: &str, pending: &VecDeque<Pending>) -> String {
    let mut line = line.to_owned();
    for p in pending {
        if let Some(at) = line.find(&p.text) {
            line.replace_range(at..at + p.text.len(), "");
        } else if let Some(n) = (1..p.text.len())
            .rev()
            .filter(|&n| p.text.is_char_boundary(n))
            .find(|&n| line.ends_with(&p.text[..n]))
        {
            line.truncate(line.len() - n);
        }
    }
    line
}

#[cfg(test)]
mod tests;
