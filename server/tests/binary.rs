//! The binary's own command line (cross-crate end-to-end tests live in the workspace's tests/).

use std::process::Command;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tmux-mcp"))
        .args(args)
        .env_clear()
        .output()
        .expect("run tmux-mcp")
}

#[test]
fn help_and_version_go_to_stdout() {
    let help = run(&["--help"]);
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("LIBTMUX_TOOLSETS") && text.contains("--socket-name"),
        "{text}"
    );
    let version = run(&["-V"]);
    assert_eq!(
        String::from_utf8_lossy(&version.stdout),
        format!("tmux-mcp {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn a_bad_flag_says_how_to_get_help() {
    let out = run(&["--confirm"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "tmux-mcp: unrecognised argument --confirm; try `tmux-mcp --help`\n"
    );
}
