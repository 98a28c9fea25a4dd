//! `tmux-agent-mcp`: the command under the name the packages are published as, so that
//! `uvx tmux-agent-mcp` (which runs the executable named like its package) and the MCP
//! Registry's install lines find the server. It replaces itself with the `tmux-mcp` installed
//! beside it, arguments and environment unchanged; it links nothing but std, so each package
//! carries the server once.

use std::os::unix::process::CommandExt;
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let beside = std::env::current_exe().map(|exe| exe.with_file_name("tmux-mcp"));
    let server = match beside {
        Ok(path) if path.is_file() => path,
        _ => {
            eprintln!(
                "tmux-agent-mcp: tmux-mcp is not installed beside this command; reinstall the package (uvx tmux-agent-mcp, npx -y tmux-agent-mcp or cargo install tmux-agent-mcp)"
            );
            return ExitCode::from(127);
        }
    };
    let failed = Command::new(&server)
        .arg0("tmux-mcp")
        .args(std::env::args_os().skip(1))
        .exec();
    eprintln!(
        "tmux-agent-mcp: cannot start {}: {failed}",
        server.display()
    );
    ExitCode::from(126)
}
