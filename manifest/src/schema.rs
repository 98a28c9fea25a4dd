//! JSON Schemas (2020-12 subset) rendered from manifest nodes: a tool's input schema as clients
//! see it, the schema its arguments are validated against, its output schema, and its
//! alternative in a batch's `operations` schema.

use serde_json::{Map, Value, json};

use crate::model::{Kind, Manifest, Node, Tool};

/// How an `operation` node (a batch row) is rendered.
#[derive(Clone, Copy)]
enum Operations<'a> {
    /// As published: `oneOf` the given alternatives.
    OneOf(&'a [Value]),
    /// For validating the whole call: any `{tool, arguments}`; each row is then validated against
    /// its own tool's schema, so that one bad row fails that row and not the call.
    Loose,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Input,
    Output,
}

/// The published input schema: what a client's model reads, without the patterns and bounds
/// the server checks (the validation schema keeps them).
/// `alternatives` fills `operation` nodes (see [`batch_alternative`]).
pub fn input_schema(m: &Manifest, tool: &Tool, alternatives: &[Value]) -> Value {
    let mut schema = object(
        m,
        &tool.arguments,
        Side::Input,
        Operations::OneOf(alternatives),
    );
    published(&mut schema);
    schema
}

/// The keywords the published schema leaves to the server: an identifier's pattern and a
/// value's bounds. A client's model reads every byte of a schema on every request, and these
/// say little it can act on before a call; the server checks them all and names each argument
/// that breaks one, with what is allowed, in one reply. A client that validates against the
/// published schema itself (Gemini CLI) then gives its model the server's answer, the same as
/// every other client's.
const CHECKED_BY_THE_SERVER: [&str; 7] = [
    "pattern",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "minItems",
    "maxItems",
];

/// Removes [`CHECKED_BY_THE_SERVER`] from a schema node and the nodes it holds. Descriptions
/// stay: every property has one (catalog.md). `properties` keys are argument names, never
/// keywords (`search_panes` takes one named `pattern`).
fn published(node: &mut Value) {
    let Value::Object(map) = node else {
        return;
    };
    for key in CHECKED_BY_THE_SERVER {
        map.remove(key);
    }
    if let Some(Value::Object(properties)) = map.get_mut("properties") {
        properties.values_mut().for_each(published);
    }
    if let Some(items) = map.get_mut("items") {
        published(items);
    }
    if let Some(Value::Array(alternatives)) = map.get_mut("oneOf") {
        alternatives.iter_mut().for_each(published);
    }
}

/// The schema arguments are validated against before a handler runs: the published one with
/// every bound, and a batch's rows left to their own tools' schemas.
pub fn validation_schema(m: &Manifest, tool: &Tool) -> Value {
    object(m, &tool.arguments, Side::Input, Operations::Loose)
}

/// The output schema. Every field is always present (nullable ones may be null) and says so.
pub fn output_schema(m: &Manifest, tool: &Tool) -> Value {
    object(m, &tool.output, Side::Output, Operations::Loose)
}

/// The schema of a single argument, used to check its default.
pub fn argument_schema(m: &Manifest, node: &Node) -> Value {
    render(m, node, Side::Input, Operations::Loose)
}

/// `tool`'s alternative in a batch's `operations.items.oneOf`: the tool name as a constant and,
/// as `arguments`, exactly its own input schema.
pub fn batch_alternative(m: &Manifest, tool: &Tool) -> Value {
    operation(json!({"const": tool.name}), input_schema(m, tool, &[]))
}

/// The one alternative of a batch's `operations.items.oneOf` for its nested tools that are
/// offered directly too: `tool` one of their names (the server fills in the `enum` from the
/// selection), `arguments` left to each tool's own published schema.
pub fn named_batch_rows() -> Value {
    operation(
        json!({"enum": [], "description": "A tool offered directly too."}),
        json!({"type": "object", "description": "Its arguments, as when called directly."}),
    )
}

/// A batch row `{tool, arguments}` (what `tmux_mcp_runtime::Operation` decodes), with the
/// schemas of its two fields.
fn operation(tool: Value, arguments: Value) -> Value {
    json!({
        "type": "object",
        "properties": {
            "tool": tool,
            "arguments": arguments,
        },
        "required": ["tool"],
        "additionalProperties": false,
    })
}

/// JSON pointer from the root of the input schema to the node whose `oneOf` lists the batch
/// alternatives, when the tool has an `operation` argument.
pub fn operation_pointer(m: &Manifest, tool: &Tool) -> Option<String> {
    tool.arguments.iter().find_map(|arg| {
        let name = arg.name.as_deref()?;
        pointer_to_operation(m, arg, format!("/properties/{name}"))
    })
}

fn pointer_to_operation(m: &Manifest, node: &Node, here: String) -> Option<String> {
    let node = m.resolve(node);
    match node.kind? {
        Kind::Operation => Some(here),
        Kind::Array => pointer_to_operation(m, node.items.as_deref()?, format!("{here}/items")),
        Kind::Object => node.fields.as_ref()?.iter().find_map(|f| {
            let name = f.name.as_deref()?;
            pointer_to_operation(m, f, format!("{here}/properties/{name}"))
        }),
        _ => None,
    }
}

fn object(m: &Manifest, fields: &[Node], side: Side, ops: Operations) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for field in fields {
        let Some(name) = field.name.clone() else {
            continue;
        };
        // Every output field is always present (nullable ones as null).
        if field.required || side == Side::Output {
            required.push(Value::String(name.clone()));
        }
        properties.insert(name, render(m, field, side, ops));
    }
    let mut out = Map::new();
    out.insert("type".into(), json!("object"));
    out.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        out.insert("required".into(), Value::Array(required));
    }
    // Outputs leave it out: a client on an older server version must accept new fields.
    if side == Side::Input {
        out.insert("additionalProperties".into(), json!(false));
    }
    Value::Object(out)
}

fn render(m: &Manifest, node: &Node, side: Side, ops: Operations) -> Value {
    let shape = m.resolve(node);
    let mut out = match shape.kind {
        None | Some(Kind::Any) => Map::new(),
        Some(Kind::String) => {
            let mut s = typed("string");
            if let Some(values) = &shape.values {
                s.insert("enum".into(), json!(values));
            }
            put(&mut s, "pattern", shape.pattern.as_ref().map(|p| json!(p)));
            put(&mut s, "minLength", shape.min_length.map(|n| json!(n)));
            put(&mut s, "maxLength", shape.max_length.map(|n| json!(n)));
            s
        }
        Some(Kind::Integer) => {
            let mut s = typed("integer");
            put(&mut s, "minimum", shape.minimum.map(|n| json!(n)));
            put(&mut s, "maximum", shape.maximum.map(|n| json!(n)));
            s
        }
        Some(Kind::Boolean) => typed("boolean"),
        Some(Kind::Array) => {
            let mut s = typed("array");
            if let Some(items) = &shape.items {
                let mut items = render(m, items, side, ops);
                // The array property describes its items; a second description is noise.
                if let Value::Object(map) = &mut items {
                    map.remove("description");
                }
                s.insert("items".into(), items);
            }
            put(&mut s, "minItems", shape.min_items.map(|n| json!(n)));
            put(&mut s, "maxItems", shape.max_items.map(|n| json!(n)));
            s
        }
        Some(Kind::Object) => match &shape.fields {
            Some(fields) => match object(m, fields, side, ops) {
                Value::Object(map) => map,
                _ => Map::new(),
            },
            None => typed("object"),
        },
        Some(Kind::Operation) => match ops {
            Operations::OneOf(alternatives) => {
                let mut s = Map::new();
                s.insert("oneOf".into(), Value::Array(alternatives.to_vec()));
                s
            }
            Operations::Loose => {
                match operation(json!({"type": "string"}), json!({"type": "object"})) {
                    Value::Object(map) => map,
                    _ => Map::new(),
                }
            }
        },
        // Only in outputs; the kinds are listed where they are documented, not in every schema.
        Some(Kind::ErrorKind) => typed("string"),
    };
    if node.nullable
        && let Some(Value::String(t)) = out.get("type").cloned()
    {
        out.insert("type".into(), json!([t, "null"]));
        // An enum lists every value the field may hold: null too, or validators refuse it.
        if let Some(Value::Array(values)) = out.get_mut("enum") {
            values.push(Value::Null);
        }
    }
    let description = m.description(node);
    if !description.is_empty() {
        out.insert("description".into(), json!(description));
    }
    put(&mut out, "default", node.default.clone());
    Value::Object(out)
}

fn typed(t: &str) -> Map<String, Value> {
    let mut s = Map::new();
    s.insert("type".into(), json!(t));
    s
}

fn put(map: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(v) = value {
        map.insert(key.into(), v);
    }
}
