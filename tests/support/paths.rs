//! Where things are: the repository, the build and the binary, generated files kept
//! current, scratch folders, and the locks tests take turns with.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The features of the tmux on PATH, which these tests start their servers with.
pub fn tmux_features() -> tmux::Features {
    let out = Command::new("tmux")
        .arg("-V")
        .output()
        .expect("run tmux -V");
    tmux::Version::parse(&String::from_utf8_lossy(&out.stdout)).features()
}

/// The crates' source folders, relative to the repository.
pub const CRATE_SOURCES: [&str; 6] = [
    "server/src",
    "tmux/src",
    "runtime/src",
    "manifest/src",
    "macros/src",
    "xtask/src",
];

/// Every file under `dir`, but build output, dependencies, version control and built books.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if [".git", "target", "node_modules", "book"].contains(&name.to_string_lossy().as_ref()) {
            continue;
        }
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// The Rust files under `dir`, each as its path and its text.
pub fn rust_sources(dir: &Path) -> Vec<(String, String)> {
    files_under(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read source");
            (p.display().to_string(), text)
        })
        .collect()
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The folder of what cargo built this test into: `target/<profile>` (of the clone, or of the
/// cache `cargo xtask test` builds in).
pub(crate) fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps")
        .to_path_buf()
}

/// cargo's build folder this test was built in, for builds of the tests' own.
pub fn target_dir() -> PathBuf {
    profile_dir()
        .parent()
        .expect("target/<profile>")
        .to_path_buf()
}

/// The server's binary's name (short enough for /proc/PID/comm, which holds 15 bytes).
pub(crate) const SERVER: &str = "tmux-mcp";

/// The `tmux-mcp` binary that `cargo test --workspace` built beside this test.
pub fn binary() -> PathBuf {
    let bin = profile_dir().join(SERVER);
    assert!(
        bin.is_file(),
        "{} is missing: run the tests with `cargo test --workspace` so the binary is built",
        bin.display()
    );
    // `cargo test -p tmux-mcp-tests` alone does not rebuild the binary.
    let built = std::fs::metadata(&bin).and_then(|m| m.modified()).ok();
    let newest_source = [
        "server/src",
        "tmux/src",
        "runtime/src",
        "manifest/src",
        "manifest/tools.yaml",
        "macros/src",
    ]
    .iter()
    .filter_map(|p| newest(&repo_root().join(p)))
    .max();
    if let (Some(built), Some(source)) = (built, newest_source) {
        assert!(
            built >= source,
            "{} is older than its sources: run `cargo test --workspace` (or `cargo build -p tmux-agent-mcp`) first",
            bin.display()
        );
    }
    bin
}

/// The newest modification time of a file, or of any file under a directory, leaving out the committed expansion of the
/// macro, which the tests themselves rewrite and nothing compiles.
fn newest(path: &Path) -> Option<std::time::SystemTime> {
    if path.ends_with("catalog.expanded.rs") {
        return None;
    }
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_dir() {
        return meta.modified().ok();
    }
    std::fs::read_dir(path)
        .ok()?
        .flatten()
        .filter_map(|e| newest(&e.path()))
        .max()
}

/// rust-analyzer's pattern for committed generated files: when `path` differs from
/// `contents`, write the new contents (outside CI) and fail, so the change gets committed.
pub fn ensure_file_contents(path: &Path, contents: &str) {
    let old = std::fs::read_to_string(path).unwrap_or_default();
    if old == contents {
        return;
    }
    let shown = path
        .strip_prefix(repo_root())
        .unwrap_or(path)
        .display()
        .to_string();
    if std::env::var_os("CI").is_none() {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create parent directory");
        }
        std::fs::write(path, contents).expect("write generated file");
        panic!("{shown} was not up to date and has been updated; review and commit it");
    }
    panic!(
        "{shown} is not up to date; run the tests locally to regenerate it and commit the result"
    );
}

/// A private directory, removed on drop.
pub struct TempDir {
    pub path: PathBuf,
}

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("tmcp-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create temp dir");
        TempDir { path }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Holds the install lock of `dir` (a file `.install-lock` in it) until dropped: tests run as
/// processes of their own (nextest) and the matrix's runs at once, and two installs into one
/// folder (`npm ci`'s link) would break each other.
pub fn installing(dir: &Path) -> std::fs::File {
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(".install-lock"))
        .unwrap_or_else(|e| panic!("cannot open the install lock in {}: {e}", dir.display()));
    lock.lock()
        .unwrap_or_else(|e| panic!("cannot take the install lock in {}: {e}", dir.display()));
    lock
}

/// One of `slots` turns named `name` on this machine (a lock file under the system's temporary
/// folder), held until dropped: tests of processes of their own, and of the matrix's runs at
/// once, take turns at what would starve one another.
pub fn turn(name: &str, slots: usize) -> std::fs::File {
    let dir = std::env::temp_dir().join("tmcp-turns");
    std::fs::create_dir_all(&dir).expect("create the turns' folder");
    let open = |slot: usize| {
        std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(format!("{name}-{slot}")))
            .expect("open a turn's lock file")
    };
    // Long: a turn waits for the tests before it, several minutes of them on a loaded machine.
    let deadline = Instant::now() + Duration::from_secs(1800);
    loop {
        for slot in 0..slots {
            let file = open(slot);
            if file.try_lock().is_ok() {
                return file;
            }
        }
        assert!(
            Instant::now() < deadline,
            "no turn at {name} within 30 minutes"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The path of the `tmux` on this process's PATH (the matrix's tmux under test), for a
/// wrapper that runs it.
pub fn tmux_on_path() -> String {
    let found = Command::new("sh")
        .args(["-c", "command -v tmux"])
        .output()
        .expect("run sh");
    String::from_utf8_lossy(&found.stdout).trim().to_owned()
}
