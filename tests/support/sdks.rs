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

/// The Python of `dir/.venv`, holding what `dir/requirements.txt` pins, made afresh when the
/// pins changed.
pub fn venv(dir: &Path) -> PathBuf {
    // One install at a time per folder; the tests of this process that share one wait for it
    // here, those of other processes at the folder's lock.
    static INSTALLED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let mut installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    let venv = dir.join(".venv");
    let python = venv.join("bin/python");
    if installed.iter().any(|d| d == dir) {
        return python;
    }
    let _turn = crate::installing(dir);
    let pins = dir.join("requirements.txt");
    let pinned = std::fs::read_to_string(&pins).unwrap();
    let stamp = venv.join("requirements.installed");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(pinned.as_str()) {
        let made = Command::new("python3")
            .arg("-m")
            .arg("venv")
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
