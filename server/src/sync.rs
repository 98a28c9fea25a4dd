//! The server's one way to take a lock.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// A poisoned lock only means another call panicked holding it; the data is still usable.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}
