//! The one tmux socket a server process uses, chosen at startup and frozen: a `-S`/`-L` flag,
//! else LIBTMUX_SOCKET_PATH, else LIBTMUX_SOCKET, else the dedicated daemon `libtmux-mcp`.

use std::ffi::OsString;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use crate::environment::{self as env, Environment};

/// Socket name of the dedicated daemon.
pub const DEDICATED_NAME: &str = "libtmux-mcp";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selector {
    /// `-L`: a socket name in tmux's socket directory.
    Name(String),
    /// `-S`: a socket path.
    Path(PathBuf),
}

/// Where the socket choice came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Flag,
    Environment(&'static str),
    Dedicated,
}

/// The socket flags given on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SocketFlags {
    pub path: Option<PathBuf>,
    pub name: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Socket {
    pub selector: Selector,
    pub source: Source,
    /// LIBTMUX_TMUX_CONFIG: the configuration for a server tmux starts.
    pub config: Option<PathBuf>,
    /// Where the socket file is (or will be).
    pub path: PathBuf,
}

impl Socket {
    /// Decides the socket from flags and environment, without touching tmux.
    pub fn choose(flags: &SocketFlags, vars: &Environment) -> Result<Socket, String> {
        let config = match vars.get(env::TMUX_CONFIG)? {
            None => None,
            Some("") => {
                return Err(format!(
                    "{} is empty; unset it or give the absolute path of a tmux configuration file",
                    env::TMUX_CONFIG
                ));
            }
            Some(p) if !Path::new(p).is_absolute() => {
                return Err(format!(
                    "{} must be an absolute path, got {p:?}",
                    env::TMUX_CONFIG
                ));
            }
            Some(p) if !Path::new(p).is_file() => {
                return Err(format!(
                    "{} names {p:?}, which is not a readable file",
                    env::TMUX_CONFIG
                ));
            }
            Some(p) => Some(PathBuf::from(p)),
        };
        let (selector, source) = match (&flags.path, &flags.name) {
            (Some(_), Some(_)) => {
                return Err("give either -S/--socket or -L/--socket-name, not both".into());
            }
            (Some(p), None) => (Selector::Path(p.clone()), Source::Flag),
            (None, Some(n)) => (Selector::Name(n.clone()), Source::Flag),
            (None, None) => match (
                non_empty(vars, env::SOCKET_PATH)?,
                non_empty(vars, env::SOCKET_NAME)?,
            ) {
                (Some(p), _) => (
                    Selector::Path(PathBuf::from(p)),
                    Source::Environment(env::SOCKET_PATH),
                ),
                (None, Some(n)) => (
                    Selector::Name(n.to_owned()),
                    Source::Environment(env::SOCKET_NAME),
                ),
                (None, None) => (Selector::Name(DEDICATED_NAME.to_owned()), Source::Dedicated),
            },
        };
        let path = match &selector {
            Selector::Name(name) => {
                if name.is_empty() || name.contains('/') {
                    return Err(format!(
                        "socket name {name:?} must be non-empty and hold no '/'; use -S/--socket for a path"
                    ));
                }
                socket_dir(vars).join(name)
            }
            Selector::Path(p) => {
                std::path::absolute(p).map_err(|e| format!("socket path {}: {e}", p.display()))?
            }
        };
        Ok(Socket {
            selector,
            source,
            config,
            path,
        })
    }

    /// Whether this is the launcher's own daemon.
    pub fn dedicated(&self) -> bool {
        self.source == Source::Dedicated
    }

    /// `name:<n>` or `path:<p>`, as the capabilities report gives it.
    pub fn selector_text(&self) -> String {
        match &self.selector {
            Selector::Name(n) => format!("name:{n}"),
            Selector::Path(p) => format!("path:{}", p.display()),
        }
    }

    /// Where the choice came from, for people.
    pub fn source_text(&self) -> String {
        match self.source {
            Source::Flag => match self.selector {
                Selector::Name(_) => "-L flag".into(),
                Selector::Path(_) => "-S flag".into(),
            },
            Source::Environment(var) => var.to_owned(),
            Source::Dedicated => "default dedicated daemon".into(),
        }
    }

    /// The arguments selecting this socket, before any tmux command. The socket is always
    /// named explicitly, so `$TMUX` can never redirect a command elsewhere.
    pub fn global_args(&self, config: Option<&Path>) -> Vec<OsString> {
        // -u: UTF-8 output whatever the locale; without it tmux turns the field separator
        // (a control character) and every non-ASCII character into `_`.
        let mut args = vec![OsString::from("-u")];
        match &self.selector {
            // -L lets tmux create its socket directory with the permissions it insists on.
            Selector::Name(n) => args.extend([OsString::from("-L"), OsString::from(n)]),
            Selector::Path(_) => {
                args.extend([OsString::from("-S"), self.path.clone().into_os_string()])
            }
        }
        if let Some(c) = config.or(self.config.as_deref()) {
            args.push("-f".into());
            args.push(c.as_os_str().to_owned());
        }
        args
    }

    /// A command a person can run to look at this server.
    pub fn attach_command(&self) -> String {
        format!(
            "tmux -S {} attach",
            shell_quote(&self.path.to_string_lossy())
        )
    }
}

fn non_empty<'a>(vars: &'a Environment, name: &str) -> Result<Option<&'a str>, String> {
    match vars.get(name)? {
        Some("") => Err(format!("{name} is empty; unset it or name a socket")),
        other => Ok(other),
    }
}

/// tmux's socket directory: `$TMUX_TMPDIR` (or /tmp) plus `tmux-<uid>`.
fn socket_dir(vars: &Environment) -> PathBuf {
    let base = vars
        .get(env::TMUX_TMPDIR)
        .ok()
        .flatten()
        .filter(|s| !s.is_empty())
        .unwrap_or("/tmp");
    // The owner of /proc/self is this process's user; std has no getuid.
    let uid = std::fs::metadata("/proc/self")
        .map(|m| m.uid())
        .unwrap_or(0);
    PathBuf::from(base).join(format!("tmux-{uid}"))
}

fn shell_quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c))
    {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choose(flags: SocketFlags, pairs: &[(&'static str, &str)]) -> Result<Socket, String> {
        Socket::choose(&flags, &Environment::from_pairs(pairs))
    }

    #[test]
    fn flags_beat_environment_and_path_beats_name() {
        let pairs = [
            (env::SOCKET_PATH, "/tmp/a.sock"),
            (env::SOCKET_NAME, "b"),
            (env::TMUX_TMPDIR, "/x"),
        ];
        let s = choose(
            SocketFlags {
                name: Some("c".into()),
                path: None,
            },
            &pairs,
        )
        .unwrap();
        assert_eq!(
            s.path,
            PathBuf::from("/x")
                .join(
                    socket_dir(&Environment::from_pairs(&pairs))
                        .file_name()
                        .unwrap()
                )
                .join("c")
        );
        let s = choose(SocketFlags::default(), &pairs).unwrap();
        assert_eq!(s.path, PathBuf::from("/tmp/a.sock"));
        assert_eq!(s.source, Source::Environment(env::SOCKET_PATH));
        let s = choose(SocketFlags::default(), &[(env::SOCKET_NAME, "b")]).unwrap();
        assert_eq!(s.selector, Selector::Name("b".into()));
        let s = choose(SocketFlags::default(), &[]).unwrap();
        assert!(s.dedicated());
        assert_eq!(s.selector, Selector::Name(DEDICATED_NAME.into()));
    }

    #[test]
    fn refuses_contradictions_and_bad_values() {
        let both = SocketFlags {
            name: Some("a".into()),
            path: Some("/b".into()),
        };
        assert!(choose(both, &[]).unwrap_err().contains("not both"));
        assert!(choose(SocketFlags::default(), &[(env::SOCKET_NAME, "")]).is_err());
        assert!(
            choose(
                SocketFlags::default(),
                &[(env::TMUX_CONFIG, "relative.conf")]
            )
            .unwrap_err()
            .contains("absolute")
        );
        assert!(
            choose(
                SocketFlags::default(),
                &[(env::TMUX_CONFIG, "/nonexistent/x.conf")]
            )
            .is_err()
        );
        assert!(
            choose(
                SocketFlags {
                    name: Some("a/b".into()),
                    path: None
                },
                &[]
            )
            .is_err()
        );
    }
}
