//! A snapshot of the environment variables the server reads, taken once at startup so every
//! decision sees the same values and tests can supply their own.

use std::collections::BTreeMap;
use std::ffi::OsString;

/// Variables that choose the socket.
pub const SOCKET_PATH: &str = "LIBTMUX_SOCKET_PATH";
pub const SOCKET_NAME: &str = "LIBTMUX_SOCKET";
pub const TMUX_CONFIG: &str = "LIBTMUX_TMUX_CONFIG";
/// Variables that choose the tools.
pub const TOOLSETS: &str = "LIBTMUX_TOOLSETS";
pub const TOOLS: &str = "LIBTMUX_TOOLS";
pub const EXCLUDE_TOOLS: &str = "LIBTMUX_EXCLUDE_TOOLS";
/// Names of environment variables whose values show_environment may return.
pub const ENVIRONMENT_VALUES: &str = "LIBTMUX_ENVIRONMENT_VALUES";
/// Variables of the trust settings: secret masking, the audit log, the write scope.
pub const MASK_SECRETS: &str = "LIBTMUX_MASK_SECRETS";
pub const MASK_PATTERNS: &str = "LIBTMUX_MASK_PATTERNS";
pub const AUDIT_LOG: &str = "LIBTMUX_AUDIT_LOG";
pub const WRITE_SCOPE: &str = "LIBTMUX_WRITE_SCOPE";
/// The bearer token HTTP clients must send (`serve --http`).
pub const HTTP_TOKEN: &str = "LIBTMUX_HTTP_TOKEN";
/// Settings from older releases that must not be silently ignored.
pub const RETIRED: [&str; 2] = ["LIBTMUX_SAFETY", "TMUX_MCP_SAFETY"];
/// Set by tmux inside a pane: the pane the process runs in (a hint; see `caller`).
pub const TMUX_PANE: &str = "TMUX_PANE";
/// tmux's directory for sockets.
pub const TMUX_TMPDIR: &str = "TMUX_TMPDIR";

const READ: [&str; 17] = [
    SOCKET_PATH,
    SOCKET_NAME,
    TMUX_CONFIG,
    TOOLSETS,
    TOOLS,
    EXCLUDE_TOOLS,
    ENVIRONMENT_VALUES,
    MASK_SECRETS,
    MASK_PATTERNS,
    AUDIT_LOG,
    WRITE_SCOPE,
    HTTP_TOKEN,
    RETIRED[0],
    RETIRED[1],
    TMUX_PANE,
    TMUX_TMPDIR,
    "TMPDIR",
];

#[derive(Debug, Clone, Default)]
pub struct Environment {
    vars: BTreeMap<&'static str, OsString>,
}

impl Environment {
    pub fn from_process() -> Self {
        let vars = READ
            .iter()
            .filter_map(|&k| std::env::var_os(k).map(|v| (k, v)))
            .collect();
        Environment { vars }
    }

    /// For tests: only the given variables are set.
    pub fn from_pairs(pairs: &[(&'static str, &str)]) -> Self {
        Environment {
            vars: pairs.iter().map(|(k, v)| (*k, OsString::from(v))).collect(),
        }
    }

    pub fn is_set(&self, name: &str) -> bool {
        self.vars.contains_key(name)
    }

    /// The value, if set; an error names the variable when it is not UTF-8.
    pub fn get(&self, name: &str) -> Result<Option<&str>, String> {
        match self.vars.get(name) {
            None => Ok(None),
            Some(v) => v
                .to_str()
                .map(Some)
                .ok_or_else(|| format!("{name} is not valid UTF-8; set it to plain text")),
        }
    }
}
