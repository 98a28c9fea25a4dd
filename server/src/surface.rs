//! The frozen interface of one server process: the offered tools as `tools/list` returns them,
//! the batch schemas narrowed to their effective authority, and the `tmux://capabilities`
//! report. Built once at startup; requests only read it.

use std::collections::BTreeSet;
use std::sync::Arc;

use rmcp::model::{JsonObject, ListToolsResult, MetaObject, Tool, ToolAnnotations};
use serde_json::{Value, json};
use tmux_mcp_runtime::Record;

use crate::catalog::{TOOLSETS, ToolId};
use crate::selection::Resolved;
use crate::trust::audit::ROTATE_BYTES;
use crate::trust::{Settings, WriteScope, scope};
use tmux::daemon::Provenance;
use tmux::socket::Socket;
use tmux::version::Found;

/// `_meta` key of the capability record; the family's key, kept for compatibility.
pub const CAPABILITY_KEY: &str = "com.git-pull.libtmux-mcp/capability";
/// `_meta` key asking clients to load a tool eagerly.
pub const ALWAYS_LOAD_KEY: &str = "anthropic/alwaysLoad";
pub const CAPABILITIES_URI: &str = "tmux://capabilities";

/// The `tmux` part of the capabilities report (and of `tmux-mcp check`): the version found,
/// and each way in which this server acts differently on it, with the versions and source that
/// decide it.
pub fn tmux_report(found: &Found) -> Value {
    let features: Vec<Value> = found
        .features()
        .in_use()
        .into_iter()
        .map(|(feature, holds)| json!({"name": feature.name(), "holds": holds}))
        .collect();
    json!({
        "version": found.version.as_ref().map(tmux::Version::text),
        "readFrom": found.read_from,
        "minimum": tmux::version::FLOOR.to_string(),
        "features": features,
    })
}

pub struct Surface {
    pub resolved: Resolved,
    tools: ListToolsResult,
    /// Per tool (by `ToolId` index): the tools it may nest after exclusions.
    nested: Vec<Vec<ToolId>>,
    capabilities: String,
}

/// What a surface is frozen from besides the selection: where it serves and with what.
pub struct Frozen<'a> {
    pub socket: &'a Socket,
    pub provenance: Provenance,
    pub environment_values: &'a [String],
    pub trust: &'a Settings,
    pub transport: Value,
    pub tmux: &'a Found,
    /// The names `host` takes (`LIBTMUX_HOSTS`).
    pub hosts: &'a [String],
}

impl Surface {
    pub fn new(resolved: Resolved, frozen: &Frozen<'_>) -> Surface {
        let nested: Vec<Vec<ToolId>> = ToolId::ALL.iter().map(|id| resolved.nested(*id)).collect();
        let tools = resolved
            .offered
            .iter()
            .map(|id| {
                let mut tool = tool(*id, &nested[id.index()], &resolved.offered, frozen.trust);
                if !frozen.hosts.is_empty() {
                    let rows = id.descriptor().operation_pointer;
                    routed(Arc::make_mut(&mut tool.input_schema), rows, frozen.hosts);
                }
                tool
            })
            .collect();
        let capabilities = report(&resolved, frozen);
        Surface {
            resolved,
            tools: ListToolsResult::with_all_items(tools),
            nested,
            capabilities,
        }
    }

    pub fn is_offered(&self, id: ToolId) -> bool {
        self.resolved.offered.contains(&id)
    }

    /// The tools a batch may call (its declared authority minus exclusions).
    pub fn nested(&self, batch: ToolId) -> &[ToolId] {
        &self.nested[batch.index()]
    }

    pub fn tools(&self) -> &ListToolsResult {
        &self.tools
    }

    pub fn offered_count(&self) -> usize {
        self.resolved.offered.len()
    }

    /// The `tmux://capabilities` document.
    pub fn capabilities(&self) -> &str {
        &self.capabilities
    }
}

/// A tool as `tools/list` gives it; `direct` are the tools offered beside it (see
/// [`input_schema`]).
pub fn tool(id: ToolId, nested: &[ToolId], direct: &BTreeSet<ToolId>, trust: &Settings) -> Tool {
    let d = id.descriptor();
    // Hints equal to MCP's defaults (readOnly false, destructive true, idempotent false,
    // openWorld true) are left out, as are destructive and idempotent on a read-only tool
    // (MCP gives them meaning only when readOnly is false): they say nothing, and 45 tools
    // would repeat them. The capabilities report states all four.
    let hints = d.annotations;
    let mut annotations = ToolAnnotations::new();
    if hints.read_only_hint {
        annotations = annotations.read_only(true);
    } else {
        if !hints.destructive_hint {
            annotations = annotations.destructive(false);
        }
        if hints.idempotent_hint {
            annotations = annotations.idempotent(true);
        }
    }
    if !hints.open_world_hint {
        annotations = annotations.open_world(false);
    }
    let mut meta = MetaObject::new();
    meta.insert(CAPABILITY_KEY.into(), json!(record(id, nested, trust)));
    if d.always_load {
        meta.insert(ALWAYS_LOAD_KEY.into(), json!(true));
    }
    Tool::new(
        d.name,
        d.description,
        Arc::new(input_schema(id, nested, direct)),
    )
    .with_title(d.title)
    .with_annotations(annotations)
    .with_raw_output_schema(Arc::new(object(d.output_schema)))
    .with_meta(meta)
}

/// The published input schema; a batch's `oneOf` lists only its effective nested tools. Those
/// of them in `direct` (offered directly too) share one alternative that names them and
/// leaves their arguments to their own schemas: a model reads every schema it is offered in
/// every request, and the batch repeating a dozen of them was a fifth of the bytes.
pub fn input_schema(id: ToolId, nested: &[ToolId], direct: &BTreeSet<ToolId>) -> JsonObject {
    let d = id.descriptor();
    let mut schema = Value::Object(object(d.input_schema));
    if let Some(pointer) = d.operation_pointer {
        let (named, inlined): (Vec<ToolId>, Vec<ToolId>) =
            nested.iter().partition(|n| direct.contains(n));
        let mut alternatives: Vec<Value> = inlined
            .iter()
            .filter_map(|n| n.descriptor().batch_alternative)
            .map(|a| serde_json::from_str(a).expect("read back when the tools! macro expanded"))
            .collect();
        if !named.is_empty() {
            let mut rows: Value = serde_json::from_str(crate::catalog::NAMED_BATCH_ROWS)
                .expect("read back when the tools! macro expanded");
            rows["properties"]["tool"]["enum"] = named.iter().map(|n| json!(n.name())).collect();
            alternatives.push(rows);
        }
        if let Some(holder) = schema.pointer_mut(pointer) {
            holder["oneOf"] = Value::Array(alternatives);
        }
    }
    let Value::Object(map) = schema else {
        unreachable!("an object went in")
    };
    map
}

/// `schema` with the manifest's routing argument `host`, its values the configured hosts,
/// beside the tool's own arguments and a batch row's.
fn routed(schema: &mut JsonObject, rows: Option<&str>, hosts: &[String]) {
    let [(name, declared)] = crate::catalog::ROUTING;
    let mut host: Value =
        serde_json::from_str(declared).expect("read back when the tools! macro expanded");
    host["enum"] = json!(hosts);
    let add = |object: &mut Value| {
        if let Some(properties) = object.get_mut("properties").and_then(Value::as_object_mut) {
            properties.insert(name.to_owned(), host.clone());
        }
    };
    let mut whole = Value::Object(std::mem::take(schema));
    add(&mut whole);
    let rows = rows
        .and_then(|pointer| whole.pointer_mut(&format!("{pointer}/oneOf")))
        .and_then(Value::as_array_mut);
    for row in rows.into_iter().flatten() {
        if let Some(arguments) = row.pointer_mut("/properties/arguments") {
            add(arguments);
        }
    }
    if let Value::Object(map) = whole {
        *schema = map;
    }
}

/// The capability record (`_meta` and the capabilities report). A batch's effects, output
/// classes and secret flags are the union over its effective nested tools; the trust settings
/// add whether returned pane text is masked and whether changes are limited.
pub fn record(id: ToolId, nested: &[ToolId], trust: &Settings) -> Record {
    let declared = id.descriptor().record();
    let record = if declared.nested_authority.is_empty() {
        declared
    } else {
        let rows: Vec<(&str, Record)> = nested
            .iter()
            .map(|n| (n.name(), n.descriptor().record()))
            .collect();
        declared.narrowed(rows.iter().map(|(name, r)| (*name, r)))
    };
    let limited = (trust.scope == WriteScope::Created).then_some(trust.scope.as_str());
    record.under(trust.masker.is_active(), limited)
}

/// A schema the descriptor carries; the `tools!` macro checked, when it expanded, that each
/// reads back as an object.
fn object(text: &str) -> JsonObject {
    serde_json::from_str(text).expect("read back when the tools! macro expanded")
}

fn report(resolved: &Resolved, frozen: &Frozen<'_>) -> String {
    let Frozen {
        socket,
        provenance,
        environment_values,
        trust,
        transport,
        tmux,
        hosts,
    } = frozen;
    let names = |ids: &[ToolId]| ids.iter().map(|i| i.name()).collect::<Vec<_>>();
    let offered: Vec<ToolId> = resolved.offered.iter().copied().collect();
    let rows: Vec<Value> = offered
        .iter()
        .map(|id| {
            let d = id.descriptor();
            json!({
                "name": d.name,
                "title": d.title,
                "annotations": d.annotations,
                "capability": record(*id, &resolved.nested(*id), trust),
            })
        })
        .collect();
    let doc = json!({
        "schemaVersion": 1,
        "server": {"name": crate::NAME, "version": env!("CARGO_PKG_VERSION")},
        "frozen": true,
        "transport": transport.clone(),
        "tmux": tmux_report(tmux),
        "socket": {
            "selector": socket.selector_text(),
            "source": socket.source_text(),
            "path": socket.path.to_string_lossy(),
            "directoryProvenance": socket.directory_text(),
            "selectionProvenance": provenance.selection_text(),
            "serverState": provenance.server_text(),
            "configurationProvenance": provenance.configuration_text(),
            "attachCommand": socket.attach_command(),
        },
        "selection": {
            "toolsets": resolved.toolsets,
            "toolsetsDefaulted": resolved.defaulted,
            "availableToolsets": TOOLSETS.iter().map(|t| t.name).collect::<Vec<_>>(),
            "includedTools": names(&resolved.include),
            "excludedTools": names(&resolved.exclude),
            "environmentValuesAllowed": environment_values,
        },
        "secretMasking": {
            "builtInDetectors": trust.masker.detectors_built_in(),
            "operatorPatterns": trust.masker.patterns(),
            "marker": "[masked:<detector>]",
            "appliesTo": "every text a tool returns from a pane; searches and waits match the masked text",
        },
        "auditLog": {
            "path": trust.audit_log.as_ref().map(|p| p.to_string_lossy()),
            "rotateBytes": ROTATE_BYTES,
            "rotatedTo": trust.audit_log.as_ref().map(|p| format!("{}.1", p.to_string_lossy())),
        },
        "writeScope": {
            "scope": trust.scope.as_str(),
            "createdOption": scope::CREATED,
            "grantOption": scope::GRANT,
        },
        "hosts": hosts,
        "effectiveTools": names(&offered),
        "tools": rows,
        "boundary": "Tool selection shapes the interface; it is not an operating-system sandbox. Execute tools act with the tmux user's authority over files, processes and network. One socket per server process; no tool takes a socket argument.",
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}
