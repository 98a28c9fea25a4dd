//! The end-to-end suite, as one test binary (one link, one run; "Delete Cargo Integration
//! Tests"): each module tests one concern against real tmux servers and the built
//! `tmux-mcp` binary. Shared set-up is the `tmux_mcp_tests` library (`tests/support/`); the
//! trybuild cases are the separate `ui` harness, and `bench.rs` the benchmark.

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
