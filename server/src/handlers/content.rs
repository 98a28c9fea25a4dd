//! Inspect tools that read terminal content: capture_pane, snapshot_pane, search_panes.

use std::time::{Duration, Instant};

use regex::{Regex, RegexBuilder};

use super::context::{CallContext, Tools};
use super::objects;
use crate::catalog::{ErrorKind, ToolError, capture_pane, search_panes, snapshot_pane};
use tmux::Fields;
use tmux::{Command, Outputs, Script, TmuxError, Verb, row_format, session_target};
use tmux_mcp_runtime::mask::Masker;

type R<T> = Result<T, ToolError>;

/// Most bytes of text one capture returns; older lines go first.
pub const MAX_TEXT_BYTES: usize = 256 << 10;
/// Scrollback lines fetched when `history` is asked for without `max_lines` or `start`.
const HISTORY_LINES: i64 = 20_000;
const SEARCH_PANES: usize = 64;
const SEARCH_HISTORY_LINES: i64 = 8_192;
const SEARCH_MATCHES: usize = 200;
const SEARCH_TIME: Duration = Duration::from_secs(2);
const MATCH_LINE_CHARS: usize = 1_024;

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

/// `capture-pane` for a pane, a line range, or the newest history lines.
fn capture(
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

impl capture_pane::Handle for Tools {
    async fn capture_pane(
        t: &Tools,
        _: &CallContext,
        a: capture_pane::Args,
    ) -> R<capture_pane::Output> {
        if let (Some(s), Some(e)) = (a.start, a.end)
            && s > e
        {
            return Err(ToolError::new(
                ErrorKind::InvalidInput,
                format!("start ({s}) is after end ({e}); give start <= end"),
            ));
        }
        let raw = t
            .tmux
            .run(capture(&a.pane, a.history, a.start, a.end, a.max_lines)?)
            .await?;
        // Masked before it is cut to size, so a cut never leaves part of a secret.
        let m = t.masker.mask(&raw);
        let s = shape(&m.text, a.max_lines);
        Ok(capture_pane::Output {
            pane: a.pane,
            text: s.text,
            lines: s.lines,
            truncated: s.truncated,
            masked: m.count as i64,
        })
    }
}

impl snapshot_pane::Handle for Tools {
    async fn snapshot_pane(
        t: &Tools,
        _: &CallContext,
        a: snapshot_pane::Args,
    ) -> R<snapshot_pane::Output> {
        let vars = [
            "pane_width",
            "pane_height",
            "cursor_x",
            "cursor_y",
            "alternate_on",
            "pane_dead",
            "pane_in_mode",
            "scroll_position",
            "pane_pid",
            "pane_mode",
            t.agents.option(),
        ];
        let script = objects::display(&a.pane, row_format(&vars))?.then(capture(
            &a.pane,
            a.history,
            None,
            None,
            a.max_lines,
        )?);
        // has-session, display-message, capture-pane.
        let out = t.tmux.run_each(script).await?;
        let (state, content) = (out.get(1).trim_end_matches('\n'), out.get(2));
        let mut f = Fields::new(state, vars.len());
        let (width, height, cursor_x, cursor_y) = (f.int()?, f.int()?, f.int()?, f.int()?);
        let (alternate_screen, dead, in_mode) = (f.flag()?, f.flag()?, f.flag()?);
        let (scroll_position, pid) = (f.opt_int()?, f.opt_int()?);
        let mode = Some(f.text()?).filter(|m| in_mode && !m.is_empty());
        let agent = f.text()?;
        let state = objects::State::of(&t.tmux, &t.agents, &a.pane, pid.filter(|_| !dead), &agent);
        let m = t.masker.mask(content);
        let s = shape(&m.text, a.max_lines);
        Ok(snapshot_pane::Output {
            masked: m.count as i64,
            pane: a.pane,
            content: s.text,
            lines: s.lines,
            truncated: s.truncated,
            width,
            height,
            cursor_x,
            cursor_y,
            mode,
            scroll_position: scroll_position.filter(|_| in_mode),
            alternate_screen,
            dead,
            foreground_command: state.foreground_command,
            foreground_pid: state.foreground_pid,
            at_prompt: state.at_prompt,
            idle_ms: state.idle_ms,
            agent_state: state.agent.0,
            agent_state_ms: state.agent.1,
        })
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

impl search_panes::Handle for Tools {
    async fn search_panes(
        t: &Tools,
        cx: &CallContext,
        a: search_panes::Args,
    ) -> R<search_panes::Output> {
        use search_panes::LimitsHitItem as Limit;
        let re = matcher(&a.pattern, a.regex, a.match_case)?;
        let list = Command::new(Verb::ListPanes);
        let list = match (&a.session, &a.window) {
            (Some(_), Some(_)) => {
                return Err(ToolError::new(
                    ErrorKind::InvalidInput,
                    "give session or window, not both",
                ));
            }
            (Some(s), None) => list.flag("-s").target(&session_target(s))?,
            (None, Some(w)) => list.target(w)?,
            (None, None) => list.flag("-a"),
        };
        let mut panes: Vec<String> = Vec::new();
        for id in t
            .tmux
            .run(list.flag("-F").flag("#{pane_id}"))
            .await?
            .lines()
        {
            if !id.is_empty() && !panes.iter().any(|p| p == id) {
                panes.push(id.to_owned());
            }
        }
        let mut limits = Vec::new();
        if panes.len() > SEARCH_PANES {
            panes.truncate(SEARCH_PANES);
            limits.push(Limit::Panes);
        }
        // One round trip: a row naming each pane, then its capture.
        let mut script: Option<Script> = None;
        for pane in &panes {
            let row = Command::new(Verb::DisplayMessage)
                .flag("-p")
                .target(pane)?
                .format(row_format(&["pane_id", "pane_height", "history_size"]));
            let read = match script {
                None => Script::from(row),
                Some(s) => s.then(row),
            };
            script = Some(read.then(capture(
                pane,
                a.history,
                None,
                None,
                Some(SEARCH_HISTORY_LINES),
            )?));
        }
        let out = match script {
            None => Outputs::default(),
            Some(script) => t.tmux.run_each(script).await?,
        };
        // Matching is CPU work of up to SEARCH_TIME: it runs beside the runtime's thread, so other
        // calls, cancellations and progress go on meanwhile; a cancelled call stops it.
        let cancel = cx.cancel.clone();
        let history = a.history;
        let masker = t.masker.clone();
        let (matches, searched, limits, masked) = tokio::task::spawn_blocking(move || {
            scan(&out, &re, &masker, history, limits, || {
                cancel.is_cancelled()
            })
        })
        .await
        .map_err(|e| ToolError::new(ErrorKind::Internal, format!("the search stopped: {e}")))??;
        Ok(search_panes::Output {
            matches,
            panes_searched: searched,
            limits_hit: limits,
            masked: masked as i64,
        })
    }
}

/// Matches `re` against the captures in `out` (each after the row naming its pane),
/// masked first so that a search cannot probe for a secret, within [`SEARCH_TIME`] and
/// [`SEARCH_MATCHES`], until `cancelled`. Also says how many spans were masked.
fn scan(
    out: &Outputs,
    re: &Regex,
    masker: &Masker,
    with_history: bool,
    mut limits: Vec<search_panes::LimitsHitItem>,
    cancelled: impl Fn() -> bool,
) -> R<(
    Vec<search_panes::MatchesItem>,
    i64,
    Vec<search_panes::LimitsHitItem>,
    usize,
)> {
    use search_panes::LimitsHitItem as Limit;
    let started = Instant::now();
    let mut matches = Vec::new();
    let (mut searched, mut masked) = (0, 0);
    let parts: Vec<&str> = out.iter().collect();
    for pair in parts.chunks(2) {
        let head = pair[0].trim_end_matches('\n');
        let body = pair.get(1).copied().unwrap_or_default();
        let mut f = Fields::new(head, 3);
        let (pane, height, history) = (f.text()?, f.int()?, f.int()?);
        if with_history && history > SEARCH_HISTORY_LINES && !limits.contains(&Limit::Lines) {
            limits.push(Limit::Lines);
        }
        searched += 1;
        let body = masker.mask(body);
        masked += body.count;
        let lines: Vec<&str> = body.text.lines().collect();
        // The last `height` lines are the screen (0 = its top); lines above it are scrollback.
        let top = lines.len() as i64 - height;
        for (i, line) in lines.iter().enumerate() {
            if i % 256 == 0 && (started.elapsed() > SEARCH_TIME || cancelled()) {
                limits.push(Limit::Time);
                break;
            }
            if re.is_match(line) {
                if matches.len() == SEARCH_MATCHES {
                    limits.push(Limit::Matches);
                    break;
                }
                let text: String = line.trim_end().chars().take(MATCH_LINE_CHARS).collect();
                matches.push(search_panes::MatchesItem {
                    pane: pane.clone(),
                    line: i as i64 - top,
                    text,
                });
            }
        }
        if limits
            .iter()
            .any(|l| matches!(l, Limit::Time | Limit::Matches))
        {
            break;
        }
    }
    Ok((matches, searched, limits, masked))
}
