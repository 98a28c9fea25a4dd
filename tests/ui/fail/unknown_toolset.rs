tmux_mcp_macros::tools!("unknown_toolset.yaml");

fn main() {}
