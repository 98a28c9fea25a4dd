//! `tmux-agent-mcp`: the command under the name the packages are published as, so that
//! `uvx tmux-agent-mcp` (which runs the executable named like its package) and the MCP
//! Registry's install lines find the server. It runs `setup` itself, which keeps the parsers of
//! clients' files out of the server's binary, and replaces itself with the `tmux-mcp` beside it
//! for anything else, arguments and environment unchanged.

use std::process::ExitCode;

fn main() -> ExitCode {
    tmux_mcp::cli::companion_main()
}
