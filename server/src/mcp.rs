//! The MCP side: a hand-written rmcp `ServerHandler` over the frozen [`Surface`] and the
//! generated dispatch.
//!
//! A request flows: `call_tool` → the call pipeline (`crate::pipeline`: unknown or unoffered
//! tools are refused with -32602; else a host's, or validated once, scoped, dispatched and
//! audited) → `structuredContent`, or an `isError` result whose text is the message and whose
//! `_meta` carries `{message, kind, retryable}`.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, ListResourcesResult, ListToolsResult,
    MetaObject, PaginatedRequestParams, ProgressNotificationParam, ProgressToken, ProtocolVersion,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ServerCapabilities, ServerConfig,
};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Value, json};

use crate::catalog::ErrorKind;
use crate::envelope::envelope;
use crate::handlers::{Progress, Request, Tools};
use crate::pipeline::{self, NotOffered, shown};
use crate::surface::{CAPABILITIES_URI, Surface};

const INSTRUCTIONS: &str = include_str!("instructions.md");

/// The instructions, with the tool error's shape as the manifest declares it.
fn instructions() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| INSTRUCTIONS.replace("TOOL_ERROR_SHAPE", crate::catalog::TOOL_ERROR_SHAPE))
}

#[derive(Clone)]
pub struct Server {
    tools: Arc<Tools>,
    surface: Arc<Surface>,
}

impl Server {
    pub fn new(tools: Arc<Tools>) -> Self {
        Server {
            surface: tools.surface.clone(),
            tools,
        }
    }
}

fn implementation() -> Implementation {
    Implementation::new(crate::NAME, env!("CARGO_PKG_VERSION"))
}

/// The result `_meta` of a request made under 2026-07-28 or later: the server's name and
/// version, which that revision asks results to carry (there is no `initialize` to tell them).
fn result_meta(context: &RequestContext<RoleServer>) -> Option<MetaObject> {
    let modern = context
        .protocol_version()
        .is_some_and(|v| v.as_str() >= ProtocolVersion::V_2026_07_28.as_str());
    modern.then(|| {
        let mut meta = MetaObject::new();
        meta.insert(
            "io.modelcontextprotocol/serverInfo".into(),
            serde_json::to_value(implementation()).unwrap_or_default(),
        );
        meta
    })
}

fn invalid(message: String) -> ErrorData {
    ErrorData::invalid_params(
        message,
        Some(json!({
            "kind": ErrorKind::InvalidInput.as_str(),
            "retryable": ErrorKind::InvalidInput.retryable(),
        })),
    )
}

/// A URI not found is given back in the error's data up to this many bytes.
const MAX_ECHOED_URI: usize = 2048;

/// A call as this transport hands it to the pipeline: progress goes to the client over its
/// peer, when it sent a progress token.
fn transported(context: RequestContext<RoleServer>) -> Request {
    let progress = context.meta.get_progress_token().map(|token| {
        Box::new(ClientProgress {
            peer: context.peer.clone(),
            token,
        }) as Box<dyn Progress>
    });
    Request {
        id: serde_json::to_value(&context.id).unwrap_or_default(),
        cancel: context.ct,
        progress,
    }
}

/// Progress notifications to the client that asked for them.
struct ClientProgress {
    peer: Peer<RoleServer>,
    token: ProgressToken,
}

impl Progress for ClientProgress {
    fn report(
        &self,
        done: f64,
        total: f64,
        message: String,
    ) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        let param = ProgressNotificationParam::new(self.token.clone(), done)
            .with_total(total)
            .with_message(message);
        Box::pin(async move {
            let _ = self.peer.notify_progress(param).await;
        })
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(implementation())
        .with_instructions(instructions())
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        if request.and_then(|r| r.cursor).is_some() {
            return Err(invalid(
                "tools/list has a single page; call it without a cursor".into(),
            ));
        }
        let mut listed = self.surface.tools().clone();
        listed.meta = result_meta(&context);
        Ok(listed)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let server = result_meta(&context);
        let outcome =
            pipeline::call_tool(&self.tools, transported(context), &request.name, arguments).await;
        let mut result = match outcome {
            Ok(outcome) => envelope(outcome),
            Err(NotOffered(why)) => return Err(invalid(why)),
        };
        // Beside an error's body, when there is one.
        if let Some(server) = server {
            let meta = result.meta.get_or_insert_with(MetaObject::new);
            meta.extend(server);
        }
        Ok(result.into())
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        if request.and_then(|r| r.cursor).is_some() {
            return Err(invalid(
                "resources/list has a single page; call it without a cursor".into(),
            ));
        }
        let resource = Resource::new(CAPABILITIES_URI, "capabilities")
            .with_title("tmux-mcp capabilities")
            .with_description("The startup-frozen socket, provenance, selection and each offered tool's capability record.")
            .with_mime_type("application/json");
        let mut listed = ListResourcesResult::with_all_items(vec![resource]);
        listed.meta = result_meta(&context);
        Ok(listed)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri != CAPABILITIES_URI {
            // The URI asked for goes back in `data` (SEP-2164), unless it is too long to echo.
            let data = (request.uri.len() <= MAX_ECHOED_URI).then(|| json!({"uri": request.uri}));
            return Err(ErrorData::resource_not_found(
                format!(
                    "no resource {}; the only resource is {CAPABILITIES_URI}",
                    shown(&request.uri)
                ),
                data,
            ));
        }
        let contents = ResourceContents::text(self.surface.capabilities(), CAPABILITIES_URI)
            .with_mime_type("application/json");
        let mut read = ReadResourceResult::new(vec![contents]);
        read.meta = result_meta(&context);
        Ok(read.into())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_instructions_give_the_error_body_the_generator_states() {
        let text = super::instructions();
        assert!(text.contains(crate::catalog::TOOL_ERROR_SHAPE), "{text}");
        assert!(!text.contains("TOOL_ERROR_SHAPE"), "{text}");
    }
}
