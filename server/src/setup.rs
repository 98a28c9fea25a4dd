//! `tmux-mcp setup CLIENT`: the entry a client's configuration needs to start this server, as
//! text to paste, or added to the client's own file (`--write`) with everything else in that
//! file kept as the person wrote it. The Clients page shows what this module writes.

pub mod hooks;
mod jsonc;

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::environment as env;
use crate::socket::SocketFlags;

/// The clients `setup` knows, by the name it is given on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Client {
    Claude,
    Codex,
    Gemini,
    VsCode,
    Cursor,
}

impl Client {
    pub const NAMES: &'static str = "claude, codex, gemini, vscode or cursor";

    pub fn parse(name: &str) -> Result<Client, String> {
        Ok(match name {
            "claude" => Client::Claude,
            "codex" => Client::Codex,
            "gemini" => Client::Gemini,
            "vscode" => Client::VsCode,
            "cursor" => Client::Cursor,
            other => return Err(format!("unknown client {other:?}; say {}", Client::NAMES)),
        })
    }

    /// The file `--write` edits unless `--config` names another: the client's own file for
    /// the person (user scope), wherever the client's variables move it.
    pub fn config_file(self, var: impl Fn(&str) -> Option<String>) -> Result<PathBuf, String> {
        let home = || {
            var("HOME")
                .filter(|h| !h.is_empty())
                .map(PathBuf::from)
                .ok_or("HOME is not set; name the file with --config FILE")
        };
        Ok(match self {
            Client::Claude => match var("CLAUDE_CONFIG_DIR").filter(|d| !d.is_empty()) {
                Some(dir) => PathBuf::from(dir).join(".claude.json"),
                None => home()?.join(".claude.json"),
            },
            Client::Codex => match var("CODEX_HOME").filter(|d| !d.is_empty()) {
                Some(dir) => PathBuf::from(dir).join("config.toml"),
                None => home()?.join(".codex/config.toml"),
            },
            Client::Gemini => home()?.join(".gemini/settings.json"),
            Client::VsCode if cfg!(target_os = "macos") => {
                home()?.join("Library/Application Support/Code/User/mcp.json")
            }
            Client::VsCode => match var("XDG_CONFIG_HOME").filter(|d| !d.is_empty()) {
                Some(dir) => PathBuf::from(dir).join("Code/User/mcp.json"),
                None => home()?.join(".config/Code/User/mcp.json"),
            },
            Client::Cursor => home()?.join(".cursor/mcp.json"),
        })
    }

    /// The key of the object that holds a JSON client's servers.
    fn servers_key(self) -> &'static str {
        match self {
            Client::VsCode => "servers",
            _ => "mcpServers",
        }
    }
}

/// How the client starts the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// `tmux-mcp` as installed (cargo, a release, Homebrew), by name; `setup` gives its full
    /// path instead when the one on PATH is not the one it runs beside ([`installed_command`]).
    Installed,
    /// `uvx tmux-agent-mcp`: PyPI's package, fetched and cached by uv.
    Uvx,
    /// `npx -y tmux-agent-mcp`: npm's package.
    Npx,
}

impl Via {
    pub const NAMES: &'static str = "installed, uvx or npx";

    pub fn parse(name: &str) -> Result<Via, String> {
        Ok(match name {
            "installed" => Via::Installed,
            "uvx" => Via::Uvx,
            "npx" => Via::Npx,
            other => return Err(format!("unknown --via {other:?}; say {}", Via::NAMES)),
        })
    }

    /// How this process was started, judged from where its binary lies: uv's and npx's
    /// caches are not on PATH, so an entry must go through them again.
    pub fn of_this_process() -> Via {
        let exe = std::env::current_exe().unwrap_or_default();
        let exe = exe.to_string_lossy();
        if exe.contains("/_npx/") {
            Via::Npx
        } else if exe.contains("/.cache/uv/") || exe.contains("/uv/archive-") {
            Via::Uvx
        } else {
            Via::Installed
        }
    }
}

/// The published package name (crates.io, PyPI, npm): crates.io's and PyPI's `tmux-mcp` are
/// other projects'.
pub const PACKAGE: &str = "tmux-agent-mcp";

/// One client's entry for one way of starting the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub client: Client,
    /// The server's name in the client (`tmux`).
    pub name: String,
    pub command: String,
    pub args: Vec<String>,
    /// The `LIBTMUX_*` settings the server starts with.
    pub env: Vec<(String, String)>,
}

impl Entry {
    /// The entry for `client` starting the server `via`, on the socket `flags` name, with the
    /// settings of `vars` (each `LIBTMUX_*` variable set, but the HTTP token, which a stdio
    /// server never reads and a configuration file should not hold).
    pub fn new(
        client: Client,
        name: &str,
        via: Via,
        flags: &SocketFlags,
        vars: impl Fn(&str) -> Option<String>,
    ) -> Entry {
        let (command, mut args) = match via {
            Via::Installed => (crate::NAME.to_owned(), Vec::new()),
            Via::Uvx => ("uvx".to_owned(), vec![PACKAGE.to_owned()]),
            Via::Npx => ("npx".to_owned(), vec!["-y".to_owned(), PACKAGE.to_owned()]),
        };
        if let Some(path) = &flags.path {
            args.extend(["-S".to_owned(), path.display().to_string()]);
        }
        if let Some(socket) = &flags.name {
            args.extend(["-L".to_owned(), socket.clone()]);
        }
        let env = env::SETTINGS
            .iter()
            .filter(|s| s.name != env::HTTP_TOKEN)
            .filter_map(|s| vars(s.name).map(|v| (s.name.to_owned(), v)))
            .collect();
        Entry {
            client,
            name: name.to_owned(),
            command,
            args,
            env,
        }
    }

    /// What a person pastes: Claude Code's `claude mcp add` line, Codex's TOML table, or the
    /// JSON object of the other clients' files.
    pub fn text(&self) -> String {
        match self.client {
            Client::Claude => {
                let mut line = format!("claude mcp add --scope user {}", shell_word(&self.name));
                for (k, v) in &self.env {
                    line.push_str(&format!(" -e {}", shell_word(&format!("{k}={v}"))));
                }
                line.push_str(" --");
                for word in std::iter::once(&self.command).chain(&self.args) {
                    line.push(' ');
                    line.push_str(&shell_word(word));
                }
                line + "\n"
            }
            Client::Codex => self.toml(),
            // Written into an empty file, so the text is what `--write` writes into one.
            _ => jsonc::add(
                "",
                self.client.servers_key(),
                &self.name,
                &self.json(),
                true,
            )
            .ok()
            .flatten()
            .unwrap_or_default(),
        }
    }

    /// The server's object in a JSON client's file, its keys in the order written.
    fn json(&self) -> Vec<(&'static str, Value)> {
        let mut entry = Vec::new();
        if matches!(self.client, Client::Claude | Client::VsCode) {
            entry.push(("type", json!("stdio")));
        }
        entry.push(("command", json!(self.command)));
        entry.push(("args", json!(self.args)));
        if !self.env.is_empty() || self.client == Client::Claude {
            let env: Map<String, Value> = self
                .env
                .iter()
                .map(|(k, v)| (k.clone(), json!(v)))
                .collect();
            entry.push(("env", Value::Object(env)));
        }
        if self.client == Client::Gemini {
            entry.push(("trust", json!(true)));
        }
        entry
    }

    /// Codex's table, with why each setting is there.
    fn toml(&self) -> String {
        let string = |s: &str| toml_edit::Value::from(s).to_string();
        let list = |items: &[String]| {
            let words: Vec<String> = items.iter().map(|s| string(s)).collect();
            format!("[{}]", words.join(", "))
        };
        let mut text = format!(
            "[mcp_servers.{}]\ncommand = {}\nargs = {}\n",
            toml_key(&self.name),
            string(&self.command),
            list(&self.args)
        );
        if !self.env.is_empty() {
            let pairs: Vec<String> = self
                .env
                .iter()
                .map(|(k, v)| format!("{k} = {}", string(v)))
                .collect();
            text.push_str(&format!("env = {{ {} }}\n", pairs.join(", ")));
        }
        text.push_str(CODEX_SETTINGS);
        text
    }

    /// Adds the entry to `file` (created, with its folder, when absent), keeping every other
    /// byte of it. Refuses, changing nothing, when the file holds another entry of the same
    /// name, or is not a file of the client's format.
    pub fn write(&self, file: &Path) -> Result<Written, String> {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("cannot read {}: {e}", file.display())),
        };
        let edited = match self.client {
            Client::Codex => self.add_to_toml(&text),
            _ => jsonc::add(
                &text,
                self.client.servers_key(),
                &self.name,
                &self.json(),
                self.client != Client::Claude,
            ),
        }
        .map_err(|e| format!("{}: {e}", file.display()))?;
        let Some(edited) = edited else {
            return Ok(Written::Unchanged);
        };
        replace_file(file, &edited)?;
        Ok(Written::Added)
    }

    fn add_to_toml(&self, text: &str) -> Result<Option<String>, String> {
        let document: toml_edit::DocumentMut = text.parse().map_err(|e| {
            format!("is not valid TOML ({e}); mend it or name another file with --config FILE")
        })?;
        let ours: toml_edit::DocumentMut = self
            .toml()
            .parse()
            .map_err(|e| format!("the entry is not valid TOML: {e}"))?;
        let existing = document
            .get("mcp_servers")
            .and_then(|servers| servers.get(&self.name));
        if let Some(existing) = existing {
            let wanted = &ours["mcp_servers"][&self.name];
            if plain(existing) == plain(wanted) {
                return Ok(None);
            }
            return Err(jsonc::differs(&self.name, "[mcp_servers]"));
        }
        // TOML closes an inline table: `[mcp_servers.NAME]` may not extend `mcp_servers = {…}`.
        if document.get("mcp_servers").is_some_and(|s| !s.is_table()) {
            return Err("its mcp_servers is not a [mcp_servers] table, which an entry can join; add the entry by hand".into());
        }
        // Appended as written, so the file reads like the entry printed.
        let mut edited = text.to_owned();
        if !edited.is_empty() && !edited.ends_with('\n') {
            edited.push('\n');
        }
        if !edited.is_empty() {
            edited.push('\n');
        }
        edited.push_str(&self.toml());
        edited
            .parse::<toml_edit::DocumentMut>()
            .map_err(|e| format!("the entry cannot be added to this file ({e}); add it by hand"))?;
        Ok(Some(edited))
    }
}

/// What `--write` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Added,
    /// The file already held this very entry.
    Unchanged,
}

const CODEX_SETTINGS: &str = "\
# Codex passes a server only HOME and PATH: name what finds your tmux server and pane.
env_vars = [\"TMUX\", \"TMUX_PANE\", \"TMUX_TMPDIR\"]
# A wait blocks for up to its `seconds` (at most 600); Codex gives up after 60 by default.
tool_timeout_sec = 600
# Codex asks before every tool that is not read-only, and `codex exec` refuses them:
# let them run, and choose what they may do with LIBTMUX_TOOLSETS instead.
default_tools_approval_mode = \"approve\"
";

/// `tmux-mcp` when that name on PATH is the one beside this binary, else that one's full path.
pub fn installed_command() -> Option<String> {
    let server = std::env::current_exe().ok()?.with_file_name(crate::NAME);
    let this = server.canonicalize().ok()?;
    let on_path = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(crate::NAME))
            .find(|p| p.is_file())
            .and_then(|p| p.canonicalize().ok())
    });
    Some(if on_path == Some(this) {
        crate::NAME.to_owned()
    } else {
        server.display().to_string()
    })
}

/// Writes `text` to `file` through a file beside it renamed over it, so a reader never sees
/// half of it; the permissions of the file it replaces are kept.
fn replace_file(file: &Path, text: &str) -> Result<(), String> {
    let fail = |what: &str, e: std::io::Error| format!("cannot {what} {}: {e}", file.display());
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| fail("create the folder of", e))?;
    }
    let mut temporary = file.as_os_str().to_owned();
    temporary.push(format!(".tmux-mcp-{}", std::process::id()));
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, text).map_err(|e| fail("write beside", e))?;
    if let Ok(old) = std::fs::metadata(file) {
        let _ = std::fs::set_permissions(&temporary, old.permissions());
    }
    std::fs::rename(&temporary, file).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        fail("replace", e)
    })
}

/// A TOML item as plain data, its comments and layout left out, for comparing entries.
fn plain(item: &toml_edit::Item) -> Value {
    fn value(v: &toml_edit::Value) -> Value {
        match v {
            toml_edit::Value::String(s) => json!(s.value()),
            toml_edit::Value::Integer(i) => json!(i.value()),
            toml_edit::Value::Float(f) => json!(f.value()),
            toml_edit::Value::Boolean(b) => json!(b.value()),
            toml_edit::Value::Datetime(d) => json!(d.value().to_string()),
            toml_edit::Value::Array(a) => Value::Array(a.iter().map(value).collect()),
            toml_edit::Value::InlineTable(t) => {
                Value::Object(t.iter().map(|(k, v)| (k.to_owned(), value(v))).collect())
            }
        }
    }
    match item {
        toml_edit::Item::Value(v) => value(v),
        toml_edit::Item::Table(t) => {
            Value::Object(t.iter().map(|(k, v)| (k.to_owned(), plain(v))).collect())
        }
        toml_edit::Item::ArrayOfTables(a) => Value::Array(
            a.iter()
                .map(|t| Value::Object(t.iter().map(|(k, v)| (k.to_owned(), plain(v))).collect()))
                .collect(),
        ),
        toml_edit::Item::None => Value::Null,
    }
}

/// A TOML key, bare when it may be.
fn toml_key(key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if bare {
        key.to_owned()
    } else {
        toml_edit::Value::from(key).to_string()
    }
}

/// A word for a POSIX shell: as it is when nothing in it is special, else single-quoted.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests;
