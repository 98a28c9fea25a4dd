//! `tmux-mcp`: the server's command; everything it does is in the library, from [`tmux_mcp::cli`].

use std::process::ExitCode;

fn main() -> ExitCode {
    tmux_mcp::cli::main()
}
