//! capture_since: incremental reads with an opaque cursor.
//!
//! A cursor names a position in the pane's grid (scrollback plus screen): a row counted from
//! the oldest retained row, and a column on it. It carries the pane's process id (to notice a
//! respawned pane), a hash of the text just before the position (to find it again after tmux
//! trims a full history, which shifts every row up) and a MAC keyed per server process, so a
//! forged or corrupted cursor is refused rather than trusted.
//!
//! A position in the grid means nothing to a program that draws by cursor addressing: on the
//! alternate screen (Codex) the history never grows and the cursor stays where it was; on the
//! main screen an Ink program (Claude Code) writes its answer into rows above the cursor. So
//! the cursor also names the pane's journal and its screen model's change count, and when the
//! screen is the alternate one at either end, or rows above the cursor's row changed, the text
//! is what the model says changed since: the rows pushed off the top, then those shown that
//! were rewritten, top to bottom (`redrawn`).

use std::hash::{BuildHasher, DefaultHasher, Hash, Hasher};

use crate::catalog::{ErrorKind, ToolError, ToolId, capture_since};
use crate::handlers::context::{CallContext, R, Tools};
use crate::handlers::signing::key;
use crate::handlers::text::shape;
use crate::handlers::{rows, typing};
use tmux::feed::Feed;
use tmux::{Command, Fields, Verb, row_format};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cursor {
    pane: u32,
    pid: u32,
    row: u64,
    col: u32,
    anchor: u64,
    /// The pane's journal, its screen's change count, the cursor's row on the screen and
    /// whether the alternate screen was shown.
    journal: u64,
    screen: u64,
    y: u32,
    alternate: bool,
}

impl Cursor {
    fn mac(&self) -> u64 {
        key().hash_one((
            (self.pane, self.pid, self.row, self.col, self.anchor),
            (self.journal, self.screen, self.y, self.alternate),
            "capture_since/2",
        ))
    }

    fn encode(&self) -> String {
        format!(
            "{:x}.{:x}.{:x}.{:x}.{:016x}.{:x}.{:x}.{:x}.{:x}.{:016x}",
            self.pane,
            self.pid,
            self.row,
            self.col,
            self.anchor,
            self.journal,
            self.screen,
            self.y,
            u8::from(self.alternate),
            self.mac()
        )
    }

    fn decode(text: &str) -> Option<Cursor> {
        let parts: Vec<&str> = text.split('.').collect();
        let [
            pane,
            pid,
            row,
            col,
            anchor,
            journal,
            screen,
            y,
            alternate,
            mac,
        ] = parts.as_slice()
        else {
            return None;
        };
        let cursor = Cursor {
            pane: u32::from_str_radix(pane, 16).ok()?,
            pid: u32::from_str_radix(pid, 16).ok()?,
            row: u64::from_str_radix(row, 16).ok()?,
            col: u32::from_str_radix(col, 16).ok()?,
            anchor: u64::from_str_radix(anchor, 16).ok()?,
            journal: u64::from_str_radix(journal, 16).ok()?,
            screen: u64::from_str_radix(screen, 16).ok()?,
            y: u32::from_str_radix(y, 16).ok()?,
            alternate: match *alternate {
                "0" => false,
                "1" => true,
                _ => return None,
            },
        };
        (u64::from_str_radix(mac, 16).ok()? == cursor.mac()).then_some(cursor)
    }
}

/// Hash of the text before a position: the start of its row, or the whole row above when the
/// position is at a row's start.
fn anchor(rows: &[&str], index: usize, col: u32) -> u64 {
    // tmux drops trailing spaces from captured rows, so compare prefixes without them.
    let text: String = if col > 0 {
        rows.get(index)
            .map(|r| {
                r.chars()
                    .take(col as usize)
                    .collect::<String>()
                    .trim_end()
                    .to_owned()
            })
            .unwrap_or_default()
    } else {
        index
            .checked_sub(1)
            .and_then(|i| rows.get(i))
            .map(|r| (*r).to_owned())
            .unwrap_or_default()
    };
    let mut h = DefaultHasher::new();
    (col > 0, text).hash(&mut h);
    h.finish()
}

struct PaneState {
    pid: u32,
    history: u64,
    limit: u64,
    cursor_y: u64,
    cursor_x: u32,
    width: usize,
    alternate: bool,
}

impl capture_since::Handle for Tools {
    async fn capture_since(
        t: &Tools,
        _: &CallContext,
        a: capture_since::Args,
    ) -> R<capture_since::Output> {
        let pane_number: u32 = a.pane[1..]
            .parse()
            .map_err(|_| ToolError::new(ErrorKind::InvalidInput, "pane id out of range"))?;
        let given = match &a.cursor {
            None => None,
            Some(text) => {
                let cursor = Cursor::decode(text).ok_or_else(|| {
                    let why = if typing::decode(&a.pane, text).is_ok() {
                        format!("that is an input tool's since, not a cursor {} returned: pass it as since to {} or {}; call {} without a cursor to start reading here", ToolId::CaptureSince.name(), ToolId::WaitForText.name(), ToolId::WaitForQuiet.name(), ToolId::CaptureSince.name())
                    } else {
                        format!("cursor is not one this server issued, or it was altered; call {} without a cursor to start again", ToolId::CaptureSince.name())
                    };
                    ToolError::new(ErrorKind::InvalidInput, why)
                })?;
                if cursor.pane != pane_number {
                    return Err(ToolError::new(
                        ErrorKind::InvalidInput,
                        format!("cursor belongs to pane %{}, not {}", cursor.pane, a.pane),
                    ));
                }
                Some(cursor)
            }
        };
        // Followed first: the screen model's count is taken before tmux is read, so what
        // changes in between is read again next time rather than lost.
        let (journal, now) = t.tmux.follow(&a.pane).await?;
        let vars = [
            "pane_pid",
            "history_size",
            "history_limit",
            "cursor_y",
            "cursor_x",
            "pane_width",
            "alternate_on",
        ];
        let out = t
            .tmux
            .run(rows::display(&a.pane, row_format(&vars))?)
            .await?;
        let mut f = Fields::new(out.trim_end_matches('\n'), vars.len());
        let s = PaneState {
            // A pane whose process has exited (next-3.8 prints no pid for it) keeps its last.
            pid: match f.opt_int()? {
                Some(pid) => pid as u32,
                None => given.map_or(0, |c| c.pid),
            },
            history: f.int()? as u64,
            limit: f.int()? as u64,
            cursor_y: f.int()? as u64,
            cursor_x: f.int()? as u32,
            width: f.int()? as usize,
            alternate: f.flag()?,
        };
        let end_row = s.history + s.cursor_y;

        // Rows to read, counted from the oldest retained row. tmux trims a full history by a tenth
        // of its limit at a time, so when it is near full the old position may have moved up
        // anywhere: read everything retained then.
        let near_full = s.history + s.limit / 10 + 1 >= s.limit;
        let replaced = given.is_some_and(|c| c.pid != s.pid);
        let from = match given {
            Some(c) if !replaced && !near_full => c.row.saturating_sub(1).min(end_row),
            Some(_) if replaced => s.history,
            _ if given.is_none() => end_row.saturating_sub(1),
            _ => 0,
        };
        let start = from as i64 - s.history as i64;
        let captured = t
            .tmux
            .run(
                Command::new(Verb::CapturePane)
                    .flag("-p")
                    .target(&a.pane)?
                    .flag("-S")
                    .arg(start.to_string())?
                    .flag("-E")
                    .arg(s.cursor_y.to_string())?,
            )
            .await?;
        let rows: Vec<&str> = captured.lines().collect();
        let local = |row: u64| (row.saturating_sub(from)) as usize;
        let end_index = local(end_row);
        let cursor = Cursor {
            pane: pane_number,
            pid: s.pid,
            row: end_row,
            col: s.cursor_x,
            anchor: anchor(&rows, end_index, s.cursor_x),
            journal: journal.id,
            screen: now.screen(),
            y: s.cursor_y as u32,
            alternate: s.alternate,
        };

        let Some(old) = given.filter(|_| !replaced) else {
            let text = if replaced {
                text_between(&rows, 0, 0, end_index, s.cursor_x, s.width)
            } else {
                String::new()
            };
            let read = Read {
                first: given.is_none(),
                replaced,
                ..Read::default()
            };
            return Ok(output(t, a.pane, &text, &cursor, read));
        };

        if let Some(text) = redrawn(&journal, &old, s.alternate) {
            let read = Read {
                redrawn: true,
                ..Read::default()
            };
            return Ok(output(t, a.pane, &text, &cursor, read));
        }

        let (start_index, col, missed) = if old.row > end_row {
            // The pane was cleared (history cleared, or reset): everything now there is new.
            (0, 0, 0)
        } else if near_full {
            let expected = local(old.row);
            match (0..=expected.min(rows.len()))
                .rev()
                .find(|&i| anchor(&rows, i, old.col) == old.anchor)
            {
                Some(i) => (i, old.col, 0),
                // The old position was trimmed away before it could be read: at least one row lost.
                None => (0, 0, 1),
            }
        } else if old.col > 0 && anchor(&rows, local(old.row), old.col) != old.anchor {
            // The program rewrote its line before the position (a TUI's status or input line,
            // redrawn in place): the whole line is new.
            (local(old.row), 0, 0)
        } else {
            (local(old.row), old.col, 0)
        };
        // Masked after the positions are taken, so cursors count what tmux holds.
        let text = text_between(&rows, start_index, col, end_index, s.cursor_x, s.width);
        let read = Read {
            missed_lines: missed,
            ..Read::default()
        };
        Ok(output(t, a.pane, &text, &cursor, read))
    }
}

/// How a read went, beside its text.
#[derive(Default)]
struct Read {
    first: bool,
    missed_lines: i64,
    replaced: bool,
    redrawn: bool,
}

/// The reply for `text` (masked, then cut to the output bound) and the next cursor.
fn output(
    t: &Tools,
    pane: String,
    text: &str,
    cursor: &Cursor,
    read: Read,
) -> capture_since::Output {
    let m = t.masker.mask(text);
    let shaped = shape(&m.text, None);
    capture_since::Output {
        masked: m.count as i64,
        pane,
        text: shaped.text,
        cursor: cursor.encode(),
        first: read.first,
        missed_lines: read.missed_lines,
        replaced: read.replaced,
        redrawn: read.redrawn,
        truncated: shaped.truncated,
    }
}

/// What changed since `old` as the screen model says, when the screen was redrawn rather
/// than written on from the cursor: the alternate screen is shown now or was at `old`, or a
/// row above `old`'s (where it is now, after the rows pushed off the top) shows new text.
/// `None` when it was not, or the model is not the one `old` names.
fn redrawn(journal: &tmux::Journal, old: &Cursor, alternate: bool) -> Option<String> {
    if old.journal != journal.id {
        return None;
    }
    let from = journal.position().with_screen(old.screen);
    let view = Feed::new(from).screen(journal)?;
    let new = |(changed, text): &&(u64, String)| *changed > old.screen && !text.is_empty();
    let above = (old.y as usize).saturating_sub(view.gone.len());
    let rewritten = view.rows.iter().take(above).any(|row| new(&row));
    if !(alternate || old.alternate || rewritten) {
        return None;
    }
    // Lines, not rows: a token that wrapped is one token to the masker.
    let rows: Vec<&str> = view
        .gone
        .iter()
        .chain(&view.lines)
        .filter(new)
        .map(|(_, text)| text.as_str())
        .collect();
    Some(rows.join("\n"))
}

/// Text from (`row`, `col`) up to (`end_row`, `end_col`). A row that fills the pane's `width`
/// is taken to wrap and runs on into the next without a line break, so a line is whole when it
/// is masked (a token that wrapped is still a token) and reads as it was printed.
fn text_between(
    rows: &[&str],
    row: usize,
    col: u32,
    end_row: usize,
    end_col: u32,
    width: usize,
) -> String {
    let mut text = String::new();
    let mut wrapped = false;
    for (i, r) in rows.iter().enumerate().take(end_row + 1).skip(row) {
        let skip = if i == row { col as usize } else { 0 };
        let take = if i == end_row {
            (end_col as usize).saturating_sub(skip)
        } else {
            usize::MAX
        };
        let piece: String = r.chars().skip(skip).take(take).collect();
        // Nothing was added after the old position on its row: start with the next row.
        if i == row && i < end_row && piece.is_empty() {
            continue;
        }
        if !text.is_empty() && !wrapped {
            text.push('\n');
        }
        text.push_str(&piece);
        wrapped = width > 0 && r.chars().count() >= width;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_round_trips_and_a_forged_one_is_refused() {
        let c = Cursor {
            pane: 3,
            pid: 42,
            row: 100,
            col: 2,
            anchor: 7,
            journal: 9,
            screen: 11,
            y: 4,
            alternate: true,
        };
        assert_eq!(Cursor::decode(&c.encode()), Some(c));
        let forged = Cursor { row: 5, ..c }
            .encode()
            .replace(&format!(".{:x}.", 5), &format!(".{:x}.", 6));
        assert_eq!(Cursor::decode(&forged), None);
        assert_eq!(Cursor::decode("garbage"), None);
        assert_eq!(Cursor::decode(""), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 500, ..Default::default() })]

        #[test]
        fn a_forged_or_corrupted_cursor_is_never_trusted(text in "\\PC{0,80}", at in 0usize..80, with in proptest::char::range('0', 'z')) {
            // Anything not issued by this process is refused...
            proptest::prop_assert_eq!(Cursor::decode(&text), None);
            // ...and so is an issued cursor with any one character changed.
            let issued = Cursor { pane: 1, pid: 2, row: 3, col: 4, anchor: 5, journal: 6, screen: 7, y: 8, alternate: false }.encode();
            let mut chars: Vec<char> = issued.chars().collect();
            let at = at % chars.len();
            if chars[at] != with {
                chars[at] = with;
                let changed: String = chars.into_iter().collect();
                proptest::prop_assert!(Cursor::decode(&changed).is_none_or(|c| c.encode() == changed.to_lowercase()), "{changed}");
            }
        }
    }

    #[test]
    fn text_between_positions() {
        let rows = ["$ run", "one", "tw"];
        assert_eq!(text_between(&rows, 0, 5, 2, 2, 80), "one\ntw");
        assert_eq!(text_between(&rows, 0, 2, 2, 2, 80), "run\none\ntw");
        assert_eq!(text_between(&rows, 2, 0, 2, 2, 80), "tw");
        // A full row wraps into the next one.
        assert_eq!(text_between(&["abc", "de", "g"], 0, 1, 2, 1, 3), "bcde\ng");
    }
}
