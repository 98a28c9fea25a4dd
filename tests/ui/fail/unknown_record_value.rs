tmux_mcp_macros::tools!("unknown_record_value.yaml");

fn main() {}
