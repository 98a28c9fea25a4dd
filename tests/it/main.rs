//! The end-to-end suite, as one test binary (one link, one run; "Delete Cargo Integration
//! Tests"): each module tests one concern against real tmux servers. Shared set-up is the
//! `tmux_mcp_tests` library (`tests/support/`); the trybuild cases are the separate `ui`
//! harness, `packaging.rs` the packages, and `bench/` the benchmark.
//!
//! What goes where:
//! - the tree and its rules, no tmux: `architecture` (layers, invariants), `tidy` (every file
//!   says what it is for, the map names what exists), `catalog` and `site` (manifest, registry,
//!   docs and expansion held to one another);
//! - in this process, no binary, no transport: `pipeline` (the tool context and the call
//!   pipeline over a table of cases and every tool);
//! - the binary over a real client, one module per part of the server: `stdio`, `http`,
//!   `transport`, `protocol` and `conformance` (the transports and the protocol), `surface` and
//!   `authority` (what is offered), `inspect`, `change`, `batch`, `screen`, `quiet`, `prompt`,
//!   `agent`, `agent_loop`, `pane_state`, `outcomes` (the tools), `masking`, `audit_log`,
//!   `write_scope`, `injection` (trust), `hosts` (other machines), `lifecycle` (start and end);
//! - people and other programs beside it: `person`, `person_at_work`, `moves`, `side_by_side`,
//!   `faults`, `load`, `abuse`;
//! - the real clients: `sdk` (the official SDKs), `agent_clis` and `client_clis` (Claude Code,
//!   Codex and Gemini CLI in panes and as clients).
//!
//! A test whose name ends in `_on_the_oldest_tmux` runs, in a matrix (`cargo xtask test`),
//! against the oldest tmux only: long runs that would cost CI their length again per version.

mod abuse;
mod agent;
mod agent_clis;
mod agent_loop;
mod architecture;
mod audit_log;
mod authority;
mod batch;
mod catalog;
mod change;
mod client_clis;
mod conformance;
mod faults;
mod hosts;
mod http;
mod injection;
mod inspect;
mod lifecycle;
mod load;
mod masking;
mod moves;
mod outcomes;
mod pane_state;
mod person;
mod person_at_work;
mod pipeline;
mod prompt;
mod protocol;
mod quiet;
mod screen;
mod sdk;
mod side_by_side;
mod site;
mod stdio;
mod surface;
mod tidy;
mod transport;
mod write_scope;
