//! Execute tools: start configured processes or supply input to panes.

use tmux::keys;

use super::context::{CallContext, Tools};
use super::input;
use crate::catalog::{
    ErrorKind, ToolError, create_session, create_window, paste_text, respawn_pane, send_keys,
    send_keys_batch, set_synchronize_panes, split_window,
};
use tmux::{
    Command, Feature, Row, Script, TmuxError, Verb, int_output, quote_literal, row_format,
    session_target,
};

use tmux_mcp_runtime::TargetKind;

type R<T> = Result<T, ToolError>;

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

/// The tmux commands typing `text`, then pressing `keys`, then Enter (`None`: nothing to
/// send), and how many keys they press. Key names are checked first so nothing is typed when
/// one is wrong.
fn input_commands(
    pane: &str,
    text: Option<&str>,
    keys: &[String],
    enter: bool,
) -> Result<(Option<Script>, i64), ToolError> {
    for key in keys {
        keys::check(key).map_err(|m| ToolError::new(ErrorKind::InvalidInput, m))?;
    }
    let typed = match text.filter(|t| !t.is_empty()) {
        Some(text) => Some(
            Command::new(Verb::SendKeys)
                .target(pane)?
                .flag("-l")
                .flag("--")
                .arg(text)?,
        ),
        None => None,
    };
    let mut pressed: Vec<String> = keys.to_vec();
    if enter {
        pressed.push("Enter".into());
    }
    let keys = match pressed.is_empty() {
        true => None,
        false => Some(
            Command::new(Verb::SendKeys)
                .target(pane)?
                .flag("--")
                .args(pressed.iter().cloned())?,
        ),
    };
    let script = match (typed, keys) {
        (Some(typed), Some(keys)) => Some(typed.then(keys)),
        (one, other) => one.or(other).map(Script::from),
    };
    Ok((script, pressed.len() as i64))
}

async fn send(
    t: &Tools,
    pane: &str,
    text: Option<&str>,
    keys: &[String],
    enter: bool,
) -> R<(i64, i64, String)> {
    let (script, pressed) = input_commands(pane, text, keys, enter)?;
    let Some(script) = script else {
        return Err(ToolError::new(
            ErrorKind::InvalidInput,
            "nothing to send: give text, keys or enter",
        ));
    };
    // Marked first: the output, and the echo, can arrive before tmux returns.
    let (_, _, since) = input::mark(t, pane, text.unwrap_or_default()).await?;
    t.tmux.run(script).await?;
    Ok((text.map_or(0, |s| s.len() as i64), pressed, since))
}

impl send_keys::Handle for Tools {
    async fn send_keys(t: &Tools, _: &CallContext, a: send_keys::Args) -> R<send_keys::Output> {
        let (text_bytes, keys, since) = send(
            t,
            &a.pane,
            a.text.as_deref(),
            a.keys.as_deref().unwrap_or_default(),
            a.enter,
        )
        .await?;
        Ok(send_keys::Output {
            pane: a.pane,
            text_bytes,
            keys,
            since,
        })
    }
}

impl send_keys_batch::Handle for Tools {
    async fn send_keys_batch(
        t: &Tools,
        _: &CallContext,
        a: send_keys_batch::Args,
    ) -> R<send_keys_batch::Output> {
        use crate::catalog::types::OnError;
        let mut results = Vec::new();
        let (mut succeeded, mut failed, mut stopped_at) = (0, 0, None);
        for (index, row) in a.operations.iter().enumerate() {
            let outcome = send(
                t,
                &row.pane,
                row.text.as_deref(),
                row.keys.as_deref().unwrap_or_default(),
                row.enter,
            )
            .await;
            let (since, error) = match outcome {
                Ok((_, _, since)) => (Some(since), None),
                Err(e) => (None, Some(super::context::row_error(&e))),
            };
            let success = error.is_none();
            if success {
                succeeded += 1
            } else {
                failed += 1
            }
            results.push(send_keys_batch::ResultsItem {
                index: index as i64,
                pane: row.pane.clone(),
                success,
                since,
                error,
            });
            if !success && a.on_error == OnError::Stop {
                stopped_at = Some(index as i64);
                break;
            }
        }
        Ok(send_keys_batch::Output {
            results,
            succeeded,
            failed,
            stopped_at,
        })
    }
}

impl paste_text::Handle for Tools {
    async fn paste_text(t: &Tools, _: &CallContext, a: paste_text::Args) -> R<paste_text::Output> {
        // Enter goes the same way as the text, not through send-keys.
        let mut pieces = vec![(a.text.as_str(), true)];
        if a.enter {
            pieces.push(("\r", false));
        }
        let (_, _, since) = input::mark(t, &a.pane, &a.text).await?;
        input::paste(t, &a.pane, &pieces).await?;
        Ok(paste_text::Output {
            pane: a.pane,
            bytes: a.text.len() as i64,
            since,
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

#[cfg(test)]
mod tests {
    use super::input_commands;

    #[test]
    fn text_is_literal_and_keys_are_checked_before_anything_is_sent() {
        let (script, pressed) = input_commands("%1", Some("ls -l"), &["C-c".into()], true).unwrap();
        let script = script.unwrap();
        let commands: Vec<(&str, Vec<String>)> = script
            .commands()
            .iter()
            .map(|c| {
                (
                    c.verb().name(),
                    c.arguments(tmux::Features::default())
                        .map(|a| a.into_owned())
                        .collect(),
                )
            })
            .collect();
        assert_eq!(
            commands,
            [
                (
                    "send-keys",
                    ["-t", "%1", "-l", "--", "ls -l"].map(String::from).to_vec()
                ),
                (
                    "send-keys",
                    ["-t", "%1", "--", "C-c", "Enter"]
                        .map(String::from)
                        .to_vec()
                ),
            ]
        );
        assert_eq!(pressed, 2);
        assert!(input_commands("%1", Some("x"), &["Ener".into()], false).is_err());
        assert!(
            input_commands("%1", Some(""), &[], false)
                .unwrap()
                .0
                .is_none()
        );
    }
}
