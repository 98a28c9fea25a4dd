//! The inspect tools that read a pane's screen: capture_pane, snapshot_pane.

use crate::catalog::types::AgentStateSource;
use crate::catalog::{ErrorKind, ToolError, capture_pane, snapshot_pane};
use crate::handlers::context::{CallContext, R, Tools};
use crate::handlers::text::{capture, shape};
use crate::handlers::{agent_screens, rows};
use tmux::{Fields, row_format};

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
            "pane_title",
            t.agents.option(),
        ];
        let script = rows::display(&a.pane, row_format(&vars))?.then(capture(
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
        let (title, agent) = (f.text()?, f.text()?);
        let state = rows::State::of(&t.tmux, &t.agents, &a.pane, pid.filter(|_| !dead), &agent);
        let agent = match state.agent.0 {
            Some(reported) => Some((reported, AgentStateSource::Hooks)),
            None => agent_screens::look(&t.tmux, &a.pane, state.cli, &title).await,
        };
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
            agent_state: agent.map(|(state, _)| state),
            agent_state_ms: state.agent.1,
            agent_state_source: agent.map(|(_, source)| source),
        })
    }
}
