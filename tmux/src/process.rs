//! What the system says of a pane's processes: a process's name, parent, process group and
//! its terminal's foreground group; which program has a pane's terminal; whether the pane's
//! shell is at its prompt. Read by one of two [`Reader`]s: Linux's `/proc`, or POSIX `ps`
//! (macOS, the BSDs), chosen by target and forced to `ps` on Linux to test it.

use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Where process facts are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// Linux's `/proc`: files, no process started.
    Proc,
    /// `ps -o pid=,ppid=,pgid=,tpgid=,stat=,comm=` and friends: POSIX fields, one `ps` per
    /// read.
    Ps,
}

static READER: OnceLock<Reader> = OnceLock::new();

impl Reader {
    /// This build's reader: `/proc` on Linux, `ps` elsewhere.
    pub const NATIVE: Reader = if cfg!(target_os = "linux") {
        Reader::Proc
    } else {
        Reader::Ps
    };

    /// Makes `reader` the one this process reads with; only the first choice counts (the
    /// server makes it at startup, before any read).
    pub fn choose(reader: Reader) {
        let _ = READER.set(reader);
    }

    /// The reader in use.
    pub fn current() -> Reader {
        *READER.get_or_init(|| Reader::NATIVE)
    }

    /// The stat of process `pid`, by this reader whichever one the process chose (a test
    /// reads by `/proc` beside a server that chose `ps`).
    pub fn stat(self, pid: u32) -> Option<Stat> {
        match self {
            Reader::Proc => Stat::from_proc(pid),
            Reader::Ps => Stat::from_ps(pid),
        }
    }

    /// A variable of the environment process `pid` started with: Linux's
    /// `/proc/PID/environ`, readable for this user's own processes. `ps` shows a process's
    /// environment only mixed into its arguments, so the portable reader says `None`.
    pub fn environment(self, pid: u32, name: &str) -> Option<std::ffi::OsString> {
        use std::os::unix::ffi::OsStrExt;
        match self {
            Reader::Proc => {
                let environ = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
                environ.split(|b| *b == 0).find_map(|entry| {
                    let value = entry.strip_prefix(name.as_bytes())?.strip_prefix(b"=")?;
                    Some(std::ffi::OsStr::from_bytes(value).to_owned())
                })
            }
            Reader::Ps => None,
        }
    }

    /// The process's arguments after its name, empty ones left out.
    fn arguments(self, pid: u32) -> Vec<String> {
        self.command_line(pid).into_iter().skip(1).collect()
    }

    /// The words process `pid` was started with, its program's first.
    fn command_line(self, pid: u32) -> Vec<String> {
        match self {
            Reader::Proc => std::fs::read(format!("/proc/{pid}/cmdline"))
                .unwrap_or_default()
                .split(|b| *b == 0)
                .filter(|a| !a.is_empty())
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect(),
            // ps joins them with spaces: an argument holding one reads as two, which the
            // questions asked of them (any not an option, or -c? a path to a program?) survive.
            Reader::Ps => ps(&["-o", "args=", "-p", &pid.to_string()])
                .unwrap_or_default()
                .split_whitespace()
                .map(str::to_owned)
                .collect(),
        }
    }

    /// Every process of process group `group`: its state and the kernel function it sleeps
    /// in, when known.
    fn group(self, group: i64) -> Option<Vec<(char, String)>> {
        let members: Vec<(char, String)> = match self {
            Reader::Proc => std::fs::read_dir("/proc")
                .ok()?
                .flatten()
                .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
                .filter_map(|p| Some((p, Stat::from_proc(p)?)))
                .filter(|(_, s)| s.pgrp == group)
                .map(|(p, stat)| {
                    let wchan =
                        std::fs::read_to_string(format!("/proc/{p}/wchan")).unwrap_or_default();
                    (stat.state, wchan.trim().to_owned())
                })
                .collect(),
            Reader::Ps => ps(&["-A", "-o", "pgid=,stat=,wchan="])?
                .lines()
                .filter_map(|line| {
                    let mut f = line.split_whitespace();
                    let pgid: i64 = f.next()?.parse().ok()?;
                    let state = f.next()?.chars().next()?;
                    let wchan = f.next().unwrap_or_default().to_owned();
                    (pgid == group).then_some((state, wchan))
                })
                .collect(),
        };
        (!members.is_empty()).then_some(members)
    }
}

/// `pid`'s parent, grandparent and so on, up to (not including) pid 1.
pub fn ancestors(pid: u32) -> impl Iterator<Item = u32> {
    std::iter::successors(parent(pid), |&p| parent(p))
}

/// The parent of `pid`, unless that is pid 1.
fn parent(pid: u32) -> Option<u32> {
    let ppid = Stat::read(pid)?.ppid;
    (ppid > 1).then_some(ppid)
}

/// A variable of the environment process `pid` started with, as the reader in use can tell
/// (Linux's `/proc` can; `ps` cannot).
pub fn started_with(pid: u32, name: &str) -> Option<std::ffi::OsString> {
    Reader::current().environment(pid, name)
}

/// The nearest ancestor of this process that was started with `name` set, its name, and the
/// value: what a client that starts servers with a reduced environment did not pass on.
pub fn inherited(name: &str) -> Option<(u32, String, std::ffi::OsString)> {
    ancestors(std::process::id()).find_map(|pid| {
        let value = started_with(pid, name)?;
        Some((pid, Stat::read(pid)?.name, value))
    })
}

/// This process's user.
pub fn uid() -> u32 {
    nix::unistd::getuid().as_raw()
}

/// What `ps ARGS` prints; `None` when it cannot run or fails (no such process).
fn ps(args: &[&str]) -> Option<String> {
    let out = Command::new("ps")
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The fields of a process this client reads (`/proc/PID/stat`'s, or `ps`'s).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stat {
    /// The command name, as the kernel keeps it (at most 15 bytes).
    pub name: String,
    /// `R` running, `S` sleeping, `Z` a zombie, …
    pub state: char,
    pub ppid: u32,
    /// The process group.
    pub pgrp: i64,
    /// The process group in the foreground of the process's terminal (-1 without one).
    pub tpgid: i64,
    /// When it started, in clock ticks after boot: from `/proc` only (`ps` gives it to the
    /// second, in a form of its own).
    pub started: Option<u64>,
    /// Where its program's code begins and ends and where its stack begins (`/proc` only):
    /// placed anew by every `exec`, at random where addresses are. 0 while an `exec` has not
    /// placed them; the kernel shows 1, 1 and 0 for a process it hides them of.
    pub mapped: [u64; 3],
}

impl Stat {
    /// `None` when there is no such process (or it cannot be read).
    pub fn read(pid: u32) -> Option<Stat> {
        Reader::current().stat(pid)
    }

    /// Fields are counted after the name's closing parenthesis, since the name itself may hold
    /// spaces and parentheses.
    fn from_proc(pid: u32) -> Option<Stat> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let (head, rest) = stat.rsplit_once(')')?;
        let name = head.split_once('(')?.1.to_owned();
        // After the name: state, ppid, pgrp, session, tty_nr, tpgid, …, starttime (the 20th),
        // …, startcode, endcode, startstack (the 24th to 26th).
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let number = |i: usize| fields.get(i).and_then(|t| t.parse().ok());
        Some(Stat {
            name,
            state: fields.first()?.chars().next()?,
            ppid: fields.get(1)?.parse().ok()?,
            pgrp: fields.get(2)?.parse().ok()?,
            tpgid: fields.get(5)?.parse().ok()?,
            started: number(19),
            mapped: [23, 24, 25].map(|i| number(i).unwrap_or(0)),
        })
    }

    /// The same fields from `ps`. Its `comm` is the name on Linux and the executable's path on
    /// macOS (with a `-` before a login shell's): the name is what follows the last `/`.
    fn from_ps(pid: u32) -> Option<Stat> {
        let out = ps(&[
            "-o",
            "pid=,ppid=,pgid=,tpgid=,stat=,comm=",
            "-p",
            &pid.to_string(),
        ])?;
        let line = out.lines().next()?;
        let mut fields = line.split_whitespace();
        let read: u32 = fields.next()?.parse().ok()?;
        let ppid = fields.next()?.parse().ok()?;
        let pgrp = fields.next()?.parse().ok()?;
        let tpgid = fields.next()?.parse().ok()?;
        let state = fields.next()?.chars().next()?;
        let comm = fields.collect::<Vec<_>>().join(" ");
        let name = comm
            .rsplit('/')
            .next()
            .unwrap_or(&comm)
            .trim_start_matches('-');
        (read == pid).then(|| Stat {
            name: name.chars().take(15).collect(),
            state,
            ppid,
            pgrp,
            tpgid,
            started: None,
            mapped: [0; 3],
        })
    }
}

/// Shells this client recognises at a prompt: all take POSIX syntax (`{ …; }`, `$?`, `trap`),
/// which what the server types into them relies on.
pub const SHELLS: &[&str] = &["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox"];

/// Where a pane's own process stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    /// A known, interactive shell, itself the terminal's foreground process group.
    AtPrompt,
    /// The process is no shell this client knows (its name).
    NotAShell(String),
    /// The process is tmux's own, forked for a pane that has just been made and not yet
    /// running its program (named as the server is, `tmux: server`).
    Starting,
    /// A shell running a script or a `-c` command.
    Scripted(String),
    /// A shell, but another process group has the terminal.
    Busy { shell: String, foreground: i64 },
    /// Nothing can be read of the process (it is gone).
    Unknown,
}

/// The name tmux's server process gives itself on Linux (`proc_start` sets the title `server
/// (socket)`, which compat/setproctitle.c makes `tmux: server` with `PR_SET_NAME`, cut at a
/// space to fit 15 bytes; 3.2a to next-3.8), and which a pane's process keeps from its fork
/// until it runs the pane's program.
const FORKED: &str = "tmux: server";

/// Whether the process `pid` (a pane's own) is a shell at its prompt.
pub fn prompt(pid: i64) -> Prompt {
    match u32::try_from(pid).ok().and_then(Stat::read) {
        Some(stat) => prompt_of(pid, stat),
        None => Prompt::Unknown,
    }
}

fn prompt_of(pid: i64, stat: Stat) -> Prompt {
    let Stat {
        name, pgrp, tpgid, ..
    } = stat;
    if name == FORKED {
        return Prompt::Starting;
    }
    if !SHELLS.contains(&name.as_str()) {
        return Prompt::NotAShell(name);
    }
    if tpgid != pgrp || pgrp != pid {
        return Prompt::Busy {
            shell: name,
            foreground: tpgid,
        };
    }
    let scripted = u32::try_from(pid).is_ok_and(|pid| {
        Reader::current()
            .arguments(pid)
            .iter()
            .any(|a| !a.starts_with('-') || a == "-c")
    });
    if scripted {
        Prompt::Scripted(name)
    } else {
        Prompt::AtPrompt
    }
}

/// What a pane's own process and its terminal are doing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terminal {
    /// The leader of the terminal's foreground process group, when it can be read.
    pub foreground: Option<Leader>,
    pub prompt: Prompt,
}

/// The process leading a terminal's foreground group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leader {
    pub pid: i64,
    pub name: String,
    started: Option<u64>,
    mapped: [u64; 3],
}

/// Which program a process runs, told without reading its files: see [`Leader::identity`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Identity {
    pid: i64,
    started: u64,
    name: String,
    mapped: [u64; 3],
}

impl Leader {
    /// Process `pid`, read whether or not it leads a group; `None` when it cannot be read.
    pub fn of(pid: i64) -> Option<Leader> {
        let stat = Stat::read(u32::try_from(pid).ok()?)?;
        Some(Leader {
            pid,
            name: stat.name,
            started: stat.started,
            mapped: stat.mapped,
        })
    }

    /// What tells this process's program from another's without reading its files: its pid
    /// and start time (no other process had both), its name and where its code and stack lie.
    /// An `exec` keeps the pid and start time, but places code and stack anew and names the
    /// process after the new program (or a script's interpreter, which may rename it back:
    /// `env` runs `node` for a script named `claude`, which calls itself `claude` again).
    /// `None` where the start time is unknown (read by `ps`), and where code and stack are not
    /// placed: a process in the middle of an `exec` (its arguments not readable yet, which the
    /// kernel places before them), or one whose places the kernel hides. Where addresses are
    /// not random, a program that runs itself again with arguments of the same lengths keeps
    /// its identity.
    pub fn identity(&self) -> Option<Identity> {
        if self.mapped.contains(&0) {
            return None;
        }
        Some(Identity {
            pid: self.pid,
            started: self.started?,
            name: self.name.clone(),
            mapped: self.mapped,
        })
    }
}

impl Terminal {
    /// Of a pane's own process `pid`; `None` when nothing can be read of it. Reads as little
    /// as it can: the process's stat, then the foreground leader's (unless that is the
    /// process itself) or, for a shell in the foreground, its arguments.
    pub fn of(pid: i64) -> Option<Terminal> {
        let stat = Stat::read(u32::try_from(pid).ok()?)?;
        let foreground = if stat.tpgid == pid {
            Some(Leader {
                pid,
                name: stat.name.clone(),
                started: stat.started,
                mapped: stat.mapped,
            })
        } else {
            Leader::of(stat.tpgid)
        };
        Some(Terminal {
            foreground,
            prompt: prompt_of(pid, stat),
        })
    }
}

/// The files process `pid` runs from, as absolute paths with links resolved: its executable
/// (Linux's `/proc/PID/exe`) and those of its first two arguments that are absolute paths (a
/// script an interpreter runs: `node /usr/lib/node_modules/@openai/codex/bin/codex.js`).
pub fn program_files(pid: i64) -> Vec<std::path::PathBuf> {
    let Ok(pid) = u32::try_from(pid) else {
        return Vec::new();
    };
    let reader = Reader::current();
    let mut files = Vec::new();
    // The kernel's path of the executable is absolute with its links resolved: one read, where
    // resolving it again would read each of its folders (every pane read asks this).
    if reader == Reader::Proc
        && let Ok(exe) = std::fs::read_link(format!("/proc/{pid}/exe"))
        && exe.is_file()
    {
        files.push(exe);
    }
    let words = reader.command_line(pid).into_iter().take(2);
    for word in words.filter(|w| w.starts_with('/')) {
        if let Ok(file) = std::fs::canonicalize(word)
            && file.is_file()
            && !files.contains(&file)
        {
            files.push(file);
        }
    }
    files
}

/// Kernel functions a sleeping process waits in that are no read of its terminal: a sleep, a
/// child's end, a signal. Linux's names, then the BSDs' (macOS's `ps` may name none).
const NOT_READING: &[&str] = &[
    "hrtimer_nanosleep",
    "do_nanosleep",
    "do_wait",
    "kernel_wait4",
    "do_sigtimedwait",
    "sigsuspend",
    "nanslp",
    "wait",
    "pause",
    "sigwait",
];

/// Whether process `pid` has ended (or is a zombie its parent has not reaped yet).
pub fn ended(pid: i64) -> bool {
    u32::try_from(pid)
        .ok()
        .and_then(Stat::read)
        .is_none_or(|stat| stat.state == 'Z')
}

/// Whether the program that has the terminal of the pane's process `pid` may read input:
/// `Some(false)` only when every process of the foreground group sleeps in a wait that is
/// no terminal read (a `sleep`, a shell waiting for a child); a process running, or waiting
/// in a read or a poll, may. `None` when the reader cannot say.
pub fn reads_input(pid: i64) -> Option<bool> {
    let group = Stat::read(u32::try_from(pid).ok()?)?.tpgid;
    let members = Reader::current().group(group)?;
    Some(
        members
            .iter()
            .any(|(state, wchan)| *state != 'S' || !NOT_READING.contains(&wchan.as_str())),
    )
}

#[cfg(test)]
mod tests {
    use super::{Reader, Stat, ancestors, parent};

    /// The portable reader says what `/proc` says, of processes that hold still: this test's
    /// parent (cargo, nextest, or a shell) and a `sleep`. Of arguments holding a space (a
    /// nextest filter, say) `ps` prints no boundaries (see `Reader::arguments`): they are
    /// compared as one line.
    #[test]
    fn ps_reads_what_proc_reads() {
        use std::os::unix::process::CommandExt;
        let mut sleeping = std::process::Command::new("sleep")
            .arg("30")
            .process_group(0)
            .spawn()
            .expect("sleep");
        let parent = Stat::from_proc(std::process::id()).expect("/proc").ppid;
        for pid in [parent, sleeping.id()] {
            let (proc, ps) = (Reader::Proc.stat(pid), Reader::Ps.stat(pid));
            let strip = |s: Option<Stat>| s.map(|s| (s.name, s.ppid, s.pgrp, s.tpgid));
            assert_eq!(strip(proc), strip(ps), "{pid}");
            let line = |arguments: Vec<String>| arguments.join(" ");
            assert_eq!(
                line(Reader::Proc.arguments(pid)),
                line(Reader::Ps.arguments(pid)),
                "{pid}"
            );
        }
        assert_eq!(Reader::Ps.stat(u32::MAX), None);
        // The group of the sleep: it sleeps in a wait that is no read, by either reader.
        let group = i64::from(sleeping.id());
        let quiet = |members: Option<Vec<(char, String)>>| {
            members.map(|m| m.iter().all(|(state, _)| *state == 'S'))
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while quiet(Reader::Proc.group(group)) != Some(true) {
            assert!(std::time::Instant::now() < deadline, "sleep never slept");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(Reader::Proc.group(group), Reader::Ps.group(group));
        let _ = sleeping.kill();
        let _ = sleeping.wait();
    }

    #[test]
    fn a_tmux_servers_own_name_is_that_of_a_pane_not_started_yet() {
        let dir = std::env::temp_dir().join(format!("tmux-mcp-forked-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tmux = |args: &[&str]| {
            let out = std::process::Command::new("tmux")
                .env("TMUX_TMPDIR", &dir)
                .env_remove("TMUX")
                .args(["-L", "forked", "-f", "/dev/null"])
                .args(args)
                .output()
                .expect("tmux on PATH");
            String::from_utf8_lossy(&out.stdout).trim().to_owned()
        };
        let server = tmux(&["new-session", "-d", ";", "display-message", "-p", "#{pid}"]);
        let prompt = super::prompt(server.parse().unwrap_or(i64::MAX));
        tmux(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(prompt, super::Prompt::Starting, "tmux server pid {server}");
    }

    #[test]
    fn this_test_process_is_not_a_shell_at_a_prompt() {
        let me = i64::from(std::process::id());
        assert!(matches!(super::prompt(me), super::Prompt::NotAShell(_)));
        assert_eq!(super::prompt(i64::MAX), super::Prompt::Unknown);
        assert_eq!(super::Terminal::of(i64::MAX), None);
        let own = super::Terminal::of(me).expect("/proc");
        assert!(matches!(own.prompt, super::Prompt::NotAShell(_)));
    }

    #[test]
    fn this_process_has_a_parent_and_a_group() {
        let own = Stat::read(std::process::id()).expect("/proc");
        assert!(own.ppid > 0 && own.pgrp > 0, "{own:?}");
        assert!(!own.name.is_empty());
        assert_eq!(Stat::read(u32::MAX), None);
    }

    /// The start time and the program's place are the stat's fields: a child started after
    /// this process started after it and before now (in Linux's 100 ticks a second since
    /// boot), and runs another program, placed elsewhere.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_child_started_after_this_process_and_runs_elsewhere() {
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .expect("sleep");
        let own = Stat::from_proc(std::process::id()).expect("/proc");
        // Read once its exec has placed it: just spawned, it may be in the middle of it.
        let placed = || Stat::from_proc(child.id()).filter(|s| !s.mapped.contains(&0));
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let theirs = loop {
            if let Some(stat) = placed() {
                break stat;
            }
            assert!(std::time::Instant::now() < deadline, "sleep never ran");
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        let uptime = std::fs::read_to_string("/proc/uptime").expect("/proc/uptime");
        let seconds: f64 = uptime.split_whitespace().next().unwrap().parse().unwrap();
        let now = (seconds * 100.0) as u64 + 1;
        let _ = child.kill();
        let _ = child.wait();
        let (own_start, their_start) = (own.started.unwrap(), theirs.started.unwrap());
        assert!(
            0 < own_start && own_start <= their_start && their_start <= now,
            "{own_start} {their_start} {now}"
        );
        // Code before its end, the stack above both.
        let [code, end, stack] = own.mapped;
        assert!(0 < code && code < end && end < stack, "{own:?}");
        assert_ne!(own.mapped, theirs.mapped);
        // Mid-exec, nothing placed yet (its arguments not readable either): no identity.
        let placing = |mapped| super::Leader {
            pid: 1,
            name: "sh".into(),
            started: Some(1),
            mapped,
        };
        assert!(placing([1, 2, 3]).identity().is_some());
        assert_eq!(placing([0; 3]).identity(), None);
    }

    #[test]
    fn this_process_has_its_parent_among_its_ancestors() {
        let own = std::process::id();
        let first = parent(own).expect("a parent");
        assert_eq!(ancestors(own).next(), Some(first));
        assert!(ancestors(own).all(|p| p > 1));
        assert_eq!(parent(u32::MAX), None);
    }

    /// What a process started with, and nothing it was not: a child started with a variable
    /// this test process lacks.
    #[test]
    fn reads_the_environment_a_process_started_with() {
        let started_with = |pid, name| Reader::Proc.environment(pid, name);
        let own = std::process::id();
        assert_eq!(started_with(own, "PATH"), std::env::var_os("PATH"));
        assert_eq!(started_with(own, "TMUX_MCP_NEVER_SET"), None);
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .env("TMUX_MCP_SET_FOR_A_CHILD", "a=b c")
            .spawn()
            .expect("sleep");
        // Read right after `spawn` returned, the file was empty in 18 of 30 runs beside the
        // other tests here (a suite running too): the new program's environment comes later.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let seen = loop {
            let seen = started_with(child.id(), "TMUX_MCP_SET_FOR_A_CHILD");
            if seen.is_some() || std::time::Instant::now() > deadline {
                break seen;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        // `PAT` is a prefix of `PATH`, not a variable.
        assert_eq!(started_with(child.id(), "PAT"), None);
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(seen, Some("a=b c".into()));
        assert_eq!(started_with(u32::MAX, "PATH"), None);
        assert_eq!(Reader::Ps.environment(own, "PATH"), None);
    }
}
