//! The reference site: identical to what the running server says, its calculator identical to
//! the server's resolver, its links whole, and its pages rendering in a real browser. Needs
//! `mdbook` 0.5, `node` and Debian's `chromium` (`cargo xtask test` installs them).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use rmcp::model::ReadResourceRequestParams;
use serde_json::{Value, json};
use tmux_mcp::catalog::{TOOLS, ToolId};
use tmux_mcp::environment::Environment;
use tmux_mcp::selection::Selection;
use tmux_mcp_tests::{
    BATCH_ONLY_SEED, TempDir, World, default_tool_count, repo_root, toolset_subsets,
};

use tmux_mcp::surface::CAPABILITY_KEY;

fn site() -> PathBuf {
    repo_root().join("generated-docs")
}

fn catalog() -> Value {
    let text = std::fs::read_to_string(site().join("src/catalog.js")).expect("catalog.js");
    let json = text
        .split_once("= ")
        .map(|(_, rest)| rest.trim_end().trim_end_matches(';'))
        .expect("catalog.js assigns the catalog");
    serde_json::from_str(json).expect("the catalog is JSON")
}

fn tool_program(name: &str, install: &str) -> PathBuf {
    let found = Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {name}"))
        .output()
        .ok()
        .filter(|o| o.status.success());
    let path = found
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    assert!(
        !path.is_empty(),
        "{name} is needed for the site tests: {install}, or run the suite with `cargo xtask test`, which installs it"
    );
    PathBuf::from(path)
}

#[tokio::test]
async fn the_site_catalog_is_what_the_server_serves() {
    let catalog = catalog();
    let world = World::new();
    let client = world
        .client(
            &["-L", "absent"],
            &[("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")],
        )
        .await;
    let tools = client.list_tools(None).await.expect("tools/list").tools;
    let read = client
        .read_resource(ReadResourceRequestParams::new("tmux://capabilities"))
        .await
        .expect("capabilities");
    let report: Value = match &read.contents[0] {
        rmcp::model::ResourceContents::TextResourceContents { text, .. } => {
            serde_json::from_str(text).unwrap()
        }
        _ => panic!("capabilities is text"),
    };
    let documented = catalog["tools"].as_array().unwrap();
    assert_eq!(tools.len(), documented.len());
    for (tool, doc) in tools.iter().zip(documented) {
        let name = tool.name.as_ref();
        assert_eq!(doc["name"], name);
        assert_eq!(
            doc["title"],
            tool.title.as_deref().unwrap_or_default(),
            "{name}"
        );
        let meta = &tool.meta.as_ref().unwrap()[CAPABILITY_KEY];
        assert_eq!(&doc["capability"], meta, "{name}: capability record");
        assert_eq!(doc["toolset"], meta["toolset"], "{name}: toolset");
        assert_eq!(
            doc["inputSchema"],
            Value::Object((*tool.input_schema).clone()),
            "{name}: input schema"
        );
        assert_eq!(
            doc["outputSchema"],
            Value::Object((*tool.output_schema.clone().unwrap()).clone()),
            "{name}: output schema"
        );
        let row = report["tools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .expect("a capabilities row");
        assert_eq!(
            row["annotations"], doc["annotations"],
            "{name}: annotations"
        );
        assert_eq!(
            row["capability"], doc["capability"],
            "{name}: capabilities row"
        );
    }
    client.cancel().await.unwrap();
}

/// Selection cases for the calculator: the seed examples, the invalid ones, and every toolset
/// subset crossed with a few additions and exclusions.
fn cases() -> Vec<(Vec<(&'static str, String)>, bool)> {
    let mut cases: Vec<(Vec<(&'static str, String)>, bool)> = Vec::new();
    let fixed: [&[(&'static str, &str)]; 12] = [
        &[],
        &[("LIBTMUX_TOOLSETS", "inspect,execute")],
        &[("LIBTMUX_TOOLSETS", ""), ("LIBTMUX_TOOLS", "list_sessions")],
        &[("LIBTMUX_TOOLSETS", "")],
        &[
            ("LIBTMUX_TOOLSETS", "inspect"),
            ("LIBTMUX_TOOLS", "send_keys"),
            ("LIBTMUX_EXCLUDE_TOOLS", "capture_pane"),
        ],
        &BATCH_ONLY_SEED,
        &[("LIBTMUX_TOOLSETS", "inspect,")],
        &[("LIBTMUX_TOOLSETS", " ,inspect")],
        &[("LIBTMUX_TOOLSETS", "Inspect")],
        &[("LIBTMUX_TOOLS", "list_session")],
        &[("LIBTMUX_SAFETY", "")],
        &[("TMUX_MCP_SAFETY", "x"), ("LIBTMUX_TOOLSETS", "inspect")],
    ];
    for vars in fixed {
        for fresh in [false, true] {
            cases.push((
                vars.iter().map(|(k, v)| (*k, (*v).to_owned())).collect(),
                fresh,
            ));
        }
    }
    let additions = ["", "kill_pane", "call_read_tools_batch,send_keys"];
    let exclusions = [
        "",
        "list_panes,show_environment",
        "capture_pane,capture_since,find_pane_by_position,get_pane_info,get_server_info,get_session_info,get_tmux_variables,get_window_info,list_panes,list_sessions,list_windows,search_panes,show_environment,show_hooks,show_option,snapshot_pane",
    ];
    for (mask, toolsets) in toolset_subsets() {
        for (i, add) in additions.iter().enumerate() {
            let exclude = exclusions[(mask as usize + i) % exclusions.len()];
            let vars = vec![
                ("LIBTMUX_TOOLSETS", toolsets.join(",")),
                ("LIBTMUX_TOOLS", (*add).to_owned()),
                ("LIBTMUX_EXCLUDE_TOOLS", exclude.to_owned()),
            ];
            cases.push((vars, mask % 2 == 0));
        }
    }
    cases
}

/// What the server's resolver makes of a case, in the calculator's terms.
fn server_answer(vars: &[(&'static str, String)], fresh: bool) -> Value {
    let pairs: Vec<(&'static str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    match Selection::from_env(&Environment::from_pairs(&pairs)) {
        Err(message) => json!({"ok": false, "variable": message.split(' ').next()}),
        Ok(selection) => {
            let resolved = selection.resolve(fresh);
            let offered: Vec<&str> = resolved.offered.iter().map(|id| id.name()).collect();
            let nested: BTreeMap<&str, Vec<&str>> = resolved
                .offered
                .iter()
                .filter(|id| !id.descriptor().nested_authority.is_empty())
                .map(|id| {
                    (
                        id.name(),
                        resolved.nested(*id).iter().map(|n| n.name()).collect(),
                    )
                })
                .collect();
            json!({"ok": true, "offered": offered, "nested": nested, "toolsets": resolved.toolsets})
        }
    }
}

#[test]
fn the_calculator_agrees_with_the_server_on_every_case() {
    let node = tool_program("node", "apt-get install nodejs");
    let cases = cases();
    let input: Vec<Value> = cases
        .iter()
        .map(|(vars, fresh)| {
            let mut map = serde_json::Map::new();
            let mut retired = Vec::new();
            for (k, v) in vars {
                if k.starts_with("LIBTMUX_") && !k.ends_with("SAFETY") {
                    map.insert((*k).to_owned(), json!(v));
                } else {
                    retired.push(*k);
                }
            }
            map.insert("retired".into(), json!(retired));
            json!({"vars": map, "fresh": fresh})
        })
        .collect();
    let script = format!(
        "const vm = require('vm'); const fs = require('fs'); const sandbox = {{ window: {{}} }};\n\
         vm.runInNewContext(fs.readFileSync({catalog:?}, 'utf8'), sandbox);\n\
         const {{ compute }} = require({calculator:?});\n\
         const cases = JSON.parse(fs.readFileSync(0, 'utf8'));\n\
         const out = cases.map(c => {{ const r = compute(sandbox.window.TMUX_MCP_CATALOG, c.vars, c.fresh);\n\
           return r.ok ? {{ ok: true, offered: r.offered, nested: r.nested, toolsets: r.toolsets }} : {{ ok: false, variable: r.variable }}; }});\n\
         process.stdout.write(JSON.stringify(out));",
        catalog = site().join("src/catalog.js").display().to_string(),
        calculator = site().join("src/calculator.js").display().to_string(),
    );
    let mut child = Command::new(node)
        .arg("-e")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node");
    std::io::Write::write_all(
        child.stdin.as_mut().unwrap(),
        serde_json::to_string(&input).unwrap().as_bytes(),
    )
    .unwrap();
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "node failed");
    let browser: Vec<Value> = serde_json::from_slice(&out.stdout).expect("calculator output");
    assert_eq!(browser.len(), cases.len());
    for ((vars, fresh), computed) in cases.iter().zip(browser) {
        assert_eq!(
            computed,
            server_answer(vars, *fresh),
            "{vars:?} fresh={fresh}"
        );
    }
}

/// Builds the book into a fresh directory.
fn build_book() -> TempDir {
    let mdbook = tool_program(
        "mdbook",
        "cargo install mdbook --version 0.5.4 --locked --no-default-features --features search",
    );
    let out = TempDir::new("book");
    let status = Command::new(mdbook)
        .arg("build")
        .arg(site())
        .arg("-d")
        .arg(&out.path)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "mdbook build failed");
    out
}

fn html_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            html_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "html") {
            out.push(path);
        }
    }
}

/// The values of `attr="…"` in `html`.
fn attributes<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let needle = format!("{attr}=\"");
    html.match_indices(&needle)
        .filter_map(|(at, _)| html[at + needle.len()..].split('"').next())
        .collect()
}

#[test]
fn the_book_builds_and_every_internal_link_resolves() {
    let book = build_book();
    let mut pages = Vec::new();
    html_files(&book.path, &mut pages);
    assert!(pages.len() > 50, "{} pages", pages.len());
    let ids = |path: &Path| -> BTreeSet<String> {
        let html = std::fs::read_to_string(path).unwrap_or_default();
        attributes(&html, "id")
            .into_iter()
            .map(str::to_owned)
            .collect()
    };
    let mut checked = 0;
    for page in &pages {
        let html = std::fs::read_to_string(page).unwrap();
        for link in attributes(&html, "href")
            .into_iter()
            .chain(attributes(&html, "src"))
        {
            if link.starts_with("http")
                || link.starts_with("mailto:")
                || link.starts_with("javascript:")
                || link.is_empty()
            {
                continue;
            }
            let (target, anchor) = link.split_once('#').unwrap_or((link, ""));
            let target = target.split('?').next().unwrap_or_default();
            let file = if target.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(target)
            };
            assert!(
                file.exists(),
                "{}: link {link} points at nothing",
                page.display()
            );
            if !anchor.is_empty() && file.extension().is_some_and(|e| e == "html") {
                assert!(
                    ids(&file).contains(anchor),
                    "{}: anchor #{anchor} missing in {}",
                    page.display(),
                    file.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked} links checked");
}

/// The page's DOM after its scripts ran, from headless Chromium.
fn rendered(book: &Path, page: &str) -> String {
    let chromium = tool_program("chromium", "apt-get install chromium");
    let profile = TempDir::new("chromium");
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
        ])
        .args(["--disable-component-update", "--disable-sync"])
        .arg(format!("--user-data-dir={}", profile.path.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}/{page}", book.display()))
        .stderr(Stdio::null())
        .output()
        .expect("chromium");
    assert!(out.status.success(), "chromium failed on {page}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn pages_render_and_the_calculator_answers_in_a_browser() {
    let book = build_book();
    let index = rendered(&book.path, "index.html");
    assert!(
        index.contains("tmux-mcp") && index.contains("toolsets/inspect.html"),
        "index"
    );
    let tool = rendered(&book.path, "tools/capture_pane.html");
    // highlight.js adds a class to every code element once the page's scripts ran.
    assert!(
        tool.contains("Capture pane")
            && tool.contains(">max_lines</code>")
            && tool.contains("Example result"),
        "tool page"
    );

    let seed = rendered(
        &book.path,
        "calculator.html?toolsets=&tools=call_read_tools_batch&exclude=show_environment",
    );
    assert!(seed.contains("1 tools offered"), "batch-only example");
    let nested = seed
        .split("may call: ")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .expect("nested authority shown");
    let batch = ToolId::from_name("call_read_tools_batch")
        .unwrap()
        .descriptor();
    let expected: Vec<&str> = batch
        .nested_authority
        .iter()
        .copied()
        .filter(|n| *n != "show_environment")
        .collect();
    assert_eq!(nested, expected.join(", "));

    let inspect = rendered(
        &book.path,
        "calculator.html?toolsets=inspect&tools=send_keys&exclude=capture_pane",
    );
    let expected = TOOLS
        .iter()
        .filter(|t| (t.toolset == "inspect" || t.name == "send_keys") && t.name != "capture_pane")
        .count();
    assert!(
        inspect.contains(&format!("{expected} tools offered")),
        "inspect example"
    );
    assert!(!inspect.contains(">capture_pane<") && inspect.contains(">send_keys<"));

    let defaults = rendered(&book.path, "calculator.html?fresh=1");
    assert!(
        defaults.contains(&format!("{} tools offered", default_tool_count(true))),
        "fresh daemon defaults"
    );
    let broken = rendered(&book.path, "calculator.html?toolsets=inspect%2C%2Cexecute");
    assert!(
        broken.contains("Startup fails: tmux-mcp: LIBTMUX_TOOLSETS contains an empty name"),
        "invalid example"
    );
    let retired = rendered(&book.path, "calculator.html?LIBTMUX_SAFETY=1");
    assert!(
        retired.contains("Startup fails: tmux-mcp: LIBTMUX_SAFETY"),
        "retired setting"
    );
}
