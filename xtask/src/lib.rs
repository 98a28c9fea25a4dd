//! Developer tasks, as a library so that the tests can hold the committed files to what these
//! tasks would write. `cargo xtask` (see `main.rs`) is the command line.
//!
//! Nothing here is shipped: the server binary links none of it.

pub mod apt;
pub mod cache;
pub mod clock;
pub mod expansion;
pub mod matrix;
pub mod site;
pub mod test;

use std::path::{Path, PathBuf};

use tmux_mcp_manifest::{Catalog, ManifestError};

/// The repository's root directory.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// The shipped manifest, parsed and checked. It compiled into the server, so it is valid;
/// errors are still reported rather than assumed away.
pub fn catalog() -> Result<Catalog, Vec<ManifestError>> {
    Catalog::parse(include_str!("../../manifest/tools.yaml"))
}
