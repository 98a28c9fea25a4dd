//! Input marks: every input tool follows the pane before typing and marks its journal, so the
//! output the input causes is kept for the wait that follows; the mark comes back as the
//! input's `since`, a cursor into the journal.
//!
//! A cursor names a journal (unique in this process) and a position in it, with a MAC keyed per
//! server process over those and the pane, so a forged or another pane's cursor is refused.

use std::hash::BuildHasher;
use std::sync::Arc;

use super::context::{R, Tools};
use super::signing::key;
use crate::catalog::{ErrorKind, ToolError, ToolId};
use tmux::journal::Position;
use tmux::{Command, Feature, Fields, Journal, Script, TmuxError, Verb, row_format};

/// Follows `pane` and records that `typed` is about to be sent to it; returns the journal, the
/// input's position and its cursor.
pub async fn mark(t: &Tools, pane: &str, typed: &str) -> R<(Arc<Journal>, Position, String)> {
    if t.agents.reported(pane) {
        note_turn(t, pane).await?;
    }
    let (journal, at) = t.tmux.follow(pane).await?;
    let cursor = mark_followed(pane, &journal, at, typed);
    Ok((journal, at, cursor))
}

/// Notes the turn count of `pane`'s agent before input, so that a turn finished after it is
/// known for one even when it began and ended between two looks.
async fn note_turn(t: &Tools, pane: &str) -> R<()> {
    let format = row_format(&[t.agents.turn_option()]);
    let out = t.tmux.run(super::rows::display(pane, format)?).await?;
    t.agents
        .note_input(pane, &Fields::new(out.trim_end_matches('\n'), 1).text()?);
    Ok(())
}

/// [`mark`] for a pane already followed, its journal at `at`; returns the cursor.
pub fn mark_followed(pane: &str, journal: &Journal, at: Position, typed: &str) -> String {
    journal.input(at, typed);
    encode(pane, journal.id, at)
}

/// A pane that may take input: its own process, whether a full-screen program has it,
/// whether its program asked for bracketed paste, where tmux says
/// ([`Feature::BracketPasteFlag`]), and its terminal's path.
pub struct Receiver {
    pub pid: i64,
    pub alternate: bool,
    pub bracketed: Option<bool>,
    pub tty: String,
    /// What the pane's agent reports of itself.
    pub agent: Option<crate::catalog::types::AgentState>,
}

/// `pane` as an input tool finds it before sending anything: `Err` with why not, in words for
/// the agent, when its process has exited or it is in a mode (keys would drive the mode). Its
/// agent's report is noted on the way, so one from before the input is known to be older.
pub async fn receiver(t: &Tools, pane: &str) -> R<Result<Receiver, String>> {
    let vars = [
        "pane_dead",
        "pane_in_mode",
        "alternate_on",
        "pane_pid",
        "bracket_paste_flag",
        "pane_tty",
        t.agents.option(),
        t.agents.turn_option(),
    ];
    let out = t
        .tmux
        .run(super::rows::display(pane, row_format(&vars))?)
        .await?;
    let mut f = Fields::new(out.trim_end_matches('\n'), vars.len());
    let (dead, in_mode, alternate, pid) = (f.flag()?, f.flag()?, f.flag()?, f.opt_int()?);
    let (flag, tty) = (f.flag()?, f.text()?);
    let (agent, _) = t.agents.observe(pane, &f.text()?);
    t.agents.note_input(pane, &f.text()?);
    let bracketed = t
        .tmux
        .features()
        .await
        .has(Feature::BracketPasteFlag)
        .then_some(flag);
    Ok(if let (false, Some(pid)) = (dead, pid) {
        if in_mode {
            Err(format!(
                "it is in copy mode (or another mode); {} q or Escape first",
                ToolId::SendKeys.name()
            ))
        } else {
            Ok(Receiver {
                pid,
                alternate,
                bracketed,
                tty,
                agent,
            })
        }
    } else {
        Err(format!(
            "its process has exited; {} restarts it",
            ToolId::RespawnPane.name()
        ))
    })
}

/// Pastes each `(text, bracketed)` in turn into `pane` through a buffer of this call's own,
/// deleted by each paste (`-d`) and, should a paste fail, afterwards. Written straight to
/// this one pane, so synchronize-panes never fans it out; bracketed when the program asked
/// for bracketed paste (tmux knows), so its lines stay one paste.
pub async fn paste(t: &Tools, pane: &str, pieces: &[(&str, bool)]) -> Result<(), TmuxError> {
    let buffer = format!("tmux-mcp-{}", tmux::nonce::nonce());
    let raw = t.tmux.features().await.has(Feature::PasteNeedsRaw);
    let mut script: Option<Script> = None;
    for (text, bracketed) in pieces {
        // A `tmux` subprocess carries a command in one message of at most 16 KB (before tmux
        // 3.7 every command runs in one): a long text is set in pieces, each appended (-a).
        let mut set: Option<Script> = None;
        for (i, chunk) in chunks(text, BUFFER_CHUNK).enumerate() {
            let command = Command::new(Verb::SetBuffer);
            let command = if i == 0 { command } else { command.flag("-a") };
            let command = command
                .flag("-b")
                .arg(buffer.as_str())?
                .flag("--")
                .arg(chunk)?;
            set = Some(match set {
                None => command.into(),
                Some(s) => s.then(command),
            });
        }
        let Some(set) = set else { continue };
        let paste = Command::new(Verb::PasteBuffer);
        let paste = if *bracketed { paste.flag("-p") } else { paste };
        // tmux 3.7 and newer pass a paste through vis(3) unless -S: the bytes go as they are.
        let paste = if raw { paste.flag("-S") } else { paste };
        let paste = paste
            .flag("-d")
            .flag("-b")
            .arg(buffer.as_str())?
            .target(pane)?;
        script = Some(match script {
            None => set.then(paste),
            Some(s) => set
                .commands()
                .iter()
                .cloned()
                .fold(s, Script::then)
                .then(paste),
        });
    }
    let Some(script) = script else { return Ok(()) };
    if let Err(e) = t.tmux.run(script).await {
        let delete = Command::new(Verb::DeleteBuffer)
            .flag("-b")
            .arg(buffer.as_str())?;
        let _ = t.tmux.run(delete).await;
        return Err(e);
    }
    Ok(())
}

/// The most bytes of text one `set-buffer` carries.
const BUFFER_CHUNK: usize = 8_000;

/// `text` in pieces of at most `most` bytes, cut between characters; one empty piece for an
/// empty text.
fn chunks(text: &str, most: usize) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let now = rest?;
        let mut cut = now.len().min(most);
        while !now.is_char_boundary(cut) {
            cut -= 1;
        }
        let (head, tail) = now.split_at(cut);
        rest = (!tail.is_empty()).then_some(tail);
        Some(head)
    })
}

fn mac(pane: &str, journal: u64, at: Position) -> u64 {
    key().hash_one((pane, journal, at.parts(), "input/2"))
}

fn encode(pane: &str, journal: u64, at: Position) -> String {
    let [line, col, bytes, screen] = at.parts();
    format!(
        "{journal:x}.{line:x}.{col:x}.{bytes:x}.{screen:x}.{:016x}",
        mac(pane, journal, at)
    )
}

/// The journal id and position a cursor names, when this process issued it for `pane`.
pub fn decode(pane: &str, text: &str) -> R<(u64, Position)> {
    let refused = || {
        ToolError::new(
            ErrorKind::InvalidInput,
            format!(
                "since is not last_input, now or the since an input tool returned for {pane} in this server's life; pass since: last_input"
            ),
        )
    };
    let parts: Vec<u64> = text
        .split('.')
        .map(|p| u64::from_str_radix(p, 16).ok())
        .collect::<Option<_>>()
        .ok_or_else(refused)?;
    let [journal, line, col, bytes, screen, given] = parts[..] else {
        return Err(refused());
    };
    let at = Position::from_parts([line, col, bytes, screen]).ok_or_else(refused)?;
    if mac(pane, journal, at) != given {
        return Err(refused());
    }
    Ok((journal, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_round_trips_only_for_its_pane_and_unaltered() {
        let at = Position::from_parts([7, 2, 99, 4]).unwrap();
        let cursor = encode("%3", 5, at);
        assert_eq!(decode("%3", &cursor).ok(), Some((5, at)));
        assert!(decode("%4", &cursor).is_err());
        assert!(decode("%3", &cursor.replacen('7', "8", 1)).is_err());
        assert!(decode("%3", "last").is_err());
        assert!(decode("%3", "").is_err());
    }
}
