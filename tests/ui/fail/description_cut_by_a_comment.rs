tmux_mcp_macros::tools!("description_cut_by_a_comment.yaml");

fn main() {}
