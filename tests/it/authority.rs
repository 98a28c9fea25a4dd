//! No tool outside the offered set can be reached: not directly, not through the batch, not by
//! a case variant or alias of its name; and the batch never reaches a tool that changes tmux.
//! The expected sets are computed here from the rules, independently of the server's code.

use std::collections::BTreeSet;

use serde_json::json;
use tmux_mcp::catalog::TOOLS;
use tmux_mcp_tests::{RawClient, World, toolset_subsets, valid_arguments};

const BATCH: &str = "call_read_tools_batch";

/// Names that are not tool names but look like one.
fn lookalikes(name: &str) -> Vec<String> {
    let camel: String = name
        .split('_')
        .enumerate()
        .map(|(i, w)| {
            if i == 0 {
                w.to_owned()
            } else {
                w[..1].to_uppercase() + &w[1..]
            }
        })
        .collect();
    vec![
        name.to_uppercase(),
        camel,
        name.replace('_', "-"),
        format!(" {name}"),
        format!("{name}\u{0}"),
        format!("tmux.{name}"),
    ]
}

struct Case {
    env: Vec<(&'static str, String)>,
    offered: BTreeSet<&'static str>,
    nested: BTreeSet<&'static str>,
}

fn case(toolsets: &[&str], include: &[&'static str], exclude: &[&'static str]) -> Case {
    let mut offered: BTreeSet<&'static str> = TOOLS
        .iter()
        .filter(|t| toolsets.contains(&t.toolset) || include.contains(&t.name))
        .map(|t| t.name)
        .collect();
    offered.retain(|n| !exclude.contains(n));
    let batch = TOOLS.iter().find(|t| t.name == BATCH).unwrap();
    let nested: BTreeSet<&'static str> = batch
        .nested_authority
        .iter()
        .copied()
        .filter(|n| !exclude.contains(n))
        .collect();
    if nested.is_empty() {
        offered.remove(BATCH);
    }
    let env = vec![
        ("LIBTMUX_TOOLSETS", toolsets.join(",")),
        ("LIBTMUX_TOOLS", include.join(",")),
        ("LIBTMUX_EXCLUDE_TOOLS", exclude.join(",")),
    ];
    Case {
        env,
        offered,
        nested,
    }
}

fn check(case: &Case) {
    let world = World::new();
    let env: Vec<(&str, &str)> = case.env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut raw = RawClient::start(&world, &["-L", "absent"], &env);
    let mut id = 0u64;
    let (_, listed) = raw.request(json!(0), "tools/list", json!({}));
    let names: BTreeSet<&str> = listed["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(
        names,
        case.offered.iter().copied().collect(),
        "{:?}",
        case.env
    );

    for tool in &TOOLS {
        let mut attempts = vec![tool.name.to_owned()];
        attempts.extend(lookalikes(tool.name));
        for name in attempts {
            id += 1;
            let (_, answer) = raw.call(id, &name, valid_arguments(tool.name, ["%1", "@1", "$0"]));
            let reachable = answer.get("result").is_some();
            let expected = name == tool.name && case.offered.contains(tool.name);
            assert_eq!(
                reachable, expected,
                "{name:?} with {:?}: {answer}",
                case.env
            );
            if !reachable {
                assert_eq!(answer["error"]["code"], -32602, "{name:?}");
            }
        }
    }

    if case.offered.contains(BATCH) {
        let mut rows = Vec::new();
        for tool in &TOOLS {
            rows.push(json!({"tool": tool.name, "arguments": valid_arguments(tool.name, ["%1", "@1", "$0"])}));
            rows.extend(
                lookalikes(tool.name)
                    .into_iter()
                    .take(2)
                    .map(|n| json!({"tool": n})),
            );
        }
        for chunk in rows.chunks(16) {
            id += 1;
            let (_, answer) = raw.call(
                id,
                BATCH,
                json!({"operations": chunk, "on_error": "continue"}),
            );
            for row in answer["result"]["structuredContent"]["results"]
                .as_array()
                .unwrap()
            {
                let name = row["tool"].as_str().unwrap();
                let ran = !row["result"].is_null();
                assert_eq!(
                    ran,
                    case.nested.contains(name),
                    "batch row {name:?} with {:?}: {row}",
                    case.env
                );
                if ran {
                    let tool = TOOLS.iter().find(|t| t.name == name).unwrap();
                    assert!(
                        tool.annotations.read_only_hint,
                        "the batch reached {name}, which changes tmux"
                    );
                } else {
                    assert_eq!(row["error"]["kind"], "invalid_input");
                }
            }
        }
    }
    raw.finish();
}

#[test]
fn every_toolset_subset_reaches_exactly_its_tools() {
    for (_, chosen) in toolset_subsets() {
        check(&case(&chosen, &[], &[]));
    }
}

#[test]
fn additions_and_exclusions_reach_exactly_their_tools() {
    let samples: [(&[&str], &[&'static str], &[&'static str]); 8] = [
        (&[], &["list_sessions"], &[]),
        (&[], &[BATCH], &["show_environment"]),
        (&[], &[BATCH, "kill_pane"], &["kill_pane"]),
        (&["inspect"], &["send_keys"], &["capture_pane"]),
        (
            &["inspect"],
            &[],
            &[
                "capture_pane",
                "capture_since",
                "snapshot_pane",
                "search_panes",
            ],
        ),
        (
            &["execute", "teardown"],
            &["get_pane_info"],
            &["run_shell_command", "kill_session"],
        ),
        (
            &["inspect"],
            &[],
            &[
                "capture_pane",
                "capture_since",
                "find_pane_by_position",
                "get_pane_info",
                "get_server_info",
                "get_session_info",
                "get_tmux_variables",
                "get_window_info",
                "list_panes",
                "list_sessions",
                "list_windows",
                "search_panes",
                "show_environment",
                "show_hooks",
                "show_option",
                "snapshot_pane",
            ],
        ),
        (&["manage"], &[BATCH], &["list_panes", "list_windows"]),
    ];
    for (toolsets, include, exclude) in samples {
        check(&case(toolsets, include, exclude));
    }
}
