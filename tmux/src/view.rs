//! What a wait reads of a pane's screen from a position ([`ScreenView`]): the lines that
//! changed since, without the text shown at the position nor this server's echo.

use std::sync::Arc;

use crate::screen::row_hash;

/// What a pane's screen shows, as a wait from a position reads it.
pub struct ScreenView {
    /// Changes of what the screen shows so far.
    pub seq: u64,
    /// The rows shown, each with the change count at which it last changed.
    pub rows: Vec<(u64, String)>,
    /// The lines shown (rows joined where one wrapped into the next), each with the latest
    /// change count of its rows.
    pub lines: Vec<(u64, String)>,
    /// Lines pushed off the top after the position (joined likewise), each with the change
    /// count at which it last changed.
    pub gone: Vec<(u64, String)>,
    /// The hashes of the rows shown at the position, when it was an input's.
    pub baseline: Option<Arc<[u64]>>,
    /// Recent typed lines.
    pub typed: Vec<String>,
}

impl ScreenView {
    /// The lines (pushed off the top first, then those shown, top to bottom) that changed
    /// after change `after` and hold text that was not on the screen at the position, this
    /// server's echo left out: each with the change count at which it last changed, its text
    /// as shown, and whether it is shown (not pushed off). Lines, not rows, so that a token
    /// that wrapped is one token to the masker.
    pub fn new_rows(&self, after: u64) -> Vec<(u64, &str, bool)> {
        let old = |text: &str| {
            self.baseline
                .as_ref()
                .is_some_and(|b| b.contains(&row_hash(text)))
        };
        let gone = self.gone.iter().map(|(seq, t)| (*seq, t.as_str(), false));
        let shown = self.lines.iter().map(|(seq, t)| (*seq, t.as_str(), true));
        gone.chain(shown)
            .filter(|(seq, text, _)| {
                if *seq <= after || text.trim().is_empty() || old(text) {
                    return false;
                }
                let mine = strip_echo(text, &self.typed);
                !mine.trim().is_empty() && !old(&mine)
            })
            .collect()
    }
}

/// A row without this server's echo: every typed line it holds, and a typed line's start
/// that ends it (still being echoed, or cut by the row's end).
fn strip_echo(row: &str, typed: &[String]) -> String {
    let mut row = row.to_owned();
    for t in typed {
        while let Some(at) = row.find(t.as_str()) {
            row.replace_range(at..at + t.len(), "");
        }
    }
    let end = row.trim_end().len();
    row.truncate(end);
    for t in typed {
        if let Some(n) = (2..t.len())
            .rev()
            .filter(|&n| t.is_char_boundary(n))
            .find(|&n| row.ends_with(&t[..n]))
        {
            row.truncate(row.len() - n);
            break;
        }
    }
    row
}
