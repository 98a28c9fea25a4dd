//! The MCP side: a hand-written rmcp `ServerHandler` over the frozen [`Surface`] and the
//! generated dispatch.
//!
//! A request flows: `call_tool` → look the name up (`ToolId::from_name`) → refuse unknown or
//! unoffered tools with -32602 → `catalog::dispatch` validates the arguments against the tool's
//! schema, decodes them, runs the handler and encodes the output → `structuredContent`, or an
//! `isError` result carrying `{message, kind, retryable}`.

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ResourceContents, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Map, Value, json};

use crate::catalog::{self, ToolError, ToolId};
use crate::handlers::{CallContext, Tools};
use crate::surface::{CAPABILITIES_URI, Surface};

const INSTRUCTIONS: &str = include_str!("instructions.md");

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

/// A tool's result envelope: `structuredContent` on success, the typed error body otherwise.
/// The text block repeats the JSON, or for tools that declare it, summarizes it.
pub fn envelope(tool: ToolId, result: Result<Value, ToolError>) -> CallToolResult {
    match result {
        Ok(value) if tool.descriptor().text_summary => {
            let mut envelope =
                CallToolResult::success(vec![ContentBlock::text(summary(tool, &value))]);
            envelope.structured_content = Some(value);
            envelope
        }
        Ok(value) => CallToolResult::structured(value),
        Err(e) => CallToolResult::structured_error(e.body()),
    }
}

/// [`envelope`] as a JSON object, for a batch row: the result's value is moved in, not
/// serialized again.
pub fn envelope_object(tool: ToolId, result: Result<Value, ToolError>) -> Map<String, Value> {
    let mut envelope = envelope(tool, result);
    let structured = envelope.structured_content.take();
    let mut object = match serde_json::to_value(&envelope) {
        Ok(Value::Object(object)) => object,
        _ => Map::new(),
    };
    if let Some(structured) = structured {
        object.insert("structuredContent".into(), structured);
    }
    object
}

/// `tool: a=1, b=true; the full result is in structuredContent.`
fn summary(tool: ToolId, value: &Value) -> String {
    let fields: Vec<String> = value
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(_, v)| !v.is_array() && !v.is_object())
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    format!(
        "{}: {}; the full result is in structuredContent.",
        tool.name(),
        fields.join(", ")
    )
}

fn invalid(message: String) -> ErrorData {
    ErrorData::invalid_params(
        message,
        Some(json!({"kind": "invalid_input", "retryable": false})),
    )
}

/// A name from the client, cut short so an error never echoes megabytes back.
fn shown(name: &str) -> String {
    const MAX: usize = 64;
    if name.chars().count() > MAX {
        format!("{}…", name.chars().take(MAX).collect::<String>())
    } else {
        name.to_owned()
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
        .with_server_info(Implementation::new(
            env!("CARGO_PKG_NAME"),
            env!("CARGO_PKG_VERSION"),
        ))
        .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        if request.and_then(|r| r.cursor).is_some() {
            return Err(invalid(
                "tools/list has a single page; call it without a cursor".into(),
            ));
        }
        Ok(self.surface.tools().clone())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some(id) = ToolId::from_name(&request.name) else {
            return Err(invalid(format!("no tool {}", shown(&request.name))));
        };
        if !self.surface.is_offered(id) {
            return Err(invalid(self.surface.resolved.why_not_offered(id)));
        }
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let cx = CallContext::new(context);
        Ok(envelope(
            id,
            catalog::dispatch(&*self.tools, &cx, id, arguments).await,
        )
        .into())
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
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
        Ok(ListResourcesResult::with_all_items(vec![resource]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri != CAPABILITIES_URI {
            return Err(ErrorData::resource_not_found(
                format!(
                    "no resource {}; the only resource is {CAPABILITIES_URI}",
                    shown(&request.uri)
                ),
                None,
            ));
        }
        let contents = ResourceContents::text(self.surface.capabilities(), CAPABILITIES_URI)
            .with_mime_type("application/json");
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{envelope, envelope_object};
    use crate::catalog::{ErrorKind, ToolError, ToolId};

    #[test]
    fn a_batch_row_envelope_is_the_direct_call_envelope() {
        let results = [
            Ok(json!({"sessions": [{"id": "$0", "name": "a \"b\"\n"}]})),
            Err(ToolError::new(ErrorKind::ObjectGone, "can't find pane: %9")),
        ];
        for tool in [ToolId::ListSessions, ToolId::CallReadToolsBatch] {
            for result in results.clone() {
                let direct = serde_json::to_value(envelope(tool, result.clone())).unwrap();
                assert_eq!(Value::Object(envelope_object(tool, result)), direct);
            }
        }
    }
}
