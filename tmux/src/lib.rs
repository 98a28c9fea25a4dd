//! A tmux client: the connection to one tmux server, and what an agent needs of it.
//!
//! Every command goes through [`Tmux::run`], as argv (never a shell), under a deadline, with
//! bounded output and typed errors, in a `tmux` subprocess: no client of this server ever
//! attaches, so the person's tmux counts none. [`Tmux::follow`] feeds a [`Journal`] per
//! followed pane through the pane's `pipe-pane` ([`pipe`]). What the server prints is read
//! back as its version printed it, and what differs between versions is decided by one table
//! ([`version`]). The socket choice ([`socket`]), the dedicated daemon and its lease
//! ([`daemon`]), the pane this process runs in ([`caller`]) and key-name checks ([`keys`])
//! complete it.
//!
//! This crate knows nothing of MCP: it depends on neither rmcp nor the manifest crates.

pub mod caller;
mod client;
mod command;
pub mod daemon;
mod error;
pub mod feed;
mod follow;
mod followed;
mod format;
pub mod journal;
pub mod keys;
mod lines;
pub mod nonce;
mod outside;
pub mod pipe;
pub mod process;
pub mod screen;
pub mod socket;
mod sync;
pub mod tty;
pub mod version;
pub mod view;

pub use client::Tmux;
pub use command::{
    COMMAND_DEADLINE, Command, MAX_OUTPUT, Outputs, Script, Verb, command_line, session_target,
};
pub use error::{TmuxError, TmuxErrorKind};
pub use follow::set_hub_program;
pub use format::{Fields, Format, Row, SEPARATOR, int_output, quote_literal, row_format};
pub use journal::Journal;
pub use lines::REPORT_OSC;
pub use version::{Feature, Features, Version};
