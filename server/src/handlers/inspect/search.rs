//! The inspect tool that searches panes' text: search_panes.

use std::time::{Duration, Instant};

use regex::Regex;

use crate::catalog::{ErrorKind, ToolError, search_panes};
use crate::handlers::context::{CallContext, R, Tools};
use crate::handlers::text::{capture, matcher};
use tmux::{Command, Fields, Outputs, Script, Verb, row_format, session_target};
use tmux_mcp_runtime::mask::Masker;

const SEARCH_PANES: usize = 64;
const SEARCH_HISTORY_LINES: i64 = 8_192;
const SEARCH_MATCHES: usize = 200;
const SEARCH_TIME: Duration = Duration::from_secs(2);
const MATCH_LINE_CHARS: usize = 1_024;

impl search_panes::Handle for Tools {
    async fn search_panes(
        t: &Tools,
        cx: &CallContext,
        a: search_panes::Args,
    ) -> R<search_panes::Output> {
        use search_panes::LimitsHitItem as Limit;
        let re = matcher(&a.pattern, a.regex, a.match_case)?;
        let list = Command::new(Verb::ListPanes);
        let list = match (&a.session, &a.window) {
            (Some(_), Some(_)) => {
                return Err(ToolError::new(
                    ErrorKind::InvalidInput,
                    "give session or window, not both",
                ));
            }
            (Some(s), None) => list.flag("-s").target(&session_target(s))?,
            (None, Some(w)) => list.target(w)?,
            (None, None) => list.flag("-a"),
        };
        let mut panes: Vec<String> = Vec::new();
        for id in t
            .tmux
            .run(list.flag("-F").flag("#{pane_id}"))
            .await?
            .lines()
        {
            if !id.is_empty() && !panes.iter().any(|p| p == id) {
                panes.push(id.to_owned());
            }
        }
        let mut limits = Vec::new();
        if panes.len() > SEARCH_PANES {
            panes.truncate(SEARCH_PANES);
            limits.push(Limit::Panes);
        }
        // One round trip: a row naming each pane, then its capture.
        let mut script: Option<Script> = None;
        for pane in &panes {
            let row = Command::new(Verb::DisplayMessage)
                .flag("-p")
                .target(pane)?
                .format(row_format(&["pane_id", "pane_height", "history_size"]));
            let read = match script {
                None => Script::from(row),
                Some(s) => s.then(row),
            };
            script = Some(read.then(capture(
                pane,
                a.history,
                None,
                None,
                Some(SEARCH_HISTORY_LINES),
            )?));
        }
        let out = match script {
            None => Outputs::default(),
            Some(script) => t.tmux.run_each(script).await?,
        };
        // Matching is CPU work of up to SEARCH_TIME: it runs beside the runtime's thread, so other
        // calls, cancellations and progress go on meanwhile; a cancelled call stops it.
        let cancel = cx.cancel.clone();
        let history = a.history;
        let masker = t.masker.clone();
        let (matches, searched, limits, masked) = tokio::task::spawn_blocking(move || {
            scan(&out, &re, &masker, history, limits, || {
                cancel.is_cancelled()
            })
        })
        .await
        .map_err(|e| ToolError::new(ErrorKind::Internal, format!("the search stopped: {e}")))??;
        Ok(search_panes::Output {
            matches,
            panes_searched: searched,
            limits_hit: limits,
            masked: masked as i64,
        })
    }
}

/// Matches `re` against the captures in `out` (each after the row naming its pane),
/// masked first so that a search cannot probe for a secret, within [`SEARCH_TIME`] and
/// [`SEARCH_MATCHES`], until `cancelled`. Also says how many spans were masked.
fn scan(
    out: &Outputs,
    re: &Regex,
    masker: &Masker,
    with_history: bool,
    mut limits: Vec<search_panes::LimitsHitItem>,
    cancelled: impl Fn() -> bool,
) -> R<(
    Vec<search_panes::MatchesItem>,
    i64,
    Vec<search_panes::LimitsHitItem>,
    usize,
)> {
    use search_panes::LimitsHitItem as Limit;
    let started = Instant::now();
    let mut matches = Vec::new();
    let (mut searched, mut masked) = (0, 0);
    let parts: Vec<&str> = out.iter().collect();
    for pair in parts.chunks(2) {
        let head = pair[0].trim_end_matches('\n');
        let body = pair.get(1).copied().unwrap_or_default();
        let mut f = Fields::new(head, 3);
        let (pane, height, history) = (f.text()?, f.int()?, f.int()?);
        if with_history && history > SEARCH_HISTORY_LINES && !limits.contains(&Limit::Lines) {
            limits.push(Limit::Lines);
        }
        searched += 1;
        let body = masker.mask(body);
        masked += body.count;
        let lines: Vec<&str> = body.text.lines().collect();
        // The last `height` lines are the screen (0 = its top); lines above it are scrollback.
        let top = lines.len() as i64 - height;
        for (i, line) in lines.iter().enumerate() {
            if i % 256 == 0 && (started.elapsed() > SEARCH_TIME || cancelled()) {
                limits.push(Limit::Time);
                break;
            }
            if re.is_match(line) {
                if matches.len() == SEARCH_MATCHES {
                    limits.push(Limit::Matches);
                    break;
                }
                let text: String = line.trim_end().chars().take(MATCH_LINE_CHARS).collect();
                matches.push(search_panes::MatchesItem {
                    pane: pane.clone(),
                    line: i as i64 - top,
                    text,
                });
            }
        }
        if limits
            .iter()
            .any(|l| matches!(l, Limit::Time | Limit::Matches))
        {
            break;
        }
    }
    Ok((matches, searched, limits, masked))
}
