//! A server entry added to a JSON client file, comments, trailing commas, order and layout of
//! everything else kept (jsonc-parser's concrete syntax tree: it writes back every byte it
//! read, and only the nodes added are new).

use jsonc_parser::ParseOptions;
use jsonc_parser::cst::{CstInputValue, CstRootNode};
use serde_json::Value;

/// `text` with `entry` added as `servers_key.name` (the objects made when absent); `None`
/// when that very entry is there already. `comments`: whether the client reads comments (VS
/// Code, Cursor and Gemini CLI do; Claude Code's file is plain JSON, and one it cannot read
/// must not be written).
pub fn add(
    text: &str,
    servers_key: &str,
    name: &str,
    entry: &[(&str, Value)],
    comments: bool,
) -> Result<Option<String>, String> {
    // What the clients read: JSON, plus comments and trailing commas where they allow them
    // (as VS Code's own parser does), and nothing looser.
    let options = ParseOptions {
        allow_comments: comments,
        allow_trailing_commas: comments,
        allow_loose_object_property_names: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    };
    let kind = if comments {
        "JSON with comments"
    } else {
        "JSON"
    };
    // The syntax tree takes comments whatever the options say; plain JSON is checked apart.
    if !comments && !text.trim().is_empty() {
        serde_json::from_str::<Value>(text).map_err(|e| {
            format!("is not valid {kind} ({e}); mend it or name another file with --config FILE")
        })?;
    }
    let root = CstRootNode::parse(text, &options).map_err(|e| {
        format!("is not valid {kind} ({e}); mend it or name another file with --config FILE")
    })?;
    let top = match root.value() {
        None => root.object_value_or_set(),
        Some(_) => root.object_value().ok_or(
            "holds something other than a JSON object; name another file with --config FILE",
        )?,
    };
    let servers = top.object_value_or_create(servers_key).ok_or_else(|| {
        format!(
            "its {servers_key:?} is not an object; mend it or name another file with --config FILE"
        )
    })?;
    if let Some(existing) = servers.get(name) {
        let same = existing
            .value()
            .and_then(|v| v.to_serde_value())
            .is_some_and(|v| {
                v == Value::Object(
                    entry
                        .iter()
                        .map(|(k, v)| ((*k).to_owned(), v.clone()))
                        .collect(),
                )
            });
        if same {
            return Ok(None);
        }
        return Err(differs(name, &format!("{servers_key:?}")));
    }
    let fields = entry
        .iter()
        .map(|(k, v)| ((*k).to_owned(), input(v)))
        .collect();
    servers.append(name, CstInputValue::Object(fields));
    let mut written = root.to_string();
    if !written.ends_with('\n') {
        written.push('\n');
    }
    Ok(Some(written))
}

/// A JSON value as the syntax tree takes one.
fn input(value: &Value) -> CstInputValue {
    match value {
        Value::Null => CstInputValue::Null,
        Value::Bool(b) => CstInputValue::Bool(*b),
        Value::Number(n) => CstInputValue::Number(n.to_string()),
        Value::String(s) => CstInputValue::String(s.clone()),
        Value::Array(items) => CstInputValue::Array(items.iter().map(input).collect()),
        Value::Object(map) => {
            CstInputValue::Object(map.iter().map(|(k, v)| (k.clone(), input(v))).collect())
        }
    }
}

/// The refusal of both writers (this one and the TOML one) to change an entry of the same name.
pub(super) fn differs(name: &str, place: &str) -> String {
    format!(
        "already has a server {name:?} in {place} that differs from this one; nothing was changed. \
         Remove that entry, or add this one under another name with --name NAME"
    )
}
