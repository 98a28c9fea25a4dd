//! The one way a tool runs, called directly or as a batch row: a call naming a host goes to
//! that host's server; else the write scope is checked and the handler dispatched. Either way
//! the call is written to the audit log.

use std::sync::atomic::Ordering;
use std::time::Instant;

use serde_json::Value;

use super::context::{CallContext, Tools};
use crate::catalog::{self, ErrorKind, ToolError, ToolId};
use crate::trust::audit::{self, Entry, Row};

pub async fn call(
    t: &Tools,
    cx: &CallContext,
    id: ToolId,
    mut arguments: Value,
    row: Option<Row>,
) -> Result<Value, ToolError> {
    let started = Instant::now();
    let host = routed_host(&mut arguments);
    let targets = id.descriptor().targets;
    // Shaped before the handler takes the arguments; only when someone reads the log.
    let logged = t.audit.as_ref().map(|_| {
        (
            audit::targets(targets, &arguments),
            audit::shape(targets, &arguments),
        )
    });
    let before = cx.masked.load(Ordering::Relaxed);
    let result = match &host {
        Err(e) => Err(e.clone()),
        Ok(Some(host)) => remote(t, cx, host, id, arguments).await,
        Ok(None) => match t.scope.check(id, &arguments).await {
            Ok(()) => catalog::dispatch(t, cx, id, arguments).await,
            Err(e) => Err(e),
        },
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
            host: host.as_ref().ok().and_then(Option::as_deref),
            targets,
            outcome: result.as_ref().map_or_else(|e| e.kind.as_str(), |_| "ok"),
            duration: started.elapsed(),
            masked,
            arguments,
        });
    }
    result
}

/// The routing argument `host`, taken out of the arguments: the tool's own schema does not
/// hold it. (The generator declares it in `catalog::ROUTING`; the surface publishes it.)
fn routed_host(arguments: &mut Value) -> Result<Option<String>, ToolError> {
    let Some(object) = arguments.as_object_mut() else {
        return Ok(None);
    };
    let [(name, _)] = catalog::ROUTING;
    match object.remove(name) {
        None => Ok(None),
        Some(Value::String(host)) => Ok(Some(host)),
        Some(_) => Err(ToolError::new(
            ErrorKind::InvalidInput,
            format!(
                "{name} must be a string naming one of {} (list_hosts shows them)",
                crate::environment::HOSTS
            ),
        )),
    }
}

/// The call, made by `host`'s server; its progress is reported here as it comes.
async fn remote(
    t: &Tools,
    cx: &CallContext,
    host: &str,
    id: ToolId,
    arguments: Value,
) -> Result<Value, ToolError> {
    let Value::Object(arguments) = arguments else {
        return Err(ToolError::new(
            ErrorKind::InvalidInput,
            "arguments must be an object",
        ));
    };
    let (progress, mut reported) = tokio::sync::mpsc::unbounded_channel();
    let call = t
        .hosts
        .call(host, id.name(), arguments, &cx.cancel, progress);
    tokio::pin!(call);
    loop {
        tokio::select! {
            result = &mut call => return result,
            Some(p) = reported.recv() => {
                let done = p["progress"].as_f64().unwrap_or_default();
                let total = p["total"].as_f64().unwrap_or(done);
                let message = p["message"].as_str().unwrap_or_default().to_owned();
                cx.progress(done, total, message).await;
            }
        }
    }
}

/// Logs a call refused before it reached a tool: a name that is no tool, or one not offered.
pub fn rejected(t: &Tools, request: Value, name: &str, arguments: &Value) {
    if let Some(log) = &t.audit {
        log.record(Entry {
            request,
            tool: name,
            row: None,
            host: None,
            targets: Vec::new(),
            outcome: ErrorKind::InvalidInput.as_str(),
            duration: std::time::Duration::ZERO,
            masked: 0,
            arguments: audit::shape(&[], arguments),
        });
    }
}
