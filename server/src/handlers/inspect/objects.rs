//! Inspect tools that read tmux metadata: listings, info, variables, options, environment, hooks.

use std::collections::HashSet;

use crate::catalog::types::{SessionTree, WindowTree};
use crate::catalog::{
    ErrorKind, ToolError, find_pane_by_position, get_pane_info, get_server_info, get_session_info,
    get_tmux_variables, get_window_info, list_panes, list_sessions, list_windows, show_environment,
    show_hooks, show_option,
};
use crate::handlers::agent_screens;
use crate::handlers::context::{CallContext, R, Tools};
use crate::handlers::pane_reads::PANE_INFO_VARS;
use crate::handlers::rows::{self, SESSION_VARS, WINDOW_VARS, pane_vars, rows};
use tmux::{Command, Fields, Format, Outputs, TmuxError, Verb, row_format, session_target};

/// The tmux command behind `list_sessions`.
pub fn list_sessions_command() -> Command {
    Command::new(Verb::ListSessions)
        .flag("-F")
        .format(rows::session_format())
}

/// `list-windows` or `list-panes` of the whole server, a row of `format` each.
fn list_all(verb: Verb, format: Format) -> Command {
    Command::new(verb).flag("-a").flag("-F").format(format)
}

impl list_sessions::Handle for Tools {
    async fn list_sessions(
        t: &Tools,
        _: &CallContext,
        _: list_sessions::Args,
    ) -> R<list_sessions::Output> {
        let out = t
            .tmux
            .run(list_sessions_command())
            .await
            .or_else(empty_when_gone)?;
        Ok(list_sessions::Output {
            sessions: rows(&out, SESSION_VARS.len(), rows::session)?,
        })
    }
}

impl list_windows::Handle for Tools {
    async fn list_windows(
        t: &Tools,
        _: &CallContext,
        _: list_windows::Args,
    ) -> R<list_windows::Output> {
        let out = t
            .tmux
            .run(list_all(Verb::ListWindows, rows::window_format()))
            .await
            .or_else(empty_when_gone)?;
        Ok(list_windows::Output {
            windows: rows(&out, WINDOW_VARS.len(), rows::window)?,
        })
    }
}

impl list_panes::Handle for Tools {
    async fn list_panes(t: &Tools, _: &CallContext, _: list_panes::Args) -> R<list_panes::Output> {
        let out = t
            .tmux
            .run(list_all(
                Verb::ListPanes,
                rows::pane_format(t.agents.option()),
            ))
            .await
            .or_else(empty_when_gone)?;
        let mut seen = HashSet::new();
        let caller = t.caller_pane().await;
        let fields = pane_vars(t.agents.option()).len();
        let mut panes = rows(&out, fields, |f| rows::pane(f, caller, &t.tmux, &t.agents))?;
        agent_screens::fill(&t.tmux, panes.iter_mut().map(|(p, cli)| (p, *cli))).await;
        t.pane_reads.saw_panes(panes.len());
        // A window linked into several sessions lists its panes once per link.
        Ok(list_panes::Output {
            panes: panes
                .into_iter()
                .map(|(p, _)| p)
                .filter(|p| seen.insert(p.id.clone()))
                .collect(),
        })
    }
}

/// A server with no sessions answers listings with an error; that is an empty list, not a failure.
fn empty_when_gone(e: TmuxError) -> Result<String, TmuxError> {
    if e.message.contains("no sessions") || e.message.contains("no current session") {
        Ok(String::new())
    } else {
        Err(e)
    }
}

impl get_server_info::Handle for Tools {
    async fn get_server_info(
        t: &Tools,
        _: &CallContext,
        _: get_server_info::Args,
    ) -> R<get_server_info::Output> {
        let out = t
            .tmux
            .run_each(
                Command::new(Verb::DisplayMessage)
                    .flag("-p")
                    .format(row_format(&["version", "socket_path"]))
                    .then(
                        Command::new(Verb::ListSessions)
                            .flag("-F")
                            .format(row_format(&SESSION_VARS)),
                    )
                    .then(list_all(Verb::ListWindows, row_format(&WINDOW_VARS)))
                    .then(list_all(
                        Verb::ListPanes,
                        rows::pane_format(t.agents.option()),
                    )),
            )
            .await
            .or_else(|e| empty_when_gone(e).map(|_| Outputs::default()))?;
        let (mut version, mut socket) = (String::new(), String::new());
        if let Some(line) = out.get(0).lines().next() {
            let mut f = Fields::new(line, 2);
            version = f.text()?;
            socket = f.text()?;
        }
        let sessions = rows(out.get(1), SESSION_VARS.len(), rows::session)?;
        let windows = rows(out.get(2), WINDOW_VARS.len(), rows::window)?;
        let caller = t.caller_pane().await;
        let fields = pane_vars(t.agents.option()).len();
        let mut panes = rows(out.get(3), fields, |f| {
            rows::pane(f, caller, &t.tmux, &t.agents)
        })?;
        agent_screens::fill(&t.tmux, panes.iter_mut().map(|(p, cli)| (p, *cli))).await;
        let panes: Vec<_> = panes.into_iter().map(|(p, _)| p).collect();
        let sessions = sessions
            .into_iter()
            .map(|session| {
                let windows = windows
                    .iter()
                    .filter(|w| w.session_id == session.id)
                    .map(|w| WindowTree {
                        // A window linked into several sessions shows its panes under each.
                        panes: panes
                            .iter()
                            .filter(|p| p.window_id == w.id)
                            .cloned()
                            .collect(),
                        window: w.clone(),
                    })
                    .collect();
                SessionTree { session, windows }
            })
            .collect();
        Ok(get_server_info::Output {
            version,
            socket,
            caller_pane: t.caller_pane().await.map(str::to_owned),
            sessions,
        })
    }
}

impl get_session_info::Handle for Tools {
    async fn get_session_info(
        t: &Tools,
        _: &CallContext,
        a: get_session_info::Args,
    ) -> R<get_session_info::Output> {
        let target = session_target(&a.session);
        // has-session, display-message, list-windows.
        let out = t
            .tmux
            .run_each(
                rows::display(&a.session, rows::session_format())?.then(
                    Command::new(Verb::ListWindows)
                        .target(&target)?
                        .flag("-F")
                        .format(rows::window_format()),
                ),
            )
            .await?;
        let session = rows(out.get(1), SESSION_VARS.len(), rows::session)?
            .into_iter()
            .next();
        let windows = rows(out.get(2), WINDOW_VARS.len(), rows::window)?;
        let session = session.ok_or_else(|| gone(&format!("session {}", a.session)))?;
        Ok(get_session_info::Output { session, windows })
    }
}

impl get_window_info::Handle for Tools {
    async fn get_window_info(
        t: &Tools,
        _: &CallContext,
        a: get_window_info::Args,
    ) -> R<get_window_info::Output> {
        let (window, panes) = window_and_panes(t, &a.window, &[]).await?;
        Ok(get_window_info::Output {
            window,
            panes: panes.into_iter().map(|(p, _)| p).collect(),
        })
    }
}

/// A window and its panes, each pane with the extra `pane_vars` read alongside.
async fn window_and_panes(
    t: &Tools,
    window: &str,
    pane_vars: &[&str],
) -> R<(
    crate::catalog::types::Window,
    Vec<(crate::catalog::types::Pane, Vec<String>)>,
)> {
    let mut vars: Vec<&str> = pane_vars.to_vec();
    vars.extend(rows::pane_vars(t.agents.option()));
    // has-session, display-message, list-panes.
    let out = t
        .tmux
        .run_each(
            rows::display(window, rows::window_format())?.then(
                Command::new(Verb::ListPanes)
                    .target(window)?
                    .flag("-F")
                    .format(row_format(&vars)),
            ),
        )
        .await?;
    let found = rows(out.get(1), WINDOW_VARS.len(), rows::window)?
        .into_iter()
        .next();
    let caller = t.caller_pane().await;
    let panes = rows(out.get(2), vars.len(), |f| {
        let extra = pane_vars
            .iter()
            .map(|_| f.text())
            .collect::<Result<Vec<_>, _>>()?;
        Ok((rows::pane(f, caller, &t.tmux, &t.agents)?, extra))
    })?;
    let mut panes = panes;
    agent_screens::fill(
        &t.tmux,
        panes.iter_mut().map(|((pane, cli), _)| (pane, *cli)),
    )
    .await;
    Ok((
        found.ok_or_else(|| gone(&format!("window {window}")))?,
        panes
            .into_iter()
            .map(|((pane, _), extra)| (pane, extra))
            .collect(),
    ))
}

impl get_pane_info::Handle for Tools {
    async fn get_pane_info(
        t: &Tools,
        _: &CallContext,
        a: get_pane_info::Args,
    ) -> R<get_pane_info::Output> {
        let line = t
            .pane_reads
            .read(&t.tmux, &a.pane)
            .await?
            .ok_or_else(|| gone(&format!("pane {}", a.pane)))?;
        let fields = PANE_INFO_VARS.len() + pane_vars(t.agents.option()).len();
        let mut f = Fields::new(&line, fields);
        let history_size = f.int()?;
        let history_limit = f.int()?;
        let dead_status = f.opt_int()?;
        let (mut pane, cli) = rows::pane(&mut f, t.caller_pane().await, &t.tmux, &t.agents)?;
        agent_screens::fill(&t.tmux, [(&mut pane, cli)]).await;
        Ok(get_pane_info::Output {
            pane,
            history_size,
            history_limit,
            dead_status,
        })
    }
}

impl find_pane_by_position::Handle for Tools {
    async fn find_pane_by_position(
        t: &Tools,
        _: &CallContext,
        a: find_pane_by_position::Args,
    ) -> R<find_pane_by_position::Output> {
        use find_pane_by_position::Corner;
        let (_, panes) = window_and_panes(
            t,
            &a.window,
            &[
                "pane_at_top",
                "pane_at_bottom",
                "pane_at_left",
                "pane_at_right",
            ],
        )
        .await?;
        let wanted = |edges: &[String]| {
            let at = |i: usize| edges[i] == "1";
            match a.corner {
                Corner::TopLeft => at(0) && at(2),
                Corner::TopRight => at(0) && at(3),
                Corner::BottomLeft => at(1) && at(2),
                Corner::BottomRight => at(1) && at(3),
            }
        };
        let pane = panes
            .into_iter()
            .find(|(_, edges)| wanted(edges))
            .map(|(p, _)| p.id);
        let pane = pane.ok_or_else(|| {
            ToolError::new(
                ErrorKind::Internal,
                format!(
                    "no pane of {} touches its {} corner",
                    a.window,
                    a.corner.as_str()
                ),
            )
        })?;
        Ok(find_pane_by_position::Output { pane })
    }
}

impl get_tmux_variables::Handle for Tools {
    async fn get_tmux_variables(
        t: &Tools,
        _: &CallContext,
        a: get_tmux_variables::Args,
    ) -> R<get_tmux_variables::Output> {
        let names: Vec<&str> = a.names.iter().map(String::as_str).collect();
        let format = row_format(&names);
        let script = match &a.pane {
            Some(pane) => rows::display(pane, format)?,
            None => Command::new(Verb::DisplayMessage)
                .flag("-p")
                .format(format)
                .into(),
        };
        let out = t.tmux.run(script).await?;
        let mut f = Fields::new(out.strip_suffix('\n').unwrap_or(&out), names.len());
        let values = names
            .iter()
            .map(|name| {
                Ok(get_tmux_variables::ValuesItem {
                    name: (*name).to_owned(),
                    value: f.text()?,
                })
            })
            .collect::<R<Vec<_>>>()?;
        Ok(get_tmux_variables::Output { values })
    }
}

impl show_option::Handle for Tools {
    async fn show_option(
        t: &Tools,
        _: &CallContext,
        a: show_option::Args,
    ) -> R<show_option::Output> {
        use show_option::Scope;
        let needs_target = matches!(a.scope, Scope::Session | Scope::Window | Scope::Pane);
        let scoped = |flags: &'static str| -> Result<Command, TmuxError> {
            let command = Command::new(Verb::ShowOptions).flag(flags);
            let command = match (a.scope, &a.target) {
                (Scope::Server, _) => command.flag("-s"),
                (Scope::GlobalSession, _) => command.flag("-g"),
                (Scope::GlobalWindow, _) => command.flag("-gw"),
                (Scope::Session, Some(target)) => command.target(&session_target(target))?,
                (Scope::Window, Some(target)) => command.flag("-w").target(target)?,
                (Scope::Pane, Some(target)) => command.flag("-p").target(target)?,
                (_, None) => command,
            };
            command.flag("--").arg(a.name.as_str())
        };
        match (needs_target, &a.target) {
            (true, Some(_)) | (false, None) => {}
            _ => {
                let message = if needs_target {
                    format!(
                        "scope {} needs a target (a session, window or pane id)",
                        a.scope.as_str()
                    )
                } else {
                    format!(
                        "scope {} takes no target; use scope session, window or pane to read one object's value",
                        a.scope.as_str()
                    )
                };
                return Err(ToolError::new(ErrorKind::InvalidInput, message));
            }
        };
        // One round trip: the first listing marks an inherited value with `*`, the second gives it raw.
        let user = a.name.starts_with('@');
        let unset = |name| show_option::Output {
            name,
            scope: a.scope.as_str().to_owned(),
            value: None,
            inherited: false,
        };
        match t.tmux.run_each(scoped("-A")?.then(scoped("-Av")?)).await {
            // tmux 3.2a lists nothing for a user option never set; later versions refuse it.
            Ok(out) if out.iter().all(str::is_empty) && user => Ok(unset(a.name)),
            Ok(out) => {
                let inherited = out
                    .get(0)
                    .split_whitespace()
                    .next()
                    .is_some_and(|n| n.ends_with('*'));
                let value = out.get(1).lines().collect::<Vec<_>>().join("\n");
                Ok(show_option::Output {
                    name: a.name,
                    scope: a.scope.as_str().to_owned(),
                    value: Some(value),
                    inherited,
                })
            }
            Err(e) if e.message.contains("invalid option") && user => Ok(unset(a.name)),
            Err(e)
                if e.message.contains("invalid option") || e.message.contains("unknown option") =>
            {
                Err(ToolError::new(
                    ErrorKind::InvalidInput,
                    format!(
                        "tmux has no option {}; `tmux show-options -g` lists them",
                        a.name
                    ),
                ))
            }
            Err(e) => Err(e.into()),
        }
    }
}

impl show_environment::Handle for Tools {
    async fn show_environment(
        t: &Tools,
        _: &CallContext,
        a: show_environment::Args,
    ) -> R<show_environment::Output> {
        let out = t
            .tmux
            .run(global_or_session(
                Verb::ShowEnvironment,
                a.session.as_deref(),
            )?)
            .await?;
        let mut entries: Vec<show_environment::EntriesItem> = out
            .lines()
            .filter(|l| !l.is_empty())
            .map(|line| {
                let (name, value, set) = match line.strip_prefix('-') {
                    Some(name) => (name, None, false),
                    None => match line.split_once('=') {
                        Some((n, v)) => (n, Some(v), true),
                        None => (line, None, true),
                    },
                };
                let allowed = t.environment_values.iter().any(|n| n == name);
                show_environment::EntriesItem {
                    name: name.to_owned(),
                    set,
                    value: value.filter(|_| allowed).map(str::to_owned),
                    withheld: value.is_some() && !allowed,
                }
            })
            .collect();
        entries.sort_by(|x, y| x.name.cmp(&y.name));
        Ok(show_environment::Output {
            session: a.session,
            entries,
        })
    }
}

impl show_hooks::Handle for Tools {
    async fn show_hooks(t: &Tools, _: &CallContext, a: show_hooks::Args) -> R<show_hooks::Output> {
        let out = t
            .tmux
            .run(global_or_session(Verb::ShowHooks, a.session.as_deref())?)
            .await?;
        let hooks = out
            .lines()
            .filter_map(|line| line.split_once(' '))
            .map(|(name, command)| show_hooks::HooksItem {
                name: name.to_owned(),
                command: command.trim().to_owned(),
            })
            .collect();
        Ok(show_hooks::Output { hooks })
    }
}

/// `verb -g`, or `verb -t SESSION` for one session.
fn global_or_session(verb: Verb, session: Option<&str>) -> Result<Command, TmuxError> {
    match session {
        Some(s) => Command::new(verb).target(&session_target(s)),
        None => Ok(Command::new(verb).flag("-g")),
    }
}

pub fn gone(what: &str) -> ToolError {
    ToolError::new(
        ErrorKind::ObjectGone,
        format!("{what} does not exist; list again to get current ids"),
    )
}
