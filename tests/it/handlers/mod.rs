//! The tools through the binary and a real client, against real tmux servers: a module per
//! family of tools, at the path of the file that handles them (`server/src/handlers/`), so
//! `handlers::inspect::waits` tests what `server/src/handlers/inspect/waits.rs` holds.
//! `tidy::the_tool_tests_mirror_the_handlers` keeps the two trees alike.

mod execute;
pub(crate) mod inspect;
mod manage;
mod teardown;
