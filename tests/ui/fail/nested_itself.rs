tmux_mcp_macros::tools!("nested_itself.yaml");

fn main() {}
