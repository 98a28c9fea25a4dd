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
    /// The socket `selector` names; a name is looked up in tmux's socket directory under
    /// `tmpdir` (`$TMUX_TMPDIR`, else /tmp). Touches no tmux.
    pub fn new(
        selector: Selector,
        source: Source,
        config: Option<PathBuf>,
        tmpdir: Option<&str>,
    ) -> Result<Socket, String> {
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
