tmux_mcp_macros::tools!("not_snake_case.yaml");

fn main() {}
