//! What each agent CLI's model reads of the tools (`-- model-bytes`).

use std::process::Command;

use tmux_mcp_tests::clis::{Cli, Registration, entry, run_script};
use tmux_mcp_tests::{World, binary, repo_root};

use crate::report::Report;

/// What each agent CLI sends its model of a server's tools on every request, as the stand-in
/// model sized each definition the CLI sent: tmux-mcp's default selection, beside the family's
/// Rust server 0.1.2 (its own default selection) built from crates.io in this run, both
/// registered by the Clients page's entry.
pub fn model_bytes(report: &mut Report, world: &World) {
    let root = repo_root().join("target/family-tmux-mcp-0.1.2");
    let built = Command::new("cargo")
        .args([
            "install",
            "tmux-mcp",
            "--version",
            "0.1.2",
            "--locked",
            "--root",
        ])
        .arg(&root)
        // Its own build folder: in ours, the family's `tmux-mcp` would be built over this one's.
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .expect("cargo runs");
    assert!(built.success(), "cargo install tmux-mcp@0.1.2 failed");
    let family = root.join("bin/tmux-mcp").display().to_string();
    let ours = binary().display().to_string();
    for cli in [Cli::ClaudeCode, Cli::Codex, Cli::Gemini] {
        let bytes = |server: &str| {
            let server = [server.to_owned(), "-L".into(), "bench".into()];
            run_script(
                cli,
                Registration::Page(&entry(cli)),
                &server,
                world.tmpdir(),
                &[],
            )
            .server_tool_bytes()
        };
        let (mine, theirs) = (bytes(&ours), bytes(&family));
        report.line(
            &format!("{cli:?}: tool definitions its model reads"),
            format!(
                "{mine} B = {:.2}x the family's Rust server 0.1.2 ({theirs} B)",
                mine as f64 / theirs as f64
            ),
            &format!("<= {} B", cli.most_tool_bytes()),
            mine <= cli.most_tool_bytes(),
        );
    }
}
