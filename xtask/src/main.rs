//! `cargo xtask`: developer tasks (rust-analyzer's layout).

use std::process::ExitCode;

const USAGE: &str = "\
cargo xtask: developer tasks of tmux-mcp

Usage:
  cargo xtask test [--matrix DIR] [ARGS]
                               install what the suite needs, then cargo test --workspace --locked [ARGS];
                               with --matrix (or TMUX_MCP_MATRIX=DIR), also build each tmux-VERSION.tar.gz
                               in DIR once (into target/tmux-matrix) and run the end-to-end tests against each
  cargo xtask docs [--check]   write (or check) the reference site in generated-docs/
  cargo xtask codegen [--check] write (or check) server/src/catalog.expanded.rs
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["test", rest @ ..] => {
            xtask::test::run(&rest.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())
        }
        ["docs"] => docs(false),
        ["docs", "--check"] => docs(true),
        ["codegen"] => codegen(false),
        ["codegen", "--check"] => codegen(true),
        ["-h" | "--help" | "help"] => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprint!("xtask: unrecognised arguments {args:?}\n\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

fn docs(check: bool) -> ExitCode {
    let dir = xtask::repo_root().join("generated-docs");
    let result = if check {
        xtask::site::check(&dir).map(|drift| drift.stale.into_iter().chain(drift.extra).collect())
    } else {
        xtask::site::write(&dir)
    };
    match result {
        Ok(changed) if check && !changed.is_empty() => {
            for p in &changed {
                eprintln!("stale: {}", p.display());
            }
            eprintln!(
                "xtask: the reference site is out of date; run `cargo xtask docs` and commit the result"
            );
            ExitCode::FAILURE
        }
        Ok(changed) => {
            if !check {
                eprintln!(
                    "xtask: {} file(s) updated in {}",
                    changed.len(),
                    dir.display()
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("xtask: {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}

fn codegen(check: bool) -> ExitCode {
    let path = xtask::expansion::path();
    let new = match xtask::expansion::render() {
        Ok(text) => text,
        Err(e) => {
            eprintln!("xtask: {e}");
            return ExitCode::FAILURE;
        }
    };
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    if old == new {
        return ExitCode::SUCCESS;
    }
    if check {
        eprintln!(
            "xtask: {} is stale; run `cargo xtask codegen` and commit it",
            path.display()
        );
        return ExitCode::FAILURE;
    }
    match std::fs::write(&path, new) {
        Ok(()) => {
            eprintln!("xtask: wrote {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("xtask: cannot write {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}
