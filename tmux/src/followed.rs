//! The followed panes of a `Tmux`, as the follower (`follow.rs`) keeps them:
//! below the client, which holds them, and the follower, which fills them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::mpsc;

use crate::journal::Journal;
use crate::pipe::tap::{Event, Tap};

/// The followed panes.
#[derive(Default)]
pub(crate) struct Follower {
    pub(crate) panes: Mutex<HashMap<String, Followed>>,
    pub(crate) events: OnceLock<mpsc::UnboundedSender<Event>>,
    /// Taken while a pane starts being followed.
    pub(crate) starting: tokio::sync::Mutex<()>,
}

pub(crate) struct Followed {
    pub(crate) journal: Arc<Journal>,
    /// The tmux server (its pid) the pane id belongs to: a restarted server counts pane ids
    /// from `%0` again.
    pub(crate) server: String,
    pub(crate) tap: Tap,
}
