//! The static registry's entries: everything known about a tool or toolset at compile time.

use serde_json::Value;

use crate::{Annotations, Record};

/// Everything known about a tool at compile time. Schemas are JSON text constants.
#[derive(Debug)]
pub struct ToolDescriptor {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub toolset: &'static str,
    pub annotations: Annotations,
    /// The capability record as declared, as JSON (see [`ToolDescriptor::record`]).
    pub record: &'static str,
    /// The record's nested authority, for the selection rules.
    pub nested_authority: &'static [&'static str],
    pub always_load: bool,
    /// Published input schema; for a batch it lists every declared nested tool.
    pub input_schema: &'static str,
    /// The schema arguments are validated against (differs only for a batch).
    pub validation_schema: &'static str,
    pub output_schema: &'static str,
    /// This tool's alternative in a batch `operations` schema, when some batch may nest it.
    pub batch_alternative: Option<&'static str>,
    /// JSON pointer to the `oneOf` holder in `input_schema`, for a batch.
    pub operation_pointer: Option<&'static str>,
    /// Argument names in manifest order.
    pub arguments: &'static [&'static str],
    /// The arguments that name tmux objects the tool acts on.
    pub targets: &'static [Target],
}

/// An argument naming a tmux object. `path` leads to it from the arguments: each step a key,
/// each array on the way crossed item by item (`["operations", "pane"]`: every row's pane).
#[derive(Debug)]
pub struct Target {
    pub path: &'static [&'static str],
    pub kind: TargetKind,
    /// Whether the caller must give it; an absent optional target means tmux's global default.
    pub required: bool,
}

impl Target {
    /// What this target names in `arguments`: every string its path leads to.
    pub fn values<'v>(&self, arguments: &'v Value) -> Vec<&'v str> {
        let mut out = Vec::new();
        walk(arguments, self.path, &mut out);
        out
    }
}

/// Gathers the strings at `path` in `value`, crossing arrays item by item.
fn walk<'v>(value: &'v Value, path: &[&str], out: &mut Vec<&'v str>) {
    match (value, path.split_first()) {
        (Value::Array(items), _) => items.iter().for_each(|v| walk(v, path, out)),
        (Value::String(s), None) => out.push(s),
        (Value::Object(map), Some((key, rest))) => {
            if let Some(v) = map.get(*key) {
                walk(v, rest, out)
            }
        }
        _ => {}
    }
}

/// The tmux object a [`Target`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    Session,
    Window,
    Pane,
}

impl ToolDescriptor {
    /// The capability record as declared. The `tools!` macro checked, when it expanded, that
    /// the text reads back as this very record, so this cannot fail while the two crates are
    /// built together.
    pub fn record(&self) -> Record {
        serde_json::from_str(self.record).expect("read back when the tools! macro expanded")
    }
}

/// What a handler makes of a clamped integer argument (a manifest type's `clamp`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clamp {
    pub default: i64,
    pub min: i64,
    pub max: i64,
}

impl Clamp {
    /// `default` when absent, else `requested` brought into `min..=max`.
    pub fn apply(self, requested: Option<i64>) -> i64 {
        requested.unwrap_or(self.default).clamp(self.min, self.max)
    }
}

/// A toolset as declared.
#[derive(Debug)]
pub struct ToolsetDescriptor {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// On by default only for a dedicated daemon this launch created with the minimal configuration.
    pub fresh_daemon_only: bool,
}

#[cfg(test)]
mod tests {
    use super::{Clamp, Target, TargetKind};
    use serde_json::json;

    #[test]
    fn a_target_path_crosses_arrays_and_skips_what_is_absent() {
        let v = json!({"operations": [{"pane": "%1"}, {"text": "x"}, {"pane": "%2"}, {"pane": 3}]});
        let target = Target {
            path: &["operations", "pane"],
            kind: TargetKind::Pane,
            required: true,
        };
        assert_eq!(target.values(&v), ["%1", "%2"]);
    }

    #[test]
    fn a_clamp_fills_the_default_and_keeps_a_value_in_range() {
        let c = Clamp {
            default: 30,
            min: 1,
            max: 600,
        };
        assert_eq!(
            [None, Some(0), Some(5), Some(100_000)].map(|r| c.apply(r)),
            [30, 1, 5, 600]
        );
    }
}
