//! Per-launch and per-call nonces: unpredictable to other programs, not secret keys.

use std::hash::{BuildHasher, Hasher, RandomState};

/// 32 hex digits from std's randomly keyed hasher, the process id and the time.
pub fn nonce() -> String {
    let mut out = String::with_capacity(32);
    for salt in 0..2u64 {
        let mut h = RandomState::new().build_hasher();
        h.write_u64(salt);
        h.write_u32(std::process::id());
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0),
        );
        out.push_str(&format!("{:016x}", h.finish()));
    }
    out
}
