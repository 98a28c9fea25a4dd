//! Property tests over the server's parsers, bounded so they run in every test pass: selection
//! variables, argument decoding, tmux rows, control-mode quoting and stdio framing never panic,
//! and each keeps the guarantee the rest of the server relies on.

use proptest::prelude::*;
use serde_json::Value;
use tmux::{Command, Fields, Verb, command_line};
use tmux_mcp::catalog::{ToolId, check_arguments, validation_schema};
use tmux_mcp::environment::Environment;
use tmux_mcp::selection::Selection;
use tmux_mcp_runtime as rt;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 300,
        ..ProptestConfig::default()
    }
}

fn name_list() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("inspect"),
            Just("manage"),
            Just("teardown"),
            Just("list_sessions"),
            Just("Inspect"),
            Just(""),
            Just(" "),
            Just("kill_pane")
        ],
        0..5,
    )
    .prop_map(|parts| parts.join(","))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn selection_variables_parse_or_fail_without_panicking(toolsets in name_list(), tools in name_list(), exclude in name_list(), raw in "\\PC{0,20}") {
        for toolsets in [toolsets.as_str(), raw.as_str()] {
            let env = Environment::from_pairs(&[("LIBTMUX_TOOLSETS", toolsets), ("LIBTMUX_TOOLS", &tools), ("LIBTMUX_EXCLUDE_TOOLS", &exclude)]);
            if let Ok(selection) = Selection::from_env(&env) {
                let resolved = selection.resolve(false);
                // Exclusions win over everything.
                for id in &selection.exclude {
                    prop_assert!(!resolved.offered.contains(id));
                }
                // Surrounding whitespace never changes the outcome.
                let padded = format!(" {} ", toolsets.replace(',', " , "));
                let env = Environment::from_pairs(&[("LIBTMUX_TOOLSETS", padded.as_str()), ("LIBTMUX_TOOLS", &tools), ("LIBTMUX_EXCLUDE_TOOLS", &exclude)]);
                if !toolsets.is_empty() {
                    prop_assert_eq!(Selection::from_env(&env).map(|s| s.resolve(false).offered), Ok(resolved.offered));
                }
            }
        }
    }

    #[test]
    fn what_validation_accepts_always_decodes(tool in 0usize..45, pane in "%[0-9]{1,3}", text in "\\PC{0,30}", n in -5i64..200_000, flag in any::<bool>()) {
        let id = ToolId::ALL[tool % ToolId::COUNT];
        // Arguments built from the tool's own schema, some valid and some not.
        let schema = validation_schema(id);
        let mut arguments = serde_json::Map::new();
        for (name, property) in schema["properties"].as_object().into_iter().flatten() {
            let value = match property["type"].as_str() {
                Some("string") if name.contains("pane") => Value::from(pane.clone()),
                Some("string") => property["enum"].get(0).cloned().unwrap_or_else(|| Value::from(text.clone())),
                Some("integer") => Value::from(n),
                Some("boolean") => Value::from(flag),
                Some("array") => Value::Array(vec![Value::from(text.clone())]),
                _ => Value::Object(serde_json::Map::new()),
            };
            arguments.insert(name.clone(), value);
        }
        let arguments = Value::Object(arguments);
        let mut validated = arguments.clone();
        let valid = rt::validate(schema, &mut validated).is_ok();
        let decoded = check_arguments(id, arguments);
        prop_assert_eq!(valid, decoded.is_ok(), "{}: {:?}", id.name(), decoded);
    }

    #[test]
    fn rows_of_any_text_parse_without_panicking(line in "\\PC{0,60}", count in 1usize..12) {
        let mut fields = Fields::new(&line, count);
        for _ in 0..count + 1 {
            let _ = fields.text();
            let _ = fields.int();
            let _ = fields.flag();
        }
    }

    #[test]
    fn a_control_mode_command_is_always_exactly_one_line(values in prop::collection::vec("\\PC{0,16}|[\\n\\r\\t\\\\\"$;~#{}]{0,6}", 1..6)) {
        match Command::new(Verb::SetBuffer).args(values.iter().cloned()) {
            Ok(command) => {
                let line = command_line(&command, tmux::Features::default());
                prop_assert!(line.ends_with('\n'));
                prop_assert!(!line[..line.len() - 1].contains(['\n', '\r']), "{line:?}");
            }
            Err(_) => prop_assert!(values.iter().any(|v| v.contains('\0'))),
        }
    }
}
