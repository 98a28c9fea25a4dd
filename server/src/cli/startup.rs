//! Startup: everything decided from flags and environment before any tmux contact
//! ([`Startup`]), so `tools` and `check` follow the serving code path.

use tmux::daemon::{self, Provenance};
use tmux::socket::{Selector, Socket, Source};
use tmux::version::Found;

use crate::environment::{self as env, Environment};
use crate::hosts::Destination;
use crate::http::Listen;
use crate::selection::Selection;
use crate::socket::SocketFlags;
use crate::surface::{Frozen, Surface};
use crate::trust::Settings;

/// A flag or environment variable this server cannot run with: the message names it and says
/// what to do. Found before any tmux contact, so nothing was touched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SettingError(String);

/// The settings' readers say what is wrong in words; this is the type startup gives them.
impl From<String> for SettingError {
    fn from(message: String) -> Self {
        SettingError(message)
    }
}

/// Everything decided from flags and environment before any tmux contact.
pub struct Startup {
    pub socket: Socket,
    pub selection: Selection,
    pub environment_values: Vec<String>,
    /// `TMUX_PANE`: a hint to the caller's pane, which the process tree decides.
    pub caller_hint: Option<String>,
    /// Secret masking, the audit log and the write scope.
    pub trust: Settings,
    /// `LIBTMUX_HTTP_TOKEN`, for `serve --http`.
    pub http_token: Option<String>,
    /// The pane option agents report their state in (`LIBTMUX_AGENT_STATE_OPTION`).
    pub agent_option: String,
    /// Where process state is read (`LIBTMUX_PROCESS_READER`).
    pub process_reader: tmux::process::Reader,
    /// Other machines (`LIBTMUX_HOSTS`).
    pub hosts: Vec<Destination>,
    /// The variables each host's tmux-mcp is started with.
    pub forwarded: Vec<(&'static str, String)>,
}

impl Startup {
    pub fn new(flags: &SocketFlags, vars: &Environment) -> Result<Startup, SettingError> {
        let selection = Selection::from_env(vars)?;
        let socket = crate::socket::choose(flags, vars)?;
        let environment_values = environment_values(vars)?;
        let trust = Settings::from_env(vars)?;
        let http_token = vars.get(env::HTTP_TOKEN)?.map(str::to_owned);
        let agent_option = crate::handlers::agent_option(vars.get(env::AGENT_STATE_OPTION)?)?;
        let process_reader = process_reader(vars)?;
        let hosts = crate::hosts::destination::from_env(vars)?;
        let forwarded = forwarded(vars, &socket)?;
        // Only a hint: one that cannot be read is no hint, not a reason to stop.
        let caller_hint = vars.get(env::TMUX_PANE).ok().flatten().map(str::to_owned);
        Ok(Startup {
            socket,
            selection,
            environment_values,
            caller_hint,
            trust,
            http_token,
            agent_option,
            process_reader,
            hosts,
            forwarded,
        })
    }

    /// The interface a server started now would offer, over `transport` (`None`: stdio), on
    /// `tmux`.
    pub fn surface(
        &self,
        provenance: Provenance,
        transport: Option<&Listen>,
        tmux: &Found,
    ) -> Surface {
        let hosts: Vec<String> = self.hosts.iter().map(|h| h.name.clone()).collect();
        let frozen = Frozen {
            socket: &self.socket,
            provenance,
            environment_values: &self.environment_values,
            trust: &self.trust,
            transport: crate::http::transport_report(transport),
            tmux,
            hosts: &hosts,
        };
        Surface::new(self.selection.resolve(provenance.fresh_daemon()), &frozen)
    }
}

/// The settings passed on to each host's tmux-mcp: those `SETTINGS` marks, with the socket as
/// chosen here (a flag becomes its variable; the dedicated daemon is the host's own default).
fn forwarded(vars: &Environment, socket: &Socket) -> Result<Vec<(&'static str, String)>, String> {
    let mut settings = Vec::new();
    if socket.source != Source::Dedicated {
        settings.push(match &socket.selector {
            Selector::Path(p) => (env::SOCKET_PATH, p.to_string_lossy().into_owned()),
            Selector::Name(n) => (env::SOCKET_NAME, n.clone()),
        });
    }
    for setting in env::SETTINGS.iter().filter(|s| s.forwarded) {
        if setting.name == env::SOCKET_PATH || setting.name == env::SOCKET_NAME {
            continue;
        }
        if let Some(value) = vars.get(setting.name)? {
            settings.push((setting.name, value.to_owned()));
        }
    }
    Ok(settings)
}

fn process_reader(vars: &Environment) -> Result<tmux::process::Reader, String> {
    use tmux::process::Reader;
    match vars.get(env::PROCESS_READER)?.map(str::trim) {
        None | Some("") => Ok(Reader::NATIVE),
        Some("ps") => Ok(Reader::Ps),
        Some("proc") if cfg!(target_os = "linux") => Ok(Reader::Proc),
        Some("proc") => Err(format!(
            "{} is proc, but only Linux has /proc; unset it (ps is used here)",
            env::PROCESS_READER
        )),
        Some(other) => Err(format!(
            "{} is {other:?}; it takes proc or ps",
            env::PROCESS_READER
        )),
    }
}

fn environment_values(vars: &Environment) -> Result<Vec<String>, String> {
    const MAX: usize = 32;
    let raw = match vars.get(env::ENVIRONMENT_VALUES)? {
        None | Some("") => return Ok(Vec::new()),
        Some(raw) => raw,
    };
    let mut names = Vec::new();
    for name in raw.split(',').map(str::trim) {
        let valid = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(format!(
                "{} names {name:?}, which is not an environment variable name",
                env::ENVIRONMENT_VALUES
            ));
        }
        names.push(name.to_owned());
    }
    if names.len() > MAX {
        return Err(format!(
            "{} names {} variables; it allows at most {MAX}",
            env::ENVIRONMENT_VALUES,
            names.len()
        ));
    }
    Ok(names)
}

/// What a server started now would find on the socket, touching nothing: its provenance and
/// the tmux it would drive.
pub(super) async fn probe(startup: &Startup) -> (Provenance, Found) {
    let probe = tmux::Tmux::new(startup.socket.global_args(None));
    let provenance = daemon::predict(&probe, &startup.socket).await;
    (provenance, probe.found().await)
}
