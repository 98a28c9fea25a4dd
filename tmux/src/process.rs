//! What Linux's `/proc` says of a pane's processes: a process's name, parent, process group and
//! its terminal's foreground group; which program has a pane's terminal; whether the pane's
//! shell is at its prompt.

/// The fields of `/proc/PID/stat` this client reads.
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
}

impl Stat {
    /// `None` when there is no such process (or no `/proc`). Fields are counted after the
    /// name's closing parenthesis, since the name itself may hold spaces and parentheses.
    pub fn read(pid: u32) -> Option<Stat> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let (head, rest) = stat.rsplit_once(')')?;
        let name = head.split_once('(')?.1.to_owned();
        // After the name: state, ppid, pgrp, session, tty_nr, tpgid.
        let fields: Vec<&str> = rest.split_whitespace().collect();
        Some(Stat {
            name,
            state: fields.first()?.chars().next()?,
            ppid: fields.get(1)?.parse().ok()?,
            pgrp: fields.get(2)?.parse().ok()?,
            tpgid: fields.get(5)?.parse().ok()?,
        })
    }
}

/// Shells this client recognises at a prompt: all take POSIX syntax (`{ …; }`, `$?`, `trap`),
/// which what the server types into them relies on.
pub const SHELLS: &[&str] = &["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox"];

/// Where a pane's own process stands, read from `/proc`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    /// A known, interactive shell, itself the terminal's foreground process group.
    AtPrompt,
    /// The process is no shell this client knows (its name).
    NotAShell(String),
    /// A shell running a script or a `-c` command.
    Scripted(String),
    /// A shell, but another process group has the terminal.
    Busy { shell: String, foreground: i64 },
    /// `/proc` says nothing of the process (it is gone, or this is not Linux).
    Unknown,
}

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
    if !SHELLS.contains(&name.as_str()) {
        return Prompt::NotAShell(name);
    }
    if tpgid != pgrp || pgrp != pid {
        return Prompt::Busy {
            shell: name,
            foreground: tpgid,
        };
    }
    let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    let scripted = cmdline
        .split(|b| *b == 0)
        .skip(1)
        .filter(|a| !a.is_empty())
        .any(|a| a[0] != b'-' || a == b"-c");
    if scripted {
        Prompt::Scripted(name)
    } else {
        Prompt::AtPrompt
    }
}

/// What a pane's own process and its terminal are doing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Terminal {
    /// The leader of the terminal's foreground process group (its pid and name), when
    /// `/proc` has it.
    pub foreground: Option<(i64, String)>,
    pub prompt: Prompt,
}

impl Terminal {
    /// Of a pane's own process `pid`; `None` when `/proc` says nothing of it. Reads as few
    /// files as it can: the process's stat, then the foreground leader's (unless that is the
    /// process itself) or, for a shell in the foreground, its arguments.
    pub fn of(pid: i64) -> Option<Terminal> {
        let stat = Stat::read(u32::try_from(pid).ok()?)?;
        let foreground = if stat.tpgid == pid {
            Some((pid, stat.name.clone()))
        } else {
            u32::try_from(stat.tpgid)
                .ok()
                .and_then(Stat::read)
                .map(|leader| (stat.tpgid, leader.name))
        };
        Some(Terminal {
            foreground,
            prompt: prompt_of(pid, stat),
        })
    }
}

/// Kernel functions a sleeping process waits in that are no read of its terminal: a sleep, a
/// child's end, a signal.
const NOT_READING: &[&str] = &[
    "hrtimer_nanosleep",
    "do_nanosleep",
    "do_wait",
    "kernel_wait4",
    "do_sigtimedwait",
    "sigsuspend",
];

/// Whether the program that has the terminal of the pane's process `pid` may read input:
/// `Some(false)` only when every process of the foreground group sleeps in a wait that is
/// no terminal read (a `sleep`, a shell waiting for a child); a process running, or waiting
/// in a read or a poll, may. `None` when `/proc` does not say.
pub fn reads_input(pid: i64) -> Option<bool> {
    let group = Stat::read(u32::try_from(pid).ok()?)?.tpgid;
    let members: Vec<(u32, Stat)> = std::fs::read_dir("/proc")
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|p| Some((p, Stat::read(p)?)))
        .filter(|(_, s)| s.pgrp == group)
        .collect();
    if members.is_empty() {
        return None;
    }
    Some(members.iter().any(|(p, stat)| {
        let wchan = std::fs::read_to_string(format!("/proc/{p}/wchan")).unwrap_or_default();
        stat.state != 'S' || !NOT_READING.contains(&wchan.trim())
    }))
}

#[cfg(test)]
mod tests {
    use super::Stat;

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
}
