//! A problem in the manifest, located in the YAML.

use std::fmt;

/// One problem in the manifest, located in the YAML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestError {
    /// 1-based.
    pub line: usize,
    /// 1-based.
    pub column: usize,
    /// Where in the document, e.g. `tools[3].annotations`.
    pub path: String,
    pub message: String,
}

impl ManifestError {
    /// `file:line:column: path: message`, the form compilers use.
    pub fn render(&self, file: &str) -> String {
        if self.path.is_empty() {
            format!("{file}:{}:{}: {}", self.line, self.column, self.message)
        } else {
            format!(
                "{file}:{}:{}: {}: {}",
                self.line, self.column, self.path, self.message
            )
        }
    }
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render("tools.yaml"))
    }
}

impl std::error::Error for ManifestError {}
