tmux_mcp_macros::tools!("amplifies_wrong_tool.yaml");

fn main() {}
