tmux_mcp_macros::tools!("duplicate_tool.yaml");

fn main() {}
