//! The official SDKs as clients (tests/clients) and the Python tools the tests install: each
//! at the version its file pins, installed once, where the tests find them.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, Once};

use serde_json::Value;

use crate::World;
use crate::clis::npm_ci;

/// tests/clients: the SDK clients' scripts and pins.
pub fn clients() -> PathBuf {
    crate::repo_root().join("tests/clients")
}

/// The pinned TypeScript SDK in tests/clients, installed when missing.
pub fn install_typescript() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| npm_ci(&clients(), "@modelcontextprotocol/sdk"));
}

/// The Python in a venv of tests/clients holding what requirements.txt pins (the SDK, and
/// IPython for send_prompt's tests).
pub fn python() -> PathBuf {
    venv(&clients())
}

/// The Python of a venv holding what `dir/requirements.txt` pins: in the caches
/// ([`xtask::cache`]) per pins, made when missing, so that a fresh clone installs nothing the
/// machine installed before.
pub fn venv(dir: &Path) -> PathBuf {
    // The tests of this process that share one wait for it here, those of other processes (and
    // other clones) at the cache's lock.
    static INSTALLED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let mut installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    let pins = dir.join("requirements.txt");
    let name = dir.file_name().unwrap_or_default().to_string_lossy();
    let home = xtask::cache::keyed(&format!("venv-{name}"), &[&pins]);
    let venv = home.join(".venv");
    let python = venv.join("bin/python");
    if installed.iter().any(|d| d == dir) {
        return python;
    }
    let _held = xtask::cache::lock(&home, true).unwrap_or_else(|e| panic!("{e}"));
    // The pins and the Python they were installed for (a venv links its interpreter), written
    // last: an install cut short, or one for another Python, is made again.
    let python3 = Command::new("python3")
        .arg("--version")
        .output()
        .expect("python3 runs");
    let pinned =
        std::fs::read_to_string(&pins).unwrap() + &String::from_utf8_lossy(&python3.stdout);
    let stamp = venv.join("requirements.installed");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(pinned.as_str()) {
        let made = Command::new("python3")
            .arg("-m")
            .arg("venv")
            .arg("--clear")
            .arg(&venv)
            .status();
        assert!(made.is_ok_and(|s| s.success()), "python3 -m venv failed");
        let status = Command::new(&python)
            .args(["-m", "pip", "install", "-q", "-r"])
            .arg(&pins)
            .status()
            .expect("pip runs");
        assert!(status.success(), "pip install of {pinned:?} failed");
        std::fs::write(&stamp, &pinned).unwrap();
    }
    installed.push(dir.to_owned());
    python
}

/// Runs `program script PLAN.json` (the script in tests/clients) with `plan`; returns the JSON
/// records it printed.
pub fn run_client(world: &World, (program, script): (PathBuf, &str), plan: &Value) -> Vec<Value> {
    let path = world.tmpdir().join("plan.json");
    std::fs::write(&path, plan.to_string()).unwrap();
    let out = Command::new(&program)
        .arg(clients().join(script))
        .arg(&path)
        .output()
        .expect("the client runs");
    assert!(
        out.status.success(),
        "{script} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record"))
        .collect()
}
