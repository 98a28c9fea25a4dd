//! Shared test support: private tmux servers, the built binary, a real MCP client over stdio,
//! and checks that committed generated files are current.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

pub type Client = RunningService<RoleClient, ()>;

mod arguments;
pub mod clis;
pub mod sdks;
pub mod sshd;
pub use arguments::{
    MAX_BYTES_PER_TOOL, MEAN_BYTES_PER_TOOL, Targets, default_tool_count, valid_arguments,
};

/// The features of the tmux on PATH, which these tests start their servers with.
pub fn tmux_features() -> tmux::Features {
    let out = Command::new("tmux")
        .arg("-V")
        .output()
        .expect("run tmux -V");
    tmux::Version::parse(&String::from_utf8_lossy(&out.stdout)).features()
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The folder of what cargo built this test into: `target/<profile>` (of the clone, or of the
/// cache `cargo xtask test` builds in).
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps")
        .to_path_buf()
}

/// cargo's build folder this test was built in, for builds of the tests' own.
pub fn target_dir() -> PathBuf {
    profile_dir()
        .parent()
        .expect("target/<profile>")
        .to_path_buf()
}

/// The server's binary's name (short enough for /proc/PID/comm, which holds 15 bytes).
const SERVER: &str = "tmux-mcp";

/// The `tmux-mcp` binary that `cargo test --workspace` built beside this test.
pub fn binary() -> PathBuf {
    let bin = profile_dir().join(SERVER);
    assert!(
        bin.is_file(),
        "{} is missing: run the tests with `cargo test --workspace` so the binary is built",
        bin.display()
    );
    // `cargo test -p tmux-mcp-tests` alone does not rebuild the binary.
    let built = std::fs::metadata(&bin).and_then(|m| m.modified()).ok();
    let newest_source = [
        "server/src",
        "tmux/src",
        "runtime/src",
        "manifest/src",
        "manifest/tools.yaml",
        "macros/src",
    ]
    .iter()
    .filter_map(|p| newest(&repo_root().join(p)))
    .max();
    if let (Some(built), Some(source)) = (built, newest_source) {
        assert!(
            built >= source,
            "{} is older than its sources: run `cargo test --workspace` (or `cargo build -p tmux-agent-mcp`) first",
            bin.display()
        );
    }
    bin
}

/// The newest modification time of a file, or of any file under a directory, leaving out the committed expansion of the
/// macro, which the tests themselves rewrite and nothing compiles.
fn newest(path: &Path) -> Option<std::time::SystemTime> {
    if path.ends_with("catalog.expanded.rs") {
        return None;
    }
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_dir() {
        return meta.modified().ok();
    }
    std::fs::read_dir(path)
        .ok()?
        .flatten()
        .filter_map(|e| newest(&e.path()))
        .max()
}

/// rust-analyzer's pattern for committed generated files: when `path` differs from
/// `contents`, write the new contents (outside CI) and fail, so the change gets committed.
pub fn ensure_file_contents(path: &Path, contents: &str) {
    let old = std::fs::read_to_string(path).unwrap_or_default();
    if old == contents {
        return;
    }
    let shown = path
        .strip_prefix(repo_root())
        .unwrap_or(path)
        .display()
        .to_string();
    if std::env::var_os("CI").is_none() {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create parent directory");
        }
        std::fs::write(path, contents).expect("write generated file");
        panic!("{shown} was not up to date and has been updated; review and commit it");
    }
    panic!(
        "{shown} is not up to date; run the tests locally to regenerate it and commit the result"
    );
}

/// A private directory, removed on drop.
pub struct TempDir {
    pub path: PathBuf,
}

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("tmcp-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create temp dir");
        TempDir { path }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// A tmux format that prints 1 for a client that is one of the server's output streams: a
/// control client that ignores size and has output (its command client has none), and 0 for
/// any other.
pub const IS_FOLLOWER: &str =
    "#{?#{m:*no-output*,#{client_flags}},0,#{?#{m:*ignore-size*,#{client_flags}},1,0}}";

/// A tmux world of its own: a private TMUX_TMPDIR (so socket names, including the dedicated
/// `libtmux-mcp`, never meet the user's) and HOME. Every server started in it is killed on drop.
pub struct World {
    pub dir: TempDir,
}

impl Default for World {
    fn default() -> Self {
        World::new()
    }
}

impl World {
    pub fn new() -> World {
        World {
            dir: TempDir::new("world"),
        }
    }

    pub fn tmpdir(&self) -> &Path {
        &self.dir.path
    }

    /// The environment a process in this world gets (nothing inherited but PATH).
    pub fn base_env(&self) -> Vec<(String, String)> {
        vec![
            ("PATH".into(), std::env::var("PATH").unwrap_or_default()),
            ("HOME".into(), self.dir.path.display().to_string()),
            ("TMUX_TMPDIR".into(), self.dir.path.display().to_string()),
            ("TMPDIR".into(), self.dir.path.display().to_string()),
        ]
    }

    /// Runs tmux on socket `name` in this world; panics with tmux's message on failure.
    pub fn tmux(&self, name: &str, args: &[&str]) -> String {
        let out = self.try_tmux(name, args);
        assert!(
            out.status.success(),
            "tmux -L {name} {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// How many lines `pane` of server `name` holds in its history (0 when it cannot be read).
    pub fn history_size(&self, name: &str, pane: &str) -> u64 {
        self.tmux(
            name,
            &["display-message", "-p", "-t", pane, "#{history_size}"],
        )
        .trim()
        .parse()
        .unwrap_or(0)
    }

    /// `-u`: the environment has no UTF-8 locale, without which tmux prints `_` for every
    /// non-ASCII character.
    pub fn try_tmux(&self, name: &str, args: &[&str]) -> Output {
        let mut cmd = Command::new("tmux");
        cmd.env_clear()
            .envs(self.base_env())
            .arg("-u")
            .arg("-L")
            .arg(name)
            .args(args);
        cmd.output().expect("run tmux")
    }

    /// Kills the server on socket `name` and waits until it has really gone: `kill-server`
    /// returns while the server is still shutting down, and a command sent then fails with
    /// "server exited unexpectedly".
    pub fn kill_server(&self, name: &str) {
        self.tmux(name, &["kill-server"]);
        let refused = || {
            let out = self.try_tmux(name, &["display-message", "-p", "#{pid}"]);
            let err = String::from_utf8_lossy(&out.stderr);
            err.contains("no server running") || err.contains("error connecting")
        };
        assert!(
            wait_until(Duration::from_secs(10), refused),
            "the tmux server on {name} did not exit"
        );
    }

    /// Starts a server on socket `name` with one 80x24 session `main` running `sh`, no user config.
    pub fn start_server(&self, name: &str) {
        self.start_server_sized(name, 80, 24);
    }

    /// [`World::start_server`] with a `width` x `height` session.
    pub fn start_server_sized(&self, name: &str, width: u16, height: u16) {
        let (width, height) = (width.to_string(), height.to_string());
        // tmux 3.2a sizes a new window like the client that creates it (this `tmux` command,
        // 80x24 less a status line), whatever -x and -y say; fixed sizes give the windows the
        // session's size as later versions do while no client is attached.
        let fixed: &[&str] = if tmux_features().has(tmux::Feature::CreatorSizesNewWindows) {
            &[
                "start-server",
                ";",
                "set-option",
                "-g",
                "window-size",
                "manual",
                ";",
            ]
        } else {
            &[]
        };
        self.tmux(
            name,
            &[
                &["-f", "/dev/null"][..],
                fixed,
                &[
                    "new-session",
                    "-d",
                    "-s",
                    "main",
                    "-x",
                    &width,
                    "-y",
                    &height,
                    "sh",
                ],
            ]
            .concat(),
        );
    }

    /// Attaches a person's real client to server `name` (to `session`, or where tmux's
    /// `attach-session` picks without a target) from a pane of another tmux server, `outer`,
    /// whose `width` x `height` pane gives it a terminal.
    pub fn attach_person(&self, name: &str, session: Option<&str>, width: u16, height: u16) {
        let (width, height) = (width.to_string(), height.to_string());
        let mut args = vec![
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            &width,
            "-y",
            &height,
            "env",
            "-u",
            "TMUX",
            "tmux",
            "-u",
            "-L",
            name,
            "attach-session",
        ];
        if let Some(session) = session {
            args.extend(["-t", session]);
        }
        self.tmux("outer", &args);
    }

    pub fn server_alive(&self, name: &str) -> bool {
        self.try_tmux(name, &["display-message", "-p", "#{pid}"])
            .status
            .success()
    }

    /// The server's output streams on socket `name`, one per session it follows.
    pub fn followers(&self, name: &str) -> usize {
        self.tmux(name, &["list-clients", "-F", IS_FOLLOWER])
            .matches('1')
            .count()
    }

    /// Makes the tmux server on `name` count the syncs of this server's output streams: every
    /// wait and input syncs its pane's stream with a `list-clients` before it reads or types, so
    /// a count that moved says the call is under way.
    pub fn count_syncs(&self, name: &str) {
        self.tmux(
            name,
            &[
                "set-option",
                "-g",
                "@syncs",
                "0",
                ";",
                "set-hook",
                "-g",
                "after-list-clients",
                // Only an output stream's list-clients counts: not this world's own.
                &format!(
                    "if-shell -F '{IS_FOLLOWER}' \"set-option -gF @syncs '#{{e|+:#{{@syncs}},1}}'\""
                ),
            ],
        );
    }

    /// The count [`World::count_syncs`] keeps.
    pub fn syncs(&self, name: &str) -> u64 {
        self.tmux(name, &["show-options", "-gv", "@syncs"])
            .trim()
            .parse()
            .unwrap_or(0)
    }

    /// Waits until the tmux server is the only tmux process left in this world: every client
    /// (the server's control client, a wait's watcher) has gone.
    pub fn assert_only_the_server_is_left(&self) {
        assert!(
            wait_until(Duration::from_secs(5), || self.tmux_processes() == 1),
            "tmux processes left; only the server itself should be:\n{}",
            self.tmux_process_lines().join("\n")
        );
    }

    /// This server's command clients living in this world, counted as processes: the client
    /// is suspended, and `list-clients` leaves suspended clients out from tmux 3.7 (sort.c
    /// sort_get_clients).
    pub fn command_clients(&self) -> usize {
        self.tmux_process_lines()
            .iter()
            .filter(|l| l.contains("-C\\0attach-session") && l.contains("no-output"))
            .count()
    }

    /// Whether a tmux process of this world runs the command `verb` (a `tmux wait-for` a
    /// wait started, say).
    pub fn runs_tmux(&self, verb: &str) -> bool {
        let argument = format!("\\0{verb}\\0");
        self.tmux_process_lines()
            .iter()
            .any(|l| l.contains(&argument))
    }

    /// tmux processes (servers and clients) living in this world: those whose environment
    /// holds its TMUX_TMPDIR.
    pub fn tmux_processes(&self) -> usize {
        self.tmux_process_lines().len()
    }

    /// The command lines of [`World::tmux_processes`], their arguments joined by `\0`, each
    /// after its process id and state (`T` for stopped) for a failure to name them.
    fn tmux_process_lines(&self) -> Vec<String> {
        self.processes("tmux")
            .into_iter()
            .map(|pid| {
                let state = tmux::process::Stat::read(pid).map_or('?', |s| s.state);
                let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
                format!(
                    "{pid} {state} {}",
                    String::from_utf8_lossy(&cmdline).replace('\0', "\\0")
                )
            })
            .collect()
    }

    /// The process of the MCP server this world's client started (the one whose environment
    /// holds this world's TMUX_TMPDIR and whose name is the binary's), for its memory.
    pub fn mcp_server_pid(&self) -> Option<u32> {
        self.processes(SERVER).into_iter().next()
    }

    /// The processes whose name starts with `name` and whose environment holds this world's
    /// TMUX_TMPDIR.
    fn processes(&self, name: &str) -> Vec<u32> {
        processes_in(&self.dir.path, name)
    }

    /// Every socket file in this world's tmux directory.
    pub fn sockets(&self) -> Vec<String> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(&self.dir.path)
            .into_iter()
            .flatten()
            .flatten()
        {
            if entry.file_name().to_string_lossy().starts_with("tmux-") {
                for sock in std::fs::read_dir(entry.path())
                    .into_iter()
                    .flatten()
                    .flatten()
                {
                    out.push(sock.file_name().to_string_lossy().into_owned());
                }
            }
        }
        out.sort();
        out
    }

    /// Runs the binary to completion (no stdin).
    pub fn run(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(binary());
        cmd.env_clear()
            .envs(self.base_env())
            .envs(env.iter().copied())
            .args(args)
            .stdin(Stdio::null());
        cmd.output().expect("run tmux-mcp")
    }

    /// Spawns the server and connects a real MCP client to it over stdio.
    pub async fn client(&self, args: &[&str], env: &[(&str, &str)]) -> Client {
        let mut cmd = tokio::process::Command::new(binary());
        cmd.env_clear()
            .envs(self.base_env())
            .envs(env.iter().copied())
            .args(args);
        let (transport, _stderr) = TokioChildProcess::builder(cmd)
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn tmux-mcp");
        ().serve(transport).await.expect("MCP handshake")
    }
}

impl World {
    /// Starts the server inside a new window of `session` on the tmux server on socket `name`,
    /// as an agent in a pane does, with stdio on FIFOs and a real MCP client on them. `env` goes
    /// to env(1) before the command (`-u TMUX -u TMUX_PANE` is the reduced environment MCP
    /// clients start servers with). Returns the client and the pane's id.
    pub async fn client_in_pane(
        &self,
        name: &str,
        session: &str,
        env: &[&str],
        args: &[&str],
    ) -> (Client, String) {
        use tokio::net::unix::pipe;
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let fifo = |end: &str| self.dir.path.join(format!("pane-{n}-{end}"));
        let (input, output) = (fifo("in"), fifo("out"));
        for path in [&input, &output] {
            assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
        }
        let quote = tmux::socket::shell_quote;
        // Not exec'd: the pane's shell stays its process, and the server is its child, as an
        // agent's servers are.
        let mut command = vec!["env".to_owned()];
        command.extend(env.iter().map(|e| quote(e)));
        command.push(quote(&binary().display().to_string()));
        command.extend(args.iter().map(|a| quote(a)));
        command.push(format!(
            "<{} >{} 2>{}",
            input.display(),
            output.display(),
            fifo("stderr").display()
        ));
        let pane = self.tmux(
            name,
            &[
                "new-window",
                "-d",
                "-t",
                &format!("{session}:"),
                "-P",
                "-F",
                "#{pane_id}",
                &command.join(" "),
            ],
        );
        // Read-write: a FIFO read before the server has opened its end would see end of file.
        let from_server = pipe::OpenOptions::new()
            .read_write(true)
            .open_receiver(&output)
            .expect("open the server's stdout");
        // Opening the write end fails until the pane's shell has opened the read end.
        let deadline = Instant::now() + Duration::from_secs(10);
        let to_server = loop {
            match pipe::OpenOptions::new().open_sender(&input) {
                Ok(sender) => break sender,
                Err(_) if Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                Err(e) => panic!("the server in the pane never opened its stdin: {e}"),
            }
        };
        let client = ().serve((from_server, to_server)).await.expect("MCP handshake");
        (client, pane.trim().to_owned())
    }
}

impl Drop for World {
    /// Everything that writes into the world's folder stops before the folder goes: first the
    /// servers under test (tmux ending makes them start tmux clients, and a client remakes its
    /// socket folder), then tmux, then whatever is left of what it started (a pane's shell
    /// writing its history on the hangup). Else the folder outlives the test, now and then.
    fn drop(&mut self) {
        kill_all_in(&self.dir.path, SERVER);
        for name in self.sockets() {
            if !name.ends_with(".lease") {
                let _ = self.try_tmux(&name, &["kill-server"]);
            }
        }
        kill_all_in(&self.dir.path, "");
    }
}

/// The tools a batch's published schema lets a row name, sorted: each inlined alternative's
/// constant, and the names of the one alternative for tools offered directly too.
pub fn batch_row_tools(batch: &rmcp::model::Tool) -> Vec<String> {
    let alternatives = batch.input_schema["properties"]["operations"]["items"]["oneOf"]
        .as_array()
        .expect("the batch's rows are oneOf its tools");
    let mut names: Vec<String> = alternatives
        .iter()
        .flat_map(|a| {
            let tool = &a["properties"]["tool"];
            let names = match tool.get("enum").and_then(Value::as_array) {
                Some(names) => names.iter().collect(),
                None => vec![&tool["const"]],
            };
            names
                .into_iter()
                .filter_map(|n| n.as_str().map(str::to_owned))
        })
        .collect();
    names.sort();
    names
}

/// The seeds' example: a client that may only read, through the batch, and never
/// `show_environment`.
pub const BATCH_ONLY_SEED: [(&str, &str); 3] = [
    ("LIBTMUX_TOOLSETS", ""),
    ("LIBTMUX_TOOLS", "call_read_tools_batch"),
    ("LIBTMUX_EXCLUDE_TOOLS", "show_environment"),
];

/// Each of the 16 subsets of the four toolsets, with its bit mask (bit i: toolset i chosen).
pub fn toolset_subsets() -> impl Iterator<Item = (u32, Vec<&'static str>)> {
    const ALL: [&str; 4] = ["inspect", "manage", "execute", "teardown"];
    (0..16u32).map(|mask| {
        let chosen = ALL
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, t)| *t)
            .collect();
        (mask, chosen)
    })
}

/// Holds the install lock of `dir` (a file `.install-lock` in it) until dropped: tests run as
/// processes of their own (nextest) and the matrix's runs at once, and two installs into one
/// folder (`npm ci`'s link) would break each other.
pub fn installing(dir: &Path) -> std::fs::File {
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(".install-lock"))
        .unwrap_or_else(|e| panic!("cannot open the install lock in {}: {e}", dir.display()));
    lock.lock()
        .unwrap_or_else(|e| panic!("cannot take the install lock in {}: {e}", dir.display()));
    lock
}

/// One of `slots` turns named `name` on this machine (a lock file under the system's temporary
/// folder), held until dropped: tests of processes of their own, and of the matrix's runs at
/// once, take turns at what would starve one another.
pub fn turn(name: &str, slots: usize) -> std::fs::File {
    let dir = std::env::temp_dir().join("tmcp-turns");
    std::fs::create_dir_all(&dir).expect("create the turns' folder");
    let open = |slot: usize| {
        std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(format!("{name}-{slot}")))
            .expect("open a turn's lock file")
    };
    // Long: a turn waits for the tests before it, several minutes of them on a loaded machine.
    let deadline = Instant::now() + Duration::from_secs(1800);
    loop {
        for slot in 0..slots {
            let file = open(slot);
            if file.try_lock().is_ok() {
                return file;
            }
        }
        assert!(
            Instant::now() < deadline,
            "no turn at {name} within 30 minutes"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The resident set size of process `pid`, in KiB (0 if it is gone).
pub fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The path of the `tmux` on this process's PATH (the matrix's tmux under test), for a
/// wrapper that runs it.
pub fn tmux_on_path() -> String {
    let found = Command::new("sh")
        .args(["-c", "command -v tmux"])
        .output()
        .expect("run sh");
    String::from_utf8_lossy(&found.stdout).trim().to_owned()
}

/// The processes whose name starts with `name` and whose environment holds TMUX_TMPDIR=`dir`:
/// what a world or a host started.
fn processes_in(dir: &Path, name: &str) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| tmux::process::Stat::read(*pid).is_some_and(|s| s.name.starts_with(name)))
        .filter(|pid| {
            tmux::process::started_with(*pid, "TMUX_TMPDIR").is_some_and(|d| d == dir.as_os_str())
        })
        .collect()
}

/// Kills the processes [`processes_in`] finds, again while any is left (one may start while
/// the others go), and waits until they are gone (a killed process's environment reads empty,
/// so one not yet reaped is gone too), so that none writes into a folder about to go.
pub(crate) fn kill_all_in(dir: &Path, name: &str) {
    wait_until(Duration::from_secs(10), || {
        let pids = processes_in(dir, name);
        if !pids.is_empty() {
            let _ = Command::new("kill")
                .arg("-KILL")
                .args(pids.iter().map(u32::to_string))
                .stderr(Stdio::null())
                .status();
        }
        pids.is_empty()
    });
}

/// Polls `condition` until it holds or `timeout` passes.
pub fn wait_until(timeout: Duration, mut condition: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + timeout;
    loop {
        if condition() {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Calls a tool; a protocol error is returned as `Err`.
pub async fn call(
    client: &Client,
    name: &str,
    arguments: Value,
) -> Result<CallToolResult, ServiceError> {
    let params = match arguments {
        Value::Object(map) => CallToolRequestParams::new(name.to_owned()).with_arguments(map),
        _ => CallToolRequestParams::new(name.to_owned()),
    };
    // A server that never answers (one that killed its own pane, say) fails the test, not hangs it.
    tokio::time::timeout(Duration::from_secs(90), client.call_tool(params))
        .await
        .unwrap_or_else(|_| panic!("{name}: no reply within 90 s"))
}

/// The JSON-RPC error code of a protocol error.
pub fn error_code(e: &ServiceError) -> Option<i32> {
    match e {
        ServiceError::McpError(data) => Some(data.code.0),
        _ => None,
    }
}

/// The setting that makes the server read process state with `ps`, as off Linux.
pub const PROCESS_READER: &str = "LIBTMUX_PROCESS_READER";

/// A private tmux server `work` with session `main` (one `sh` pane, 80x24) and a client
/// offering all four toolsets on it.
pub struct Fixture {
    pub world: World,
    pub client: Client,
}

impl Fixture {
    pub async fn new() -> Fixture {
        Fixture::with_env(&[]).await
    }

    pub async fn with_env(env: &[(&str, &str)]) -> Fixture {
        let world = World::new();
        world.start_server("work");
        let mut all = vec![("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")];
        all.extend_from_slice(env);
        world.count_syncs("work");
        let client = world.client(&["-L", "work"], &all).await;
        let fixture = Fixture { world, client };
        fixture.wait_for_prompt("%0");
        fixture
    }

    /// A fixture whose tmux server runs each of `programs` in a window of its own, started and
    /// showing `ready` before the MCP server starts, as programs a person started earlier are;
    /// returns their panes too.
    pub async fn with_programs(programs: &[(&str, &str)]) -> (Fixture, Vec<String>) {
        Fixture::with_programs_ready_within(programs, Duration::from_secs(20)).await
    }

    /// [`Fixture::with_programs`] for programs that may take up to `ready` to show theirs
    /// (agents' CLIs, on a loaded machine).
    pub async fn with_programs_ready_within(
        programs: &[(&str, &str)],
        ready: Duration,
    ) -> (Fixture, Vec<String>) {
        let world = World::new();
        world.start_server("work");
        let panes: Vec<String> = programs
            .iter()
            .map(|(command, _)| {
                let args = ["new-window", "-d", "-P", "-F", "#{pane_id}", command];
                world.tmux("work", &args).trim().to_owned()
            })
            .collect();
        for (pane, (command, shows)) in panes.iter().zip(programs) {
            let screen = || world.tmux("work", &["capture-pane", "-p", "-t", pane]);
            let up = wait_until(ready, || screen().contains(shows));
            assert!(up, "{command} never showed {shows:?}:\n{}", screen());
        }
        world.count_syncs("work");
        let env = [("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown")];
        let client = world.client(&["-L", "work"], &env).await;
        let fixture = Fixture { world, client };
        fixture.wait_for_prompt("%0");
        (fixture, panes)
    }

    /// `pane` as the three tools that describe it say: get_pane_info's pane, list_panes' row
    /// and snapshot_pane's reply.
    pub async fn pane_views(&self, pane: &str) -> [Value; 3] {
        let info = self.ok("get_pane_info", json!({"pane": pane})).await["pane"].clone();
        let listed = self.ok("list_panes", json!({})).await["panes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == pane)
            .cloned()
            .unwrap();
        let snapshot = self.ok("snapshot_pane", json!({"pane": pane})).await;
        [info, listed, snapshot]
    }

    /// tmux on this fixture's server.
    pub fn tmux(&self, args: &[&str]) -> String {
        self.world.tmux("work", args)
    }

    /// Makes a pane with `how` (`new-window …` or `split-window …`, without `-d -P -F`)
    /// running `command`, and returns its id.
    pub fn open(&self, how: &[&str], command: &str) -> String {
        let mut args = vec![how[0], "-d", "-P", "-F", "#{pane_id}"];
        args.extend(&how[1..]);
        args.push(command);
        self.tmux(&args).trim().to_owned()
    }

    /// `format` expanded for `target`, without the trailing newline.
    pub fn display(&self, target: &str, format: &str) -> String {
        self.tmux(&["display-message", "-p", "-t", target, format])
            .trim_end()
            .to_owned()
    }

    /// The pane's visible text.
    pub fn screen(&self, pane: &str) -> String {
        self.tmux(&["capture-pane", "-p", "-t", pane])
    }

    /// Waits until the pane's shell shows a prompt (its last non-blank line ends in `$ ` or `# `).
    pub fn wait_for_prompt(&self, pane: &str) {
        let ready = wait_until(Duration::from_secs(10), || {
            let screen = self.screen(pane);
            let last = screen
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or_default()
                .to_owned();
            last.trim_end().ends_with('$') || last.trim_end().ends_with('#')
        });
        assert!(ready, "no shell prompt in {pane}: {:?}", self.screen(pane));
    }

    /// The syncs of this server's output streams so far (see [`World::count_syncs`]).
    pub fn syncs(&self) -> u64 {
        self.world.syncs("work")
    }

    /// Waits until a wait or input started after [`Fixture::syncs`] said `before` has synced
    /// its pane's stream: from then on, what the pane prints is new to it. Polls, yielding
    /// between looks, so the call being waited for can make progress.
    pub async fn until_synced(&self, before: u64) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.syncs() <= before {
            assert!(
                Instant::now() < deadline,
                "no wait started following output"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Waits until `needle` is on the pane's screen.
    pub fn wait_for_screen(&self, pane: &str, needle: &str) {
        // Long: a deadline only bounds a failure, and the suite runs on two loaded cores.
        let seen = wait_until(Duration::from_secs(30), || {
            self.screen(pane).contains(needle)
        });
        assert!(
            seen,
            "{needle:?} never appeared in {pane}: {:?}",
            self.screen(pane)
        );
    }

    /// Calls a tool that must succeed; returns its structured output (see [`ok`]).
    pub async fn ok(&self, tool: &str, arguments: Value) -> Value {
        ok(&self.client, tool, arguments).await
    }

    /// Calls a tool that must fail as a tool error; returns its body (see [`fails`]).
    pub async fn fails(&self, tool: &str, arguments: Value) -> Value {
        fails(&self.client, tool, arguments).await
    }
}

/// Calls a tool that must succeed; returns its structured output, checked against the tool's
/// output schema (and no field beyond it).
pub async fn ok(client: &Client, tool: &str, arguments: Value) -> Value {
    let result = call(client, tool, arguments.clone())
        .await
        .unwrap_or_else(|e| panic!("{tool} {arguments}: protocol error {e}"));
    let body = result.structured_content.clone().unwrap_or(Value::Null);
    assert_ne!(
        result.is_error,
        Some(true),
        "{tool} {arguments} failed: {body}"
    );
    check_output(tool, &body);
    body
}

/// Calls a tool that must fail as a tool error; returns the `{message, kind, retryable}` body.
pub async fn fails(client: &Client, tool: &str, arguments: Value) -> Value {
    let result = call(client, tool, arguments.clone())
        .await
        .unwrap_or_else(|e| panic!("{tool} {arguments}: protocol error {e}"));
    assert_eq!(
        result.is_error,
        Some(true),
        "{tool} {arguments} should fail: {:?}",
        result.structured_content
    );
    payload(&serde_json::to_value(&result).expect("a result is JSON"))
}

pub async fn capabilities(client: &Client) -> Value {
    let read = client
        .read_resource(rmcp::model::ReadResourceRequestParams::new(
            "tmux://capabilities",
        ))
        .await
        .expect("read capabilities");
    let text = match &read.contents[0] {
        rmcp::model::ResourceContents::TextResourceContents { text, .. } => text.clone(),
        other => panic!("capabilities is not text: {other:?}"),
    };
    serde_json::from_str(&text).expect("capabilities is JSON")
}

/// What a tool result (a `CallToolResult` as JSON) carries: its `structuredContent`, or for an
/// `isError` result the error body its `_meta` holds (an error has no `structuredContent`),
/// checked to be what its text says.
pub fn payload(result: &Value) -> Value {
    if result["isError"] == true {
        assert!(result.get("structuredContent").is_none(), "{result}");
        let body = tmux_mcp::envelope::error_body(result)
            .unwrap_or_else(|| panic!("an error result without its body: {result}"))
            .clone();
        check_error_body(&body);
        check_error_text(result["content"][0]["text"].as_str(), &body);
        body
    } else {
        result["structuredContent"].clone()
    }
}

/// An error result's first text: its message and kind in words, never JSON (a client may take
/// a JSON object for the tool's output).
pub fn check_error_text(text: Option<&str>, body: &Value) {
    let text = text.unwrap_or_else(|| panic!("an error result without text: {body}"));
    assert!(
        serde_json::from_str::<Value>(text).is_err(),
        "an error's text is JSON: {text}"
    );
    let (message, kind) = (body["message"].as_str(), body["kind"].as_str());
    assert!(
        message.is_some_and(|m| text.starts_with(m))
            && kind.is_some_and(|k| text.contains(&format!("[{k}"))),
        "the error's text does not say its body: {text:?} for {body}"
    );
}

/// A tool error body: exactly `{message, kind, retryable}`, kind from the documented vocabulary.
pub fn check_error_body(body: &Value) {
    let kinds: Vec<&str> = tmux_mcp::catalog::ErrorKind::ALL
        .iter()
        .map(|k| k.as_str())
        .collect();
    let keys: Vec<&String> = body
        .as_object()
        .expect("error body is an object")
        .keys()
        .collect();
    assert_eq!(keys, ["kind", "message", "retryable"], "{body}");
    assert!(
        kinds.contains(&body["kind"].as_str().unwrap_or_default()),
        "{body}"
    );
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
}

/// Checks `value` against `tool`'s output schema: the validator the server uses for inputs,
/// plus a check that every object holds exactly the fields the schema declares.
pub fn check_output(tool: &str, value: &Value) {
    let id = tmux_mcp::catalog::ToolId::from_name(tool).expect("known tool");
    let schema: Value = serde_json::from_str(id.descriptor().output_schema).expect("schema");
    let mut copy = value.clone();
    if let Err(v) = tmux_mcp_runtime::validate(&schema, &mut copy) {
        panic!("{tool} output does not match its schema: {v}\n{value}");
    }
    // Exactly the declared fields: output schemas do not list `required`, because every
    // output field is always present.
    fn no_extra(tool: &str, schema: &Value, value: &Value, at: &str) {
        if let (Some(props), Some(map)) = (
            schema.get("properties").and_then(Value::as_object),
            value.as_object(),
        ) {
            for (k, v) in map {
                let prop = props
                    .get(k)
                    .unwrap_or_else(|| panic!("{tool}: {at}.{k} is not in the output schema"));
                no_extra(tool, prop, v, &format!("{at}.{k}"));
            }
            for k in props.keys() {
                assert!(
                    map.contains_key(k),
                    "{tool}: {at}.{k} is declared but missing"
                );
            }
        }
        if let (Some(items), Some(list)) = (schema.get("items"), value.as_array()) {
            for v in list {
                no_extra(tool, items, v, &format!("{at}[]"));
            }
        }
    }
    no_extra(tool, &schema, value, "");
}

/// A `tools/call` request line: `name` with `arguments`, under `id`.
pub fn call_request(id: u64, name: &str, arguments: &Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": name, "arguments": arguments}}).to_string()
}

/// A bare JSON-RPC peer over the server's stdio, for what an SDK client hides: exact response
/// bytes, malformed input, ids of any type.
pub struct RawClient {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    stdout: std::io::BufReader<std::process::ChildStdout>,
    /// Where the server's stderr goes.
    log: PathBuf,
}

impl RawClient {
    /// Spawns the server in `world` and completes the initialize handshake.
    pub fn start(world: &World, args: &[&str], env: &[(&str, &str)]) -> RawClient {
        let mut raw = RawClient::spawn(world, args, env);
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}});
        raw.send(&init.to_string());
        let reply = raw.line().expect("initialize reply");
        assert!(reply.contains("\"result\""), "{reply}");
        raw.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        raw
    }

    /// Spawns the server in `world` and says nothing to it yet.
    pub fn spawn(world: &World, args: &[&str], env: &[(&str, &str)]) -> RawClient {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let log = world.dir.path.join(format!(
            "stderr-{}.log",
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let mut child = Command::new(binary())
            .env_clear()
            .envs(world.base_env())
            .envs(env.iter().copied())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("stderr log"))
            .spawn()
            .expect("spawn tmux-mcp");
        let stdin = child.stdin.take();
        let stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        RawClient {
            child,
            stdin,
            stdout,
            log,
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Writes bytes as they are (part of a line, say).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin
            .write_all(bytes)
            .and_then(|()| stdin.flush())
            .expect("write to server");
    }

    /// Closes stdin, reads what the server still writes, and waits for it to exit.
    pub fn close_and_drain(mut self) -> (Vec<String>, std::process::ExitStatus) {
        drop(self.stdin.take());
        let mut lines = Vec::new();
        while let Some(line) = self.line() {
            lines.push(line);
        }
        (lines, self.child.wait().expect("wait for server"))
    }

    /// The next line the server writes, without its newline; `None` at end of output.
    pub fn line(&mut self) -> Option<String> {
        use std::io::BufRead;
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim_end_matches('\n').to_owned()),
        }
    }

    /// Sends a request and returns the raw response line and its parsed form.
    /// `tools/call` of `name` with `arguments`, as [`RawClient::request`] answers it.
    pub fn call(&mut self, id: u64, name: &str, arguments: Value) -> (String, Value) {
        self.request(
            json!(id),
            "tools/call",
            json!({"name": name, "arguments": arguments}),
        )
    }

    pub fn request(&mut self, id: Value, method: &str, params: Value) -> (String, Value) {
        self.send(
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string(),
        );
        loop {
            let line = self.line().expect("a response");
            let parsed: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("stdout carried non-JSON ({e}): {line:.200}"));
            if parsed.get("id") == Some(&id) {
                return (line, parsed);
            }
        }
    }

    /// What the server has written to stderr so far.
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Closes stdin without waiting: the server goes on to leave.
    pub fn close_stdin(&mut self) {
        drop(self.stdin.take());
    }

    /// Closes stdin and waits for the server to exit.
    pub fn finish(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        self.child.wait().expect("wait for server")
    }
}

impl Drop for RawClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
