tmux_mcp_macros::tools!("annotation_contradiction.yaml");

fn main() {}
