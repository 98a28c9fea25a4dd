tmux_mcp_macros::tools!("bad_default.yaml");

fn main() {}
