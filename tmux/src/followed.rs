//! The followed panes of a `Tmux`, as the follower (`follow.rs`) keeps them:
//! below the client, which holds them, and the follower, which fills them.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::mpsc;

use crate::journal::Journal;
use crate::pipe::tap::{Event, Tap};

/// The followed panes.
#[derive(Default)]
pub(crate) struct Follower {
    pub(crate) panes: Mutex<HashMap<String, Followed>>,
    /// Panes (server pid, pane id) whose pipe someone else closed while they lived: their pipe
    /// is theirs to open now, and this server opens none there.
    pub(crate) yielded: Mutex<HashSet<(String, String)>>,
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
