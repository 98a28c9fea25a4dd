//! The rules ARCHITECTURE.md states as "Architecture Invariant", held where a test can hold
//! them: what depends on what, and where tool names and stdout writes may appear.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use tmux_mcp::catalog::ToolId;
use tmux_mcp_tests::repo_root;

/// The packages `package` depends on at run time (proc-macros and build scripts left out),
/// itself included, from `cargo tree`.
fn runtime_closure(package: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--locked", "--prefix", "none"])
        .args(["-e", "normal,no-proc-macro", "-p", package])
        .current_dir(repo_root())
        .output()
        .expect("cargo tree");
    assert!(
        out.status.success(),
        "cargo tree: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

/// Fails when `package` reaches any of `forbidden` at run time.
fn reaches_none_of(package: &str, forbidden: &[&str]) {
    let closure = runtime_closure(package);
    for crate_name in forbidden {
        assert!(
            !closure.iter().any(|p| p == crate_name),
            "{package} reaches {crate_name} at run time: {closure:?}"
        );
    }
}

#[test]
fn the_tmux_crate_knows_nothing_of_mcp() {
    reaches_none_of(
        "tmux-agent-mcp-tmux",
        &[
            "rmcp",
            "tmux-agent-mcp-manifest",
            "tmux-agent-mcp-runtime",
            "tmux-agent-mcp-macros",
        ],
    );
}

#[test]
fn the_server_links_no_build_time_crate() {
    reaches_none_of(
        "tmux-agent-mcp",
        &[
            "tmux-agent-mcp-manifest",
            "yaml_serde",
            "syn",
            "quote",
            "proc-macro2",
            "prettyplease",
            "trybuild",
        ],
    );
    assert!(
        runtime_closure("tmux-agent-mcp")
            .iter()
            .any(|p| p == "tmux-agent-mcp-runtime")
    );
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("read source");
            out.push((path.display().to_string(), text));
        }
    }
    out
}

#[test]
fn no_tool_name_is_a_string_in_the_server_sources() {
    let dir = repo_root().join("server/src");
    let mut found = Vec::new();
    for (path, text) in sources(&dir) {
        if path.ends_with("catalog.expanded.rs") {
            continue; // generated
        }
        // Unit tests name tools as a client would; the rule is for serving code.
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        for id in ToolId::ALL {
            let quoted = format!("\"{}\"", id.name());
            for (n, line) in text.lines().enumerate() {
                if line.contains(&quoted) && !line.trim_start().starts_with("//") {
                    found.push(format!("{path}:{}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "tool names spelled as strings (use ToolId):\n{}",
        found.join("\n")
    );
}

#[test]
fn only_frame_writes_stdout_while_serving() {
    let dir = repo_root().join("server/src");
    let allowed = ["frame.rs", "cli.rs"];
    for (path, text) in sources(&dir) {
        if allowed.iter().any(|a| path.ends_with(a)) {
            continue;
        }
        // Writing stderr is not writing stdout.
        let text = text.replace("eprintln!", "").replace("eprint!(", "");
        for marker in ["stdout()", "println!", "print!(", "stdio_pipes"] {
            assert!(
                !text.contains(marker),
                "{path} writes stdout ({marker}); only frame does"
            );
        }
    }
}

/// The serving code of the server and the tmux crate, line by line with comments cut, but for
/// the files `skip` names: each line's place (`path:n`) and code.
fn serving_code(skip: &str) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    for dir in ["server/src", "tmux/src"] {
        for (path, text) in sources(&repo_root().join(dir)) {
            if path.ends_with(skip) || path.ends_with("catalog.expanded.rs") {
                continue;
            }
            let text = text.split("#[cfg(test)]").next().unwrap_or_default();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                lines.push((
                    format!("{path}:{}: {}", n + 1, line.trim()),
                    code.to_owned(),
                ));
            }
        }
    }
    lines
}

/// What differs between tmux versions is decided by `tmux::version`'s table of features:
/// nothing else in the server or the tmux crate places a version or names one.
#[test]
fn only_the_version_table_compares_tmux_versions() {
    let found: Vec<String> = serving_code("version.rs")
        .into_iter()
        .filter(|(_, code)| {
            // A literal of a tmux release's shape: 3.2a, 3.4, next-3.8.
            let names_a_version = code.split('"').skip(1).step_by(2).any(|literal| {
                let release = literal.strip_prefix("next-").unwrap_or(literal);
                let minor = release.strip_prefix("3.").unwrap_or_default();
                let digits = minor.trim_end_matches(|c: char| c.is_ascii_lowercase());
                !digits.is_empty()
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && minor.len() <= digits.len() + 1
            });
            code.contains(".release()") || names_a_version
        })
        .map(|(place, _)| place)
        .collect();
    assert!(
        found.is_empty(),
        "tmux versions placed outside tmux::version (add a Feature instead):\n{}",
        found.join("\n")
    );
}

/// Process facts come through `tmux::process`'s two readers (`/proc` and `ps`), so that off
/// Linux nothing reads a `/proc` that is not there: no other serving code names it.
#[test]
fn only_the_process_reader_reads_proc() {
    let found: Vec<String> = serving_code("process.rs")
        .into_iter()
        .filter(|(_, code)| code.contains("\"/proc"))
        .map(|(place, _)| place)
        .collect();
    assert!(
        found.is_empty(),
        "/proc read outside tmux::process (add to its Reader instead):\n{}",
        found.join("\n")
    );
}

/// Every `ssh` this server starts is built by `hosts::bootstrap::ssh`, with the options that
/// keep it from asking a question, forwarding anything or becoming a multiplexing master.
#[test]
fn only_the_bootstrap_starts_ssh() {
    let found: Vec<String> = serving_code("hosts/bootstrap.rs")
        .into_iter()
        .filter(|(_, code)| code.contains("\"ssh\""))
        .map(|(place, _)| place)
        .collect();
    assert!(
        found.is_empty(),
        "ssh started outside hosts::bootstrap::ssh (build it there):\n{}",
        found.join("\n")
    );
}

/// The modules of the crate whose sources are in `dir` (each file or folder beside `lib.rs`)
/// and the modules each one names through `crate::` (or, from a file beside `lib.rs`,
/// `super::`), an item the crate root re-exports counting as its module. Tests are left out.
/// The modules of `dir` (a crate's source root, or with `nested` a module's folder, whose own
/// `mod.rs` is its root) and which of them each one uses.
fn module_graph(dir: &str, nested: bool) -> BTreeMap<String, BTreeSet<String>> {
    let root = repo_root().join(dir);
    let mut modules = BTreeSet::new();
    for entry in std::fs::read_dir(&root).expect("read dir").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let module = name.strip_suffix(".rs").unwrap_or(&name).to_owned();
        if !["lib", "main", "mod"].contains(&module.as_str()) && !module.contains('.') {
            modules.insert(module);
        }
    }
    // `pub use module::{a, b};` and `pub use module::a;` in the crate root.
    let mut exported = BTreeMap::new();
    for file in ["lib.rs", "main.rs", "mod.rs"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
        for statement in text.split(';') {
            let Some(path) = statement.trim().strip_prefix("pub use ") else {
                continue;
            };
            let Some((module, items)) = path.split_once("::") else {
                continue;
            };
            for item in items.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                if !item.is_empty() && modules.contains(module) {
                    exported.insert(item.to_owned(), module.to_owned());
                }
            }
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in sources(&root) {
        let rel = path
            .strip_prefix(&format!("{}/", root.display()))
            .unwrap_or(&path)
            .to_owned();
        let module = rel.split('/').next().unwrap_or_default();
        let module = module.strip_suffix(".rs").unwrap_or(module).to_owned();
        if !modules.contains(&module) || rel.ends_with("catalog.expanded.rs") {
            continue;
        }
        let code: String = text
            .split("#[cfg(test)]")
            .next()
            .unwrap_or_default()
            .lines()
            .map(|l| l.split("//").next().unwrap_or_default())
            .collect::<Vec<_>>()
            .join("\n");
        // In a module's folder, `crate::` names the crate's modules, not these.
        let mut prefixes = if nested { vec![] } else { vec!["crate::"] };
        if !rel.contains('/') {
            prefixes.push("super::");
        }
        let edges = graph.entry(module.clone()).or_default();
        for prefix in prefixes {
            for (at, _) in code.match_indices(prefix) {
                let rest = &code[at + prefix.len()..];
                // One name, or the first names of a `{…}` group.
                let names: Vec<&str> = match rest.strip_prefix('{') {
                    Some(group) => group
                        .split('}')
                        .next()
                        .unwrap_or_default()
                        .split(',')
                        .filter_map(|n| n.trim().split("::").next())
                        .collect(),
                    None => rest
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .take(1)
                        .collect(),
                };
                for name in names {
                    let target = if modules.contains(name) {
                        Some(name.to_owned())
                    } else {
                        exported.get(name).cloned()
                    };
                    if let Some(target) = target.filter(|t| *t != module) {
                        edges.insert(target);
                    }
                }
            }
        }
    }
    graph
}

/// A path through `graph` back to its start, if there is one.
fn a_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        let here = path.last()?.clone();
        for next in graph.get(&here).into_iter().flatten() {
            if let Some(at) = path.iter().position(|m| m == next) {
                let mut cycle = path[at..].to_vec();
                cycle.push(next.clone());
                return Some(cycle);
            }
            if done.contains(next) {
                continue;
            }
            path.push(next.clone());
            if let Some(cycle) = visit(graph, path, done) {
                return Some(cycle);
            }
            path.pop();
        }
        done.insert(here);
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|start| visit(graph, &mut vec![start.clone()], &mut done))
}

/// Each crate's modules form layers: no module reaches, through others, back to itself. The
/// one exception is the tmux crate's handle and its output streams: `client::Tmux` owns the
/// streams, and a stream's reader holds a weak `Tmux` to run commands for its session.
#[test]
fn no_module_reaches_back_to_itself() {
    let known = [("tmux/src", "follow", "client")];
    for dir in [
        "server/src",
        "tmux/src",
        "runtime/src",
        "manifest/src",
        "macros/src",
        "xtask/src",
    ] {
        let mut graph = module_graph(dir, false);
        for (crate_dir, from, to) in known {
            if crate_dir == dir {
                let removed = graph.get_mut(from).is_some_and(|e| e.remove(to));
                assert!(
                    removed,
                    "{dir}: {from} no longer uses {to}; drop the exception"
                );
            }
        }
        if let Some(cycle) = a_cycle(&graph) {
            panic!(
                "{dir}: the modules {} depend on one another in a cycle; move what they share below them",
                cycle.join(" -> ")
            );
        }
    }
    // The handlers are layers too: what reads panes (reports, objects, input, content, wait)
    // below what builds on it.
    let dir = "server/src/handlers";
    let graph = module_graph(dir, true);
    assert!(
        graph.get("wait").is_some_and(|uses| uses.contains("input")),
        "{dir}: the graph is not being read: {graph:?}"
    );
    if let Some(cycle) = a_cycle(&graph) {
        panic!(
            "{dir}: the handlers {} depend on one another in a cycle; move what they share below them",
            cycle.join(" -> ")
        );
    }
}
