//! Manage tools: change tmux objects without supplying executable input. Each returns what tmux
//! actually applied, read back in the same round trip where tmux allows.

use std::time::Duration;

use super::context::{CallContext, R, Tools, seconds};
use super::rows;
use crate::catalog::{
    ErrorKind, ToolError, ToolId, move_window, rename_session, rename_window, resize_pane,
    resize_window, select_layout, select_pane, select_window, set_mouse_enabled, set_pane_title,
    signal_channel, swap_pane, wait_for_channel,
};
use tmux::{
    Command, Row, TmuxError, TmuxErrorKind, Verb, quote_literal, row_format, session_target,
};

/// Runs `command` then prints `vars` of `target`, returning the printed row.
async fn apply_and_read(t: &Tools, command: Command, target: &str, vars: &[&str]) -> R<Row> {
    let read = Command::new(Verb::DisplayMessage)
        .flag("-p")
        .target(target)?
        .format(row_format(vars));
    let out = t.tmux.run_each(command.then(read)).await?;
    // The command's own output (a creation's row, say) comes before the read's.
    Ok(Row::of(out.get(1), vars.len()))
}

/// One variable of an object that must exist.
async fn read(t: &Tools, target: &str, var: &str) -> R<String> {
    let out = t
        .tmux
        .run(rows::display(target, row_format(&[var]))?)
        .await?;
    Ok(out.trim_end_matches('\n').to_owned())
}

impl rename_session::Handle for Tools {
    async fn rename_session(
        t: &Tools,
        _: &CallContext,
        a: rename_session::Args,
    ) -> R<rename_session::Output> {
        let id = read(t, &a.session, "session_id").await?;
        let row = apply_and_read(
            t,
            Command::new(Verb::RenameSession)
                .target(&id)?
                .flag("--")
                .arg(quote_literal(&a.name))?,
            &format!("{id}:"),
            &["session_name"],
        )
        .await?;
        let mut f = row.fields();
        Ok(rename_session::Output {
            session: id,
            name: f.text()?,
        })
    }
}

impl rename_window::Handle for Tools {
    async fn rename_window(
        t: &Tools,
        _: &CallContext,
        a: rename_window::Args,
    ) -> R<rename_window::Output> {
        let row = apply_and_read(
            t,
            Command::new(Verb::RenameWindow)
                .target(&a.window)?
                .flag("--")
                .arg(quote_literal(&a.name))?,
            &a.window,
            &["window_name"],
        )
        .await?;
        let mut f = row.fields();
        Ok(rename_window::Output {
            window: a.window,
            name: f.text()?,
        })
    }
}

impl select_window::Handle for Tools {
    async fn select_window(
        t: &Tools,
        _: &CallContext,
        a: select_window::Args,
    ) -> R<select_window::Output> {
        use select_window::Direction;
        let session = read(t, &a.window, "session_id").await?;
        let flag = a.direction.map(|d| match d {
            Direction::Next => "-n",
            Direction::Previous => "-p",
            Direction::Last => "-l",
        });
        let mut command = Command::new(Verb::SelectWindow).target(&a.window)?;
        if let Some(flag) = flag {
            command = command.flag(flag);
        }
        let row = apply_and_read(t, command, &format!("{session}:"), &["window_id"]).await?;
        let mut f = row.fields();
        Ok(select_window::Output {
            window: f.text()?,
            session,
        })
    }
}

impl select_pane::Handle for Tools {
    async fn select_pane(
        t: &Tools,
        _: &CallContext,
        a: select_pane::Args,
    ) -> R<select_pane::Output> {
        use select_pane::Direction;
        let window = read(t, &a.pane, "window_id").await?;
        let target = match a.direction {
            Some(Direction::Next | Direction::Previous) => {
                let listed = t
                    .tmux
                    .run(
                        Command::new(Verb::ListPanes)
                            .target(&window)?
                            .flag("-F")
                            .flag("#{pane_id}"),
                    )
                    .await?;
                let ids: Vec<&str> = listed.lines().collect();
                let at = ids.iter().position(|p| *p == a.pane).unwrap_or(0);
                let step = if a.direction == Some(Direction::Next) {
                    1
                } else {
                    ids.len().saturating_sub(1)
                };
                ids.get((at + step) % ids.len().max(1))
                    .map(|p| (*p).to_owned())
                    .unwrap_or(a.pane.clone())
            }
            _ => a.pane.clone(),
        };
        let flag = match a.direction {
            Some(Direction::Up) => Some("-U"),
            Some(Direction::Down) => Some("-D"),
            Some(Direction::Left) => Some("-L"),
            Some(Direction::Right) => Some("-R"),
            Some(Direction::Last) => Some("-l"),
            _ => None,
        };
        let mut command = Command::new(Verb::SelectPane).target(&target)?;
        if let Some(flag) = flag {
            command = command.flag(flag);
        }
        let row = apply_and_read(t, command, &window, &["pane_id"]).await?;
        let mut f = row.fields();
        Ok(select_pane::Output {
            pane: f.text()?,
            window,
        })
    }
}

/// tmux 3.3a's layout presets.
const PRESETS: [&str; 5] = [
    "even-horizontal",
    "even-vertical",
    "main-horizontal",
    "main-vertical",
    "tiled",
];

/// A preset's full name, or a layout string. Checked here because tmux 3.3a's server crashes
/// on `select-layout` with some malformed strings (such as `nonsense`), taking every session
/// with it.
fn layout_argument(layout: &str) -> R<String> {
    if let Some(p) = PRESETS.iter().find(|p| **p == layout) {
        return Ok((*p).to_owned());
    }
    let matching: Vec<&str> = PRESETS
        .iter()
        .copied()
        .filter(|p| p.starts_with(layout))
        .collect();
    match matching.as_slice() {
        [one] => return Ok((*one).to_owned()),
        [_, _, ..] => {
            return Err(ToolError::new(
                ErrorKind::InvalidInput,
                format!(
                    "layout {layout:?} is ambiguous: it could be {}",
                    matching.join(" or ")
                ),
            ));
        }
        [] => {}
    }
    let (checksum, body) = layout.split_once(',').unwrap_or(("", ""));
    let well_formed = checksum.len() == 4
        && checksum.chars().all(|c| c.is_ascii_hexdigit())
        && !body.is_empty()
        && body
            .chars()
            .all(|c| c.is_ascii_digit() || ",x[]{}".contains(c));
    if well_formed {
        Ok(layout.to_owned())
    } else {
        Err(ToolError::new(
            ErrorKind::InvalidInput,
            format!(
                "layout {layout:?} is neither a preset ({}) nor a layout string like those {} reports",
                PRESETS.join(", "),
                ToolId::GetWindowInfo.name()
            ),
        ))
    }
}

impl select_layout::Handle for Tools {
    async fn select_layout(
        t: &Tools,
        _: &CallContext,
        a: select_layout::Args,
    ) -> R<select_layout::Output> {
        let layout = layout_argument(&a.layout)?;
        let row = apply_and_read(
            t,
            Command::new(Verb::SelectLayout)
                .target(&a.window)?
                .flag("--")
                .arg(layout)?,
            &a.window,
            &["window_layout"],
        )
        .await?;
        let mut f = row.fields();
        Ok(select_layout::Output {
            window: a.window,
            layout: f.text()?,
        })
    }
}

impl resize_pane::Handle for Tools {
    async fn resize_pane(
        t: &Tools,
        _: &CallContext,
        a: resize_pane::Args,
    ) -> R<resize_pane::Output> {
        use resize_pane::Direction;
        let flag = match a.direction {
            Direction::Up => "-U",
            Direction::Down => "-D",
            Direction::Left => "-L",
            Direction::Right => "-R",
        };
        let row = apply_and_read(
            t,
            Command::new(Verb::ResizePane)
                .target(&a.pane)?
                .flag(flag)
                .arg(a.cells.to_string())?,
            &a.pane,
            &["pane_width", "pane_height"],
        )
        .await?;
        let mut f = row.fields();
        Ok(resize_pane::Output {
            pane: a.pane,
            width: f.int()?,
            height: f.int()?,
        })
    }
}

impl resize_window::Handle for Tools {
    async fn resize_window(
        t: &Tools,
        _: &CallContext,
        a: resize_window::Args,
    ) -> R<resize_window::Output> {
        let command = Command::new(Verb::ResizeWindow)
            .target(&a.window)?
            .flag("-x")
            .arg(a.width.to_string())?
            .flag("-y")
            .arg(a.height.to_string())?;
        let row = apply_and_read(t, command, &a.window, &["window_width", "window_height"]).await?;
        let mut f = row.fields();
        Ok(resize_window::Output {
            window: a.window,
            width: f.int()?,
            height: f.int()?,
        })
    }
}

impl move_window::Handle for Tools {
    async fn move_window(
        t: &Tools,
        _: &CallContext,
        a: move_window::Args,
    ) -> R<move_window::Output> {
        let destination = format!(
            "{}{}",
            session_target(&a.destination_session),
            a.destination_index
        );
        let row = apply_and_read(
            t,
            Command::new(Verb::MoveWindow)
                .flag("-d")
                .flag("-s")
                .arg(a.window.as_str())?
                .target(&destination)?,
            &a.window,
            &["session_id", "window_index"],
        )
        .await?;
        let mut f = row.fields();
        Ok(move_window::Output {
            window: a.window,
            session: f.text()?,
            index: f.int()?,
        })
    }
}

impl swap_pane::Handle for Tools {
    async fn swap_pane(t: &Tools, _: &CallContext, a: swap_pane::Args) -> R<swap_pane::Output> {
        let window_of = |pane: &str| {
            Command::new(Verb::DisplayMessage)
                .flag("-p")
                .target(pane)
                .map(|c| c.flag("#{window_id}"))
        };
        let swap = Command::new(Verb::SwapPane)
            .flag("-d")
            .flag("-s")
            .arg(a.source_pane.as_str())?
            .target(&a.target_pane)?;
        let script = swap
            .then(window_of(&a.source_pane)?)
            .then(window_of(&a.target_pane)?);
        let out = t.tmux.run_each(script).await?;
        let window = |i: usize| out.get(i).trim_end_matches('\n');
        let (source_window, target_window) = match (window(1), window(2)) {
            (source, target) if !source.is_empty() && !target.is_empty() => {
                (source.to_owned(), target.to_owned())
            }
            _ => {
                return Err(TmuxError::new(
                    TmuxErrorKind::Unexpected,
                    format!(
                        "unexpected tmux output (two window ids expected) after swap-pane: {out:?}"
                    ),
                )
                .into());
            }
        };
        Ok(swap_pane::Output {
            source_pane: a.source_pane,
            source_window,
            target_pane: a.target_pane,
            target_window,
        })
    }
}

impl set_pane_title::Handle for Tools {
    async fn set_pane_title(
        t: &Tools,
        _: &CallContext,
        a: set_pane_title::Args,
    ) -> R<set_pane_title::Output> {
        let row = apply_and_read(
            t,
            Command::new(Verb::SelectPane)
                .target(&a.pane)?
                .flag("-T")
                .arg(quote_literal(&a.title))?,
            &a.pane,
            &["pane_title"],
        )
        .await?;
        let mut f = row.fields();
        Ok(set_pane_title::Output {
            pane: a.pane,
            title: f.text()?,
        })
    }
}

impl set_mouse_enabled::Handle for Tools {
    async fn set_mouse_enabled(
        t: &Tools,
        _: &CallContext,
        a: set_mouse_enabled::Args,
    ) -> R<set_mouse_enabled::Output> {
        let value = if a.enabled { "on" } else { "off" };
        let session = match &a.session {
            Some(s) => Some(read(t, s, "session_id").await?),
            None => None,
        };
        let scoped = |command: Command| match &session {
            Some(id) => command.target(id),
            None => Ok(command.flag("-g")),
        };
        let set = scoped(Command::new(Verb::SetOption))?
            .flag("mouse")
            .flag(value);
        let show = scoped(Command::new(Verb::ShowOptions).flag("-v"))?.flag("mouse");
        let out = t.tmux.run(set.then(show)).await?;
        Ok(set_mouse_enabled::Output {
            session,
            enabled: out.trim() == "on",
        })
    }
}

impl wait_for_channel::Handle for Tools {
    async fn wait_for_channel(
        t: &Tools,
        cx: &CallContext,
        a: wait_for_channel::Args,
    ) -> R<wait_for_channel::Output> {
        use wait_for_channel::Outcome;
        let secs = seconds(a.seconds);
        let wait = Command::new(Verb::WaitFor)
            .flag("--")
            .arg(a.channel.as_str())?;
        // tmux wakes every waiter as it exits (cmd-wait-for.c, wait_for_flush), as a signal
        // would: the server that answers after, if any, says which it was.
        let server = server_pid(t).await;
        let outcome = tokio::select! {
            result = t.tmux.run_for(wait, Duration::from_secs(secs as u64)) => match result {
                Ok(_) if server.is_some() && server_pid(t).await != server => Outcome::ServerGone,
                Ok(_) => Outcome::Signalled,
                Err(e) if e.kind == TmuxErrorKind::Timeout => Outcome::Deadline,
                Err(e) if e.kind == TmuxErrorKind::ServerGone => Outcome::ServerGone,
                Err(e) => return Err(e.into()),
            },
            () = cx.cancel.cancelled() => return Err(super::context::cancelled(ToolId::WaitForChannel)),
        };
        Ok(wait_for_channel::Output {
            channel: a.channel,
            outcome,
            seconds: secs,
        })
    }
}

/// The tmux server's process id, while one answers: one restarted has another.
async fn server_pid(t: &Tools) -> Option<String> {
    let ask = Command::new(Verb::DisplayMessage).flag("-p").flag("#{pid}");
    t.tmux.run(ask).await.ok().map(|pid| pid.trim().to_owned())
}

impl signal_channel::Handle for Tools {
    async fn signal_channel(
        t: &Tools,
        _: &CallContext,
        a: signal_channel::Args,
    ) -> R<signal_channel::Output> {
        let signal = Command::new(Verb::WaitFor)
            .flag("-S")
            .flag("--")
            .arg(a.channel.as_str())?;
        t.tmux.run(signal).await?;
        Ok(signal_channel::Output { channel: a.channel })
    }
}

#[cfg(test)]
mod tests {
    use super::layout_argument;

    #[test]
    fn layouts_are_presets_unique_abbreviations_or_layout_strings() {
        assert_eq!(layout_argument("tiled").unwrap(), "tiled");
        assert_eq!(layout_argument("even-h").unwrap(), "even-horizontal");
        assert_eq!(
            layout_argument("bb62,80x24,0,0,0").unwrap(),
            "bb62,80x24,0,0,0"
        );
        assert!(
            layout_argument("ma")
                .unwrap_err()
                .message
                .contains("ambiguous")
        );
        for bad in ["nonsense", "zzzz", "abc", "bb62,", "bb62,80x24;rm"] {
            assert!(layout_argument(bad).is_err(), "{bad}");
        }
    }
}
