//! The argument validator: checks arguments against the very schema a client sees.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

use regex::Regex;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One batch row as the client sends it: a tool name and that tool's arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Operation {
    pub tool: String,
    #[serde(default)]
    pub arguments: Map<String, Value>,
}

/// Why a value does not satisfy its schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Where, e.g. `operations[2].tool`; empty for the whole value.
    pub path: String,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Every way a value fails its schema, never empty: a caller fixes them all at once instead of
/// learning of one per try.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violations(pub Vec<Violation>);

impl fmt::Display for Violations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

/// Checks `value` against `schema` (the subset of JSON Schema the manifest renders) and fills
/// in defaults of absent properties. Reports every violation, field by field.
pub fn validate(schema: &Value, value: &mut Value) -> Result<(), Violations> {
    let mut found = Vec::new();
    check(schema, value, &mut String::new(), &mut found);
    if found.is_empty() {
        Ok(())
    } else {
        Err(Violations(found))
    }
}

/// What checking found so far; each check adds to it and goes on.
type Found = Vec<Violation>;

fn check(schema: &Value, value: &mut Value, path: &mut String, found: &mut Found) {
    let Some(schema) = schema.as_object() else {
        return;
    };
    if let Some(alternatives) = schema.get("oneOf").and_then(Value::as_array) {
        return one_of(alternatives, value, path, found);
    }
    if let Some(expected) = schema.get("const")
        && value != expected
    {
        return fail(
            found,
            path,
            format!("expected {expected}, got {}", brief(value)),
        );
    }
    if let Some(types) = schema.get("type") {
        let allowed: Vec<&str> = match types {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if !allowed.iter().any(|t| is_type(value, t)) {
            // What the value is checked against next would only repeat that it is the wrong
            // type; say once what is allowed instead.
            let (bounds, what) = (bounds(schema), describe(schema));
            return fail(
                found,
                path,
                format!(
                    "expected {}{bounds}{what}, got {}",
                    allowed.join(" or "),
                    brief(value)
                ),
            );
        }
    }
    match value {
        Value::String(s) => check_string(schema, s, path, found),
        Value::Number(_) => check_integer(schema, value, path, found),
        Value::Array(items) => check_array(schema, items, path, found),
        Value::Object(map) => check_object(schema, map, path, found),
        _ => {}
    }
}

fn check_string(schema: &Map<String, Value>, s: &str, path: &str, found: &mut Found) {
    // One rule for every tool, before anything reaches tmux: its commands end at a NUL, and a
    // terminal cannot be sent one.
    if let Some(at) = s.find('\0') {
        return fail(
            found,
            path,
            format!("contains a NUL byte (at byte {at}), which tmux cannot take; remove it"),
        );
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array)
        && !values.iter().any(|v| v.as_str() == Some(s))
    {
        let names: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
        return fail(
            found,
            path,
            format!("{} is not one of {}", quoted(s), names.join(", ")),
        );
    }
    let chars = s.chars().count() as u64;
    if let Some(min) = schema.get("minLength").and_then(Value::as_u64)
        && chars < min
    {
        return fail(
            found,
            path,
            format!("must be at least {min} characters long"),
        );
    }
    if let Some(max) = schema.get("maxLength").and_then(Value::as_u64)
        && chars > max
    {
        return fail(
            found,
            path,
            format!("must be at most {max} characters long, got {chars}"),
        );
    }
    if let Some(pattern) = schema.get("pattern").and_then(Value::as_str)
        && !matches(pattern, s)
    {
        fail(
            found,
            path,
            format!(
                "{} does not have the expected form{}",
                quoted(s),
                describe(schema)
            ),
        );
    }
}

fn check_integer(schema: &Map<String, Value>, value: &Value, path: &str, found: &mut Found) {
    let Some(n) = value.as_i64() else {
        return;
    };
    if let Some(min) = schema.get("minimum").and_then(Value::as_i64)
        && n < min
    {
        return fail(found, path, format!("must be at least {min}, got {n}"));
    }
    if let Some(max) = schema.get("maximum").and_then(Value::as_i64)
        && n > max
    {
        fail(found, path, format!("must be at most {max}, got {n}"));
    }
}

fn check_array(
    schema: &Map<String, Value>,
    items: &mut [Value],
    path: &mut String,
    found: &mut Found,
) {
    let len = items.len() as u64;
    if let Some(min) = schema.get("minItems").and_then(Value::as_u64)
        && len < min
    {
        fail(
            found,
            path,
            format!("needs at least {min} item(s), got {len}"),
        );
    }
    if let Some(max) = schema.get("maxItems").and_then(Value::as_u64)
        && len > max
    {
        fail(found, path, format!("takes at most {max} items, got {len}"));
    }
    if let Some(item_schema) = schema.get("items") {
        for (i, item) in items.iter_mut().enumerate() {
            let mark = path.len();
            path.push_str(&format!("[{i}]"));
            check(item_schema, item, path, found);
            path.truncate(mark);
        }
    }
}

fn check_object(
    schema: &Map<String, Value>,
    map: &mut Map<String, Value>,
    path: &mut String,
    found: &mut Found,
) {
    let empty = Map::new();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    // Fields given with the wrong value come first: that is the mistake the caller made on
    // purpose. Then fields the schema does not know (often a misspelling of one it lacks),
    // then those left out.
    for (name, prop) in properties {
        match map.get_mut(name) {
            Some(v) => {
                let mark = path.len();
                *path = join(path, name);
                check(prop, v, path, found);
                path.truncate(mark);
            }
            None => {
                if let Some(default) = prop.get("default") {
                    map.insert(name.clone(), default.clone());
                }
            }
        }
    }
    if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
        let known: Vec<&str> = properties.keys().map(String::as_str).collect();
        let hint = if known.is_empty() {
            "this takes no fields".to_owned()
        } else {
            format!("expected one of {}", known.join(", "))
        };
        for unknown in map.keys().filter(|k| !properties.contains_key(*k)) {
            fail(
                found,
                &join(path, unknown),
                format!("unknown field; {hint}"),
            );
        }
    }
    if let Some(required) = schema.get("required").and_then(Value::as_array) {
        for missing in required
            .iter()
            .filter_map(Value::as_str)
            .filter(|r| !map.contains_key(*r))
        {
            let what = properties
                .get(missing)
                .and_then(Value::as_object)
                .map(describe)
                .unwrap_or_default();
            fail(found, &join(path, missing), format!("is required{what}"));
        }
    }
}

/// The first alternative the value satisfies; when none does, what the first alternative
/// found (the manifest renders `oneOf` only for batch rows, whose alternatives differ in
/// their `tool` constant first).
fn one_of(alternatives: &[Value], value: &mut Value, path: &mut String, found: &mut Found) {
    let mut first_found = None;
    for alternative in alternatives {
        let mut candidate = value.clone();
        let mut here = Vec::new();
        check(alternative, &mut candidate, path, &mut here);
        if here.is_empty() {
            *value = candidate;
            return;
        }
        first_found.get_or_insert(here);
    }
    match first_found {
        Some(here) => found.extend(here),
        None => fail(found, path, "no alternative is allowed here".into()),
    }
}

fn is_type(value: &Value, t: &str) -> bool {
    match t {
        "string" => value.is_string(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "null" => value.is_null(),
        _ => false,
    }
}

/// ` (description)` when the schema has one: it says what form is expected.
fn describe(schema: &Map<String, Value>) -> String {
    schema
        .get("description")
        .and_then(Value::as_str)
        .map(|d| format!(" ({d})"))
        .unwrap_or_default()
}

/// ` from 1 to 10`, `, one of a, b`, ` of at most 40 characters`: the bounds a schema puts on a
/// value, said where a value of the wrong type is reported.
fn bounds(schema: &Map<String, Value>) -> String {
    let n = |key| schema.get(key).and_then(Value::as_i64);
    match (n("minimum"), n("maximum")) {
        (Some(min), Some(max)) => return format!(" from {min} to {max}"),
        (Some(min), None) => return format!(" of at least {min}"),
        (None, Some(max)) => return format!(" of at most {max}"),
        (None, None) => {}
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        let names: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
        return format!(", one of {}", names.join(", "));
    }
    match schema.get("maxLength").and_then(Value::as_u64) {
        Some(max) => format!(" of at most {max} characters"),
        None => String::new(),
    }
}

/// A short rendering of a rejected value; long values are elided so errors stay small.
fn brief(value: &Value) -> String {
    match value {
        Value::String(s) => quoted(s),
        Value::Array(a) => format!("an array of {}", a.len()),
        Value::Object(_) => "an object".into(),
        other => other.to_string(),
    }
}

fn quoted(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() > MAX {
        let head: String = s.chars().take(MAX).collect();
        format!("{:?}…", head)
    } else {
        format!("{s:?}")
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

fn fail(found: &mut Found, path: &str, message: String) {
    found.push(Violation {
        path: path.to_owned(),
        message,
    });
}

/// Patterns come from the manifest (a handful), so each is compiled once and kept.
fn matches(pattern: &str, s: &str) -> bool {
    static CACHE: OnceLock<Mutex<HashMap<String, Option<Regex>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = match cache.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    let re = cache
        .entry(pattern.to_owned())
        .or_insert_with(|| Regex::new(pattern).ok());
    re.as_ref().is_some_and(|re| re.is_match(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "pane": {"type": "string", "pattern": "^%[0-9]+$", "description": "Pane id, e.g. %3."},
                "history": {"type": "boolean", "default": false},
                "lines": {"type": "integer", "minimum": 1, "maximum": 10},
                "keys": {"type": "array", "maxItems": 2, "items": {"type": "string", "enum": ["Enter", "Up"]}},
            },
            "required": ["pane"],
            "additionalProperties": false,
        })
    }

    fn run(mut v: Value) -> Result<Value, String> {
        validate(&schema(), &mut v)
            .map(|()| v)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn fills_defaults() {
        assert_eq!(
            run(json!({"pane": "%1"})),
            Ok(json!({"pane": "%1", "history": false}))
        );
    }

    #[test]
    fn names_the_field_and_the_expected_form() {
        assert_eq!(
            run(json!({"pane": "1"})),
            Err("pane: \"1\" does not have the expected form (Pane id, e.g. %3.)".into())
        );
        assert_eq!(
            run(json!({})),
            Err("pane: is required (Pane id, e.g. %3.)".into())
        );
        assert_eq!(
            run(json!({"pane": "%1", "bogus": 1})),
            Err("bogus: unknown field; expected one of history, keys, lines, pane".into())
        );
        assert_eq!(
            run(json!({"pane": "%1", "lines": 0})),
            Err("lines: must be at least 1, got 0".into())
        );
        assert_eq!(
            run(json!({"pane": "%1", "lines": 1.5})),
            Err("lines: expected integer from 1 to 10, got 1.5".into())
        );
        assert_eq!(
            run(json!({"pane": "%1", "keys": ["Enter", "Dn"]})),
            Err("keys[1]: \"Dn\" is not one of Enter, Up".into())
        );
        assert_eq!(
            run(json!([])),
            Err("expected object, got an array of 0".into())
        );
    }

    #[test]
    fn names_every_violation_at_once() {
        assert_eq!(
            run(json!({"lines": "ten", "keys": ["Up", "Dn", "Enter"], "bogus": 1, "other": 2})),
            Err(concat!(
                "keys: takes at most 2 items, got 3; ",
                "keys[1]: \"Dn\" is not one of Enter, Up; ",
                "lines: expected integer from 1 to 10, got \"ten\"; ",
                "bogus: unknown field; expected one of history, keys, lines, pane; ",
                "other: unknown field; expected one of history, keys, lines, pane; ",
                "pane: is required (Pane id, e.g. %3.)"
            )
            .into())
        );
        let mut two = json!({"pane": "1", "lines": 0});
        assert_eq!(validate(&schema(), &mut two).map_err(|v| v.0.len()), Err(2));
    }

    #[test]
    fn one_of_picks_the_matching_alternative() {
        let s = json!({"oneOf": [
            {"type": "object", "properties": {"tool": {"const": "a"}}, "required": ["tool"], "additionalProperties": false},
            {"type": "object", "properties": {"tool": {"const": "b"}, "n": {"type": "integer", "default": 3}}, "required": ["tool"], "additionalProperties": false},
        ]});
        let mut v = json!({"tool": "b"});
        assert_eq!(validate(&s, &mut v), Ok(()));
        assert_eq!(v, json!({"tool": "b", "n": 3}));
        assert!(validate(&s, &mut json!({"tool": "c"})).is_err());
    }
}
