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
/// The pane option agents' hooks report their state in.
pub const AGENT_STATE_OPTION: &str = "LIBTMUX_AGENT_STATE_OPTION";
/// Where process state is read: `proc` (Linux) or `ps`.
pub const PROCESS_READER: &str = "LIBTMUX_PROCESS_READER";
/// The bearer token HTTP clients must send (`serve --http`).
pub const HTTP_TOKEN: &str = "LIBTMUX_HTTP_TOKEN";
/// Other machines to reach over SSH.
pub const HOSTS: &str = "LIBTMUX_HOSTS";
/// A variable an operator sets, as `--help` and the docs' settings page describe it: the one
/// description of each.
pub struct Setting {
    pub name: &'static str,
    /// One line of `tmux-mcp --help`.
    pub usage: &'static str,
    /// The settings page's description (Markdown).
    pub doc: &'static str,
    /// The site page that says more.
    pub page: &'static str,
    /// Passed on to the tmux-mcp each of `LIBTMUX_HOSTS` runs, so a host serves as this
    /// server does (the socket as chosen, whether by flag or variable).
    pub forwarded: bool,
}

/// Every variable an operator sets, in the order the docs give them.
pub const SETTINGS: [Setting; 15] = [
    Setting {
        name: SOCKET_PATH,
        usage: "a tmux socket path (as -S; the flag wins)",
        doc: "Path of the socket of the tmux server to drive, as `-S`.",
        page: "clients.md",
        forwarded: true,
    },
    Setting {
        name: SOCKET_NAME,
        usage: "a tmux socket name (as -L; default is the server you use yourself)",
        doc: "Name of the socket, as `-L` (`default` for the tmux server you use yourself). With neither \
              set, nor a flag: the dedicated daemon `libtmux-mcp`, started when absent.",
        page: "clients.md",
        forwarded: true,
    },
    Setting {
        name: TMUX_CONFIG,
        usage: "absolute path of a tmux configuration for a server tmux starts",
        doc: "Absolute path of the tmux configuration a server tmux starts reads (else the dedicated \
              daemon gets a minimal one).",
        page: "clients.md",
        forwarded: false,
    },
    Setting {
        name: TOOLSETS,
        usage: "toolsets to offer: inspect, manage, execute, teardown (\"\" = none)",
        doc: "Toolsets to offer, comma-separated: `inspect`, `manage`, `execute`, `teardown`. Unset: \
              `inspect,manage,execute`, plus `teardown` when this launch created the dedicated \
              daemon with its minimal configuration. Empty: none.",
        page: "selection.md",
        forwarded: true,
    },
    Setting {
        name: TOOLS,
        usage: "tools to add by name",
        doc: "Tools to add by exact name.",
        page: "selection.md",
        forwarded: true,
    },
    Setting {
        name: EXCLUDE_TOOLS,
        usage: "tools to remove by name (wins over everything)",
        doc: "Tools to remove by exact name; exclusions win over everything, also inside the batch tool.",
        page: "selection.md",
        forwarded: true,
    },
    Setting {
        name: ENVIRONMENT_VALUES,
        usage: "names of environment variables whose values show_environment may return",
        doc: "Names of environment variables whose values `show_environment` may return (others: \
              names only).",
        page: "tools/show_environment.md",
        forwarded: true,
    },
    Setting {
        name: MASK_SECRETS,
        usage: "on (default): mask secret-shaped text read from panes; off: built-in detectors off",
        doc: "`on` (default): text a tool returns from a pane has secret-shaped spans (cloud and API \
              keys, tokens, JWTs, private keys, credentials in URLs) replaced by \
              `[masked:<detector>]`. `off`: the built-in detectors are off.",
        page: "trust.md",
        forwarded: true,
    },
    Setting {
        name: MASK_PATTERNS,
        usage: "more regular expressions to mask, one per line",
        doc: "More regular expressions to mask, one per line; a group named `secret` masks only that \
              group. Marker `[masked:pattern]`.",
        page: "trust.md",
        forwarded: true,
    },
    Setting {
        name: AUDIT_LOG,
        usage: "absolute path of a redacted audit log (JSON lines, mode 0600)",
        doc: "Absolute path of an audit log: a JSON line per call and batch row (tool, targets, \
              outcome, duration, and the arguments' shape: strings other than target ids only as \
              length and digest). Mode 0600, rotated at 16 MiB.",
        page: "trust.md",
        forwarded: false,
    },
    Setting {
        name: WRITE_SCOPE,
        usage: "all (default), or created: change only what tmux-mcp created or a person granted",
        doc: "`all` (default), or `created`: the manage, execute and teardown tools act only on \
              sessions, windows and panes tmux-mcp created or a person granted \
              (`@tmux-mcp-grant on`); reads stay open.",
        page: "trust.md",
        forwarded: true,
    },
    Setting {
        name: AGENT_STATE_OPTION,
        usage: "the pane option agents' hooks set to report their state (default @agent-state)",
        doc: "The tmux pane option an agent's lifecycle hooks set to report its state (`working`, \
              `asking`, `idle`, and the words status plugins use), read into `agent_state` and by \
              `wait_for_agent`. Default `@agent-state`; set it to the option the status plugin you \
              use already writes (`@claude_status`, say).",
        page: "agents.md",
        forwarded: true,
    },
    Setting {
        name: PROCESS_READER,
        usage: "proc (default on Linux) or ps (default elsewhere): how pane processes are read",
        doc: "Where the state of panes' processes (the foreground program, a shell at its prompt, \
              the server's own pane) is read: `proc`, Linux's `/proc` (the default there), or \
              `ps`, the POSIX fields of `ps(1)` (the default on macOS and the BSDs; on Linux, to \
              try what they would do).",
        page: "tmux.md",
        forwarded: false,
    },
    Setting {
        name: HTTP_TOKEN,
        usage: "the bearer token HTTP clients send (unset: a random one, written to a 0600 file)",
        doc: "With `serve --http`: the bearer token clients must send (at least 16 printable \
              characters). Unset: a random one, written to a new 0600 file beside the socket, \
              whose path stderr names.",
        page: "http.md",
        forwarded: false,
    },
    Setting {
        name: HOSTS,
        usage: "other machines to reach over SSH: [user@]host[:port] or ~/.ssh/config names, comma-separated",
        doc: "SSH destinations, comma-separated: a `Host` name from `~/.ssh/config` or \
              `[user@]host[:port]`. Every tool then takes `host` (one of these; absent: this \
              machine), and `list_hosts` reports each. Each host runs this same tmux-mcp over one \
              persistent `ssh`, with the settings marked *passed on*.",
        page: "hosts.md",
        forwarded: false,
    },
];

/// Settings from older releases that must not be silently ignored.
pub const RETIRED: [&str; 2] = ["LIBTMUX_SAFETY", "TMUX_MCP_SAFETY"];
/// Set by tmux inside a pane: the pane the process runs in (a hint; see `caller`).
pub const TMUX_PANE: &str = "TMUX_PANE";
/// tmux's directory for sockets.
pub const TMUX_TMPDIR: &str = "TMUX_TMPDIR";

/// Read besides the settings: the retired ones (to refuse them), and what tmux and the system
/// set.
const ALSO_READ: [&str; 5] = [RETIRED[0], RETIRED[1], TMUX_PANE, TMUX_TMPDIR, "TMPDIR"];

/// Taken from the nearest process this one descends from when this one lacks it: clients that
/// start servers with a reduced environment drop it (Codex passes only HOME and PATH), and the
/// person's tmux lives where it says.
const INHERITED: [&str; 1] = [TMUX_TMPDIR];

#[derive(Debug, Clone, Default)]
pub struct Environment {
    vars: BTreeMap<&'static str, OsString>,
    /// The variables of [`INHERITED`] taken from an ancestor: its pid and name.
    inherited: BTreeMap<&'static str, (u32, String)>,
}

impl Environment {
    pub fn from_process() -> Self {
        let mut vars: BTreeMap<_, _> = SETTINGS
            .iter()
            .map(|s| s.name)
            .chain(ALSO_READ)
            .filter_map(|k| std::env::var_os(k).map(|v| (k, v)))
            .collect();
        let mut inherited = BTreeMap::new();
        for name in INHERITED {
            if vars.contains_key(name) {
                continue;
            }
            if let Some((pid, process, value)) = tmux::process::inherited(name) {
                vars.insert(name, value);
                inherited.insert(name, (pid, process));
            }
        }
        Environment { vars, inherited }
    }

    /// For tests: only the given variables are set.
    pub fn from_pairs(pairs: &[(&'static str, &str)]) -> Self {
        Environment {
            vars: pairs.iter().map(|(k, v)| (*k, OsString::from(v))).collect(),
            inherited: BTreeMap::new(),
        }
    }

    /// The process `name` was taken from (its pid and name), when this process lacked it.
    pub fn inherited_from(&self, name: &str) -> Option<&(u32, String)> {
        self.inherited.get(name)
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
