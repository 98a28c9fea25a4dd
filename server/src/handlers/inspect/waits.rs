//! The inspect tools that wait: wait_for_text (until a pane's output matches), wait_for_quiet
//! (until it stops changing) and wait_for_agent (until an agent reports it is done or asks).
//! Each reads the pane's journal, fed by its session's output stream, so output printed
//! between an input and the wait still counts; no screen polling.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use futures::stream::{FuturesUnordered, StreamExt};

use crate::catalog::types::{AgentState, AgentStateSource};
use crate::catalog::{ErrorKind, ToolError, ToolId, wait_for_agent, wait_for_quiet, wait_for_text};
use crate::handlers::agent_screens::{self, Cli};
use crate::handlers::context::{CallContext, R, Tools, progress_ticker, seconds};
use crate::handlers::reports::report;
use crate::handlers::rows;
use crate::handlers::watch::{
    LIVENESS_EVERY, LineMatcher, MAX_LINE_CHARS, Scan, Subject, Watch, Woke, begin,
};
use crate::sync::lock;
use tmux::{Command, Fields, Journal, TmuxError, TmuxErrorKind, Verb, row_format};

const MAX_PATTERN_BYTES: usize = 16 << 10;

impl wait_for_text::Handle for Tools {
    async fn wait_for_text(
        t: &Tools,
        cx: &CallContext,
        a: wait_for_text::Args,
    ) -> R<wait_for_text::Output> {
        use wait_for_text::Outcome;
        let secs = seconds(a.seconds);
        let started = Instant::now();
        let patterns = a.patterns.clone().unwrap_or_default();
        let stops = a.stop.clone().unwrap_or_default();
        let total: usize = patterns.iter().chain(&stops).map(String::len).sum();
        if total > MAX_PATTERN_BYTES {
            return Err(ToolError::new(
                ErrorKind::InvalidInput,
                format!("patterns and stop hold {total} bytes; at most {MAX_PATTERN_BYTES} in all"),
            ));
        }
        let compile = |list: &[String]| {
            list.iter()
                .map(|p| LineMatcher::new(p, a.regex, a.match_case))
                .collect::<R<Vec<LineMatcher>>>()
        };
        let (wanted, stop) = (compile(&patterns)?, compile(&stops)?);

        let (mut watch, mut scan) = begin(
            t,
            cx,
            ToolId::WaitForText,
            &a.pane,
            &a.since,
            (started, secs),
        )
        .await?;
        let journal = watch.journal().clone();
        let mut first_pass = true;
        let mut closed = false;

        let finish = |outcome: Outcome,
                      pattern: Option<String>,
                      line: Option<String>,
                      already_present: bool,
                      on_screen: Option<bool>,
                      masked: i64| wait_for_text::Output {
            pane: a.pane.clone(),
            masked,
            outcome,
            pattern,
            line: line.map(|l| l.chars().take(MAX_LINE_CHARS).collect()),
            already_present,
            on_screen,
            seconds: secs,
            elapsed_ms: started.elapsed().as_millis() as i64,
        };
        loop {
            watch.look();
            for line in scan.next(&journal) {
                let subject = Subject::new(&line);
                if let Some(i) = stop.iter().position(|re| re.is_match(&subject)) {
                    return Ok(finish(
                        Outcome::Stopped,
                        Some(stops[i].clone()),
                        Some(line),
                        first_pass,
                        None,
                        scan.masked(),
                    ));
                }
                let hit = if wanted.is_empty() {
                    (!line.trim().is_empty()).then_some(None)
                } else {
                    wanted
                        .iter()
                        .position(|re| re.is_match(&subject))
                        .map(|i| Some(patterns[i].clone()))
                };
                if let Some(pattern) = hit {
                    return Ok(finish(
                        Outcome::Matched,
                        pattern,
                        Some(line),
                        first_pass,
                        None,
                        scan.masked(),
                    ));
                }
            }
            if closed {
                return Ok(finish(
                    Outcome::PaneClosed,
                    None,
                    None,
                    false,
                    None,
                    scan.masked(),
                ));
            }
            first_pass = false;
            let doing =
                |waited: f64| format!("waiting {waited:.0}s of {secs}s for output in {}", a.pane);
            match watch.next(None, doing).await? {
                Woke::Output | Woke::Timer => {}
                // What the pane printed before it went is still looked at, once.
                Woke::Closed => closed = true,
                Woke::Deadline => {
                    let on_screen = on_screen(t, &a.pane, &wanted).await;
                    return Ok(finish(
                        Outcome::Deadline,
                        None,
                        None,
                        false,
                        on_screen,
                        scan.masked(),
                    ));
                }
            }
        }
    }
}

/// At a deadline: whether any pattern matches a line of the visible screen (`None` without
/// patterns, or when the screen cannot be read).
async fn on_screen(t: &Tools, pane: &str, wanted: &[LineMatcher]) -> Option<bool> {
    if wanted.is_empty() {
        return None;
    }
    let screen = t
        .tmux
        .run(
            Command::new(Verb::CapturePane)
                .flag("-p")
                .flag("-J")
                .target(pane)
                .ok()?,
        )
        .await
        .ok()?;
    Some(t.masker.mask(&screen).text.lines().any(|l| {
        let subject = Subject::new(l);
        wanted.iter().any(|re| re.is_match(&subject))
    }))
}

impl wait_for_quiet::Handle for Tools {
    async fn wait_for_quiet(
        t: &Tools,
        cx: &CallContext,
        a: wait_for_quiet::Args,
    ) -> Result<wait_for_quiet::Output, ToolError> {
        use wait_for_quiet::Outcome;
        let secs = seconds(a.seconds);
        let quiet = Duration::from_millis(a.quiet_ms.clamp(100, 60_000) as u64);
        let started = Instant::now();
        let (mut watch, mut scan) = begin(
            t,
            cx,
            ToolId::WaitForQuiet,
            &a.pane,
            &a.since,
            (started, secs),
        )
        .await?;
        let journal = watch.journal().clone();
        let mut printed = Printed::default();
        let finish = |outcome: Outcome, printed: Printed, masked: i64| wait_for_quiet::Output {
            pane: a.pane.clone(),
            masked,
            outcome,
            line: printed
                .line
                .map(|line| line.chars().take(MAX_LINE_CHARS).collect()),
            seconds: secs,
            elapsed_ms: started.elapsed().as_millis() as i64,
        };
        loop {
            watch.look();
            printed.take(&mut scan, &journal);
            let doing =
                |waited: f64| format!("waiting {waited:.0}s of {secs}s for {} to go quiet", a.pane);
            let until = printed.at.map(|at| silent_since(at, &journal) + quiet);
            match watch.next(until, doing).await? {
                Woke::Output => {}
                // Output may have come as the timer fired: quiet only if still silent.
                Woke::Timer => {
                    printed.take(&mut scan, &journal);
                    let now = tokio::time::Instant::now();
                    if printed
                        .at
                        .is_some_and(|at| silent_since(at, &journal) + quiet <= now)
                    {
                        return Ok(finish(Outcome::Quiet, printed, scan.masked()));
                    }
                }
                Woke::Deadline => return Ok(finish(Outcome::Deadline, printed, scan.masked())),
                Woke::Closed => {
                    printed.take(&mut scan, &journal);
                    return Ok(finish(Outcome::PaneClosed, printed, scan.masked()));
                }
            }
        }
    }
}

/// Silence counts from the later of the pane's last printing (`printed`) and the last change
/// of what it shows at all (a prompt drawn again as it was, say): a pane found quiet has been
/// idle ([`Journal::idle`], a pane's `idle_ms`) at least as long.
fn silent_since(printed: tokio::time::Instant, journal: &Journal) -> tokio::time::Instant {
    journal.last_text().map_or(printed, |last| {
        printed.max(tokio::time::Instant::from_std(last))
    })
}

/// What the pane printed since the wait's start.
#[derive(Default)]
struct Printed {
    /// When the pane last printed text after `since` (before the call, perhaps): silence
    /// counts from there.
    at: Option<tokio::time::Instant>,
    /// Whether the pane's journal was read once already.
    looked: bool,
    /// The newest line that is not blank.
    line: Option<String>,
}

impl Printed {
    /// Takes what the pane printed since the scan last looked.
    fn take(&mut self, scan: &mut Scan, journal: &Journal) {
        // A line whose text was all echo (or empty) is nothing printed.
        let new: Vec<String> = scan
            .next(journal)
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect();
        let looked = std::mem::replace(&mut self.looked, true);
        // Where the screen is modelled, printing is what it shows changing: rows with new
        // text, wherever drawn (a spinner that changes is printing, one redrawn the same is
        // not), and the line is the lowest such row as shown. Complete lines the journal took
        // count too: output that repeats what the screen showed at the input (`echo hi` again)
        // changes no row to new text, yet it was printed. Not the line being written, which
        // text drawn over itself by cursor moves lengthens without printing anything new.
        let new = match &scan.screen {
            Some(look) => {
                // The line is the lowest new row as the screen shows it now, even when this
                // look only took a row away.
                if look.last.is_some() {
                    self.line = look.last.clone();
                }
                match (look.changed, scan.completed) {
                    (true, _) => look.last.clone().into_iter().collect(),
                    (false, 0) => return,
                    (false, _) => new,
                }
            }
            None if new.is_empty() => return,
            None => new,
        };
        let now = tokio::time::Instant::now();
        // The first look reads what came before the call: its silence began at the journal's
        // last text. Later looks come as text arrives (a redraw of the same text is no change).
        self.at = Some(match (looked, journal.last_text()) {
            (false, Some(last)) => tokio::time::Instant::from_std(last).min(now),
            _ => now,
        });
        if let Some(line) = new.into_iter().rfind(|l| !l.trim().is_empty()) {
            self.line = Some(line);
        }
    }
}

type Report = crate::handlers::reports::Report;

/// How one pane's part of a `wait_for_agent` ended.
struct Ended {
    outcome: wait_for_agent::Outcome,
    report: Report,
    source: Option<AgentStateSource>,
    why: Option<String>,
}

impl Ended {
    /// Ended as the agent's hooks report: the report's source is the hooks.
    fn hooks(outcome: wait_for_agent::Outcome, report: Report, why: Option<String>) -> Ended {
        Ended {
            outcome,
            report,
            source: report.0.map(|_| AgentStateSource::Hooks),
            why,
        }
    }
}

impl wait_for_agent::Handle for Tools {
    async fn wait_for_agent(
        t: &Tools,
        cx: &CallContext,
        a: wait_for_agent::Args,
    ) -> Result<wait_for_agent::Output, ToolError> {
        use wait_for_agent::{Outcome, Reported};
        let secs = seconds(a.seconds);
        let started = Instant::now();
        let mut panes = vec![a.pane];
        for pane in a.panes.unwrap_or_default() {
            if !panes.contains(&pane) {
                panes.push(pane);
            }
        }
        let several = panes.len() > 1;
        // Each pane's option is read on its own; over many panes, each less often (at most a
        // read a second each, tmux's own pace), so that the reads stay about 20 a second.
        let look = (LOOK_EVERY * panes.len() as u32).min(Duration::from_secs(1));
        // The panes' waits report no progress: this one does, for them all.
        let each = cx.without_progress();
        let shown: Vec<Mutex<Option<Screen>>> = panes.iter().map(|_| Mutex::default()).collect();
        let mut pending: FuturesUnordered<_> = panes
            .iter()
            .zip(&shown)
            .enumerate()
            .map(|(i, (pane, shown))| {
                let each = &each;
                let span = (started, secs);
                async move {
                    (
                        i,
                        agent_turn(t, each, pane, span, look, several, shown).await,
                    )
                }
            })
            .collect();
        let mut ended: Vec<Option<Ended>> = panes.iter().map(|_| None).collect();
        let mut order = Vec::new();
        let mut progress = progress_ticker();
        loop {
            tokio::select! {
                next = pending.next() => {
                    let Some((i, result)) = next else { break };
                    let end = result?;
                    let answered = matches!(end.outcome, Outcome::Idle | Outcome::Asking);
                    ended[i] = Some(end);
                    order.push(i);
                    if answered && !a.all {
                        break;
                    }
                }
                _ = progress.tick() => {
                    let ran = started.elapsed().as_secs_f64();
                    let done = ended.iter().filter(|e| e.is_some()).count();
                    let doing = if several {
                        format!("waiting {ran:.0}s of {secs}s for {} agents ({done} done)", panes.len())
                    } else {
                        format!("waiting {ran:.0}s of {secs}s for {}'s agent", panes[0])
                    };
                    cx.progress(ran, secs as f64, doing).await;
                }
            }
        }
        drop(pending);
        // The wait ended at the deadline on the first pane still waiting; else on the last
        // pane that answered; else, every pane closed, on the last to close.
        let is = |i: &usize, outcomes: &[Outcome]| {
            ended[*i]
                .as_ref()
                .is_some_and(|e| outcomes.contains(&e.outcome))
        };
        let ender = (0..panes.len())
            .find(|i| is(i, &[Outcome::Deadline]))
            .or_else(|| {
                order
                    .iter()
                    .rev()
                    .copied()
                    .find(|i| is(i, &[Outcome::Idle, Outcome::Asking]))
            })
            .or_else(|| order.last().copied())
            .expect("a wait ends on one of its panes");
        let rows = several.then(|| {
            panes
                .iter()
                .zip(&ended)
                .zip(&shown)
                .map(|((pane, end), shown)| {
                    let (reported, report, source) = match end {
                        Some(e) => (
                            match e.outcome {
                                Outcome::Idle => Reported::Idle,
                                Outcome::Asking => Reported::Asking,
                                Outcome::PaneClosed => Reported::PaneClosed,
                                Outcome::Deadline => Reported::Waiting,
                            },
                            e.report,
                            e.source,
                        ),
                        // Still waiting: what its hooks report, else what its screen said.
                        None => match (t.agents.current(pane), *lock(shown)) {
                            ((None, _), Some((state, source))) => {
                                (Reported::Waiting, (Some(state), None), Some(source))
                            }
                            (current, _) => (
                                Reported::Waiting,
                                current,
                                current.0.map(|_| AgentStateSource::Hooks),
                            ),
                        },
                    };
                    wait_for_agent::PanesItem {
                        pane: pane.clone(),
                        reported,
                        agent_state: report.0,
                        agent_state_ms: report.1,
                        agent_state_source: source,
                    }
                })
                .collect()
        });
        let end = ended[ender]
            .take()
            .expect("the pane that ended the wait ended");
        Ok(wait_for_agent::Output {
            pane: panes[ender].clone(),
            outcome: end.outcome,
            agent_state: end.report.0,
            agent_state_ms: end.report.1,
            agent_state_source: end.source,
            why: end.why,
            elapsed_ms: started.elapsed().as_millis() as i64,
            panes: rows,
        })
    }
}

/// Waits until `pane`'s agent answers the last input: a fresh report of idle or asking, the
/// pane closing, or the deadline. One of `several` panes gone before the wait is one closed.
/// What its screen said last (a drawing it reads) stays in `shown` for a wait that ends on
/// another pane.
async fn agent_turn(
    t: &Tools,
    cx: &CallContext,
    pane: &str,
    (started, secs): (Instant, i64),
    look_every: Duration,
    several: bool,
    shown: &Mutex<Option<Screen>>,
) -> R<Ended> {
    use wait_for_agent::Outcome;
    let closed = || Ended::hooks(Outcome::PaneClosed, t.agents.current(pane), None);
    let journal = match t.tmux.follow(pane).await {
        Ok((journal, _)) => journal,
        Err(e) if several && e.kind == TmuxErrorKind::ObjectGone => return Ok(closed()),
        Err(e) => return Err(e.into()),
    };
    let input = journal.last_input_at();
    let mut watch = Watch::new(
        t,
        cx,
        ToolId::WaitForAgent,
        pane,
        journal.clone(),
        started,
        secs,
        LIVENESS_EVERY,
    );
    let mut changed_since_input = false;
    // Without hooks, a known CLI's screen and title say its state; hooks win when they report.
    // The CLI is known again whenever the pane's program changes.
    let (mut program, mut cli): (Option<Program>, Option<&'static Cli>) = (None, None);
    let (mut screen, mut looked, mut held) = (None, None, None);
    let mut worked = false;
    loop {
        // The option is read at every look, in order with every other read of it, so the
        // states seen follow one another as tmux held them. The pane is looked at once a look
        // at most (its program, and its screen where hooks report nothing and it runs a known
        // CLI, or the first look, before the program is known), not at every frame a spinner
        // draws.
        let due = looked.is_none_or(|at: Instant| at.elapsed() >= look_every);
        let screen_due =
            due && (program.is_none() || cli.is_some()) && t.agents.current(pane).0.is_none();
        if due {
            looked = Some(Instant::now());
            let look = match Look::read(t, pane, screen_due).await {
                Ok(look) => look,
                Err(e) if e.kind == TmuxErrorKind::ObjectGone => return Ok(closed()),
                Err(e) => return Err(e.into()),
            };
            // Another program took the pane: nothing seen of the one before counts.
            if program != Some(look.program.clone()) {
                cli = look.program.0.and_then(agent_screens::of_pane);
                (worked, held, screen) = (false, None, None);
                *lock(shown) = None;
                program = Some(look.program.clone());
            }
            {
                let seen = t.agents.observe_at(pane, &look.option.0);
                // A report from before this server's last input to the pane answers something
                // earlier: only one seen to change since then counts, or one whose hooks
                // counted a turn finished since (a turn shorter than a look changes no state).
                let fresh = input.is_none_or(|i| seen.changed && seen.since >= i)
                    || t.agents.turned_since_input(pane, &look.option.1) == Some(true);
                changed_since_input |= fresh;
                let outcome = match seen.state {
                    Some(AgentState::Idle) if fresh => Some(Outcome::Idle),
                    Some(AgentState::Asking) if fresh => Some(Outcome::Asking),
                    _ => None,
                };
                if let Some(outcome) = outcome {
                    return Ok(Ended::hooks(outcome, report(seen), None));
                }
            }
            if let (Some(cli), Some(text), None) = (cli, &look.screen, t.agents.current(pane).0) {
                screen = agent_screens::read(cli, text, &look.title);
                if screen.is_some() {
                    *lock(shown) = screen;
                }
                let state = screen.map(|(state, _)| state);
                worked |= state == Some(AgentState::Working);
                // Idle or asking only once two looks at least HELD apart showed it: a frame
                // caught mid-redraw is not the end of a turn, nor a question just answered
                // one still drawn or still in the title.
                held = match (state, held) {
                    (Some(now), Some((was, since))) if now == was => Some((now, since)),
                    (Some(now), _) => Some((now, Instant::now())),
                    (None, _) => None,
                };
                let steady = held.is_some_and(|(_, since)| since.elapsed() >= HELD);
                // What the screen shows answers the last input once the agent was seen
                // working since; or, for a turn over between two looks, once the pane printed
                // since the input and, to be idle, has printed nothing for a while (every CLI
                // of the table animates while it works, and draws that within 1.5 s of the
                // input).
                let printed = journal.last_text();
                let answered = input.is_none_or(|i| printed.is_some_and(|at| at >= i));
                let settled = printed.is_none_or(|at| at.elapsed() >= SCREEN_SETTLE);
                let outcome = match state {
                    Some(AgentState::Asking) if steady && (worked || answered) => {
                        Some(Outcome::Asking)
                    }
                    Some(AgentState::Idle) if steady && (worked || (answered && settled)) => {
                        Some(Outcome::Idle)
                    }
                    _ => None,
                };
                if let (Some(outcome), Some((state, source))) = (outcome, screen) {
                    return Ok(Ended {
                        outcome,
                        report: (Some(state), None),
                        source: Some(source),
                        why: None,
                    });
                }
            }
        }
        let doing = |_: f64| String::new();
        match watch
            .next(Some(tokio::time::Instant::now() + look_every), doing)
            .await?
        {
            Woke::Output | Woke::Timer => {}
            Woke::Deadline => {
                let current = t.agents.current(pane);
                let why = deadline_why(t, pane, current.0, changed_since_input);
                let mut end = Ended::hooks(Outcome::Deadline, current, Some(why));
                if let (None, Some((state, source))) = (current.0, screen) {
                    (end.report, end.source) = ((Some(state), None), Some(source));
                    end.why = Some(format!(
                        "the screen of {pane}'s {} says it is {}",
                        cli.map_or("agent", |c| c.name),
                        state.as_str()
                    ));
                }
                return Ok(end);
            }
            Woke::Closed => return Ok(closed()),
        }
    }
}

/// How long a known CLI's screen, showing it idle, must have printed nothing to count as the
/// end of a turn it was not seen working in (each animates while it works, several times a
/// second).
const SCREEN_SETTLE: Duration = Duration::from_secs(2);
/// How long a known CLI's screen must have shown it idle or asking, over two looks at least.
const HELD: Duration = Duration::from_millis(300);

/// A known CLI's state as its screen or title says it.
type Screen = (AgentState, AgentStateSource);

/// What runs in a pane: its own process and the foreground program's name (tmux's
/// `pane_current_command`), which change when another program takes the terminal.
type Program = (Option<i64>, String);

/// What one look at a pane reads, in one round trip.
struct Look {
    /// The agent option and its turn count, as tmux holds them now.
    option: (String, String),
    program: Program,
    title: String,
    /// The screen as the table's patterns read it, where asked for.
    screen: Option<String>,
}

impl Look {
    async fn read(t: &Tools, pane: &str, screen: bool) -> Result<Look, TmuxError> {
        let vars = [
            t.agents.option(),
            t.agents.turn_option(),
            "pane_pid",
            "pane_current_command",
            "pane_title",
        ];
        let mut script = rows::display(pane, row_format(&vars))?;
        if screen {
            script = script.then(agent_screens::capture(pane)?);
        }
        // has-session, display-message, and capture-pane where asked.
        let out = t.tmux.run_each(script).await?;
        let mut f = Fields::new(out.get(1).trim_end_matches('\n'), vars.len());
        Ok(Look {
            option: (f.text()?, f.text()?),
            program: (f.opt_int()?, f.text()?),
            title: f.text()?,
            screen: screen.then(|| out.get(2).to_owned()),
        })
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
