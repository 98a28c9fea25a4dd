//! The inspect toolset: tools that read and wait, never change anything.

mod batch;
mod hosts;
mod objects;
mod screens;
mod search;
mod since;
mod waits;

pub use objects::list_sessions_command;
