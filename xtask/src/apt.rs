//! Installing what a task needs from Debian's packages.

use std::process::Command;

/// Debian's packages, when this process may install them (root, apt-get present).
pub fn install(packages: &[&str]) -> bool {
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| {
        use std::os::unix::fs::MetadataExt;
        m.uid() == 0
    });
    if !root {
        return false;
    }
    eprintln!(
        "xtask test: installing {} with apt-get",
        packages.join(", ")
    );
    let updated = Command::new("apt-get")
        .args(["update", "-qq"])
        .status()
        .is_ok_and(|s| s.success());
    updated
        && Command::new("apt-get")
            .args(["install", "-y", "-qq"])
            .args(packages)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .is_ok_and(|s| s.success())
}
