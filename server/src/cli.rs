//! The `tmux-mcp` command line: serve MCP over stdio (the default), or for people `tools` and
//! `check`. Every command that needs the environment goes through [`Startup`], so
//! `tools` and `check` report exactly what `serve` would do.

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use crate::environment::{self as env, Environment};
use crate::handlers::Tools;
use crate::hosts::Destination;
use crate::mcp::Server;
use crate::selection::Selection;
use crate::setup::{Client, Entry, Via, Written};
use tmux::daemon::{self, Launch, Provenance};
use tmux::socket::{Selector, Socket, Source};

use crate::http::{Bound, Listen, Token};
use crate::socket::SocketFlags;
use crate::surface::{Frozen, Surface};
use crate::trust::audit::Audit;
use crate::trust::{Settings, Trust};
use tmux::version::Found;

/// The usage text before its list of settings, which `usage` adds from the one table of them.
const USAGE: &str = "\
tmux-mcp: an MCP server that lets agents drive tmux

Usage:
  tmux-mcp [SOCKET] [serve]     serve MCP over stdio (what an MCP client runs)
  tmux-mcp [SOCKET] serve --http ADDRESS:PORT [--http-remote] [--http-idle SECONDS]
                                serve MCP over Streamable HTTP at /mcp, with a bearer token;
                                a session unused for SECONDS (default 300) is closed
  tmux-mcp [SOCKET] tools [--json]
                                list the tools a server started now would offer
  tmux-mcp [SOCKET] check       check the environment and report the socket and provenance
  tmux-mcp [SOCKET] setup CLIENT [--via installed|uvx|npx] [--name NAME] [--write [--config FILE]]
                                print the entry CLIENT (claude, codex, gemini, vscode or cursor)
                                needs to start this server with this socket and the LIBTMUX_*
                                settings set now; --write adds it to the client's own file

Socket (else LIBTMUX_SOCKET_PATH, else LIBTMUX_SOCKET, else the dedicated daemon libtmux-mcp):
  -S, --socket PATH             a tmux socket path
  -L, --socket-name NAME        a tmux socket name
  -h, --help                    this text
  -V, --version                 the version

Environment:
";

/// `--help`: the usage and every setting, one line each.
fn usage() -> String {
    let mut text = String::from(USAGE);
    for setting in &env::SETTINGS {
        text.push_str(&format!("  {:<28}  {}\n", setting.name, setting.usage));
    }
    text
}

#[derive(Debug, PartialEq, Eq)]
enum Command {
    Serve { http: Option<Listen> },
    Tools { json: bool },
    Check,
    Setup(Setup),
    Help,
    Version,
}

/// `setup CLIENT` and its options.
#[derive(Debug, PartialEq, Eq)]
struct Setup {
    client: Client,
    /// How the client starts the server; unset: as this process was started.
    via: Option<Via>,
    name: Option<String>,
    write: bool,
    config: Option<PathBuf>,
}

#[derive(Debug, PartialEq, Eq)]
struct Cli {
    flags: SocketFlags,
    command: Command,
}

impl Cli {
    fn parse(args: &[OsString]) -> Result<Cli, String> {
        let mut flags = SocketFlags::default();
        let mut words = Vec::new();
        let mut json = false;
        let (mut http, mut remote, mut idle) = (None, false, None);
        let (mut via, mut name, mut write, mut config) = (None, None, false, None);
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let text = arg
                .to_str()
                .ok_or_else(|| format!("argument {arg:?} is not valid UTF-8"))?;
            let (flag, inline) = match text.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f, Some(v.to_owned())),
                _ => (text, None),
            };
            let mut value = |name: &str| -> Result<String, String> {
                match inline.clone() {
                    Some(v) => Ok(v),
                    None => it
                        .next()
                        .and_then(|v| v.to_str())
                        .map(str::to_owned)
                        .ok_or_else(|| format!("{name} needs a value")),
                }
            };
            match flag {
                "-h" | "--help" => {
                    return Ok(Cli {
                        flags,
                        command: Command::Help,
                    });
                }
                "-V" | "--version" => {
                    return Ok(Cli {
                        flags,
                        command: Command::Version,
                    });
                }
                "-S" | "--socket" => set_once(&mut flags.path, PathBuf::from(value(flag)?), flag)?,
                "-L" | "--socket-name" => set_once(&mut flags.name, value(flag)?, flag)?,
                "--json" => json = true,
                "--http" => set_once(&mut http, value(flag)?, flag)?,
                "--http-remote" => remote = true,
                "--http-idle" => set_once(&mut idle, value(flag)?, flag)?,
                "--via" => set_once(&mut via, Via::parse(&value(flag)?)?, flag)?,
                "--name" => set_once(&mut name, value(flag)?, flag)?,
                "--write" => write = true,
                "--config" => set_once(&mut config, PathBuf::from(value(flag)?), flag)?,
                f if f.starts_with('-') => return Err(format!("unrecognised argument {f}")),
                word => words.push(word.to_owned()),
            }
        }
        let command = match words
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice()
        {
            [] | ["serve"] => Command::Serve {
                http: http
                    .as_deref()
                    .map(|a| Listen::parse(a, remote, idle.as_deref()))
                    .transpose()?,
            },
            ["tools"] => Command::Tools { json },
            ["check"] => Command::Check,
            ["setup", client] => Command::Setup(Setup {
                client: Client::parse(client)?,
                via,
                name: name.clone(),
                write,
                config: config.clone(),
            }),
            ["setup"] => return Err(format!("setup needs a client: {}", Client::NAMES)),
            other => return Err(format!("unrecognised command {:?}", other.join(" "))),
        };
        let setup = matches!(command, Command::Setup(_));
        if (via.is_some() || name.is_some() || write || config.is_some()) && !setup {
            return Err("--via, --name, --write and --config go with `setup`".into());
        }
        if config.is_some() && !write {
            return Err("--config names the file --write edits; add --write".into());
        }
        if json && !matches!(command, Command::Tools { .. }) {
            return Err("--json goes with `tools`".into());
        }
        if (http.is_some() || remote || idle.is_some()) && !matches!(command, Command::Serve { .. })
        {
            return Err("--http, --http-remote and --http-idle go with `serve`".into());
        }
        if http.is_none() && (remote || idle.is_some()) {
            return Err("--http-remote and --http-idle go with --http ADDRESS:PORT".into());
        }
        Ok(Cli { flags, command })
    }
}

fn set_once<T>(slot: &mut Option<T>, value: T, flag: &str) -> Result<(), String> {
    if slot.is_some() {
        return Err(format!("{flag} given twice"));
    }
    *slot = Some(value);
    Ok(())
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
    pub fn new(flags: &SocketFlags, vars: &Environment) -> Result<Startup, String> {
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

pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let cli = match Cli::parse(&args) {
        Ok(cli) => cli,
        Err(e) => return fail(&format!("{e}; try `tmux-mcp --help`")),
    };
    match cli.command {
        Command::Help => {
            print!("{}", usage());
            ExitCode::SUCCESS
        }
        Command::Version => {
            println!("tmux-mcp {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        // The companion edits clients' files: its JSON and TOML parsers stay out of the
        // server's binary, whose size is most of its resident memory.
        Command::Setup(_) => exec_beside(COMPANION, &args),
        command => {
            let startup = match Startup::new(&cli.flags, &Environment::from_process()) {
                Ok(s) => s,
                Err(e) => return fail(&e),
            };
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => return fail(&format!("cannot start the async runtime: {e}")),
            };
            match command {
                Command::Tools { json } => runtime.block_on(tools(&startup, json)),
                Command::Check => runtime.block_on(check(&startup)),
                Command::Serve { http } => runtime.block_on(serve(startup, http)),
                Command::Help | Command::Version | Command::Setup(_) => {
                    unreachable!("answered above")
                }
            }
        }
    }
}

/// The second command, installed beside `tmux-mcp` by every package under the package's name
/// (what `uvx tmux-agent-mcp` runs).
const COMPANION: &str = "tmux-agent-mcp";

/// `tmux-agent-mcp`: runs `setup` itself, and has the `tmux-mcp` beside it run anything else.
pub fn companion_main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let Ok(Cli {
        flags,
        command: Command::Setup(options),
    }) = Cli::parse(&args)
    else {
        return exec_beside(crate::NAME, &args);
    };
    // The settings the entry will carry, checked as the server would take them.
    if let Err(e) = Startup::new(&flags, &Environment::from_process()) {
        return fail(&e);
    }
    setup(&flags, &options)
}

/// Replaces this process with `program` from this binary's folder, given `args`.
fn exec_beside(program: &str, args: &[OsString]) -> ExitCode {
    use std::os::unix::process::CommandExt;
    let beside = std::env::current_exe().map(|exe| exe.with_file_name(program));
    let path = match beside {
        Ok(path) if path.is_file() => path,
        _ => {
            return fail(&format!(
                "{program} is not installed beside this command; install the package again \
                 (uvx tmux-agent-mcp, npx -y tmux-agent-mcp or cargo install tmux-agent-mcp)"
            ));
        }
    };
    let failed = std::process::Command::new(&path).args(args).exec();
    fail(&format!("cannot start {}: {failed}", path.display()))
}

/// `setup CLIENT`: the entry on stdout, or added to the client's file.
fn setup(flags: &SocketFlags, options: &Setup) -> ExitCode {
    let var = |name: &str| std::env::var(name).ok();
    let via = options.via.unwrap_or_else(Via::of_this_process);
    let name = options.name.as_deref().unwrap_or("tmux");
    let mut entry = Entry::new(options.client, name, via, flags, var);
    if via == Via::Installed {
        entry.command = crate::setup::installed_command().unwrap_or(entry.command);
    }
    let file = match &options.config {
        Some(file) => file.clone(),
        None => match options.client.config_file(var) {
            Ok(file) => file,
            Err(e) => return fail(&e),
        },
    };
    if !options.write {
        print!("{}", entry.text());
        match options.client {
            Client::Claude => eprintln!(
                "tmux-mcp: run that line, or add `--write` and tmux-mcp adds the server to {}",
                file.display()
            ),
            _ => eprintln!(
                "tmux-mcp: that goes in {}; add `--write` and tmux-mcp adds it there",
                file.display()
            ),
        }
        return ExitCode::SUCCESS;
    }
    match entry.write(&file) {
        Ok(Written::Added) => println!("added the server {name:?} to {}", file.display()),
        Ok(Written::Unchanged) => println!(
            "{} already has this server {name:?}; nothing changed",
            file.display()
        ),
        Err(e) => return fail(&e),
    }
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("tmux-mcp: {message}");
    ExitCode::from(2)
}

/// What a server started now would find on the socket, touching nothing: its provenance and
/// the tmux it would drive.
async fn probe(startup: &Startup) -> (Provenance, Found) {
    let probe = tmux::Tmux::new(startup.socket.global_args(None));
    let provenance = daemon::predict(&probe, &startup.socket).await;
    (provenance, probe.found().await)
}

async fn tools(startup: &Startup, json: bool) -> ExitCode {
    let (provenance, found) = probe(startup).await;
    let surface = startup.surface(provenance, None, &found);
    let listed = &surface.tools().tools;
    let mut out = std::io::stdout().lock();
    let written = if json {
        serde_json::to_string_pretty(listed)
            .map_err(std::io::Error::other)
            .and_then(|text| writeln!(out, "{text}"))
    } else {
        let width = listed.iter().map(|t| t.name.len()).max().unwrap_or(0);
        listed
            .iter()
            .try_for_each(|t| {
                let toolset = crate::catalog::ToolId::from_name(&t.name)
                    .map(|id| id.descriptor().toolset)
                    .unwrap_or_default();
                let title = t.title.as_deref().unwrap_or_default();
                writeln!(out, "{:width$}  {toolset:8}  {title}", t.name)
            })
            .and_then(|()| writeln!(out, "{} tools", listed.len()))
    };
    if written.is_err() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

async fn check(startup: &Startup) -> ExitCode {
    let (provenance, found) = probe(startup).await;
    let surface = startup.surface(provenance, None, &found);
    let Some(version) = &found.version else {
        return fail("tmux is not installed or not on PATH");
    };
    if let Some(why) = found.below_floor() {
        return fail(&why);
    }
    let r = &surface.resolved;
    println!("tmux:        {version} (from {})", found.read_from);
    for (feature, holds) in found.features().in_use() {
        println!("  {}: {holds}", feature.name());
    }
    println!(
        "socket:      {} ({}, from {})",
        startup.socket.path.display(),
        startup.socket.selector_text(),
        startup.socket.source_text()
    );
    if let Some(directory) = startup.socket.directory_text() {
        println!("socket dir:  {directory}");
    }
    println!("provenance:  {}", provenance.describe());
    println!(
        "toolsets:    {}{}",
        if r.toolsets.is_empty() {
            "none".to_owned()
        } else {
            r.toolsets.join(", ")
        },
        if r.defaulted {
            " (defaults for this provenance)"
        } else {
            ""
        }
    );
    println!("tools:       {} offered", surface.offered_count());
    let trust = &startup.trust;
    println!(
        "masking:     {}",
        match (trust.masker.built_in(), trust.masker.patterns()) {
            (true, 0) => "built-in detectors".to_owned(),
            (true, n) => format!("built-in detectors and {n} operator patterns"),
            (false, 0) => "off".to_owned(),
            (false, n) => format!("{n} operator patterns only"),
        }
    );
    match &trust.audit_log {
        None => println!("audit log:   none"),
        Some(path) => match Audit::open(path) {
            Ok(_) => println!("audit log:   {}", path.display()),
            Err(e) => return fail(&e),
        },
    }
    println!("write scope: {}", trust.scope.as_str());
    println!("attach:      {}", startup.socket.attach_command());
    ExitCode::SUCCESS
}

async fn serve(startup: Startup, http: Option<Listen>) -> ExitCode {
    // Before anything reads a process.
    tmux::process::Reader::choose(startup.process_reader);
    let mut ending = match crate::signals::Ending::watch() {
        Ok(e) => e,
        Err(e) => return fail(&e),
    };
    // Before tmux is touched: a log that cannot be kept stops the server with nothing started.
    let audit = match startup
        .trust
        .audit_log
        .as_deref()
        .map(Audit::open)
        .transpose()
    {
        Ok(a) => a,
        Err(e) => return fail(&e),
    };
    let bound = match &http {
        None => None,
        Some(listen) => match listen.bind().await {
            Ok(b) => Some(b),
            Err(e) => return fail(&e),
        },
    };
    let launch = match Launch::start(&startup.socket).await {
        Ok(l) => l,
        Err(e) => return fail(&e),
    };
    let transport = bound.as_ref().map(|b| &b.listen);
    let surface = Arc::new(startup.surface(launch.provenance, transport, &launch.found));
    // Over stdio, stderr is the client's log, where a line is an error (Claude Code logs a
    // server's stderr as `[ERROR]`): the startup line goes there only for a person watching
    // or an HTTP server's operator; `check` and tmux://capabilities say the same.
    if bound.is_some() || std::io::stderr().is_terminal() {
        eprintln!(
            "tmux-mcp {}: serving {} tools on {} ({}; write scope {})",
            env!("CARGO_PKG_VERSION"),
            surface.offered_count(),
            startup.socket.path.display(),
            launch.provenance.describe(),
            startup.trust.scope.as_str(),
        );
    }
    if bound.is_none() && std::io::stdin().is_terminal() {
        eprintln!(
            "tmux-mcp speaks MCP (JSON-RPC) over stdin/stdout and is waiting for a client. Configure your MCP client to run \
             this command (see README.md), or press Ctrl-D to quit. `tmux-mcp tools` lists what it offers."
        );
    }
    let tools = Arc::new(
        Tools::new(
            launch.tmux.clone(),
            startup.socket.path.clone(),
            surface,
            tmux::caller::Caller::new(startup.caller_hint),
            startup.environment_values,
            startup.agent_option,
            Trust {
                masker: startup.trust.masker,
                scope: startup.trust.scope,
                audit,
            },
        )
        .with_hosts(crate::hosts::Hosts::new(startup.hosts, startup.forwarded)),
    );
    let flush = tools.clone();
    let outcome = match bound {
        Some(bound) => {
            let token = startup.http_token.as_deref();
            serve_http(&startup.socket, bound, token, tools, &mut ending).await
        }
        None => serve_stdio(tools, &mut ending).await,
    };
    flush.hosts.stop().await;
    if let Some(audit) = &flush.audit {
        audit.flush();
    }
    launch.leave().await;
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

async fn serve_stdio(tools: Arc<Tools>, ending: &mut crate::signals::Ending) -> Result<(), String> {
    let (input, output) = rmcp::transport::stdio_pipes();
    // No handshake gate: a dual-era server takes any first message, an `initialize` (legacy
    // sessions) or a request carrying its own protocol metadata (2026-07-28), in either order.
    let running =
        rmcp::service::serve_directly(Server::new(tools), crate::frame::guard(input, output), None);
    let stop = running.cancellation_token();
    let waiting = running.waiting();
    tokio::pin!(waiting);
    tokio::select! {
        ended = &mut waiting => ended,
        signal = ending.first() => {
            eprintln!("tmux-mcp: {signal}: leaving as at the end of input");
            stop.cancel();
            waiting.await
        }
    }
    .map(|_| ())
    .map_err(|e| format!("the MCP session ended with an error: {e}"))
}

async fn serve_http(
    socket: &Socket,
    bound: Bound,
    token: Option<&str>,
    tools: Arc<Tools>,
    ending: &mut crate::signals::Ending,
) -> Result<(), String> {
    // The token file goes beside the socket: tmux keeps that directory private.
    let dir = socket.path.parent().unwrap_or(std::path::Path::new("/tmp"));
    let token = Token::new(token, dir)?;
    if let Some(file) = &token.file {
        eprintln!(
            "tmux-mcp: the bearer token is in {} (mode 0600)",
            file.display()
        );
    }
    let file = token.file.clone();
    let stop = tokio_util::sync::CancellationToken::new();
    let served = crate::http::serve(bound, tools, token, stop.clone());
    tokio::pin!(served);
    let outcome = tokio::select! {
        ended = &mut served => ended,
        signal = ending.first() => {
            eprintln!("tmux-mcp: {signal}: closing HTTP streams and leaving");
            stop.cancel();
            served.await
        }
    };
    if let Some(file) = file {
        let _ = std::fs::remove_file(file);
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, String> {
        Cli::parse(&args.iter().map(OsString::from).collect::<Vec<_>>())
    }

    #[test]
    fn parses_commands_and_socket_flags() {
        assert_eq!(parse(&[]).unwrap().command, Command::Serve { http: None });
        assert!(matches!(
            parse(&["serve", "--http", "127.0.0.1:0"]).unwrap().command,
            Command::Serve { http: Some(_) }
        ));
        let cli = parse(&["-L", "work", "tools", "--json"]).unwrap();
        assert_eq!(cli.flags.name.as_deref(), Some("work"));
        assert_eq!(cli.command, Command::Tools { json: true });
        assert_eq!(
            parse(&["--socket=/tmp/s", "check"]).unwrap().flags.path,
            Some(PathBuf::from("/tmp/s"))
        );
        assert!(
            parse(&["docs"]).is_err(),
            "the site is written by `cargo xtask codegen`"
        );
        assert_eq!(parse(&["--help", "-L"]).unwrap().command, Command::Help);
    }

    #[test]
    fn parses_setup_and_its_options() {
        let cli = parse(&["-L", "default", "setup", "codex", "--via", "uvx", "--write"]).unwrap();
        assert_eq!(cli.flags.name.as_deref(), Some("default"));
        assert_eq!(
            cli.command,
            Command::Setup(Setup {
                client: Client::Codex,
                via: Some(Via::Uvx),
                name: None,
                write: true,
                config: None,
            })
        );
        let refused = |args: &[&str]| parse(args).unwrap_err();
        assert!(refused(&["setup"]).contains("claude, codex"));
        assert!(refused(&["setup", "emacs"]).contains("unknown client"));
        assert!(refused(&["setup", "claude", "--via", "pipx"]).contains("installed, uvx or npx"));
        assert!(refused(&["setup", "claude", "--config", "f.json"]).contains("add --write"));
        assert!(refused(&["check", "--write"]).contains("go with `setup`"));
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        assert!(parse(&["--safety"]).is_err());
        assert!(parse(&["-L"]).is_err());
        assert!(parse(&["bogus"]).is_err());
        assert!(parse(&["-L", "a", "-L", "b"]).is_err());
        assert!(parse(&["check", "--json"]).is_err());
        assert!(parse(&["tools", "--http", "127.0.0.1:1"]).is_err());
        assert!(parse(&["--http-remote"]).is_err());
        assert!(parse(&["--http-idle", "60"]).is_err());
        assert!(parse(&["tools", "--http-idle", "60"]).is_err());
        assert!(parse(&["--http", "0.0.0.0:1"]).is_err());
    }
}
