//! What the pane shows where its cursor is, read before and after each key send_prompt
//! sends, and what a change in it says: the prompt still waits, or an Enter became part of it.

use crate::handlers::context::Tools;
use crate::handlers::rows;
use tmux::{Command, Fields, TmuxError, Verb, row_format};

/// What the pane shows where its cursor is: the cursor's line (with the rows before it that
/// wrapped into it) and where the cursor and the history stand.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct InputLine {
    pub(super) text: String,
    cursor: (u64, u64),
    history: u64,
    /// The row above the line.
    above: String,
}

impl InputLine {
    /// The pane's input line, and its agent option as it stands.
    pub(super) async fn read(t: &Tools, pane: &str) -> Result<(InputLine, String), TmuxError> {
        let vars = [
            "history_size",
            "cursor_x",
            "cursor_y",
            "pane_width",
            t.agents.option(),
        ];
        let script = rows::display(pane, row_format(&vars))?
            .then(Command::new(Verb::CapturePane).flag("-p").target(pane)?);
        let out = t.tmux.run_each(script).await?;
        let mut f = Fields::new(out.get(1).trim_end_matches('\n'), vars.len());
        let (history, x, y, width) = (f.int()?, f.int()?, f.int()?, f.int()?);
        let agent = f.text()?;
        let rows: Vec<&str> = out.get(2).lines().collect();
        let y = usize::try_from(y)
            .unwrap_or(0)
            .min(rows.len().saturating_sub(1));
        let mut first = y;
        let wraps = |r: &str| width > 0 && r.chars().count() as i64 >= width;
        while first > 0 && wraps(rows[first - 1]) {
            first -= 1;
        }
        let line = InputLine {
            text: rows.get(first..=y).unwrap_or_default().concat(),
            cursor: (x as u64, y as u64),
            history: history as u64,
            above: first
                .checked_sub(1)
                .and_then(|i| rows.get(i))
                .map_or_else(String::new, |r| (*r).to_owned()),
        };
        Ok((line, agent))
    }

    /// Whether an Enter became a newline in the input box, judged by what changed in the
    /// input, however the program draws it: the cursor went back to a line without the
    /// prompt's end whose row above is the input line as it was (a new row, wherever the box
    /// stands now: Gemini CLI moves it as it takes its first input, and redraws it whole);
    /// or the input line is the one after the paste with more after it and the cursor past
    /// where it stood (a glyph on the same row, or on the row it wrapped to, which the line
    /// read joins). A submission that reads so (a REPL's next prompt under the line it ran)
    /// meets the Backspace that takes a newline back with an empty line, and is one.
    pub(super) fn took_a_newline(&self, tail: &str, pasted: &InputLine) -> bool {
        let new_row = self.cursor.0 < pasted.cursor.0
            && self.above.trim_end() == pasted.text.trim_end()
            && (tail.is_empty() || !self.text.contains(tail));
        // One glyph (a character or two: a wide one, or one and a space): more is a hint the
        // program drew, which a Backspace would not take back but eat the prompt's end for.
        let (now, before) = (self.text.trim_end(), pasted.text.trim_end());
        let added = now
            .strip_prefix(before)
            .map_or(0, |rest| rest.chars().count());
        let drawn_after = !before.is_empty()
            && (1..=2).contains(&added)
            && (self.row(), self.cursor.0) > (pasted.row(), pasted.cursor.0);
        new_row || drawn_after
    }

    /// Whether this line is `pasted` cut short: less of the prompt than the paste left, and
    /// more than `before` (the line before the paste) held. A Backspace that met the prompt
    /// rather than a newline leaves it so.
    pub(super) fn cuts(&self, pasted: &InputLine, before: &InputLine) -> bool {
        let (now, full) = (self.text.trim_end(), pasted.text.trim_end());
        now.len() < full.len() && full.starts_with(now) && now.len() > before.text.trim_end().len()
    }

    /// Whether this is the input line as it was after the paste: the same text, the cursor in
    /// the same column (the box may have moved since).
    pub(super) fn is(&self, pasted: &InputLine) -> bool {
        self.text == pasted.text && self.cursor.0 == pasted.cursor.0
    }

    /// Whether the prompt still waits here: its tail is on the cursor's line, or, where the
    /// program showed something else there after the paste, that line, the row above it and
    /// the cursor's column are as they were. Wherever the box stands: one that grew by a line
    /// at the bottom of a full screen scrolled a row into the history, and shrunk back it
    /// stands a row higher (Gemini CLI's box after its newline is taken back); Gemini CLI
    /// moves its box as it takes its first input. Neither is a submission, which empties the
    /// line.
    pub(super) fn holds(&self, tail: &str, pasted: &InputLine) -> bool {
        if !tail.is_empty() && pasted.text.contains(tail) {
            self.text.contains(tail)
        } else {
            self.text == pasted.text
                && self.above == pasted.above
                && self.cursor.0 == pasted.cursor.0
        }
    }

    /// Where the cursor stands, as a reason says it.
    pub(super) fn cursor(&self) -> String {
        format!(
            "with the cursor at line {} column {}",
            self.row(),
            self.cursor.0
        )
    }

    /// The cursor's line counted from the top of the history.
    pub(super) fn row(&self) -> u64 {
        self.history + self.cursor.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str, x: u64) -> InputLine {
        InputLine {
            text: text.into(),
            cursor: (x, 5),
            history: 0,
            above: String::new(),
        }
    }

    #[test]
    fn an_enter_that_became_a_newline_in_the_box_is_told_from_a_submission() {
        let pasted = line("> say hello", 11);
        let newline = InputLine {
            text: "  ".into(),
            cursor: (2, 6),
            history: 0,
            above: "> say hello".into(),
        };
        assert!(newline.took_a_newline("say hello", &pasted));
        // Submitted: the box empty on the same row, or the answer printed below it.
        assert!(!line("> ", 2).took_a_newline("say hello", &pasted));
        let below = InputLine {
            cursor: (2, 8),
            above: "ANSWER: hello".into(),
            ..newline
        };
        assert!(!below.took_a_newline("say hello", &pasted));
        // The line as pasted right above the cursor's, rows further down, is taken for a
        // newline too: a submission that reads so (a REPL's next prompt under the line it
        // ran) meets a Backspace on its empty line and is found submitted. With as much text
        // as the prompt on the cursor's line, it is no newline.
        let further = InputLine {
            text: "  ".into(),
            cursor: (2, 8),
            history: 0,
            above: "> say hello".into(),
        };
        assert!(further.took_a_newline("say hello", &pasted));
        let answered = InputLine {
            text: "ANSWER: hello".into(),
            cursor: (13, 6),
            ..further
        };
        assert!(!answered.took_a_newline("say hello", &pasted));
        // A new row in a box that moved as it took it (up two rows, or redrawn whole with the
        // screen pushed into the history).
        for (y, history) in [(4, 0), (6, 40)] {
            let moved = InputLine {
                text: "  ".into(),
                cursor: (2, y),
                history,
                above: "> say hello".into(),
            };
            assert!(moved.took_a_newline("say hello", &pasted), "{y} {history}");
        }
        // A glyph after the prompt on its row, or on the row a full one wrapped to (the line
        // read joins the two).
        assert!(line("> say hello⏎", 12).took_a_newline("say hello", &pasted));
        let full = line(&format!("> {}", "w".repeat(78)), 79);
        let wrapped = InputLine {
            text: format!("{}⏎", full.text),
            cursor: (1, 6),
            ..line("", 0)
        };
        assert!(wrapped.took_a_newline("wwwwwwwwwwww", &full));
        // The same line redrawn, or the cursor gone back: nothing was added.
        assert!(!line("> say hello", 11).took_a_newline("say hello", &pasted));
        assert!(!line("> say hello⏎", 3).took_a_newline("say hello", &pasted));
        // A hint drawn after the prompt, or anything after a blank line, is no newline.
        assert!(!line("> say hello  (queued)", 21).took_a_newline("say hello", &pasted));
        assert!(!line("  x", 3).took_a_newline("", &line("", 0)));
        // A Backspace that ate the prompt's end leaves it cut short.
        assert!(line("> say hell", 10).cuts(&pasted, &line("> ", 2)));
        assert!(!line("> ", 2).cuts(&pasted, &line("> ", 2)));
        // Taken back only when the line is as it was after the paste, wherever the box is.
        assert!(line("> say hello", 11).is(&pasted));
        assert!(!line("> say hell", 10).is(&pasted));
        assert!(!line("> say hello", 80).is(&pasted));
        let higher = InputLine {
            cursor: (11, 3),
            ..line("> say hello", 11)
        };
        assert!(higher.is(&pasted));
    }

    #[test]
    fn a_prompt_waits_while_its_tail_or_an_unchanged_line_says_so() {
        let pasted = line("> say hello", 11);
        assert!(line("> say hello", 11).holds("say hello", &pasted));
        assert!(!line("> ", 2).holds("say hello", &pasted));
        // A TUI that shows a placeholder for a paste: only an unchanged line still holds it.
        let placeholder = line("> [Pasted text +3 lines]", 24);
        assert!(line("> [Pasted text +3 lines]", 24).holds("the end", &placeholder));
        assert!(!line("> ", 2).holds("the end", &placeholder));
        // The same line a row up on the screen with a row more in the history (a box that
        // grew at the bottom and shrank back), or in a box that moved, still holds it; with
        // another row above it, or the cursor elsewhere on it, it does not.
        let scrolled = InputLine {
            cursor: (24, 4),
            history: 1,
            ..line("> [Pasted text +3 lines]", 24)
        };
        assert!(scrolled.holds("the end", &placeholder));
        let moved = InputLine {
            cursor: (24, 9),
            ..line("> [Pasted text +3 lines]", 24)
        };
        assert!(moved.holds("the end", &placeholder));
        let under = InputLine {
            above: "> [Pasted text +3 lines]".into(),
            ..moved
        };
        assert!(!under.holds("the end", &placeholder));
        assert!(!line("> [Pasted text +3 lines]", 2).holds("the end", &placeholder));
    }
}
