//! wait_for_text: block until new output in a pane matches, event-driven by a control-mode
//! client's `%output` stream (no screen polling), so it reacts within milliseconds.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use regex::Regex;

use super::content::matcher;
use super::stream::LineAssembler;
use super::{CallContext, Tools, cancelled, progress_ticker, seconds};
use crate::catalog::{ErrorKind, ToolError, wait_for_text};
use crate::tmux::{Event, TmuxErrorKind};

type R<T> = Result<T, ToolError>;

const MAX_PATTERN_BYTES: usize = 16 << 10;
const MAX_LINE_CHARS: usize = 1_024;

pub async fn wait_for_text(
    t: &Tools,
    cx: &CallContext,
    a: wait_for_text::Args,
) -> R<wait_for_text::Output> {
    use wait_for_text::Outcome;
    let secs = seconds(a.seconds);
    let started = Instant::now();
    let patterns = a.patterns.unwrap_or_default();
    let stops = a.stop.unwrap_or_default();
    let total: usize = patterns.iter().chain(&stops).map(String::len).sum();
    if total > MAX_PATTERN_BYTES {
        return Err(ToolError::new(
            ErrorKind::InvalidInput,
            format!("patterns and stop hold {total} bytes; at most {MAX_PATTERN_BYTES} in all"),
        ));
    }
    let compile = |list: &[String]| {
        list.iter()
            .map(|p| matcher(p, a.regex, a.match_case))
            .collect::<R<Vec<Regex>>>()
    };
    let (wanted, stop) = (compile(&patterns)?, compile(&stops)?);

    t.tmux.run(&["has-session", "-t", &a.pane]).await?;
    let mut watch = t.tmux.watch(&a.pane).await?;
    let deadline = tokio::time::Instant::from_std(started + Duration::from_secs(secs as u64));
    let mut lines = LineAssembler::default();
    let mut echoed: HashSet<(Instant, usize)> = HashSet::new();
    let mut last_partial = String::new();
    let mut progress = progress_ticker();

    let finish =
        |outcome: Outcome, pattern: Option<String>, line: Option<String>| wait_for_text::Output {
            pane: a.pane.clone(),
            outcome,
            pattern,
            line: line.map(|l| l.chars().take(MAX_LINE_CHARS).collect()),
            seconds: secs,
            elapsed_ms: started.elapsed().as_millis() as i64,
        };
    loop {
        tokio::select! {
            event = watch.next() => match event {
                Some(Event::Output { pane, bytes }) if pane == a.pane => {
                    let mut candidates: Vec<(String, bool)> = lines.push(&bytes).into_iter().map(|l| (l, true)).collect();
                    let partial = lines.partial();
                    if !partial.is_empty() && partial != last_partial {
                        candidates.push((partial.clone(), false));
                    }
                    last_partial = partial;
                    for (raw, complete) in candidates {
                        let line = discount_echo(t, &a.pane, started, &mut echoed, &raw, complete);
                        if let Some(i) = stop.iter().position(|re| re.is_match(&line)) {
                            return Ok(finish(Outcome::Stopped, Some(stops[i].clone()), Some(line)));
                        }
                        if wanted.is_empty() && !line.trim().is_empty() {
                            return Ok(finish(Outcome::Matched, None, Some(line)));
                        }
                        if let Some(i) = wanted.iter().position(|re| re.is_match(&line)) {
                            return Ok(finish(Outcome::Matched, Some(patterns[i].clone()), Some(line)));
                        }
                    }
                }
                Some(Event::Closing) | None => {
                    match t.tmux.run(&["has-session", "-t", &a.pane]).await {
                        Err(e) if e.kind == TmuxErrorKind::ObjectGone => return Ok(finish(Outcome::PaneClosed, None, None)),
                        Err(e) => return Err(e.into()),
                        Ok(_) if watch.ended() => {
                            // Detached while the pane lives on (its window moved, say): watch again.
                            tokio::time::sleep(Duration::from_millis(50)).await;
                            watch = t.tmux.watch(&a.pane).await?;
                        }
                        Ok(_) => {}
                    }
                }
                Some(_) => {}
            },
            () = tokio::time::sleep_until(deadline) => return Ok(finish(Outcome::Deadline, None, None)),
            () = cx.cancel.cancelled() => return Err(cancelled("wait_for_text")),
            _ = progress.tick() => {
                let waited = started.elapsed().as_secs_f64();
                cx.progress(waited, secs as f64, format!("waiting {waited:.0}s of {secs}s for output in {}", a.pane)).await;
            }
        }
    }
}

/// Removes from `line` the echo of text this server typed into the pane: a whole typed line
/// (each once), or on a line still being written, the start of one that is being echoed.
fn discount_echo(
    t: &Tools,
    pane: &str,
    since: Instant,
    used: &mut HashSet<(Instant, usize)>,
    line: &str,
    complete: bool,
) -> String {
    let mut line = line.to_owned();
    for (key, typed) in t.echo.lines(pane, since) {
        if used.contains(&key) {
            continue;
        }
        if let Some(at) = line.find(typed.as_str()) {
            line.replace_range(at..at + typed.len(), "");
            if complete {
                used.insert(key);
            }
        } else if !complete {
            let echoed = (1..typed.len())
                .rev()
                .filter(|&n| typed.is_char_boundary(n))
                .find(|&n| line.ends_with(&typed[..n]));
            if let Some(n) = echoed {
                line.truncate(line.len() - n);
            }
        }
    }
    line
}
