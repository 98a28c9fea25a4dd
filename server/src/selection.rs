//! Which tools a server offers: LIBTMUX_TOOLSETS, LIBTMUX_TOOLS and LIBTMUX_EXCLUDE_TOOLS,
//! parsed strictly before any tmux contact and resolved once the socket's provenance is known.
//!
//! Resolution: expand the toolsets, add the named tools, remove the excluded ones. Exclusions
//! win everywhere, also inside a batch's nested authority; a batch whose authority ends up
//! empty is not offered.

use std::collections::BTreeSet;

use crate::catalog::{TOOLSETS, ToolId};
use crate::environment::{self as env, Environment};
use tmux_mcp_runtime::ToolsetDescriptor;

/// The parsed selection variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// `None` when LIBTMUX_TOOLSETS is unset: the provenance decides.
    pub toolsets: Option<Vec<&'static str>>,
    pub include: Vec<ToolId>,
    pub exclude: Vec<ToolId>,
}

/// The frozen outcome of a selection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// Toolsets in effect, in manifest order.
    pub toolsets: Vec<&'static str>,
    /// Whether they are the provenance's defaults (LIBTMUX_TOOLSETS unset).
    pub defaulted: bool,
    pub include: Vec<ToolId>,
    pub exclude: Vec<ToolId>,
    /// Tools offered directly, sorted by name.
    pub offered: BTreeSet<ToolId>,
}

impl Selection {
    /// Reads and checks the variables; the error is one line saying what to change.
    pub fn from_env(vars: &Environment) -> Result<Selection, String> {
        for retired in env::RETIRED {
            if vars.is_set(retired) {
                return Err(format!(
                    "{retired} is no longer supported; remove it and choose toolsets with {} (e.g. {}=inspect,manage,execute)",
                    env::TOOLSETS,
                    env::TOOLSETS
                ));
            }
        }
        let toolsets = match vars.get(env::TOOLSETS)? {
            None => None,
            Some("") => Some(Vec::new()),
            Some(raw) => Some(
                names(env::TOOLSETS, raw)?
                    .into_iter()
                    .map(|name| toolset(name).map(|t| t.name))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        Ok(Selection {
            toolsets,
            include: tool_list(vars, env::TOOLS)?,
            exclude: tool_list(vars, env::EXCLUDE_TOOLS)?,
        })
    }

    /// Applies the selection. `fresh_daemon` is true only for a dedicated daemon this launch
    /// created with the minimal configuration; it turns on the toolsets declared for that case.
    pub fn resolve(&self, fresh_daemon: bool) -> Resolved {
        let toolsets: Vec<&'static str> = match &self.toolsets {
            Some(chosen) => TOOLSETS
                .iter()
                .map(|t| t.name)
                .filter(|n| chosen.contains(n))
                .collect(),
            None => TOOLSETS
                .iter()
                .filter(|t| fresh_daemon || !t.fresh_daemon_only)
                .map(|t| t.name)
                .collect(),
        };
        let mut offered: BTreeSet<ToolId> = ToolId::ALL
            .iter()
            .copied()
            .filter(|id| toolsets.contains(&id.descriptor().toolset) || self.include.contains(id))
            .collect();
        offered.retain(|id| !self.exclude.contains(id));
        let resolved = Resolved {
            toolsets,
            defaulted: self.toolsets.is_none(),
            include: self.include.clone(),
            exclude: self.exclude.clone(),
            offered: BTreeSet::new(),
        };
        let offered = offered
            .into_iter()
            .filter(|id| {
                id.descriptor().nested_authority.is_empty() || !resolved.nested(*id).is_empty()
            })
            .collect();
        Resolved {
            offered,
            ..resolved
        }
    }
}

impl Resolved {
    /// The tools `batch` may call: its declared authority minus the exclusions. Independent of
    /// whether those tools are offered directly.
    pub fn nested(&self, batch: ToolId) -> Vec<ToolId> {
        batch
            .descriptor()
            .nested_authority
            .iter()
            .filter_map(|name| ToolId::from_name(name))
            .filter(|id| !self.exclude.contains(id))
            .collect()
    }

    /// Why a known tool is not offered, and which variable would change that.
    pub fn why_not_offered(&self, id: ToolId) -> String {
        let name = id.name();
        if self.exclude.contains(&id) {
            return format!(
                "tool {name} is not offered: {} names it at startup; remove it there to offer it",
                env::EXCLUDE_TOOLS
            );
        }
        if !id.descriptor().nested_authority.is_empty() && self.nested(id).is_empty() {
            return format!(
                "tool {name} is not offered: every tool it may nest is excluded by {}",
                env::EXCLUDE_TOOLS
            );
        }
        format!(
            "tool {name} is not offered: this server's startup selection left it out; add it with {}={name} or include its toolset `{}` in {}, then restart the server",
            env::TOOLS,
            id.descriptor().toolset,
            env::TOOLSETS
        )
    }
}

/// Splits a non-empty list, trimming each element; an empty element is an error.
fn names<'a>(var: &str, raw: &'a str) -> Result<Vec<&'a str>, String> {
    raw.split(',')
        .map(str::trim)
        .map(|n| {
            if n.is_empty() {
                Err(format!("{var} contains an empty name in {raw:?}; remove the stray comma (an entirely empty value is allowed)"))
            } else {
                Ok(n)
            }
        })
        .collect()
}

fn toolset(name: &str) -> Result<&'static ToolsetDescriptor, String> {
    TOOLSETS.iter().find(|t| t.name == name).ok_or_else(|| {
        let known: Vec<&str> = TOOLSETS.iter().map(|t| t.name).collect();
        format!(
            "{} names unknown toolset {name:?}; expected {} (names are case-sensitive)",
            env::TOOLSETS,
            known.join(", ")
        )
    })
}

fn tool_list(vars: &Environment, var: &str) -> Result<Vec<ToolId>, String> {
    let raw = match vars.get(var)? {
        None | Some("") => return Ok(Vec::new()),
        Some(raw) => raw,
    };
    let mut out = Vec::new();
    for name in names(var, raw)? {
        let id = ToolId::from_name(name)
            .ok_or_else(|| format!("{var} names unknown tool {name:?}{}", suggestion(name)))?;
        if !out.contains(&id) {
            out.push(id);
        }
    }
    Ok(out)
}

/// "; did you mean X?" for a name that differs from a tool only in case or by a small typo.
fn suggestion(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let best = ToolId::ALL
        .iter()
        .map(|id| id.name())
        .min_by_key(|candidate| distance(&lower, candidate));
    match best {
        Some(c) if distance(&lower, c) <= 2 => {
            format!("; did you mean {c}? (names are case-sensitive)")
        }
        _ => "; `tmux-mcp tools` lists the tools this environment offers".to_owned(),
    }
}

fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(pairs: &[(&'static str, &str)]) -> Result<Selection, String> {
        Selection::from_env(&Environment::from_pairs(pairs))
    }

    fn offered(pairs: &[(&'static str, &str)], fresh: bool) -> Vec<&'static str> {
        sel(pairs)
            .unwrap()
            .resolve(fresh)
            .offered
            .iter()
            .map(|id| id.name())
            .collect()
    }

    #[test]
    fn unset_uses_provenance_defaults_and_empty_selects_nothing() {
        let teardown = crate::catalog::TOOLS
            .iter()
            .filter(|t| t.toolset == "teardown")
            .count();
        assert!(teardown > 0);
        assert_eq!(offered(&[], true).len(), crate::catalog::TOOLS.len());
        assert_eq!(
            offered(&[], false).len(),
            crate::catalog::TOOLS.len() - teardown
        );
        assert!(offered(&[(env::TOOLSETS, "")], true).is_empty());
    }

    #[test]
    fn whitespace_is_trimmed_and_order_does_not_matter() {
        assert_eq!(
            offered(&[(env::TOOLSETS, " execute , inspect ")], false),
            offered(&[(env::TOOLSETS, "inspect,execute")], false)
        );
    }

    #[test]
    fn exclusion_beats_addition() {
        let pairs = [
            (env::TOOLSETS, ""),
            (env::TOOLS, "kill_session,list_sessions"),
            (env::EXCLUDE_TOOLS, "kill_session"),
        ];
        assert_eq!(offered(&pairs, false), vec!["list_sessions"]);
    }

    #[test]
    fn empty_elements_unknown_names_and_retired_variables_fail() {
        for bad in [
            "inspect,",
            ",inspect",
            "inspect,,execute",
            " ",
            "Inspect",
            "inspect,bogus",
        ] {
            assert!(sel(&[(env::TOOLSETS, bad)]).is_err(), "{bad:?} should fail");
        }
        assert!(
            sel(&[(env::TOOLS, "List_sessions")])
                .unwrap_err()
                .contains("did you mean list_sessions")
        );
        assert!(sel(&[(env::EXCLUDE_TOOLS, "list_sessions,")]).is_err());
        assert!(
            sel(&[("LIBTMUX_SAFETY", "")])
                .unwrap_err()
                .contains(env::TOOLSETS)
        );
        assert!(sel(&[("TMUX_MCP_SAFETY", "readonly")]).is_err());
        assert_eq!(
            sel(&[(env::TOOLS, ""), (env::EXCLUDE_TOOLS, "")])
                .unwrap()
                .include,
            vec![]
        );
    }

    #[test]
    fn a_batch_with_no_nested_tool_left_is_not_offered() {
        let all_nested: Vec<&str> = ToolId::from_name("call_read_tools_batch")
            .unwrap()
            .descriptor()
            .nested_authority
            .to_vec();
        let exclude = all_nested.join(",");
        let pairs = [
            (env::TOOLSETS, ""),
            (env::TOOLS, "call_read_tools_batch"),
            (env::EXCLUDE_TOOLS, exclude.as_str()),
        ];
        assert!(offered(&pairs, false).is_empty());
    }
}
