//! The execute toolset's families (`server/src/handlers/execute/`).

mod input;
mod objects;
mod prompt;
mod shell;
