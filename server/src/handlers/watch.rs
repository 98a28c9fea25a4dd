//! The watch every waiting tool is built on: a journal walked from a position ([`Scan`]),
//! a pane's liveness and the call's deadline, cancellation and progress ([`Watch`]), and the
//! patterns waits match ([`LineMatcher`]).

use std::cell::OnceCell;
use std::sync::Arc;
use std::time::{Duration, Instant};

use regex::Regex;

use super::context::{CallContext, R, Tools, cancelled, progress_ticker};
use super::text::matcher;
use super::typing;
use crate::catalog::{ErrorKind, ToolError, ToolId};
use tmux::feed::{Feed, Piece};
use tmux::journal::Position;
use tmux::{Journal, TmuxErrorKind};
use tmux_mcp_runtime::mask::Masker;

/// Most characters of a line a wait returns.
pub const MAX_LINE_CHARS: usize = 1_024;
/// How often a wait checks that its pane lives when tmux said nothing: a pane kept after its
/// process exits (remain-on-exit) changes no layout. Closing and killed panes are noticed at
/// once from the stream's notifications; this bounds the rest, at one command a second a wait.
pub const LIVENESS_EVERY: Duration = Duration::from_secs(1);

/// A wait's pattern, held as long as the wait. Waits are many at once (an agent's loop over
/// its panes), so the common pattern, literal text in any case, costs what a case-sensitive
/// literal does: a case-insensitive regex of a short literal holds about 17.6 KB (its NFA
/// spells out every letter's cases, and its prefilter every casing of the literal), a
/// case-sensitive one 3 KB (regex 1.13.2, measured with a counting allocator). Folding ASCII on
/// both sides matches what the regex would, but for the two non-ASCII letters Unicode folds to
/// ASCII ones (U+212A KELVIN SIGN to k, U+017F LONG S to s).
pub enum LineMatcher {
    Regex(Regex),
    /// Literal ASCII text, lower-cased, matched case-sensitively against the line lower-cased.
    AsciiFolded(Regex),
}

impl LineMatcher {
    pub fn new(pattern: &str, regex: bool, match_case: bool) -> R<Self> {
        Ok(if !regex && !match_case && pattern.is_ascii() {
            Self::AsciiFolded(matcher(&pattern.to_ascii_lowercase(), false, true)?)
        } else {
            Self::Regex(matcher(pattern, regex, match_case)?)
        })
    }

    pub fn is_match(&self, line: &Subject) -> bool {
        match self {
            Self::Regex(re) => re.is_match(line.text),
            Self::AsciiFolded(re) => re.is_match(line.folded()),
        }
    }
}

/// A line as the matchers read it: its text, and its ASCII lower-cased copy, made once, when
/// the first folded pattern asks for it, however many patterns and stops there are.
pub struct Subject<'a> {
    text: &'a str,
    folded: OnceCell<String>,
}

impl<'a> Subject<'a> {
    pub fn new(text: &'a str) -> Self {
        Subject {
            text,
            folded: OnceCell::new(),
        }
    }

    fn folded(&self) -> &str {
        self.folded.get_or_init(|| self.text.to_ascii_lowercase())
    }
}

/// Why a pane's output can no longer come.
enum Gone {
    /// The pane exists no more, or its process exited.
    Closed,
    Error(ToolError),
}

/// Whether `pane` still lives. Follows it again when its output ended while it did (its pipe
/// went elsewhere, say: following again says so). A pane's pipe goes wherever the pane moves.
async fn check_alive(t: &Tools, pane: &str, journal: &Journal, moved: bool) -> Result<(), Gone> {
    let dead = super::rows::display(pane, tmux::row_format(&["pane_dead"]))
        .map_err(|e| Gone::Error(e.into()))?;
    match t.tmux.run(dead).await {
        // A server that went away took the pane with it (its last session ended, say).
        Err(e)
            if matches!(
                e.kind,
                TmuxErrorKind::ObjectGone | TmuxErrorKind::ServerGone
            ) =>
        {
            // Its last output (an exit's report, say) may still be on the way: the tap
            // delivers it before answering a sync.
            t.tmux.drain(pane).await;
            t.tmux.unfollow(pane);
            Err(Gone::Closed)
        }
        Err(e) => Err(Gone::Error(e.into())),
        Ok(row) if row.trim().split(tmux::SEPARATOR).next() == Some("1") => {
            t.tmux.drain(pane).await;
            Err(Gone::Closed)
        }
        Ok(_) if moved || journal.ended() => match t.tmux.follow(pane).await {
            // Followed afresh: the pane this journal was for has gone (its server restarted
            // with a pane of the same id), and nothing more comes to it.
            Ok((now, _)) if now.id != journal.id => Err(Gone::Closed),
            Ok(_) => Ok(()),
            Err(e)
                if matches!(
                    e.kind,
                    TmuxErrorKind::ObjectGone | TmuxErrorKind::ServerGone
                ) =>
            {
                Err(Gone::Closed)
            }
            Err(e) => Err(Gone::Error(e.into())),
        },
        Ok(_) => Ok(()),
    }
}

/// What woke a blocking tool watching a pane.
pub enum Woke {
    /// The journal may hold something new: look again.
    Output,
    /// The pane is gone, or its process exited.
    Closed,
    /// The caller's own timer came due.
    Timer,
    /// The tool's deadline passed.
    Deadline,
}

/// A blocking tool's watch on a followed pane: it sleeps until the pane's journal changes, the
/// pane may have closed (checked on window changes and every `liveness` period), a timer or
/// the deadline comes, reporting progress every second and ending on cancellation.
pub struct Watch<'a> {
    t: &'a Tools,
    cx: &'a CallContext,
    tool: ToolId,
    pane: &'a str,
    journal: Arc<Journal>,
    changed: tokio::sync::watch::Receiver<u64>,
    changes: u64,
    liveness: tokio::time::Interval,
    progress: tokio::time::Interval,
    started: Instant,
    deadline: tokio::time::Instant,
    secs: i64,
}

impl<'a> Watch<'a> {
    /// Starts watching `journal` of `pane` for `tool`, with `secs` to the deadline from
    /// `started`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        t: &'a Tools,
        cx: &'a CallContext,
        tool: ToolId,
        pane: &'a str,
        journal: Arc<Journal>,
        started: Instant,
        secs: i64,
        liveness: Duration,
    ) -> Watch<'a> {
        Watch {
            changed: journal.subscribe(),
            changes: journal.changes(),
            t,
            cx,
            tool,
            pane,
            journal,
            // Its first look is due after a period: following the pane just found it alive.
            liveness: tokio::time::interval_at(tokio::time::Instant::now() + liveness, liveness),
            progress: progress_ticker(),
            started,
            deadline: tokio::time::Instant::from_std(started + Duration::from_secs(secs as u64)),
            secs,
        }
    }

    /// The journal watched.
    pub fn journal(&self) -> &Arc<Journal> {
        &self.journal
    }

    /// Takes the journal's state as seen; call before looking at it.
    pub fn look(&mut self) {
        self.changed.borrow_and_update();
    }

    /// Sleeps until something to look at; `doing` says, given the seconds so far, what the
    /// progress reports say the tool is doing.
    pub async fn next(
        &mut self,
        timer: Option<tokio::time::Instant>,
        doing: impl Fn(f64) -> String,
    ) -> R<Woke> {
        loop {
            let check = tokio::select! {
                _ = self.changed.changed() => self.journal.changes() != self.changes,
                _ = self.liveness.tick() => true,
                () = sleep_until_some(timer) => return Ok(Woke::Timer),
                () = tokio::time::sleep_until(self.deadline) => return Ok(Woke::Deadline),
                () = self.cx.cancel.cancelled() => return Err(cancelled(self.tool)),
                _ = self.progress.tick() => {
                    let ran = self.started.elapsed().as_secs_f64();
                    self.cx.progress(ran, self.secs as f64, doing(ran)).await;
                    continue;
                }
            };
            if !check {
                return Ok(Woke::Output);
            }
            let moved = self.journal.changes() != self.changes;
            self.changes = self.journal.changes();
            return match check_alive(self.t, self.pane, &self.journal, moved).await {
                Ok(()) => Ok(Woke::Output),
                Err(Gone::Closed) => Ok(Woke::Closed),
                Err(Gone::Error(e)) => Err(e),
            };
        }
    }
}

/// Sleeps until `at`, or for ever without one.
async fn sleep_until_some(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// A wait of `tool` on the output of `pane` from its `since` argument: the pane followed, its
/// journal watched from `started` for `secs`, and a scan from where `since` says.
pub async fn begin<'a>(
    t: &'a Tools,
    cx: &'a CallContext,
    tool: ToolId,
    pane: &'a str,
    since: &str,
    (started, secs): (Instant, i64),
) -> R<(Watch<'a>, Scan<'a>)> {
    let (journal, now) = t.tmux.follow(pane).await?;
    let from = start(pane, since, &journal, now)?;
    let watch = Watch::new(t, cx, tool, pane, journal, started, secs, LIVENESS_EVERY);
    Ok((watch, Scan::new(from, &t.masker)))
}

/// The position a wait on `pane` starts from, by its `since` argument.
fn start(pane: &str, since: &str, journal: &Journal, now: Position) -> R<Position> {
    match since {
        "now" => Ok(now),
        "last_input" => Ok(journal.last_input().unwrap_or(now)),
        cursor => {
            let (id, at) = typing::decode(pane, cursor)?;
            if id != journal.id {
                return Err(ToolError::new(
                    ErrorKind::InvalidInput,
                    format!(
                        "that cursor was issued before {pane} was last followed afresh (its server restarted, or it was gone); pass since: last_input or now"
                    ),
                ));
            }
            Ok(at)
        }
    }
}

/// A pane's feed (`tmux::feed`), masked: each line once, the line being written again
/// whenever it changes, and the screen's lines with new text.
pub struct Scan<'a> {
    feed: Feed,
    masker: &'a Masker,
    /// A private key block is open at the last complete line.
    open: bool,
    /// Spans masked in the complete lines, and in the line being written as last seen.
    masked: usize,
    partial_masked: usize,
    /// What the last look saw of the screen, when it is modelled.
    pub screen: Option<ScreenLook>,
    /// Complete lines with text (this server's echo taken out) the last call gave.
    pub completed: usize,
}

/// What a look saw of a modelled screen.
pub struct ScreenLook {
    /// Rows with new text changed since the look before (the first look: since the position).
    pub changed: bool,
    /// The lowest row with new text (one pushed off the top when none is shown), masked.
    pub last: Option<String>,
}

impl<'a> Scan<'a> {
    pub fn new(from: Position, masker: &'a Masker) -> Self {
        Scan {
            feed: Feed::new(from),
            masker,
            open: false,
            masked: 0,
            partial_masked: 0,
            screen: None,
            completed: 0,
        }
    }

    /// Spans masked in the lines given out so far.
    pub fn masked(&self) -> i64 {
        (self.masked + self.partial_masked) as i64
    }

    /// The lines not looked at yet, oldest first, masked: the journal's, then the screen's.
    pub fn next(&mut self, journal: &Journal) -> Vec<String> {
        let (pieces, look) = self.feed.next(journal);
        let mut out = Vec::new();
        self.completed = 0;
        for piece in pieces {
            match piece {
                Piece::Line {
                    text,
                    complete: true,
                } => {
                    let (line, count) = self.masker.line(&mut self.open, &text);
                    self.masked += count;
                    self.partial_masked = 0;
                    if !line.trim().is_empty() {
                        self.completed += 1;
                    }
                    out.push(line);
                }
                // Until it is complete, the line does not move the key-block state on.
                Piece::Line { text, .. } => {
                    let (line, count) = self.masker.line(&mut self.open.clone(), &text);
                    self.partial_masked = count;
                    out.push(line);
                }
                Piece::Shown(text) => {
                    let (row, count) = self.masker.line(&mut false, &text);
                    self.masked += count;
                    out.push(row);
                }
            }
        }
        match (look, &mut self.screen) {
            (Some(look), screen) => {
                *screen = Some(ScreenLook {
                    changed: look.changed,
                    last: look.last.map(|t| self.masker.line(&mut false, &t).0),
                });
            }
            (None, Some(screen)) => screen.changed = false,
            (None, None) => {}
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{LineMatcher, Subject};

    fn matches(pattern: &str, regex: bool, match_case: bool, line: &str) -> bool {
        LineMatcher::new(pattern, regex, match_case)
            .unwrap()
            .is_match(&Subject::new(line))
    }

    #[test]
    fn literal_text_in_any_case_matches_as_the_regex_would() {
        let folded = LineMatcher::new("Build OK", false, false).unwrap();
        assert!(matches!(folded, LineMatcher::AsciiFolded(_)));
        let is_match = |line| folded.is_match(&Subject::new(line));
        assert!(is_match("... build ok (3 s)"));
        assert!(is_match("BUILD OK"));
        assert!(!is_match("build failed"));
        // The lower-cased copy is made once a folded pattern asks for it, and only then.
        let line = Subject::new("Build OK");
        let exact = LineMatcher::new("Build", false, true).unwrap();
        assert!(exact.is_match(&line) && line.folded.get().is_none());
        assert!(folded.is_match(&line) && line.folded.get().is_some());
        // Literal: a regex metacharacter is itself.
        assert!(matches("a.b", false, false, "A.B"));
        assert!(!matches("a.b", false, false, "axb"));
        // Text around it that is not ASCII is left as it is.
        assert!(matches("ok", false, false, "✓ OK — done"));
        // Not ASCII, case-sensitive or a regex: the regex itself.
        assert!(matches!(
            LineMatcher::new("Ünïcode", false, false).unwrap(),
            LineMatcher::Regex(_)
        ));
        assert!(matches("Ünïcode", false, false, "üNÏCODE"));
        assert!(!matches("Build", false, true, "build"));
        assert!(matches("b[aeiou]ild", true, false, "BUILD"));
    }
}
