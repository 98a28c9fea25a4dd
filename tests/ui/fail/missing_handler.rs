// A second tool in the manifest without its handler: the service cannot be dispatched to.
tmux_mcp_macros::tools!("missing_handler.yaml");

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

async fn serve(arguments: ::tmux_mcp_runtime::serde_json::Value) -> Result<::tmux_mcp_runtime::serde_json::Value, ToolError> {
    let call = validate(ToolId::ListThings, arguments)?;
    Ok(dispatch(&Things, &(), call).await?.output)
}

fn main() {
    let _ = serve;
}
