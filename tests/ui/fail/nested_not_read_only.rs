tmux_mcp_macros::tools!("nested_not_read_only.yaml");

fn main() {}
