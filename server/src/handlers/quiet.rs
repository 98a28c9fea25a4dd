//! wait_for_quiet: block until a pane that has printed since a point goes quiet, read from the
//! pane's journal as wait_for_text is.
//!
//! Silence already seen counts: a pane that printed text after `since` and nothing for
//! `quiet_ms` before the call is quiet at once; nothing printed after `since` is never quiet.
//!
//! What counts as printing is new text in the journal's lines, echo left out: a line that is
//! not empty, or the line being written when its text changes. Escape sequences alone (cursor moves,
//! colours, a blinking cursor) change no text, and a redraw that rewrites the same text is no
//! change either; a clock whose digits change is. Once it printed, silence counts from the last
//! change of what it shows at all, as a pane's idle time does: a prompt drawn again as it was
//! ends no wait, but the quiet starts after it.

use std::time::{Duration, Instant};

use super::context::{CallContext, Tools, seconds};
use super::wait::{LIVENESS_EVERY, MAX_LINE_CHARS, Scan, Watch, Woke, start};
use crate::catalog::{ToolError, ToolId, wait_for_quiet};
use tmux::Journal;

impl wait_for_quiet::Handle for Tools {
    async fn wait_for_quiet(
        t: &Tools,
        cx: &CallContext,
        a: wait_for_quiet::Args,
    ) -> Result<wait_for_quiet::Output, ToolError> {
        use wait_for_quiet::Outcome;
        let secs = seconds(a.seconds);
        let quiet = Duration::from_millis(a.quiet_ms.clamp(100, 60_000) as u64);
        let started = Instant::now();
        let (journal, now) = t.tmux.follow(&a.pane).await?;
        let from = start(&a.pane, &a.since, &journal, now)?;
        let mut watch = Watch::new(
            t,
            cx,
            ToolId::WaitForQuiet,
            &a.pane,
            &journal,
            started,
            secs,
            LIVENESS_EVERY,
        );
        let mut scan = Scan::new(from, &t.masker);
        let mut printed = Printed::default();
        let finish = |outcome: Outcome, printed: Printed, masked: i64| wait_for_quiet::Output {
            pane: a.pane.clone(),
            masked,
            outcome,
            line: printed
                .line
                .map(|line| line.chars().take(MAX_LINE_CHARS).collect()),
            seconds: secs,
            elapsed_ms: started.elapsed().as_millis() as i64,
        };
        loop {
            watch.look();
            printed.take(&mut scan, &journal);
            let doing =
                |waited: f64| format!("waiting {waited:.0}s of {secs}s for {} to go quiet", a.pane);
            let until = printed.at.map(|at| silent_since(at, &journal) + quiet);
            match watch.next(until, doing).await? {
                Woke::Output => {}
                // Output may have come as the timer fired: quiet only if still silent.
                Woke::Timer => {
                    printed.take(&mut scan, &journal);
                    let now = tokio::time::Instant::now();
                    if printed
                        .at
                        .is_some_and(|at| silent_since(at, &journal) + quiet <= now)
                    {
                        return Ok(finish(Outcome::Quiet, printed, scan.masked()));
                    }
                }
                Woke::Deadline => return Ok(finish(Outcome::Deadline, printed, scan.masked())),
                Woke::Closed => {
                    printed.take(&mut scan, &journal);
                    return Ok(finish(Outcome::PaneClosed, printed, scan.masked()));
                }
            }
        }
    }
}

/// Silence counts from the later of the pane's last printing (`printed`) and the last change
/// of what it shows at all (a prompt drawn again as it was, say): a pane found quiet has been
/// idle ([`Journal::idle`], a pane's `idle_ms`) at least as long.
fn silent_since(printed: tokio::time::Instant, journal: &Journal) -> tokio::time::Instant {
    journal.last_text().map_or(printed, |last| {
        printed.max(tokio::time::Instant::from_std(last))
    })
}

/// What the pane printed since the wait's start.
#[derive(Default)]
struct Printed {
    /// When the pane last printed text after `since` (before the call, perhaps): silence
    /// counts from there.
    at: Option<tokio::time::Instant>,
    /// Whether the pane's journal was read once already.
    looked: bool,
    /// The newest line that is not blank.
    line: Option<String>,
}

impl Printed {
    /// Takes what the pane printed since the scan last looked.
    fn take(&mut self, scan: &mut Scan, journal: &Journal) {
        // A line whose text was all echo (or empty) is nothing printed.
        let new: Vec<String> = scan
            .next(journal)
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect();
        let looked = std::mem::replace(&mut self.looked, true);
        // Where the screen is modelled, printing is what it shows changing: rows with new
        // text, wherever drawn (a spinner that changes is printing, one redrawn the same is
        // not), and the line is the lowest such row as shown.
        let new = match &scan.screen {
            Some(look) => {
                // The line is the lowest new row as the screen shows it now, even when this
                // look only took a row away.
                if look.last.is_some() {
                    self.line = look.last.clone();
                }
                if !look.changed {
                    return;
                }
                look.last.clone().into_iter().collect()
            }
            None if new.is_empty() => return,
            None => new,
        };
        let now = tokio::time::Instant::now();
        // The first look reads what came before the call: its silence began at the journal's
        // last text. Later looks come as text arrives (a redraw of the same text is no change).
        self.at = Some(match (looked, journal.last_text()) {
            (false, Some(last)) => tokio::time::Instant::from_std(last).min(now),
            _ => now,
        });
        if let Some(line) = new.into_iter().rfind(|l| !l.trim().is_empty()) {
            self.line = Some(line);
        }
    }
}
