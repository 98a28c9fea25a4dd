//! A server's tap on a pane's hub: one task per followed pane that owns the connection and
//! feeds the pane's [`Journal`] with every byte the hub sends, whether or not anyone waits.
//! Typed orders go in ([`Order`]); what the follower must act on comes out ([`Event`]).

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::UnixStream;
use tokio::sync::{mpsc, oneshot};

use super::wire::{Decoded, Decoder, Frame};
use crate::journal::{Journal, Position};
use crate::screen::Seed;

/// The bytes read from the hub at once.
const READ: usize = 64 << 10;

/// A point of the pane's output that a sync found: every byte tmux had piped before the sync
/// was asked for is before it.
#[derive(Clone, Copy, Debug)]
pub struct Synced {
    pub at: Position,
    /// The pane's bytes this tap has taken so far.
    pub taken: u64,
}

/// What the follower asks of a tap.
pub enum Order {
    /// Answer with the point of the output once everything piped before now is in the journal.
    Sync(oneshot::Sender<Synced>),
    /// Start the screen model from `seed` at the point of a sync, if no byte came since the
    /// `taken` count that a sync before the seed was read saw (then the seed stands exactly
    /// there), or whatever came with `None`. Whether it did.
    SeedIfStill {
        taken: Option<u64>,
        seed: Box<Seed>,
        done: oneshot::Sender<bool>,
    },
}

/// What a tap tells the follower.
#[derive(Debug, PartialEq, Eq)]
pub enum Event {
    /// The pane's program switched screens: its screen model wants a seed.
    WantsSeed(String),
    /// The tap ended: the pane went, or its pipe did.
    Ended(String),
}

/// The tap's life.
enum Lifecycle {
    Live,
    /// The hub closed the connection: the pane ended, its pipe went elsewhere, or the hub let
    /// this server go.
    Ended,
}

/// A running tap: orders go to its task, which ends with the hub's connection.
#[derive(Clone)]
pub struct Tap {
    orders: mpsc::UnboundedSender<Order>,
    /// Set before the task ends when tmux closed the pipe (the hub said so; a hub that died
    /// did not).
    closed_by_tmux: Arc<AtomicBool>,
}

impl Tap {
    /// Starts the task feeding `journal` from `hub`.
    pub fn start(
        pane: String,
        hub: UnixStream,
        journal: Arc<Journal>,
        events: mpsc::UnboundedSender<Event>,
    ) -> Tap {
        let (orders, taken) = mpsc::unbounded_channel();
        let closed_by_tmux = Arc::new(AtomicBool::new(false));
        tokio::spawn(run(
            pane,
            hub,
            journal,
            taken,
            events,
            closed_by_tmux.clone(),
        ));
        Tap {
            orders,
            closed_by_tmux,
        }
    }

    /// The point of the output now; `None` once the tap has ended.
    pub async fn sync(&self) -> Option<Synced> {
        let (tx, rx) = oneshot::channel();
        self.orders.send(Order::Sync(tx)).ok()?;
        rx.await.ok()
    }

    /// See [`Order::SeedIfStill`]; `None` once the tap has ended.
    pub async fn seed_if_still(&self, taken: Option<u64>, seed: Seed) -> Option<bool> {
        let (done, rx) = oneshot::channel();
        let seed = Box::new(seed);
        self.orders
            .send(Order::SeedIfStill { taken, seed, done })
            .ok()?;
        rx.await.ok()
    }

    /// `None` while the task runs; once it has ended, whether tmux closed the pipe.
    pub fn ended(&self) -> Option<bool> {
        self.orders
            .is_closed()
            .then(|| self.closed_by_tmux.load(Ordering::Acquire))
    }

    /// Whether `other` is this same tap (and not one started since for the same pane).
    pub fn same(&self, other: &Tap) -> bool {
        self.orders.same_channel(&other.orders)
    }
}

/// What waits for a sync's answer.
enum Waiting {
    Sync(oneshot::Sender<Synced>),
    Seed(Option<u64>, Box<Seed>, oneshot::Sender<bool>),
}

async fn run(
    pane: String,
    hub: UnixStream,
    journal: Arc<Journal>,
    mut orders: mpsc::UnboundedReceiver<Order>,
    events: mpsc::UnboundedSender<Event>,
    closed_by_tmux: Arc<AtomicBool>,
) {
    let (mut reader, mut writer) = hub.into_split();
    let mut decoder = Decoder::default();
    let mut buf = vec![0u8; READ];
    let mut waiting: VecDeque<(u64, Waiting)> = VecDeque::new();
    let mut next_sync = 0u64;
    let mut taken = 0u64;
    let mut life = Lifecycle::Live;
    while let Lifecycle::Live = life {
        tokio::select! {
            read = reader.read(&mut buf) => {
                let n = match read {
                    Ok(0) | Err(_) => {
                        life = Lifecycle::Ended;
                        continue;
                    }
                    Ok(n) => n,
                };
                decoder.push(&buf[..n]);
                // The output of one read goes to the journal at once: its screen model looks
                // at what changed once a push, not once a frame (tmux pipes a few KiB at a time).
                let mut output = Vec::new();
                let flush = |output: &mut Vec<u8>| {
                    if output.is_empty() {
                        return;
                    }
                    journal.push(output);
                    output.clear();
                    if journal.wants_seed() {
                        let _ = events.send(Event::WantsSeed(pane.clone()));
                    }
                };
                loop {
                    let decoded = decoder.next();
                    if !matches!(decoded, Decoded::Frame(Frame::Output(_))) {
                        flush(&mut output);
                    }
                    match decoded {
                        Decoded::Frame(Frame::Output(bytes)) => {
                            taken += bytes.len() as u64;
                            output.extend_from_slice(&bytes);
                        }
                        Decoded::Frame(Frame::Synced(n)) => {
                            while waiting.front().is_some_and(|(m, _)| *m <= n) {
                                let Some((_, w)) = waiting.pop_front() else { break };
                                answer(w, &journal, taken);
                            }
                        }
                        Decoded::Incomplete => break,
                        Decoded::Frame(Frame::Closed) => {
                            closed_by_tmux.store(true, Ordering::Release);
                            life = Lifecycle::Ended;
                            break;
                        }
                        Decoded::Frame(Frame::Sync(_)) | Decoded::Invalid => {
                            life = Lifecycle::Ended;
                            break;
                        }
                    }
                }
            }
            order = orders.recv() => {
                let Some(order) = order else {
                    // Nobody follows the pane any more.
                    life = Lifecycle::Ended;
                    continue;
                };
                let w = match order {
                    Order::Sync(reply) => Waiting::Sync(reply),
                    Order::SeedIfStill { taken, seed, done } => Waiting::Seed(taken, seed, done),
                };
                next_sync += 1;
                waiting.push_back((next_sync, w));
                if writer.write_all(&Frame::Sync(next_sync).encode()).await.is_err() {
                    life = Lifecycle::Ended;
                }
            }
        }
    }
    orders.close();
    journal.end();
    let _ = events.send(Event::Ended(pane));
}

fn answer(w: Waiting, journal: &Journal, taken: u64) {
    match w {
        Waiting::Sync(reply) => {
            let _ = reply.send(Synced {
                at: journal.position(),
                taken,
            });
        }
        Waiting::Seed(before, seed, done) => {
            let still = before.is_none_or(|b| b == taken);
            if still {
                journal.seed(&seed);
            }
            let _ = done.send(still);
        }
    }
}
