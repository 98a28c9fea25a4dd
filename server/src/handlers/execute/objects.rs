//! The execute tools that make panes: create_session, create_window, split_window,
//! respawn_pane, and set_synchronize_panes (input to every pane of a window).

use crate::catalog::{
    ErrorKind, ToolError, create_session, create_window, respawn_pane, set_synchronize_panes,
    split_window,
};
use crate::handlers::context::{CallContext, R, Tools};
use tmux::{
    Command, Feature, Row, TmuxError, Verb, int_output, quote_literal, row_format, session_target,
};
use tmux_mcp_runtime::TargetKind;

/// A creation command printing `vars` of what it creates (`-P -F`), for [`create`].
fn creation(verb: Verb, vars: &[&str]) -> Result<Command, TmuxError> {
    Ok(Command::new(verb)
        .flag("-P")
        .flag("-F")
        .format(row_format(vars)))
}

/// `command` with `-x width` and `-y height` where given.
fn sized(command: Command, width: Option<i64>, height: Option<i64>) -> Result<Command, TmuxError> {
    let command = match width {
        Some(w) => command.flag("-x").arg(w.to_string())?,
        None => command,
    };
    match height {
        Some(h) => command.flag("-y").arg(h.to_string()),
        None => Ok(command),
    }
}

/// Runs a [`creation`] command; its row holds `count` fields.
async fn create(t: &Tools, command: Command, count: usize) -> R<Row> {
    let out = t.tmux.run(command).await?;
    Ok(Row::of(&out, count))
}

impl create_session::Handle for Tools {
    async fn create_session(
        t: &Tools,
        _: &CallContext,
        a: create_session::Args,
    ) -> R<create_session::Output> {
        const VARS: [&str; 4] = ["session_id", "window_id", "pane_id", "session_name"];
        let mut command = creation(Verb::NewSession, &VARS)?
            .flag("-d")
            .flag("-s")
            .arg(quote_literal(&a.name))?;
        if let Some(dir) = &a.start_directory {
            command = command.flag("-c").arg(quote_literal(dir))?;
        }
        let command = sized(command, a.width, a.height)?;
        let row = create(t, command, VARS.len()).await.map_err(|e| {
            if e.message.contains("duplicate session") {
                ToolError::new(
                    ErrorKind::Refused,
                    format!(
                        "a session named {:?} already exists; choose another name",
                        a.name
                    ),
                )
            } else {
                e
            }
        })?;
        let mut f = row.fields();
        let out = create_session::Output {
            session: f.text()?,
            window: f.text()?,
            pane: f.text()?,
            name: f.text()?,
        };
        // tmux 3.2a sizes a new session like the client that creates it, whatever -x and -y say.
        if (a.width.is_some() || a.height.is_some())
            && t.tmux.features().await.has(Feature::CreatorSizesNewWindows)
        {
            let resize = Command::new(Verb::ResizeWindow).target(&out.window)?;
            t.tmux.run(sized(resize, a.width, a.height)?).await?;
        }
        t.scope
            .mark_created(&[
                (TargetKind::Session, &out.session),
                (TargetKind::Window, &out.window),
                (TargetKind::Pane, &out.pane),
            ])
            .await;
        Ok(out)
    }
}

impl create_window::Handle for Tools {
    async fn create_window(
        t: &Tools,
        _: &CallContext,
        a: create_window::Args,
    ) -> R<create_window::Output> {
        const VARS: [&str; 3] = ["window_id", "window_index", "pane_id"];
        let mut command = creation(Verb::NewWindow, &VARS)?
            .flag("-d")
            .target(&session_target(&a.session))?;
        if let Some(name) = &a.name {
            command = command.flag("-n").arg(quote_literal(name))?;
        }
        if let Some(dir) = &a.start_directory {
            command = command.flag("-c").arg(quote_literal(dir))?;
        }
        let row = create(t, command, VARS.len()).await?;
        let mut f = row.fields();
        let out = create_window::Output {
            window: f.text()?,
            index: f.int()?,
            pane: f.text()?,
        };
        t.scope
            .mark_created(&[
                (TargetKind::Window, &out.window),
                (TargetKind::Pane, &out.pane),
            ])
            .await;
        Ok(out)
    }
}

impl split_window::Handle for Tools {
    async fn split_window(
        t: &Tools,
        _: &CallContext,
        a: split_window::Args,
    ) -> R<split_window::Output> {
        use split_window::Direction;
        const VARS: [&str; 4] = ["pane_id", "window_id", "pane_width", "pane_height"];
        let mut command = creation(Verb::SplitWindow, &VARS)?
            .flag("-d")
            .target(&a.pane)?
            .flag(match a.direction {
                Direction::Below | Direction::Above => "-v",
                Direction::Right | Direction::Left => "-h",
            });
        if matches!(a.direction, Direction::Above | Direction::Left) {
            command = command.flag("-b");
        }
        if let Some(p) = a.percent {
            command = command.flag("-l").arg(format!("{p}%"))?;
        }
        if let Some(dir) = &a.start_directory {
            command = command.flag("-c").arg(quote_literal(dir))?;
        }
        let row = create(t, command, VARS.len()).await.map_err(|e| {
            if e.message.contains("no space") || e.message.contains("too small") {
                ToolError::new(
                    ErrorKind::Refused,
                    format!(
                        "{} is too small to split that way; resize the window or pick another pane",
                        a.pane
                    ),
                )
            } else {
                e
            }
        })?;
        let mut f = row.fields();
        let out = split_window::Output {
            pane: f.text()?,
            window: f.text()?,
            width: f.int()?,
            height: f.int()?,
        };
        t.scope.mark_created(&[(TargetKind::Pane, &out.pane)]).await;
        Ok(out)
    }
}

impl respawn_pane::Handle for Tools {
    async fn respawn_pane(
        t: &Tools,
        _: &CallContext,
        a: respawn_pane::Args,
    ) -> R<respawn_pane::Output> {
        if t.caller_pane().await == Some(a.pane.as_str()) {
            return Err(ToolError::new(
                ErrorKind::Refused,
                format!(
                    "{} is the pane this server runs in; respawning it would end the server",
                    a.pane
                ),
            ));
        }
        let mut respawn = Command::new(Verb::RespawnPane).target(&a.pane)?;
        if a.kill_first {
            respawn = respawn.flag("-k");
        }
        let pid = Command::new(Verb::DisplayMessage)
            .flag("-p")
            .target(&a.pane)?
            .flag("#{pane_pid}");
        let out = t.tmux.run(respawn.then(pid)).await.map_err(|e| {
            if e.message.contains("still active") {
                ToolError::new(ErrorKind::Refused, format!("{}'s process is still running; pass kill_first: true to kill it and start again", a.pane))
            } else {
                e.into()
            }
        })?;
        Ok(respawn_pane::Output {
            pane: a.pane,
            pid: int_output(&out)?,
        })
    }
}

impl set_synchronize_panes::Handle for Tools {
    async fn set_synchronize_panes(
        t: &Tools,
        _: &CallContext,
        a: set_synchronize_panes::Args,
    ) -> R<set_synchronize_panes::Output> {
        let value = if a.enabled { "on" } else { "off" };
        let set = Command::new(Verb::SetOption)
            .flag("-w")
            .target(&a.window)?
            .flag("synchronize-panes")
            .flag(value);
        let show = Command::new(Verb::ShowOptions)
            .flag("-w")
            .flag("-v")
            .target(&a.window)?
            .flag("synchronize-panes");
        let out = t.tmux.run(set.then(show)).await?;
        Ok(set_synchronize_panes::Output {
            window: a.window,
            enabled: out.trim() == "on",
        })
    }
}
