//! send_prompt: hand a prompt to the program in a pane and know it was taken.
//!
//! How the text goes is decided from what can be known exactly ([`plan`]): whether the
//! program asked for bracketed paste (tmux says from 3.7, or the journal saw it ask), else
//! whether it reads keys itself or cooked lines (its terminal's mode, [`tty::discipline`]).
//! The text goes once, as one paste through a private buffer; Enter follows as a key of its
//! own once the program has taken the paste (it printed nothing for [`SETTLE`]). The Enter
//! counts only when the prompt has left the input line: its tail is no longer on the cursor's
//! line (or, where the program shows something else there, that line and the cursor changed).
//! The agent's own report that it began working (its hooks set its pane option) is proof too.
//! Output alone proves nothing: a TUI that swallows an Enter redraws its input box. While the
//! prompt waits there, Enter is pressed again, waiting longer each time ([`ENTER_WAITS`]),
//! never the paste.
//!
//! Nothing is typed into a program that asks something: its agent reports `asking`, or its
//! screen shows a choice (numbered options, one pointed at, as Claude Code's, Codex's and
//! Gemini CLI's permission dialogs draw them, [`choice`]); the paste's first key would answer
//! it. And an Enter that the program took as a newline in its input box (as TUIs take an Enter
//! that comes with a paste), however it draws it (a new row, a glyph on the input line's row or
//! on the row it wraps to), is taken back with one Backspace, which must bring back the input
//! line as it was after the paste, before Enter is pressed again: what the program submits is
//! the prompt byte for byte, or no Enter goes.

mod input_line;

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::catalog::types::AgentState;
use crate::catalog::{ToolId, send_prompt};
use crate::handlers::context::{CallContext, R, Tools, cancelled, seconds};
use crate::handlers::typing;
use input_line::InputLine;
use tmux::feed::Feed;
use tmux::journal::{Journal, Position};
use tmux::tty::{self, Discipline};
use tmux::{Command, TmuxError, TmuxErrorKind, Verb, process};

use send_prompt::{Delivery, Outcome};

/// The program has taken a paste once it printed nothing for this long after it.
const SETTLE: Duration = Duration::from_millis(150);
/// Longest wait for a program to take a paste before Enter goes anyway.
const SETTLE_LIMIT: Duration = Duration::from_secs(2);
/// How long each Enter waits for the prompt to leave the input line: the first press and
/// four more (the manifest's description says so), 9.3 s in all, past the second or so for
/// which agents' TUIs take a fast Enter as part of a paste.
const ENTER_WAITS: [Duration; 5] = [
    Duration::from_millis(300),
    Duration::from_millis(600),
    Duration::from_millis(1200),
    Duration::from_millis(2400),
    Duration::from_millis(4800),
];
/// The program has drawn what an Enter made it draw once it printed nothing for this long.
const DRAWN: Duration = Duration::from_millis(100);
/// Longest wait for a program to draw the Backspace that takes back a newline.
const BACK_LIMIT: Duration = Duration::from_secs(1);
/// Characters of the prompt's end looked for on the cursor's line.
const TAIL_CHARS: usize = 12;

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
        let (ended, since, delivery) = match refusal(t, &a).await? {
            Err(reason) => (Ended::refused(reason), None, None),
            Ok((journal, at, plan)) => {
                let since = typing::mark_followed(&a.pane, &journal, at, &a.text);
                let ended = deliver(t, cx, &a, &journal, plan, deadline).await?;
                (ended, Some(since), Some(plan.delivery))
            }
        };
        Ok(send_prompt::Output {
            pane: a.pane,
            outcome: ended.outcome,
            reason: ended.reason,
            delivery,
            enter_presses: ended.presses,
            elapsed_ms: started.elapsed().as_millis() as i64,
            since,
        })
    }
}

/// The followed pane's journal, its position and how the text will go, when nothing may stop
/// the prompt; else why nothing may be sent: the pane is dead, in a mode, its program reads no
/// input, or the text has several lines and the program would take each as submitted.
async fn refusal(
    t: &Tools,
    a: &send_prompt::Args,
) -> R<Result<(Arc<Journal>, Position, Plan), String>> {
    let receiver = match typing::receiver(t, &a.pane).await? {
        Ok(r) => r,
        Err(why) => return Ok(Err(why)),
    };
    let pid = receiver.pid;
    if process::reads_input(pid) == Some(false) {
        let program = process::Terminal::of(pid)
            .and_then(|t| t.foreground)
            .map_or_else(String::new, |leader| leader.name);
        return Ok(Err(format!(
            "its program ({program}) is not reading input: it sleeps or waits for another process"
        )));
    }
    if receiver.agent == Some(AgentState::Asking) {
        return Ok(Err(format!(
            "its agent reports asking: it waits for an answer to its own question, which the prompt would give; answer it with {} (look first with {}), or {} until it is idle",
            ToolId::SendKeys.name(),
            ToolId::SnapshotPane.name(),
            ToolId::WaitForAgent.name()
        )));
    }
    let (journal, at) = t.tmux.follow(&a.pane).await?;
    if let Some(rows) = Feed::new(at).screen(&journal).map(|view| {
        view.rows
            .into_iter()
            .map(|(_, text)| text)
            .collect::<Vec<_>>()
    }) && let Some(shown) = choice(&rows)
    {
        return Ok(Err(format!(
            "its screen shows a choice ({}), which the prompt's first key would answer; answer it with {} (look first with {}), then send the prompt",
            t.masker.mask(&shown).text,
            ToolId::SendKeys.name(),
            ToolId::SnapshotPane.name()
        )));
    }
    let asked = Asked {
        tmux: receiver.bracketed,
        journal: journal.bracketed_paste(),
    };
    let discipline = tty::discipline(&receiver.tty);
    let delivery = plan(asked, discipline, a.text.contains('\n'));
    // Only a program reading keys itself can take an Enter as a newline: a shell at its prompt
    // (whose empty line a Backspace would ring at) and cooked lines submit on Enter.
    let newlines =
        discipline == Some(Discipline::Keys) && process::prompt(pid) != process::Prompt::AtPrompt;
    Ok(delivery.map(|delivery| (journal, at, Plan { delivery, newlines })))
}

/// How a prompt goes, and whether the program may take an Enter as a newline.
#[derive(Clone, Copy)]
struct Plan {
    delivery: Delivery,
    newlines: bool,
}

/// The options of a choice a program shows, when its screen holds one: two or more rows
/// numbered 1, 2, … in turn (a row apart at most), one of them pointed at (`❯`, `›`, `>`,
/// `●`, `▶`, `→`, `➤`, `▸`), as agents' permission dialogs draw them, boxes and all.
fn choice(rows: &[String]) -> Option<String> {
    const POINTERS: &[char] = &['❯', '›', '>', '●', '▶', '→', '➤', '▸'];
    // A row's option number and whether it is pointed at.
    let option = |row: &str| -> Option<(u32, bool)> {
        let body = row.trim_start_matches(|c: char| {
            c.is_whitespace() || ('\u{2500}'..='\u{257f}').contains(&c) || c == '|'
        });
        let (pointed, body) = match body.strip_prefix(POINTERS) {
            Some(rest) => (true, rest.trim_start()),
            None => (false, body),
        };
        let digits = body.find(|c: char| !c.is_ascii_digit())?;
        let number: u32 = body[..digits].parse().ok()?;
        let rest = body[digits..].strip_prefix(['.', ')'])?;
        (rest.starts_with(' ') && !rest.trim().is_empty()).then_some((number, pointed))
    };
    let mut run: Vec<(usize, bool)> = Vec::new();
    let mut found = None;
    for (i, row) in rows.iter().enumerate() {
        match option(row) {
            Some((1, pointed)) => run = vec![(i, pointed)],
            Some((n, pointed))
                if run.len() as u32 + 1 == n && run.last().is_some_and(|(at, _)| i - at <= 2) =>
            {
                run.push((i, pointed));
            }
            _ => {}
        }
        if run.len() >= 2 && run.iter().filter(|(_, p)| *p).count() == 1 {
            found = Some(run.clone());
        }
    }
    let run = found?;
    let shown: Vec<&str> = run.iter().map(|(i, _)| rows[*i].trim()).collect();
    Some(shown.join(" / ").chars().take(200).collect())
}

/// Whether the program asked for bracketed paste: tmux says from 3.7
/// ([`tmux::Feature::BracketPasteFlag`]); the journal, when the program said so since the
/// server followed the pane.
#[derive(Clone, Copy)]
struct Asked {
    tmux: Option<bool>,
    journal: Option<bool>,
}

/// How a text goes to a program, or why it may not: several lines to a program that takes
/// cooked lines would be as many submissions; where neither tmux, the journal nor the terminal
/// says, several lines are refused rather than risked.
fn plan(asked: Asked, discipline: Option<Discipline>, lines: bool) -> Result<Delivery, String> {
    let said = asked.tmux.or(asked.journal);
    if said == Some(true) {
        return Ok(Delivery::BracketedPaste);
    }
    let keys_or_paste = if said == Some(false) {
        Delivery::Keys
    } else {
        Delivery::Paste
    };
    match discipline {
        Some(Discipline::Lines) if lines => Err(
            "the program takes whole lines from its terminal (canonical mode, as cat or a shell's read do), so each line would arrive as submitted on its own; send one line at a time, or, if the program is still starting (an agent's TUI takes keys once it drew its input box), wait for its screen and send again".into(),
        ),
        Some(Discipline::Lines) => Ok(Delivery::Keys),
        Some(Discipline::Keys) => Ok(keys_or_paste),
        None if lines => Err(
            "the text has several lines, and neither tmux nor the pane's terminal says how its program takes them (its terminal could not be read); send one line".into(),
        ),
        None => Ok(keys_or_paste),
    }
}

/// Pastes the text, waits for the program to take it, then presses Enter until the prompt
/// leaves the input line.
async fn deliver(
    t: &Tools,
    cx: &CallContext,
    a: &send_prompt::Args,
    journal: &Journal,
    plan: Plan,
    deadline: Instant,
) -> R<Ended> {
    let bracketed = plan.delivery != Delivery::Keys;
    let before = match InputLine::read(t, &a.pane).await {
        Ok((line, _)) => line,
        Err(e) => return gone_or(e, 0),
    };
    let input_at = Instant::now();
    if let Err(e) = typing::paste(t, &a.pane, &[(a.text.as_str(), bracketed)]).await {
        return gone_or(e, 0);
    }
    let settled = deadline.min(Instant::now() + SETTLE_LIMIT);
    // The paste taken: the input line shows other text than before and then nothing was
    // printed for SETTLE; or SETTLE_LIMIT passed. A loaded program may draw a long paste well
    // after it went quiet, and its input line as it was before would read as a prompt gone;
    // it may move the cursor first (Gemini CLI, redrawing its box while it starts, moves it
    // rows down with its placeholder still there), so a moved cursor alone is not the paste.
    let pasted = loop {
        quiet_for(cx, journal, SETTLE, settled).await?;
        if journal.ended() {
            return Ok(Ended::closed(0));
        }
        let line = match InputLine::read(t, &a.pane).await {
            Ok((line, _)) => line,
            Err(e) => return gone_or(e, 0),
        };
        if line.text != before.text || Instant::now() >= settled {
            break line;
        }
        let at = journal.position().bytes();
        shows_text(cx, journal, at, remaining(settled)).await?;
    };
    if !a.submit {
        return Ok(Ended {
            outcome: Outcome::PastedNotSubmitted,
            reason: Some("submit is false".into()),
            presses: 0,
        });
    }
    let tail = tail(&a.text);
    let mut seen = pasted.text.clone();
    for (press, wait) in (1..).zip(ENTER_WAITS) {
        if Instant::now() >= deadline {
            break;
        }
        let enter = Command::new(Verb::SendKeys).target(&a.pane)?.flag("Enter");
        if let Err(e) = t.tmux.run(enter).await {
            return gone_or(e, press);
        }
        let until = deadline.min(Instant::now() + wait);
        loop {
            let at = journal.position().bytes();
            let printed = shows_text(cx, journal, at, remaining(until)).await?;
            if printed {
                quiet_for(cx, journal, DRAWN, until).await?;
            }
            if journal.ended() {
                return Ok(Ended::closed(press));
            }
            let (now, agent) = match InputLine::read(t, &a.pane).await {
                Ok(read) => read,
                Err(e) => return gone_or(e, press),
            };
            // The agent's own report that it began working is proof too.
            let working = t.agents.working_since(&a.pane, &agent, input_at);
            if !working && plan.newlines && now.took_a_newline(&tail, &pasted) {
                // Taken back: the box holds the prompt as pasted again, and Enter goes again
                // after a longer wait.
                let back = Command::new(Verb::SendKeys).target(&a.pane)?.flag("BSpace");
                if let Err(e) = t.tmux.run(back).await {
                    return gone_or(e, press);
                }
                let redrawn = deadline.min(Instant::now().max(until) + BACK_LIMIT);
                // Drawn: the prompt as pasted, or no prompt (the Enter was taken after all).
                // A prompt back but not yet as pasted may be a redraw half done (a loaded
                // program moves its cursor after drawing the line): it is looked at again.
                let drawn =
                    |l: &InputLine| *l != now && (l.is(&pasted) || !l.holds(&tail, &pasted));
                match taken_back(t, cx, journal, &a.pane, drawn, redrawn).await? {
                    Ok(back) if back.is(&pasted) => {
                        seen = back.text;
                        // A program that took the Enter as part of a paste takes keys close
                        // together as one: the next Enter waits the next press's whole wait
                        // from here.
                        let next = ENTER_WAITS.get(press as usize).unwrap_or(&wait);
                        let rest = deadline.saturating_duration_since(Instant::now());
                        tokio::time::sleep((*next).min(rest)).await;
                        break;
                    }
                    // The Enter was taken after all (what it drew only looked like a newline):
                    // the Backspace met an empty input line, which it left as it was or
                    // redrew without the prompt.
                    Ok(back) if !back.holds(&tail, &pasted) && !back.cuts(&pasted, &before) => {
                        return Ok(Ended {
                            outcome: Outcome::Submitted,
                            reason: None,
                            presses: press,
                        });
                    }
                    // The prompt is there, but not as pasted: an Enter on it could submit
                    // other text than the caller's, so none goes.
                    Ok(back) => {
                        return Ok(Ended {
                            outcome: Outcome::PastedNotSubmitted,
                            reason: Some(format!(
                                "an Enter changed the program's input line ({:?}) and a Backspace did not bring back the prompt as pasted ({:?} {}, pasted {}), so no Enter went again; look with capture_pane, then mend it with send_keys",
                                shown(&now.text),
                                shown(&back.text),
                                back.cursor(),
                                pasted.cursor()
                            )),
                            presses: press,
                        });
                    }
                    Err(e) => return gone_or(e, press),
                }
            }
            if working || !now.holds(&tail, &pasted) {
                return Ok(Ended {
                    outcome: Outcome::Submitted,
                    reason: None,
                    presses: press,
                });
            }
            seen = now.text;
            if !printed {
                break;
            }
        }
    }
    let presses = ENTER_WAITS.len() as i64;
    Ok(Ended {
        outcome: Outcome::PastedNotSubmitted,
        reason: Some(format!(
            "the prompt still waits in the program's input line after {presses} presses of Enter (the cursor's line shows {:?}); look with capture_pane before pressing Enter with send_keys",
            shown(&seen)
        )),
        presses,
    })
}

/// An input line as a reason quotes it: trimmed, at most 200 characters.
fn shown(line: &str) -> String {
    line.trim().chars().take(200).collect()
}

/// The end of the prompt's last line that has text, as the program's input line would show
/// it: after the line's last tab (a TUI draws a tab as spaces).
fn tail(text: &str) -> String {
    let last = text
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or_default();
    let last = last.rsplit('\t').next().unwrap_or(last).trim();
    let skip = last.chars().count().saturating_sub(TAIL_CHARS);
    last.chars().skip(skip).collect()
}

/// The input line once the program redrew it after the Backspace that takes back a newline:
/// `drawn` says so of it and nothing was printed for [`DRAWN`]; or, at `until`, the line as
/// it stands. A loaded program takes a while to draw a key, and the line read before it did
/// would show the prompt gone.
async fn taken_back(
    t: &Tools,
    cx: &CallContext,
    journal: &Journal,
    pane: &str,
    drawn: impl Fn(&InputLine) -> bool,
    until: Instant,
) -> R<Result<InputLine, TmuxError>> {
    loop {
        let at = journal.position().bytes();
        quiet_for(cx, journal, DRAWN, until).await?;
        let line = match InputLine::read(t, pane).await {
            Ok((line, _)) => line,
            Err(e) => return Ok(Err(e)),
        };
        if drawn(&line) || Instant::now() >= until || journal.ended() {
            return Ok(Ok(line));
        }
        if journal.position().bytes() == at {
            shows_text(cx, journal, at, remaining(until)).await?;
        }
    }
}

/// Returns once the pane printed no text for `quiet`, or at `until`.
async fn quiet_for(cx: &CallContext, journal: &Journal, quiet: Duration, until: Instant) -> R<()> {
    loop {
        let at = journal.position().bytes();
        if !shows_text(cx, journal, at, quiet.min(remaining(until))).await? {
            return Ok(());
        }
    }
}

/// Whether the pane prints text past `bytes` (its journal's count of text) within `wait`.
async fn shows_text(cx: &CallContext, journal: &Journal, bytes: u64, wait: Duration) -> R<bool> {
    let mut changed = journal.subscribe();
    let until = tokio::time::Instant::now() + wait;
    loop {
        changed.borrow_and_update();
        if journal.position().bytes() > bytes {
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

#[cfg(test)]
mod tests {
    use super::*;

    const UNSAID: Asked = Asked {
        tmux: None,
        journal: None,
    };

    #[test]
    fn a_text_goes_as_what_is_known_of_the_program_says() {
        let asked = Asked {
            tmux: None,
            journal: Some(true),
        };
        let declined = Asked {
            tmux: Some(false),
            journal: None,
        };
        let keys = Some(Discipline::Keys);
        let lines = Some(Discipline::Lines);
        assert_eq!(plan(asked, lines, true), Ok(Delivery::BracketedPaste));
        assert_eq!(plan(UNSAID, keys, true), Ok(Delivery::Paste));
        assert_eq!(plan(declined, keys, true), Ok(Delivery::Keys));
        assert_eq!(plan(UNSAID, lines, false), Ok(Delivery::Keys));
        assert!(plan(UNSAID, lines, true).is_err_and(|e| e.contains("whole lines")));
        assert!(plan(declined, lines, true).is_err());
        assert!(plan(UNSAID, None, true).is_err());
        assert_eq!(plan(UNSAID, None, false), Ok(Delivery::Paste));
    }

    #[test]
    fn the_tail_is_the_end_of_the_last_line_with_text() {
        assert_eq!(tail("first\nsecond line here  \n\n"), "nd line here");
        assert_eq!(tail("a\n\tindented"), "indented");
        assert_eq!(tail("\n \n"), "");
    }

    fn rows(text: &str) -> Vec<String> {
        text.lines().map(str::to_owned).collect()
    }

    #[test]
    fn a_choice_is_numbered_options_one_pointed_at() {
        let claude = rows(
            "╭────────╮\n│ Bash command │\n│ Do you want to proceed? │\n│ ❯ 1. Yes │\n│   2. Yes, and don't ask again │\n│   3. No, and tell Claude what to do differently (esc) │\n╰────╯",
        );
        let shown = choice(&claude).expect("Claude Code's dialog");
        assert!(shown.contains("❯ 1. Yes │ / │   2. Yes"), "{shown}");
        let codex = rows(
            "Allow command?\n\n› 1. Yes, proceed (y)\n  2. Yes, and don't ask again (a)\n  3. No (esc)",
        );
        assert!(choice(&codex).is_some());
        let gemini = rows(
            "Apply this change?\n ● 1. Allow once\n   2. Allow for this session\n   3. No, suggest changes (esc)",
        );
        assert!(choice(&gemini).is_some());
        // An answer's numbered list, or a prompt that quotes one, is no choice.
        let list = rows("Steps:\n1. build\n2. test\n> 1.5 is the version");
        assert_eq!(choice(&list), None);
        assert_eq!(choice(&rows("> ")), None);
    }
}
