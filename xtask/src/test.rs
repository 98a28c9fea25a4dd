//! `cargo xtask test`: the README's one test command. It makes sure the programs the suite
//! needs are here (tmux, node, mdbook, chromium, sshd), installing the ones it can, holds the tree
//! tidy (rustfmt, clippy and rustdoc, warnings denied), then runs
//! `cargo test --workspace --locked`. With `--matrix DIR` (or `TMUX_MCP_MATRIX=DIR`) it also
//! builds each tmux source tarball in DIR ([`crate::matrix`]) and runs the workspace against
//! the newest of them and the end-to-end tests against each other one, first on PATH.

use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::apt;
use crate::matrix::{self, Build};

/// The mdbook the reference site is built with, installed by cargo when it is missing.
const MDBOOK: &str = "0.5.4";

/// The sshd the several-machines tests start.
pub const SSHD: &str = "/usr/sbin/sshd";
/// The folder of the matrix's oldest tmux, for the tests' hosts.
pub const OLDEST_TMUX: &str = "TMUX_MCP_OLDEST_TMUX";

/// The variable naming the matrix folder when `--matrix` is not given.
pub const MATRIX_VARIABLE: &str = "TMUX_MCP_MATRIX";

/// Runs the suite; every argument but `--matrix DIR` goes to `cargo test` after the workspace
/// flags.
pub fn run(args: &[String]) -> ExitCode {
    let (matrix_dir, args) = match matrix_argument(args) {
        Ok(split) => split,
        Err(e) => {
            eprintln!("xtask test: {e}");
            return ExitCode::FAILURE;
        }
    };
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
    let version = |program: &str, path: &OsString| {
        let flag = if program == "tmux" { "-V" } else { "--version" };
        Command::new(program)
            .arg(flag)
            .env("PATH", path)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    let mut missing_packages: Vec<&str> = [
        ("tmux", "tmux"),
        ("node", "nodejs"),
        ("chromium", "chromium"),
        // The Homebrew formula's syntax (`ruby -c`), in the packaging tests.
        ("ruby", "ruby"),
    ]
    .into_iter()
    .filter(|(program, _)| version(program, &path).is_none())
    .map(|(_, package)| package)
    .collect();
    // The hosts of the several-machines tests: Debian's sshd, started by the tests themselves.
    if !Path::new(SSHD).exists() {
        missing_packages.push("openssh-server");
    }
    if !missing_packages.is_empty() && !apt::install(&missing_packages) {
        eprintln!(
            "xtask test: {} missing and could not be installed here; install them (Debian: apt-get install {}) and run again",
            missing_packages.join(", "),
            missing_packages.join(" ")
        );
        return ExitCode::FAILURE;
    }
    if !version("mdbook", &path).is_some_and(|v| v.contains(&format!("v{MDBOOK}"))) {
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
    let builds = match matrix_dir.as_deref().map(matrix::prepare).transpose() {
        Ok(builds) => builds.unwrap_or_default(),
        Err(e) => {
            eprintln!("xtask test: {e}");
            return ExitCode::FAILURE;
        }
    };
    for program in ["node", "mdbook", "chromium"] {
        let found = version(program, &path).unwrap_or_default();
        eprintln!("xtask test: {program}: {found}");
    }
    if !tidy() {
        return ExitCode::FAILURE;
    }
    // The whole workspace against the newest tmux of the matrix (else the one on PATH), then
    // the end-to-end tests against each other one, oldest first.
    let (newest, others) = match builds.split_last() {
        Some((newest, others)) => (Some(newest), others),
        None => (None, &[][..]),
    };
    // The hosts of the several-machines tests run the oldest tmux and the one first on PATH.
    let oldest = builds.first().map(|b| b.bin.clone());
    let mut runs = Vec::new();
    let whole: Vec<&str> = ["--workspace", "--locked"].into();
    runs.push(run_against(
        newest,
        oldest.as_deref(),
        &path,
        &whole,
        &args,
        &version,
    ));
    // `--workspace` as in the first run, so that features resolve the same and the server and
    // the test binary the first run built are the ones tested (with `-p` cargo built them
    // again, about a minute, and a server of other rmcp features).
    let end_to_end: Vec<&str> = ["--workspace", "--test", "it", "--locked"].into();
    for build in others {
        runs.push(run_against(
            Some(build),
            oldest.as_deref(),
            &path,
            &end_to_end,
            &args,
            &version,
        ));
    }
    // What failed, again at the end, where a reader of the output's tail looks.
    for run in runs.iter().filter(|r| !r.failures.is_empty()) {
        eprintln!("\nxtask test: what failed against {}", run.tmux);
        for line in &run.failures {
            eprintln!("  {line}");
        }
    }
    if runs.len() > 1 {
        eprintln!("\nxtask test: the tmux matrix");
        for run in &runs {
            eprintln!(
                "  {:<22} {:<7} {} in {} s",
                run.tmux,
                if run.passed { "passed" } else { "FAILED" },
                run.summary,
                run.took.as_secs()
            );
        }
    }
    if runs.iter().all(|r| r.passed) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The tidy gate, before any test: formatting, clippy's lints and rustdoc's (stale intra-doc
/// links among them), every warning an error. Says which failed and how to see why.
fn tidy() -> bool {
    let checks: [(&str, &[&str]); 3] = [
        ("rustfmt", &["fmt", "--all", "--check"]),
        (
            "clippy",
            &[
                "clippy",
                "--workspace",
                "--all-targets",
                "--locked",
                "--",
                "-D",
                "warnings",
            ],
        ),
        (
            "rustdoc",
            &[
                "doc",
                "--workspace",
                "--no-deps",
                "--document-private-items",
                "--locked",
            ],
        ),
    ];
    let mut tidy = true;
    for (name, args) in checks {
        eprintln!("xtask test: tidy: cargo {}", args.join(" "));
        let ok = Command::new(cargo())
            .args(args)
            // Read by rustdoc alone.
            .env("RUSTDOCFLAGS", "-D warnings")
            .current_dir(crate::repo_root())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!("xtask test: {name} found something to fix (above)");
            tidy = false;
        }
    }
    tidy
}

/// `--matrix DIR` taken out of the arguments (else `TMUX_MCP_MATRIX`), and the rest.
fn matrix_argument(args: &[String]) -> Result<(Option<PathBuf>, Vec<String>), String> {
    let mut rest = Vec::new();
    let mut dir = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.strip_prefix("--matrix") {
            Some("") => {
                let value = it
                    .next()
                    .ok_or("--matrix needs a folder of tmux source tarballs")?;
                dir = Some(PathBuf::from(value));
            }
            Some(inline) if inline.starts_with('=') => dir = Some(PathBuf::from(&inline[1..])),
            _ => rest.push(arg.clone()),
        }
    }
    let dir = dir.or_else(|| {
        std::env::var_os(MATRIX_VARIABLE)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    });
    Ok((dir, rest))
}

/// One `cargo test` against one tmux.
struct Run {
    tmux: String,
    passed: bool,
    /// The test binaries' totals.
    summary: String,
    /// The failed tests' reports (what cargo test prints under `failures:`), bounded.
    failures: Vec<String>,
    took: std::time::Duration,
}

fn run_against(
    build: Option<&Build>,
    oldest: Option<&Path>,
    path: &OsString,
    flags: &[&str],
    args: &[String],
    version: &dyn Fn(&str, &OsString) -> Option<String>,
) -> Run {
    let path = match build {
        Some(b) => {
            let mut dirs = vec![b.bin.clone()];
            dirs.extend(std::env::split_paths(path));
            std::env::join_paths(dirs).unwrap_or_else(|_| path.clone())
        }
        None => path.clone(),
    };
    let tmux = version("tmux", &path).unwrap_or_else(|| "tmux (not found)".into());
    eprintln!(
        "\nxtask test: cargo test {} against {tmux}",
        flags.join(" ")
    );
    let started = std::time::Instant::now();
    let (passed, totals, failures) = cargo_test(flags, args, &path, oldest, &crate::repo_root());
    Run {
        tmux,
        passed,
        summary: totals,
        failures,
        took: started.elapsed(),
    }
}

/// Most lines of failure reports a run keeps for the summary.
const MAX_FAILURE_LINES: usize = 200;

/// Runs `cargo test FLAGS ARGS` with `path`, passing its output through; whether it passed,
/// the passed and failed counts summed over its test binaries, and the failures' reports.
fn cargo_test(
    flags: &[&str],
    args: &[String],
    path: &OsString,
    oldest: Option<&Path>,
    dir: &Path,
) -> (bool, String, Vec<String>) {
    let child = Command::new(cargo())
        .arg("test")
        .args(flags)
        .args(args)
        .env("PATH", path)
        .envs(oldest.map(|o| (OLDEST_TMUX, o)))
        .current_dir(dir)
        .stdout(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return (false, format!("cannot run cargo: {e}"), Vec::new()),
    };
    let (mut passed, mut failed) = (0u64, 0u64);
    let mut failures = Reports::default();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            println!("{line}");
            failures.feed(&line);
            if let Some(result) = line.strip_prefix("test result: ") {
                let count = |word: &str| {
                    result
                        .split(';')
                        .find_map(|part| {
                            part.trim()
                                .strip_suffix(word)?
                                .trim()
                                .rsplit(' ')
                                .next()?
                                .parse::<u64>()
                                .ok()
                        })
                        .unwrap_or(0)
                };
                passed += count(" passed");
                failed += count(" failed");
            }
        }
    }
    let ok = child.wait().is_ok_and(|s| s.success());
    (
        ok,
        format!("{passed} passed, {failed} failed"),
        failures.lines,
    )
}

/// The failure reports in a test binary's output, as the summary repeats them: its
/// `failures:` section (it ends at the second `failures:`, the list), without the stack
/// backtraces, which are in the output above. A backtrace runs to some 30 lines, and kept it
/// pushed what the test said out of what a reader of the tail sees.
#[derive(Default)]
struct Reports {
    reporting: bool,
    backtrace: bool,
    lines: Vec<String>,
}

impl Reports {
    fn feed(&mut self, line: &str) {
        if line == "failures:" {
            self.reporting = !self.reporting;
            self.backtrace = false;
            return;
        }
        if !self.reporting {
            return;
        }
        if line == "stack backtrace:" {
            self.backtrace = true;
            self.keep("stack backtrace: in the output above");
        } else if !self.backtrace || line.is_empty() || line.starts_with("---- ") {
            // A backtrace ends at the blank line after it, or at the next test's report.
            self.backtrace = false;
            self.keep(line);
        }
    }

    fn keep(&mut self, line: &str) {
        if self.lines.len() < MAX_FAILURE_LINES {
            self.lines.push(line.to_owned());
        }
    }
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

#[cfg(test)]
mod tests {
    use super::Reports;

    #[test]
    fn failure_reports_keep_what_the_test_said_without_its_backtrace() {
        let output = "running 2 tests\ntest a ... FAILED\n\nfailures:\n\n---- a stdout ----\nthread 'a' panicked at it/a.rs:3:5:\nwhat went wrong\nstack backtrace:\n   0: rust_begin_unwind\n             at panicking.rs:1:1\n  note: Some details are omitted\n\n---- b stdout ----\nb said\n\nfailures:\n    a\n    b\n";
        let mut reports = Reports::default();
        for line in output.lines() {
            reports.feed(line);
        }
        assert_eq!(
            reports.lines,
            [
                "",
                "---- a stdout ----",
                "thread 'a' panicked at it/a.rs:3:5:",
                "what went wrong",
                "stack backtrace: in the output above",
                "",
                "---- b stdout ----",
                "b said",
                "",
            ]
        );
    }
}
