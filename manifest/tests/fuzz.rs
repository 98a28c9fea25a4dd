//! Property tests, bounded (a few hundred cases each) so they run in every test pass: the
//! manifest checker and the argument validator never panic on any input, and their answers
//! stay within what they promise.

use proptest::prelude::*;
use serde_json::{Value, json};
use tmux_mcp_manifest::{Catalog, schema};
use tmux_mcp_runtime as rt;

const MANIFEST: &str = include_str!("../tools.yaml");

static CATALOG: std::sync::LazyLock<Catalog> =
    std::sync::LazyLock::new(|| Catalog::parse(MANIFEST).expect("the shipped manifest"));

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 300,
        ..ProptestConfig::default()
    }
}

/// The shipped manifest with one line removed, duplicated or replaced by `text`.
fn mutated(line: usize, how: u8, text: &str) -> String {
    let mut lines: Vec<&str> = MANIFEST.lines().collect();
    let at = line % lines.len();
    match how % 3 {
        0 => {
            lines.remove(at);
        }
        1 => lines.insert(at, lines[at]),
        _ => lines[at] = text,
    }
    lines.join("\n")
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
        prop_oneof![
            Just("%1"),
            Just("@2"),
            Just("$0"),
            Just("main"),
            Just("stop"),
            Just("top-left")
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(
                prop_oneof![
                    Just("pane".to_owned()),
                    Just("text".to_owned()),
                    Just("operations".to_owned()),
                    Just("tool".to_owned()),
                    "[a-z_]{1,8}"
                ],
                inner,
                0..4
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_checker_locates_every_problem_inside_the_file(line in 0usize..2000, how in 0u8..3, text in "\\PC{0,40}") {
        let source = mutated(line, how, &text);
        if let Err(errors) = Catalog::parse(&source) {
            let lines = source.lines().count() + 1;
            for e in errors {
                prop_assert!(e.line >= 1 && e.line <= lines, "{e}");
                prop_assert!(e.column >= 1, "{e}");
                prop_assert!(!e.message.is_empty());
            }
        }
    }

    #[test]
    fn validation_never_panics_and_only_fills_defaults(tool in 0usize..45, value in json_value()) {
        let catalog = &*CATALOG;
        let tools = catalog.tools();
        let schema = schema::validation_schema(&catalog.manifest, tools[tool % tools.len()]);
        let mut checked = value.clone();
        if rt::validate(&schema, &mut checked).is_ok() {
            // What passes is the input plus defaults: nothing given is changed or dropped.
            if let (Some(given), Some(filled)) = (value.as_object(), checked.as_object()) {
                for (k, v) in given {
                    prop_assert_eq!(filled.get(k), Some(v));
                }
            }
            prop_assert!(rt::validate(&schema, &mut checked.clone()).is_ok(), "validation is idempotent");
        }
    }
}

#[test]
fn a_document_of_any_shape_is_refused_with_a_location() {
    for source in [
        "",
        "[]",
        "tools: 5",
        "toolsets: []\nerrorKinds: []\ntools: []",
        "\u{0}",
        "{{{{",
    ] {
        let errors = Catalog::parse(source).expect_err(source);
        assert!(
            errors.iter().all(|e| e.line >= 1 && e.column >= 1),
            "{source:?}: {errors:?}"
        );
    }
    let _ = json!(null);
}

/// A tool's own argument may not take the name of a routing argument every tool takes: the
/// error points at that argument's name in the YAML.
#[test]
fn an_argument_named_like_a_routing_argument_is_refused_where_it_is_written() {
    let needle = "  - name: list_sessions\n";
    let at = MANIFEST
        .find(needle)
        .expect("list_sessions in the manifest");
    let source = MANIFEST.replacen(
        needle,
        &format!("{needle}    arguments:\n      - name: host\n        type: string\n        description: Elsewhere.\n"),
        1,
    );
    let errors = Catalog::parse(&source).expect_err("host taken twice");
    let line = MANIFEST[..at].lines().count() + 3;
    assert!(
        errors
            .iter()
            .any(|e| e.message.contains("routing argument") && e.line == line),
        "{errors:?}"
    );
}
