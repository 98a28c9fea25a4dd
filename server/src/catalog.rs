//! The tool catalog, expanded at compile time from `manifest/tools.yaml`: `ToolId`, `TOOLS`,
//! `TOOLSETS`, the per-tool `Args`/`Output` types and `Handle` traits, `ErrorKind`,
//! `ToolError`, `Service`, `Handlers` and `dispatch`. `catalog.expanded.rs` beside this file
//! is the expansion, formatted, for reading (never compiled; a test keeps it current).

// `server/tools.yaml` links to `manifest/tools.yaml`, so the published crate carries the file.
tmux_mcp_macros::tools!("../tools.yaml");

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use serde::de::DeserializeOwned;
    use serde_json::{Value, json};
    use tmux_mcp_runtime::IntoJson;

    /// `into_json` writes what the `Serialize` derive writes, for outputs holding every kind of
    /// field: nested and named objects, lists, null and non-null options, enums, error kinds,
    /// free-form objects.
    fn moves_as_serde_writes<T: DeserializeOwned + Serialize + IntoJson>(sample: Value) {
        let typed: T = serde_json::from_value(sample.clone()).unwrap();
        assert_eq!(serde_json::to_value(&typed).unwrap(), sample);
        assert_eq!(typed.into_json(), sample);
    }

    #[test]
    fn generated_outputs_move_into_the_json_serde_writes() {
        let pane = json!({"id": "%1", "window_id": "@1", "active": true, "command": "sh",
            "path": "/", "title": "t", "width": 80, "height": 24, "pid": 7, "dead": false,
            "caller": false, "foreground_command": "sh", "foreground_pid": 7,
            "at_prompt": true, "idle_ms": null, "agent_state": "asking", "agent_state_ms": 1200,
            "agent_state_source": "hooks"});
        for dead_status in [json!(null), json!(3)] {
            moves_as_serde_writes::<super::get_pane_info::Output>(json!({"pane": pane,
                "history_size": 0, "history_limit": 2000, "dead_status": dead_status}));
        }
        moves_as_serde_writes::<super::search_panes::Output>(json!({"matches": [{"pane": "%1",
            "line": -2, "text": "x"}], "panes_searched": 1, "limits_hit": ["lines", "time"], "masked": 0}));
        moves_as_serde_writes::<super::call_read_tools_batch::Output>(json!({"results": [
            {"index": 0, "tool": "get_pane_info", "success": true,
                "result": {"structuredContent": {"a": [1, {"b": null}]}}, "result_dropped": false,
                "error": null},
            {"index": 1, "tool": "nope", "success": false, "result": null,
                "result_dropped": false,
                "error": {"message": "m", "kind": "invalid_input", "retryable": false}}],
            "succeeded": 1, "failed": 1, "stopped_at": 1, "truncated": false, "dropped_bytes": 0}));
    }
}
