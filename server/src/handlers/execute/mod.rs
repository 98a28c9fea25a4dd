//! The execute toolset: tools that start processes or type into panes.

mod input;
mod objects;
mod prompt;
mod shell;
