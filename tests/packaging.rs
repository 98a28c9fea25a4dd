//! The packages people install (issue 37), built from this tree and tried as a new user would:
//! with a fresh HOME and no Rust toolchain on PATH. Apart from the end-to-end binary because
//! nothing here depends on the tmux version: `cargo xtask test` runs it once, in the
//! workspace run, not against every tmux of the matrix.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value, json};
use tmux_mcp_tests::clis::{Cli, Registration, run_script};
use tmux_mcp_tests::sdks::{self, run_client};
use tmux_mcp_tests::{TempDir, World, repo_root};

/// The crates.io, PyPI and npm name; the command stays `tmux-mcp`.
const PUBLISHED: &str = "tmux-agent-mcp";
const VERSION: &str = env!("CARGO_PKG_VERSION");

fn packaging() -> PathBuf {
    repo_root().join("packaging")
}

/// tests/release, its pinned tools installed once (the tests that use them run at once).
fn release_tools() -> PathBuf {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    let dir = repo_root().join("tests/release");
    INSTALL.call_once(|| {
        for package in ["verdaccio", "@action-validator/cli"] {
            tmux_mcp_tests::clis::npm_ci(&dir, package);
        }
    });
    dir
}

fn run(command: &mut Command) -> Output {
    let out = command.output().expect("the command runs");
    assert!(
        out.status.success(),
        "{command:?} failed\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn json_file(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `cargo publish --dry-run --workspace`: every crate the binary needs packages and builds
/// from its packaged files alone (the manifest, the macro and the committed expansion
/// included), each against the others as packaged, in the order crates.io needs.
#[test]
fn every_crate_the_binary_needs_publishes_in_order() {
    let crates = [
        "tmux-agent-mcp-runtime",
        "tmux-agent-mcp-tmux",
        "tmux-agent-mcp-manifest",
        "tmux-agent-mcp-macros",
        PUBLISHED,
    ];
    // cargo builds each crate against the others from a registry of the packaged ones in the
    // target folder, unpacked under CARGO_HOME in a folder named by that registry's path, and
    // unpacks a version again only when it is not there; and it takes a registry crate it built
    // before, of the same version from the same registry, as fresh whatever its files say. In
    // the build folder kept between runs, an earlier tree's crates would pass for this one's
    // (CI run 14: no `tmux::feed`): their unpacked sources and their build records go first.
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cargo"));
    for registry in std::fs::read_dir(home.join("registry/src"))
        .into_iter()
        .flatten()
        .flatten()
    {
        for name in crates {
            let _ = std::fs::remove_dir_all(registry.path().join(format!("{name}-{VERSION}")));
        }
    }
    let built = tmux_mcp_tests::target_dir().join("packaging/debug");
    for (folder, prefix) in [(".fingerprint", "-"), ("deps", "_")] {
        for entry in std::fs::read_dir(built.join(folder))
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            let ours = crates.iter().any(|c| {
                let c = c.replace('-', prefix);
                name.starts_with(&c) || name.starts_with(&format!("lib{c}"))
            });
            if ours {
                let path = entry.path();
                let _ = std::fs::remove_dir_all(&path).or_else(|_| std::fs::remove_file(&path));
            }
        }
    }
    let cargo = std::env::var_os("CARGO").unwrap_or("cargo".into());
    let out = run(Command::new(cargo)
        .current_dir(repo_root())
        .args([
            "publish",
            "--dry-run",
            "--workspace",
            "--locked",
            "--allow-dirty",
        ])
        // Its own folder: the packaged crates build there, apart from the tests' build.
        .arg("--target-dir")
        .arg(tmux_mcp_tests::target_dir().join("packaging")));
    let said = String::from_utf8_lossy(&out.stderr);
    let uploaded: Vec<&str> = said
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Uploading "))
        .filter_map(|l| l.split(' ').next())
        .collect();
    let position = |name: &str| {
        uploaded
            .iter()
            .position(|u| *u == name)
            .unwrap_or_else(|| panic!("{name} was not packaged: {said}"))
    };
    let [runtime, tmux, manifest, macros, server] = crates.map(position);
    assert!(runtime < manifest && manifest < macros && macros < server && tmux < server);
    assert_eq!(
        uploaded.len(),
        5,
        "only the binary's crates publish: {uploaded:?}"
    );
}

/// What a new user has: a fresh HOME, no Rust toolchain, and on PATH only `uv`/`uvx` (or
/// `node`/`npm`/`npx`), the tmux the tests use, and the system's own directories.
struct NewUser {
    dir: TempDir,
    /// What the channel's own tools read (uv's cache, npm's registry).
    settings: Vec<(String, String)>,
}

impl NewUser {
    fn new(tools: &[PathBuf], settings: &[(&str, String)]) -> NewUser {
        let dir = TempDir::new("new-user");
        std::fs::create_dir_all(dir.path.join("home")).unwrap();
        std::fs::create_dir_all(dir.path.join("bin")).unwrap();
        for tool in tools {
            std::os::unix::fs::symlink(tool, dir.path.join("bin").join(tool.file_name().unwrap()))
                .unwrap();
        }
        let settings = settings
            .iter()
            .map(|(k, v)| {
                (
                    (*k).to_owned(),
                    v.replace("$HOME", &dir.path.join("home").display().to_string()),
                )
            })
            .collect();
        let user = NewUser { dir, settings };
        for compiler in ["cargo", "rustc", "rustup"] {
            assert!(
                user.path()
                    .split(':')
                    .all(|d| !Path::new(d).join(compiler).exists()),
                "{compiler} is on the new user's PATH {}",
                user.path()
            );
        }
        user
    }

    fn home(&self) -> PathBuf {
        self.dir.path.join("home")
    }

    fn path(&self) -> String {
        let tmux = which("tmux");
        format!(
            "{}:{}:/usr/bin:/bin",
            self.dir.path.join("bin").display(),
            tmux.parent().unwrap().display()
        )
    }

    /// The environment of the user's shell: PATH, HOME, and where their tmux lives.
    fn env(&self, world: &World) -> Vec<(String, String)> {
        let mut env = vec![
            ("PATH".into(), self.path()),
            ("HOME".into(), self.home().display().to_string()),
            ("TMUX_TMPDIR".into(), world.tmpdir().display().to_string()),
        ];
        env.extend(self.settings.iter().cloned());
        env
    }

    fn command(&self, world: &World, program: &str) -> Command {
        let mut command = Command::new(program);
        command
            .env_clear()
            .envs(self.env(world))
            .current_dir(self.home());
        command
    }
}

fn which(program: &str) -> PathBuf {
    std::env::var("PATH")
        .unwrap_or_default()
        .split(':')
        .map(|d| Path::new(d).join(program))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{program} is not on PATH"))
}

/// Has an official SDK (`client`: its program and script in tests/clients) start the server
/// with `command args`, in the user's environment, and drive it: list the sessions, type a
/// line, wait for its output.
fn drive(world: &World, user: &NewUser, client: (PathBuf, &str), command: &str, args: &[String]) {
    world.start_server("work");
    let mut args = args.to_vec();
    args.extend(["-L".into(), "work".into()]);
    let env: serde_json::Map<String, Value> = user
        .env(world)
        .into_iter()
        .map(|(k, v)| (k, json!(v)))
        .collect();
    let calls = [
        json!({"name": "list_sessions", "arguments": {}}),
        json!({"name": "send_keys", "arguments": {"pane": "%0", "text": "echo pack''aged", "enter": true}}),
        json!({"name": "wait_for_text", "arguments": {"pane": "%0", "patterns": ["packaged"], "seconds": 10}}),
    ];
    let plan =
        json!({"command": command, "args": args, "mode": "auto", "env": env, "calls": calls});
    let records = run_client(world, client, &plan);
    let calls: Vec<&Value> = records.iter().filter(|r| r["kind"] == "call").collect();
    assert_eq!(calls.len(), 3, "{records:#?}");
    for call in &calls {
        assert_eq!(call["isError"], false, "{call}");
    }
    assert_eq!(
        calls[0]["structured"]["sessions"][0]["name"], "main",
        "{}",
        calls[0]
    );
    assert_eq!(calls[2]["structured"]["outcome"], "matched", "{}", calls[2]);
}

/// The PyPI wheel, built here with maturin as the release does (a dev build), manylinux2014,
/// carries both commands; `uvx --offline --from WHEEL tmux-mcp check`
/// works for a new user, and the Python SDK starts the server through `uvx … tmux-agent-mcp`
/// (the executable named like the package, which `uvx tmux-agent-mcp` runs).
#[test]
fn the_wheel_runs_under_uvx_for_a_new_user() {
    let python = sdks::venv(&packaging());
    let venv_bin = python.parent().unwrap().to_owned();
    let wheels = TempDir::new("wheels");
    // Linked by zig against glibc 2.17's symbols, as the release's manylinux2014 container
    // does: the wheel installs on any glibc Linux from 2014 on, whatever glibc built it.
    let path = format!(
        "{}:{}",
        venv_bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    run(Command::new(venv_bin.join("maturin"))
        .current_dir(packaging().join("pypi"))
        .env("PATH", path)
        .args(["build", "--profile", "dev", "--quiet", "--zig"])
        .args(["--compatibility", "manylinux2014", "--out"])
        .arg(&wheels.path));
    let wheel = std::fs::read_dir(&wheels.path)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "whl"))
        .expect("maturin wrote a wheel");
    let name = wheel.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with(&format!("tmux_agent_mcp-{VERSION}-py3-none-manylinux2014_"))
            && name.contains(".manylinux_2_17_"),
        "a manylinux wheel of this version: {name}"
    );
    let listed = run(Command::new(&python)
        .args(["-m", "zipfile", "-l"])
        .arg(&wheel));
    let listed = String::from_utf8_lossy(&listed.stdout);
    for command in ["tmux-mcp", PUBLISHED] {
        assert!(
            listed.contains(&format!("tmux_agent_mcp-{VERSION}.data/scripts/{command} ")),
            "the wheel carries {command}: {listed}"
        );
    }
    let metadata = run(Command::new(&python)
        .args([
            "-c",
            "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); \
         print(z.read(next(n for n in z.namelist() if n.endswith('METADATA'))).decode())",
        ])
        .arg(&wheel));
    assert!(
        String::from_utf8_lossy(&metadata.stdout)
            .contains(&format!("mcp-name: {}", registry_name())),
        "the wheel's README has the MCP Registry's mcp-name line"
    );

    let world = World::new();
    let user = NewUser::new(
        &[venv_bin.join("uv"), venv_bin.join("uvx")],
        // uv's cache in the fresh HOME, so nothing comes from an earlier run.
        &[
            ("UV_CACHE_DIR", "$HOME/.cache/uv".into()),
            ("UV_PYTHON_DOWNLOADS", "never".into()),
        ],
    );
    let from = [
        "--offline".to_owned(),
        "--from".into(),
        wheel.display().to_string(),
    ];
    let check = run(user
        .command(&world, "uvx")
        .args(&from)
        .args(["tmux-mcp", "check"]));
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(
        said.contains("tmux:") && said.contains("toolsets:"),
        "{said}"
    );
    // `setup` run through uvx gives entries that go through uvx again.
    let setup = run(user
        .command(&world, "uvx")
        .args(&from)
        .args([PUBLISHED, "setup", "claude"]));
    assert_eq!(
        String::from_utf8_lossy(&setup.stdout),
        "claude mcp add --scope user tmux -- uvx tmux-agent-mcp\n"
    );
    let mut args = from.to_vec();
    args.push(PUBLISHED.into());
    drive(&world, &user, (sdks::python(), "python.py"), "uvx", &args);
}

fn registry_name() -> String {
    json_file(&packaging().join("server.json"))["name"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// `packaging/server.json`, what the MCP Registry lists, is valid against the registry's
/// schema it names (2025-12-11, as the pinned skillsaw bundles it), and names this version,
/// the repository and the packages as they are published.
#[test]
fn the_registry_entry_is_valid_and_names_this_version() {
    let python = sdks::venv(&packaging());
    let file = packaging().join("server.json");
    run(Command::new(&python)
        .args([
            "-c",
            "import importlib.resources as r, json, sys, jsonschema\n\
             schema = json.loads((r.files('skillsaw') / 'schemas/mcp_registry/v2025_12_11/server.schema.json').read_text())\n\
             entry = json.load(open(sys.argv[1]))\n\
             assert entry['$schema'].endswith('/2025-12-11/server.schema.json'), entry['$schema']\n\
             jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).validate(entry)",
        ])
        .arg(&file));
    let entry = json_file(&file);
    assert_eq!(
        entry["version"], VERSION,
        "server.json's version is the crates'"
    );
    assert_eq!(entry["repository"]["url"], env!("CARGO_PKG_REPOSITORY"));
    let name = registry_name();
    let owner = entry["repository"]["url"]
        .as_str()
        .unwrap()
        .trim_start_matches("https://github.com/")
        .split('/')
        .next()
        .unwrap()
        .to_owned();
    assert!(
        name.starts_with(&format!("io.github.{owner}/")),
        "the registry checks a GitHub namespace against the repository's owner: {name}"
    );
    let mut kinds = Vec::new();
    for package in entry["packages"].as_array().unwrap() {
        assert_eq!(package["identifier"], PUBLISHED, "{package}");
        assert_eq!(package["version"], VERSION, "{package}");
        assert_eq!(package["transport"]["type"], "stdio", "{package}");
        kinds.push(package["registryType"].as_str().unwrap().to_owned());
    }
    assert_eq!(kinds, ["pypi", "npm"]);
    let readme = std::fs::read_to_string(packaging().join("pypi/README.md")).unwrap();
    assert!(readme.contains(&format!("mcp-name: {name}")), "{readme}");
}

/// A throwaway npm registry (verdaccio, pinned in tests/release) on a loopback port, with
/// one user whose token `npm publish` uses; stopped when dropped.
struct Registry {
    child: std::process::Child,
    url: String,
    npmrc: PathBuf,
    _dir: TempDir,
}

impl Registry {
    fn start() -> Registry {
        let dir = TempDir::new("npm-registry");
        let registry = release_tools();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let config = dir.path.join("config.yaml");
        std::fs::write(
            &config,
            format!(
                "storage: {storage}\nmax_body_size: 200mb\n\
                 auth:\n  htpasswd:\n    file: {htpasswd}\n    max_users: 1\n\
                 uplinks: {{}}\npackages:\n  '**':\n    access: $all\n    publish: $authenticated\n\
                 log: {{ type: stdout, format: pretty, level: error }}\n",
                storage = dir.path.join("storage").display(),
                htpasswd = dir.path.join("htpasswd").display(),
            ),
        )
        .unwrap();
        let child = Command::new(registry.join("node_modules/.bin/verdaccio"))
            .arg("--config")
            .arg(&config)
            .arg("--listen")
            .arg(format!("127.0.0.1:{port}"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("verdaccio starts");
        let url = format!("http://127.0.0.1:{port}");
        let registry = Registry {
            child,
            url,
            npmrc: dir.path.join("npmrc"),
            _dir: dir,
        };
        assert!(
            tmux_mcp_tests::wait_until(std::time::Duration::from_secs(60), || {
                std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
            }),
            "verdaccio did not listen on {port} within 60 s"
        );
        // A user, and the token npm publishes with.
        let made = run(Command::new("node").arg("-e").arg(format!(
            "fetch('{}/-/user/org.couchdb.user:publisher', {{method: 'PUT', \
             headers: {{'content-type': 'application/json'}}, \
             body: JSON.stringify({{name: 'publisher', password: 'publisher-password'}})}})\
             .then(r => r.json()).then(j => {{ if (!j.token) throw new Error(JSON.stringify(j)); console.log(j.token) }})",
            registry.url
        )));
        let token = String::from_utf8_lossy(&made.stdout).trim().to_owned();
        let host = registry.url.trim_start_matches("http:");
        std::fs::write(&registry.npmrc, format!("{host}/:_authToken={token}\n")).unwrap();
        registry
    }

    fn publish(&self, package: &Path) {
        run(Command::new("npm")
            .current_dir(package)
            .args(["publish", "--loglevel=error", "--registry", &self.url])
            .arg("--userconfig")
            .arg(&self.npmrc));
    }
}

impl Drop for Registry {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The npm packages: `tmux-agent-mcp` (a `bin` shim, both commands) and one package per
/// platform carrying the binary, as esbuild and Codex ship theirs. Published to a throwaway
/// registry started here, `npx -y tmux-agent-mcp check` works for a new user, and the
/// TypeScript SDK starts the server through `npx -y tmux-agent-mcp`. Only this machine's
/// platform package is built here; the others are built by the release workflow on their own
/// runners (npm skips an optional dependency it cannot find, as the test shows).
#[test]
fn the_npm_package_runs_under_npx_for_a_new_user() {
    // npm's name for this machine's platform, whose package is built here.
    let platform = match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => "linux-x64",
        ("linux", "aarch64") => "linux-arm64",
        ("macos", "x86_64") => "darwin-x64",
        ("macos", "aarch64") => "darwin-arm64",
        (os, arch) => panic!("tmux-agent-mcp has no npm package for {os} on {arch}"),
    };
    let npm = packaging().join("npm");
    let main = json_file(&npm.join("tmux-agent-mcp/package.json"));
    assert_eq!(main["name"], PUBLISHED);
    assert_eq!(
        main["version"], VERSION,
        "package.json's version is the crates'"
    );
    assert_eq!(main["mcpName"], registry_name().as_str());
    for (platform, pinned) in main["optionalDependencies"].as_object().unwrap() {
        assert_eq!(pinned, VERSION, "{platform}");
    }
    let out = TempDir::new("npm-packages");
    run(Command::new("node")
        .arg(npm.join("platform.mjs"))
        .arg(platform)
        .arg(tmux_mcp_tests::binary().parent().unwrap())
        .arg(&out.path));
    let registry = Registry::start();
    registry.publish(&out.path.join(format!("tmux-agent-mcp-{platform}")));
    registry.publish(&npm.join("tmux-agent-mcp"));

    let world = World::new();
    let user = NewUser::new(
        &[],
        &[
            ("npm_config_registry", registry.url.clone()),
            ("npm_config_cache", "$HOME/.npm".into()),
            ("npm_config_update_notifier", "false".into()),
        ],
    );
    let check = run(user.command(&world, "npx").args(["-y", PUBLISHED, "check"]));
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(
        said.contains("tmux:") && said.contains("toolsets:"),
        "{said}"
    );
    let setup = run(user
        .command(&world, "npx")
        .args(["-y", PUBLISHED, "setup", "claude"]));
    assert_eq!(
        String::from_utf8_lossy(&setup.stdout),
        "claude mcp add --scope user tmux -- npx -y tmux-agent-mcp\n",
        "setup run through npx gives entries that go through npx again"
    );
    sdks::install_typescript();
    let args = ["-y".to_owned(), PUBLISHED.into()];
    drive(
        &world,
        &user,
        ("node".into(), "typescript.mjs"),
        "npx",
        &args,
    );
}

/// `tmux-mcp setup CLI --write`, run in a person's shell whose CLI is set up (its own file
/// already there, with their settings), adds an entry the real CLI reads: each starts the
/// server from it and its model gets a call's result. The CLI still reaches its stand-in model,
/// whose address is among the settings the file already held.
#[test]
fn setup_writes_entries_the_real_clis_start_the_server_from() {
    let world = World::new();
    world.start_server("work");
    let server = [
        tmux_mcp_tests::binary().display().to_string(),
        "-L".into(),
        "work".into(),
    ];
    let call = json!({"tool": "list_sessions", "arguments": {}});
    for cli in [Cli::ClaudeCode, Cli::Codex, Cli::Gemini] {
        let run = run_script(cli, Registration::Setup, &server, world.tmpdir(), &[&call]);
        let result = run
            .log
            .iter()
            .find(|e| e.get("call").is_some())
            .unwrap_or_else(|| panic!("{cli:?}: no result reached the model: {:#?}", run.log));
        assert!(
            result["result"]
                .to_string()
                .contains(r#"\"name\":\"main\""#)
                || result["result"].to_string().contains(r#""name":"main""#),
            "{cli:?}: the model got the sessions: {result}"
        );
    }
}

/// The targets a release builds binaries for (the workflow's `binaries` matrix).
fn release_targets(workflow: &serde_yaml::Value) -> Vec<(String, String)> {
    workflow["jobs"]["binaries"]["strategy"]["matrix"]["include"]
        .as_sequence()
        .expect("the binaries job's matrix")
        .iter()
        .map(|row| {
            let field = |k: &str| row[k].as_str().unwrap().to_owned();
            (field("target"), field("npm"))
        })
        .collect()
}

/// The release workflow is valid (action-validator, pinned in tests/release, checks it
/// against the workflow schema and its paths), and what it builds is what the packages name:
/// its targets are the Homebrew formula's and cargo binstall's, its npm platforms the npm
/// package's, and every file of packaging/ it runs is there. The workflow itself runs only on
/// GitHub's runners (macOS and arm64 among them), not here.
#[test]
fn the_release_workflow_is_valid_and_builds_what_the_packages_name() {
    let tools = release_tools();
    let file = repo_root().join(".github/workflows/release.yml");
    run(
        Command::new(tools.join("node_modules/.bin/action-validator"))
            .current_dir(repo_root())
            .arg(&file),
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let workflow: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let targets = release_targets(&workflow);
    let formula =
        std::fs::read_to_string(packaging().join("homebrew/tmux-agent-mcp.rb.in")).unwrap();
    let main = json_file(&packaging().join("npm/tmux-agent-mcp/package.json"));
    let mut platforms: Vec<String> = main["optionalDependencies"]
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.trim_start_matches("tmux-agent-mcp-").to_owned())
        .collect();
    let mut built: Vec<String> = targets.iter().map(|(_, npm)| npm.clone()).collect();
    platforms.sort();
    built.sort();
    assert_eq!(
        built, platforms,
        "the npm package's platforms are the ones built"
    );
    for (target, npm) in &targets {
        assert!(
            formula.contains(&format!("@SHA256:{target}@")),
            "the formula has {target}"
        );
        assert!(
            text.contains(&format!("{target}:{npm}")),
            "the npm job packs {target} as {npm}"
        );
    }
    let sums = formula.matches("@SHA256:").count();
    assert_eq!(
        sums,
        targets.len(),
        "the formula names only targets that are built"
    );
    // The scripts its steps run, and the folders they run in.
    let scripts = text
        .split_whitespace()
        .filter(|w| w.starts_with("packaging/") && (w.ends_with(".sh") || w.ends_with(".mjs")));
    let folders = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("working-directory:"))
        .chain(
            text.split("cd ")
                .skip(1)
                .filter_map(|r| r.split([' ', '\n']).next()),
        )
        .map(str::trim)
        .filter(|d| d.starts_with("packaging"));
    let used: Vec<&str> = scripts.chain(folders).collect();
    assert!(used.len() >= 5, "{used:?}");
    for used in used {
        assert!(
            repo_root().join(used).exists(),
            "the workflow uses {used}, which is not there"
        );
    }
}

/// What the release attaches, made here from this machine's binaries under each release
/// target's name (the names are what is checked; the binaries for those targets are built on
/// GitHub's runners): each archive holds both commands where cargo binstall's metadata looks,
/// its `.sha256` checks with `sha256sum -c`, the same binaries give the same archive, and the
/// Homebrew formula renders with every sum and is valid Ruby.
#[test]
fn release_archives_sums_binstall_and_formula_agree() {
    let bin_dir = tmux_mcp_tests::binary().parent().unwrap().to_owned();
    let out = TempDir::new("release");
    let workflow: serde_yaml::Value = serde_yaml::from_str(
        &std::fs::read_to_string(repo_root().join(".github/workflows/release.yml")).unwrap(),
    )
    .unwrap();
    let cargo_toml: serde_yaml::Value = {
        // server/Cargo.toml's binstall table, read through `cargo metadata`.
        let cargo = std::env::var_os("CARGO").unwrap_or("cargo".into());
        let meta = run(Command::new(cargo).current_dir(repo_root()).args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--locked",
        ]));
        let all: Value = serde_json::from_slice(&meta.stdout).unwrap();
        let server = all["packages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == PUBLISHED)
            .unwrap()
            .clone();
        serde_yaml::to_value(&server["metadata"]["binstall"]).unwrap()
    };
    let archive = repo_root().join("packaging/release/archive.sh");
    for (target, _) in release_targets(&workflow) {
        let made = run(Command::new(&archive)
            .arg(&target)
            .arg(&bin_dir)
            .arg(&out.path));
        let path = PathBuf::from(String::from_utf8_lossy(&made.stdout).trim());
        let name = format!("{PUBLISHED}-{VERSION}-{target}.tar.gz");
        assert_eq!(path.file_name().unwrap().to_string_lossy(), name);
        run(Command::new("sha256sum")
            .current_dir(&out.path)
            .args(["-c", &format!("{name}.sha256")]));
        let listed = run(Command::new("tar").arg("-tzf").arg(&path));
        let listed = String::from_utf8_lossy(&listed.stdout);
        // Where binstall looks: its bin-dir for this target (an override for Linux's gnu
        // targets points at the musl archive), as the template renders it.
        let row = cargo_toml["overrides"]
            .as_mapping()
            .and_then(|o| {
                o.iter().find_map(|(gnu, row)| {
                    let gnu = gnu.as_str()?;
                    (gnu.replace("-gnu", "-musl") == target).then_some(row)
                })
            })
            .unwrap_or(&cargo_toml);
        for template in ["pkg-url", "bin-dir"] {
            assert!(
                row[template].is_string(),
                "binstall's {template} for {target}"
            );
        }
        let render = |template: &str, bin: &str| {
            template
                .replace("{ repo }", env!("CARGO_PKG_REPOSITORY"))
                .replace("{ version }", VERSION)
                .replace("{ target }", &target)
                .replace("{ bin }", bin)
                .replace("{ binary-ext }", "")
        };
        let url = render(row["pkg-url"].as_str().unwrap(), "");
        assert!(
            url.ends_with(&format!("/releases/download/v{VERSION}/{name}")),
            "{url}"
        );
        for command in ["tmux-mcp", PUBLISHED] {
            let inside = render(row["bin-dir"].as_str().unwrap(), command);
            assert!(listed.lines().any(|l| l == inside), "{inside} in {listed}");
        }
        for file in ["README.md", "LICENSE"] {
            let dir = name.trim_end_matches(".tar.gz");
            assert!(
                listed.lines().any(|l| l == format!("{dir}/{file}")),
                "{file} in {listed}"
            );
        }
        // Reproducible: the same binaries, the same bytes.
        let first = std::fs::read(&path).unwrap();
        run(Command::new(&archive)
            .arg(&target)
            .arg(&bin_dir)
            .arg(&out.path));
        assert!(
            std::fs::read(&path).unwrap() == first,
            "{name} is made the same twice"
        );
    }
    let rendered = run(
        Command::new(repo_root().join("packaging/homebrew/render.sh"))
            .arg(VERSION)
            .arg(&out.path),
    );
    let formula = String::from_utf8_lossy(&rendered.stdout).into_owned();
    assert!(
        !formula.contains('@'),
        "every placeholder filled: {formula}"
    );
    assert!(formula.contains("depends_on \"tmux\""));
    let file = out.path.join("tmux-agent-mcp.rb");
    std::fs::write(&file, &formula).unwrap();
    let checked = run(Command::new("ruby").arg("-c").arg(&file));
    assert!(String::from_utf8_lossy(&checked.stdout).contains("Syntax OK"));
}
