// A second tool in the manifest without its handler method.
tmux_mcp_macros::tools!("missing_handler.yaml");

struct Things;

impl Handlers for Things {
    type Context = ();

    async fn list_things(&self, _cx: &(), args: list_things::Args) -> Result<list_things::Output, ToolError> {
        let n = args.limit.unwrap_or(3);
        Ok(list_things::Output { things: (0..n).map(|i| format!("thing {i}")).collect() })
    }
}

fn main() {}
