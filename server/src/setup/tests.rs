//! The unit tests of `setup`: each client's entry, and the writers keeping every other byte.

use std::path::PathBuf;

use super::hooks::Hooks;
use super::*;

fn entry(client: Client, env: &[(&str, &str)]) -> Entry {
    let flags = SocketFlags {
        path: None,
        name: Some("default".into()),
    };
    let vars = |name: &str| {
        env.iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| (*v).to_owned())
    };
    Entry::new(client, "tmux", Via::Npx, &flags, vars)
}

#[test]
fn each_client_gets_its_own_form() {
    let toolsets = [
        ("LIBTMUX_TOOLSETS", "inspect,execute"),
        ("LIBTMUX_HTTP_TOKEN", "s3cret"),
    ];
    assert_eq!(
        entry(Client::Claude, &toolsets).text(),
        "claude mcp add --scope user tmux -e LIBTMUX_TOOLSETS=inspect,execute -- npx -y tmux-agent-mcp -L default\n"
    );
    let codex = entry(Client::Codex, &toolsets).text();
    assert!(
        codex.starts_with(
            "[mcp_servers.tmux]\ncommand = \"npx\"\nargs = [\"-y\", \"tmux-agent-mcp\", \"-L\", \"default\"]\nenv = { LIBTMUX_TOOLSETS = \"inspect,execute\" }\n"
        ),
        "{codex}"
    );
    assert!(codex.contains("env_vars = [\"TMUX\", \"TMUX_PANE\", \"TMUX_TMPDIR\"]"));
    let vscode: Value = serde_json::from_str(&entry(Client::VsCode, &[]).text()).unwrap();
    assert_eq!(
        vscode,
        json!({"servers": {"tmux": {"type": "stdio", "command": "npx",
            "args": ["-y", "tmux-agent-mcp", "-L", "default"]}}})
    );
    let gemini: Value = serde_json::from_str(&entry(Client::Gemini, &toolsets).text()).unwrap();
    assert_eq!(gemini["mcpServers"]["tmux"]["trust"], true);
    assert_eq!(
        gemini["mcpServers"]["tmux"]["env"],
        json!({"LIBTMUX_TOOLSETS": "inspect,execute"}),
        "the HTTP token stays out of files"
    );
}

#[test]
fn words_the_shell_would_split_are_quoted() {
    assert_eq!(
        shell_word("/opt/my tools/tmux-mcp"),
        "'/opt/my tools/tmux-mcp'"
    );
    assert_eq!(shell_word("it's"), r"'it'\''s'");
    assert_eq!(shell_word("-L"), "-L");
    assert_eq!(shell_word(""), "''");
}

struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("tmux-mcp-setup-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn json_with_comments_keeps_every_byte_of_the_persons() {
    let dir = Scratch::new("jsonc");
    let file = dir.0.join(".vscode/mcp.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let mine = "{\n  // my servers\n  \"servers\": {\n    \"other\": { \"command\": \"x\" }, // keep\n  },\n  /* inputs */ \"inputs\": [],\n}\n";
    std::fs::write(&file, mine).unwrap();
    let vscode = entry(Client::VsCode, &[]);
    assert_eq!(vscode.write(&file), Ok(Written::Added));
    let written = std::fs::read_to_string(&file).unwrap();
    for kept in [
        "// my servers",
        "\"other\": { \"command\": \"x\" }, // keep",
        "/* inputs */ \"inputs\": [],",
    ] {
        assert!(written.contains(kept), "{kept:?} lost:\n{written}");
    }
    let root = CstRootNode::parse(&written, &jsonc_parser::ParseOptions::default()).unwrap();
    let servers = root.to_serde_value().unwrap()["servers"].clone();
    let fields = vscode
        .json()
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
    assert_eq!(servers["tmux"], Value::Object(fields), "{written}");
    assert_eq!(servers["other"], json!({"command": "x"}));
    // Again: nothing to do, nothing touched.
    assert_eq!(vscode.write(&file), Ok(Written::Unchanged));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
}

use jsonc_parser::cst::CstRootNode;

#[test]
fn a_different_entry_of_the_same_name_is_refused_and_kept() {
    let dir = Scratch::new("differs");
    let file = dir.0.join("settings.json");
    let mine = "{\"mcpServers\": {\"tmux\": {\"command\": \"tmux-mcp\", \"args\": []}}}";
    std::fs::write(&file, mine).unwrap();
    let error = entry(Client::Gemini, &[]).write(&file).unwrap_err();
    assert!(
        error.contains("differs") && error.contains("--name NAME"),
        "{error}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), mine);
    let mut other = entry(Client::Gemini, &[]);
    other.name = "tmux-npx".into();
    assert_eq!(other.write(&file), Ok(Written::Added));
}

#[test]
fn a_file_the_client_could_not_read_is_left_alone() {
    let dir = Scratch::new("bad");
    let claude = dir.0.join(".claude.json");
    // Claude Code's file is plain JSON: one with a comment is not written.
    let commented = "{\n  // no\n  \"numStartups\": 3\n}\n";
    std::fs::write(&claude, commented).unwrap();
    let error = entry(Client::Claude, &[]).write(&claude).unwrap_err();
    assert!(error.contains("is not valid JSON"), "{error}");
    assert_eq!(std::fs::read_to_string(&claude).unwrap(), commented);
    let toml = dir.0.join("config.toml");
    std::fs::write(
        &toml,
        "model = \"o3\"\nmcp_servers = { other = { command = \"x\" } }\n",
    )
    .unwrap();
    let error = entry(Client::Codex, &[]).write(&toml).unwrap_err();
    assert!(error.contains("by hand"), "{error}");
}

#[test]
fn toml_gets_the_table_appended_and_keeps_the_rest() {
    let dir = Scratch::new("toml");
    let file = dir.0.join("codex/config.toml");
    assert_eq!(
        entry(Client::Codex, &[]).write(&file),
        Ok(Written::Added),
        "created with its folder"
    );
    let mine = "# mine\nmodel = \"o3\"  # the model\n\n[mcp_servers.other]\ncommand = \"x\"\n";
    std::fs::write(&file, mine).unwrap();
    let codex = entry(Client::Codex, &[]);
    assert_eq!(codex.write(&file), Ok(Written::Added));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with(mine), "{written}");
    assert!(written.ends_with(&codex.toml()), "{written}");
    assert_eq!(codex.write(&file), Ok(Written::Unchanged));
    let mut changed = entry(Client::Codex, &[("LIBTMUX_TOOLSETS", "inspect")]);
    changed.name = "tmux".into();
    assert!(changed.write(&file).unwrap_err().contains("differs"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
}

#[test]
fn each_client_names_its_own_file() {
    let home = |name: &str| match name {
        "HOME" => Some("/home/p".to_owned()),
        _ => None,
    };
    let file = |c: Client| c.config_file(home).unwrap();
    assert_eq!(file(Client::Claude), PathBuf::from("/home/p/.claude.json"));
    assert_eq!(
        file(Client::Codex),
        PathBuf::from("/home/p/.codex/config.toml")
    );
    assert_eq!(
        file(Client::Gemini),
        PathBuf::from("/home/p/.gemini/settings.json")
    );
    assert_eq!(
        file(Client::Cursor),
        PathBuf::from("/home/p/.cursor/mcp.json")
    );
    let codex_home = |name: &str| (name == "CODEX_HOME").then(|| "/c".to_owned());
    assert_eq!(
        Client::Codex.config_file(codex_home).unwrap(),
        PathBuf::from("/c/config.toml")
    );
    assert!(
        Client::Gemini
            .config_file(|_| None)
            .unwrap_err()
            .contains("--config")
    );
}

#[test]
fn hooks_join_an_agents_settings_beside_the_persons_own() {
    let dir = Scratch::new("hooks");
    let file = dir.0.join(".gemini/settings.json");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    // Gemini CLI reads comments; a hook of the person's own on an event ours use stays.
    let mine = "{\n  // mine\n  \"ui\": {\"theme\": \"dark\"},\n  \"hooks\": {\n    \"AfterAgent\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"notify-send done\"}]}],\n  },\n}\n";
    std::fs::write(&file, mine).unwrap();
    let gemini = Hooks::new(Client::Gemini, "@agent-state").unwrap();
    assert_eq!(gemini.write(&file), Ok(Written::Added));
    let written = std::fs::read_to_string(&file).unwrap();
    for kept in [
        "// mine",
        "\"ui\": {\"theme\": \"dark\"},",
        "notify-send done",
    ] {
        assert!(written.contains(kept), "{kept:?} lost:\n{written}");
    }
    let root = CstRootNode::parse(&written, &jsonc_parser::ParseOptions::default()).unwrap();
    let hooks = root.to_serde_value().unwrap()["hooks"].clone();
    let after = hooks["AfterAgent"].as_array().unwrap();
    assert_eq!(after.len(), 2, "{written}");
    assert!(
        after[1]["hooks"][0]["command"]
            .as_str()
            .unwrap()
            .starts_with("tmux set-option -p -t \"$TMUX_PANE\" @agent-state idle"),
        "{written}"
    );
    for event in ["BeforeAgent", "Notification", "AfterTool"] {
        assert_eq!(hooks[event].as_array().map(Vec::len), Some(1), "{event}");
    }
    assert_eq!(gemini.write(&file), Ok(Written::Unchanged));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
}

#[test]
fn a_hook_that_reports_otherwise_is_refused_and_kept() {
    let dir = Scratch::new("hooks-differ");
    let file = dir.0.join("settings.json");
    // A Stop hook that sets the option but counts no turn: this would change it.
    let mine = "{\"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"tmux set-option -p -t \\\"$TMUX_PANE\\\" @agent-state idle\"}]}]}}";
    std::fs::write(&file, mine).unwrap();
    let claude = Hooks::new(Client::Claude, "@agent-state").unwrap();
    let error = claude.write(&file).unwrap_err();
    assert!(
        error.contains("Stop hook that sets @agent-state differently"),
        "{error}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), mine);
    // Another option is another agent's state: nothing of ours to change.
    let other = Hooks::new(Client::Claude, "@claude_status").unwrap();
    assert_eq!(other.write(&file), Ok(Written::Added));
    assert!(other.text().contains("@claude_status-turn"));
    assert!(!other.text().contains("@agent-state "));
    assert!(
        Hooks::new(Client::Cursor, "@agent-state")
            .unwrap_err()
            .contains("claude, codex or gemini")
    );
}

#[test]
fn codex_gets_its_feature_flag_or_nothing() {
    let dir = Scratch::new("hooks-codex");
    let (hooks_json, config) = (dir.0.join("hooks.json"), dir.0.join("config.toml"));
    let codex = Hooks::new(Client::Codex, "@agent-state").unwrap();
    let mine = "model = \"o3\"  # mine\n\n[features]\nweb_search = true\n";
    std::fs::write(&config, mine).unwrap();
    assert_eq!(codex.write(&hooks_json), Ok(Written::Added));
    let toml = std::fs::read_to_string(&config).unwrap();
    assert_eq!(
        toml,
        "model = \"o3\"  # mine\n\n[features]\nweb_search = true\ncodex_hooks = true\n"
    );
    assert_eq!(codex.write(&hooks_json), Ok(Written::Unchanged));
    // No [features] yet: the page's two lines, appended.
    std::fs::write(&config, "model = \"o3\"\n").unwrap();
    std::fs::remove_file(&hooks_json).unwrap();
    assert_eq!(codex.write(&hooks_json), Ok(Written::Added));
    assert_eq!(
        std::fs::read_to_string(&config).unwrap(),
        "model = \"o3\"\n\n[features]\ncodex_hooks = true\n"
    );
    // Turned off by the person: refused, and the hooks not written either.
    let off = "[features]\ncodex_hooks = false\n";
    std::fs::write(&config, off).unwrap();
    std::fs::remove_file(&hooks_json).unwrap();
    let error = codex.write(&hooks_json).unwrap_err();
    assert!(error.contains("codex_hooks = false"), "{error}");
    assert!(!hooks_json.exists());
    assert_eq!(std::fs::read_to_string(&config).unwrap(), off);
}

#[test]
fn each_agent_names_its_own_settings() {
    let home = |name: &str| (name == "HOME").then(|| "/home/p".to_owned());
    let file = |c: Client| Hooks::new(c, "@agent-state").unwrap().file(home).unwrap();
    assert_eq!(
        file(Client::Claude),
        PathBuf::from("/home/p/.claude/settings.json")
    );
    assert_eq!(
        file(Client::Codex),
        PathBuf::from("/home/p/.codex/hooks.json")
    );
    assert_eq!(
        file(Client::Gemini),
        PathBuf::from("/home/p/.gemini/settings.json")
    );
    let moved = |name: &str| match name {
        "CLAUDE_CONFIG_DIR" => Some("/c".to_owned()),
        "CODEX_HOME" => Some("/x".to_owned()),
        _ => None,
    };
    let file = |c: Client| Hooks::new(c, "@agent-state").unwrap().file(moved);
    assert_eq!(file(Client::Claude), Ok(PathBuf::from("/c/settings.json")));
    assert_eq!(file(Client::Codex), Ok(PathBuf::from("/x/hooks.json")));
    assert!(file(Client::Gemini).unwrap_err().contains("--config"));
}
