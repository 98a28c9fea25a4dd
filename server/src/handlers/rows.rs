//! Reading sessions, windows and panes: the tmux formats for each and the rows they produce,
//! as the manifest's named output types.

use super::agent_screens::{self, Cli};
use super::reports::{Report, Reports};
use crate::catalog::types::{AgentStateSource, Pane, Session, Window};
use tmux::process::{Prompt, Terminal};
use tmux::{Command, Fields, Format, Script, Tmux, TmuxError, Verb, row_format, session_target};

pub const SESSION_VARS: [&str; 4] = [
    "session_id",
    "session_windows",
    "session_attached",
    "session_name",
];
pub const WINDOW_VARS: [&str; 9] = [
    "window_id",
    "session_id",
    "window_index",
    "window_panes",
    "window_active",
    "window_width",
    "window_height",
    "window_layout",
    "window_name",
];
pub const PANE_VARS: [&str; 10] = [
    "pane_id",
    "window_id",
    "pane_active",
    "pane_width",
    "pane_height",
    "pane_pid",
    "pane_dead",
    "pane_current_command",
    "pane_current_path",
    "pane_title",
];

pub fn session_format() -> Format {
    row_format(&SESSION_VARS)
}

pub fn window_format() -> Format {
    row_format(&WINDOW_VARS)
}

/// Every pane row: the [`PANE_VARS`] and, last, the option agents report their state in.
pub fn pane_vars(agent_option: &str) -> Vec<&str> {
    PANE_VARS.into_iter().chain([agent_option]).collect()
}

pub fn pane_format(agent_option: &str) -> Format {
    row_format(&pane_vars(agent_option))
}

/// A session row. tmux counts no client of this server's as attached: it attaches none (it
/// follows panes through their pipes, and runs commands as subprocesses).
pub fn session(fields: &mut Fields) -> Result<Session, TmuxError> {
    Ok(Session {
        id: fields.text()?,
        windows: fields.int()?,
        attached: fields.int()?,
        name: fields.text()?,
    })
}

pub fn window(fields: &mut Fields) -> Result<Window, TmuxError> {
    Ok(Window {
        id: fields.text()?,
        session_id: fields.text()?,
        index: fields.int()?,
        panes: fields.int()?,
        active: fields.flag()?,
        width: fields.int()?,
        height: fields.int()?,
        layout: fields.text()?,
        name: fields.text()?,
    })
}

/// A row of [`pane_vars`], and the known CLI in its foreground whose screen is to say its
/// state (none where its hooks report); `caller` is the pane this server runs in, if any.
pub fn pane(
    fields: &mut Fields,
    caller: Option<&str>,
    tmux: &Tmux,
    agents: &Reports,
) -> Result<(Pane, Option<&'static Cli>), TmuxError> {
    let id = fields.text()?;
    let window_id = fields.text()?;
    let active = fields.flag()?;
    let (width, height, pid, dead) = (
        fields.int()?,
        fields.int()?,
        fields.opt_int()?,
        fields.flag()?,
    );
    // tmux before next-3.8 still prints the pid of a process that has exited.
    let pid = pid.filter(|_| !dead);
    let (command, path, title, agent) = (
        fields.text()?,
        fields.text()?,
        fields.text()?,
        fields.text()?,
    );
    let state = State::of(tmux, agents, &id, pid, &agent);
    let pane = Pane {
        caller: caller == Some(id.as_str()),
        window_id,
        active,
        width,
        height,
        pid,
        dead,
        command,
        path,
        title,
        foreground_command: state.foreground_command,
        foreground_pid: state.foreground_pid,
        at_prompt: state.at_prompt,
        idle_ms: state.idle_ms,
        agent_state: state.agent.0,
        agent_state_ms: state.agent.1,
        agent_state_source: state.agent.0.map(|_| AgentStateSource::Hooks),
        id,
    };
    Ok((pane, state.cli))
}

/// What a pane's processes are doing: who has its terminal, whether its shell is at its
/// prompt, how long it has printed nothing (while followed), read from `/proc` and the pane's
/// journal; what its agent reports of itself, and else the known CLI whose screen may say.
pub struct State {
    pub foreground_command: Option<String>,
    pub foreground_pid: Option<i64>,
    pub at_prompt: bool,
    pub idle_ms: Option<i64>,
    pub agent: Report,
    pub cli: Option<&'static Cli>,
}

impl State {
    /// Of pane `id`, whose process is `pid` and whose agent option holds `agent`; a pane whose
    /// process has exited (`None`) has nothing in the foreground.
    pub fn of(tmux: &Tmux, agents: &Reports, id: &str, pid: Option<i64>, agent: &str) -> State {
        let terminal = pid.and_then(Terminal::of);
        let at_prompt = terminal
            .as_ref()
            .is_some_and(|t| t.prompt == Prompt::AtPrompt);
        let foreground = terminal.and_then(|t| t.foreground);
        let agent = agents.observe(id, agent);
        State {
            cli: foreground
                .as_ref()
                .filter(|_| agent.0.is_none())
                .and_then(agent_screens::identify),
            foreground_pid: foreground.as_ref().map(|l| l.pid),
            foreground_command: foreground.map(|l| l.name),
            at_prompt,
            idle_ms: tmux
                .idle(id)
                .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
            agent,
        }
    }
}

/// Parses every non-empty line of `output` with `parse`, each row holding `count` fields.
pub fn rows<T>(
    output: &str,
    count: usize,
    mut parse: impl FnMut(&mut Fields) -> Result<T, TmuxError>,
) -> Result<Vec<T>, TmuxError> {
    output
        .lines()
        .filter(|l| !l.is_empty())
        .map(|line| parse(&mut Fields::new(line, count)))
        .collect()
}

/// Prints `format` for one session, window or pane. `has-session` goes first because tmux
/// 3.3a's `display-message` prints an empty row, and succeeds, when its target does not exist;
/// `has-session` fails with "can't find …" instead.
pub fn display(target: &str, format: Format) -> Result<Script, TmuxError> {
    let target = if target.starts_with('%') || target.starts_with('@') {
        target.to_owned()
    } else {
        session_target(target)
    };
    Ok(Command::new(Verb::HasSession).target(&target)?.then(
        Command::new(Verb::DisplayMessage)
            .flag("-p")
            .target(&target)?
            .format(format),
    ))
}
