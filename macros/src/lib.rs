//! `tools!("path/to/tools.yaml")`: reads the manifest at compile time and expands to the tool
//! registry, argument and output types, the handler traits and `dispatch`.
//!
//! All the work is in `tmux-mcp-manifest`; this crate only finds the file, turns manifest
//! errors into `compile_error!` (each naming the YAML file, line and column) and hands over.

use std::path::{Path, PathBuf};

use proc_macro::TokenStream;
use syn::{LitStr, parse_macro_input};
use tmux_mcp_manifest::{Catalog, codegen};

/// Expands the manifest at the given path. A relative path is taken relative to the file that
/// invokes the macro (like `include_str!`), falling back to the crate's manifest directory.
#[proc_macro]
pub fn tools(input: TokenStream) -> TokenStream {
    let lit = parse_macro_input!(input as LitStr);
    let written = lit.value();
    let path = match resolve(&written) {
        Some(path) => path,
        None => {
            return fail(
                &lit,
                format!(
                    "{written}: no such manifest file (looked beside the invoking file and in CARGO_MANIFEST_DIR)"
                ),
            );
        }
    };
    let src = match std::fs::read_to_string(&path) {
        Ok(src) => src,
        Err(e) => return fail(&lit, format!("{written}: cannot read the manifest: {e}")),
    };
    match Catalog::parse(&src) {
        Ok(catalog) => codegen::generate(&catalog, &path.to_string_lossy()).into(),
        Err(errors) => {
            let mut combined: Option<syn::Error> = None;
            for e in errors {
                let next = syn::Error::new(lit.span(), e.render(&written));
                match &mut combined {
                    Some(all) => all.combine(next),
                    None => combined = Some(next),
                }
            }
            combined
                .map(|e| e.to_compile_error().into())
                .unwrap_or_default()
        }
    }
}

fn resolve(written: &str) -> Option<PathBuf> {
    let path = Path::new(written);
    if path.is_absolute() {
        return path.canonicalize().ok();
    }
    let beside_caller = proc_macro::Span::call_site()
        .local_file()
        .and_then(|file| file.parent().map(|dir| dir.join(path)));
    let in_crate = std::env::var_os("CARGO_MANIFEST_DIR").map(|dir| PathBuf::from(dir).join(path));
    [beside_caller, in_crate]
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
        .and_then(|p| p.canonicalize().ok())
}

fn fail(lit: &LitStr, message: String) -> TokenStream {
    syn::Error::new(lit.span(), message)
        .to_compile_error()
        .into()
}
