//! The tool manifest of tmux-mcp.
//!
//! `manifest/tools.yaml` declares every tool. This crate parses it ([`model`]), checks it
//! ([`Catalog::parse`] runs every rule and reports each failure with its YAML line and column),
//! renders its JSON Schemas ([`schema`]), the Rust code the `tools!` macro expands to
//! ([`codegen`]) and the reference pages ([`docs`]). What the generated code uses at run time,
//! the descriptor types and the argument validator, is in `tmux-mcp-runtime` (`rt` there).

pub mod codegen;
pub mod docs;
mod error;
mod locate;
pub mod model;
pub mod schema;
mod validate;

pub use error::ManifestError;
pub use locate::{Path, Seg};
pub use model::TOOL_ERROR_FIELDS;
use model::{Manifest, Tool};

/// A manifest that parsed and passed every check.
#[derive(Debug)]
pub struct Catalog {
    pub manifest: Manifest,
}

/// The key under which a failing tool's result carries its body, in the result's `_meta`: the
/// text is the message in words, and no client checks `_meta` against a schema.
pub const TOOL_ERROR_META: &str = "tmux-mcp/error";

/// The body a failing tool returns, as text: `{message, kind, retryable}`.
pub fn tool_error_shape() -> String {
    let names: Vec<&str> = TOOL_ERROR_FIELDS.iter().map(|(n, _)| *n).collect();
    format!("{{{}}}", names.join(", "))
}

impl Catalog {
    /// Parses and checks manifest text. Every problem found is returned, in document order.
    pub fn parse(src: &str) -> Result<Catalog, Vec<ManifestError>> {
        let manifest: Manifest = serde_yaml::from_str(src).map_err(|e| vec![syntax_error(&e)])?;
        let mut errors = validate::check(&manifest, src);
        if errors.is_empty() {
            Ok(Catalog { manifest })
        } else {
            errors.sort_by_key(|e| (e.line, e.column));
            Err(errors)
        }
    }

    /// Tools sorted by name: the order of the registry, `tools/list` and the docs.
    pub fn tools(&self) -> Vec<&Tool> {
        let mut tools: Vec<&Tool> = self.manifest.tools.iter().collect();
        tools.sort_by(|a, b| a.name.cmp(&b.name));
        tools
    }

    /// The tool named `name`.
    pub fn tool(&self, name: &str) -> Option<&Tool> {
        self.manifest.tools.iter().find(|t| t.name == name)
    }

    /// Tools another tool's nested authority names, in the order the manifest lists them.
    pub fn nestable(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .manifest
            .tools
            .iter()
            .flat_map(|t| t.capability.nested_authority.iter().map(String::as_str))
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }
}

/// The JSON Schema of the manifest format, committed as `manifest/tools.schema.json` and named
/// at the top of tools.yaml so that editors complete and check it.
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(Manifest);
    serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"
}

fn syntax_error(e: &serde_yaml::Error) -> ManifestError {
    let (line, column) = e.location().map_or((1, 1), |l| (l.line(), l.column()));
    // The location is reported separately; drop its repetition from the text.
    let message = e
        .to_string()
        .replace(&format!(" at line {line} column {column}"), "");
    ManifestError {
        line,
        column,
        path: String::new(),
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_manifest_is_valid() {
        if let Err(errors) = Catalog::parse(include_str!("../tools.yaml")) {
            let text: Vec<String> = errors
                .iter()
                .map(|e| e.render("manifest/tools.yaml"))
                .collect();
            panic!("{}", text.join("\n"));
        }
    }

    #[test]
    fn a_tool_error_type_declares_the_body_the_generated_code_returns() {
        let shipped = include_str!("../tools.yaml");
        let renamed = shipped.replacen(
            "      - name: retryable\n        type: boolean",
            "      - name: retry\n        type: boolean",
            1,
        );
        assert_ne!(
            renamed, shipped,
            "the shipped tool_error type changed shape"
        );
        let errors = Catalog::parse(&renamed).err().unwrap_or_default();
        assert!(
            errors.iter().any(|e| e.render("tools.yaml").contains(
                "type `tool_error` must be an object with the fields message (string), kind (error-kind), retryable (boolean)"
            )),
            "{errors:?}"
        );
        assert_eq!(tool_error_shape(), "{message, kind, retryable}");
    }

    #[test]
    fn a_clamp_holds_its_default_within_what_is_accepted_on_a_named_integer() {
        let shipped = include_str!("../tools.yaml");
        let clamp = "clamp: {default: 30, min: 1, max: 600}";
        assert!(shipped.contains(clamp), "the shipped seconds type changed");
        for (bad, why) in [
            (
                "clamp: {default: 900, min: 1, max: 600}",
                "must hold its default",
            ),
            (
                "clamp: {default: 30, min: 1, max: 200000}",
                "lie within the accepted 0..100000",
            ),
        ] {
            let errors = Catalog::parse(&shipped.replacen(clamp, bad, 1))
                .err()
                .unwrap_or_default();
            assert!(
                errors.iter().any(|e| e.render("tools.yaml").contains(why)),
                "{bad}: {errors:?}"
            );
        }
        let described = Catalog::parse(shipped).map(|c| {
            let seconds = &c.manifest.types["seconds"];
            c.manifest.description(seconds).into_owned()
        });
        assert_eq!(
            described.ok().as_deref(),
            Some("Deadline in seconds (default 30, 1..600).")
        );
    }
}
