use std::process::ExitCode;

fn main() -> ExitCode {
    tmux_mcp::cli::main()
}
