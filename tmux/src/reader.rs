//! A stream's reader: delivers what tmux writes to one control client to its panes'
//! journals and answers the commands written to it, and tells the follower what it cannot
//! decide itself ([`Upstream`]): that windows changed, that the client was moved or detached.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::control::{Item, Notice, Reader, parse, unescape};
use crate::journal::Journal;
use crate::screen::Seed;
use crate::stream::{Stream, Waiter, let_go};
use crate::sync::lock;

/// What a stream's reader asks of the follower above it, which holds the streams and starts
/// them.
pub(crate) trait Upstream: Send + Sync + 'static {
    /// Whether `pane` is followed (by any stream).
    fn follows(&self, pane: &str) -> bool;
    /// Whether `pane`'s journal is still `journal`, followed in `session`: it may have moved
    /// again, or gone, before a stream's seed was answered.
    fn followed_here(&self, pane: &str, session: &str, journal: &Arc<Journal>) -> bool;
    /// tmux said windows or panes changed, or a stream ended: look again at where the followed
    /// panes are.
    fn structure_changed(&self);
    /// Someone else's command moved `stream`'s client to another session.
    fn moved_away(&self, stream: Arc<Stream>);
    /// tmux detached `session`'s client: whether a new client took `panes` over.
    fn detached(
        &self,
        session: &str,
        panes: &HashMap<String, Arc<Journal>>,
    ) -> impl Future<Output = bool> + Send;
}

/// Delivers a stream's output to its panes' journals until the client goes. A client that
/// someone else's `switch-client` moved is put back (its output from elsewhere dropped
/// meanwhile); one that tmux detached (`detach-client`, say) is replaced by a new client on
/// the same session, which takes over the journals.
pub(crate) async fn read(mut reader: Reader, stream: Arc<Stream>, up: impl Upstream) {
    let mut detached = false;
    let mut attached = false;
    while let Some(item) = reader.next().await {
        match item {
            Item::Answer {
                ours: true,
                ok,
                body,
            } => {
                let waiter = lock(&stream.waiters).pop_front();
                match waiter {
                    Some(Waiter::Attach(reply)) => {
                        stream.answered.store(true, Ordering::Release);
                        stream.alive.store(ok, Ordering::Release);
                        attached = ok;
                        // Not attached (tmux says why, `can't find session`, and exits), or
                        // nobody waits for it any more (the call that started it was
                        // cancelled): the client goes, now that tmux has read its handshake.
                        if reply.send(ok).is_err() || !ok {
                            break;
                        }
                    }
                    Some(Waiter::Sync(reply, journal)) => {
                        let _ = reply.send(journal.position());
                    }
                    Some(Waiter::Ignored) => {}
                    Some(Waiter::Part(parts)) if ok => lock(&parts).push(body),
                    // tmux drops the rest of a line's commands after one fails (cmdq_remove_group,
                    // 3.2a to 3.7c): their answers never come, so neither may their waiters wait.
                    Some(Waiter::Part(parts)) => {
                        let mut waiters = lock(&stream.waiters);
                        while let Some(Waiter::Part(p) | Waiter::Seed(_, p, _)) = waiters.front()
                            && Arc::ptr_eq(p, &parts)
                        {
                            if let Some(Waiter::Seed(journal, _, Some(pane))) = waiters.pop_front()
                            {
                                deliver(&up, &stream, pane, journal);
                            }
                        }
                    }
                    Some(Waiter::Seed(journal, parts, delivers)) => {
                        let mut parts = std::mem::take(&mut *lock(&parts));
                        parts.push(body);
                        if ok
                            && let [fields, shown, main, rest @ ..] = &parts[..]
                            && let Some(seed) = Seed::read(fields, shown, main)
                        {
                            if let [history] = rest {
                                journal.catch_up(history, &seed);
                            }
                            journal.seed(&seed);
                        }
                        if let Some(pane) = delivers {
                            deliver(&up, &stream, pane, journal);
                        }
                    }
                    Some(Waiter::PutBack(done)) => {
                        let _ = done.send(ok);
                        // Its session has gone meanwhile: nothing to go back to.
                        if !ok {
                            break;
                        }
                    }
                    None => {}
                }
            }
            Item::Notice(text) => match parse(&text) {
                // Other panes of the session print too; only followed ones are decoded.
                Notice::Output { pane, escaped } if !stream.away.load(Ordering::Acquire) => {
                    let journal = lock(&stream.panes).get(pane).cloned();
                    if let Some(journal) = journal {
                        journal.push(&unescape(escaped));
                        // Its program switched screens: ask tmux what it shows now.
                        if journal.wants_seed() {
                            let (stream, pane) = (stream.clone(), pane.to_owned());
                            tokio::spawn(async move {
                                let _ = stream.seed(&pane, &journal, false).await;
                            });
                        }
                    } else if up.follows(pane) && lock(&stream.strangers).insert(pane.to_owned()) {
                        // A followed pane's window came to this session (tmux 3.2a says nothing
                        // of a pane swapped in with `swap-pane -d`).
                        up.structure_changed();
                    }
                }
                Notice::Subscription { pane, .. } => {
                    let journal = lock(&stream.panes).get(pane).cloned();
                    if let Some(journal) = journal {
                        journal.option_reported();
                    }
                }
                Notice::Changed => {
                    stream.poke_all();
                    lock(&stream.strangers).clear();
                    up.structure_changed();
                }
                // A pane whose size changed shows what tmux made of its rows: ask again.
                Notice::Layout => {
                    stream.poke_all();
                    lock(&stream.strangers).clear();
                    up.structure_changed();
                    let panes: Vec<(String, Arc<Journal>)> = lock(&stream.panes)
                        .iter()
                        .map(|(p, j)| (p.clone(), j.clone()))
                        .collect();
                    let stream = stream.clone();
                    tokio::spawn(async move {
                        for (pane, journal) in panes {
                            let _ = stream.seed(&pane, &journal, false).await;
                        }
                    });
                }
                Notice::SessionChanged(id) if id == stream.session => {
                    stream.away.store(false, Ordering::Release);
                }
                Notice::SessionChanged(_) => {
                    stream.away.store(true, Ordering::Release);
                    up.moved_away(stream.clone());
                }
                // Only a client that was attached can have been detached: one whose attach
                // failed is never replaced.
                Notice::Exit => {
                    detached = stream.alive.load(Ordering::Acquire);
                    break;
                }
                _ => {}
            },
            _ => {}
        }
    }
    stream.alive.store(false, Ordering::Release);
    let _ = lock(&stream.child).start_kill();
    let waiters: Vec<Waiter> = lock(&stream.waiters).drain(..).collect();
    let_go(waiters);
    let panes: HashMap<String, Arc<Journal>> = lock(&stream.panes).drain().collect();
    if detached && up.detached(&stream.session, &panes).await {
        return;
    }
    for journal in panes.values() {
        journal.end();
    }
    // Its session, or its whole server, may have gone with it: their panes are forgotten.
    // Not after an attach that failed, which would make another.
    if attached {
        up.structure_changed();
    }
}

/// Has `stream` deliver `pane` from here on, if it is still where `pane`'s journal is followed:
/// it may have moved again, or gone, before this stream's seed was answered.
fn deliver(up: &impl Upstream, stream: &Stream, pane: String, journal: Arc<Journal>) {
    if up.followed_here(&pane, &stream.session, &journal) {
        lock(&stream.panes).insert(pane, journal);
    }
}
