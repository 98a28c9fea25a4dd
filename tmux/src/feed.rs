//! A pane's feed: one reader over its journal and screen model that yields, from a position,
//! each line once (the line being written again whenever it changes) and the lines of the
//! screen that show new text since, drawn anywhere (by cursor addressing too), each text once.
//! What every wait reads; the positions it keeps are its own.

use std::collections::HashSet;

use crate::journal::{Journal, Position};
use crate::screen::row_hash;

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
}
