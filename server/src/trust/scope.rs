//! The write scope. Under `created`, a tool that changes tmux or supplies input acts only on
//! sessions, windows and panes this server (or an earlier one) created, or that a person
//! granted; reads stay open. Both facts live on the tmux objects as user options, so they
//! outlast the server and a person can see and change them with `show-options`/`set-option`:
//!
//! - `@tmux-mcp-created on`, set on every session, window and pane a tool creates;
//! - `@tmux-mcp-grant on`, set by a person on a pane, a window or a session.
//!
//! An object is in scope when it or an object holding it (its window, its session) carries
//! either. For a grant the nearest level that sets the option decides, so a person can grant a
//! session and still keep one pane out (`@tmux-mcp-grant off` on it).

use std::path::PathBuf;

use tmux::socket::shell_quote;
use tmux::{Command, Script, Tmux, Verb, session_target};
use tmux_mcp_runtime::{Target, TargetKind};

use crate::catalog::{ErrorKind, ToolError, ToolId, Validated};

pub const CREATED: &str = "@tmux-mcp-created";
pub const GRANT: &str = "@tmux-mcp-grant";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteScope {
    All,
    Created,
}

impl WriteScope {
    pub fn as_str(self) -> &'static str {
        match self {
            WriteScope::All => "all",
            WriteScope::Created => "created",
        }
    }
}

/// The `set-option`/`show-options` scope flag of an object's own options.
fn level_flag(kind: TargetKind) -> Option<&'static str> {
    match kind {
        TargetKind::Pane => Some("-p"),
        TargetKind::Window => Some("-w"),
        TargetKind::Session => None,
    }
}

/// How tmux is told the object.
fn target_text(kind: TargetKind, value: &str) -> String {
    match kind {
        TargetKind::Session => session_target(value),
        _ => value.to_owned(),
    }
}

fn kind_name(kind: TargetKind) -> &'static str {
    match kind {
        TargetKind::Session => "session",
        TargetKind::Window => "window",
        TargetKind::Pane => "pane",
    }
}

/// The levels whose options decide an object, the object's own first.
fn levels(kind: TargetKind) -> &'static [TargetKind] {
    match kind {
        TargetKind::Pane => &[TargetKind::Pane, TargetKind::Window, TargetKind::Session],
        TargetKind::Window => &[TargetKind::Window, TargetKind::Session],
        TargetKind::Session => &[TargetKind::Session],
    }
}

/// The write scope at work: the scope, the tmux whose objects it looks at, and the socket its
/// refusals tell a person to grant on.
pub struct Guard {
    pub scope: WriteScope,
    tmux: Tmux,
    socket_path: PathBuf,
}

impl Guard {
    pub fn new(scope: WriteScope, tmux: Tmux, socket_path: PathBuf) -> Guard {
        Guard {
            scope,
            tmux,
            socket_path,
        }
    }

    /// Refuses, before anything is done, a call of `tool` that would change an object outside
    /// the scope. Under `all`, and for tools that only read, there is nothing to check.
    /// Validated arguments only: malformed ones got the schema's message before, not a failed
    /// look at what they name.
    pub async fn check(&self, call: &Validated) -> Result<(), ToolError> {
        let tool = call.tool();
        if self.scope == WriteScope::All || tool.descriptor().annotations.read_only_hint {
            return Ok(());
        }
        let mut named: Vec<(TargetKind, &str)> = Vec::new();
        for (target, values) in call.targets() {
            if values.is_empty() && !target.required {
                return Err(global(tool, target));
            }
            named.extend(values.into_iter().map(|v| (target.kind, v)));
        }
        if named.is_empty() {
            return Ok(());
        }
        let mut script: Option<Script> = None;
        for (kind, value) in &named {
            for level in levels(*kind) {
                let mut show = Command::new(Verb::ShowOptions);
                if let Some(flag) = level_flag(*level) {
                    show = show.flag(flag);
                }
                let show = show.flag("-q").target(&target_text(*kind, value))?;
                script = Some(match script {
                    None => show.into(),
                    Some(s) => s.then(show),
                });
            }
        }
        let Some(script) = script else { return Ok(()) };
        let out = self.tmux.run_each(script).await?;
        let mut listings = out.iter();
        for (kind, value) in &named {
            let found: Vec<Options> = levels(*kind)
                .iter()
                .map(|_| Options::read(listings.next().unwrap_or_default()))
                .collect();
            let created = found.iter().any(|o| o.created);
            let granted = found.iter().find_map(|o| o.grant).unwrap_or(false);
            if !created && !granted {
                return Err(self.outside(tool, *kind, value));
            }
        }
        Ok(())
    }

    /// Marks what a tool just created as this server's, each object on its own level, so that
    /// it stays owned wherever it is moved.
    pub async fn mark_created(&self, created: &[(TargetKind, &str)]) {
        let mut script: Option<Script> = None;
        for (kind, id) in created {
            let mut set = Command::new(Verb::SetOption);
            if let Some(flag) = level_flag(*kind) {
                set = set.flag(flag);
            }
            let Ok(set) = set
                .target(id)
                .and_then(|c| c.arg(CREATED))
                .and_then(|c| c.arg("on"))
            else {
                return;
            };
            script = Some(match script {
                None => Script::from(set),
                Some(s) => s.then(set),
            });
        }
        // Not marked only when the object is already gone: nothing is left to protect.
        if let Some(script) = script {
            let _ = self.tmux.run(script).await;
        }
    }

    /// The refusal of a change to `value`, saying how a person grants it.
    fn outside(&self, tool: ToolId, kind: TargetKind, value: &str) -> ToolError {
        let tmux = format!(
            "tmux -S {}",
            shell_quote(&self.socket_path.to_string_lossy())
        );
        let flag = level_flag(kind)
            .map(|f| format!("{f} "))
            .unwrap_or_default();
        // Pane and window ids need no quoting; a session name may.
        let target = match kind {
            TargetKind::Session => shell_quote(&target_text(kind, value)),
            _ => value.to_owned(),
        };
        ToolError::new(
            ErrorKind::Refused,
            format!(
                "{} changed nothing: {} {value} was not created by tmux-mcp and no one granted it, and this server changes only those (LIBTMUX_WRITE_SCOPE=created). To grant it, a person runs `{tmux} set-option {flag}-t {target} {GRANT} on` (a grant on its window or session covers it too); `{tmux} set-option {flag}-u -t {target} {GRANT}` takes it back",
                tool.name(),
                kind_name(kind),
            ),
        )
    }
}

/// The two options as one level of an object holds them.
struct Options {
    created: bool,
    /// Set at this level: whether it says `on`.
    grant: Option<bool>,
}

impl Options {
    fn read(listing: &str) -> Options {
        let mut o = Options {
            created: false,
            grant: None,
        };
        for line in listing.lines() {
            let (name, value) = line.split_once(' ').unwrap_or((line, ""));
            let on = value.trim().trim_matches('"') == "on";
            match name {
                CREATED => o.created |= on,
                GRANT => o.grant = Some(on),
                _ => {}
            }
        }
        o
    }
}

fn global(tool: ToolId, target: &Target) -> ToolError {
    let argument = target.path.join(".");
    ToolError::new(
        ErrorKind::Refused,
        format!(
            "{} changed nothing: without {argument} it changes tmux's global default, which a person's sessions share, and this server may change only what tmux-mcp created or a person granted (LIBTMUX_WRITE_SCOPE=created); give {argument}",
            tool.name()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_grant_decides_and_any_created_mark_owns() {
        let pane = Options::read("@tmux-mcp-grant off\n@other on\n");
        let session = Options::read("@tmux-mcp-grant on\n");
        assert_eq!(pane.grant, Some(false));
        assert_eq!([pane, session].iter().find_map(|o| o.grant), Some(false));
        assert!(Options::read("@tmux-mcp-created on").created);
        assert!(!Options::read("@tmux-mcp-created off").created);
    }
}
