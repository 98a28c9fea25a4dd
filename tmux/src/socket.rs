//! The one tmux socket a client uses: by name in tmux's socket directory or by path, with the
//! configuration a server it starts reads.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

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
    /// An environment variable, named.
    Environment(&'static str),
    Dedicated,
}

/// Where the socket directory of a socket found by name came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Directory {
    /// This process's `$TMUX_TMPDIR`.
    Own,
    /// The `$TMUX_TMPDIR` of an ancestor (its pid and name), which the client that started
    /// this process did not pass on.
    Inherited(u32, String),
    /// `$TMUX_TMPDIR` unset: tmux's default, /tmp.
    Default,
}

#[derive(Debug, Clone)]
pub struct Socket {
    pub selector: Selector,
    pub source: Source,
    /// For a socket found by name: where its directory came from.
    pub directory: Option<Directory>,
    /// LIBTMUX_TMUX_CONFIG: the configuration for a server tmux starts.
    pub config: Option<PathBuf>,
    /// Where the socket file is (or will be).
    pub path: PathBuf,
}

impl Socket {
    /// The socket `selector` names; a name is looked up in tmux's socket directory under
    /// `tmpdir` (`$TMUX_TMPDIR`, else /tmp), which `inherited` says came from an ancestor
    /// (its pid and name). Touches no tmux.
    pub fn new(
        selector: Selector,
        source: Source,
        config: Option<PathBuf>,
        tmpdir: Option<&str>,
        inherited: Option<(u32, String)>,
    ) -> Result<Socket, String> {
        let tmpdir = tmpdir.filter(|s| !s.is_empty());
        let directory = match (&selector, tmpdir, inherited) {
            (Selector::Path(_), _, _) => None,
            (Selector::Name(_), None, _) => Some(Directory::Default),
            (Selector::Name(_), Some(_), None) => Some(Directory::Own),
            (Selector::Name(_), Some(_), Some((pid, name))) => {
                Some(Directory::Inherited(pid, name))
            }
        };
        let path = match &selector {
            Selector::Name(name) => {
                if name.is_empty() || name.contains('/') {
                    return Err(format!(
                        "socket name {name:?} must be non-empty and hold no '/'; use -S/--socket for a path"
                    ));
                }
                socket_dir(tmpdir).join(name)
            }
            Selector::Path(p) => {
                std::path::absolute(p).map_err(|e| format!("socket path {}: {e}", p.display()))?
            }
        };
        Ok(Socket {
            selector,
            source,
            directory,
            config,
            path,
        })
    }

    /// Where the socket directory came from, for people; `None` for a socket path.
    pub fn directory_text(&self) -> Option<String> {
        Some(match self.directory.as_ref()? {
            Directory::Own => "TMUX_TMPDIR".to_owned(),
            Directory::Inherited(pid, name) => format!(
                "TMUX_TMPDIR of process {pid} ({name}), which the client that started this server did not pass on"
            ),
            Directory::Default => "tmux's default, /tmp (TMUX_TMPDIR is not set)".to_owned(),
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
        match (&self.selector, &self.directory) {
            // The tmux this process starts lacks the inherited $TMUX_TMPDIR too: the path says
            // where (the dedicated daemon's lease makes its directory first).
            (Selector::Name(_), Some(Directory::Inherited(..))) | (Selector::Path(_), _) => {
                args.extend([OsString::from("-S"), self.path.clone().into_os_string()])
            }
            // -L lets tmux create its socket directory with the permissions it insists on.
            (Selector::Name(n), _) => args.extend([OsString::from("-L"), OsString::from(n)]),
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

/// tmux's socket directory: `$TMUX_TMPDIR` (or /tmp) plus `tmux-<uid>`.
pub fn socket_dir(tmpdir: Option<&str>) -> PathBuf {
    let base = tmpdir.filter(|s| !s.is_empty()).unwrap_or("/tmp");
    let uid = crate::process::uid();
    PathBuf::from(base).join(format!("tmux-{uid}"))
}

/// `s` as one word of a POSIX shell command line.
pub fn shell_quote(s: &str) -> String {
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
    use super::{Directory, Selector, Socket, Source};

    #[test]
    fn a_named_socket_says_where_its_directory_came_from() {
        let named = |tmpdir: Option<&str>, inherited: Option<(u32, String)>| {
            let name = Selector::Name("a".into());
            Socket::new(name, Source::Flag, None, tmpdir, inherited).unwrap()
        };
        assert_eq!(named(None, None).directory, Some(Directory::Default));
        assert_eq!(named(Some(""), None).directory, Some(Directory::Default));
        assert_eq!(named(Some("/x"), None).directory, Some(Directory::Own));
        let inherited = named(Some("/x"), Some((7, "codex".into())));
        assert_eq!(
            inherited.directory,
            Some(Directory::Inherited(7, "codex".into()))
        );
        assert!(inherited.path.starts_with("/x"), "{:?}", inherited.path);
        let text = inherited.directory_text().unwrap();
        assert!(
            text.starts_with("TMUX_TMPDIR of process 7 (codex)"),
            "{text}"
        );
        let path = Selector::Path("/s".into());
        let path = Socket::new(path, Source::Flag, None, Some("/x"), None).unwrap();
        assert_eq!((path.directory_text(), path.directory), (None, None));
        // The tmux it starts lacks the inherited directory too.
        let args = |s: &Socket| s.global_args(None)[1..3].to_vec();
        assert_eq!(args(&named(Some("/x"), None)), ["-L", "a"]);
        let at = format!("/x/tmux-{}/a", crate::process::uid());
        assert_eq!(args(&inherited), ["-S", at.as_str()]);
    }
}
