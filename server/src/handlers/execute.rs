//! Execute tools: start configured processes or supply input to panes.

use super::objects::session_target;
use tmux::keys;

use super::{CallContext, Tools, input};
use crate::catalog::{
    ErrorKind, ToolError, create_session, create_window, paste_text, respawn_pane, send_keys,
    send_keys_batch, set_synchronize_panes, split_window,
};
use tmux::{Row, SEP, int_output, quote_literal, row_format};

type R<T> = Result<T, ToolError>;

/// Runs a creation command with `-P -F` printing `vars` of what it created.
async fn create(t: &Tools, mut command: Vec<String>, vars: &[&str]) -> R<Row> {
    command.insert(1, "-P".into());
    command.insert(2, "-F".into());
    command.insert(3, row_format(vars));
    let out = t.tmux.run(&command).await?;
    Ok(Row::last(&out, vars.len()))
}

impl create_session::Handle for Tools {
    async fn create_session(
        t: &Tools,
        _: &CallContext,
        a: create_session::Args,
    ) -> R<create_session::Output> {
        let mut command: Vec<String> = vec![
            "new-session".into(),
            "-d".into(),
            "-s".into(),
            quote_literal(&a.name),
        ];
        if let Some(dir) = &a.start_directory {
            command.extend(["-c".into(), quote_literal(dir)]);
        }
        if let Some(w) = a.width {
            command.extend(["-x".into(), w.to_string()]);
        }
        if let Some(h) = a.height {
            command.extend(["-y".into(), h.to_string()]);
        }
        let row = create(
            t,
            command,
            &["session_id", "window_id", "pane_id", "session_name"],
        )
        .await
        .map_err(|e| {
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
        Ok(create_session::Output {
            session: f.text()?,
            window: f.text()?,
            pane: f.text()?,
            name: f.text()?,
        })
    }
}

impl create_window::Handle for Tools {
    async fn create_window(
        t: &Tools,
        _: &CallContext,
        a: create_window::Args,
    ) -> R<create_window::Output> {
        let mut command: Vec<String> = vec![
            "new-window".into(),
            "-d".into(),
            "-t".into(),
            session_target(&a.session),
        ];
        if let Some(name) = &a.name {
            command.extend(["-n".into(), quote_literal(name)]);
        }
        if let Some(dir) = &a.start_directory {
            command.extend(["-c".into(), quote_literal(dir)]);
        }
        let row = create(t, command, &["window_id", "window_index", "pane_id"]).await?;
        let mut f = row.fields();
        Ok(create_window::Output {
            window: f.text()?,
            index: f.int()?,
            pane: f.text()?,
        })
    }
}

impl split_window::Handle for Tools {
    async fn split_window(
        t: &Tools,
        _: &CallContext,
        a: split_window::Args,
    ) -> R<split_window::Output> {
        use split_window::Direction;
        let mut command: Vec<String> = vec![
            "split-window".into(),
            "-d".into(),
            "-t".into(),
            a.pane.clone(),
        ];
        command.extend(
            match a.direction {
                Direction::Below => &["-v"][..],
                Direction::Above => &["-v", "-b"],
                Direction::Right => &["-h"],
                Direction::Left => &["-h", "-b"],
            }
            .iter()
            .map(|s| (*s).to_owned()),
        );
        if let Some(p) = a.percent {
            command.extend(["-l".into(), format!("{p}%")]);
        }
        if let Some(dir) = &a.start_directory {
            command.extend(["-c".into(), quote_literal(dir)]);
        }
        let row = create(
            t,
            command,
            &["pane_id", "window_id", "pane_width", "pane_height"],
        )
        .await
        .map_err(|e| {
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
        Ok(split_window::Output {
            pane: f.text()?,
            window: f.text()?,
            width: f.int()?,
            height: f.int()?,
        })
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
        let mut args: Vec<String> = vec!["respawn-pane".into(), "-t".into(), a.pane.clone()];
        if a.kill_first {
            args.push("-k".into());
        }
        args.extend([
            SEP.into(),
            "display-message".into(),
            "-p".into(),
            "-t".into(),
            a.pane.clone(),
            "#{pane_pid}".into(),
        ]);
        let out = t.tmux.run(&args).await.map_err(|e| {
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

/// The tmux commands typing `text`, then pressing `keys`, then Enter. Key names are checked
/// first so nothing is typed when one is wrong.
fn input_commands(
    pane: &str,
    text: Option<&str>,
    keys: &[String],
    enter: bool,
) -> Result<(Vec<String>, i64), ToolError> {
    for key in keys {
        keys::check(key).map_err(|m| ToolError::new(ErrorKind::InvalidInput, m))?;
    }
    let mut args: Vec<String> = Vec::new();
    let mut push = |command: Vec<String>| {
        if !args.is_empty() {
            args.push(SEP.into());
        }
        args.extend(command);
    };
    if let Some(text) = text.filter(|t| !t.is_empty()) {
        push(vec![
            "send-keys".into(),
            "-t".into(),
            pane.into(),
            "-l".into(),
            "--".into(),
            text.into(),
        ]);
    }
    let mut pressed: Vec<String> = keys.to_vec();
    if enter {
        pressed.push("Enter".into());
    }
    if !pressed.is_empty() {
        let mut command: Vec<String> =
            vec!["send-keys".into(), "-t".into(), pane.into(), "--".into()];
        command.extend(pressed.iter().cloned());
        push(command);
    }
    Ok((args, pressed.len() as i64))
}

async fn send(
    t: &Tools,
    pane: &str,
    text: Option<&str>,
    keys: &[String],
    enter: bool,
) -> R<(i64, i64, String)> {
    let (args, pressed) = input_commands(pane, text, keys, enter)?;
    if args.is_empty() {
        return Err(ToolError::new(
            ErrorKind::InvalidInput,
            "nothing to send: give text, keys or enter",
        ));
    }
    // Marked first: the output, and the echo, can arrive before tmux returns.
    let (_, _, cursor) = input::mark(t, pane, text.unwrap_or_default()).await?;
    t.tmux.run(&args).await?;
    Ok((text.map_or(0, |s| s.len() as i64), pressed, cursor))
}

impl send_keys::Handle for Tools {
    async fn send_keys(t: &Tools, _: &CallContext, a: send_keys::Args) -> R<send_keys::Output> {
        let (text_bytes, keys, cursor) = send(
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
            cursor,
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
            let (cursor, error) = match outcome {
                Ok((_, _, cursor)) => (Some(cursor), None),
                Err(e) => (None, Some(super::row_error(&e))),
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
                cursor,
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
        // A buffer of our own, deleted by the paste (-d); written straight to this one pane, so
        // synchronize-panes never fans it out. Enter goes the same way, not through send-keys.
        let buffer = format!("tmux-mcp-{}", tmux::nonce::nonce());
        let mut args: Vec<String> = vec![
            "set-buffer".into(),
            "-b".into(),
            buffer.clone(),
            "--".into(),
            a.text.clone(),
        ];
        args.extend([
            SEP.into(),
            "paste-buffer".into(),
            "-p".into(),
            "-d".into(),
            "-b".into(),
            buffer.clone(),
            "-t".into(),
            a.pane.clone(),
        ]);
        if a.enter {
            args.extend([
                SEP.into(),
                "set-buffer".into(),
                "-b".into(),
                buffer.clone(),
                "--".into(),
                "\r".into(),
            ]);
            args.extend([
                SEP.into(),
                "paste-buffer".into(),
                "-d".into(),
                "-b".into(),
                buffer.clone(),
                "-t".into(),
                a.pane.clone(),
            ]);
        }
        let (_, _, cursor) = input::mark(t, &a.pane, &a.text).await?;
        if let Err(e) = t.tmux.run(&args).await {
            let _ = t.tmux.run(&["delete-buffer", "-b", &buffer]).await;
            return Err(e.into());
        }
        Ok(paste_text::Output {
            pane: a.pane,
            bytes: a.text.len() as i64,
            cursor,
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
        let args = [
            "set-option",
            "-w",
            "-t",
            &a.window,
            "synchronize-panes",
            value,
            SEP,
            "show-options",
            "-w",
            "-v",
            "-t",
            &a.window,
            "synchronize-panes",
        ];
        let out = t.tmux.run(&args).await?;
        Ok(set_synchronize_panes::Output {
            window: a.window,
            enabled: out.trim() == "on",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::input_commands;
    use tmux::SEP;

    #[test]
    fn text_is_literal_and_keys_are_checked_before_anything_is_sent() {
        let (args, pressed) = input_commands("%1", Some("ls -l"), &["C-c".into()], true).unwrap();
        assert_eq!(
            args,
            [
                "send-keys",
                "-t",
                "%1",
                "-l",
                "--",
                "ls -l",
                SEP,
                "send-keys",
                "-t",
                "%1",
                "--",
                "C-c",
                "Enter"
            ]
        );
        assert_eq!(pressed, 2);
        assert!(input_commands("%1", Some("x"), &["Ener".into()], false).is_err());
    }
}
