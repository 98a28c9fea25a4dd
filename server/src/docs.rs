//! Writes and checks the generated reference site (`generated-docs/`), whose pages are rendered
//! from the manifest at compile time (`catalog::DOCS`).

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::catalog::DOCS;

/// Where the pages of `dir` differ from what the manifest renders.
#[derive(Debug, Default)]
pub struct Drift {
    /// Pages missing or with other content.
    pub stale: Vec<PathBuf>,
    /// Files under `src/` that the manifest does not render.
    pub extra: Vec<PathBuf>,
}

impl Drift {
    pub fn is_empty(&self) -> bool {
        self.stale.is_empty() && self.extra.is_empty()
    }
}

/// Compares `dir` with the rendered pages without changing anything.
pub fn check(dir: &Path) -> io::Result<Drift> {
    let mut drift = Drift::default();
    for (rel, text) in DOCS.iter() {
        let path = dir.join(rel);
        if fs::read_to_string(&path).ok().as_deref() != Some(*text) {
            drift.stale.push(path);
        }
    }
    let rendered: BTreeSet<PathBuf> = DOCS.iter().map(|(rel, _)| dir.join(rel)).collect();
    for file in files_under(&dir.join("src"))? {
        if !rendered.contains(&file) {
            drift.extra.push(file);
        }
    }
    Ok(drift)
}

/// Makes `dir` hold exactly the rendered pages (other files under `src/` are removed).
/// Returns the files it changed.
pub fn write(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let drift = check(dir)?;
    for path in &drift.extra {
        fs::remove_file(path)?;
    }
    for (rel, text) in DOCS.iter() {
        let path = dir.join(rel);
        if drift.stale.contains(&path) {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::write(&path, text)?;
        }
    }
    Ok(drift.stale.into_iter().chain(drift.extra).collect())
}

fn files_under(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else { return Ok(out) };
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            out.extend(files_under(&path)?);
        } else {
            out.push(path);
        }
    }
    Ok(out)
}
