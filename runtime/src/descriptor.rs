//! The static registry's entries: everything known about a tool or toolset at compile time.

/// Everything known about a tool at compile time. Schemas are JSON text constants.
#[derive(Debug)]
pub struct ToolDescriptor {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub toolset: &'static str,
    pub read_only_hint: bool,
    pub destructive_hint: bool,
    pub idempotent_hint: bool,
    pub open_world_hint: bool,
    pub process_reach: &'static str,
    pub tmux_effects: &'static [&'static str],
    pub output_classes: &'static [&'static str],
    pub may_expose_secrets: bool,
    pub may_return_untrusted_content: bool,
    /// `(argument, literalization)` pairs.
    pub input_literalization: &'static [(&'static str, &'static str)],
    pub nested_authority: &'static [&'static str],
    pub amplifies_future_input: bool,
    pub idempotent: bool,
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
