//! What an agent in a pane reports of itself, and wait_for_agent.
//!
//! Agents' lifecycle hooks (Claude Code's, Codex's, Gemini CLI's) already set a tmux pane
//! option for status plugins; this server reads the same option (`@agent-state` unless
//! `LIBTMUX_AGENT_STATE_OPTION` names another) and the words those plugins write. tmux keeps no
//! time with an option, so a state's age is counted from when this server first saw it. A wait
//! is woken by tmux itself: the pane's output stream subscribes to the option
//! (`refresh-client -B`), which tmux checks once a second.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

use super::wait::{LIVENESS_EVERY, Watch, Woke};
use super::{CallContext, Tools, lock, objects, seconds};
use crate::catalog::types::AgentState;
use crate::catalog::{ToolError, ToolId, wait_for_agent};
use tmux::{Fields, TmuxError, TmuxErrorKind, row_format};

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
    seen: Mutex<HashMap<String, Seen>>,
}

/// A pane's report as this server has seen it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    state: Option<AgentState>,
    /// Since when it has been seen.
    since: Instant,
    /// Whether `since` is when it was seen to change (from another report, or none), not
    /// merely when this server first looked.
    changed: bool,
}

/// A pane's report as tools return it: the state and its age in milliseconds.
pub type Report = (Option<AgentState>, Option<i64>);

impl Reports {
    pub fn new(option: String) -> Reports {
        Reports {
            option,
            seen: Mutex::default(),
        }
    }

    /// The pane option read, for formats.
    pub fn option(&self) -> &str {
        &self.option
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
    fn current(&self, pane: &str) -> Report {
        lock(&self.seen)
            .get(pane)
            .copied()
            .map_or((None, None), report)
    }

    fn observe_at(&self, pane: &str, value: &str) -> Seen {
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

fn report(seen: Seen) -> Report {
    let age = i64::try_from(seen.since.elapsed().as_millis()).unwrap_or(i64::MAX);
    (seen.state, seen.state.map(|_| age))
}

impl wait_for_agent::Handle for Tools {
    async fn wait_for_agent(
        t: &Tools,
        cx: &CallContext,
        a: wait_for_agent::Args,
    ) -> Result<wait_for_agent::Output, ToolError> {
        use wait_for_agent::Outcome;
        let secs = seconds(a.seconds);
        let started = Instant::now();
        let (journal, _) = t.tmux.follow(&a.pane).await?;
        t.tmux.watch_option(&a.pane, t.agents.option()).await?;
        let input = journal.last_input_at();
        let mut watch = Watch::new(
            t,
            cx,
            ToolId::WaitForAgent,
            &a.pane,
            &journal,
            started,
            secs,
            LIVENESS_EVERY,
        );
        let finish = |outcome: Outcome, report: Report| wait_for_agent::Output {
            pane: a.pane.clone(),
            outcome,
            agent_state: report.0,
            agent_state_ms: report.1,
            elapsed_ms: started.elapsed().as_millis() as i64,
        };
        let mut reports = None;
        loop {
            // tmux's report only wakes the wait: the option is read afresh, in order with every
            // other read of it, so the states seen follow one another as tmux held them.
            let now = journal.option_reports();
            if reports != Some(now) {
                reports = Some(now);
                let value = match read_option(t, &a.pane).await {
                    Ok(value) => value,
                    Err(e) if e.kind == TmuxErrorKind::ObjectGone => {
                        return Ok(finish(Outcome::PaneClosed, t.agents.current(&a.pane)));
                    }
                    Err(e) => return Err(e.into()),
                };
                let seen = t.agents.observe_at(&a.pane, &value);
                // A report from before this server's last input to the pane answers something
                // earlier: only one seen to change since then counts.
                let fresh = input.is_none_or(|i| seen.changed && seen.since >= i);
                let outcome = match seen.state {
                    Some(AgentState::Idle) if fresh => Some(Outcome::Idle),
                    Some(AgentState::Asking) if fresh => Some(Outcome::Asking),
                    _ => None,
                };
                if let Some(outcome) = outcome {
                    return Ok(finish(outcome, report(seen)));
                }
            }
            let doing =
                |waited: f64| format!("waiting {waited:.0}s of {secs}s for {}'s agent", a.pane);
            match watch.next(None, doing).await? {
                Woke::Output | Woke::Timer => {}
                Woke::Deadline => return Ok(finish(Outcome::Deadline, t.agents.current(&a.pane))),
                Woke::Closed => return Ok(finish(Outcome::PaneClosed, t.agents.current(&a.pane))),
            }
        }
    }
}

/// The agent option of `pane` as tmux holds it now.
async fn read_option(t: &Tools, pane: &str) -> Result<String, TmuxError> {
    let option = t.agents.option();
    let out = t
        .tmux
        .run(objects::display(pane, row_format(&[option]))?)
        .await?;
    Fields::new(out.trim_end_matches('\n'), 1).text()
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
