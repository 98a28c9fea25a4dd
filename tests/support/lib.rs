//! Shared test support: private tmux servers, the built binary, a real MCP client over stdio,
//! and checks that committed generated files are current.
//!
//! `paths` (the repository, the binary, scratch folders, turns), `world` (private tmux
//! servers), `here` (the server run in the test's process), `fixture` (the common one),
//! `client` (calls and the checks results are held to), `selection`, `arguments` (valid arguments from each tool's schema), `clis` and `sdks`
//! (the agent CLIs and the official SDKs), `sshd` (hosts on loopback).

use rmcp::service::{RoleClient, RunningService};

pub type Client = RunningService<RoleClient, ()>;

mod arguments;
mod client;
pub mod clis;
mod fixture;
mod here;
mod paths;
pub mod sdks;
mod selection;
pub mod sshd;
mod world;

pub use arguments::{
    MAX_BYTES_PER_TOOL, MEAN_BYTES_PER_TOOL, Targets, default_tool_count, deletes,
    every_tool_teardown_last, valid_arguments,
};
pub use client::*;
pub use fixture::*;
pub(crate) use paths::SERVER;
pub use paths::*;
pub use selection::*;
pub use world::*;
