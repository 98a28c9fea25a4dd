//! The envelope a tool's result travels in: a direct call's `CallToolResult`, and a batch
//! row's object. Both the MCP layer and the batch handler use it, so it sits below both.

use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::{Map, Value};

use crate::catalog::ToolError;

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
