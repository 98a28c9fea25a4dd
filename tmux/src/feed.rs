//! A pane's feed: one reader over its journal and screen model that yields, from a position,
//! each line once (the line being written again whenever it changes) and the lines of the
//! screen that show new text since, drawn anywhere (by cursor addressing too), each text once;
//! and, for a command typed at the position, its reports and what it printed between them.
//! The only reader of a journal's output outside this crate: the text and quiet waits, shell,
//! since and prompt handlers read through one, and the positions it keeps are its own.

use std::collections::HashSet;

use crate::journal::{Between, Journal, Position, Report};
use crate::screen::row_hash;
use crate::view::ScreenView;

/// A piece of a pane's output, as a feed yields it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A journal line, this server's echo taken out: complete, or the line being written.
    Line { text: String, complete: bool },
    /// A line of the screen with text new since the position, that no line gave already.
    Shown(String),
}

/// What a look at a modelled screen saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Look {
    /// Lines with new text changed since the look before (the first look: since the position).
    pub changed: bool,
    /// The lowest line with new text (one pushed off the top when none is shown), as shown.
    pub last: Option<String>,
}

/// Reads a journal from a position on; see the module.
pub struct Feed {
    from: Position,
    next: u64,
    partial: Option<String>,
    /// Text given out already (lines and screen lines), by its hash: a screen line that reads
    /// as a line already given is the same output, given once.
    shown: HashSet<u64>,
    /// The screen's change count at the last look.
    screen_seq: u64,
    /// Whether the screen was looked at.
    looked: bool,
}

impl Feed {
    pub fn new(from: Position) -> Self {
        Feed {
            from,
            next: from.line,
            partial: None,
            shown: HashSet::new(),
            screen_seq: from.screen,
            looked: false,
        }
    }

    /// What came since the last call, oldest first: the journal's lines, then the screen's;
    /// and the look at the screen, when this call took one. A screen that did not change
    /// since the look before holds nothing new: the look is skipped, so that output that
    /// changed nothing shown (a spinner redrawing the same cell) copies nothing.
    pub fn next(&mut self, journal: &Journal) -> (Vec<Piece>, Option<Look>) {
        let at = if self.next == self.from.line {
            self.from
        } else {
            Position {
                line: self.next,
                col: 0,
                bytes: 0,
                screen: self.from.screen,
            }
        };
        let mut out = Vec::new();
        for (index, text, complete) in journal.matchable_since(at) {
            self.shown.insert(row_hash(&text));
            if complete {
                self.next = index + 1;
                self.partial = None;
                out.push(Piece::Line { text, complete });
            } else if !text.is_empty() && self.partial.as_deref() != Some(text.as_str()) {
                self.partial = Some(text.clone());
                out.push(Piece::Line { text, complete });
            }
        }
        if self.looked && journal.position().screen == self.screen_seq {
            return (out, None);
        }
        let Some(view) = journal.screen_since(self.from) else {
            return (out, None);
        };
        self.looked = true;
        let rows = view.new_rows(self.from.screen);
        let changed = rows.iter().any(|(seq, _, _)| *seq > self.screen_seq);
        self.screen_seq = view.seq;
        for (_, text, _) in &rows {
            if self.shown.insert(row_hash(text)) {
                out.push(Piece::Shown((*text).to_owned()));
            }
        }
        let last = rows
            .iter()
            .rfind(|(_, _, shown)| *shown)
            .or(rows.last())
            .map(|(_, text, _)| (*text).to_owned());
        (out, Some(Look { changed, last }))
    }

    /// What the screen shows, read from the feed's position; `None` before tmux said what
    /// the pane shows.
    pub fn screen(&self, journal: &Journal) -> Option<ScreenView> {
        journal.screen_since(self.from)
    }

    /// The reports of commands typed from the feed's position on, oldest first.
    pub fn reports(&self, journal: &Journal) -> Vec<Report> {
        journal.reports_since(self.from)
    }

    /// What a command typed at the feed's position printed: from its start report `begin` to
    /// its end report `end` (now, without one). A command that ran (`typed`: the nonce its
    /// typed line holds, and no output does) but whose start report never came is read from
    /// the line after the last one holding the nonce: tmux drops what it has not yet written
    /// to a client whose session the pane left (control.c `control_write_pending`), and the
    /// catch-up after a move finds text, not reports. Without either, nothing.
    pub fn printed(
        &self,
        journal: &Journal,
        begin: Option<&Report>,
        end: Option<&Report>,
        typed: Option<&str>,
    ) -> Between {
        let end = end.cloned().unwrap_or_else(|| journal.here());
        let begin = match (begin, typed) {
            (Some(begin), _) => begin.clone(),
            (None, Some(nonce)) => journal
                .after_line_holding(self.from, &end, nonce)
                .unwrap_or_else(|| end.clone()),
            (None, None) => end.clone(),
        };
        journal.text_between(&begin, &end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(feed: &mut Feed, journal: &Journal) -> Vec<(String, bool)> {
        let (pieces, look) = feed.next(journal);
        assert_eq!(look, None, "no screen model without a seed");
        pieces
            .into_iter()
            .map(|p| match p {
                Piece::Line { text, complete } => (text, complete),
                Piece::Shown(text) => panic!("a screen line without a screen: {text}"),
            })
            .collect()
    }

    #[test]
    fn each_line_is_given_once_and_the_line_being_written_again_when_it_changes() {
        let j = Journal::default();
        j.push(b"old\r\n");
        let mut feed = Feed::new(j.position());
        j.push(b"one\r\ntw");
        let line = |t: &str, complete| (t.to_owned(), complete);
        assert_eq!(lines(&mut feed, &j), [line("one", true), line("tw", false)]);
        assert_eq!(lines(&mut feed, &j), [], "nothing new");
        j.push(b"o\r\n");
        assert_eq!(lines(&mut feed, &j), [line("two", true)]);
    }

    #[test]
    fn a_command_prints_between_its_reports() {
        let j = Journal::default();
        let feed = Feed::new(j.position());
        j.push(b"typed\r\n\x1b]6973;k\x07one\r\ntwo\r\nthree\x1b]6973;k;0\x07$ ");
        let reports = feed.reports(&j);
        assert_eq!(reports.len(), 2);
        let between = feed.printed(&j, Some(&reports[0]), Some(&reports[1]), Some("k"));
        assert_eq!(between.lines, ["one", "two", "three"]);
        assert_eq!((between.printed_lines, between.printed_bytes), (3, 13));
        // Without its end report, up to now.
        let now = feed.printed(&j, Some(&reports[0]), None, Some("k"));
        assert_eq!(now.lines, ["one", "two", "three$ "]);
    }

    #[test]
    fn a_command_whose_start_report_was_lost_is_read_from_after_its_typed_line() {
        let j = Journal::default();
        j.push(b"$ ");
        let feed = Feed::new(j.position());
        j.input(j.position(), "{ printf 'begin';run\n};printf 'k'");
        // The report of the start is gone; the output after the typed line holding the nonce
        // `k` is the command's, a line that echoes other input included.
        j.push(b"{ printf 'begin';run\r\n> };printf 'k'\r\none\r\nok? yes\r\n\x1b]6973;k;0\x07$ ");
        let end = feed.reports(&j).pop().expect("the end report");
        let between = feed.printed(&j, None, Some(&end), Some("'k'"));
        assert_eq!(between.lines, ["one", "ok? yes"]);
        assert_eq!((between.printed_lines, between.printed_bytes), (2, 12));
        // Still running (no end report): up to now.
        let running = feed.printed(&j, None, None, Some("'k'"));
        assert_eq!(running.lines, ["one", "ok? yes", "$ "]);
        // A command that did not run printed nothing.
        let none = feed.printed(&j, None, Some(&end), None);
        assert_eq!((none.lines.len(), none.printed_lines), (0, 0));
        // The typed line is looked for only from the feed's position on: a line holding the
        // nonce before it is none of this command's.
        let k = Journal::default();
        k.push(b"printf 'k'\r\n");
        let feed = Feed::new(k.position());
        k.push(b"out\r\n\x1b]6973;k;0\x07");
        let end = feed.reports(&k).pop().expect("the end report");
        let between = feed.printed(&k, None, Some(&end), Some("'k'"));
        assert_eq!((between.lines.len(), between.printed_lines), (0, 0));
    }
}
