//! A pane's bytes through tmux's `pipe-pane`: the frames on the wire (`wire`), the hub
//! process tmux starts for a pane ([`hub`]) and a server's tap on it (`tap`).

pub mod hub;
pub(crate) mod tap;
mod wire;
