//! What tools share to return pane text: the capture command ([`capture`]), captures made
//! presentable and bounded ([`shape`]), and the pattern matcher of searches and waits
//! ([`matcher`]).

use regex::{Regex, RegexBuilder};
use tmux::{Command, TmuxError, Verb};

use super::context::R;
use crate::catalog::{ErrorKind, ToolError};

/// Most bytes of text one capture returns; older lines go first.
pub const MAX_TEXT_BYTES: usize = 256 << 10;

/// Captured text made presentable and bounded.
pub struct Shaped {
    pub text: String,
    pub lines: i64,
    pub truncated: bool,
}

/// Trims trailing spaces and trailing blank lines, keeps the newest `max_lines` and at most
/// [`MAX_TEXT_BYTES`].
pub fn shape(raw: &str, max_lines: Option<i64>) -> Shaped {
    shape_lines(raw.lines().collect(), max_lines, MAX_TEXT_BYTES)
}

/// [`shape`] of lines, keeping at most `max_bytes`.
pub fn shape_lines(lines: Vec<&str>, max_lines: Option<i64>, max_bytes: usize) -> Shaped {
    let mut lines: Vec<&str> = lines.into_iter().map(str::trim_end).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let mut truncated = false;
    if let Some(max) = max_lines.and_then(|m| usize::try_from(m).ok())
        && lines.len() > max
    {
        lines.drain(..lines.len() - max);
        truncated = true;
    }
    let mut bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
    let mut first = 0;
    while bytes > max_bytes && first + 1 < lines.len() {
        bytes -= lines[first].len() + 1;
        first += 1;
        truncated = true;
    }
    let mut text = lines[first..].join("\n");
    if text.len() > max_bytes {
        let mut cut = text.len() - max_bytes;
        while !text.is_char_boundary(cut) {
            cut += 1;
        }
        text.drain(..cut);
        truncated = true;
    }
    Shaped {
        lines: (lines.len() - first) as i64,
        text,
        truncated,
    }
}

/// A linear-time matcher for a search or wait pattern; a bad regex is the caller's error.
pub fn matcher(pattern: &str, regex: bool, match_case: bool) -> R<Regex> {
    let source = if regex {
        pattern.to_owned()
    } else {
        regex::escape(pattern)
    };
    RegexBuilder::new(&source)
        .case_insensitive(!match_case)
        .size_limit(1 << 20)
        .dfa_size_limit(1 << 20)
        .build()
        .map_err(|e| {
            let why = e.to_string().lines().last().unwrap_or_default().trim().to_owned();
            ToolError::new(ErrorKind::InvalidInput, format!("pattern {pattern:?} is not a valid regex ({why}); set regex to false to search for it literally"))
        })
}

/// Scrollback lines fetched when `history` is asked for without `max_lines` or `start`.
const HISTORY_LINES: i64 = 20_000;

/// `capture-pane` for a pane, a line range, or the newest history lines.
pub fn capture(
    pane: &str,
    history: bool,
    start: Option<i64>,
    end: Option<i64>,
    max_lines: Option<i64>,
) -> Result<Command, TmuxError> {
    let mut command = Command::new(Verb::CapturePane)
        .flag("-p")
        .flag("-J")
        .target(pane)?;
    let start = start.or_else(|| history.then(|| -max_lines.unwrap_or(HISTORY_LINES)));
    if let Some(s) = start {
        command = command.flag("-S").arg(s.to_string())?;
    }
    if let Some(e) = end {
        command = command.flag("-E").arg(e.to_string())?;
    }
    Ok(command)
}
