//! Arguments made from the tools' own schemas, so that a test calling every tool needs no
//! entry per tool; and the counts of the catalog that selection tests expect.

use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Map, Value, json};
use tmux_mcp::catalog::{TOOLS, TOOLSETS, ToolId};

/// What `tools/list` may spend, stated once, per tool (held by `catalog.rs`, reported by the
/// bench): at most 1,700 bytes of JSON a tool on average (the family's Rust server spends about
/// 2,470 on each of its 45), and no tool's own entry over 4,000 bytes, a batch's counted
/// without the argument schemas of the tools it nests (those grow with every read tool and are
/// counted in the average). A new tool of ordinary size fits; a verbose one fails with its name.
pub const MEAN_BYTES_PER_TOOL: usize = 1_700;
pub const MAX_BYTES_PER_TOOL: usize = 4_000;

/// How many tools a server offers when the operator selects none: every tool when its launch
/// created the dedicated daemon (`fresh`), else those of the toolsets not kept for a fresh
/// daemon.
pub fn default_tool_count(fresh: bool) -> usize {
    TOOLS
        .iter()
        .filter(|t| {
            fresh
                || TOOLSETS
                    .iter()
                    .any(|s| s.name == t.toolset && !s.fresh_daemon_only)
        })
        .count()
}

/// Objects the synthesised arguments point at.
pub struct Targets {
    pub pane: String,
    pub other_pane: String,
    pub window: String,
    pub session: String,
}

impl Targets {
    /// The objects every fixture starts with: session `$0`, window `@0`, pane `%0`.
    pub fn first(other_pane: &str) -> Targets {
        Targets {
            pane: "%0".into(),
            other_pane: other_pane.into(),
            window: "@0".into(),
            session: "$0".into(),
        }
    }

    /// The objects a call of `id` may name: the first ones, or, for a tool that deletes what it
    /// names, a session of its own, made by `tmux` (a command line, answering its output).
    pub fn for_tool(id: ToolId, other_pane: &str, tmux: impl FnOnce(&[&str]) -> String) -> Targets {
        let name = id.name();
        if !deletes(id)
            || name.starts_with("set_")
            || name.starts_with("clear")
            || name.starts_with("respawn")
        {
            return Targets::first(other_pane);
        }
        let made = tmux(&[
            "new-session",
            "-d",
            "-P",
            "-F",
            "#{session_id} #{window_id} #{pane_id}",
            "sh",
        ]);
        let made: Vec<&str> = made.split_whitespace().collect();
        Targets {
            session: made[0].into(),
            window: made[1].into(),
            pane: made[2].into(),
            other_pane: other_pane.into(),
        }
    }

    /// Arguments for `tool` that a real tmux accepts, naming these objects, made from the
    /// schema the server validates against (the published one leaves patterns and bounds out).
    pub fn arguments(&self, tool: &str) -> Value {
        object(&schema(tool), self)
    }
}

/// Whether the tool's capability record says it deletes tmux state.
pub fn deletes(id: ToolId) -> bool {
    id.descriptor().record().tmux_effects.contains("delete")
}

/// Every tool, those that delete tmux state last, so that each finds what it names.
pub fn every_tool_teardown_last() -> Vec<ToolId> {
    let mut order: Vec<ToolId> = ToolId::ALL.to_vec();
    order.sort_by_key(|id| (deletes(*id), id.name()));
    order
}

/// A value for property `name` of a schema: ids from `targets`, else something valid for the
/// schema (enum's first value, a bound, a plausible string).
fn synth(name: &str, schema: &Value, t: &Targets) -> Value {
    let kind = schema["type"].as_str().unwrap_or("");
    match (name, kind) {
        ("pane" | "source_pane", _) => json!(t.pane),
        ("target_pane", _) => json!(t.other_pane),
        ("window", _) => json!(t.window),
        ("session" | "destination_session", _) => json!(t.session),
        ("destination_index", _) => json!(9),
        ("kill_first" | "enabled" | "enter", _) => json!(true),
        ("seconds", _) => json!(1),
        ("limit", _) => json!(3000),
        ("width", _) => json!(80),
        ("height", _) => json!(24),
        ("percent", _) => json!(30),
        ("command", _) => json!("true"),
        ("layout", _) => json!("tiled"),
        ("channel", _) => json!("surface-channel"),
        // Unique: names of sessions and windows must not collide between tools.
        ("name" | "title", "string")
            if schema.get("enum").is_none()
                && !schema["pattern"].as_str().unwrap_or("").starts_with("^@?") =>
        {
            static NEXT: AtomicUsize = AtomicUsize::new(0);
            json!(format!(
                "surface-{name}-{}",
                NEXT.fetch_add(1, Ordering::Relaxed)
            ))
        }
        ("start_directory", _) => json!("/tmp"),
        ("name", _)
            if schema
                .get("pattern")
                .is_some_and(|p| p.as_str().unwrap_or("").starts_with("^@?")) =>
        {
            json!("history-limit")
        }
        ("names", _) => json!(["pane_id", "session_name"]),
        ("operations", _) => match &schema["items"] {
            items if items["properties"].get("tool").is_some() => {
                json!([{"tool": "list_sessions"}, {"tool": "get_pane_info", "arguments": {"pane": t.pane}}])
            }
            items => json!([object(items, t)]),
        },
        (_, "string") => match schema.get("enum").and_then(Value::as_array) {
            Some(values) => values[0].clone(),
            None => json!(format!("surface-{name}")),
        },
        (_, "integer") => json!(schema["minimum"].as_i64().unwrap_or(1).max(1)),
        (_, "boolean") => json!(false),
        (_, "array") => json!([synth(name, &schema["items"], t)]),
        (_, "object") => object(schema, t),
        _ => Value::Null,
    }
}

/// Required properties, plus `text`, `enter`, `kill_first` and `seconds`: input tools need
/// something to send, the shell must get its line back, a live pane is only respawned when
/// killed first, and waits should not take their 30 s default.
fn object(schema: &Value, t: &Targets) -> Value {
    let required: Vec<&str> = schema["required"]
        .as_array()
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut map = Map::new();
    for (name, prop) in schema["properties"].as_object().into_iter().flatten() {
        if required.contains(&name.as_str())
            || ["text", "enter", "kill_first", "seconds"].contains(&name.as_str())
        {
            map.insert(name.clone(), synth(name, prop, t));
        }
    }
    Value::Object(map)
}

/// The schema `tool`'s arguments are validated against.
fn schema(tool: &str) -> Value {
    let tool = TOOLS
        .iter()
        .find(|t| t.name == tool)
        .expect("a tool of the catalog");
    serde_json::from_str(tool.validation_schema).expect("the catalog's schema is JSON")
}

/// Valid arguments for `name`, built from its input schema (required arguments only), so a call
/// that is allowed runs; pane, window and session arguments name the given objects.
pub fn valid_arguments(name: &str, [pane, window, session]: [&str; 3]) -> Value {
    let schema = schema(name);
    fn value(s: &Value, targets: [&str; 3]) -> Value {
        if let Some(values) = s["enum"].as_array() {
            return values[0].clone();
        }
        match s["type"].as_str() {
            Some("string") => match s["pattern"].as_str().unwrap_or("") {
                p if p.starts_with("^%") => json!(targets[0]),
                p if p.starts_with("^@[") => json!(targets[1]),
                p if p.starts_with("^(\\$") => json!(targets[2]),
                _ => json!("x"),
            },
            Some("integer") => json!(s["minimum"].as_i64().unwrap_or(1).max(1)),
            Some("boolean") => json!(true),
            Some("array") => json!([value(&s["items"], targets)]),
            Some("object") if s.get("properties").is_some() => object(s, targets),
            _ => json!({"tool": "list_sessions"}),
        }
    }
    fn object(s: &Value, targets: [&str; 3]) -> Value {
        let required: Vec<&str> = s["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut map = Map::new();
        for name in required {
            map.insert(name.to_owned(), value(&s["properties"][name], targets));
        }
        Value::Object(map)
    }
    let Value::Object(mut map) = object(&schema, [pane, window, session]) else {
        unreachable!("an object is built")
    };
    // A call that is allowed may start a server (create_session does): keep its waits short.
    if schema["properties"].get("seconds").is_some() {
        map.insert("seconds".into(), json!(1));
    }
    Value::Object(map)
}
