//! `cargo xtask`: developer tasks (rust-analyzer's layout).

use std::process::ExitCode;

const USAGE: &str = "\
cargo xtask: developer tasks of tmux-mcp

Usage:
  cargo xtask test [--matrix DIR] [ARGS]
                               install what the suite needs, then cargo nextest run --workspace --locked [ARGS];
                               with --matrix (or TMUX_MCP_MATRIX=DIR), also build each tmux-VERSION.tar.gz
                               in DIR once and run the end-to-end tests against each, two runs at once;
                               it ends with the slowest tests and each phase's time. Builds and installs
                               are cached in ~/.cache/tmux-agent-mcp (TMUX_MCP_CACHE=DIR), keyed by content
  cargo xtask codegen [--check]
                               write (or check) everything generated from the manifest and the code:
                               server/src/catalog.expanded.rs, manifest/tools.schema.json, generated-docs/
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["test", rest @ ..] => {
            xtask::test::run(&rest.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())
        }
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

/// Writes (or, with `check`, compares) every generated file; with `check`, fails naming each
/// stale one.
fn codegen(check: bool) -> ExitCode {
    let root = xtask::repo_root();
    let mut stale = Vec::new();
    let mut failed = false;
    let files = [
        (xtask::expansion::path(), xtask::expansion::render()),
        (
            root.join("manifest/tools.schema.json"),
            Ok(tmux_mcp_manifest::json_schema()),
        ),
    ];
    for (path, new) in files {
        let new = match new {
            Ok(text) => text,
            Err(e) => {
                eprintln!("xtask: {}: {e}", path.display());
                failed = true;
                continue;
            }
        };
        if std::fs::read_to_string(&path).is_ok_and(|old| old == new) {
            continue;
        }
        if check {
            stale.push(path);
        } else if let Err(e) = std::fs::write(&path, new) {
            eprintln!("xtask: cannot write {}: {e}", path.display());
            failed = true;
        } else {
            eprintln!("xtask: wrote {}", path.display());
        }
    }
    let site = root.join("generated-docs");
    let result = if check {
        xtask::site::check(&site).map(|drift| drift.stale.into_iter().chain(drift.extra).collect())
    } else {
        xtask::site::write(&site)
    };
    match result {
        Ok(changed) if check => stale.extend(changed),
        Ok(changed) => {
            for path in changed {
                eprintln!("xtask: wrote {}", path.display());
            }
        }
        Err(e) => {
            eprintln!("xtask: {}: {e}", site.display());
            failed = true;
        }
    }
    for path in &stale {
        eprintln!("stale: {}", path.display());
    }
    if !stale.is_empty() {
        eprintln!(
            "xtask: generated files are out of date; run `cargo xtask codegen` and commit the result"
        );
    }
    if failed || !stale.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
