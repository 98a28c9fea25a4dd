//! `cargo xtask test`: the README's one test command. It makes sure the programs the suite
//! needs are here (tmux, node, mdbook, chromium), installing the ones it can, then runs
//! `cargo test --workspace --locked`.

use std::path::PathBuf;
use std::process::{Command, ExitCode};

/// The mdbook the reference site is built with, installed by cargo when it is missing.
const MDBOOK: &str = "0.5.4";

/// Runs the suite; every argument goes to `cargo test` after the workspace flags.
pub fn run(args: &[String]) -> ExitCode {
    let cargo_bin = cargo_home().join("bin");
    let path = match std::env::var_os("PATH") {
        Some(p) => {
            let mut dirs: Vec<PathBuf> = std::env::split_paths(&p).collect();
            dirs.insert(0, cargo_bin.clone());
            std::env::join_paths(dirs).unwrap_or(p)
        }
        None => cargo_bin.clone().into_os_string(),
    };
    // What each program prints of its own version; `None` when it is not there.
    let version = |program: &str| {
        let flag = if program == "tmux" { "-V" } else { "--version" };
        Command::new(program)
            .arg(flag)
            .env("PATH", &path)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    let missing_packages: Vec<&str> = [
        ("tmux", "tmux"),
        ("node", "nodejs"),
        ("chromium", "chromium"),
    ]
    .into_iter()
    .filter(|(program, _)| version(program).is_none())
    .map(|(_, package)| package)
    .collect();
    if !missing_packages.is_empty() && !apt_install(&missing_packages) {
        eprintln!(
            "xtask test: {} missing and could not be installed here; install them (Debian: apt-get install {}) and run again",
            missing_packages.join(", "),
            missing_packages.join(" ")
        );
        return ExitCode::FAILURE;
    }
    if !version("mdbook").is_some_and(|v| v.contains(&format!("v{MDBOOK}"))) {
        eprintln!("xtask test: installing mdbook {MDBOOK} with cargo");
        let installed = Command::new(cargo())
            .args(["install", "mdbook", "--version", MDBOOK, "--locked"])
            .args(["--no-default-features", "--features", "search"])
            .status()
            .is_ok_and(|s| s.success());
        if !installed {
            eprintln!(
                "xtask test: `cargo install mdbook --version {MDBOOK}` failed; install it and run again"
            );
            return ExitCode::FAILURE;
        }
    }
    for program in ["tmux", "node", "mdbook", "chromium"] {
        let found = version(program).unwrap_or_default();
        eprintln!("xtask test: {program}: {found}");
    }
    let status = Command::new(cargo())
        .args(["test", "--workspace", "--locked"])
        .args(args)
        .env("PATH", &path)
        .current_dir(crate::repo_root())
        .status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("xtask test: cannot run cargo: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Debian's packages, when this process may install them (root, apt-get present).
fn apt_install(packages: &[&str]) -> bool {
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

fn cargo() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

fn cargo_home() -> PathBuf {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .unwrap_or_else(|| PathBuf::from(".cargo"))
}
