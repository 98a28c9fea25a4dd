//! `setup AGENT --hooks`: the hook lines of the Agents' state page for Claude Code, Codex and
//! Gemini CLI, printed, or added to the agent's own settings (`--write`) with every other byte
//! of them kept. The page shows what this module prints (a test holds the two equal).

use std::path::{Path, PathBuf};

use jsonc_parser::cst::CstInputValue;
use serde_json::json;

use super::{Client, Written, jsonc, replace_file};

/// What a hook reports: the state, and whether it counts a turn (the lines that end a turn or
/// ask do, in the option's `-turn` twin).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Report {
    Working,
    Asking,
    Idle,
}

/// One agent's hooks: the event, the matcher when the agent's hook format takes one, and what
/// it reports. The Agents' state page says why each event is there.
fn events(agent: Client) -> &'static [(&'static str, Option<&'static str>, Report)] {
    use Report::*;
    match agent {
        Client::Claude => &[
            ("UserPromptSubmit", None, Working),
            ("PreToolUse", Some("*"), Working),
            ("Notification", Some("permission_prompt"), Asking),
            ("Notification", Some("elicitation_dialog"), Asking),
            ("Stop", None, Idle),
        ],
        Client::Codex => &[
            ("UserPromptSubmit", None, Working),
            ("PermissionRequest", None, Asking),
            ("PreToolUse", None, Working),
            ("Stop", None, Idle),
        ],
        Client::Gemini => &[
            ("BeforeAgent", None, Working),
            ("Notification", None, Asking),
            ("AfterTool", None, Working),
            ("AfterAgent", None, Idle),
        ],
        Client::VsCode | Client::Cursor => &[],
    }
}

/// Codex runs hooks only behind this feature flag of its `config.toml`.
const CODEX_FLAG: &str = "[features]\ncodex_hooks = true\n";

/// The hooks that report an agent's state in `option`, for one agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hooks {
    agent: Client,
    option: String,
}

impl Hooks {
    /// The hooks for `agent`, reporting in the pane option `option` (`@agent-state`, or what
    /// `LIBTMUX_AGENT_STATE_OPTION` names).
    pub fn new(agent: Client, option: &str) -> Result<Hooks, String> {
        if events(agent).is_empty() {
            return Err("--hooks is for the agents: claude, codex or gemini".into());
        }
        Ok(Hooks {
            agent,
            option: option.to_owned(),
        })
    }

    /// The settings file the hooks go in unless `--config` names another: Claude Code's
    /// `settings.json`, Codex's `hooks.json` (its `config.toml`, which takes the feature flag,
    /// is the one beside it), Gemini CLI's `settings.json`.
    pub fn file(&self, var: impl Fn(&str) -> Option<String>) -> Result<PathBuf, String> {
        let set = |name: &str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
        let home = || set("HOME").ok_or("HOME is not set; name the file with --config FILE");
        Ok(match self.agent {
            Client::Claude => set("CLAUDE_CONFIG_DIR")
                .map_or_else(|| home().map(|h| h.join(".claude")), Ok)?
                .join("settings.json"),
            Client::Codex => set("CODEX_HOME")
                .map_or_else(|| home().map(|h| h.join(".codex")), Ok)?
                .join("hooks.json"),
            _ => home()?.join(".gemini/settings.json"),
        })
    }

    /// The shell line a hook runs to report `report`: Gemini CLI reads a hook's output as JSON.
    fn command(&self, report: Report) -> String {
        let option = &self.option;
        let set = |state: &str| format!("tmux set-option -p -t \"$TMUX_PANE\" {option} {state}");
        let counted = |state: &str| {
            format!(
                "{} \\; set-option -pF -t \"$TMUX_PANE\" {option}-turn \"#{{e|+:#{{{option}-turn}},1}}\"",
                set(state)
            )
        };
        let line = match report {
            Report::Working => set("working"),
            Report::Asking => counted("asking"),
            Report::Idle => counted("idle"),
        };
        match self.agent {
            Client::Gemini => format!("{line}; echo '{{}}'"),
            _ => line,
        }
    }

    /// Each event with its hook group, in order, its keys in the order written.
    fn groups(&self) -> Vec<(&'static str, CstInputValue)> {
        let text = |s: &str| CstInputValue::String(s.to_owned());
        events(self.agent)
            .iter()
            .map(|&(event, matcher, report)| {
                let hook = CstInputValue::Object(vec![
                    ("type".into(), text("command")),
                    ("command".into(), text(&self.command(report))),
                ]);
                let mut group: Vec<(String, CstInputValue)> = Vec::new();
                if let Some(m) = matcher {
                    group.push(("matcher".into(), text(m)));
                }
                group.push(("hooks".into(), CstInputValue::Array(vec![hook])));
                (event, CstInputValue::Object(group))
            })
            .collect()
    }

    /// What a person pastes: the hooks as the Agents' state page shows them (a group a line),
    /// and for Codex first the feature flag for its `config.toml`.
    pub fn text(&self) -> String {
        let mut events: Vec<(&str, Vec<String>)> = Vec::new();
        for (event, group) in self.groups() {
            let line = one_line(&group);
            match events.iter_mut().find(|(e, _)| *e == event) {
                Some((_, lines)) => lines.push(line),
                None => events.push((event, vec![line])),
            }
        }
        let body: Vec<String> = events
            .iter()
            .map(|(event, lines)| {
                format!(
                    "    {}: [\n      {}\n    ]",
                    json!(event),
                    lines.join(",\n      ")
                )
            })
            .collect();
        let json = format!("{{\n  \"hooks\": {{\n{}\n  }}\n}}\n", body.join(",\n"));
        match self.agent {
            Client::Codex => format!("{CODEX_FLAG}\n{json}"),
            _ => json,
        }
    }

    /// Adds the hooks to `file` (and for Codex the feature flag to the `config.toml` beside
    /// it), keeping every other byte, and every other hook, as it was. Refuses, changing
    /// nothing, where a hook of the same event already reports in this option differently, or
    /// the flag is set otherwise.
    pub fn write(&self, file: &Path) -> Result<Written, String> {
        let read = |file: &Path| match std::fs::read_to_string(file) {
            Ok(text) => Ok(text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
            Err(e) => Err(format!("cannot read {}: {e}", file.display())),
        };
        // Claude Code's and Codex's files are plain JSON; Gemini CLI reads comments.
        let comments = self.agent == Client::Gemini;
        let hooks = jsonc::add_hooks(&read(file)?, &self.option, &self.groups(), comments)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        let flag = match self.agent {
            Client::Codex => {
                let config = file.with_file_name("config.toml");
                let edited = codex_flag(&read(&config)?)
                    .map_err(|e| format!("{}: {e}", config.display()))?;
                edited.map(|text| (config, text))
            }
            _ => None,
        };
        if hooks.is_none() && flag.is_none() {
            return Ok(Written::Unchanged);
        }
        // The flag first: hooks Codex would not run are a change that says nothing.
        if let Some((config, text)) = flag {
            replace_file(&config, &text)?;
        }
        if let Some(text) = hooks {
            replace_file(file, &text)?;
        }
        Ok(Written::Added)
    }
}

/// A hook group on one line, as the page writes it: `{"matcher": "*", "hooks": [...]}`.
fn one_line(value: &CstInputValue) -> String {
    match value {
        CstInputValue::Object(fields) => {
            let fields: Vec<String> = fields
                .iter()
                .map(|(k, v)| format!("{}: {}", json!(k), one_line(v)))
                .collect();
            format!("{{{}}}", fields.join(", "))
        }
        CstInputValue::Array(items) => {
            let items: Vec<String> = items.iter().map(one_line).collect();
            format!("[{}]", items.join(", "))
        }
        scalar => jsonc::value(scalar).to_string(),
    }
}

/// `text` (Codex's `config.toml`) with `codex_hooks = true` under `[features]`; `None` when it
/// is there already.
fn codex_flag(text: &str) -> Result<Option<String>, String> {
    let mut document: toml_edit::DocumentMut = text
        .parse()
        .map_err(|e| format!("is not valid TOML ({e}); mend it, then run this again"))?;
    match document.get("features").map(|f| f.get("codex_hooks")) {
        Some(Some(flag)) if flag.as_bool() == Some(true) => return Ok(None),
        Some(Some(flag)) => {
            return Err(format!(
                "sets codex_hooks = {} under [features], and Codex runs no hook without it; \
                 nothing was changed. Set it to true, then run this again",
                flag.to_string().trim()
            ));
        }
        Some(None) if !document["features"].is_table_like() => {
            return Err("its features is not a table, which the flag can join; add \
                        codex_hooks = true under [features] by hand"
                .into());
        }
        _ => {}
    }
    if document.get("features").is_none() {
        // Appended as the page writes it, so the file reads like the lines printed.
        let mut edited = text.to_owned();
        if !edited.is_empty() && !edited.ends_with('\n') {
            edited.push('\n');
        }
        if !edited.is_empty() {
            edited.push('\n');
        }
        edited.push_str(CODEX_FLAG);
        return Ok(Some(edited));
    }
    document["features"]["codex_hooks"] = toml_edit::value(true);
    Ok(Some(document.to_string()))
}
