//! The command line as values: `tmux-mcp [SOCKET FLAGS] [COMMAND [OPTIONS]]` parsed into a
//! [`Cli`], strictly (an unknown or repeated flag is an error naming it), and the `--help` text.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::environment as env;
use crate::http::Listen;
use crate::setup::{Client, Via};
use crate::socket::SocketFlags;

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
  tmux-mcp setup AGENT --hooks [--write [--config FILE]]
                                print the hook lines that report AGENT's state (claude, codex
                                or gemini) in a pane option; --write adds them to its settings

Socket (else LIBTMUX_SOCKET_PATH, else LIBTMUX_SOCKET, else the dedicated daemon libtmux-mcp):
  -S, --socket PATH             a tmux socket path
  -L, --socket-name NAME        a tmux socket name
  -h, --help                    this text
  -V, --version                 the version

Environment:
";

/// `--help`: the usage and every setting, one line each.
pub(super) fn usage() -> String {
    let mut text = String::from(USAGE);
    for setting in &env::SETTINGS {
        text.push_str(&format!("  {:<28}  {}\n", setting.name, setting.usage));
    }
    text
}

#[derive(Debug, PartialEq, Eq)]
pub(super) enum Command {
    Serve { http: Option<Listen> },
    Tools { json: bool },
    Check,
    Setup(Setup),
    Help,
    Version,
}

/// `setup CLIENT` and its options.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Setup {
    pub(super) client: Client,
    /// How the client starts the server; unset: as this process was started.
    pub(super) via: Option<Via>,
    pub(super) name: Option<String>,
    pub(super) write: bool,
    pub(super) config: Option<PathBuf>,
    /// The agent's hooks rather than the server's entry.
    pub(super) hooks: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub(super) struct Cli {
    pub(super) flags: SocketFlags,
    pub(super) command: Command,
}

impl Cli {
    pub(super) fn parse(args: &[OsString]) -> Result<Cli, String> {
        let mut flags = SocketFlags::default();
        let mut words = Vec::new();
        let mut json = false;
        let (mut http, mut remote, mut idle) = (None, false, None);
        let (mut via, mut name, mut write, mut config) = (None, None, false, None);
        let mut hooks = false;
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
                "--hooks" => hooks = true,
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
                hooks,
            }),
            ["setup"] => return Err(format!("setup needs a client: {}", Client::NAMES)),
            other => return Err(format!("unrecognised command {:?}", other.join(" "))),
        };
        let setup = matches!(command, Command::Setup(_));
        if (via.is_some() || name.is_some() || write || config.is_some() || hooks) && !setup {
            return Err("--via, --name, --write, --config and --hooks go with `setup`".into());
        }
        if hooks && (via.is_some() || name.is_some()) {
            return Err("--via and --name are for the server's entry, not --hooks".into());
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
                hooks: false,
            })
        );
        let hooks = parse(&["setup", "gemini", "--hooks"]).unwrap();
        assert!(matches!(
            hooks.command,
            Command::Setup(Setup { hooks: true, .. })
        ));
        let refused = |args: &[&str]| parse(args).unwrap_err();
        assert!(refused(&["setup", "claude", "--hooks", "--via", "npx"]).contains("not --hooks"));
        assert!(refused(&["tools", "--hooks"]).contains("go with `setup`"));
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
