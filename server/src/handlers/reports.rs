//! What agents in panes report of themselves: the pane option their lifecycle hooks set
//! (Claude Code's, Codex's, Gemini CLI's), the words status plugins write there, the count of
//! finished turns the documented hook lines keep beside it, and since when this server has seen
//! each pane's state. tmux keeps no time with an option, so a state's age is counted from when
//! this server first saw it. Below every handler that reads panes (the pane rows, the input
//! tools, wait_for_agent).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use crate::catalog::types::AgentState;
use crate::sync::lock;

/// The option read when `LIBTMUX_AGENT_STATE_OPTION` is unset.
pub const DEFAULT_OPTION: &str = "@agent-state";
/// Panes whose state is remembered; past this the oldest memories go.
const MAX_PANES: usize = 4_096;

/// The option named by `LIBTMUX_AGENT_STATE_OPTION` (unset or empty: the default): a user
/// option, `@` and letters, digits, `-` or `_`, so it can stand in a tmux format as it is.
pub fn option_name(raw: Option<&str>) -> Result<String, String> {
    let name = match raw.map(str::trim) {
        None | Some("") => return Ok(DEFAULT_OPTION.to_owned()),
        Some(name) => name,
    };
    let valid = name.len() <= 64
        && name.strip_prefix('@').is_some_and(|rest| {
            !rest.is_empty()
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        });
    if valid {
        Ok(name.to_owned())
    } else {
        Err(format!(
            "{} is {name:?}; it takes a tmux user option such as {DEFAULT_OPTION} (@ then letters, digits, - or _)",
            crate::environment::AGENT_STATE_OPTION
        ))
    }
}

/// The state a word means, as the status plugins people use write it; `None` for any other.
fn state(word: &str) -> Option<AgentState> {
    match word.trim().to_ascii_lowercase().as_str() {
        "working" | "running" | "busy" | "thinking" => Some(AgentState::Working),
        "asking" | "blocked" | "needs-input" | "needs_input" | "waiting" | "permission" => {
            Some(AgentState::Asking)
        }
        "idle" | "done" | "ready" | "finished" | "stopped" => Some(AgentState::Idle),
        _ => None,
    }
}

/// The states this server has seen panes report, and since when.
pub struct Reports {
    option: String,
    /// The option the documented hook lines count an agent's finished turns in (the state
    /// option's name and `-turn`): a turn that ends between two looks still moves it.
    turn_option: String,
    seen: Mutex<HashMap<String, Seen>>,
    /// Each pane's turn count when this server last gave it input.
    inputs: Mutex<HashMap<String, u64>>,
}

/// A pane's report as this server has seen it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seen {
    pub(super) state: Option<AgentState>,
    /// Since when it has been seen.
    pub(super) since: Instant,
    /// Whether `since` is when it was seen to change (from another report, or none), not
    /// merely when this server first looked.
    pub(super) changed: bool,
}

/// A pane's report as tools return it: the state and its age in milliseconds.
pub type Report = (Option<AgentState>, Option<i64>);

impl Reports {
    pub fn new(option: String) -> Reports {
        Reports {
            turn_option: format!("{option}-turn"),
            option,
            seen: Mutex::default(),
            inputs: Mutex::default(),
        }
    }

    /// The pane option read, for formats.
    pub fn option(&self) -> &str {
        &self.option
    }

    /// The pane option counting finished turns, for formats.
    pub fn turn_option(&self) -> &str {
        &self.turn_option
    }

    /// Whether `pane` was seen to report a state: its input is worth noting the turn of.
    pub fn reported(&self, pane: &str) -> bool {
        lock(&self.seen)
            .get(pane)
            .is_some_and(|s| s.state.is_some())
    }

    /// Notes `pane`'s turn count (`turn`, as tmux printed it; unset counts as 0) as this
    /// server is about to give it input.
    pub fn note_input(&self, pane: &str, turn: &str) {
        let mut inputs = lock(&self.inputs);
        if inputs.len() >= MAX_PANES && !inputs.contains_key(pane) {
            inputs.clear();
        }
        inputs.insert(pane.to_owned(), turns(turn));
    }

    /// Whether `turn` (as tmux printed it) counts a turn finished since this server last gave
    /// `pane` input; `None` when it gave none it noted.
    pub(super) fn turned_since_input(&self, pane: &str, turn: &str) -> Option<bool> {
        let at_input = *lock(&self.inputs).get(pane)?;
        Some(turns(turn) > at_input)
    }

    /// Records what `pane`'s option holds now (`value`, as tmux printed it) and returns the
    /// report with its age.
    pub fn observe(&self, pane: &str, value: &str) -> Report {
        report(self.observe_at(pane, value))
    }

    /// Records `pane`'s option (`value`) and says whether it reports working, seen to begin
    /// at or after `at`.
    pub fn working_since(&self, pane: &str, value: &str, at: Instant) -> bool {
        let seen = self.observe_at(pane, value);
        seen.state == Some(AgentState::Working) && seen.changed && seen.since >= at
    }

    /// The report last seen of `pane`.
    pub(super) fn current(&self, pane: &str) -> Report {
        lock(&self.seen)
            .get(pane)
            .copied()
            .map_or((None, None), report)
    }

    pub(super) fn observe_at(&self, pane: &str, value: &str) -> Seen {
        let mut seen = lock(&self.seen);
        let state = state(value);
        let before = seen.get(pane).copied();
        if let Some(before) = before.filter(|b| b.state == state) {
            return before;
        }
        if before.is_none() && seen.len() >= MAX_PANES {
            let oldest = seen
                .iter()
                .min_by_key(|(_, s)| s.since)
                .map(|(p, _)| p.clone());
            if let Some(oldest) = oldest {
                seen.remove(&oldest);
            }
        }
        let now = Seen {
            state,
            since: Instant::now(),
            changed: before.is_some(),
        };
        seen.insert(pane.to_owned(), now);
        now
    }
}

/// A turn count as tmux printed it; unset (or not a count) is 0.
fn turns(value: &str) -> u64 {
    value.trim().parse().unwrap_or(0)
}

pub(super) fn report(seen: Seen) -> Report {
    let age = i64::try_from(seen.since.elapsed().as_millis()).unwrap_or(i64::MAX);
    (seen.state, seen.state.map(|_| age))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_status_plugins_write_are_read() {
        for (word, wanted) in [
            ("working", Some(AgentState::Working)),
            ("Running", Some(AgentState::Working)),
            ("busy", Some(AgentState::Working)),
            ("blocked", Some(AgentState::Asking)),
            ("needs-input", Some(AgentState::Asking)),
            ("waiting", Some(AgentState::Asking)),
            ("done", Some(AgentState::Idle)),
            ("ready", Some(AgentState::Idle)),
            (" idle\n", Some(AgentState::Idle)),
            ("", None),
            ("🤖", None),
        ] {
            assert_eq!(state(word), wanted, "{word:?}");
        }
    }

    #[test]
    fn a_state_ages_until_it_changes() {
        let reports = Reports::new(DEFAULT_OPTION.into());
        assert_eq!(reports.observe("%1", ""), (None, None));
        let working = reports.observe_at("%1", "working");
        assert_eq!(working.state, Some(AgentState::Working));
        assert!(working.changed, "from no report to one");
        assert_eq!(
            reports.observe_at("%1", "busy"),
            working,
            "the same state in another word keeps its age"
        );
        let idle = reports.observe_at("%1", "done");
        assert_eq!(idle.state, Some(AgentState::Idle));
        assert!(idle.changed && idle.since >= working.since);
        let first = reports.observe_at("%2", "idle");
        assert!(!first.changed, "first seen is no change seen");
    }

    #[test]
    fn the_option_name_is_a_user_option() {
        assert_eq!(option_name(None).unwrap(), DEFAULT_OPTION);
        assert_eq!(option_name(Some(" ")).unwrap(), DEFAULT_OPTION);
        assert_eq!(
            option_name(Some("@claude_status")).unwrap(),
            "@claude_status"
        );
        for bad in ["agent-state", "@", "@a b", "@a}", "@#{pane_id}"] {
            assert!(option_name(Some(bad)).is_err(), "{bad}");
        }
    }
}
