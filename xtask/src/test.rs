//! `cargo xtask test`: the README's one test command. It makes sure the programs the suite
//! needs are here (tmux, node, mdbook, chromium, sshd, cargo-nextest), installing the ones it
//! can, holds the tree tidy (rustfmt, clippy and rustdoc, warnings denied), then runs
//! `cargo nextest run --workspace --locked`, each test a process of its own. With `--matrix
//! DIR` (or `TMUX_MCP_MATRIX=DIR`) it also builds each tmux source tarball in DIR
//! ([`crate::matrix`]) and runs the workspace against the newest of them and the end-to-end
//! tests against each other one, first on PATH. It ends with what failed, the slowest tests
//! and what each phase took ([`crate::clock`]).

use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::apt;
use crate::cache;
use crate::clock::{self, Clock};
use crate::matrix::{self, Build};

/// The mdbook the reference site is built with, installed by cargo when it is missing.
const MDBOOK: &str = "0.5.4";
/// The cargo-nextest installed by cargo when there is none (machines of this kind have it).
const NEXTEST: &str = "0.9.143";
/// How many runs of the matrix go at once: their tests mostly wait (on deadlines, stand-in
/// models, shells, sshd), and every run has its own tmux servers, folders and ports. Three
/// at once (two tests each) took 26 minutes where one at a time took 42, but starved an agent
/// CLI once, before the CLIs took turns on the machine.
const RUNS_AT_ONCE: usize = 2;
/// How many tests each run holds at once, unless the arguments or `NEXTEST_TEST_THREADS` say:
/// six tests at once on two cores, mostly waiting. Three took the warm suite from 24 to 20
/// minutes where two had; the load it adds widened two races, since mended (a command's start
/// report lost with its moving pane, an idle time shorter than the quiet just waited for).
const TEST_THREADS: &str = "3";

/// The sshd the several-machines tests start.
pub const SSHD: &str = "/usr/sbin/sshd";
/// The folder of the matrix's oldest tmux, for the tests' hosts.
pub const OLDEST_TMUX: &str = "TMUX_MCP_OLDEST_TMUX";

/// The variable naming the matrix folder when `--matrix` is not given.
pub const MATRIX_VARIABLE: &str = "TMUX_MCP_MATRIX";

/// Runs the suite; every argument but `--matrix DIR` goes to `cargo nextest run` after the
/// workspace flags.
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
    let mut clock = Clock::default();
    if !clock.time("installs (packages, mdbook, cargo-nextest)", || {
        install(&path, &version)
    }) {
        return ExitCode::FAILURE;
    }
    let prepared = clock.time("tmux builds", || {
        matrix_dir.as_deref().map(matrix::prepare).transpose()
    });
    let builds = match prepared {
        Ok(builds) => builds.unwrap_or_default(),
        Err(e) => {
            eprintln!("xtask test: {e}");
            return ExitCode::FAILURE;
        }
    };
    // Held to the end: a second run at once would rebuild under this one's tests.
    let (target, _held) = build_folder();
    for program in ["node", "mdbook", "chromium"] {
        let found = version(program, &path).unwrap_or_default();
        eprintln!("xtask test: {program}: {found}");
    }
    if !clock.time("tidy (rustfmt, clippy, rustdoc)", || tidy(&target)) {
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
    let whole: Vec<&str> = ["--workspace", "--locked"].into();
    // `--workspace` as in the whole run, so that features resolve the same and the server and
    // the test binary built once are the ones tested (with `-p` cargo built them again, about
    // a minute, and a server of other rmcp features).
    let end_to_end: Vec<&str> = ["--workspace", "--test", "it", "--locked"].into();
    // Tests named `…_on_the_oldest_tmux` (long runs of real agent CLIs) go against the oldest
    // tmux of a matrix only, where the versions differ most: each would cost CI its length
    // again for every other version.
    let end_to_end_but_oldest: Vec<&str> = [
        "--workspace",
        "--test",
        "it",
        "--locked",
        "-E",
        "not test(/_on_the_oldest_tmux$/)",
    ]
    .into();
    // With a matrix, the newest tmux's whole run goes as two, the end-to-end tests and the
    // rest (packaging and trybuild, some ten minutes), which then run beside the others.
    let rest: Vec<&str> = [
        "--workspace",
        "--locked",
        "-E",
        "not (package(tmux-mcp-tests) & binary(it))",
    ]
    .into();
    let mut plan = if others.is_empty() {
        vec![Planned::new(newest, &path, &whole, &version)]
    } else {
        let mut rest = Planned::new(newest, &path, &rest, &version);
        rest.tmux.push_str(", all but end-to-end");
        vec![
            rest,
            Planned::new(newest, &path, &end_to_end_but_oldest, &version),
        ]
    };
    plan.extend(others.iter().enumerate().map(|(i, b)| {
        let flags = if i == 0 {
            &end_to_end
        } else {
            &end_to_end_but_oldest
        };
        Planned::new(Some(b), &path, flags, &version)
    }));
    let env = Env {
        target: &target,
        oldest: oldest.as_deref(),
    };
    // Built once, before any run: runs at once would each wait for the others' builds.
    if !clock.time("build (cargo nextest run --no-run)", || {
        build_tests(&path, &target, &whole)
    }) {
        return ExitCode::FAILURE;
    }
    let runs = run_all(&plan, &env, &args);
    for run in &runs {
        clock.run(&run.tmux, run.took, &run.tests);
    }
    // What failed, again at the end, where a reader of the output's tail looks.
    for run in runs.iter().filter(|r| !r.failures.is_empty()) {
        eprintln!("\nxtask test: what failed against {}", run.tmux);
        for line in &run.failures {
            eprintln!("  {line}");
        }
    }
    let times = crate::repo_root().join("target/test-times.tsv");
    if let Err(e) = clock.write(&times) {
        eprintln!("xtask test: cannot write {}: {e}", times.display());
    }
    eprintln!("\n{}", clock.summary().trim_end());
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

/// Installs what the suite needs and is missing (Debian's packages, the pinned mdbook, and
/// cargo-nextest); whether all is here. `path` is the PATH the suite runs with.
fn install(path: &OsString, version: &dyn Fn(&str, &OsString) -> Option<String>) -> bool {
    let mut missing_packages: Vec<&str> = [
        ("tmux", "tmux"),
        ("node", "nodejs"),
        ("chromium", "chromium"),
        // The Homebrew formula's syntax (`ruby -c`), in the packaging tests.
        ("ruby", "ruby"),
    ]
    .into_iter()
    .filter(|(program, _)| version(program, path).is_none())
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
        return false;
    }
    if !version("mdbook", path).is_some_and(|v| v.contains(&format!("v{MDBOOK}")))
        && !cargo_install(
            "mdbook",
            MDBOOK,
            &["--no-default-features", "--features", "search"],
        )
    {
        return false;
    }
    let nextest = Command::new(cargo())
        .args(["nextest", "--version"])
        .env("PATH", path)
        .output()
        .is_ok_and(|o| o.status.success());
    if !nextest && !cargo_install("cargo-nextest", NEXTEST, &[]) {
        return false;
    }
    true
}

/// `cargo install CRATE --version VERSION --locked EXTRA`; whether it worked.
fn cargo_install(krate: &str, version: &str, extra: &[&str]) -> bool {
    eprintln!("xtask test: installing {krate} {version} with cargo");
    let installed = Command::new(cargo())
        .args(["install", krate, "--version", version, "--locked"])
        .args(extra)
        .status()
        .is_ok_and(|s| s.success());
    if !installed {
        eprintln!(
            "xtask test: `cargo install {krate} --version {version}` failed; install it and run again"
        );
    }
    installed
}

/// The tidy gate, before any test: formatting, clippy's lints and rustdoc's (stale intra-doc
/// links among them), every warning an error. Says which failed and how to see why.
fn tidy(target: &Path) -> bool {
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
            .env("CARGO_TARGET_DIR", target)
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

/// One `cargo nextest run` against one tmux.
struct Run {
    tmux: String,
    passed: bool,
    /// Each test's status line, read ([`clock::Tested`]).
    tests: Vec<clock::Tested>,
    /// nextest's totals.
    summary: String,
    /// The failed tests' reports (what nextest prints of each failure), bounded.
    failures: Vec<String>,
    took: std::time::Duration,
}

/// A run to make: against which tmux (its folder first on PATH), with which flags.
struct Planned<'a> {
    tmux: String,
    path: OsString,
    flags: &'a [&'a str],
}

impl<'a> Planned<'a> {
    fn new(
        build: Option<&Build>,
        path: &OsString,
        flags: &'a [&'a str],
        version: &dyn Fn(&str, &OsString) -> Option<String>,
    ) -> Planned<'a> {
        let path = match build {
            Some(b) => {
                let mut dirs = vec![b.bin.clone()];
                dirs.extend(std::env::split_paths(path));
                std::env::join_paths(dirs).unwrap_or_else(|_| path.clone())
            }
            None => path.clone(),
        };
        let tmux = version("tmux", &path).unwrap_or_else(|| "tmux (not found)".into());
        Planned { tmux, path, flags }
    }
}

/// What every run shares: cargo's build folder, and the oldest tmux's folder for the tests'
/// hosts.
struct Env<'a> {
    target: &'a Path,
    oldest: Option<&'a Path>,
}

/// cargo's build folder: the one `CARGO_TARGET_DIR` names, else one in the cache per
/// toolchain, so that a fresh clone compiles only the workspace's own crates (the tidy pass,
/// the tests, and the packaging and trybuild tests' builds, three more of the dependencies,
/// all in it; cargo keeps each dependency's build apart by version and features, so a changed
/// `Cargo.lock` rebuilds only what changed); the clone's `target/` when another run holds the
/// cache's. With the lock that keeps it.
fn build_folder() -> (PathBuf, Option<std::fs::File>) {
    let root = crate::repo_root();
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR").filter(|d| !d.is_empty()) {
        return (PathBuf::from(dir), None);
    }
    let shared = cache::keyed("target", &[&root.join("rust-toolchain.toml")]);
    let fallback = |why: String| {
        eprintln!("xtask test: {why}; this run builds in the clone's target/");
        (root.join("target"), None)
    };
    match cache::lock(&shared, false) {
        Ok(Some(held)) => match adopt(&shared, &root) {
            Ok(()) => {
                eprintln!("xtask test: building in {}", shared.display());
                (shared, Some(held))
            }
            Err(e) => fallback(e),
        },
        Ok(None) => fallback(format!("another run builds in {}", shared.display())),
        Err(e) => fallback(e),
    }
}

/// Makes the shared build folder this clone's: cargo names a workspace crate's build by its
/// path within the workspace and rebuilds it only for a source newer than the build, so
/// another clone's older files would pass for this one's build (and `env!` paths would name
/// that clone). When the folder last built another clone, the workspace's crates are cleaned
/// out of it; the dependencies stay.
fn adopt(shared: &Path, root: &Path) -> Result<(), String> {
    let marker = shared.join(".clone");
    let here = root.to_string_lossy();
    if std::fs::read_to_string(&marker).is_ok_and(|last| last == here) {
        return Ok(());
    }
    let cleaned = Command::new(cargo())
        .args(["clean", "--workspace", "--quiet"])
        .env("CARGO_TARGET_DIR", shared)
        .current_dir(root)
        .status()
        .is_ok_and(|s| s.success());
    if !cleaned {
        return Err(format!(
            "`cargo clean --workspace` in {} failed",
            shared.display()
        ));
    }
    std::fs::write(&marker, here.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", marker.display()))
}

/// Builds what `cargo nextest run FLAGS` runs; whether it built.
fn build_tests(path: &OsString, target: &Path, flags: &[&str]) -> bool {
    Command::new(cargo())
        .args(["nextest", "run", "--no-run"])
        .args(flags)
        .env("PATH", path)
        .env("CARGO_TARGET_DIR", target)
        .current_dir(crate::repo_root())
        .status()
        .is_ok_and(|s| s.success())
}

/// Makes the planned runs, [`RUNS_AT_ONCE`] at a time, in order. One run alone prints its
/// output as it comes; runs at once print theirs each when it ends, whole.
fn run_all(plan: &[Planned], env: &Env, args: &[String]) -> Vec<Run> {
    if let [only] = plan {
        return vec![run_one(only, env, args, &mut |line| eprintln!("{line}"))];
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let printing = std::sync::Mutex::new(());
    let mut runs: Vec<(usize, Run)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..RUNS_AT_ONCE.min(plan.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(planned) = plan.get(i) else {
                            return done;
                        };
                        {
                            let _turn = printing.lock().unwrap_or_else(|e| e.into_inner());
                            eprintln!("xtask test: starting the run against {}", planned.tmux);
                        }
                        let mut output = Vec::new();
                        let run = run_one(planned, env, args, &mut |line| output.push(line));
                        let _turn = printing.lock().unwrap_or_else(|e| e.into_inner());
                        for line in output {
                            eprintln!("{line}");
                        }
                        done.push((i, run));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    runs.sort_by_key(|(i, _)| *i);
    runs.into_iter().map(|(_, run)| run).collect()
}

fn run_one(planned: &Planned, env: &Env, args: &[String], print: &mut dyn FnMut(String)) -> Run {
    print(format!(
        "\nxtask test: cargo nextest run {} against {}",
        planned.flags.join(" "),
        planned.tmux
    ));
    let started = std::time::Instant::now();
    let mut run = nextest(planned, env, args, print);
    run.took = started.elapsed();
    run
}

/// Most lines of failure reports a run keeps for the summary.
const MAX_FAILURE_LINES: usize = 200;

/// Runs `cargo nextest run FLAGS --no-fail-fast ARGS` as `planned` says, handing its output
/// to `print` line by line and reading each test's status and time, nextest's totals and the
/// failures' reports.
fn nextest(planned: &Planned, env: &Env, args: &[String], print: &mut dyn FnMut(String)) -> Run {
    let mut run = Run {
        tmux: planned.tmux.clone(),
        passed: false,
        tests: Vec::new(),
        summary: String::from("no summary from nextest"),
        failures: Vec::new(),
        took: std::time::Duration::ZERO,
    };
    // nextest writes its status lines and the failures' output to stderr.
    // A filter among the arguments may leave a run nothing to run, which is no failure; the
    // whole suite always has tests.
    let none = if args.is_empty() { "fail" } else { "warn" };
    let child = Command::new(cargo())
        .args(["nextest", "run"])
        .args(["--no-fail-fast", "--no-tests", none])
        // Unless the arguments say how many (nextest takes the flag once) or the variable does.
        .args(["--test-threads", TEST_THREADS].iter().filter(|_| {
            std::env::var_os("NEXTEST_TEST_THREADS").is_none()
                && !args
                    .iter()
                    .any(|a| a.starts_with("--test-threads") || a.starts_with("-j"))
        }))
        .args(narrowed(planned.flags, args))
        .env("PATH", &planned.path)
        .env("CARGO_TARGET_DIR", env.target)
        .envs(env.oldest.map(|o| (OLDEST_TMUX, o)))
        .current_dir(crate::repo_root())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            run.summary = format!("cannot run cargo: {e}");
            return run;
        }
    };
    let mut failures = Reports::default();
    if let Some(out) = child.stderr.take() {
        let mut out = BufReader::new(out);
        let mut bytes = Vec::new();
        // To the end, whatever a test printed (a pane's raw bytes are no UTF-8): nextest would
        // block on a full pipe.
        while out.read_until(b'\n', &mut bytes).is_ok_and(|n| n > 0) {
            let line = String::from_utf8_lossy(&bytes)
                .trim_end_matches(['\n', '\r'])
                .to_owned();
            bytes.clear();
            if line.trim_start().starts_with("SLOW [") {
                // A test still running, named again when it ends.
            } else if let Some(totals) = line.trim_start().strip_prefix("Summary [") {
                // `Summary [  61.521s] 3 tests run: 2 passed, 1 failed, 0 skipped`
                run.summary = totals
                    .split_once("] ")
                    .map_or(totals, |(_, t)| t)
                    .to_owned();
                failures.summary_reached();
            } else if let Some(tested) = clock::Tested::read(&line).filter(|_| !failures.summarized)
            {
                failures.status(tested.passed, &line);
                run.tests.push(tested);
            } else {
                failures.feed(&line);
            }
            print(line);
        }
    }
    run.passed = child.wait().is_ok_and(|s| s.success());
    run.failures = failures.lines;
    run
}

/// A run's flags, then the caller's arguments. nextest runs a test any `-E` filterset names
/// (their union): where both the run and the caller name tests, one filterset takes the tests
/// both name.
fn narrowed(flags: &[&str], args: &[String]) -> Vec<String> {
    let is_filter = |a: &str| a == "-E" || a == "--filterset" || a == "--filter-expr";
    let mut theirs = Vec::new();
    let mut rest = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match (is_filter(word), word.split_once('=')) {
            (true, _) => theirs.extend(words.next().cloned()),
            (false, Some((flag, value))) if is_filter(flag) => theirs.push(value.to_owned()),
            _ => rest.push(word.clone()),
        }
    }
    let mut out: Vec<String> = flags.iter().map(|f| (*f).to_owned()).collect();
    let ours = out.iter().position(|f| is_filter(f)).map(|i| i + 1);
    match ours.filter(|i| *i < out.len() && !theirs.is_empty()) {
        Some(i) => {
            let theirs: Vec<String> = theirs.iter().map(|t| format!("({t})")).collect();
            out[i] = format!("({}) & ({})", out[i], theirs.join(" | "));
        }
        None => out.extend(theirs.iter().flat_map(|t| ["-E".to_owned(), t.clone()])),
    }
    out.extend(rest);
    out
}

/// The failure reports in nextest's output, as the summary repeats them: what follows each
/// failed test's status line (its stdout and stderr) up to the next status line, without
/// stack backtraces, which are in the output above. A backtrace runs to some 30 lines, and
/// kept it pushed what the test said out of what a reader of the tail sees.
#[derive(Default)]
struct Reports {
    reporting: bool,
    backtrace: bool,
    /// nextest's summary came: what follows repeats the status lines.
    summarized: bool,
    lines: Vec<String>,
}

impl Reports {
    /// A test's status line: a report follows one that did not pass.
    fn status(&mut self, passed: bool, line: &str) {
        self.reporting = !passed;
        self.backtrace = false;
        if self.reporting {
            self.keep(line.trim());
        }
    }

    fn summary_reached(&mut self) {
        self.summarized = true;
        self.reporting = false;
    }

    fn feed(&mut self, line: &str) {
        if !self.reporting {
            return;
        }
        if line.trim() == "stack backtrace:" {
            self.backtrace = true;
            self.keep("    stack backtrace: in the output above");
        } else if !self.backtrace || line.trim().is_empty() {
            // A backtrace ends at the blank line after it.
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
    use super::{Reports, narrowed};

    #[test]
    fn the_callers_filter_narrows_the_runs_own() {
        let run = ["--test", "it", "-E", "not test(/slow$/)"];
        let args = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            narrowed(
                &run,
                &args(&["-E", "test(a)", "--filterset=test(b)", "--no-capture"])
            ),
            args(&[
                "--test",
                "it",
                "-E",
                "(not test(/slow$/)) & ((test(a)) | (test(b)))",
                "--no-capture"
            ])
        );
        // Nothing to narrow: each goes as it came.
        assert_eq!(
            narrowed(&run, &args(&["x"])),
            args(&["--test", "it", "-E", "not test(/slow$/)", "x"])
        );
        assert_eq!(
            narrowed(&["--workspace"], &args(&["-E", "test(a)"])),
            args(&["--workspace", "-E", "test(a)"])
        );
    }

    #[test]
    fn failure_reports_keep_what_the_test_said_without_its_backtrace() {
        let output = "        PASS [   0.008s] (1/3) nx tests::passes\n        FAIL [   0.087s] (2/3) nx tests::fails\n  stderr ───\n    thread 'tests::fails' panicked at src/lib.rs:4:63:\n    what went wrong\n    stack backtrace:\n       0: __rustc::rust_begin_unwind\n                 at panicking.rs:689:5\n    note: Some details are omitted\n\n        PASS [   1.512s] (3/3) nx tests::slow\n  stdout ───\n    not a failure's\n";
        let mut reports = Reports::default();
        for line in output.lines() {
            if line.contains(" [") {
                reports.status(line.contains("PASS"), line);
            } else {
                reports.feed(line);
            }
        }
        assert_eq!(
            reports.lines,
            [
                "FAIL [   0.087s] (2/3) nx tests::fails",
                "  stderr ───",
                "    thread 'tests::fails' panicked at src/lib.rs:4:63:",
                "    what went wrong",
                "    stack backtrace: in the output above",
                "",
            ]
        );
    }
}
