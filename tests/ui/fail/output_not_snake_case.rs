tmux_mcp_macros::tools!("output_not_snake_case.yaml");

fn main() {}
