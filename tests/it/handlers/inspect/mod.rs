//! The inspect toolset's families (`server/src/handlers/inspect/`).

mod batch;
mod objects;
mod screens;
mod search;
mod since;
pub(crate) mod waits;
