tmux_mcp_macros::tools!("required_with_default.yaml");

fn main() {}
