//! Every rule a parsed manifest must satisfy, each failure located in the YAML.

use std::collections::{BTreeSet, HashSet};

use regex::Regex;

use crate::locate::{Path, locate};
use crate::model::{Effect, Kind, Manifest, Node, OutputClass, Reach, Tool, spelled};
use tmux_mcp_runtime as rt;

use crate::error::ManifestError;
use crate::model::TOOL_ERROR_FIELDS;
use crate::schema;

/// Error kinds the generated code itself reports.
const REQUIRED_ERROR_KINDS: [&str; 2] = ["invalid_input", "internal"];

struct Checker<'a> {
    src: &'a str,
    m: &'a Manifest,
    errors: Vec<ManifestError>,
}

pub fn check(m: &Manifest, src: &str) -> Vec<ManifestError> {
    let mut c = Checker {
        src,
        m,
        errors: Vec::new(),
    };
    c.toolsets();
    c.error_kinds();
    c.tool_error();
    if c.types() {
        c.fields(
            &m.routing,
            &Path::default().key("routing"),
            Context::Argument,
        );
        let tools = Path::default().key("tools");
        let mut seen = HashSet::new();
        for (i, tool) in m.tools.iter().enumerate() {
            let at = tools.index(i);
            if !seen.insert(tool.name.as_str()) {
                c.error(
                    &at.key("name"),
                    format!("duplicate tool name `{}`", tool.name),
                );
            }
            c.tool(tool, &at);
        }
    }
    c.errors
}

fn snake_case(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !name.ends_with('_')
        && !name.contains("__")
}

fn join<T: serde::Serialize>(items: &[T]) -> String {
    let words: Vec<String> = items.iter().map(spelled).collect();
    format!("[{}]", words.join(", "))
}

impl Checker<'_> {
    fn error(&mut self, path: &Path, message: String) {
        let (line, column) = locate(self.src, path);
        self.errors.push(ManifestError {
            line,
            column,
            path: path.to_string(),
            message,
        });
    }

    fn name(&mut self, path: &Path, what: &str, name: &str) {
        if !snake_case(name) {
            self.error(
                &path.key("name"),
                format!("{what} name `{name}` is not snake_case (lowercase letters, digits and single underscores, starting with a letter)"),
            );
        }
    }

    fn text(&mut self, path: &Path, key: &str, what: &str, text: &str) {
        if text.trim().is_empty() {
            self.error(
                &path.key(key),
                format!("missing {key} on {what}; write one"),
            );
        }
    }

    /// A description must end like a sentence. YAML cuts an unquoted value at ` #` (a comment),
    /// and a description cut short this way ends mid-sentence: this catches that class of
    /// mistake at compile time.
    fn sentence(&mut self, path: &Path, what: &str, text: &str) {
        let text = text.trim_end();
        let ends = text.trim_end_matches(['"', '\'', ')', '`']);
        if !text.is_empty() && !ends.ends_with(['.', '?', '!']) {
            let tail: String = {
                let chars: Vec<char> = text.chars().collect();
                chars[chars.len().saturating_sub(32)..].iter().collect()
            };
            self.error(
                path,
                format!(
                    "the description of {what} does not end like a sentence (\"…{tail}\"); end it with a full stop, and quote it if it holds ` #`, which YAML reads as the start of a comment"
                ),
            );
        }
    }

    fn toolsets(&mut self) {
        let base = Path::default().key("toolsets");
        let mut seen = HashSet::new();
        for (i, ts) in self.m.toolsets.iter().enumerate() {
            let at = base.index(i);
            self.name(&at, "toolset", &ts.name);
            if !seen.insert(ts.name.as_str()) {
                self.error(
                    &at.key("name"),
                    format!("duplicate toolset name `{}`", ts.name),
                );
            }
            self.text(&at, "title", &format!("toolset `{}`", ts.name), &ts.title);
            self.text(
                &at,
                "description",
                &format!("toolset `{}`", ts.name),
                &ts.description,
            );
            self.sentence(
                &at.key("description"),
                &format!("toolset `{}`", ts.name),
                &ts.description,
            );
        }
    }

    fn error_kinds(&mut self) {
        let base = Path::default().key("errorKinds");
        let mut seen = HashSet::new();
        for (i, kind) in self.m.error_kinds.iter().enumerate() {
            let at = base.index(i);
            self.name(&at, "error kind", &kind.name);
            if !seen.insert(kind.name.as_str()) {
                self.error(
                    &at.key("name"),
                    format!("duplicate error kind `{}`", kind.name),
                );
            }
            self.text(
                &at,
                "description",
                &format!("error kind `{}`", kind.name),
                &kind.description,
            );
            self.sentence(
                &at.key("description"),
                &format!("error kind `{}`", kind.name),
                &kind.description,
            );
        }
        for required in REQUIRED_ERROR_KINDS {
            if !seen.contains(required) {
                self.error(
                    &base,
                    format!(
                        "error kind `{required}` is missing; the generated dispatch reports it"
                    ),
                );
            }
        }
    }

    /// A `tool_error` type (what outputs refer to for a row's failure) declares the body the
    /// generated `ToolError` returns, field for field.
    fn tool_error(&mut self) {
        let at = Path::default().key("types").key("tool_error");
        let Some(declared) = self.m.types.get("tool_error") else {
            return;
        };
        let declared: Vec<(&str, Option<Kind>)> = declared
            .fields
            .as_ref()
            .map(|fields| {
                fields
                    .iter()
                    .map(|f| (f.name.as_deref().unwrap_or(""), f.kind))
                    .collect()
            })
            .unwrap_or_default();
        let expected: Vec<(&str, Option<Kind>)> = TOOL_ERROR_FIELDS
            .iter()
            .map(|(n, k)| (*n, Some(*k)))
            .collect();
        if declared != expected {
            let want: Vec<String> = TOOL_ERROR_FIELDS
                .iter()
                .map(|(n, k)| format!("{n} ({})", spelled(k)))
                .collect();
            self.error(
                &at,
                format!(
                    "type `tool_error` must be an object with the fields {}, in that order: the body the generated ToolError returns",
                    want.join(", ")
                ),
            );
        }
    }

    /// Checks named types; false when a reference cycle makes rendering impossible.
    fn types(&mut self) -> bool {
        let base = Path::default().key("types");
        for (name, node) in &self.m.types {
            let at = base.key(name);
            if !snake_case(name) {
                self.error(&at, format!("type name `{name}` is not snake_case"));
            }
            if node.name.is_some() || node.required || node.default.is_some() {
                self.error(&at, format!("type `{name}` may not have name, required or default; put those on the field that refers to it"));
            }
            if node.description.is_none() {
                self.error(
                    &at,
                    format!("missing description on type `{name}`; write one"),
                );
            }
            if let Some(cycle) = self.cycle(name) {
                self.error(
                    &at,
                    format!("type `{name}` refers to itself through {cycle}"),
                );
                return false;
            }
            self.node(node, &at, Context::Type);
        }
        true
    }

    fn cycle(&self, start: &str) -> Option<String> {
        fn refs<'n>(node: &'n Node, out: &mut Vec<&'n str>) {
            if let Some(r) = &node.reference {
                out.push(r);
            }
            if let Some(items) = &node.items {
                refs(items, out);
            }
            for f in node.fields.iter().flatten() {
                refs(f, out);
            }
        }
        let mut stack = vec![(start, vec![start])];
        let mut visited = HashSet::new();
        while let Some((name, trail)) = stack.pop() {
            let Some(node) = self.m.types.get(name) else {
                continue;
            };
            let mut next = Vec::new();
            refs(node, &mut next);
            for r in next {
                if r == start {
                    return Some(trail.join(" -> ") + " -> " + start);
                }
                if visited.insert(r) {
                    let mut t = trail.clone();
                    t.push(r);
                    stack.push((r, t));
                }
            }
        }
        None
    }

    fn tool(&mut self, tool: &Tool, at: &Path) {
        let what = format!("tool `{}`", tool.name);
        self.name(at, "tool", &tool.name);
        self.text(at, "title", &what, &tool.title);
        self.text(at, "description", &what, &tool.description);
        self.sentence(&at.key("description"), &what, &tool.description);
        let toolset = self.m.toolsets.iter().find(|t| t.name == tool.toolset);
        if toolset.is_none() {
            let known: Vec<&str> = self.m.toolsets.iter().map(|t| t.name.as_str()).collect();
            self.error(
                &at.key("toolset"),
                format!(
                    "unknown toolset `{}`; expected one of {}",
                    tool.toolset,
                    known.join(", ")
                ),
            );
        }
        self.annotations(tool, at);
        self.capability(tool, at);
        self.fields(&tool.arguments, &at.key("arguments"), Context::Argument);
        for (i, argument) in tool.arguments.iter().enumerate() {
            let routed = self.m.routing.iter().any(|r| r.name == argument.name);
            if routed && let Some(name) = &argument.name {
                self.error(
                    &at.key("arguments").index(i).key("name"),
                    format!("`{name}` is a routing argument every tool takes; give this one another name"),
                );
            }
        }
        if tool.output.is_empty() {
            self.error(
                &at.key("output"),
                format!("{what} declares no output fields; every tool returns structuredContent"),
            );
        }
        self.fields(&tool.output, &at.key("output"), Context::Output);
    }

    fn annotations(&mut self, tool: &Tool, at: &Path) {
        let cap = &tool.capability;
        let a = &tool.annotations;
        let at = at.key("annotations");
        let read_only = cap.process_reach == Reach::None
            && cap.tmux_effects.iter().all(|e| *e == Effect::Observe);
        let destructive = cap.tmux_effects.contains(&Effect::Delete)
            || matches!(cap.process_reach, Reach::PaneInput | Reach::PaneCommand);
        let idempotent = read_only || cap.idempotent;
        let open_world = cap.process_reach != Reach::None
            || cap.output_classes.contains(&OutputClass::TerminalContent);
        let record = format!(
            "processReach {}, tmuxEffects {}, outputClasses {}, idempotent {}",
            spelled(&cap.process_reach),
            join(&cap.tmux_effects),
            join(&cap.output_classes),
            cap.idempotent
        );
        let rules = [
            (
                "readOnlyHint",
                a.read_only_hint,
                read_only,
                "true exactly when processReach is none and tmuxEffects is [observe]",
            ),
            (
                "destructiveHint",
                a.destructive_hint,
                destructive,
                "true exactly when tmuxEffects includes delete or processReach is pane-input or pane-command",
            ),
            (
                "idempotentHint",
                a.idempotent_hint,
                idempotent,
                "true exactly when the tool is read-only or the record declares idempotent",
            ),
            (
                "openWorldHint",
                a.open_world_hint,
                open_world,
                "true exactly when processReach is not none or outputClasses includes terminal-content",
            ),
        ];
        for (key, declared, derived, rule) in rules {
            if declared != derived {
                self.error(
                    &at.key(key),
                    format!("{key} is {declared} but the capability record ({record}) makes it {derived}: it is {rule}"),
                );
            }
        }
    }

    fn capability(&mut self, tool: &Tool, at: &Path) {
        let cap = &tool.capability;
        let at = at.key("capability");
        if cap.tmux_effects.is_empty() {
            self.error(
                &at.key("tmuxEffects"),
                "tmuxEffects is empty; name at least one of observe, change, delete".into(),
            );
        }
        if cap.tmux_effects.iter().collect::<BTreeSet<_>>().len() != cap.tmux_effects.len() {
            self.error(
                &at.key("tmuxEffects"),
                "tmuxEffects lists an effect twice".into(),
            );
        }
        if cap.output_classes.is_empty() {
            self.error(
                &at.key("outputClasses"),
                "outputClasses is empty; name what the tool returns".into(),
            );
        }
        if cap.output_classes.iter().collect::<BTreeSet<_>>().len() != cap.output_classes.len() {
            self.error(
                &at.key("outputClasses"),
                "outputClasses lists a class twice".into(),
            );
        }
        for arg in cap.input_literalization.keys() {
            if !tool
                .arguments
                .iter()
                .any(|a| a.name.as_deref() == Some(arg))
            {
                self.error(
                    &at.key("inputLiteralization").key(arg),
                    format!(
                        "inputLiteralization names `{arg}`, which is not an argument of `{}`",
                        tool.name
                    ),
                );
            }
        }
        let nested = at.key("nestedAuthority");
        for (i, name) in cap.nested_authority.iter().enumerate() {
            let here = nested.index(i);
            match self.m.tools.iter().find(|t| &t.name == name) {
                None => self.error(&here, format!("nestedAuthority names `{name}`, which is not a tool")),
                Some(t) if t.name == tool.name => self.error(&here, format!("nestedAuthority names `{name}` itself; a batch cannot nest itself")),
                Some(t) if !t.annotations.read_only_hint => {
                    self.error(&here, format!("nestedAuthority names `{name}`, which is not read-only; only read-only tools may be nested"))
                }
                Some(t) if !t.capability.nested_authority.is_empty() => {
                    self.error(&here, format!("nestedAuthority names `{name}`, which nests tools itself"))
                }
                Some(_) => {}
            }
        }
        let has_operation = tool.arguments.iter().any(|a| self.contains_operation(a));
        if has_operation == cap.nested_authority.is_empty() {
            let message = if has_operation {
                "an argument has type operation but nestedAuthority is empty; name the tools a row may call"
            } else {
                "nestedAuthority is set but no argument has type operation to carry the nested calls"
            };
            self.error(&nested, message.into());
        }
        if cap.amplifies_future_input {
            let supplies_input = self.m.tools.iter().any(|t| {
                t.toolset == tool.toolset
                    && matches!(
                        t.capability.process_reach,
                        Reach::PaneInput | Reach::PaneCommand
                    )
            });
            if tool.annotations.read_only_hint || !supplies_input {
                self.error(
                    &at.key("amplifiesFutureInput"),
                    format!(
                        "amplifiesFutureInput is set on `{}`, but only a tool that changes tmux in a toolset that supplies pane input can amplify future input",
                        tool.name
                    ),
                );
            }
        }
    }

    fn contains_operation(&self, node: &Node) -> bool {
        let node = self.m.resolve(node);
        node.kind == Some(Kind::Operation)
            || node
                .items
                .as_deref()
                .is_some_and(|i| self.contains_operation(i))
    }

    fn fields(&mut self, fields: &[Node], at: &Path, cx: Context) {
        let mut seen = HashSet::new();
        for (i, field) in fields.iter().enumerate() {
            let here = at.index(i);
            let Some(name) = field.name.as_deref() else {
                self.error(&here, "field has no name".into());
                continue;
            };
            // Output keys are snake_case as arguments are: the model reads both, and one
            // result that mixes two conventions reads as two kinds of thing.
            let what = if cx == Context::Output {
                "output field"
            } else {
                "argument"
            };
            self.name(&here, what, name);
            if !seen.insert(name) {
                self.error(&here.key("name"), format!("duplicate field name `{name}`"));
            }
            if self.m.description(field).trim().is_empty() {
                self.error(&here, format!("missing description on `{name}`; write one (or refer to a type that has one)"));
            }
            self.node(field, &here, cx);
        }
    }

    fn node(&mut self, node: &Node, at: &Path, cx: Context) {
        if let Some(description) = &node.description {
            let what = match &node.name {
                Some(name) => format!("`{name}`"),
                None => format!("`{at}`"),
            };
            self.sentence(&at.key("description"), &what, description);
        }
        if cx != Context::Argument && (node.required || node.default.is_some()) {
            self.error(at, "required and default apply to arguments only".into());
        }
        if let Some(c) = node.clamp {
            let accepted = node.minimum.unwrap_or(i64::MIN)..=node.maximum.unwrap_or(i64::MAX);
            if cx != Context::Type || node.kind != Some(Kind::Integer) {
                self.error(
                    &at.key("clamp"),
                    "clamp applies to named integer types only; declare the type under `types` and refer to it".into(),
                );
            } else if !((c.min..=c.max).contains(&c.default)
                && accepted.contains(&c.min)
                && accepted.contains(&c.max))
            {
                self.error(
                    &at.key("clamp"),
                    format!(
                        "clamp {}..{} with default {} must hold its default and lie within the accepted {}..{}",
                        c.min, c.max, c.default, accepted.start(), accepted.end()
                    ),
                );
            }
        }
        if node.masked_count && (cx != Context::Type || node.kind != Some(Kind::Integer)) {
            self.error(
                &at.key("maskedCount"),
                "maskedCount applies to named integer types only; declare the type under `types` and refer to it".into(),
            );
        }
        if cx == Context::Argument && node.nullable {
            self.error(
                &at.key("nullable"),
                "nullable applies to output fields only; an argument is optional unless required"
                    .into(),
            );
        }
        if node.required && node.default.is_some() {
            self.error(
                &at.key("default"),
                "a required argument cannot have a default; drop one of the two".into(),
            );
        }
        match (&node.kind, &node.reference) {
            (Some(_), Some(_)) => self.error(at, "give either type or ref, not both".into()),
            (None, None) => self.error(at, "give a type or a ref".into()),
            (None, Some(r)) => {
                if !self.m.types.contains_key(r) {
                    let known: Vec<&str> = self.m.types.keys().map(String::as_str).collect();
                    self.error(
                        &at.key("ref"),
                        format!("unknown type `{r}`; expected one of {}", known.join(", ")),
                    );
                }
                let constrained = node.values.is_some()
                    || node.pattern.is_some()
                    || node.min_length.is_some()
                    || node.max_length.is_some()
                    || node.minimum.is_some()
                    || node.maximum.is_some()
                    || node.items.is_some()
                    || node.min_items.is_some()
                    || node.max_items.is_some()
                    || node.fields.is_some();
                if constrained {
                    self.error(
                        at,
                        "a node with ref takes its shape from the type; add constraints there"
                            .into(),
                    );
                }
            }
            (Some(kind), None) => self.shape(*kind, node, at, cx),
        }
        for (key, value) in [("default", &node.default), ("example", &node.example)] {
            let Some(value) = value else { continue };
            if let Err(v) = rt::validate(&schema::argument_schema(self.m, node), &mut value.clone())
            {
                self.error(
                    &at.key(key),
                    format!("{key} {value} does not satisfy the node's own schema: {v}"),
                );
            }
        }
    }

    fn shape(&mut self, kind: Kind, node: &Node, at: &Path, cx: Context) {
        let allowed: &[&str] = match kind {
            Kind::String => &["enum", "pattern", "minLength", "maxLength"],
            Kind::Integer => &["minimum", "maximum"],
            Kind::Array => &["items", "minItems", "maxItems"],
            Kind::Object => &["fields"],
            _ => &[],
        };
        let present = [
            ("enum", node.values.is_some()),
            ("pattern", node.pattern.is_some()),
            ("minLength", node.min_length.is_some()),
            ("maxLength", node.max_length.is_some()),
            ("minimum", node.minimum.is_some()),
            ("maximum", node.maximum.is_some()),
            ("items", node.items.is_some()),
            ("minItems", node.min_items.is_some()),
            ("maxItems", node.max_items.is_some()),
            ("fields", node.fields.is_some()),
        ];
        for (key, is_set) in present {
            if is_set && !allowed.contains(&key) {
                self.error(
                    &at.key(key),
                    format!("{key} does not apply to type {}", spelled(&kind)),
                );
            }
        }
        let bounds = [
            (
                "minLength",
                node.min_length.map(|n| n as i128),
                node.max_length.map(|n| n as i128),
            ),
            (
                "minimum",
                node.minimum.map(i128::from),
                node.maximum.map(i128::from),
            ),
            (
                "minItems",
                node.min_items.map(|n| n as i128),
                node.max_items.map(|n| n as i128),
            ),
        ];
        for (key, lo, hi) in bounds {
            if let (Some(lo), Some(hi)) = (lo, hi)
                && lo > hi
            {
                self.error(
                    &at.key(key),
                    format!("{key} {lo} is above its maximum {hi}"),
                );
            }
        }
        if let Some(pattern) = &node.pattern
            && let Err(e) = Regex::new(pattern)
        {
            let first = e.to_string().lines().last().unwrap_or_default().to_owned();
            self.error(
                &at.key("pattern"),
                format!("pattern does not compile: {first}"),
            );
        }
        if let Some(values) = &node.values {
            let unique: HashSet<&String> = values.iter().collect();
            if values.is_empty() || unique.len() != values.len() {
                self.error(&at.key("enum"), "enum must list distinct values".into());
            }
        }
        match kind {
            Kind::Array if node.items.is_none() => self.error(at, "an array needs items".into()),
            Kind::Operation if cx != Context::Item(Parent::Argument) => self.error(
                at,
                "type operation is allowed only as the items of an argument array".into(),
            ),
            Kind::ErrorKind
                if !matches!(
                    cx,
                    Context::Output | Context::Type | Context::Item(Parent::Output)
                ) =>
            {
                self.error(at, "type error-kind is allowed only in outputs".into())
            }
            _ => {}
        }
        if let Some(items) = &node.items {
            self.node(items, &at.key("items"), Context::Item(cx.parent()));
        }
        if let Some(fields) = &node.fields {
            let field_cx = match cx.parent() {
                Parent::Argument => Context::Argument,
                Parent::Output | Parent::Type => Context::Output,
            };
            self.fields(fields, &at.key("fields"), field_cx);
        }
    }
}

/// Where a node sits, which decides the keys it may have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Context {
    Argument,
    Output,
    Type,
    Item(Parent),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Parent {
    Argument,
    Output,
    Type,
}

impl Context {
    fn parent(self) -> Parent {
        match self {
            Context::Argument => Parent::Argument,
            Context::Output => Parent::Output,
            Context::Type => Parent::Type,
            Context::Item(p) => p,
        }
    }
}
