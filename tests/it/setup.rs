//! `tmux-mcp setup` (`server/src/setup/`): the hook lines it prints for each agent are the
//! Agents' state page's.

use tmux_mcp_tests::binary;

use crate::handlers::inspect::waits::agent::documented_blocks;

/// What `tmux-mcp setup AGENT --hooks` prints is what the Agents' state page shows, block for
/// block (Codex's TOML flag, then its JSON); another option is named throughout.
#[test]
fn setup_prints_the_pages_hook_lines() {
    let setup = |agent: &str, option: Option<&str>| {
        let mut command = std::process::Command::new(binary());
        command
            .args(["setup", agent, "--hooks"])
            .env_clear()
            .env("HOME", "/nonexistent");
        if let Some(option) = option {
            command.env("LIBTMUX_AGENT_STATE_OPTION", option);
        }
        let out = command.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let blocks = |section: &str| -> String {
        let texts: Vec<String> = documented_blocks("json")
            .into_iter()
            .chain(documented_blocks("toml"))
            .filter(|(agent, _)| agent == section)
            .map(|(_, text)| text)
            .collect();
        texts.into_iter().rev().collect::<Vec<_>>().join("\n")
    };
    assert_eq!(setup("claude", None), blocks("Claude Code"));
    assert_eq!(setup("codex", None), blocks("Codex"));
    assert_eq!(setup("gemini", None), blocks("Gemini CLI"));
    let other = setup("claude", Some("@claude_status"));
    assert_eq!(
        other,
        blocks("Claude Code").replace("@agent-state", "@claude_status")
    );
}
