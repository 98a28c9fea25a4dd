//! The trust settings, read once at startup: secret masking of returned pane text
//! (`LIBTMUX_MASK_SECRETS`, `LIBTMUX_MASK_PATTERNS`), the redacted audit log
//! (`LIBTMUX_AUDIT_LOG`) and the write scope (`LIBTMUX_WRITE_SCOPE`).

use std::path::PathBuf;

use tmux_mcp_runtime::mask::Masker;

use crate::environment::{self as env, Environment};

pub mod audit;
pub mod scope;

pub use scope::WriteScope;

/// What the handlers hold of the settings once the server runs.
pub struct Trust {
    pub masker: Masker,
    pub scope: WriteScope,
    pub audit: Option<audit::Audit>,
}

/// Most operator patterns; each is compiled into the masking automata.
const MAX_PATTERNS: usize = 64;

pub struct Settings {
    pub masker: Masker,
    /// Where the audit log goes; opened when the server starts.
    pub audit_log: Option<PathBuf>,
    pub scope: WriteScope,
}

/// What a server started with none of the variables set does (the docs describe it).
impl Default for Settings {
    fn default() -> Settings {
        Settings {
            // The built-in detectors compile: a unit test of the masker fails when one does not,
            // rather than the default falling back to masking nothing.
            masker: Masker::new(true, &[]).expect("the built-in detectors compile"),
            audit_log: None,
            scope: WriteScope::All,
        }
    }
}

impl Settings {
    pub fn from_env(vars: &Environment) -> Result<Settings, String> {
        let built_in = match vars.get(env::MASK_SECRETS)?.map(str::trim) {
            None | Some("" | "on") => true,
            Some("off") => false,
            Some(other) => {
                return Err(format!(
                    "{} is {other:?}; set it to on (the default) or off",
                    env::MASK_SECRETS
                ));
            }
        };
        let patterns: Vec<String> = vars
            .get(env::MASK_PATTERNS)?
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_owned)
            .collect();
        if patterns.len() > MAX_PATTERNS {
            return Err(format!(
                "{} holds {} patterns; it allows at most {MAX_PATTERNS}",
                env::MASK_PATTERNS,
                patterns.len()
            ));
        }
        let masker = Masker::new(built_in, &patterns).map_err(|e| {
            format!(
                "{}: {e}; one regular expression per line",
                env::MASK_PATTERNS
            )
        })?;
        let audit_log = match vars.get(env::AUDIT_LOG)? {
            None | Some("") => None,
            Some(path) if !path.starts_with('/') => {
                return Err(format!(
                    "{} is {path:?}; give an absolute path",
                    env::AUDIT_LOG
                ));
            }
            Some(path) => Some(PathBuf::from(path)),
        };
        let scope = match vars.get(env::WRITE_SCOPE)?.map(str::trim) {
            None | Some("" | "all") => WriteScope::All,
            Some("created") => WriteScope::Created,
            Some(other) => {
                return Err(format!(
                    "{} is {other:?}; set it to all (the default) or created",
                    env::WRITE_SCOPE
                ));
            }
        };
        Ok(Settings {
            masker,
            audit_log,
            scope,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(pairs: &[(&'static str, &str)]) -> Result<Settings, String> {
        Settings::from_env(&Environment::from_pairs(pairs))
    }

    #[test]
    fn defaults_mask_log_nothing_and_scope_all() {
        let s = settings(&[]).unwrap();
        assert!(s.masker.built_in() && s.audit_log.is_none() && s.scope == WriteScope::All);
        let s = settings(&[
            (env::MASK_SECRETS, "off"),
            (env::MASK_PATTERNS, "corp-[0-9]+\n\nx=(?P<secret>\\w+)\n"),
            (env::WRITE_SCOPE, "created"),
        ])
        .unwrap();
        assert!(!s.masker.built_in() && s.masker.patterns() == 2);
        assert_eq!(s.scope, WriteScope::Created);
    }

    #[test]
    fn bad_values_are_one_line_that_says_what_to_do() {
        for (pairs, says) in [
            (vec![(env::MASK_SECRETS, "yes")], "on (the default) or off"),
            (vec![(env::MASK_PATTERNS, "ok\n(unclosed")], "\"(unclosed\""),
            (vec![(env::AUDIT_LOG, "audit.log")], "absolute path"),
            (
                vec![(env::WRITE_SCOPE, "mine")],
                "all (the default) or created",
            ),
        ] {
            let e = settings(&pairs).err().unwrap();
            assert!(e.contains(says) && !e.contains('\n'), "{e}");
        }
    }
}
