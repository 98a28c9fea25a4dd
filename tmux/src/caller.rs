//! Which pane this server runs in, so the teardown and respawn tools never end it. MCP clients
//! start servers with a reduced environment (no `TMUX`, no `TMUX_PANE`), so the answer comes
//! from the process tree: this process or its nearest ancestor that is a pane's process on the
//! selected socket. `TMUX_PANE` is only a hint, reported when the tree disagrees with it.

use std::collections::HashMap;

use tokio::sync::OnceCell;

use crate::{COMMAND_DEADLINE, Command, Fields, Tmux, Verb, row_format};

/// The caller's pane, looked up when a tool first needs it (not at startup, which it would
/// slow by a tmux round trip), then kept: the process tree does not change.
pub struct Caller {
    hint: Option<String>,
    found: OnceCell<Option<String>>,
}

impl Caller {
    /// `hint` is `TMUX_PANE`, if set.
    pub fn new(hint: Option<String>) -> Caller {
        Caller {
            hint,
            found: OnceCell::new(),
        }
    }

    pub async fn pane(&self, tmux: &Tmux) -> Option<&str> {
        self.found
            .get_or_init(|| find(tmux, self.hint.as_deref()))
            .await
            .as_deref()
    }
}

/// The caller's pane id, if this process descends from a pane of `tmux`'s server.
async fn find(tmux: &Tmux, hint: Option<&str>) -> Option<String> {
    let listed = tmux
        .run_for(
            Command::new(Verb::ListPanes)
                .flag("-a")
                .flag("-F")
                .format(row_format(&["pane_pid", "pane_id"])),
            COMMAND_DEADLINE,
        )
        .await
        .ok()?;
    let panes: HashMap<u32, String> = listed
        .lines()
        .filter_map(|line| {
            let mut f = Fields::new(line, 2);
            let pid = u32::try_from(f.int().ok()?).ok()?;
            Some((pid, f.text().ok()?))
        })
        .collect();
    let own = std::process::id();
    let found = std::iter::once(own)
        .chain(crate::process::ancestors(own))
        .find_map(|pid| panes.get(&pid))
        .cloned();
    if let Some(hint) = hint
        && found.as_deref() != Some(hint)
    {
        eprintln!(
            "tmux-mcp: TMUX_PANE says {hint}, but this process {}; the process tree wins",
            match &found {
                Some(pane) => format!("runs in pane {pane}"),
                None => "does not run in a pane of the selected socket".to_owned(),
            }
        );
    }
    found
}
