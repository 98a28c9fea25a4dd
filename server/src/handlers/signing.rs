//! The key that signs the cursors this server hands out (an input's `since`, capture_since's
//! cursor), drawn once per process: a cursor from another process, or altered, is refused.
//! Below the handlers that issue and read cursors.

use std::hash::RandomState;
use std::sync::OnceLock;

/// The process's key.
pub(super) fn key() -> &'static RandomState {
    static KEY: OnceLock<RandomState> = OnceLock::new();
    KEY.get_or_init(RandomState::new)
}
