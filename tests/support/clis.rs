//! The agent CLIs people run (Claude Code, Codex, Gemini CLI, at the versions
//! tests/agents/package.json pins), set up as a person sets them up, answered by the stand-in
//! model (tests/programs/model_server.py) on loopback; and a server registered in them as the
//! Clients page says. The end-to-end tests drive them in panes and as clients; the bench
//! reads what each sends its model of a server's tools.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value, json};

use crate::{repo_root, wait_until};

/// Makes `dir/node_modules` a link to a `node_modules` in the caches ([`xtask::cache`]) made
/// by `npm ci` per `package.json` and lockfile, so that a fresh clone installs nothing the
/// machine installed before; `package` is the one whose pinned version the install must hold.
pub fn npm_ci(dir: &Path, package: &str) {
    let _turn = crate::installing(dir);
    let [manifest, lockfile] = ["package.json", "package-lock.json"].map(|f| dir.join(f));
    let name = dir.file_name().unwrap_or_default().to_string_lossy();
    let cached = xtask::cache::keyed(&format!("npm-{name}"), &[&manifest, &lockfile]);
    let (installed, done) = (cached.join("node_modules"), cached.join(".installed"));
    let modules = dir.join("node_modules");
    if std::fs::read_link(&modules).is_ok_and(|to| to == installed) && done.is_file() {
        return;
    }
    let _held = xtask::cache::lock(&cached, true).unwrap_or_else(|e| panic!("{e}"));
    // Written after the install: one cut short (npm writes the pinned package's manifest
    // before its native binaries) is made again.
    if !done.is_file() {
        for file in [&manifest, &lockfile] {
            std::fs::copy(file, cached.join(file.file_name().unwrap()))
                .unwrap_or_else(|e| panic!("cannot copy {}: {e}", file.display()));
        }
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(&cached)
            .status()
            .expect("npm (node's package manager) runs");
        assert!(status.success(), "npm ci in {} failed", cached.display());
        std::fs::write(&done, "").unwrap();
    }
    let read = |path: PathBuf| -> Value {
        std::fs::read_to_string(path)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or(Value::Null)
    };
    assert_eq!(
        read(installed.join(package).join("package.json"))["version"],
        read(manifest.clone())["dependencies"][package],
        "{package} in {} is not the version {} pins",
        installed.display(),
        manifest.display()
    );
    // What an earlier install left: a folder of its own, or a link to another lockfile's.
    match std::fs::symlink_metadata(&modules) {
        Ok(m) if m.is_dir() => std::fs::remove_dir_all(&modules).unwrap(),
        Ok(_) => std::fs::remove_file(&modules).unwrap(),
        Err(_) => {}
    }
    std::os::unix::fs::symlink(&installed, &modules).unwrap();
}

fn agents() -> PathBuf {
    repo_root().join("tests/agents")
}

/// How many of the agent CLIs' tests run at once on this machine, across test processes and
/// the matrix's runs: each CLI is a few processes of node or a native binary that load for
/// seconds, and more at once starved them (Codex left its pane within 6 s in one run of three
/// runs at once).
const CLIS_AT_ONCE: usize = 2;

/// The pinned CLIs in tests/agents, installed when missing; and a turn to run them, held
/// until dropped (two at a time on the machine).
#[must_use = "the turn ends when it drops"]
pub fn install_clis() -> std::fs::File {
    let turn = crate::turn("agent-cli", CLIS_AT_ONCE);
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        if !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
            panic!(
                "the agent CLIs' tests run Claude Code's and Codex's Linux x86-64 binaries; this platform has none installed by tests/agents"
            );
        }
        for package in [
            "@anthropic-ai/claude-code",
            "@openai/codex",
            "@google/gemini-cli",
        ] {
            npm_ci(&agents(), package);
        }
    });
    turn
}

/// The stand-in model server: its port, and what it recorded.
pub struct Model {
    child: Child,
    pub port: u16,
    log: PathBuf,
}

impl Model {
    /// Answers each turn after the prompt it received, or, given `script` (a JSON file of
    /// `{tool, arguments}`), by calling those tools in turn.
    pub fn start(dir: &Path, script: Option<&Path>) -> Model {
        let (port_file, log) = (dir.join("model.port"), dir.join("model.log"));
        let child = Command::new("python3")
            .arg(repo_root().join("tests/programs/model_server.py"))
            .args([&port_file, &log])
            .arg("50")
            .args(script)
            .spawn()
            .expect("python3 runs the model server");
        let up = wait_until(Duration::from_secs(10), || port_file.exists());
        assert!(up, "the model server never listened");
        let port = std::fs::read_to_string(&port_file)
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        Model { child, port, log }
    }

    /// What it recorded, one entry per line of its log.
    pub fn log(&self) -> Vec<Value> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    /// The prompts of the turns it answered, in order.
    pub fn prompts(&self) -> Vec<String> {
        let log = self.log().into_iter();
        log.filter_map(|e| Some(e["prompt"].as_str()?.to_owned()))
            .collect()
    }

    /// When it began to answer each turn (after the turn's thinking), in order.
    pub fn answered_at(&self) -> Vec<SystemTime> {
        self.times("answered_at")
    }

    /// When each turn's last answer (after a tool's result, where it called one) was sent
    /// whole, in order.
    pub fn ended_at(&self) -> Vec<SystemTime> {
        self.times("ended_at")
    }

    fn times(&self, key: &str) -> Vec<SystemTime> {
        let log = self.log().into_iter();
        log.filter_map(|e| e[key].as_f64())
            .map(|secs| UNIX_EPOCH + Duration::from_secs_f64(secs))
            .collect()
    }
}

impl Drop for Model {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Ends every process started from under a folder (named in its command line, or working in
/// it): Codex leaves an app-server daemon of its own (`~/.codex/packages/app-server-daemon`)
/// running after it exits, and Gemini CLI outlives its pane's tmux server (both of its node
/// processes, about 165 MB each, working in the folder).
pub struct Reap(pub PathBuf);

impl Drop for Reap {
    fn drop(&mut self) {
        // A path inside the folder: the folder and a slash (`…-cli-1` must not match the
        // paths of `…-cli-13`, another test's).
        let under = format!("{}/", self.0.display());
        let from_here = |pid: i32| {
            let named = std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(&under));
            named
                || std::fs::read_link(format!("/proc/{pid}/cwd"))
                    .is_ok_and(|cwd| cwd.starts_with(&self.0))
        };
        let mine = || -> Vec<i32> {
            std::fs::read_dir("/proc")
                .into_iter()
                .flatten()
                .flatten()
                .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
                .filter(|&pid| from_here(pid))
                .collect()
        };
        for pid in mine() {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
        let gone = wait_until(Duration::from_secs(10), || mine().is_empty());
        assert!(
            gone || std::thread::panicking(),
            "processes from {under} outlived the test"
        );
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Cli {
    ClaudeCode,
    Codex,
    Gemini,
}

impl Cli {
    /// The most bytes of tmux-mcp's tool definitions (its default selection of 44) the CLI may
    /// send its model on each request, as the stand-in model sizes them: what each sent once
    /// patterns and bounds were left to the server and the descriptions cut (Claude Code
    /// 22,464, Codex 23,135, Gemini CLI 33,160, of which about 12,500 are Gemini CLI's own
    /// `wait_for_previous` argument on every tool), with room for one more argument. They were
    /// 33,571, 28,470 and 45,485 before.
    pub fn most_tool_bytes(self) -> u64 {
        match self {
            Cli::ClaudeCode => 23_000,
            Cli::Codex => 23_700,
            Cli::Gemini => 33_800,
        }
    }

    /// The CLI's name to `tmux-mcp setup`.
    pub fn setup_name(self) -> &'static str {
        match self {
            Cli::ClaudeCode => "claude",
            Cli::Codex => "codex",
            Cli::Gemini => "gemini",
        }
    }

    /// Where the pinned CLIs' commands are.
    pub fn bin() -> PathBuf {
        agents().join("node_modules/.bin")
    }

    /// Writes the configuration a person would have made (onboarding done, the folder `work`
    /// trusted, the stand-in model's address) in `home`; returns the environment the CLI then
    /// needs and its command.
    pub fn configure(
        self,
        home: &Path,
        work: &Path,
        port: u16,
    ) -> (Vec<(&'static str, String)>, &'static str) {
        let url = format!("http://127.0.0.1:{port}");
        let write = |path: &str, text: String| {
            let path = home.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        let work = work.display();
        match self {
            Cli::ClaudeCode => {
                write(
                    ".claude.json",
                    json!({
                        "hasCompletedOnboarding": true,
                        "theme": "dark",
                        "numStartups": 5,
                        "projects": {work.to_string(): {"hasTrustDialogAccepted": true, "hasCompletedProjectOnboarding": true}}
                    })
                    .to_string(),
                );
                let vars = vec![
                    ("ANTHROPIC_BASE_URL", url),
                    ("ANTHROPIC_AUTH_TOKEN", "stand-in".into()),
                    ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1".into()),
                    ("DISABLE_AUTOUPDATER", "1".into()),
                ];
                (vars, "claude")
            }
            Cli::Codex => {
                write(
                    ".codex/config.toml",
                    format!(
                        "model = \"stand-in\"\nmodel_provider = \"stand-in\"\ncheck_for_update_on_startup = false\n\n[model_providers.stand-in]\nname = \"stand-in\"\nbase_url = \"{url}/v1\"\nenv_key = \"STAND_IN_KEY\"\nwire_api = \"responses\"\n\n[projects.\"{work}\"]\ntrust_level = \"trusted\"\n"
                    ),
                );
                (vec![("STAND_IN_KEY", "stand-in".into())], "codex")
            }
            Cli::Gemini => {
                write(
                    ".gemini/settings.json",
                    json!({
                        "security": {"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": false}},
                        "general": {"disableAutoUpdate": true, "disableUpdateNag": true},
                        "privacy": {"usageStatisticsEnabled": false},
                        "ui": {"hideTips": true}
                    })
                    .to_string(),
                );
                let vars = vec![
                    ("GEMINI_API_KEY", "stand-in".into()),
                    ("GOOGLE_GEMINI_BASE_URL", url),
                ];
                (vars, "gemini")
            }
        }
    }
}

/// The first fenced block under the Clients page's `## {heading}`, and the page's path.
pub fn page_block(heading: &str) -> String {
    let page = repo_root().join("generated-docs/src/clients.md");
    let text = std::fs::read_to_string(&page).unwrap();
    let section = text
        .split(&format!("\n## {heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("{} has no section {heading}", page.display()));
    let block = section.split("```").nth(1).expect("a fenced block");
    // Past the language tag.
    block.split_once('\n').expect("a tagged block").1.to_owned()
}

/// `text` with `from` replaced once, which must be there.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(
        text.contains(from),
        "the Clients page changed: {from:?} not in\n{text}"
    );
    text.replacen(from, to, 1)
}

/// The Clients page's entry for `cli`.
pub fn entry(cli: Cli) -> String {
    page_block(match cli {
        Cli::ClaudeCode => "Claude Code",
        Cli::Codex => "Codex",
        Cli::Gemini => "Gemini CLI",
    })
}

/// Registers a server named `tmux` in `cli` with `entry` (the Clients page's), started by
/// `server` (its command, then its arguments) in place of the entry's `tmux-mcp`.
fn register(
    cli: Cli,
    entry: &str,
    server: &[String],
    home: &Path,
    work: &Path,
    env: &[(String, String)],
) {
    let (command, args) = server.split_first().expect("a server command");
    match cli {
        Cli::ClaudeCode => {
            let line = entry.lines().next().unwrap();
            let line = replaced(line, "-- tmux-mcp", &format!("-- {}", server.join(" ")));
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(words[0], "claude", "{line}");
            let out = Command::new(Cli::bin().join("claude"))
                .args(&words[1..])
                .current_dir(work)
                .env_clear()
                .envs(env.iter().map(|(k, v)| (k, v)))
                .output()
                .unwrap();
            assert!(out.status.success(), "{line}: {out:?}");
        }
        Cli::Codex => {
            let block = replaced(
                entry,
                r#"command = "tmux-mcp""#,
                &format!("command = {command:?}"),
            );
            let block = replaced(&block, "args = []", &format!("args = {args:?}"));
            let config = home.join(".codex/config.toml");
            let mut text = std::fs::read_to_string(&config).unwrap();
            text.push('\n');
            text.push_str(&block);
            std::fs::write(&config, text).unwrap();
        }
        Cli::Gemini => {
            let mut entry: Value = serde_json::from_str(entry).unwrap();
            assert_eq!(
                entry["mcpServers"]["tmux"]["command"], "tmux-mcp",
                "the Clients page changed: {entry}"
            );
            let tmux = &mut entry["mcpServers"]["tmux"];
            tmux["command"] = json!(command);
            tmux["args"] = json!(args);
            let settings = home.join(".gemini/settings.json");
            let mut all: Value =
                serde_json::from_str(&std::fs::read_to_string(&settings).unwrap()).unwrap();
            all["mcpServers"] = entry["mcpServers"].take();
            std::fs::write(&settings, all.to_string()).unwrap();
        }
    }
}

/// What a CLI did with a script of calls ([`run_script`]): what it printed, and what the
/// stand-in model recorded.
pub struct ScriptRun {
    pub stdout: String,
    pub log: Vec<Value>,
}

impl ScriptRun {
    /// The size of each tool definition the CLI's first request with tools sent its model, by
    /// the CLI's name for it.
    pub fn first_tools(&self) -> &Map<String, Value> {
        self.log
            .iter()
            .find_map(|e| e["tools"].as_object())
            .expect("a request offered tools")
    }

    /// The bytes of the definitions of the server registered as `tmux` that the CLI's first
    /// request with tools sent its model: those it names `mcp__tmux__…` (Claude Code, Codex)
    /// or `mcp_tmux_…` (Gemini CLI).
    /// None offered is a failure, not a figure: the CLI went on without the server.
    pub fn server_tool_bytes(&self) -> u64 {
        let tools = self.first_tools();
        let bytes = tools
            .iter()
            .filter(|(name, _)| name.starts_with("mcp__tmux__") || name.starts_with("mcp_tmux_"))
            .filter_map(|(_, size)| size.as_u64())
            .sum();
        assert!(
            bytes > 0,
            "the CLI's first request offered none of the server's tools, only {:?}",
            tools.keys().collect::<Vec<_>>()
        );
        bytes
    }
}

/// How a test registers the server in a CLI.
#[derive(Clone, Copy)]
pub enum Registration<'a> {
    /// As the Clients page's entry says, its `tmux-mcp` replaced by the server's command and
    /// arguments.
    Page(&'a str),
    /// As `tmux-mcp setup CLI --write` adds it to the CLI's own file, that command run as
    /// the server's (with its arguments) in the person's shell.
    Setup,
}

/// Has `cli`, with a server registered as `registration` says and started by `server`
/// (command, then arguments), run `calls` (the stand-in model making them one by one, then
/// answering `SCRIPT DONE`), as a person's shell would start it, with its tmux under
/// `tmux_tmpdir`.
pub fn run_script(
    cli: Cli,
    registration: Registration,
    server: &[String],
    tmux_tmpdir: &Path,
    calls: &[&Value],
) -> ScriptRun {
    let _turn = install_clis();
    let dir = crate::TempDir::new("client-cli");
    let _reap = Reap(dir.path.clone());
    let (home, work) = (dir.path.join("home"), dir.path.join("work"));
    std::fs::create_dir_all(&work).unwrap();
    let script_file = dir.path.join("script.json");
    std::fs::write(&script_file, serde_json::to_string(calls).unwrap()).unwrap();
    let model = Model::start(&dir.path, Some(&script_file));

    let (vars, program) = cli.configure(&home, &work, model.port);
    // What a person's shell has: their PATH (with this tmux), HOME, and where their tmux lives.
    let path = format!(
        "{}:{}",
        Cli::bin().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut env: Vec<(String, String)> = vec![
        ("PATH".into(), path),
        ("HOME".into(), home.display().to_string()),
        ("TMUX_TMPDIR".into(), tmux_tmpdir.display().to_string()),
    ];
    env.extend(vars.into_iter().map(|(k, v)| (k.to_owned(), v)));
    match registration {
        Registration::Page(entry) => register(cli, entry, server, &home, &work, &env),
        Registration::Setup => {
            let name = cli.setup_name();
            let out = Command::new(&server[0])
                .args(&server[1..])
                .args(["setup", name, "--via", "installed", "--write"])
                .current_dir(&work)
                .env_clear()
                .envs(env.iter().map(|(k, v)| (k, v)))
                .output()
                .unwrap();
            assert!(out.status.success(), "setup {name} --write: {out:?}");
        }
    }

    let mut command = Command::new(Cli::bin().join(program));
    match cli {
        Cli::ClaudeCode => command.args(["-p", "RUN SCRIPT", "--allowedTools", "mcp__tmux"]),
        Cli::Codex => command.args(["exec", "--skip-git-repo-check", "RUN SCRIPT"]),
        Cli::Gemini => command.args(["-p", "RUN SCRIPT"]),
    };
    // Into files: a pipe nobody reads while it runs could fill and stop it.
    let (stdout, stderr) = (dir.path.join("stdout"), dir.path.join("stderr"));
    let child = command
        .current_dir(&work)
        .env_clear()
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(std::fs::File::create(&stderr).unwrap())
        .spawn()
        .unwrap();
    let ended = finish(child, Duration::from_secs(180));
    let said = std::fs::read_to_string(&stdout).unwrap();
    let stderr = std::fs::read_to_string(&stderr).unwrap();
    assert!(
        ended,
        "{cli:?} still ran after 180 s\nstdout: {said}\nstderr: {stderr}"
    );
    let log = model.log();
    let results = log.iter().filter(|e| e.get("call").is_some()).count();
    assert!(
        said.contains("SCRIPT DONE") && results == calls.len(),
        "{cli:?} did not run the script: {results} of {} calls came back\nstdout: {said}\nstderr: {stderr}\nlog: {log:#?}",
        calls.len(),
    );
    ScriptRun { stdout: said, log }
}

/// Waits up to `limit` for `child` to end, killing it then; whether it ended by itself.
fn finish(mut child: Child, limit: Duration) -> bool {
    let ended = wait_until(limit, || child.try_wait().unwrap().is_some());
    if !ended {
        let _ = child.kill();
    }
    let _ = child.wait();
    ended
}
