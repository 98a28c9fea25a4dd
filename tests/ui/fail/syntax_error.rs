tmux_mcp_macros::tools!("syntax_error.yaml");

fn main() {}
