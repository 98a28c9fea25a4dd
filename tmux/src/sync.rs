//! The crate's one way to take a lock.

/// A poisoned lock only means another task panicked holding it; the data is still usable.
pub(crate) fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
