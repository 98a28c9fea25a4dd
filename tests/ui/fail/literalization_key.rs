tmux_mcp_macros::tools!("literalization_key.yaml");

fn main() {}
