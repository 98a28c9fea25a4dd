//! send_prompt: hand a prompt to the program in a pane and know it was submitted.
//!
//! The recipe people found by hand, done with what the journal knows: the text goes once, as
//! one bracketed paste through a private buffer; Enter follows as a key of its own once the
//! program has taken the paste (it printed nothing for [`SETTLE`]), so a program that reads
//! fast input as a paste does not swallow it; and the Enter counts only when the program
//! shows it (new text in the pane's output). An Enter that shows nothing is pressed again,
//! waiting longer each time ([`ENTER_WAITS`]), never the paste.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{CallContext, Tools, cancelled, input, seconds};
use crate::catalog::{ToolError, ToolId, send_prompt};
use tmux::journal::{Journal, Position};
use tmux::process;
use tmux::{Command, TmuxError, TmuxErrorKind, Verb};

use send_prompt::Outcome;

type R<T> = Result<T, ToolError>;

/// The program has taken a paste once it printed nothing for this long after it.
const SETTLE: Duration = Duration::from_millis(150);
/// Longest wait for a program to take a paste before Enter goes anyway.
const SETTLE_LIMIT: Duration = Duration::from_secs(2);
/// How long each Enter waits for the program to show it: the first press and three more.
const ENTER_WAITS: [Duration; 4] = [
    Duration::from_millis(300),
    Duration::from_millis(600),
    Duration::from_millis(1200),
    Duration::from_millis(2400),
];

/// How a delivery ended, before the reply is put together.
struct Ended {
    outcome: Outcome,
    reason: Option<String>,
    presses: i64,
}

impl Ended {
    fn refused(reason: String) -> Ended {
        Ended {
            outcome: Outcome::Refused,
            reason: Some(reason),
            presses: 0,
        }
    }

    fn closed(presses: i64) -> Ended {
        Ended {
            outcome: Outcome::PaneClosed,
            reason: Some("the pane closed during delivery".into()),
            presses,
        }
    }
}

impl send_prompt::Handle for Tools {
    async fn send_prompt(
        t: &Tools,
        cx: &CallContext,
        a: send_prompt::Args,
    ) -> R<send_prompt::Output> {
        let started = Instant::now();
        let deadline = started + Duration::from_secs(seconds(a.seconds) as u64);
        let (ended, cursor) = match refusal(t, &a).await? {
            Err(reason) => (Ended::refused(reason), None),
            Ok((journal, at)) => {
                let cursor = input::mark_followed(&a.pane, &journal, at, &a.text);
                (deliver(t, cx, &a, &journal, deadline).await?, Some(cursor))
            }
        };
        Ok(send_prompt::Output {
            pane: a.pane,
            outcome: ended.outcome,
            reason: ended.reason,
            enter_presses: ended.presses,
            elapsed_ms: started.elapsed().as_millis() as i64,
            cursor,
        })
    }
}

/// The followed pane's journal and its position when nothing may stop the prompt; else why
/// nothing may be sent: the pane is dead, in a mode, its program reads no input, or the text
/// has several lines and the program has not asked for bracketed paste (tmux would hand each
/// line over as submitted).
async fn refusal(t: &Tools, a: &send_prompt::Args) -> R<Result<(Arc<Journal>, Position), String>> {
    let (pid, bracketed) = match input::receiver(t, &a.pane).await? {
        Ok(r) => (r.pid, r.bracketed),
        Err(why) => return Ok(Err(why)),
    };
    if process::reads_input(pid) == Some(false) {
        let program = process::Terminal::of(pid)
            .and_then(|t| t.foreground)
            .map_or_else(String::new, |(_, name)| name);
        return Ok(Err(format!(
            "its program ({program}) is not reading input: it sleeps or waits for another process"
        )));
    }
    let (journal, at) = t.tmux.follow(&a.pane).await?;
    // tmux 3.7 and newer say whether the program asked; before, only the journal can, from
    // what the program printed since this server followed the pane.
    let asked = bracketed.or_else(|| journal.bracketed_paste());
    if a.text.contains('\n') && asked != Some(true) {
        let why = match bracketed {
            Some(_) => {
                "the text has several lines and the program has not asked for bracketed paste, so each line would arrive as submitted; send one line"
            }
            None => {
                "the text has several lines and the program has not asked for bracketed paste since this server began following the pane, so each line would arrive as submitted; send one line, or start the program with an input tool so its start is seen"
            }
        };
        return Ok(Err(why.into()));
    }
    Ok(Ok((journal, at)))
}

/// Pastes the text, waits for the program to take it, then presses Enter until it shows.
async fn deliver(
    t: &Tools,
    cx: &CallContext,
    a: &send_prompt::Args,
    journal: &Journal,
    deadline: Instant,
) -> R<Ended> {
    if let Err(e) = input::paste(t, &a.pane, &[(a.text.as_str(), true)]).await {
        return gone_or(e, 0);
    }
    // The paste taken: the program printed nothing for SETTLE (or SETTLE_LIMIT passed).
    let settle_by = deadline.min(Instant::now() + SETTLE_LIMIT);
    loop {
        let at = journal.position().bytes;
        if !shows_text(cx, journal, at, SETTLE.min(remaining(settle_by))).await? {
            break;
        }
    }
    if journal.ended() {
        return Ok(Ended::closed(0));
    }
    if !a.submit {
        return Ok(Ended {
            outcome: Outcome::PastedNotSubmitted,
            reason: Some("submit is false".into()),
            presses: 0,
        });
    }
    for (press, wait) in (1..).zip(ENTER_WAITS) {
        if Instant::now() >= deadline {
            break;
        }
        let before = journal.position().bytes;
        let enter = Command::new(Verb::SendKeys).target(&a.pane)?.flag("Enter");
        if let Err(e) = t.tmux.run(enter).await {
            return gone_or(e, press);
        }
        if shows_text(cx, journal, before, wait.min(remaining(deadline))).await? {
            return Ok(Ended {
                outcome: Outcome::Submitted,
                reason: None,
                presses: press,
            });
        }
        if journal.ended() {
            return Ok(Ended::closed(press));
        }
    }
    Ok(Ended {
        outcome: Outcome::PastedNotSubmitted,
        reason: Some(format!(
            "the program showed nothing after {} presses of Enter; the text may still wait in its input",
            ENTER_WAITS.len()
        )),
        presses: ENTER_WAITS.len() as i64,
    })
}

/// Whether the pane prints text past `bytes` (its journal's count of text) within `wait`.
async fn shows_text(cx: &CallContext, journal: &Journal, bytes: u64, wait: Duration) -> R<bool> {
    let mut changed = journal.subscribe();
    let until = tokio::time::Instant::now() + wait;
    loop {
        changed.borrow_and_update();
        if journal.position().bytes > bytes {
            return Ok(true);
        }
        if journal.ended() {
            return Ok(false);
        }
        tokio::select! {
            _ = changed.changed() => {}
            () = tokio::time::sleep_until(until) => return Ok(false),
            () = cx.cancel.cancelled() => return Err(cancelled(ToolId::SendPrompt)),
        }
    }
}

fn remaining(until: Instant) -> Duration {
    until.saturating_duration_since(Instant::now())
}

/// A pane gone mid-delivery ends it; anything else is the call's error.
fn gone_or(e: TmuxError, presses: i64) -> R<Ended> {
    match e.kind {
        TmuxErrorKind::ObjectGone | TmuxErrorKind::ServerGone => Ok(Ended::closed(presses)),
        _ => Err(e.into()),
    }
}
