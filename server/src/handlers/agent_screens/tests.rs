//! The table held to screens and titles the pinned CLIs drew in tmux 3.2a and next-3.8
//! (`samples.jsonl`: sampled during turns of a stand-in model, each state at least 1.6 s
//! after it began, Codex's answer streaming without its Working line among them); and a
//! Codex interrupted, whose last prompt has no `Worked for` line, idle all the same; a title
//! that lags its screen.

use super::*;

#[test]
fn each_cli_s_screens_read_as_the_state_it_was_in() {
    let samples = include_str!("samples.jsonl");
    let mut read_right = 0;
    for line in samples.lines() {
        let sample: serde_json::Value = serde_json::from_str(line).unwrap();
        let name = sample["cli"].as_str().unwrap();
        let cli = CLIS.iter().find(|c| c.name == name).unwrap();
        let (screen, title) = (
            sample["screen"].as_str().unwrap(),
            sample["title"].as_str().unwrap(),
        );
        let wanted = match sample["state"].as_str().unwrap() {
            "working" => AgentState::Working,
            "asking" => AgentState::Asking,
            _ => AgentState::Idle,
        };
        let said = read(cli, screen, title).map(|(state, _)| state);
        assert_eq!(
            said,
            Some(wanted),
            "{name} on {}:\n{title}\n{screen}",
            sample["tmux"]
        );
        // The screen alone says it (the title only seconds it), but for Codex's answer as it
        // streams, which only its title says.
        let streaming =
            name == "Codex" && wanted == AgentState::Working && !screen.contains("Working (");
        let alone = read(cli, screen, "").map(|(state, _)| state);
        if streaming {
            assert_eq!(
                read(cli, screen, title).map(|(_, s)| s),
                Some(AgentStateSource::Title)
            );
        } else {
            assert_eq!(alone, Some(wanted), "{name}, screen alone:\n{screen}");
        }
        read_right += 1;
    }
    assert!(read_right >= 36, "{read_right} samples");
}

#[test]
fn an_interrupted_codex_is_idle() {
    let codex = CLIS.iter().find(|c| c.name == "Codex").unwrap();
    let screen = "› fix it\n\n■ Conversation interrupted - tell the model what to do differently.\n\n› Ask Codex to do anything\n\n  stand-in default · /work · fix it\n  ← for agents · ? for shortcuts\n";
    assert_eq!(
        read(codex, screen, "fix it | work"),
        Some((AgentState::Idle, AgentStateSource::Screen))
    );
}

#[test]
fn a_screen_of_another_program_says_nothing() {
    for cli in CLIS {
        assert_eq!(read(cli, "$ ls\nCargo.toml  README.md\n$ ", "bash"), None);
        // A finished turn's line and an empty box are not working.
        assert_ne!(
            read(cli, "✻ Worked for 6s\n", "").map(|(s, _)| s),
            Some(AgentState::Working),
            "{}",
            cli.name
        );
    }
}

/// Codex 0.171.0 as npm installs it under `dir`: its `package.json` and its `bin` folder.
fn codex_package(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let bin = dir.join("node_modules/@openai/codex/bin");
    std::fs::create_dir_all(&bin).unwrap();
    let package = dir.join("node_modules/@openai/codex/package.json");
    package_json(&package, "0.171.0");
    (package, bin)
}

/// Writes a `package.json` of `@openai/codex` at `version`.
fn package_json(path: &Path, version: &str) {
    let json = format!(r#"{{"name": "@openai/codex", "version": "{version}"}}"#);
    std::fs::write(path, json).unwrap();
}

#[test]
fn a_program_is_known_by_its_package_and_version() {
    let dir = std::env::temp_dir().join(format!("tmux-mcp-agent-pkg-{}", std::process::id()));
    let (package, bin) = codex_package(&dir);
    let script = bin.join("codex.js");
    std::fs::write(&script, "").unwrap();
    assert_eq!(
        package_of(&script),
        Some(("@openai/codex".into(), "0.171.0".into()))
    );
    assert_eq!(known(&script).map(|c| c.name), Some("Codex"));
    package_json(&package, "0.172.0");
    assert!(
        known(&script).is_none(),
        "a version not measured is no guess"
    );
    // A package where no package manager installs one (no `node_modules` above it) is none.
    let checkout = dir.join("codex/bin");
    std::fs::create_dir_all(&checkout).unwrap();
    package_json(&dir.join("codex/package.json"), "0.171.0");
    std::fs::write(checkout.join("codex.js"), "").unwrap();
    assert_eq!(package_of(&checkout.join("codex.js")), None);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A process is identified once, and again when it runs another program, even of the same
/// name: an `exec` keeps the pid and start time, not where code and stack lie. Linux only:
/// `ps` gives no start time, and nothing is kept.
#[cfg(target_os = "linux")]
#[test]
fn a_process_is_identified_once_until_it_runs_another_program() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("tmux-mcp-agent-exec-{}", std::process::id()));
    let (package, bin) = codex_package(&dir);
    // The package's script runs another script by the same shell, outside any package.
    let other = dir.join("other.sh");
    std::fs::write(&other, "read line\n").unwrap();
    let script = bin.join("codex.js");
    std::fs::write(
        &script,
        format!("echo started\nread line\nexec sh {}\n", other.display()),
    )
    .unwrap();
    /// Ends the scripts' process however the test ends.
    struct Ended(std::process::Child);
    impl Drop for Ended {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut child = Ended(
        std::process::Command::new("sh")
            .arg(&script)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let pid = i64::from(child.0.id());
    let cli = || identify(&Leader::of(pid).expect("the child runs")).map(|c| c.name);
    // Read once it runs the script: a process just spawned may still be in its exec.
    let mut said = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.0.stdout.as_mut().unwrap()),
        &mut said,
    )
    .unwrap();
    assert_eq!(said, "started\n");
    assert_eq!(cli(), Some("Codex"));
    // Kept: its files are not read again while it runs the same program.
    std::fs::remove_file(&package).unwrap();
    assert_eq!(cli(), Some("Codex"));
    writeln!(child.0.stdin.as_mut().unwrap()).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while cli().is_some() {
        assert!(
            std::time::Instant::now() < deadline,
            "still Codex after the script ran another"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Gemini CLI 0.61.0 as CI caught it on tmux 3.2a, the permission question just answered: the
/// screen draws the tool running and its spinner, the title still asks (Gemini sets it after
/// the frame). The screen wins.
#[test]
fn a_title_that_lags_the_screen_does_not_outvote_it() {
    let gemini = CLIS.iter().find(|c| c.name == "Gemini CLI").unwrap();
    let screen = " > turn with a tool [[ask]]\n\n\n╭────────────────────────────────────╮\n│ ⊶  Shell touch asked               │\n│                                    │\n╰────────────────────────────────────╯\n\n\n ⠋ Thinking... (esc to cancel, 0s)                              ? for shortcuts\n────────────────────────────────────────────────────────────────────────────────\n Shift+Tab to accept edits\n\n >   Type your message or @path/to/file\n\n workspace (/directory)                         sandbox                  /model\n";
    assert_eq!(
        read(gemini, screen, "✋  Action Required (work)"),
        Some((AgentState::Working, AgentStateSource::Screen))
    );
    // With no working line drawn, the title says it: asking, where the box below reads idle
    // (a late title errs towards a question, never towards a turn's end).
    let between = screen.replace(" ⠋ Thinking... (esc to cancel, 0s)", "");
    assert_eq!(
        read(gemini, &between, "✋  Action Required (work)"),
        Some((AgentState::Asking, AgentStateSource::Title))
    );
}
