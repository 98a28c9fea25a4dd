//! The rules ARCHITECTURE.md states as "Architecture Invariant", held where a test can hold
//! them: what depends on what, and where tool names and stdout writes may appear.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use tmux_mcp::catalog::ToolId;
use tmux_mcp_tests::{CRATE_SOURCES, repo_root, rust_sources};

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

#[test]
fn no_tool_name_is_a_string_in_the_server_sources() {
    let dir = repo_root().join("server/src");
    let mut found = Vec::new();
    for (path, text) in rust_sources(&dir) {
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
    // The command line's answers to people (`--help`, `tools`, `check`, `setup`) are not
    // serving; `serve` takes stdout only to hand it to `frame`.
    let allowed = [
        "frame.rs",
        "cli.rs",
        "cli/args.rs",
        "cli/report.rs",
        "cli/companion.rs",
        "cli/serve.rs",
    ];
    for (path, text) in rust_sources(&dir) {
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
        for (path, text) in rust_sources(&repo_root().join(dir)) {
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

/// A crate's source files as modules: each file's module path (`lib.rs` is the root, a
/// folder's `mod.rs` the folder's module) and its serving code, tests and comments cut.
struct Crate {
    files: BTreeMap<Vec<String>, (String, String)>,
}

impl Crate {
    fn read(dir: &str) -> Crate {
        let root = repo_root().join(dir);
        let mut files = BTreeMap::new();
        for (path, text) in rust_sources(&root) {
            let rel = path
                .strip_prefix(&format!("{}/", root.display()))
                .unwrap_or(&path)
                .to_owned();
            // Generated and never compiled; a `bin/` file is a crate of its own; a `tests.rs`
            // is its parent's unit tests.
            if rel.ends_with(".expanded.rs")
                || rel.starts_with("bin/")
                || rel.ends_with("/tests.rs")
            {
                continue;
            }
            let mut module: Vec<String> = rel
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_owned)
                .collect();
            if ["lib", "main", "mod"].contains(&module.last().map_or("", String::as_str)) {
                module.pop();
            }
            let code = text
                .split("#[cfg(test)]")
                .next()
                .unwrap_or_default()
                .lines()
                .map(|l| l.split("//").next().unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n");
            files.insert(module, (rel, code));
        }
        Crate { files }
    }

    /// The module `path` names from `module`, following the re-exports of the modules it
    /// passes through to the module that defines the item.
    fn resolve(&self, module: &[String], path: &[String], depth: usize) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        let mut at: Vec<String> = match first.as_str() {
            "crate" => vec![],
            "self" => module.to_vec(),
            "super" => module[..module.len().saturating_sub(1)].to_vec(),
            child => [module, &[child.to_owned()]].concat(),
        };
        let mut rest = rest;
        while let Some((first, tail)) = rest.split_first() {
            if first == "super" {
                at.pop();
                rest = tail;
                continue;
            }
            let deeper = [at.as_slice(), std::slice::from_ref(first)].concat();
            if self.files.contains_key(&deeper) {
                at = deeper;
                rest = tail;
                continue;
            }
            // An item `at` re-exports stands for the module it comes from.
            if depth < 8
                && let Some(from) = self.reexports(&at).remove(first)
                && let Some(source) = self.resolve(&at, &from, depth + 1)
            {
                return Some(source);
            }
            break;
        }
        self.files.contains_key(&at).then_some(at)
    }

    /// What `module` re-exports (`pub use`, `pub(crate) use`): each name with its path.
    fn reexports(&self, module: &[String]) -> BTreeMap<String, Vec<String>> {
        let mut out = BTreeMap::new();
        let Some((_, code)) = self.files.get(module) else {
            return out;
        };
        for statement in code.split(';') {
            let statement = statement.trim();
            let Some(tree) = ["pub use ", "pub(crate) use ", "pub(super) use "]
                .iter()
                .find_map(|p| statement.rsplit_once(p).map(|(_, t)| t))
            else {
                continue;
            };
            for (path, name) in use_tree(tree) {
                out.insert(name, path);
            }
        }
        out
    }

    /// Each file and the files whose modules it names.
    fn graph(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut graph = BTreeMap::new();
        for (module, (rel, code)) in &self.files {
            let children: BTreeSet<&str> = self
                .files
                .keys()
                .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
                .filter_map(|m| m.last().map(String::as_str))
                .collect();
            let edges: &mut BTreeSet<String> = graph.entry(rel.clone()).or_default();
            for (at, _) in code.match_indices("::") {
                // The identifier before `::`, where a path starts (not after another `::`).
                let before = &code[..at];
                let start = before
                    .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .map_or(0, |i| i + 1);
                let head = &before[start..];
                if before[..start].ends_with("::") || head.is_empty() {
                    continue;
                }
                if !["crate", "self", "super"].contains(&head) && !children.contains(head) {
                    continue;
                }
                for (path, _) in use_tree(&code[start..]) {
                    if let Some(target) = self.resolve(module, &path, 0)
                        && target != *module
                        && let Some((to, _)) = self.files.get(&target)
                    {
                        edges.insert(to.clone());
                    }
                }
            }
        }
        graph
    }
}

/// The paths of a use tree or a path expression at the start of `text` (`a::b::{c, d::e as f}`),
/// each with the name it brings in.
fn use_tree(text: &str) -> Vec<(Vec<String>, String)> {
    fn parse(text: &str, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) -> usize {
        let mut path = prefix.to_vec();
        let mut i = 0;
        let bytes = text.as_bytes();
        loop {
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if i < bytes.len() && bytes[i] == b'{' {
                i += 1;
                loop {
                    i += parse(&text[i..], &path, out);
                    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    match bytes.get(i) {
                        Some(b',') => i += 1,
                        Some(b'}') => return i + 1,
                        _ => return i,
                    }
                    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    if bytes.get(i) == Some(&b'}') {
                        return i + 1;
                    }
                }
            }
            let end = text[i..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(text.len(), |e| i + e);
            let name = &text[i..end];
            if name.is_empty() {
                break;
            }
            i = end;
            if name != "self" || path.is_empty() {
                path.push(name.to_owned());
            }
            if text[i..].starts_with("::") {
                i += 2;
                continue;
            }
            // `a as b` brings in `b`.
            let alias = text[i..].trim_start().strip_prefix("as ").map(|r| {
                let r = r.trim_start();
                let alias = r
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or_default();
                (alias, text.len() - r.len() + alias.len())
            });
            let (name, end) = alias.unwrap_or((name, i));
            out.push((path, name.to_owned()));
            return end;
        }
        if path.len() > prefix.len() {
            let name = path.last().cloned().unwrap_or_default();
            out.push((path, name));
        }
        i
    }
    let mut out = Vec::new();
    parse(text, &[], &mut out);
    out
}

/// The groups of files that reach one another through what they name (each an import ring).
fn rings(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(at) = todo.pop() {
            for next in graph.get(&at).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|k| (k, reach(k))).collect();
    let mut rings: Vec<BTreeSet<String>> = Vec::new();
    for (file, seen) in &reached {
        if !seen.contains(*file) || rings.iter().any(|r| r.contains(*file)) {
            continue;
        }
        let ring = seen
            .iter()
            .filter(|other| reached.get(other).is_some_and(|s| s.contains(*file)))
            .cloned()
            .collect();
        rings.push(ring);
    }
    rings
}

/// Each crate's files form layers: a parent module declares and its children use it, or it
/// uses them, never both; no file reaches, through others, back to itself (`mod.rs` and
/// `lib.rs` included, an item re-exported counting as the file that defines it).
#[test]
fn no_file_reaches_back_to_itself() {
    let mut found = Vec::new();
    for dir in CRATE_SOURCES {
        let graph = Crate::read(dir).graph();
        assert!(
            graph.len() < 2 || graph.values().any(|uses| !uses.is_empty()),
            "{dir}: the graph is not being read: {graph:?}"
        );
        for ring in rings(&graph) {
            // Each file of the ring with the ones of it that it uses.
            let uses: Vec<String> = ring
                .iter()
                .map(|file| {
                    let used: Vec<_> = graph[file].intersection(&ring).cloned().collect();
                    format!("{file} -> {}", used.join(", "))
                })
                .collect();
            found.push(format!("{dir}:\n  {}", uses.join("\n  ")));
        }
    }
    assert!(
        found.is_empty(),
        "files that depend on one another; move what they share below them:\n{}",
        found.join("\n")
    );
}

/// A family of tools (`handlers/<toolset>/<family>.rs`, its own folder beside it, or a toolset
/// of one family: `manage.rs`, `teardown.rs`) never reaches into another family's files: what
/// families share lives beside them (`context`, `rows`, `text`, `typing`, `watch`, …), so a
/// newcomer reads a family in its own files.
#[test]
fn no_family_of_tools_reaches_into_another() {
    let graph = Crate::read("server/src").graph();
    let family = |file: &str| -> Option<String> {
        let in_toolset = ["handlers/inspect/", "handlers/execute/"]
            .iter()
            .any(|t| file.starts_with(t));
        let alone = ["handlers/manage.rs", "handlers/teardown.rs"].contains(&file);
        ((in_toolset && !file.ends_with("/mod.rs")) || alone).then(|| {
            let parts: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
            parts[..parts.len().min(3)].join("/")
        })
    };
    let families: BTreeSet<String> = graph.keys().filter_map(|f| family(f)).collect();
    assert!(
        families.len() > 10,
        "the families are not being read: {families:?}"
    );
    let reaching: Vec<String> = graph
        .iter()
        .filter_map(|(file, uses)| Some((family(file)?, file, uses)))
        .flat_map(|(own, file, uses)| {
            uses.iter()
                .filter(move |used| family(used).is_some_and(|other| other != own))
                .map(move |used| format!("{file} -> {used}"))
        })
        .collect();
    assert!(
        reaching.is_empty(),
        "a family of tools uses another's file; move what they share beside them:\n{}",
        reaching.join("\n")
    );
}

/// The handlers and the call pipeline know no transport: they take a `Request` and a
/// `CallContext`, never rmcp's, so they run in-process (`tests/it/pipeline.rs`) as they run
/// behind stdio or HTTP.
#[test]
fn the_handlers_and_the_pipeline_know_no_transport() {
    let root = repo_root().join("server/src");
    let mut files = rust_sources(&root.join("handlers"));
    files.push((
        "pipeline.rs".into(),
        std::fs::read_to_string(root.join("pipeline.rs")).expect("read the pipeline"),
    ));
    assert!(files.len() > 10, "the handlers are not being read");
    let found: Vec<&str> = files
        .iter()
        .filter(|(_, text)| text.contains("rmcp"))
        .map(|(path, _)| path.as_str())
        .collect();
    assert!(
        found.is_empty(),
        "these name rmcp; take what they need through the Request and CallContext: {found:?}"
    );
}
