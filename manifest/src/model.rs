//! The manifest as written in `tools.yaml`: plain serde types, unknown keys refused.
//!
//! The JSON Schema of this model is committed as `manifest/tools.schema.json` so that editors
//! complete and check the YAML; `tests/catalog.rs` fails when it is stale.

use std::borrow::Cow;
use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The whole manifest.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Manifest {
    /// The groups an operator selects with LIBTMUX_TOOLSETS.
    pub toolsets: Vec<Toolset>,
    /// The vocabulary of `kind` in tool errors.
    pub error_kinds: Vec<ErrorKind>,
    /// Named shapes that arguments and outputs refer to with `ref`.
    #[serde(default)]
    pub types: BTreeMap<String, Node>,
    /// Arguments every tool takes that choose where the call runs, not what it does: the
    /// server takes them out before the tool's handler sees the rest, and publishes them only
    /// while they have a choice to offer (`host`: while LIBTMUX_HOSTS names hosts).
    #[serde(default)]
    pub routing: Vec<Node>,
    /// Every tool the server can offer.
    pub tools: Vec<Tool>,
}

/// A toolset: a category of tools, not a level.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Toolset {
    /// snake_case name used in LIBTMUX_TOOLSETS.
    pub name: String,
    /// Display name.
    pub title: String,
    /// One line: what the tools in it do.
    pub description: String,
    /// When the toolset is on while LIBTMUX_TOOLSETS is unset.
    pub enabled: DefaultEnabled,
}

/// When a toolset is part of the default selection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DefaultEnabled {
    /// On by default on every socket.
    Always,
    /// On by default only for a dedicated daemon this launch created with the minimal configuration.
    FreshDaemon,
}

/// One failure class a tool can report.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ErrorKind {
    /// snake_case name, the `kind` on the wire.
    pub name: String,
    /// Whether the same call may succeed later.
    pub retryable: bool,
    /// What it means and what to do.
    pub description: String,
}

/// One tool.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Tool {
    /// snake_case tool name; an interoperability contract, never rename.
    pub name: String,
    /// Display name.
    pub title: String,
    /// Toolset it belongs to.
    pub toolset: String,
    /// For an agent choosing a tool: what it does, when to use it, what it does not do.
    pub description: String,
    /// MCP annotations; must agree with the capability record.
    pub annotations: Annotations,
    /// What the tool can reach, change and return.
    pub capability: Capability,
    /// Extra `_meta` entries.
    #[serde(default)]
    pub meta: Meta,
    /// Arguments, in the order documented.
    #[serde(default)]
    pub arguments: Vec<Node>,
    /// Fields of `structuredContent`, all always present.
    pub output: Vec<Node>,
}

/// MCP tool annotations, each stated explicitly.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Annotations {
    /// Changes nothing.
    pub read_only_hint: bool,
    /// May delete state or supply input to a running process.
    pub destructive_hint: bool,
    /// Repeating the call with the same arguments has no further effect.
    pub idempotent_hint: bool,
    /// Reaches processes or returns their output.
    pub open_world_hint: bool,
}

/// The capability record of a tool (published under `_meta`, except `idempotent`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Capability {
    /// Which processes the tool can reach.
    pub process_reach: Reach,
    /// What it does to tmux state.
    pub tmux_effects: Vec<Effect>,
    /// Classes of data it returns.
    pub output_classes: Vec<OutputClass>,
    /// Its output may contain secrets.
    pub may_expose_secrets: bool,
    /// Its output may contain text written by other programs.
    pub may_return_untrusted_content: bool,
    /// For each argument that reaches a tmux format string, how it is made literal.
    #[serde(default)]
    pub input_literalization: BTreeMap<String, Literalization>,
    /// Tools this tool may call on the client's behalf.
    #[serde(default)]
    pub nested_authority: Vec<String>,
    /// Changes how later input is delivered (only set_synchronize_panes).
    #[serde(default)]
    pub amplifies_future_input: bool,
    /// Repeating the call has no further effect.
    pub idempotent: bool,
}

/// Which processes a tool can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reach {
    None,
    ConfiguredProcess,
    PaneInput,
    PaneCommand,
}

/// What a tool does to tmux state.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, JsonSchema, Serialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    Observe,
    Change,
    Delete,
}

/// A class of returned data.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, JsonSchema, Serialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum OutputClass {
    TmuxMetadata,
    TerminalContent,
    ProcessEnvironment,
    ConfiguredCommand,
}

/// How an argument is kept from being expanded as a tmux format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Literalization {
    DoubleHashOnce,
    ValidatedVariableName,
}

/// Extra `_meta` of a tool.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Meta {
    /// `_meta["anthropic/alwaysLoad"]`: clients load the tool eagerly.
    #[serde(default)]
    pub always_load: bool,
}

/// A value's shape. As an argument or output field it has a `name`; as `items` or a named type
/// it has none. `ref` takes the shape (and description) of a named type.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Node {
    /// Field name (arguments and output fields only).
    pub name: Option<String>,
    /// What the value means; may be omitted when `ref` supplies one.
    pub description: Option<String>,
    /// The JSON type.
    #[serde(rename = "type")]
    pub kind: Option<Kind>,
    /// A named type from `types`, instead of `type`.
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    /// Allowed string values.
    #[serde(rename = "enum")]
    pub values: Option<Vec<String>>,
    /// Regex a string must match (keep to the subset JSON Schema and Rust agree on).
    pub pattern: Option<String>,
    /// Fewest characters in a string.
    pub min_length: Option<u64>,
    /// Most characters in a string.
    pub max_length: Option<u64>,
    /// Smallest integer.
    pub minimum: Option<i64>,
    /// Largest integer.
    pub maximum: Option<i64>,
    /// Shape of array items.
    pub items: Option<Box<Node>>,
    /// Fewest array items.
    pub min_items: Option<u64>,
    /// Most array items.
    pub max_items: Option<u64>,
    /// Object fields; an object without fields is free-form.
    pub fields: Option<Vec<Node>>,
    /// Arguments only: the caller must give it.
    #[serde(default)]
    pub required: bool,
    /// Arguments only: value used when the caller omits it.
    pub default: Option<Value>,
    /// Output fields only: may be null.
    #[serde(default)]
    pub nullable: bool,
    /// A typical value, shown in the docs' example calls; checked against the schema.
    pub example: Option<Value>,
    /// The value names a tmux object a tool acts on: the write scope checks it and the audit
    /// log records it.
    pub target: Option<TargetKind>,
    /// Named integer types only: the value a handler uses when the caller gives none, and the
    /// range it brings a given value into (`minimum`/`maximum` say what is accepted at all).
    /// The description states both; handlers read them from the generated constant.
    pub clamp: Option<Clamp>,
    /// Named integer types only: an output field of this type counts the secret-shaped spans
    /// the tool masked. The call pipeline reads it from the typed output, for the audit log.
    #[serde(default)]
    pub masked_count: bool,
}

/// What a handler makes of an integer argument: `default` when it is absent, else the value
/// brought into `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Clamp {
    pub default: i64,
    pub min: i64,
    pub max: i64,
}

/// The tmux object a target argument names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TargetKind {
    Session,
    Window,
    Pane,
}

/// JSON types a node can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    String,
    Integer,
    Boolean,
    Array,
    Object,
    /// Any JSON value.
    Any,
    /// A batch operation `{tool, arguments}`; its schema is built from the nested authority.
    Operation,
    /// One of the names in `errorKinds`.
    ErrorKind,
}

impl Manifest {
    /// The node a `ref` points at (following chains), or the node itself.
    pub fn resolve<'a>(&'a self, node: &'a Node) -> &'a Node {
        let mut node = node;
        // Bounded: validation rejects cycles, but rendering must not hang on a bad manifest.
        for _ in 0..=self.types.len() {
            match node
                .reference
                .as_ref()
                .and_then(|name| self.types.get(name))
            {
                Some(target) => node = target,
                None => break,
            }
        }
        node
    }

    /// A node's description: its own, else its named type's.
    /// What the value means, and for a clamped integer what the server makes of it.
    pub fn description<'a>(&'a self, node: &'a Node) -> Cow<'a, str> {
        let text = node
            .description
            .as_deref()
            .or_else(|| self.resolve(node).description.as_deref())
            .unwrap_or_default();
        match self.resolve(node).clamp {
            Some(c) => Cow::Owned(format!(
                "{} (default {}, {}..{}).",
                text.trim_end_matches('.'),
                c.default,
                c.min,
                c.max
            )),
            None => Cow::Borrowed(text),
        }
    }

    /// The node's JSON type after following `ref`.
    pub fn kind(&self, node: &Node) -> Option<Kind> {
        self.resolve(node).kind
    }
}

/// A record value as YAML and the wire spell it (`ConfiguredProcess` → `configured-process`):
/// what serde writes for it.
pub fn spelled<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        other => format!("{other:?}"),
    }
}

/// The body every failing tool returns: its fields, each with the kind the generated
/// `ToolError::body` fills it with. The one statement of it: the generated code, the error page
/// and the server's instructions are written from it, and a manifest's `tool_error` type must
/// declare exactly these.
pub const TOOL_ERROR_FIELDS: [(&str, Kind); 3] = [
    ("message", Kind::String),
    ("kind", Kind::ErrorKind),
    ("retryable", Kind::Boolean),
];
