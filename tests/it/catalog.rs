//! The manifest, the generated registry and the generated docs say the same thing, and the
//! committed generated files (docs site, manifest schema, the macro's expansion) are current.

use std::collections::BTreeMap;

use tmux_mcp::catalog::{TOOLS, TOOLSETS, ToolId};
use tmux_mcp_manifest::Catalog;
use tmux_mcp_tests::{MAX_BYTES_PER_TOOL, MEAN_BYTES_PER_TOOL, ensure_file_contents, repo_root};

fn manifest() -> Catalog {
    let src =
        std::fs::read_to_string(repo_root().join("manifest/tools.yaml")).expect("read tools.yaml");
    Catalog::parse(&src)
        .unwrap_or_else(|errors| panic!("manifest/tools.yaml is invalid: {errors:?}"))
}

fn page(pages: &[(String, String)], path: &str) -> String {
    pages
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, text)| text.clone())
        .unwrap_or_else(|| panic!("no generated page {path}"))
}

/// Each tool of tools.yaml as plain data, by name: read without the manifest's model, so the
/// registry is held to the text of the YAML, not to what the generator made of it.
fn raw_tools() -> BTreeMap<String, serde_json::Value> {
    let src =
        std::fs::read_to_string(repo_root().join("manifest/tools.yaml")).expect("read tools.yaml");
    let doc: serde_json::Value = serde_yaml::from_str(&src).expect("tools.yaml is YAML");
    doc["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .map(|t| (t["name"].as_str().expect("name").to_owned(), t.clone()))
        .collect()
}

/// The capability record a tool's YAML entry publishes: its `capability` without
/// `idempotent` (which is not published), with the toolset, the optional keys' defaults, and
/// the vocabularies sorted.
fn published_record(tool: &serde_json::Value) -> serde_json::Value {
    let mut record = tool["capability"].as_object().expect("capability").clone();
    record.remove("idempotent");
    record.insert("toolset".into(), tool["toolset"].clone());
    for (key, default) in [
        ("inputLiteralization", serde_json::json!({})),
        ("nestedAuthority", serde_json::json!([])),
        ("amplifiesFutureInput", serde_json::json!(false)),
    ] {
        record.entry(key).or_insert(default);
    }
    for key in ["tmuxEffects", "outputClasses"] {
        if let Some(list) = record.get_mut(key).and_then(|v| v.as_array_mut()) {
            list.sort_by(|x, y| x.as_str().cmp(&y.as_str()));
            list.dedup();
        }
    }
    serde_json::Value::Object(record)
}

/// The family's catalog (`catalog.md` of the specification): its 45 tools, by toolset. The
/// manifest declares each of them in that toolset; tools of this server's own may be added
/// beside them without a change here.
const FAMILY: [(&str, &[&str]); 4] = [
    (
        "inspect",
        &[
            "list_sessions",
            "list_windows",
            "list_panes",
            "get_server_info",
            "get_session_info",
            "get_window_info",
            "get_pane_info",
            "capture_pane",
            "capture_since",
            "snapshot_pane",
            "search_panes",
            "find_pane_by_position",
            "wait_for_text",
            "get_tmux_variables",
            "show_option",
            "show_environment",
            "show_hooks",
            "call_read_tools_batch",
        ],
    ),
    (
        "manage",
        &[
            "rename_session",
            "rename_window",
            "select_window",
            "select_pane",
            "select_layout",
            "resize_pane",
            "resize_window",
            "move_window",
            "swap_pane",
            "set_pane_title",
            "set_mouse_enabled",
            "wait_for_channel",
            "signal_channel",
        ],
    ),
    (
        "execute",
        &[
            "create_session",
            "create_window",
            "split_window",
            "respawn_pane",
            "send_keys",
            "send_keys_batch",
            "paste_text",
            "run_shell_command",
            "set_synchronize_panes",
        ],
    ),
    (
        "teardown",
        &[
            "kill_session",
            "kill_window",
            "kill_pane",
            "clear_pane_scrollback",
            "set_history_limit",
        ],
    ),
];

#[test]
fn the_catalog_has_the_45_tools_of_the_family_in_their_toolsets() {
    assert_eq!(
        FAMILY.iter().map(|(_, tools)| tools.len()).sum::<usize>(),
        45
    );
    for (toolset, tools) in FAMILY {
        for name in tools {
            let id = ToolId::from_name(name).unwrap_or_else(|| panic!("{name} is not declared"));
            assert_eq!(id.descriptor().toolset, toolset, "{name}");
        }
    }
    assert_eq!(
        TOOLSETS.iter().map(|t| t.name).collect::<Vec<_>>(),
        ["inspect", "manage", "execute", "teardown"]
    );
}

/// What the generator emits is read at run time with no fallback: every schema as an object
/// (one that were not would make the validator accept anything), every record whole; and the
/// default trust settings mask (they fall back to nothing).
#[test]
fn generated_facts_read_back_and_the_default_masker_is_on() {
    for t in &TOOLS {
        let schemas = [
            ("input", t.input_schema),
            ("validation", t.validation_schema),
            ("output", t.output_schema),
        ];
        for (what, text) in schemas
            .into_iter()
            .chain(t.batch_alternative.map(|a| ("batch alternative", a)))
        {
            let value: serde_json::Value = serde_json::from_str(text).unwrap();
            assert!(value.is_object(), "{}: {what} schema {text}", t.name);
        }
        assert_eq!(t.record().toolset, t.toolset, "{}", t.name);
        let unknown = tmux_mcp::catalog::validation_schema(ToolId::from_name(t.name).unwrap());
        let mut arguments = serde_json::json!({"no_such_argument": 1});
        assert!(
            tmux_mcp_runtime::validate(unknown, &mut arguments).is_err(),
            "{} accepts an unknown argument",
            t.name
        );
    }
    assert!(tmux_mcp::trust::Settings::default().masker.is_active());
}

#[test]
fn registry_docs_and_yaml_agree_for_every_tool() {
    let cat = manifest();
    let pages = tmux_mcp_manifest::docs::render(&cat);
    let raw = raw_tools();
    assert_eq!(cat.manifest.tools.len(), TOOLS.len());
    for tool in &cat.manifest.tools {
        let id = ToolId::from_name(&tool.name)
            .unwrap_or_else(|| panic!("{} is in the YAML but not in the registry", tool.name));
        let d = id.descriptor();
        let a = &tool.annotations;
        assert_eq!(
            (d.name, d.title, d.description, d.toolset),
            (
                tool.name.as_str(),
                tool.title.as_str(),
                tool.description.as_str(),
                tool.toolset.as_str()
            )
        );
        let yaml = &raw[&tool.name];
        assert_eq!(
            serde_json::to_value(d.annotations).unwrap(),
            yaml["annotations"],
            "{}: annotations",
            tool.name
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(d.record).unwrap(),
            published_record(yaml),
            "{}: capability record",
            tool.name
        );
        assert_eq!(d.nested_authority, tool.capability.nested_authority);
        let arguments: Vec<&str> = tool
            .arguments
            .iter()
            .filter_map(|a| a.name.as_deref())
            .collect();
        assert_eq!(d.arguments, arguments, "{}", tool.name);

        let text = page(&pages, &format!("src/tools/{}.md", tool.name));
        assert!(
            text.contains(&format!("# {} (`{}`)", tool.title, tool.name)),
            "{}: title",
            tool.name
        );
        assert!(
            text.contains(&tool.description),
            "{}: description",
            tool.name
        );
        assert!(
            text.contains(&format!("[{0}](../toolsets/{0}.md)", tool.toolset)),
            "{}: toolset",
            tool.name
        );
        let hints = format!(
            "readOnlyHint {}, destructiveHint {}, idempotentHint {}, openWorldHint {}",
            a.read_only_hint, a.destructive_hint, a.idempotent_hint, a.open_world_hint
        );
        assert!(text.contains(&hints), "{}: annotations", tool.name);
        for arg in &arguments {
            assert!(
                text.contains(&format!("| `{arg}` |")),
                "{}: argument {arg} missing from its page",
                tool.name
            );
        }
        let listing = page(&pages, &format!("src/toolsets/{}.md", tool.toolset));
        assert!(
            listing.contains(&format!("[`{0}`](../tools/{0}.md)", tool.name)),
            "{} missing from its toolset page",
            tool.name
        );
    }
}

#[test]
fn every_schema_is_a_closed_object_with_every_property_described() {
    fn walk(tool: &str, at: &str, schema: &serde_json::Value, input: bool) {
        if let Some(props) = schema.get("properties").and_then(|p| p.as_object()) {
            if input {
                assert_eq!(
                    schema.get("additionalProperties"),
                    Some(&serde_json::json!(false)),
                    "{tool} {at}: open object"
                );
            }
            for (name, prop) in props {
                // A batch row's tool name is a constant, and its arguments are exactly that
                // tool's own input schema (whose fields are described).
                let nested = prop.get("const").is_some()
                    || (name == "arguments" && props.contains_key("tool"));
                let described = nested
                    || prop
                        .get("description")
                        .and_then(|d| d.as_str())
                        .is_some_and(|d| !d.is_empty());
                assert!(described, "{tool} {at}.{name}: no description");
                walk(tool, &format!("{at}.{name}"), prop, input);
            }
        }
        for key in ["items", "oneOf"] {
            match schema.get(key) {
                Some(serde_json::Value::Array(list)) => {
                    list.iter().for_each(|s| walk(tool, at, s, input))
                }
                Some(s) => walk(tool, &format!("{at}[]"), s, input),
                None => {}
            }
        }
    }
    for d in &TOOLS {
        let input: serde_json::Value =
            serde_json::from_str(d.input_schema).expect("input schema is JSON");
        assert_eq!(input["type"], "object", "{}", d.name);
        assert_eq!(input["additionalProperties"], false, "{}", d.name);
        walk(d.name, "input", &input, true);
        let output: serde_json::Value =
            serde_json::from_str(d.output_schema).expect("output schema is JSON");
        assert_eq!(output["type"], "object", "{}", d.name);
        walk(d.name, "output", &output, false);
    }
}

#[test]
fn batch_alternatives_carry_each_tools_own_input_schema() {
    let batch = ToolId::from_name("call_read_tools_batch")
        .unwrap()
        .descriptor();
    let schema: serde_json::Value = serde_json::from_str(batch.input_schema).unwrap();
    let alternatives = schema["properties"]["operations"]["items"]["oneOf"]
        .as_array()
        .unwrap();
    assert_eq!(alternatives.len(), batch.nested_authority.len());
    for alternative in alternatives {
        let name = alternative["properties"]["tool"]["const"].as_str().unwrap();
        let own: serde_json::Value =
            serde_json::from_str(ToolId::from_name(name).unwrap().descriptor().input_schema)
                .unwrap();
        assert_eq!(alternative["properties"]["arguments"], own, "{name}");
    }
}

#[test]
fn the_full_tool_list_fits_its_byte_budget() {
    use tmux_mcp::environment::Environment;
    use tmux_mcp::selection::Selection;
    use tmux_mcp::surface::tool;
    let all = Environment::from_pairs(&[("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")]);
    let resolved = Selection::from_env(&all).unwrap().resolve(false);
    assert_eq!(resolved.offered.len(), TOOLS.len());
    let mut tools = Vec::new();
    for id in &resolved.offered {
        let own = serde_json::to_string(&tool(*id, &[], &Default::default(), &Default::default()))
            .unwrap()
            .len();
        assert!(
            own <= MAX_BYTES_PER_TOOL,
            "{} takes {own} bytes of tools/list (at most {MAX_BYTES_PER_TOOL}): shorten its descriptions",
            id.name()
        );
        tools.push(tool(
            *id,
            &resolved.nested(*id),
            &resolved.offered,
            &Default::default(),
        ));
    }
    let bytes = serde_json::to_string(&serde_json::json!({"tools": tools}))
        .unwrap()
        .len();
    assert!(
        bytes <= MEAN_BYTES_PER_TOOL * tools.len(),
        "tools/list takes {bytes} bytes for {} tools, over {MEAN_BYTES_PER_TOOL} a tool",
        tools.len()
    );
}

#[test]
fn every_example_result_in_the_docs_matches_its_output_schema() {
    let cat = manifest();
    for tool in cat.tools() {
        tmux_mcp_tests::check_output(
            &tool.name,
            &tmux_mcp_manifest::docs::example_output(&cat, tool),
        );
    }
}

#[test]
fn manifest_schema_is_current() {
    ensure_file_contents(
        &repo_root().join("manifest/tools.schema.json"),
        &tmux_mcp_manifest::json_schema(),
    );
}

#[test]
fn the_committed_expansion_of_the_macro_is_current() {
    let expansion = xtask::expansion::render().expect("render the expansion");
    ensure_file_contents(&xtask::expansion::path(), &expansion);
}

#[test]
fn generated_docs_are_current() {
    let dir = repo_root().join("generated-docs");
    let drift = xtask::site::check(&dir).expect("read generated-docs");
    if drift.is_empty() {
        return;
    }
    // What changed, line by line, for the first few stale files.
    let pages = xtask::site::pages();
    let mut report = String::new();
    for path in drift.stale.iter().take(5) {
        let rel = path
            .strip_prefix(&dir)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned();
        let new = pages
            .iter()
            .find(|(p, _)| *p == rel)
            .map(|(_, t)| t.as_str())
            .unwrap_or_default();
        let old = std::fs::read_to_string(path).unwrap_or_default();
        report.push_str(&format!("--- {rel}\n"));
        let (old, new): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
        let changed = (0..old.len().max(new.len()))
            .filter(|i| old.get(*i) != new.get(*i))
            .take(6);
        for i in changed {
            report.push_str(&format!(
                "{:>5}- {}\n{:>5}+ {}\n",
                i + 1,
                old.get(i).unwrap_or(&""),
                i + 1,
                new.get(i).unwrap_or(&"")
            ));
        }
    }
    for path in &drift.extra {
        report.push_str(&format!(
            "--- {} (not generated; would be removed)\n",
            path.display()
        ));
    }
    if std::env::var_os("CI").is_none() {
        xtask::site::write(&dir).expect("write generated-docs");
        panic!("generated-docs was stale and has been regenerated; review and commit:\n{report}");
    }
    panic!("generated-docs is stale; run `cargo xtask codegen` and commit:\n{report}");
}
