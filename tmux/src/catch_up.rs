//! What a pane printed while no output stream delivered it (its window moved to another
//! session, whose stream had not started yet), recovered from the lines tmux keeps of it.
//!
//! tmux sends a pane's output only to control clients whose session holds its window
//! (`control_write_output`, 3.2a to next-3.8), and a client that starts receiving it starts
//! at the bytes tmux has not parsed yet (`control_add_pane`): the bytes parsed meanwhile are
//! gone, but their text is in the pane's history and screen. The journal's last lines are
//! found there, and the lines after them are the ones it missed.

/// How many of the journal's last lines are looked for together, where they are all found:
/// one line (a blank one, a prompt) recurs too often to say alone where the journal ends.
pub const ANCHOR_LINES: usize = 3;

/// The text that brings a journal ending with the complete lines `tail` (oldest first, at most
/// [`ANCHOR_LINES`]) and the line being written `partial` to where `grid` ends: the pane's
/// lines as tmux holds them (history then screen, wrapped lines joined), the last one the
/// cursor's. Lines are compared without their blanks, which tmux turns into cursor moves and
/// padding. `None` when the journal's lines are not there in that order (more was printed
/// than tmux keeps, or a program drew over them): nothing is added, rather than lines twice.
///
/// A journal with no complete line yet (its pane was followed a moment before it moved) has
/// no tail to find: it is anchored on the line of `grid` holding one of `anchors`, nonces this
/// server typed once each (a call's), which the pane echoed after the journal began, and that
/// line is missed too. Without one, nothing is added: any other text could be an older line.
pub fn missed(tail: &[&str], partial: &str, grid: &[&str], anchors: &[&str]) -> Option<String> {
    let (&cursor_line, complete) = grid.split_last()?;
    // The most lines found together; fewer when the oldest of them is not there as the journal
    // read it (a shell's line editor redraws the line typed into it).
    let end = match (1..=tail.len())
        .rev()
        .find_map(|n| found(&tail[tail.len() - n..], complete))
    {
        Some(end) => end,
        None if tail.is_empty() => echoed(anchors, grid)?,
        None => return None,
    };
    let mut text = String::new();
    let rest: Vec<&str> = complete[end..]
        .iter()
        .copied()
        .chain([cursor_line])
        .collect();
    let (first, later) = rest.split_first()?;
    let typed = partial.trim_end();
    match first.strip_prefix(typed) {
        // capture-pane leaves out trailing blanks the journal may hold.
        Some(more) => text.push_str(
            &more[(partial.len() - typed.len())
                .min(more.len() - more.trim_start_matches(' ').len())..],
        ),
        // The line was rewritten since: it starts over (as a carriage return does).
        None => {
            text.push('\r');
            text.push_str(first);
        }
    }
    for line in later {
        text.push('\n');
        text.push_str(line);
    }
    Some(text)
}

/// The latest line of `grid` holding one of `anchors`.
fn echoed(anchors: &[&str], grid: &[&str]) -> Option<usize> {
    grid.iter()
        .rposition(|line| anchors.iter().any(|a| !a.is_empty() && line.contains(a)))
}

/// Where the last run of `lines` ends in `grid`, compared without blanks; `None` when they are
/// not there, or all blank.
fn found(lines: &[&str], grid: &[&str]) -> Option<usize> {
    let key = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let wanted: Vec<String> = lines.iter().map(|l| key(l)).collect();
    if wanted.iter().all(String::is_empty) || lines.len() > grid.len() {
        return None;
    }
    // The latest place: output that repeats is more likely to have been seen in its last run.
    (lines.len()..=grid.len()).rev().find(|&end| {
        grid[end - lines.len()..end]
            .iter()
            .zip(&wanted)
            .all(|(line, want)| key(line) == *want)
    })
}

#[cfg(test)]
mod tests {
    use super::missed;

    #[test]
    fn the_lines_after_the_journals_last_ones_are_missed() {
        let grid = ["$ seq 5", "1", "2", "3", "4", "5", "$ "];
        assert_eq!(
            missed(&["$ seq 5", "1", "2"], "", &grid, &[]).as_deref(),
            Some("3\n4\n5\n$ ")
        );
        // The line being written goes on where the journal left it.
        assert_eq!(
            missed(&["1", "2", "3"], "4", &grid, &[]).as_deref(),
            Some("\n5\n$ ")
        );
        assert_eq!(
            missed(&["3", "4", "5"], "$ ", &grid, &[]).as_deref(),
            Some("")
        );
    }

    #[test]
    fn repeated_output_is_taken_from_its_last_run_and_blanks_do_not_matter() {
        let grid = ["a", "b", "c", "a", "b", "c", "d", ""];
        assert_eq!(
            missed(&["a", "b", "c"], "", &grid, &[]).as_deref(),
            Some("d\n")
        );
        assert_eq!(
            missed(&["x\ty"], "", &["x       y", "z", ""], &[]).as_deref(),
            Some("z\n")
        );
    }

    #[test]
    fn nothing_is_added_when_the_journals_lines_are_not_there() {
        assert_eq!(missed(&["gone", "too"], "", &["1", "2", ""], &[]), None);
        assert_eq!(missed(&["", ""], "", &["", "", "1", ""], &[]), None);
        assert_eq!(missed(&[], "", &["1", ""], &[]), None);
        assert_eq!(missed(&["1"], "", &[], &[]), None);
    }

    #[test]
    fn fewer_lines_are_found_when_the_oldest_was_redrawn() {
        assert_eq!(
            missed(&["$ typed", "1"], "", &["$ typed over", "1", "2", ""], &[]).as_deref(),
            Some("2\n")
        );
    }

    #[test]
    fn a_journal_with_no_line_yet_is_anchored_on_the_line_holding_a_typed_nonce() {
        let grid = ["$ old", "$ run nonce-7", "1", "2", "$ "];
        assert_eq!(
            missed(&[], "", &grid, &["nonce-7"]).as_deref(),
            Some("$ run nonce-7\n1\n2\n$ ")
        );
        // The echo begun before the move goes on where it was.
        assert_eq!(
            missed(&[], "$ run no", &grid, &["nonce-7"]).as_deref(),
            Some("nce-7\n1\n2\n$ ")
        );
        // The latest echo of it; and nothing without one.
        let twice = ["$ run nonce-7", "1", "$ run nonce-7", "2", ""];
        assert_eq!(
            missed(&[], "", &twice, &["nonce-7"]).as_deref(),
            Some("$ run nonce-7\n2\n")
        );
        assert_eq!(missed(&[], "", &grid, &["nonce-8"]), None);
        assert_eq!(missed(&[], "", &grid, &[]), None);
    }

    #[test]
    fn a_line_rewritten_since_starts_over() {
        assert_eq!(
            missed(
                &["a", "b", "c"],
                "50%",
                &["a", "b", "c", "100% done", "$ "],
                &[]
            )
            .as_deref(),
            Some("\r100% done\n$ ")
        );
    }
}
