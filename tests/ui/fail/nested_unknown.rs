tmux_mcp_macros::tools!("nested_unknown.yaml");

fn main() {}
