//! The tree kept tidy, as rust-analyzer's tidy test keeps its own: every source file says what
//! it is for, none grows past what a reader takes in, and the map (ARCHITECTURE.md) names only
//! paths and items that exist.

use std::path::Path;

use tmux_mcp_tests::{CRATE_SOURCES, files_under, repo_root, rust_sources};

/// The Rust sources of the crates and of this suite, relative to the repository, with their
/// text (the trybuild cases under `tests/ui` are inputs, not sources).
fn tree_sources() -> Vec<(String, String)> {
    let root = repo_root();
    CRATE_SOURCES
        .iter()
        .chain(&["tests"])
        .flat_map(|dir| rust_sources(&root.join(dir)))
        .map(|(path, text)| {
            let rel = Path::new(&path)
                .strip_prefix(&root)
                .map(|p| p.display().to_string());
            (rel.unwrap_or(path), text)
        })
        .filter(|(rel, _)| !rel.starts_with("tests/ui/"))
        .collect()
}

#[test]
fn every_source_file_opens_with_what_it_is_for() {
    let missing: Vec<String> = tree_sources()
        .into_iter()
        .filter(|(_, text)| !text.starts_with("//!"))
        .map(|(rel, _)| rel)
        .collect();
    assert!(
        missing.is_empty(),
        "these files do not open with a `//!` comment saying what they are for:\n{}",
        missing.join("\n")
    );
}

/// A file a reader takes in whole: the server's and the tmux crate's hand-written files (the
/// committed expansion is generated) stay under 700 lines; a longer one is two concerns.
#[test]
fn no_hand_written_file_of_the_server_or_the_tmux_crate_is_over_700_lines() {
    let long: Vec<String> = tree_sources()
        .into_iter()
        .filter(|(rel, _)| {
            (rel.starts_with("server/src/") || rel.starts_with("tmux/src/"))
                && !rel.ends_with(".expanded.rs")
        })
        .filter(|(_, text)| text.lines().count() > 700)
        .map(|(rel, text)| format!("{rel}: {} lines", text.lines().count()))
        .collect();
    assert!(
        long.is_empty(),
        "split these by concern:\n{}",
        long.join("\n")
    );
}

/// Whether `name` is defined in `text`: an item, an enum variant, a field, or what a `pub use`
/// brings in (a crate root's re-exports are its items).
fn defines(text: &str, name: &str) -> bool {
    let words = |s: &str| {
        s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == name)
    };
    let reexported = text.split(';').any(|statement| {
        let code: String = statement
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join(" ");
        code.starts_with("pub use ") && words(&code)
    });
    reexported || defines_here(text, name)
}

/// [`defines`], but for re-exports.
fn defines_here(text: &str, name: &str) -> bool {
    let keywords = [
        "fn", "struct", "enum", "trait", "type", "const", "static", "mod",
    ];
    text.lines().any(|line| {
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        let item = words
            .windows(2)
            .any(|w| keywords.contains(&w[0]) && w[1] == name);
        // A variant or a field: the line's first word after `pub`/`pub(crate)`.
        let first = words
            .iter()
            .find(|w| !["pub", "crate", "super"].contains(w));
        let trimmed = line.trim_start();
        let after = trimmed
            .find(name)
            .and_then(|at| trimmed.get(at + name.len()..))
            .unwrap_or_default()
            .trim_start();
        // `name:` (a field) but not `name::` (a path that uses it).
        let member = first == Some(&name)
            && !trimmed.starts_with("//")
            && (after.starts_with(['(', '{', ','])
                || (after.starts_with(':') && !after.starts_with("::")));
        item || member
    })
}

/// Names the map writes as code that are no item of this tree: an HTTP header, rmcp's trait.
const NOT_OURS: [&str; 2] = ["Origin", "ServerHandler"];

/// The crates an item path in the map may start with that are not this workspace's.
const EXTERNAL: [&str; 6] = ["std", "serde_json", "tokio", "rmcp", "hyper", "vt100"];

#[test]
fn the_map_names_only_paths_and_items_that_exist() {
    let root = repo_root();
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("read the map");
    let files: Vec<String> = files_under(&root)
        .iter()
        .map(|p| p.strip_prefix(&root).unwrap_or(p).display().to_string())
        .collect();
    let sources = tree_sources();
    // A module's text: its file, its folder's files, and for the catalog its expansion.
    let module = |name: &str| -> Option<String> {
        let name = match name {
            "tmux" => "tmux/src/lib",
            "rt" | "tmux_mcp_runtime" => "runtime/src/lib",
            other => other,
        };
        let texts: Vec<&str> = sources
            .iter()
            .filter(|(rel, _)| {
                *rel == format!("{name}.rs")
                    || rel.ends_with(&format!("/{name}.rs"))
                    || rel.contains(&format!("/{name}/"))
                    || (name == "catalog" && rel.ends_with("catalog.expanded.rs"))
            })
            .map(|(_, text)| text.as_str())
            .collect();
        (!texts.is_empty()).then(|| texts.join("\n"))
    };
    let everywhere: String = sources.iter().map(|(_, t)| t.as_str()).collect();
    let mut wrong = Vec::new();
    for span in map.split('`').skip(1).step_by(2) {
        let is_path = [".rs", ".md", ".yaml", ".yml", ".json", ".toml", ".sh"]
            .iter()
            .any(|ext| span.ends_with(ext))
            || (span.ends_with('/') && span.len() > 1);
        let path_like = span
            .chars()
            .all(|c| c.is_alphanumeric() || "/._-".contains(c));
        if is_path && path_like && !span.starts_with(['/', '.']) {
            let dir = span.trim_end_matches('/');
            let exists = files.iter().any(|f| {
                f == dir
                    || f.ends_with(&format!("/{dir}"))
                    || f.starts_with(&format!("{dir}/"))
                    || f.contains(&format!("/{dir}/"))
            });
            if !exists {
                wrong.push(format!("`{span}`: no such file or folder"));
            }
            continue;
        }
        // A bare type's name (`Validated`, `Scan`): defined somewhere in the tree.
        let bare = span.trim_end_matches("()");
        if bare.starts_with(|c: char| c.is_ascii_uppercase())
            && bare.contains(|c: char| c.is_ascii_lowercase())
            && bare.chars().all(|c| c.is_ascii_alphanumeric())
        {
            if !NOT_OURS.contains(&bare) && !defines(&everywhere, bare) {
                wrong.push(format!("`{span}`: defined nowhere"));
            }
            continue;
        }
        let segments: Vec<&str> = span.trim_end_matches("()").split("::").collect();
        let is_item = segments.len() > 1
            && segments
                .iter()
                .all(|s| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_'));
        if !is_item || EXTERNAL.contains(&segments[0]) {
            continue;
        }
        let found = match module(segments[0]) {
            // A module: each item after it is defined in it (a type's members anywhere: an
            // `impl` may be in another file).
            Some(text) if segments[0].starts_with(|c: char| c.is_lowercase()) => {
                let mut scope = text;
                let mut ok = true;
                for (i, name) in segments.iter().enumerate().skip(1) {
                    if let Some(inner) = module(name).filter(|_| i + 1 < segments.len()) {
                        scope = inner;
                    } else if !(defines(&scope, name) || i > 1 && defines(&everywhere, name)) {
                        ok = false;
                    }
                }
                ok
            }
            // A type and its members.
            _ => segments.iter().all(|name| defines(&everywhere, name)),
        };
        if !found {
            wrong.push(format!("`{span}`: not defined where it says"));
        }
    }
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md names what does not exist (update the map):\n{}",
        wrong.join("\n")
    );
}

/// `tests/it/main.rs` says what goes where: each of its modules is named in its opening comment.
#[test]
fn the_suite_says_where_each_of_its_modules_goes() {
    let main = std::fs::read_to_string(repo_root().join("tests/it/main.rs")).expect("read main.rs");
    let said: String = main.lines().filter(|l| l.starts_with("//!")).collect();
    let unsaid: Vec<&str> = main
        .lines()
        .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
        .filter(|m| !said.contains(&format!("`{m}`")))
        .collect();
    assert!(
        unsaid.is_empty(),
        "tests/it/main.rs does not say where these go: {unsaid:?}"
    );
}

/// Handler files whose tools are tested elsewhere, and where: `list_hosts` with the hosts it
/// lists.
const TESTED_ELSEWHERE: [(&str, &str); 1] = [("inspect/hosts.rs", "tests/it/hosts.rs")];

/// The tool tests mirror the handlers: `tests/it/handlers/<path>.rs` (or a folder of that
/// name) tests what `server/src/handlers/<path>.rs` holds, every such test module names a
/// handler file that exists, and every file holding tools has its tests there.
#[test]
fn the_tool_tests_mirror_the_handlers() {
    let root = repo_root();
    let (tests, handlers) = (
        root.join("tests/it/handlers"),
        root.join("server/src/handlers"),
    );
    let relative = |base: &Path, file: &Path| {
        file.strip_prefix(base)
            .map(|p| p.display().to_string())
            .unwrap_or_default()
    };
    let modules: Vec<String> = files_under(&tests)
        .iter()
        .map(|f| relative(&tests, f))
        .filter(|rel| rel.ends_with(".rs") && !rel.ends_with("mod.rs"))
        .collect();
    // A module of a folder of tests (`inspect/waits/agent.rs`) tests the file the folder names.
    let tested = |rel: &str| {
        let mut path = rel.to_owned();
        while !handlers.join(&path).is_file() {
            match path.rsplit_once('/') {
                Some((parent, _)) => path = format!("{parent}.rs"),
                None => return None,
            }
        }
        Some(path)
    };
    // A file no module declares is never built: it would mirror a handler with no test.
    let declared = |rel: &str| {
        let (folder, stem) = match rel.trim_end_matches(".rs").rsplit_once('/') {
            Some((folder, stem)) => (format!("{folder}/"), stem.to_owned()),
            None => (String::new(), rel.trim_end_matches(".rs").to_owned()),
        };
        let parents = [
            format!("{folder}mod.rs"),
            format!("{}.rs", folder.trim_end_matches('/')),
        ];
        parents.iter().any(|parent| {
            std::fs::read_to_string(tests.join(parent)).is_ok_and(|t| {
                t.lines()
                    .any(|l| l.trim_start_matches("pub(crate) ") == format!("mod {stem};"))
            })
        })
    };
    let undeclared: Vec<&String> = modules.iter().filter(|m| !declared(m)).collect();
    assert!(
        undeclared.is_empty(),
        "no module declares these files of tests/it/handlers/: {undeclared:?}"
    );
    let unmirrored: Vec<&String> = modules.iter().filter(|m| tested(m).is_none()).collect();
    assert!(
        unmirrored.is_empty(),
        "these test modules under tests/it/handlers/ name no file of server/src/handlers/: \
         {unmirrored:?}"
    );
    let covered: Vec<String> = modules.iter().filter_map(|m| tested(m)).collect();
    let handles = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with("impl ") && l.contains("::Handle for Tools"))
            .count()
    };
    let tool_files: Vec<(String, usize)> = files_under(&handlers)
        .iter()
        .filter_map(|f| {
            let n = handles(&std::fs::read_to_string(f).ok()?);
            (n > 0).then(|| (relative(&handlers, f), n))
        })
        .collect();
    // Every tool's handler is found, so no file of them escapes the check.
    assert_eq!(
        tool_files.iter().map(|(_, n)| n).sum::<usize>(),
        tmux_mcp::catalog::ToolId::ALL.len(),
        "the handlers found: {tool_files:?}"
    );
    let untested: Vec<String> = tool_files
        .into_iter()
        .map(|(rel, _)| rel)
        .filter(|rel| !covered.contains(rel))
        .filter(|rel| {
            !TESTED_ELSEWHERE
                .iter()
                .any(|(file, at)| file == rel && root.join(at).is_file())
        })
        .collect();
    assert!(
        untested.is_empty(),
        "these handler files hold tools but have no tests at their path under \
         tests/it/handlers/: {untested:?}"
    );
}
