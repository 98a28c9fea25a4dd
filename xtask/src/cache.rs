//! The test suite's caches outside the clone, so that a fresh clone on a machine that ran the
//! suite before builds and installs only what changed: the tmux builds (per tarball digest),
//! cargo's build folder (per toolchain), and the test clients' `npm ci` and venvs (per
//! lockfile, in the tests' support). Each entry's name carries a digest of what it was made
//! from, and each is marked complete only once made, so nothing is read stale or half made;
//! deleting the folder makes the next run cold.

use std::path::{Path, PathBuf};

/// The variable naming the caches' folder, else `$XDG_CACHE_HOME/tmux-agent-mcp`, else
/// `~/.cache/tmux-agent-mcp`.
pub const VARIABLE: &str = "TMUX_MCP_CACHE";

/// The caches' folder (not created here).
pub fn root() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    var(VARIABLE).map(PathBuf::from).unwrap_or_else(|| {
        var("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".cache")))
            .unwrap_or_else(std::env::temp_dir)
            .join("tmux-agent-mcp")
    })
}

/// `NAME-DIGEST` under [`root`]: DIGEST is of the files' contents, in order (a file that
/// cannot be read counts as empty, and so misses rather than fails).
pub fn keyed(name: &str, made_from: &[&Path]) -> PathBuf {
    // FNV-1a: stable across toolchains and processes, which std's hasher does not promise.
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for file in made_from {
        let bytes = std::fs::read(file).unwrap_or_default();
        // The length first, so that moving bytes from one file to the next changes the key.
        for byte in (bytes.len() as u64).to_le_bytes().iter().chain(&bytes) {
            digest = (digest ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    root().join(format!("{name}-{digest:016x}"))
}

/// Holds `folder`'s lock (a file `.lock` in it, the folder made if missing) until dropped,
/// waiting for it when `wait`; `None` when another process holds it and `wait` is false.
pub fn lock(folder: &Path, wait: bool) -> Result<Option<std::fs::File>, String> {
    std::fs::create_dir_all(folder)
        .map_err(|e| format!("cannot create the cache folder {}: {e}", folder.display()))?;
    let path = folder.join(".lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    if wait {
        file.lock()
            .map_err(|e| format!("cannot lock {}: {e}", path.display()))?;
        return Ok(Some(file));
    }
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
        Err(std::fs::TryLockError::Error(e)) => Err(format!("cannot lock {}: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::keyed;

    #[test]
    fn keys_follow_contents_and_their_boundaries() {
        let dir = std::env::temp_dir().join(format!("xtask-cache-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let [a, b] = ["a", "b"].map(|n| dir.join(n));
        let key = |x: &str, y: &str| {
            std::fs::write(&a, x).unwrap();
            std::fs::write(&b, y).unwrap();
            keyed("k", &[&a, &b])
        };
        let first = key("ab", "c");
        assert_eq!(first, key("ab", "c"), "the same contents, the same key");
        assert_ne!(first, key("a", "bc"), "bytes moved between files");
        assert_ne!(first, key("ab", "d"));
        assert!(
            first
                .file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("k-")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
