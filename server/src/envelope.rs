//! The envelope a tool's result travels in: a direct call's `CallToolResult`, and a batch
//! row's object. Both the MCP layer and the batch handler use it, so it sits below both.

use rmcp::model::{CallToolResult, ContentBlock, MetaObject};
use serde_json::{Map, Value};

use crate::catalog::{ERROR_META, ToolError};

/// A tool's result envelope. On success `structuredContent`, repeated as JSON in the text block
/// for every tool, so a client that shows the model only the text loses nothing. On failure
/// `isError`, the message as the text (with its kind, and whether trying again may work), the
/// body in `_meta` under [`ERROR_META`], and no `structuredContent`: clients check that against the tool's
/// output schema (the TypeScript SDK even for errors). The text is not JSON: Gemini CLI takes
/// a first text that parses as an object for the tool's output, errors included, and its model
/// then sees a schema mismatch instead of the message.
pub fn envelope(result: Result<Value, ToolError>) -> CallToolResult {
    match result {
        Ok(value) => CallToolResult::structured(value),
        Err(e) => {
            let mut result = CallToolResult::error(vec![ContentBlock::text(error_text(&e))]);
            let mut meta = MetaObject::new();
            meta.insert(ERROR_META.into(), e.body());
            result.meta = Some(meta);
            result
        }
    }
}

/// An error as a client shows it to its model: the message, then its kind in brackets.
pub fn error_text(e: &ToolError) -> String {
    let retry = if e.kind.retryable() {
        "; trying again may work"
    } else {
        ""
    };
    format!("{} [{}{retry}]", e.message, e.kind.as_str())
}

/// The error body of a tool result (a `CallToolResult` as JSON) that is one.
pub fn error_body(result: &Value) -> Option<&Value> {
    (result["isError"] == true).then(|| result["_meta"].get(ERROR_META))?
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

    use super::{envelope, error_body, row_envelope};
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
            // The batch's rows carry an error's body in their own field.
            let direct = direct.as_object_mut().unwrap();
            direct.remove("content");
            direct.remove("resultType");
            direct.remove("_meta");
            assert_eq!(row_envelope(result), *direct);
        }
    }

    #[test]
    fn the_text_repeats_a_result_and_says_an_error_in_words() {
        let ok = serde_json::to_value(envelope(Ok(json!({"a": [1]})))).unwrap();
        let text: Value = serde_json::from_str(ok["content"][0]["text"].as_str().unwrap()).unwrap();
        assert_eq!(text, ok["structuredContent"]);
        assert_eq!(error_body(&ok), None);
        for (failed, said) in [
            (
                ToolError::new(ErrorKind::ObjectGone, "can't find pane: %9"),
                "can't find pane: %9 [object_gone]",
            ),
            (
                ToolError::new(ErrorKind::Timeout, "tmux did not answer"),
                "tmux did not answer [timeout; trying again may work]",
            ),
        ] {
            let error = serde_json::to_value(envelope(Err(failed.clone()))).unwrap();
            assert_eq!(error["isError"], true);
            assert!(error.get("structuredContent").is_none(), "{error}");
            let text = error["content"][0]["text"].as_str().unwrap();
            assert_eq!(text, said);
            assert!(serde_json::from_str::<Value>(text).is_err(), "{text}");
            assert_eq!(error_body(&error), Some(&failed.body()));
        }
    }
}
