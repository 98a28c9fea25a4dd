//! run_shell_command: type one command line into the pane's own shell and learn from the pane's
//! output stream when it finished and with what status. The typed wrapper prints reports
//! (`ESC ] 6973 ; … BEL`, see `tmux::lines`) that tmux never shows: one before the command, one
//! with its status after it, and one from an EXIT trap if the command ends the shell. Each
//! carries a per-call nonce, so no other command's output can end this call; the typed line
//! holds the report only as the escaped `\033`, so its echo is never taken for one.

use std::time::{Duration, Instant};

use crate::catalog::{ErrorKind, ToolError, ToolId, run_shell_command};
use crate::handlers::context::{CallContext, R, Tools, seconds};
use crate::handlers::watch::{Watch, Woke};
use crate::handlers::{rows, typing};
use crate::sync::lock;
use tmux::feed::Feed;
use tmux::process::{self, Prompt};
use tmux::{Command, REPORT_OSC, SEPARATOR, Verb, row_format};

/// How often a running command's pane is checked when tmux said nothing of it (a pane kept
/// after its shell exits changes no layout): the reply comes within this of the shell ending.
const LIVENESS_EVERY: Duration = Duration::from_millis(250);

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
                "{pane} is already running a command from this server; wait for it to finish (or interrupt it with {} C-c) and retry",
                ToolId::SendKeys.name()
            ),
        ));
    }
    running.push(pane.to_owned());
    Ok(Reservation {
        tools: t,
        pane: pane.to_owned(),
    })
}

/// The line typed into the shell: an EXIT trap reports the status of a command that ends the
/// shell (`exit 3`), then keeps the terminal open a moment, because tmux 3.3a drops output it
/// has not yet written to control clients once a pane's terminal closes (control.c,
/// `control_write_pending`); `trap : 2` keeps an interrupted command (Ctrl-C) from abandoning
/// the report after it; both traps are reset afterwards.
fn wrapper(id: &str, command: &str, suppress_history: bool) -> String {
    // A leading space keeps the line out of history where the shell honours that; bash also
    // forgets it explicitly.
    let forget = if suppress_history {
        " [ -n \"$BASH_VERSION\" ] && history -d -1 2>/dev/null;"
    } else {
        ""
    };
    let osc = REPORT_OSC;
    format!(
        "{forget}trap 'printf \"\\33]{osc};{id};x$?\\a\";sleep .2' 0;trap : 2;{{ printf '\\33]{osc};\\a';{command}\n}};printf \"\\33]{osc};{id};$?\\a\";trap - 0 2"
    )
}

/// What the reports (`T`: a [`Report`](tmux::journal::Report), or its body alone) of call `id`
/// said.
struct Reports<T> {
    begin: Option<T>,
    end: Option<(T, i64)>,
    /// The shell itself is ending, with this status.
    exited: bool,
}

fn read_reports<T>(reports: Vec<T>, body: impl Fn(&T) -> &str, id: &str) -> Reports<T> {
    let mut out = Reports {
        begin: None,
        end: None,
        exited: false,
    };
    for report in reports {
        // The begin report carries no nonce: nothing else can print before the command runs.
        let rest = match body(&report).strip_prefix(id) {
            Some(rest) => rest,
            None if body(&report).is_empty() => "",
            None => continue,
        };
        match rest.strip_prefix(';') {
            None if rest.is_empty() => {
                out.begin.get_or_insert(report);
            }
            Some(status) if out.end.is_none() => {
                let (exited, status) = match status.strip_prefix('x') {
                    Some(s) => (true, s),
                    None => (false, status),
                };
                if let Ok(n) = status.parse() {
                    out.exited = exited;
                    out.end = Some((report, n));
                }
            }
            _ => {}
        }
    }
    out
}

impl run_shell_command::Handle for Tools {
    async fn run_shell_command(
        t: &Tools,
        cx: &CallContext,
        a: run_shell_command::Args,
    ) -> R<run_shell_command::Output> {
        use run_shell_command::Outcome;
        let secs = seconds(a.seconds);
        let started = Instant::now();
        let _held = reserve(t, &a.pane)?;
        let shell = match at_prompt(t, &a.pane).await? {
            Ok(shell) => shell,
            Err(why) => {
                return Err(ToolError::new(
                    ErrorKind::Refused,
                    format!("nothing was typed into {}: {why}", a.pane),
                ));
            }
        };

        let id = tmux::nonce::nonce()[..10].to_owned();
        let line = wrapper(&id, &a.command, a.suppress_history);
        // at_prompt read the pane through typing::receiver, which noted its agent's turn
        // count: typing::mark would read it again.
        let (journal, from) = t.tmux.follow(&a.pane).await?;
        typing::mark_followed(&a.pane, &journal, from, &line);
        t.tmux
            .run(
                Command::new(Verb::SendKeys)
                    .target(&a.pane)?
                    .flag("-l")
                    .flag("--")
                    .arg(line.as_str())?
                    .then(Command::new(Verb::SendKeys).target(&a.pane)?.flag("Enter")),
            )
            .await?;

        let feed = Feed::new(from);
        let mut watch = Watch::new(
            t,
            cx,
            ToolId::RunShellCommand,
            &a.pane,
            journal.clone(),
            started,
            secs,
            LIVENESS_EVERY,
        );
        let (reports, outcome) = loop {
            watch.look();
            let reports = read_reports(feed.reports(&journal), |r| &r.body, &id);
            if reports.end.is_some() {
                let outcome = if reports.exited {
                    Outcome::PaneClosed
                } else {
                    Outcome::Completed
                };
                break (reports, outcome);
            }
            let doing = |ran: f64| format!("{} has run {ran:.0}s of {secs}s", a.pane);
            match watch.next(None, doing).await? {
                // The shell the command was typed into is gone while the pane lives: it was
                // respawned (`respawn-pane -k`), and nothing will report.
                Woke::Output | Woke::Timer if process::ended(shell) => {
                    let outcome = if respawned(t, &a.pane, shell).await {
                        Outcome::ShellReplaced
                    } else {
                        Outcome::PaneClosed
                    };
                    t.tmux.drain(&a.pane).await;
                    let reports = read_reports(feed.reports(&journal), |r| &r.body, &id);
                    break (reports, outcome);
                }
                Woke::Output | Woke::Timer => {}
                Woke::Deadline => break (reports, Outcome::TimedOut),
                Woke::Closed => {
                    let reports = read_reports(feed.reports(&journal), |r| &r.body, &id);
                    break (reports, Outcome::PaneClosed);
                }
            }
        };

        let exit_status = reports.end.as_ref().map(|(_, n)| *n);
        // A command ran when it reported its end, or runs still: its output is read from after
        // its typed line when the report of its start was lost. Otherwise nothing ran.
        let ran = reports.end.is_some() || outcome == Outcome::TimedOut;
        let between = feed.printed(
            &journal,
            reports.begin.as_ref(),
            reports.end.as_ref().map(|(end, _)| end),
            ran.then_some(id.as_str()),
        );
        let max_bytes = usize::try_from(a.max_bytes).unwrap_or(usize::MAX);
        let printed = between.lines.join("\n");
        let m = t.masker.mask(&printed);
        let shaped = crate::handlers::text::shape_lines(
            m.text.split('\n').collect(),
            Some(a.max_lines),
            max_bytes,
        );
        // Bytes printed beyond what is returned, and its newlines: a cut line counts too.
        // Markers are not the length of what they replace; that difference is no cut.
        let returned = shaped.text.len() as i64 + printed.len() as i64 - m.text.len() as i64;
        let cut = between.dropped
            || shaped.lines < between.printed_lines as i64
            || between.printed_bytes as i64 > returned + between.printed_lines as i64;
        Ok(run_shell_command::Output {
            pane: a.pane,
            timed_out: outcome == Outcome::TimedOut,
            outcome,
            exit_status,
            seconds: secs,
            elapsed_ms: started.elapsed().as_millis() as i64,
            output: shaped.text,
            output_lines: between.printed_lines as i64,
            output_bytes: between.printed_bytes as i64,
            truncated: cut || shaped.truncated,
            masked: m.count as i64,
        })
    }
}

/// `Ok` with its pid when the pane's own process is a shell at its prompt: a known shell,
/// interactive (no script or `-c` in its arguments), and itself the terminal's foreground
/// process group. Otherwise `Err` with why not, in words for the agent.
async fn at_prompt(t: &Tools, pane: &str) -> R<Result<i64, String>> {
    Ok(match typing::receiver(t, pane).await? {
        Err(why) => Err(why),
        Ok(r) if r.alternate => {
            Err("a full-screen program is running in it; quit it first".to_owned())
        }
        Ok(r) => shell_in_foreground(started(r.pid).await),
    })
}

/// Whether `pane` lives with another process than `shell`, which ended: it was respawned
/// (rather than closed, or kept dead by remain-on-exit).
async fn respawned(t: &Tools, pane: &str, shell: i64) -> bool {
    let Ok(ask) = rows::display(pane, row_format(&["pane_dead", "pane_pid"])) else {
        return false;
    };
    let row = t.tmux.run(ask).await.unwrap_or_default();
    let mut fields = row.trim().split(SEPARATOR);
    fields.next() == Some("0") && fields.next().is_some_and(|pid| pid != shell.to_string())
}

/// How long a pane just made may take to start its program.
const PROGRAM_START: Duration = Duration::from_secs(5);

/// What the pane's own process `pid` is doing, once it runs the pane's program: a pane made
/// a moment ago is still tmux's fork (`Prompt::Starting`).
async fn started(pid: i64) -> (i64, Prompt) {
    let until = Instant::now() + PROGRAM_START;
    loop {
        match process::prompt(pid) {
            Prompt::Starting if Instant::now() < until => {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            prompt => return (pid, prompt),
        }
    }
}

/// Why the pane's own process `pid` is not a shell at its prompt (`prompt` says what it is
/// doing), in words for the agent.
fn shell_in_foreground((pid, prompt): (i64, Prompt)) -> Result<i64, String> {
    match prompt {
        Prompt::AtPrompt => Ok(pid),
        Prompt::Starting => Err(format!(
            "its program did not start within {} s of the pane being made",
            PROGRAM_START.as_secs()
        )),
        Prompt::NotAShell(name) => Err(format!(
            "it is running {name:?}, not a shell this server knows ({})",
            process::SHELLS.join(", ")
        )),
        Prompt::Scripted(name) => Err(format!(
            "its {name} runs a script or a -c command, not an interactive prompt"
        )),
        Prompt::Busy { shell, foreground } => Err(format!(
            "its {shell} is not at its prompt: another program (process group {foreground}) has the terminal; {} C-c or wait for it to finish",
            ToolId::SendKeys.name()
        )),
        Prompt::Unknown => Err(format!(
            "cannot tell whether its shell (pid {pid}) is at its prompt: nothing can be read of the process"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_typed_line_is_short_and_never_holds_a_report() {
        let line = wrapper("0123456789", "echo 'x'", false);
        assert!(!line.contains('\x1b'), "{line}");
        assert!(
            line.contains("printf '\\33]6973;\\a';echo 'x'\n}"),
            "{line}"
        );
        assert!(
            line.len() - "echo 'x'".len() <= 135,
            "{} characters beyond the command",
            line.len() - "echo 'x'".len()
        );
        assert!(wrapper("a", "ls", true).starts_with(" [ -n"));
    }

    #[test]
    fn reports_of_other_calls_are_ignored() {
        let r = read_reports(vec!["other;0", "", "k;x3", "k;0"], |b| b, "k");
        assert!(r.begin.is_some());
        assert_eq!(r.end.map(|(_, n)| n), Some(3));
        assert!(r.exited);
    }

    #[test]
    fn this_test_process_is_not_a_shell_at_a_prompt() {
        let me = std::process::id() as i64;
        let said = |pid| shell_in_foreground((pid, process::prompt(pid))).unwrap_err();
        assert!(said(me).contains("not a shell"));
        assert!(said(i64::MAX).contains("nothing can be read"));
    }
}
