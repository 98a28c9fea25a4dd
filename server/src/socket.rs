//! The choice of the one tmux socket a server process uses, made at startup and frozen: a `-S`/`-L` flag,
//! else LIBTMUX_SOCKET_PATH, else LIBTMUX_SOCKET, else the dedicated daemon `libtmux-mcp`.

use std::path::{Path, PathBuf};

use tmux::socket::{DEDICATED_NAME, Selector, Socket, Source};

use crate::environment::{self as env, Environment};

/// The socket flags given on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SocketFlags {
    pub path: Option<PathBuf>,
    pub name: Option<String>,
}

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
    Socket::new(
        selector,
        source,
        config,
        vars.get(env::TMUX_TMPDIR).ok().flatten(),
        vars.inherited_from(env::TMUX_TMPDIR).cloned(),
    )
}

fn non_empty<'a>(vars: &'a Environment, name: &str) -> Result<Option<&'a str>, String> {
    match vars.get(name)? {
        Some("") => Err(format!("{name} is empty; unset it or name a socket")),
        other => Ok(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choose(flags: SocketFlags, pairs: &[(&'static str, &str)]) -> Result<Socket, String> {
        super::choose(&flags, &Environment::from_pairs(pairs))
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
                .join(tmux::socket::socket_dir(Some("/x")).file_name().unwrap())
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
