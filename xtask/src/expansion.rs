//! The expansion of `tools!`, committed as `server/src/catalog.expanded.rs` so that a change to
//! the manifest or the generator shows as a diff a reviewer can read (rust-analyzer commits its
//! generated syntax nodes the same way). The file is never compiled: the macro stays the source
//! of truth, and a test fails when the file is stale.

use std::path::PathBuf;

use tmux_mcp_manifest::codegen;

/// Where the expansion is committed, beside the `tools!` call it expands. The name is not a
/// module name, so no `mod` can compile it by mistake.
pub fn path() -> PathBuf {
    crate::repo_root().join("server/src/catalog.expanded.rs")
}

/// The path the macro call in `server/src/catalog.rs` gives (`server/tools.yaml` links to the
/// manifest); the expansion names it in `include_bytes!`, which is how cargo knows to rebuild
/// when the YAML changes.
const WRITTEN: &str = "../tools.yaml";

/// The formatted expansion, headed as generated.
pub fn render() -> Result<String, String> {
    let catalog = crate::catalog().map_err(|errors| {
        errors
            .iter()
            .map(|e| e.render("manifest/tools.yaml"))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let tokens = codegen::generate(&catalog, WRITTEN);
    let file: syn::File =
        syn::parse2(tokens).map_err(|e| format!("the expansion does not parse: {e}"))?;
    Ok(format!(
        "//! Generated from manifest/tools.yaml by tmux_mcp_macros::tools!; do not edit.\n\
         //! For reading and review only: this file is not compiled. `cargo xtask codegen` (or any\n\
         //! test run outside CI) rewrites it, and a test fails while it is stale.\n\n{}",
        prettyplease::unparse(&file)
    ))
}
