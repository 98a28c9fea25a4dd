//! Private tmux servers (`World`): each test's own `TMUX_TMPDIR` and `HOME`, what runs in
//! them, and cleaning up every process they started.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::PoisonError;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::transport::TokioChildProcess;
use tmux::process::Reader;

use crate::*;

/// A tmux world of its own: a private TMUX_TMPDIR (so socket names, including the dedicated
/// `libtmux-mcp`, never meet the user's) and HOME. Every server started in it is killed on drop.
pub struct World {
    pub dir: TempDir,
    /// The servers run in this process for it (`here.rs`), ended before its tmux.
    pub(crate) here: std::sync::Mutex<Vec<crate::here::Here>>,
}

impl Default for World {
    fn default() -> Self {
        World::new()
    }
}

impl World {
    pub fn new() -> World {
        // A server run in this process has tmux pipe its panes to the built binary's hub.
        tmux::set_hub_program(crate::paths::profile_dir().join(crate::paths::SERVER));
        World {
            dir: TempDir::new("world"),
            here: std::sync::Mutex::default(),
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

    /// The panes of socket `name` that servers follow: those with a pipe open (`pipe-pane`),
    /// one a pane however many servers follow it.
    pub fn followers(&self, name: &str) -> usize {
        self.tmux(name, &["list-panes", "-a", "-F", "#{pane_pipe}"])
            .matches('1')
            .count()
    }

    /// The hubs living in this world (`tmux-mcp pipe-hub`): one a followed pane, started by
    /// tmux's `pipe-pane` and shared by the servers following it.
    pub fn hubs(&self) -> usize {
        self.hub_pids().len()
    }

    /// The hubs' pids.
    pub fn hub_pids(&self) -> Vec<u32> {
        self.processes(SERVER)
            .into_iter()
            .filter(|pid| is_hub(*pid))
            .collect()
    }

    /// Makes the tmux server on `name` count the syncs of this server's followed panes: every
    /// wait and input looks at its pane with a `display-message` once it has the point it reads
    /// the pane's output from, before it reads or types, so a count that moved says the call is
    /// under way.
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
                "after-display-message",
                // Only a follow's look at its pane after the point it reads the pane's output
                // from counts (its format begins `followed`): not this world's own.
                "if-shell -F '#{m:*followed #*,#{hook_arguments}}' \"set-option -gF @syncs '#{e|+:#{@syncs},1}'\"",
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

    /// The control-mode clients living in this world, counted as processes (`list-clients`
    /// leaves suspended clients out from tmux 3.7, sort.c sort_get_clients).
    pub fn control_clients(&self) -> usize {
        self.tmux_process_lines()
            .iter()
            .filter(|l| l.contains("-C\\0attach-session"))
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
                let state = Reader::Proc.stat(pid).map_or('?', |s| s.state);
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
        self.processes(SERVER).into_iter().find(|pid| !is_hub(*pid))
    }

    /// The processes whose name starts with `name` and whose environment holds this world's
    /// TMUX_TMPDIR.
    fn processes(&self, name: &str) -> Vec<u32> {
        processes_in(&self.dir.path, name)
    }

    /// Every socket file in this world's tmux directory.
    /// The path of socket `name`'s file (under `TMUX_TMPDIR/tmux-UID/`), once its server runs.
    pub fn socket_path(&self, name: &str) -> Option<PathBuf> {
        std::fs::read_dir(&self.dir.path)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("tmux-"))
            .map(|e| e.path().join(name))
            .find(|p| p.exists())
    }

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
    /// servers under test, those run here ended and waited for, the binaries killed (tmux
    /// ending makes them start tmux clients, and a client remakes its socket folder), then tmux, then whatever is left of what it started (a pane's shell
    /// writing its history on the hangup). Else the folder outlives the test, now and then.
    fn drop(&mut self) {
        let here = std::mem::take(self.here.get_mut().unwrap_or_else(PoisonError::into_inner));
        here.into_iter().for_each(crate::here::Here::end);
        kill_all_in(&self.dir.path, SERVER);
        for name in self.sockets() {
            if !name.ends_with(".lease") {
                let _ = self.try_tmux(&name, &["kill-server"]);
            }
        }
        kill_all_in(&self.dir.path, "");
    }
}

/// The resident set size of process `pid`, in KiB (0 if it is gone).
pub fn rss_kib(pid: u32) -> u64 {
    status_kib(pid, "VmRSS:")
}

/// CPU time of process `pid` so far, in clock ticks (user and system).
pub fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let field = |i: usize| fields.get(i).and_then(|f| f.parse().ok()).unwrap_or(0u64);
    field(11) + field(12)
}

/// The most resident memory process `pid` has had (`VmHWM`), in KiB; 0 when it is gone.
pub fn peak_kib(pid: u32) -> u64 {
    status_kib(pid, "VmHWM:")
}

/// A figure in KiB of process `pid`'s `/proc/PID/status` (`field` with its colon); 0 when
/// it is gone.
fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Whether process `pid` is a hub (its first argument `pipe-hub`), not a server.
fn is_hub(pid: u32) -> bool {
    std::fs::read(format!("/proc/{pid}/cmdline"))
        .is_ok_and(|line| line.split(|b| *b == 0).nth(1) == Some(b"pipe-hub"))
}

/// The processes whose name starts with `name` and whose environment holds TMUX_TMPDIR=`dir`
/// (what a world or a host started), or whose arguments name a path in `dir` (what a server
/// run in the test's own process started, with this process's environment: `here.rs`).
fn processes_in(dir: &Path, name: &str) -> Vec<u32> {
    use std::os::unix::ffi::OsStrExt;
    let inside = dir.as_os_str().as_bytes();
    let names_it = |pid: u32| {
        std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|line| {
            line.split(|b| *b == 0)
                .any(|arg| arg.starts_with(inside) && arg.get(inside.len()) == Some(&b'/'))
        })
    };
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            Reader::Proc
                .stat(*pid)
                .is_some_and(|s| s.name.starts_with(name))
        })
        .filter(|pid| {
            Reader::Proc
                .environment(*pid, "TMUX_TMPDIR")
                .is_some_and(|d| d == dir.as_os_str())
                || names_it(*pid)
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
