//! The one way a tool runs, called directly or as a batch row: the write scope is checked,
//! the handler dispatched, and the call written to the audit log.

use std::sync::atomic::Ordering;
use std::time::Instant;

use serde_json::Value;

use super::{CallContext, Tools};
use crate::catalog::{self, ErrorKind, ToolError, ToolId};
use crate::trust::audit::{self, Entry, Row};

pub async fn call(
    t: &Tools,
    cx: &CallContext,
    id: ToolId,
    arguments: Value,
    row: Option<Row>,
) -> Result<Value, ToolError> {
    let started = Instant::now();
    let targets = id.descriptor().targets;
    // Shaped before the handler takes the arguments; only when someone reads the log.
    let logged = t.audit.as_ref().map(|_| {
        (
            audit::targets(targets, &arguments),
            audit::shape(targets, &arguments),
        )
    });
    let before = cx.masked.load(Ordering::Relaxed);
    let result = match t.scope.check(id, &arguments).await {
        Ok(()) => catalog::dispatch(t, cx, id, arguments).await,
        Err(e) => Err(e),
    };
    // A row's own count adds to its batch's; a batch reports the sum of its rows.
    let own = result
        .as_ref()
        .ok()
        .and_then(|v| v.get("masked"))
        .and_then(Value::as_u64);
    let masked = match own {
        Some(n) => {
            cx.masked.fetch_add(n, Ordering::Relaxed);
            n
        }
        None => cx.masked.load(Ordering::Relaxed) - before,
    };
    if let (Some(log), Some((targets, arguments))) = (&t.audit, logged) {
        log.record(Entry {
            request: cx.request_id(),
            tool: id.name(),
            row,
            targets,
            outcome: result.as_ref().map_or_else(|e| e.kind.as_str(), |_| "ok"),
            duration: started.elapsed(),
            masked,
            arguments,
        });
    }
    result
}

/// Logs a call refused before it reached a tool: a name that is no tool, or one not offered.
pub fn rejected(t: &Tools, request: Value, name: &str, arguments: &Value) {
    if let Some(log) = &t.audit {
        log.record(Entry {
            request,
            tool: name,
            row: None,
            targets: Vec::new(),
            outcome: ErrorKind::InvalidInput.as_str(),
            duration: std::time::Duration::ZERO,
            masked: 0,
            arguments: audit::shape(&[], arguments),
        });
    }
}
