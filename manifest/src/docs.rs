//! The reference pages, as mdBook source: an index, a page per toolset, a page per tool, the
//! error kinds and client setup. `cargo xtask codegen` writes
//! them into `generated-docs/` with the pages the server renders itself (selection examples,
//! the capabilities resource, the catalog behind the calculator, the contributor guide).

use std::fmt::Write;

use serde_json::{Map, Value, json};

use crate::Catalog;
use crate::model::{Kind, Node, Tool, spelled};

/// `(path under generated-docs/, content)` for every generated file, in a stable order.
pub fn render(cat: &Catalog) -> Vec<(String, String)> {
    let mut pages = vec![
        ("book.toml".to_owned(), BOOK_TOML.to_owned()),
        ("src/SUMMARY.md".to_owned(), summary(cat)),
        ("src/index.md".to_owned(), index(cat)),
        ("src/errors.md".to_owned(), errors(cat)),
    ];
    for ts in &cat.manifest.toolsets {
        pages.push((
            format!("src/toolsets/{}.md", ts.name),
            toolset(cat, &ts.name),
        ));
    }
    for tool in cat.tools() {
        pages.push((format!("src/tools/{}.md", tool.name), tool_page(cat, tool)));
    }
    pages
}

const BOOK_TOML: &str = "\
# Generated from manifest/tools.yaml by `cargo xtask codegen`; do not edit.
[book]
title = \"tmux-mcp reference\"
language = \"en\"
src = \"src\"

[output.html]
";

const GENERATED: &str =
    "<!-- Generated from manifest/tools.yaml by `cargo xtask codegen`; do not edit. -->\n\n";

fn tools_of<'a>(cat: &'a Catalog, toolset: &str) -> Vec<&'a Tool> {
    cat.tools()
        .into_iter()
        .filter(|t| t.toolset == toolset)
        .collect()
}

fn summary(cat: &Catalog) -> String {
    let mut s = String::from(
        "# Summary\n\n[Overview](index.md)\n\n# Using it\n\n- [Client setup](clients.md)\n- [Tool selection](selection.md)\n  \
         - [Selection calculator](calculator.md)\n- [The capabilities resource](capabilities.md)\n\
         - [Drive another agent in a pane](driving-an-agent.md)\n\
         - [Agents' state: working, asking, idle](agents.md)\n\
         - [Trust: masking, audit log, write scope](trust.md)\n- [Serve over HTTP](http.md)\n\
         - [Several machines](hosts.md)\n\
         - [tmux versions, and your tmux as it was](tmux.md)\n- [Settings](settings.md)\n\n# Toolsets\n\n",
    );
    for ts in &cat.manifest.toolsets {
        let _ = writeln!(s, "- [{}](toolsets/{}.md)", ts.title, ts.name);
        for tool in tools_of(cat, &ts.name) {
            let _ = writeln!(s, "  - [{}](tools/{}.md)", tool.name, tool.name);
        }
    }
    s.push_str(
        "\n# Reference\n\n- [Error kinds](errors.md)\n- [Performance](performance.md)\n\
         - [Reliability](reliability.md)\n- [Adding a tool](contributing.md)\n",
    );
    s
}

fn index(cat: &Catalog) -> String {
    let mut s = String::from(GENERATED);
    s.push_str("# tmux-mcp\n\n");
    s.push_str(
        "tmux-mcp is an MCP server that lets an agent drive tmux: list and read panes, type into \
         them, run commands and wait for output. The operator chooses which tools a client gets \
         by toolset and by name; the choice is frozen at startup.\n\n",
    );
    s.push_str(
        "Start with [client setup](clients.md), then choose the tools a client gets with \
         [tool selection](selection.md) (the [calculator](calculator.md) shows the outcome of any \
         choice). After connecting, read [`tmux://capabilities`](capabilities.md). Every tool page \
         gives its arguments, output, annotations and capability record; failures are typed \
         ([error kinds](errors.md)).\n\n",
    );
    let total = cat.manifest.tools.len();
    let _ = writeln!(
        s,
        "The catalog has {total} tools in {} toolsets:\n",
        cat.manifest.toolsets.len()
    );
    s.push_str("| Toolset | Tools | On by default | What its tools do |\n|---|---|---|---|\n");
    for ts in &cat.manifest.toolsets {
        let default = match ts.enabled {
            crate::model::DefaultEnabled::Always => "yes",
            crate::model::DefaultEnabled::FreshDaemon => {
                "only on a dedicated daemon this launch created"
            }
        };
        let _ = writeln!(
            s,
            "| [{}](toolsets/{}.md) | {} | {} | {} |",
            ts.name,
            ts.name,
            tools_of(cat, &ts.name).len(),
            default,
            ts.description
        );
    }
    if !cat.manifest.routing.is_empty() {
        s.push_str(
            "\nEvery tool also takes these arguments, which choose where the call runs; they are \
             published only while they have a choice to offer:\n\n| Name | Type | Description |\n|---|---|---|\n",
        );
        for node in &cat.manifest.routing {
            let _ = writeln!(
                s,
                "| `{}` | {} | {} |",
                node.name.as_deref().unwrap_or_default(),
                type_text(cat, node),
                cell(&cat.manifest.description(node))
            );
        }
    }
    s
}

fn errors(cat: &Catalog) -> String {
    let mut s = String::from(GENERATED);
    s.push_str(
        "# Error kinds\n\nA tool that fails returns a result with `isError: true` whose text \
         content is its message in words, then its kind in brackets (`can't find pane: %9 \
         [object_gone]`; `; trying again may work` after the kind when it is retryable), and \
         whose `_meta` carries the body `",
    );
    s.push_str(&crate::tool_error_shape());
    let _ = write!(
        s,
        "` under `{}`. It has no `structuredContent` (which clients check against the tool's \
         output schema), and its text is not JSON (Gemini CLI takes a first text that parses as \
         an object for the tool's output, errors too). Unknown and unoffered tools are JSON-RPC \
         errors (-32602) instead.\n\n\
         | kind | retryable | meaning |\n|---|---|---|\n",
        crate::TOOL_ERROR_META
    );
    for k in &cat.manifest.error_kinds {
        let _ = writeln!(
            s,
            "| `{}` | {} | {} |",
            k.name,
            yes_no(k.retryable),
            k.description
        );
    }
    s
}

fn toolset(cat: &Catalog, name: &str) -> String {
    let mut s = String::from(GENERATED);
    if let Some(ts) = cat.manifest.toolsets.iter().find(|t| t.name == name) {
        let _ = writeln!(s, "# {} (`{}`)\n\n{}\n", ts.title, ts.name, ts.description);
    }
    s.push_str("| Tool | Title | Annotations |\n|---|---|---|\n");
    for tool in tools_of(cat, name) {
        let _ = writeln!(
            s,
            "| [`{}`](../tools/{}.md) | {} | {} |",
            tool.name,
            tool.name,
            tool.title,
            hints(tool)
        );
    }
    s
}

fn hints(tool: &Tool) -> String {
    let a = &tool.annotations;
    let mut out = Vec::new();
    for (on, word) in [
        (a.read_only_hint, "read-only"),
        (a.destructive_hint, "destructive"),
        (a.idempotent_hint, "idempotent"),
        (a.open_world_hint, "open-world"),
    ] {
        if on {
            out.push(word);
        }
    }
    out.join(", ")
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}

fn tool_page(cat: &Catalog, tool: &Tool) -> String {
    let cap = &tool.capability;
    let a = &tool.annotations;
    let mut s = String::from(GENERATED);
    let _ = writeln!(
        s,
        "# {} (`{}`)\n\n{}\n",
        tool.title, tool.name, tool.description
    );
    s.push_str("| | |\n|---|---|\n");
    let _ = writeln!(s, "| Toolset | [{0}](../toolsets/{0}.md) |", tool.toolset);
    let _ = writeln!(
        s,
        "| Annotations | readOnlyHint {}, destructiveHint {}, idempotentHint {}, openWorldHint {} |",
        a.read_only_hint, a.destructive_hint, a.idempotent_hint, a.open_world_hint
    );
    let _ = writeln!(s, "| Process reach | {} |", spelled(&cap.process_reach));
    let _ = writeln!(
        s,
        "| tmux effects | {} |",
        list(&cap.tmux_effects.iter().map(spelled).collect::<Vec<_>>())
    );
    let _ = writeln!(
        s,
        "| Output classes | {} |",
        list(&cap.output_classes.iter().map(spelled).collect::<Vec<_>>())
    );
    let _ = writeln!(
        s,
        "| May expose secrets | {} |",
        yes_no(cap.may_expose_secrets)
    );
    let _ = writeln!(
        s,
        "| May return untrusted content | {} |",
        yes_no(cap.may_return_untrusted_content)
    );
    let lit: Vec<String> = cap
        .input_literalization
        .iter()
        .map(|(k, v)| format!("`{k}`: {}", spelled(v)))
        .collect();
    let _ = writeln!(s, "| Input literalization | {} |", list(&lit));
    let nested: Vec<String> = cap
        .nested_authority
        .iter()
        .map(|n| format!("[`{n}`]({n}.md)"))
        .collect();
    let _ = writeln!(s, "| Nested authority | {} |", list(&nested));
    let _ = writeln!(
        s,
        "| Amplifies future input | {} |",
        yes_no(cap.amplifies_future_input)
    );
    let batches: Vec<String> = cat
        .manifest
        .tools
        .iter()
        .filter(|b| b.capability.nested_authority.contains(&tool.name))
        .map(|b| format!("[`{0}`]({0}.md)", b.name))
        .collect();
    let _ = writeln!(s, "| May be nested in | {} |", list(&batches));
    if tool.meta.always_load {
        s.push_str("| `_meta` | `anthropic/alwaysLoad`: true |\n");
    }

    s.push_str("\n## Arguments\n\n");
    if tool.arguments.is_empty() {
        s.push_str("None: call it with `{}`. Unknown fields are refused.\n");
    } else {
        s.push_str("| Name | Type | Required | Default | Description |\n|---|---|---|---|---|\n");
        let mut rows = Vec::new();
        flatten(cat, &tool.arguments, "", &mut rows);
        for (path, node) in rows {
            let default = node
                .default
                .as_ref()
                .map(|d| format!("`{d}`"))
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "| `{path}` | {} | {} | {default} | {} |",
                type_text(cat, node),
                yes_no(node.required),
                cell(&cat.manifest.description(node))
            );
        }
        s.push_str("\nUnknown fields are refused.\n");
    }

    s.push_str(
        "\n## Output\n\n`structuredContent` has these fields, all always present (the text \
         content repeats it as JSON):\n\n",
    );
    s.push_str("| Field | Type | Description |\n|---|---|---|\n");
    let mut rows = Vec::new();
    flatten(cat, &tool.output, "", &mut rows);
    for (path, node) in rows {
        let nullable = if node.nullable { " or null" } else { "" };
        let _ = writeln!(
            s,
            "| `{path}` | {}{nullable} | {} |",
            type_text(cat, node),
            cell(&cat.manifest.description(node))
        );
    }

    s.push_str("\n## Example call\n\n`tools/call` params:\n\n```json\n");
    let call = json!({"name": tool.name, "arguments": example_arguments(cat, tool)});
    s.push_str(&serde_json::to_string_pretty(&call).unwrap_or_default());
    s.push_str(
        "\n```\n\n## Example result\n\n`structuredContent` (values illustrative):\n\n```json\n",
    );
    s.push_str(&serde_json::to_string_pretty(&example_output(cat, tool)).unwrap_or_default());
    s.push_str("\n```\n");
    s
}

/// A `structuredContent` shaped like the tool's output: each field from its `example`, or a
/// value made up from its name and type.
pub fn example_output(cat: &Catalog, tool: &Tool) -> Value {
    fields_example(cat, &tool.output)
}

fn fields_example(cat: &Catalog, fields: &[Node]) -> Value {
    let mut map = Map::new();
    for f in fields {
        if let Some(name) = &f.name {
            map.insert(name.clone(), output_example(cat, f, name));
        }
    }
    Value::Object(map)
}

fn output_example(cat: &Catalog, node: &Node, name: &str) -> Value {
    let shape = cat.manifest.resolve(node);
    if let Some(v) = node.example.as_ref().or(shape.example.as_ref()) {
        return v.clone();
    }
    if node.nullable && shape.kind != Some(Kind::Object) {
        return Value::Null;
    }
    match shape.kind {
        Some(Kind::String) => match &shape.values {
            Some(values) => json!(values.first()),
            None => json!(match name {
                n if n.ends_with("pane") => "%1",
                n if n.ends_with("window") || n == "window_id" => "@1",
                n if n.ends_with("session") || n == "session_id" => "$1",
                "version" => "3.3a",
                "name" => "main",
                _ => "…",
            }),
        },
        Some(Kind::Integer) => json!(1),
        Some(Kind::Boolean) => json!(false),
        Some(Kind::Array) => match &shape.items {
            Some(items) => json!([output_example(cat, items, name)]),
            None => json!([]),
        },
        Some(Kind::Object) => match &shape.fields {
            Some(fields) => fields_example(cat, fields),
            None => json!({}),
        },
        Some(Kind::ErrorKind) => json!("object_gone"),
        _ => Value::Null,
    }
}

/// Rows for a field table: nested object fields become `parent.child`, array items `parent[].child`.
fn flatten<'a>(
    cat: &'a Catalog,
    fields: &'a [Node],
    prefix: &str,
    rows: &mut Vec<(String, &'a Node)>,
) {
    for field in fields {
        let Some(name) = field.name.as_deref() else {
            continue;
        };
        let path = format!("{prefix}{name}");
        rows.push((path.clone(), field));
        let shape = cat.manifest.resolve(field);
        match shape.kind {
            Some(Kind::Object) => {
                if let Some(inner) = &shape.fields {
                    flatten(cat, inner, &format!("{path}."), rows);
                }
            }
            Some(Kind::Array) => {
                let item = shape.items.as_deref().map(|i| cat.manifest.resolve(i));
                if let Some(inner) = item.and_then(|i| i.fields.as_ref()) {
                    flatten(cat, inner, &format!("{path}[]."), rows);
                }
            }
            _ => {}
        }
    }
}

fn type_text(cat: &Catalog, node: &Node) -> String {
    let shape = cat.manifest.resolve(node);
    match shape.kind {
        Some(Kind::String) => {
            let mut t = match &shape.values {
                Some(values) => values
                    .iter()
                    .map(|v| format!("`{v}`"))
                    .collect::<Vec<_>>()
                    .join(" \\| "),
                None => "string".to_owned(),
            };
            if let Some(p) = &shape.pattern {
                let _ = write!(t, " matching `{}`", p.replace('|', "\\|"));
            }
            match (shape.min_length, shape.max_length) {
                (Some(lo), Some(hi)) => {
                    let _ = write!(t, ", {lo}..{hi} chars");
                }
                (None, Some(hi)) => {
                    let _ = write!(t, ", ≤{hi} chars");
                }
                _ => {}
            }
            t
        }
        Some(Kind::Integer) => match (shape.minimum, shape.maximum) {
            (Some(lo), Some(hi)) => format!("integer {lo}..{hi}"),
            _ => "integer".to_owned(),
        },
        Some(Kind::Boolean) => "boolean".to_owned(),
        Some(Kind::Array) => {
            let item = shape
                .items
                .as_deref()
                .map(|i| type_text(cat, i))
                .unwrap_or_default();
            let bounds = match (shape.min_items, shape.max_items) {
                (Some(lo), Some(hi)) => format!(", {lo}..{hi} items"),
                (None, Some(hi)) => format!(", ≤{hi} items"),
                _ => String::new(),
            };
            format!("array of {item}{bounds}")
        }
        Some(Kind::Object) => "object".to_owned(),
        Some(Kind::Operation) => "`{tool, arguments}`".to_owned(),
        Some(Kind::ErrorKind) => "[error kind](../errors.md)".to_owned(),
        Some(Kind::Any) | None => "any".to_owned(),
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Arguments for the example call: every required argument, from its example, default or a
/// value made up from its type.
pub fn example_arguments(cat: &Catalog, tool: &Tool) -> Value {
    let mut args = Map::new();
    for arg in tool.arguments.iter().filter(|a| a.required) {
        if let Some(name) = &arg.name {
            args.insert(name.clone(), example_value(cat, arg, tool));
        }
    }
    Value::Object(args)
}

fn example_value(cat: &Catalog, node: &Node, tool: &Tool) -> Value {
    let shape = cat.manifest.resolve(node);
    if let Some(v) = node
        .example
        .as_ref()
        .or(shape.example.as_ref())
        .or(node.default.as_ref())
    {
        return v.clone();
    }
    match shape.kind {
        Some(Kind::String) => match &shape.values {
            Some(values) => json!(values.first()),
            None => json!(node.name.as_deref().unwrap_or("text")),
        },
        Some(Kind::Integer) => json!(shape.minimum.unwrap_or(0).max(1)),
        Some(Kind::Boolean) => json!(true),
        Some(Kind::Array) => match &shape.items {
            Some(items) => json!([example_value(cat, items, tool)]),
            None => json!([]),
        },
        Some(Kind::Operation) => {
            let first = tool
                .capability
                .nested_authority
                .first()
                .and_then(|n| cat.tool(n));
            match first {
                Some(t) => json!({"tool": t.name, "arguments": example_arguments(cat, t)}),
                None => json!({}),
            }
        }
        Some(Kind::Object) => {
            let mut map = Map::new();
            for f in shape.fields.iter().flatten().filter(|f| f.required) {
                if let Some(name) = &f.name {
                    map.insert(name.clone(), example_value(cat, f, tool));
                }
            }
            Value::Object(map)
        }
        _ => Value::Null,
    }
}
