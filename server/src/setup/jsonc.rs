//! A server entry, or an agent's hooks, added to a JSON client file, comments, trailing commas,
//! order and layout of everything else kept (jsonc-parser's concrete syntax tree: it writes
//! back every byte it read, and only the nodes added are new).

use jsonc_parser::ParseOptions;
use jsonc_parser::cst::{CstInputValue, CstObject, CstRootNode};
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
    let (root, top) = parse(text, comments)?;
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
    Ok(Some(written(&root)))
}

/// `text` read as the client reads it (JSON, plus comments and trailing commas where
/// `comments` says it allows them), with its top object (made when the file is empty).
fn parse(text: &str, comments: bool) -> Result<(CstRootNode, CstObject), String> {
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
    Ok((root, top))
}

/// `text` with each of `groups` (an event and its hook group) added to the event's list under
/// `hooks`, every other hook kept; `None` when each is there already. Refuses where a group of
/// the same event already sets `option` differently: that is a hook this would change.
pub fn add_hooks(
    text: &str,
    option: &str,
    groups: &[(&str, CstInputValue)],
    comments: bool,
) -> Result<Option<String>, String> {
    let (root, top) = parse(text, comments)?;
    let hooks = top
        .object_value_or_create("hooks")
        .ok_or("its \"hooks\" is not an object; mend it or name another file with --config FILE")?;
    let mut added = false;
    for (event, group) in groups {
        let list = hooks.array_value_or_create(event).ok_or_else(|| {
            format!(
                "its hooks.{event} is not a list; mend it or name another file with --config FILE"
            )
        })?;
        let there: Vec<Value> = list
            .elements()
            .iter()
            .filter_map(|e| e.to_serde_value())
            .collect();
        let group_value = value(group);
        if there.contains(&group_value) {
            continue;
        }
        // A group for another matcher is another hook; one for the same that sets the option
        // is ours as written before, or the person's own: either way not this one's to change.
        let same_matcher = |g: &Value| g.get("matcher") == group_value.get("matcher");
        let sets = |g: &Value| sets_option(&g.to_string(), option);
        if there.iter().any(|g| same_matcher(g) && sets(g)) {
            return Err(format!(
                "already has a {event} hook that sets {option} differently; nothing was changed. \
                 Remove that hook, then run this again"
            ));
        }
        list.append(group.clone());
        added = true;
    }
    if !added {
        return Ok(None);
    }
    Ok(Some(written(&root)))
}

/// Whether `text` (a hook group as JSON) names `option` as a word of a command: followed by
/// no character an option's name may hold (`@agent-state`, not `@agent-state-turn`).
fn sets_option(text: &str, option: &str) -> bool {
    text.match_indices(option).any(|(at, _)| {
        let next = text[at + option.len()..].chars().next();
        !next.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_')
    })
}

/// The file as the syntax tree writes it back, ending in a newline.
fn written(root: &CstRootNode) -> String {
    let mut text = root.to_string();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// What the syntax tree would write, as a JSON value, to compare with what is there.
pub(super) fn value(input: &CstInputValue) -> Value {
    match input {
        CstInputValue::Null => Value::Null,
        CstInputValue::Bool(b) => Value::Bool(*b),
        CstInputValue::Number(n) => serde_json::from_str(n).unwrap_or(Value::Null),
        CstInputValue::String(s) => Value::String(s.clone()),
        CstInputValue::Array(items) => Value::Array(items.iter().map(value).collect()),
        CstInputValue::Object(fields) => {
            Value::Object(fields.iter().map(|(k, v)| (k.clone(), value(v))).collect())
        }
    }
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
