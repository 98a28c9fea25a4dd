//! What a client is told a tool can do: MCP's annotations and the family's capability record,
//! as serde writes them. The generator fills these from the manifest and stores their JSON in
//! the registry; the server reads them back, narrows a batch's record to the tools it may
//! really call, and publishes them. No key is spelled anywhere else.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// MCP's four tool hints, each stated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Annotations {
    pub read_only_hint: bool,
    pub destructive_hint: bool,
    pub idempotent_hint: bool,
    pub open_world_hint: bool,
}

/// A tool's capability record as published (`_meta` and the capabilities report).
/// Vocabularies are sets: sorted, without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Record {
    pub toolset: String,
    pub process_reach: String,
    pub tmux_effects: BTreeSet<String>,
    pub output_classes: BTreeSet<String>,
    pub may_expose_secrets: bool,
    pub may_return_untrusted_content: bool,
    /// For each argument that reaches a tmux format string, how it is made literal.
    pub input_literalization: BTreeMap<String, String>,
    pub nested_authority: Vec<String>,
    pub amplifies_future_input: bool,
    /// Not from the manifest: set by the server's startup settings. Present (true) when the
    /// pane text this tool returns is masked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_masking: Option<bool>,
    /// Not from the manifest: present (`created`) when this tool may change only what the
    /// server created or a person granted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write_scope: Option<String>,
}

impl Record {
    /// The record of a tool that calls others on the client's behalf, given the tools it may
    /// call after exclusions (name and record): it can do what they do, and nothing else.
    pub fn narrowed<'a>(&self, nested: impl IntoIterator<Item = (&'a str, &'a Record)>) -> Record {
        let mut out = Record {
            tmux_effects: BTreeSet::new(),
            output_classes: BTreeSet::new(),
            may_expose_secrets: false,
            may_return_untrusted_content: false,
            nested_authority: Vec::new(),
            ..self.clone()
        };
        for (name, record) in nested {
            out.tmux_effects.extend(record.tmux_effects.iter().cloned());
            out.output_classes
                .extend(record.output_classes.iter().cloned());
            out.may_expose_secrets |= record.may_expose_secrets;
            out.may_return_untrusted_content |= record.may_return_untrusted_content;
            out.nested_authority.push(name.to_owned());
        }
        out
    }
}

impl Record {
    /// Whether the tool returns text read from panes.
    pub fn returns_pane_text(&self) -> bool {
        self.output_classes.contains("terminal-content")
    }

    /// Whether the tool changes tmux or supplies input.
    pub fn changes(&self) -> bool {
        self.tmux_effects.iter().any(|e| e != "observe")
    }

    /// The record as this server runs the tool: `masking` says whether pane text is masked,
    /// `scope` whether changes are limited (`Some("created")`).
    pub fn under(mut self, masking: bool, scope: Option<&str>) -> Record {
        self.secret_masking = (masking && self.returns_pane_text()).then_some(true);
        self.write_scope = scope.filter(|_| self.changes()).map(str::to_owned);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(effects: &[&str], secrets: bool) -> Record {
        Record {
            toolset: "inspect".into(),
            process_reach: "none".into(),
            tmux_effects: effects.iter().map(|e| (*e).to_owned()).collect(),
            output_classes: BTreeSet::from(["tmux-metadata".to_owned()]),
            may_expose_secrets: secrets,
            may_return_untrusted_content: false,
            input_literalization: BTreeMap::new(),
            nested_authority: vec!["a".into(), "b".into()],
            amplifies_future_input: false,
            secret_masking: None,
            write_scope: None,
        }
    }

    #[test]
    fn a_narrowed_record_is_the_union_over_what_remains() {
        let batch = record(&["observe", "change"], true);
        let (a, b) = (record(&["observe"], false), record(&["observe"], true));
        let none = batch.narrowed([]);
        assert!(none.tmux_effects.is_empty() && !none.may_expose_secrets);
        assert!(none.nested_authority.is_empty());
        let only_a = batch.narrowed([("a", &a)]);
        assert_eq!(only_a.tmux_effects, BTreeSet::from(["observe".to_owned()]));
        assert!(!only_a.may_expose_secrets);
        let both = batch.narrowed([("a", &a), ("b", &b)]);
        assert!(both.may_expose_secrets);
        assert_eq!(both.nested_authority, ["a", "b"]);
        let json = serde_json::to_value(&both).unwrap();
        assert_eq!(json["tmuxEffects"], serde_json::json!(["observe"]));
    }
}
