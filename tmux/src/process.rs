//! What Linux's `/proc/PID/stat` says of a pane's processes: a process's name, parent,
//! process group and its terminal's foreground group.

/// The fields of `/proc/PID/stat` this client reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stat {
    /// The command name, as the kernel keeps it (at most 15 bytes).
    pub name: String,
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
            ppid: fields.get(1)?.parse().ok()?,
            pgrp: fields.get(2)?.parse().ok()?,
            tpgid: fields.get(5)?.parse().ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Stat;

    #[test]
    fn this_process_has_a_parent_and_a_group() {
        let own = Stat::read(std::process::id()).expect("/proc");
        assert!(own.ppid > 0 && own.pgrp > 0, "{own:?}");
        assert!(!own.name.is_empty());
        assert_eq!(Stat::read(u32::MAX), None);
    }
}
