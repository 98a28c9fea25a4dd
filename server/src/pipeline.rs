//! The call pipeline: the one way a tool runs, a direct call or a batch row. In order: the
//! tool must be offered (a row: be within its batch's authority); a call naming a host then
//! goes whole to that host's server; else its arguments are validated once
//! (`catalog::validate`), the write scope is applied to them, and the handler runs
//! (`catalog::dispatch`). Either way the call is audited, with the count of spans its output
//! says it masked. The handlers sit below and never import it: a batch reaches it through
//! [`Rows`].

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::time::Instant;

use serde_json::Value;

use crate::catalog::{self, ErrorKind, ToolError, ToolId};
use crate::handlers::{CallContext, Request, Rows, Tools};
use crate::trust::audit::{self, Entry, Row};

/// The pipeline, as the handlers see it.
struct Pipeline;

/// A direct call refused before any tool ran, with what the JSON-RPC error says.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotOffered(pub String);

/// A direct call: `name` is looked up and must be offered; then the call runs (`run`).
pub async fn call_tool(
    t: &Tools,
    request: Request,
    name: &str,
    arguments: Value,
) -> Result<Result<Value, ToolError>, NotOffered> {
    let Some(id) = ToolId::from_name(name).filter(|id| t.surface.is_offered(*id)) else {
        rejected(t, request.id, &shown(name), &arguments);
        return Err(NotOffered(match ToolId::from_name(name) {
            None => format!("no tool {}", shown(name)),
            Some(id) => t.surface.resolved.why_not_offered(id),
        }));
    };
    let cx = CallContext::new(request, &Pipeline);
    Ok(run(t, &cx, id, arguments, None).await)
}

/// A name as an error shows it: cut, so a client cannot make the reply as long as it likes.
pub fn shown(name: &str) -> String {
    const MAX: usize = 64;
    if name.chars().count() > MAX {
        format!("{}…", name.chars().take(MAX).collect::<String>())
    } else {
        name.to_owned()
    }
}

impl Rows for Pipeline {
    fn row<'a>(
        &'a self,
        t: &'a Tools,
        cx: &'a CallContext,
        allowed: &'a [ToolId],
        index: usize,
        tool: &'a str,
        arguments: Value,
    ) -> Pin<Box<dyn Future<Output = Result<Result<Value, ToolError>, ToolError>> + Send + 'a>>
    {
        Box::pin(async move {
            let Some(id) = ToolId::from_name(tool).filter(|id| allowed.contains(id)) else {
                return Err(ToolError::new(
                    ErrorKind::InvalidInput,
                    refusal(tool, index),
                ));
            };
            let from = Row {
                batch: ToolId::CallReadToolsBatch.name(),
                index,
            };
            Ok(run(t, cx, id, arguments, Some(from)).await.map_err(|e| {
                ToolError::new(
                    e.kind,
                    format!("operations[{index}] ({tool}): {}", e.message),
                )
            }))
        })
    }
}

/// Why a batch row was not run: no such tool, or not one this batch may call.
fn refusal(tool: &str, index: usize) -> String {
    match ToolId::from_name(tool) {
        None => format!("operations[{index}]: no tool {tool}"),
        Some(id) if !id.descriptor().annotations.read_only_hint => {
            format!(
                "operations[{index}]: {tool} changes tmux, and a batch may only call read tools"
            )
        }
        Some(_) => format!(
            "operations[{index}]: {tool} is not among the tools this batch may call on this server (left out at startup or excluded by LIBTMUX_EXCLUDE_TOOLS)"
        ),
    }
}

/// Runs an offered tool: on its host, or here (validated once, the write scope applied, the
/// handler dispatched); then audits it.
async fn run(
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
    let (result, own) = match &host {
        Err(e) => (Err(e.clone()), None),
        Ok(Some(host)) => {
            let result = remote(t, cx, host, id, arguments).await;
            // The host's server ran the handler: its output is JSON here.
            let own = result
                .as_ref()
                .ok()
                .and_then(|v| catalog::masked_count(id, v));
            (result, own)
        }
        Ok(None) => match here(t, cx, id, arguments).await {
            Ok(done) => (Ok(done.output), done.masked),
            Err(e) => (Err(e), None),
        },
    };
    // A row's own count adds to its batch's; a batch reports the sum of its rows.
    let masked = match own.and_then(|n| u64::try_from(n).ok()) {
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

/// A call run on this server: validated once, the write scope applied, the handler run.
async fn here(
    t: &Tools,
    cx: &CallContext,
    id: ToolId,
    arguments: Value,
) -> Result<catalog::Dispatched, ToolError> {
    let call = catalog::validate(id, arguments)?;
    t.scope.check(&call).await?;
    catalog::dispatch(t, cx, call).await
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
fn rejected(t: &Tools, request: Value, name: &str, arguments: &Value) {
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
