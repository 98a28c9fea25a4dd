tmux_mcp_macros::tools!("duplicate_argument.yaml");

fn main() {}
