//! wait_for_agent: block until a pane's agent reports it is done or asks, from what its hooks
//! set ([`super::reports`]). The option is read every [`LOOK_EVERY`], and tmux wakes the wait
//! too: the pane's output stream subscribes to the option (`refresh-client -B`), which tmux
//! checks once a second.

use std::time::Instant;

use super::context::{CallContext, Tools, seconds};
use super::objects;
use super::reports::report;
use super::wait::{LIVENESS_EVERY, Watch, Woke};
use crate::catalog::types::AgentState;
use crate::catalog::{ToolError, ToolId, wait_for_agent};
use tmux::{Fields, TmuxError, TmuxErrorKind, row_format};

type Report = super::reports::Report;

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
        let finish =
            |outcome: Outcome, report: Report, why: Option<String>| wait_for_agent::Output {
                pane: a.pane.clone(),
                outcome,
                agent_state: report.0,
                agent_state_ms: report.1,
                why,
                elapsed_ms: started.elapsed().as_millis() as i64,
            };
        let mut reports = None;
        let mut changed_since_input = false;
        loop {
            // tmux's report, or the next look, only wakes the wait: the option is read afresh,
            // in order with every other read of it, so the states seen follow one another as
            // tmux held them.
            let now = journal.option_reports();
            if reports != Some(now) {
                reports = Some(now);
                let (value, turn) = match read_option(t, &a.pane).await {
                    Ok(read) => read,
                    Err(e) if e.kind == TmuxErrorKind::ObjectGone => {
                        return Ok(finish(Outcome::PaneClosed, t.agents.current(&a.pane), None));
                    }
                    Err(e) => return Err(e.into()),
                };
                let seen = t.agents.observe_at(&a.pane, &value);
                // A report from before this server's last input to the pane answers something
                // earlier: only one seen to change since then counts, or one whose hooks
                // counted a turn finished since (a turn shorter than a look changes no state).
                let fresh = input.is_none_or(|i| seen.changed && seen.since >= i)
                    || t.agents.turned_since_input(&a.pane, &turn) == Some(true);
                changed_since_input |= fresh;
                let outcome = match seen.state {
                    Some(AgentState::Idle) if fresh => Some(Outcome::Idle),
                    Some(AgentState::Asking) if fresh => Some(Outcome::Asking),
                    _ => None,
                };
                if let Some(outcome) = outcome {
                    return Ok(finish(outcome, report(seen), None));
                }
            }
            let doing =
                |waited: f64| format!("waiting {waited:.0}s of {secs}s for {}'s agent", a.pane);
            let look = tokio::time::Instant::now() + LOOK_EVERY;
            match watch.next(Some(look), doing).await? {
                Woke::Output => {}
                // tmux checks a subscription once a second: look sooner.
                Woke::Timer => reports = None,
                Woke::Deadline => {
                    let current = t.agents.current(&a.pane);
                    let why = deadline_why(t, &a.pane, current.0, changed_since_input);
                    return Ok(finish(Outcome::Deadline, current, Some(why)));
                }
                Woke::Closed => {
                    return Ok(finish(Outcome::PaneClosed, t.agents.current(&a.pane), None));
                }
            }
        }
    }
}

/// How often a wait reads the option itself, between tmux's own looks (once a second).
const LOOK_EVERY: std::time::Duration = std::time::Duration::from_millis(50);

/// What a `deadline` says of the agent's reports, for the caller to act on.
fn deadline_why(t: &Tools, pane: &str, state: Option<AgentState>, changed: bool) -> String {
    let option = t.agents.option();
    match state {
        None => format!(
            "{pane} never reported a state in {option}: its agent's hooks do not set it (see the Agents' state page), so wait with {} or {}",
            ToolId::WaitForQuiet.name(),
            ToolId::WaitForText.name()
        ),
        Some(AgentState::Working) => format!("the agent in {pane} still reports working"),
        Some(_) if !changed => format!(
            "the agent in {pane} reported nothing new since this server's last input: it may not have taken it (look with {}), or its hooks do not count turns in {} (see the Agents' state page)",
            ToolId::SnapshotPane.name(),
            t.agents.turn_option()
        ),
        Some(_) => format!("the agent in {pane} reported a change, then one from before"),
    }
}

/// The agent option of `pane` and its turn count, as tmux holds them now.
async fn read_option(t: &Tools, pane: &str) -> Result<(String, String), TmuxError> {
    let out = t
        .tmux
        .run(objects::display(
            pane,
            row_format(&[t.agents.option(), t.agents.turn_option()]),
        )?)
        .await?;
    let mut f = Fields::new(out.trim_end_matches('\n'), 2);
    Ok((f.text()?, f.text()?))
}
