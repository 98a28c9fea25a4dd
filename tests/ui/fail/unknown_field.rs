tmux_mcp_macros::tools!("unknown_field.yaml");

fn main() {}
