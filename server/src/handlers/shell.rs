//! run_shell_command: type one command into a pane's shell and learn when it finished, and
//! with what exit status, from a per-call tmux `wait-for` channel (not from scraping the
//! screen). The shell reports the status into a per-call pane option before signalling.

use std::time::{Duration, Instant};

use super::{CallContext, Tools, cancelled, lock, objects, progress_ticker, seconds};
use crate::catalog::{ErrorKind, ToolError, run_shell_command};
use crate::tmux::{Fields, SEP, TmuxErrorKind, row_format};

type R<T> = Result<T, ToolError>;

/// Shells whose syntax the typed wrapper uses (`{ …; }`, `$?`, `trap`).
const SHELLS: &[&str] = &["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox"];
const HISTORY_LINES: i64 = 20_000;

/// Holds a pane for one command; released on drop.
struct Reservation<'a> {
    tools: &'a Tools,
    pane: String,
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        lock(&self.tools.running).retain(|p| p != &self.pane);
    }
}

fn reserve<'a>(t: &'a Tools, pane: &str) -> R<Reservation<'a>> {
    let mut running = lock(&t.running);
    if running.iter().any(|p| p == pane) {
        return Err(ToolError::new(
            ErrorKind::Capacity,
            format!(
                "{pane} is already running a command from this server; wait for it to finish (or interrupt it with send_keys C-c) and retry"
            ),
        ));
    }
    running.push(pane.to_owned());
    Ok(Reservation {
        tools: t,
        pane: pane.to_owned(),
    })
}

fn single_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The line typed into the shell. The begin marker is printed from two halves so the echo of
/// the typed line never looks like it; `trap : INT` keeps an interrupted command (Ctrl-C)
/// from abandoning the status report that follows it.
fn wrapper(id: &str, command: &str, socket: &str, pane: &str, suppress_history: bool) -> String {
    let tmux = format!("tmux -S {}", single_quoted(socket));
    // A leading space keeps the line out of history where the shell honours that; bash also
    // forgets it explicitly.
    let forget = if suppress_history {
        " [ -n \"$BASH_VERSION\" ] && history -d -1 2>/dev/null; "
    } else {
        ""
    };
    format!(
        "{forget}trap : INT; {{ printf '%s%s\\n' 'tmux-mcp:' '{id}'; {command}\n}}; __tmux_mcp_s=$?; trap - INT; {tmux} set-option -p -t {pane} @tmux_mcp_status_{id} \"$__tmux_mcp_s\"; {tmux} wait-for -S tmux-mcp-{id}"
    )
}

pub async fn run_shell_command(
    t: &Tools,
    cx: &CallContext,
    a: run_shell_command::Args,
) -> R<run_shell_command::Output> {
    let secs = seconds(a.seconds);
    let started = Instant::now();
    if a.command.contains('\0') {
        return Err(ToolError::new(
            ErrorKind::InvalidInput,
            "command contains a NUL byte; remove it",
        ));
    }
    let _held = reserve(t, &a.pane)?;
    let (in_mode, alternate, dead, current, stale) = pane_state(t, &a.pane).await?;
    let refusal = if dead {
        Some("its process has exited; respawn_pane restarts it".to_owned())
    } else if in_mode {
        Some("it is in copy mode (or another mode); send_keys q or Escape first".to_owned())
    } else if alternate || !SHELLS.contains(&current.as_str()) {
        Some(format!(
            "it is running {current:?}, not a shell at its prompt; send_keys C-c or wait for that program to finish"
        ))
    } else {
        None
    };
    if let Some(why) = refusal {
        return Err(ToolError::new(
            ErrorKind::Refused,
            format!("nothing was typed into {}: {why}", a.pane),
        ));
    }

    let id = crate::nonce::nonce();
    let line = wrapper(
        &id,
        &a.command,
        &t.socket_path.to_string_lossy(),
        &a.pane,
        a.suppress_history,
    );
    let mut typing: Vec<String> = Vec::new();
    for option in stale {
        // Left by an earlier call that timed out before its command reported.
        typing.extend(["set-option", "-p", "-u", "-t", &a.pane, &option, SEP].map(str::to_owned));
    }
    typing.extend(
        [
            "send-keys",
            "-t",
            &a.pane,
            "-l",
            "--",
            &line,
            SEP,
            "send-keys",
            "-t",
            &a.pane,
            "Enter",
        ]
        .map(str::to_owned),
    );
    t.echo.typed(&a.pane, &line);
    t.tmux.run(&typing).await?;

    let channel = format!("tmux-mcp-{id}");
    let remaining = Duration::from_secs(secs as u64).saturating_sub(started.elapsed());
    let wait_args = ["wait-for", channel.as_str()];
    let wait = t.tmux.run_for(&wait_args, remaining);
    tokio::pin!(wait);
    let mut progress = progress_ticker();
    let timed_out = loop {
        tokio::select! {
            done = &mut wait => match done {
                Ok(_) => break false,
                Err(e) if e.kind == TmuxErrorKind::Timeout => break true,
                Err(e) => return Err(e.into()),
            },
            () = cx.cancel.cancelled() => return Err(cancelled("run_shell_command")),
            _ = progress.tick() => {
                let ran = started.elapsed().as_secs_f64();
                cx.progress(ran, secs as f64, format!("{} has run {ran:.0}s of {secs}s", a.pane)).await;
            }
        }
    };

    let option = format!("@tmux_mcp_status_{id}");
    let mut args: Vec<String> = [
        "display-message",
        "-p",
        "-t",
        &a.pane,
        &row_format(&["cursor_y", "pane_height"]),
    ]
    .map(str::to_owned)
    .to_vec();
    args.extend(
        [
            SEP,
            "capture-pane",
            "-p",
            "-J",
            "-S",
            &(-HISTORY_LINES).to_string(),
            "-t",
            &a.pane,
        ]
        .map(str::to_owned),
    );
    if !timed_out {
        args.extend(
            [
                SEP,
                "show-options",
                "-p",
                "-v",
                "-t",
                &a.pane,
                &option,
                SEP,
                "set-option",
                "-p",
                "-u",
                "-t",
                &a.pane,
                &option,
            ]
            .map(str::to_owned),
        );
    }
    let out = t.tmux.run(&args).await?;
    let mut rows = out.split('\n');
    let mut f = Fields::new(rows.next().unwrap_or_default(), 2);
    let (cursor_y, height) = (f.int()?, f.int()?);
    let mut captured: Vec<&str> = rows.collect();
    if captured.last() == Some(&"") {
        captured.pop();
    }
    let exit_status = if timed_out {
        None
    } else {
        captured.pop().and_then(|s| s.trim().parse().ok())
    };
    let tail = output_tail(&captured, &id, cursor_y, height);
    Ok(run_shell_command::Output {
        pane: a.pane,
        exit_status,
        timed_out,
        seconds: secs,
        elapsed_ms: started.elapsed().as_millis() as i64,
        output: tail.text,
        output_lines: tail.lines,
        truncated: tail.truncated,
    })
}

/// The pane's mode flags, its foreground command and stale status options of earlier calls.
/// A shell still running the status report of a previous call shows `tmux` for a moment;
/// that is waited out briefly.
async fn pane_state(t: &Tools, pane: &str) -> R<(bool, bool, bool, String, Vec<String>)> {
    let mut args = objects::display(
        pane,
        &row_format(&[
            "pane_in_mode",
            "alternate_on",
            "pane_dead",
            "pane_current_command",
        ]),
    );
    args.extend([SEP, "show-options", "-p", "-t", pane].map(str::to_owned));
    for _ in 0..20 {
        let out = t.tmux.run(&args).await?;
        let mut rows = out.lines();
        let mut f = Fields::new(rows.next().unwrap_or_default(), 4);
        let (in_mode, alternate, dead, current) = (f.flag()?, f.flag()?, f.flag()?, f.text()?);
        if current == "tmux" {
            tokio::time::sleep(Duration::from_millis(25)).await;
            continue;
        }
        let stale = rows
            .filter_map(|r| r.split(' ').next())
            .filter(|n| n.starts_with("@tmux_mcp_status_"))
            .map(str::to_owned)
            .collect();
        return Ok((in_mode, alternate, dead, current, stale));
    }
    Err(ToolError::new(
        ErrorKind::Capacity,
        format!("{pane} is busy running tmux commands; retry shortly"),
    ))
}

struct Tail {
    text: String,
    lines: i64,
    truncated: bool,
}

/// The command's output: the lines after its begin marker, up to the line the cursor is on
/// (the next prompt), bounded to the newest lines that fit the capture byte bound.
fn output_tail(captured: &[&str], id: &str, cursor_y: i64, height: i64) -> Tail {
    let marker = format!("tmux-mcp:{id}");
    let cursor_line =
        (captured.len() as i64 - height + cursor_y).clamp(0, captured.len() as i64) as usize;
    // The shell may print its continuation prompt (`> `) before the marker.
    let (start, lost) = match captured[..cursor_line]
        .iter()
        .rposition(|l| l.trim_end().ends_with(&marker))
    {
        Some(i) => (i + 1, false),
        // The marker scrolled out of the retained history: everything left is output.
        None => (0, true),
    };
    let mut lines: Vec<&str> = captured[start..cursor_line]
        .iter()
        .map(|l| l.trim_end())
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let count = lines.len() as i64;
    let shaped = super::content::shape(&lines.join("\n"), None);
    Tail {
        text: shaped.text,
        lines: count,
        truncated: lost || shaped.truncated,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_typed_line_never_contains_the_marker_itself() {
        let line = wrapper("abc", "echo 'x'", "/tmp/s", "%1", false);
        assert!(!line.contains("tmux-mcp:abc"));
        assert!(line.contains("printf '%s%s\\n' 'tmux-mcp:' 'abc'; echo 'x'\n}"));
        assert!(wrapper("abc", "ls", "/tmp/it's", "%1", true).starts_with(" [ -n"));
    }

    #[test]
    fn output_is_between_the_marker_and_the_prompt() {
        let captured = ["$ old", "> tmux-mcp:abc", "one", "two", "", "$ "];
        let tail = output_tail(&captured, "abc", 5, 6);
        assert_eq!(
            (tail.text.as_str(), tail.lines, tail.truncated),
            ("one\ntwo", 2, false)
        );
        let tail = output_tail(&["x", "y", "$ "], "abc", 2, 3);
        assert!(tail.truncated);
    }
}
