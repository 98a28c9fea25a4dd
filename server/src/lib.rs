//! tmux-mcp: an MCP server that lets agents drive tmux.
//!
//! Start at [`cli`] (what the binary does with its arguments) and [`mcp`] (how a request is
//! served); `ARCHITECTURE.md` at the repository root is the map.

pub mod catalog;
pub mod cli;
pub mod envelope;
pub mod environment;
pub mod frame;
pub mod handlers;
pub mod hosts;
pub mod http;
pub mod mcp;
pub mod pipeline;
mod say;
pub mod selection;
pub mod setup;
pub mod signals;
pub mod socket;
pub mod surface;
mod sync;
mod tmux_error;
pub mod trust;

/// The name the server gives itself to clients and hosts: the command's, not the package's
/// (published as `tmux-agent-mcp`, since crates.io's `tmux-mcp` is another project's).
pub const NAME: &str = "tmux-mcp";
