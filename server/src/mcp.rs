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
    ListResourcesResult, ListToolsResult, MetaObject, PaginatedRequestParams, ProtocolVersion,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ServerCapabilities, ServerConfig,
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

/// A tool's result envelope. On success `structuredContent`, repeated as JSON in the text block
/// for every tool, so a client that shows the model only the text loses nothing. On failure
/// `isError` with the body `{message, kind, retryable}` as the text, and no `structuredContent`:
/// clients check that against the tool's output schema (the TypeScript SDK even for errors), and
/// the body is not the tool's output.
pub fn envelope(result: Result<Value, ToolError>) -> CallToolResult {
    match result {
        Ok(value) => CallToolResult::structured(value),
        Err(e) => CallToolResult::error(vec![ContentBlock::text(e.body().to_string())]),
    }
}

/// A batch row's envelope: [`envelope`] without its text block, which the batch's own text
/// repeats along with everything else; the value is moved in, never serialized here.
pub fn row_envelope(result: Result<Value, ToolError>) -> Map<String, Value> {
    let mut object = Map::new();
    object.insert("isError".into(), Value::Bool(result.is_err()));
    if let Ok(value) = result {
        object.insert("structuredContent".into(), value);
    }
    object
}

fn implementation() -> Implementation {
    Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))
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
        .with_server_info(implementation())
        .with_instructions(INSTRUCTIONS)
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
        let Some(id) = ToolId::from_name(&request.name) else {
            return Err(invalid(format!("no tool {}", shown(&request.name))));
        };
        if !self.surface.is_offered(id) {
            return Err(invalid(self.surface.resolved.why_not_offered(id)));
        }
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let meta = result_meta(&context);
        let cx = CallContext::new(context);
        let mut result = envelope(catalog::dispatch(&*self.tools, &cx, id, arguments).await);
        result.meta = meta;
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
        let mut read = ReadResourceResult::new(vec![contents]);
        read.meta = result_meta(&context);
        Ok(read.into())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{envelope, row_envelope};
    use crate::catalog::{ErrorKind, ToolError};

    #[test]
    fn a_batch_row_envelope_is_the_direct_call_envelope_without_its_text() {
        let results = [
            Ok(json!({"sessions": [{"id": "$0", "name": "a \"b\"\n"}]})),
            Err(ToolError::new(ErrorKind::ObjectGone, "can't find pane: %9")),
        ];
        for result in results {
            let mut direct = serde_json::to_value(envelope(result.clone())).unwrap();
            // Nor `resultType`: a 2026-07-28 field that rmcp strips only at the top for older peers.
            let direct = direct.as_object_mut().unwrap();
            direct.remove("content");
            direct.remove("resultType");
            assert_eq!(row_envelope(result), *direct);
        }
    }

    #[test]
    fn the_text_repeats_a_result_and_carries_an_error() {
        let ok = serde_json::to_value(envelope(Ok(json!({"a": [1]})))).unwrap();
        let text: Value = serde_json::from_str(ok["content"][0]["text"].as_str().unwrap()).unwrap();
        assert_eq!(text, ok["structuredContent"]);
        let failed = ToolError::new(ErrorKind::Refused, "no");
        let error = serde_json::to_value(envelope(Err(failed.clone()))).unwrap();
        assert_eq!(error["isError"], true);
        assert!(error.get("structuredContent").is_none(), "{error}");
        let text: Value =
            serde_json::from_str(error["content"][0]["text"].as_str().unwrap()).unwrap();
        assert_eq!(text, failed.body());
    }
}
