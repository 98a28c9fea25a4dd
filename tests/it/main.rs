//! The end-to-end suite, as one test binary (one link, one run; "Delete Cargo Integration
//! Tests"): each module tests one concern against real tmux servers. Shared set-up is the
//! `tmux_mcp_tests` library (`tests/support/`); the trybuild cases are the separate `ui`
//! harness, `packaging.rs` the packages, and `bench/` the benchmark.
//!
//! What goes where:
//! - the tree and its rules, no tmux: `architecture` (layers, invariants), `tidy` (every file
//!   says what it is for, the map names what exists, the tool tests mirror the handlers),
//!   `catalog` and `site` (manifest, registry, docs and expansion held to one another);
//! - in this process, no binary, no transport: `pipeline` (the tool context and the call
//!   pipeline over a table of cases and every tool);
//! - the server's parts, a module each named after its part of `server/src/`: `handlers` (a
//!   module per family of tools at its handler's path, `handlers::inspect::waits` for
//!   `wait_for_text`) and `trust` (the audit log, masking, the write scope), whose servers run
//!   in the test's own process (`Fixture::here`), but for what needs the binary's process (the
//!   server's own pane, a wire-level client); through the binary, `tmux_error` (how a failure
//!   reads), `surface` and `authority` (what is offered), `hosts` (other machines), `lifecycle`
//!   (start and end), `setup` (the client files and hook lines it writes); and `screen` (the
//!   screen model waits read), `injection` (hostile arguments);
//! - the transports and the protocol: `stdio`, `http`, `transport`, `protocol`,
//!   `conformance`;
//! - people and other programs beside it: `person`, `person_at_work`, `moves`, `side_by_side`,
//!   `agent_loop`, `faults`, `load`, `abuse`;
//! - the real clients: `sdk` (the official SDKs), `agent_clis` and `client_clis` (Claude Code,
//!   Codex and Gemini CLI in panes and as clients).
//!
//! A test whose name ends in `_on_the_oldest_tmux` runs, in a matrix (`cargo xtask test`),
//! against the oldest tmux only: long runs that would cost CI their length again per version.

mod abuse;
mod agent_clis;
mod agent_loop;
mod architecture;
mod authority;
mod catalog;
mod client_clis;
mod conformance;
mod faults;
mod handlers;
mod hosts;
mod http;
mod injection;
mod lifecycle;
mod load;
mod moves;
mod person;
mod person_at_work;
mod pipeline;
mod protocol;
mod screen;
mod sdk;
mod setup;
mod side_by_side;
mod site;
mod stdio;
mod surface;
mod tidy;
mod tmux_error;
mod transport;
mod trust;
