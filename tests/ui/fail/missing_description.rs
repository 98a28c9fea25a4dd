tmux_mcp_macros::tools!("missing_description.yaml");

fn main() {}
