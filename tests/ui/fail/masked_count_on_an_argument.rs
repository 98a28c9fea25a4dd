// Only a named integer type counts masked spans: an argument marked so is refused.
tmux_mcp_macros::tools!("masked_count_on_an_argument.yaml");

fn main() {}
