//! The tool implementations: `Tools` implements the generated `Handlers` trait, one method per
//! tool, grouped by toolset in the submodules.

mod agent;
mod batch;
mod call;
mod content;
mod context;
mod execute;
mod hosts;
mod input;
mod inspect;
mod manage;
pub(crate) mod objects;
mod pane_reads;
mod prompt;
mod quiet;
mod reports;
mod shell;
mod signing;
mod since;
mod teardown;
mod wait;

/// The commands read tools send, so the benchmark can time tmux alone running them.
pub use inspect::list_sessions_command;
pub use pane_reads::{pane_info_command, pane_infos_command};

pub use call::{call, rejected};
pub use context::{CallContext, Tools};
pub use reports::{DEFAULT_OPTION as DEFAULT_AGENT_OPTION, option_name as agent_option};
