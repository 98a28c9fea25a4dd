//! Teardown tools: delete tmux state. None of them will remove the server's own pane, window
//! or session.

use super::context::{CallContext, R, Tools};
use super::rows;
use crate::catalog::{
    ErrorKind, ToolError, clear_pane_scrollback, kill_pane, kill_session, kill_window,
    set_history_limit,
};
use tmux::{Command, Fields, Verb, int_output, row_format};

/// The ids `[pane, window, session]` of `target` (the active pane for a window or session).
async fn ids(t: &Tools, target: &str) -> R<[String; 3]> {
    let out = t
        .tmux
        .run(rows::display(
            target,
            row_format(&["pane_id", "window_id", "session_id"]),
        )?)
        .await?;
    let mut f = Fields::new(out.trim_end_matches('\n'), 3);
    Ok([f.text()?, f.text()?, f.text()?])
}

/// The objects a kill tool removes, by their place in [`ids`]'s answer.
#[derive(Clone, Copy)]
enum Level {
    Pane = 0,
    Window = 1,
    Session = 2,
}

impl Level {
    fn name(self) -> &'static str {
        match self {
            Level::Pane => "pane",
            Level::Window => "window",
            Level::Session => "session",
        }
    }
}

/// Kills the object `target` names at `level` and returns its id, unless it holds the
/// server's own pane.
async fn kill(t: &Tools, verb: Verb, level: Level, target: &str) -> R<String> {
    let id = ids(t, target).await?[level as usize].clone();
    refuse_own(t, level, &id).await?;
    t.tmux.run(Command::new(verb).target(&id)?).await?;
    Ok(id)
}

/// Refuses when `id` (a pane, window or session id, by `level`) holds the server's own pane.
async fn refuse_own(t: &Tools, level: Level, id: &str) -> R<()> {
    let Some(caller) = t.caller_pane().await else {
        return Ok(());
    };
    let Ok(own) = ids(t, caller).await else {
        return Ok(());
    };
    if own[level as usize] == id {
        let what = level.name();
        return Err(ToolError::new(
            ErrorKind::Refused,
            format!(
                "{id} is the {what} this MCP server runs in (pane {caller}); killing it would end the server, so it was left alone"
            ),
        ));
    }
    Ok(())
}

impl kill_session::Handle for Tools {
    async fn kill_session(
        t: &Tools,
        _: &CallContext,
        a: kill_session::Args,
    ) -> R<kill_session::Output> {
        let session = kill(t, Verb::KillSession, Level::Session, &a.session).await?;
        Ok(kill_session::Output { session })
    }
}

impl kill_window::Handle for Tools {
    async fn kill_window(
        t: &Tools,
        _: &CallContext,
        a: kill_window::Args,
    ) -> R<kill_window::Output> {
        kill(t, Verb::KillWindow, Level::Window, &a.window).await?;
        Ok(kill_window::Output { window: a.window })
    }
}

impl kill_pane::Handle for Tools {
    async fn kill_pane(t: &Tools, _: &CallContext, a: kill_pane::Args) -> R<kill_pane::Output> {
        kill(t, Verb::KillPane, Level::Pane, &a.pane).await?;
        Ok(kill_pane::Output { pane: a.pane })
    }
}

impl clear_pane_scrollback::Handle for Tools {
    async fn clear_pane_scrollback(
        t: &Tools,
        _: &CallContext,
        a: clear_pane_scrollback::Args,
    ) -> R<clear_pane_scrollback::Output> {
        let script = rows::display(&a.pane, row_format(&["history_size"]))?
            .then(Command::new(Verb::ClearHistory).target(&a.pane)?);
        let out = t.tmux.run(script).await?;
        Ok(clear_pane_scrollback::Output {
            pane: a.pane,
            discarded_lines: int_output(&out)?,
        })
    }
}

impl set_history_limit::Handle for Tools {
    async fn set_history_limit(
        t: &Tools,
        _: &CallContext,
        a: set_history_limit::Args,
    ) -> R<set_history_limit::Output> {
        let session = match &a.session {
            Some(s) => Some(ids(t, s).await?[Level::Session as usize].clone()),
            None => None,
        };
        let scoped = |command: Command| match &session {
            Some(id) => command.target(id),
            None => Ok(command.flag("-g")),
        };
        // -A: a session without its own value reports the inherited one.
        let show = scoped(Command::new(Verb::ShowOptions).flag("-Av"))?.flag("history-limit");
        let set = scoped(Command::new(Verb::SetOption))?
            .flag("history-limit")
            .arg(a.limit.to_string())?;
        let out = t.tmux.run(show.then(set)).await?;
        let previous = int_output(out.lines().next().unwrap_or_default())?;
        // tmux 3.3a applies history-limit to new panes only and reports nothing discarded.
        Ok(set_history_limit::Output {
            session,
            limit: a.limit,
            previous,
            discarded_lines: None,
        })
    }
}
