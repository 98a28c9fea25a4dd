tmux_mcp_macros::tools!("pass_minimal.yaml");

struct Things;

impl Service for Things {
    type Context = ();
}

impl list_things::Handle for Things {
    async fn list_things(_: &Things, _cx: &(), args: list_things::Args) -> Result<list_things::Output, ToolError> {
        let n = args.limit.unwrap_or(3);
        Ok(list_things::Output { things: (0..n).map(|i| format!("thing {i}")).collect() })
    }
}

impl type_text::Handle for Things {
    async fn type_text(_: &Things, _cx: &(), args: type_text::Args) -> Result<type_text::Output, ToolError> {
        Ok(type_text::Output { bytes: args.text.len() as i64 })
    }
}

async fn serve(arguments: ::tmux_mcp_runtime::serde_json::Value) -> Result<::tmux_mcp_runtime::serde_json::Value, ToolError> {
    let call = validate(ToolId::TypeText, arguments)?;
    Ok(dispatch(&Things, &(), call).await?.output)
}

fn main() {
    assert_eq!(ToolId::COUNT, 2);
    assert_eq!(ToolId::from_name("type_text").map(ToolId::name), Some("type_text"));
    assert!(ToolId::from_name("Type_text").is_none());
    assert_eq!(TOOLS[ToolId::ListThings.index()].toolset, "inspect");
    let _ = serve;
}
