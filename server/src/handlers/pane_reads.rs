//! `get_pane_info` reads that are in flight together (a batch's rows, or calls made at once)
//! answered by one `list-panes` instead of a command each.
//!
//! On tmux 3.3a a lone read costs tmux about 60 µs: half of it reading the pane's fields (its
//! process and directory from /proc among them), half parsing and running the commands that
//! ask. One `list-panes -a -f …` pays the second half once, plus about 2 µs for each pane on
//! the server that it passes over. It is used when that is the cheaper way: two or more reads,
//! on a server not known to hold many more panes than that. The answer is the very row a read
//! of its own would print; a pane it does not show (gone, or created since) is read alone, so
//! errors stay those of a lone read.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::oneshot;

use super::rows::{self, pane_vars};
use crate::sync::lock;
use tmux::{Command, Format, SEPARATOR, Script, Tmux, TmuxError, Verb, row_format};

/// What `get_pane_info` reads before the [`pane_vars`].
pub const PANE_INFO_VARS: [&str; 3] = ["history_size", "history_limit", "pane_dead_status"];

/// Reads are grouped while the server is not known to hold more than this many panes per read:
/// past that, passing over the other panes (about 2 µs each) costs more than the grouped reads
/// save (about 30 µs each).
const PANES_PER_READ: usize = 12;

fn pane_info_format(agent_option: &str) -> Format {
    let vars: Vec<&str> = PANE_INFO_VARS
        .into_iter()
        .chain(pane_vars(agent_option))
        .collect();
    row_format(&vars)
}

/// The tmux commands behind one `get_pane_info` for `pane`, read alone (`agent_option`: the
/// option agents report their state in).
pub fn pane_info_command(pane: &str, agent_option: &str) -> Result<Script, TmuxError> {
    rows::display(pane, pane_info_format(agent_option))
}

/// The tmux command behind several `get_pane_info` reads at once: the same row for each of
/// `panes` (pane ids), in tmux's order, a pane in a window linked into several sessions once
/// per link.
pub fn pane_infos_command(panes: &[&str], agent_option: &str) -> Result<Command, TmuxError> {
    let wanted = format!("#{{m:*|#{{pane_id}}|*,|{}|}}", panes.join("|"));
    Ok(Command::new(Verb::ListPanes)
        .flag("-a")
        .flag("-f")
        .arg(wanted)?
        .flag("-F")
        .format(pane_info_format(agent_option)))
}

/// Only `%` and digits go into the grouped command's filter.
fn is_pane_id(pane: &str) -> bool {
    pane.strip_prefix('%')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

struct Waiter {
    pane: String,
    answer: oneshot::Sender<String>,
}

pub struct PaneReads {
    agent_option: String,
    waiting: Mutex<Vec<Waiter>>,
    /// Panes on the server when last listed in full; 0 until then.
    panes: AtomicUsize,
}

impl PaneReads {
    pub fn new(agent_option: &str) -> PaneReads {
        PaneReads {
            agent_option: agent_option.to_owned(),
            waiting: Mutex::default(),
            panes: AtomicUsize::default(),
        }
    }

    /// The row `get_pane_info` parses for `pane`; `None` when tmux printed none.
    pub async fn read(&self, tmux: &Tmux, pane: &str) -> Result<Option<String>, TmuxError> {
        if is_pane_id(pane) {
            let (answer, answered) = oneshot::channel();
            let leads = {
                let mut waiting = lock(&self.waiting);
                waiting.push(Waiter {
                    pane: pane.to_owned(),
                    answer,
                });
                waiting.len() == 1
            };
            if leads {
                let lead = Lead {
                    reads: self,
                    taken: false,
                };
                // Lets the reads started with this one (the rest of a batch) join it.
                tokio::task::yield_now().await;
                let group = lead.take();
                self.answer(tmux, group).await;
            }
            // Dropped unanswered (a group of one, a pane the group did not show, a failed
            // listing, a leader cancelled mid-way): read alone.
            if let Ok(row) = answered.await {
                return Ok(Some(row));
            }
        }
        let out = tmux
            .run(pane_info_command(pane, &self.agent_option)?)
            .await?;
        Ok(out.lines().next().map(str::to_owned))
    }

    /// Records how many panes a full listing of the server showed.
    pub fn saw_panes(&self, count: usize) {
        self.panes.store(count, Ordering::Relaxed);
    }

    async fn answer(&self, tmux: &Tmux, group: Vec<Waiter>) {
        let known = self.panes.load(Ordering::Relaxed);
        if group.len() < 2 || known > PANES_PER_READ * group.len() {
            return;
        }
        let panes: Vec<&str> = group.iter().map(|w| w.pane.as_str()).collect();
        let Ok(out) = (match pane_infos_command(&panes, &self.agent_option) {
            Ok(command) => tmux.run(command).await,
            Err(e) => Err(e),
        }) else {
            return;
        };
        let mut rows = HashMap::new();
        for line in out.lines() {
            if let Some(id) = line.split(SEPARATOR).nth(PANE_INFO_VARS.len()) {
                rows.entry(id).or_insert(line);
            }
        }
        for waiter in group {
            if let Some(row) = rows.get(waiter.pane.as_str()) {
                let _ = waiter.answer.send((*row).to_owned());
            }
        }
    }
}

/// The first read of a group, until it has taken the group: dropped before that (its call
/// cancelled), it lets the others go to read alone rather than wait for it.
struct Lead<'a> {
    reads: &'a PaneReads,
    taken: bool,
}

impl Lead<'_> {
    fn take(mut self) -> Vec<Waiter> {
        self.taken = true;
        std::mem::take(&mut *lock(&self.reads.waiting))
    }
}

impl Drop for Lead<'_> {
    fn drop(&mut self) {
        if !self.taken {
            drop(std::mem::take(&mut *lock(&self.reads.waiting)));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use futures::FutureExt;

    use super::PaneReads;
    use tmux::Tmux;

    #[tokio::test]
    async fn a_cancelled_leader_sends_the_reads_it_gathered_to_read_alone() {
        // A socket in a directory that does not exist: no tmux server can run there (not even
        // one started by an attach), so a read alone fails at once; one left waiting never ends.
        let socket = std::env::temp_dir()
            .join(format!("tmux-mcp-no-such-directory-{}", std::process::id()))
            .join("socket");
        let tmux = Tmux::new(vec!["-S".into(), socket.into()]);
        let reads = PaneReads::new(super::super::reports::DEFAULT_OPTION);
        let mut leader = Box::pin(reads.read(&tmux, "%1"));
        assert!(
            (&mut leader).now_or_never().is_none(),
            "the leader waits for others to join"
        );
        let mut follower = Box::pin(reads.read(&tmux, "%2"));
        assert!(
            (&mut follower).now_or_never().is_none(),
            "the follower joins the group"
        );
        drop(leader);
        let alone = tokio::time::timeout(Duration::from_secs(10), follower)
            .await
            .expect("the follower still waits for the cancelled leader");
        assert!(alone.is_err(), "there is no tmux server to read from");
    }
}
