//! The tool implementations. Each tool is an `impl <tool>::Handle for Tools` (the generated
//! trait) in `<toolset>/<family>.rs`: the folder is the tool's `toolset` in the manifest, the
//! file the tools it goes with (`inspect/waits.rs` holds `wait_for_text`, `wait_for_quiet` and
//! `wait_for_agent`); a toolset of one family is one file (`manage.rs`, `teardown.rs`).
//!
//! Beside the folders, lowest first, what the tools share: `signing` (the key cursors are
//! signed with), `reports` (what agents report of themselves), `agent_screens` (the agent CLIs
//! whose screen says their state), `rows` (sessions', windows' and panes' formats and rows),
//! `pane_reads` (pane reads in flight together share one `list-panes`), `context` (the tools'
//! state, one call's context), `text` (captures made presentable,
//! the pattern matcher), `typing` (every input tool's journal mark and cursor, the private-buffer
//! paste) and `watch` (what every waiting tool is built on). Calls reach them through the pipeline
//! above (`crate::pipeline`), which no file here imports.

mod agent_screens;
mod context;
mod execute;
mod inspect;
mod manage;
mod pane_reads;
mod reports;
mod rows;
mod signing;
mod teardown;
mod text;
mod typing;
mod watch;

/// The commands read tools send, so the benchmark can time tmux alone running them.
pub use inspect::list_sessions_command;
pub use pane_reads::{pane_info_command, pane_infos_command};

pub use context::{CallContext, Parts, Progress, Request, Rows, Tools};
pub use reports::{DEFAULT_OPTION as DEFAULT_AGENT_OPTION, option_name as agent_option};
