//! A seeded random person at work in two identical tmux servers, one with this server
//! attached and an agent using it meanwhile: after every step both answer and show the person
//! the same (sessions, windows, the size of the one they look at, active panes, their own client, options), apart
//! from the agent's own sessions; every wait of the agent ends with a documented outcome
//! within its `seconds`; at the end the server is at rest and its clients are where they
//! belong. A failure names the seed and the step (`TMUX_MCP_PERSON_SEED` replays a run).
//!
//! Another seeded person moves the panes the agent's commands print in, to other windows and
//! sessions: every line is read once, and the server's memory comes back.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use std::time::{Duration, Instant};

use super::moves::{LINES, move_args, not_once, printer};
use super::person::{Logged, assert_at_rest};
use serde_json::{Value, json};
use tmux_mcp_tests::{Client, Fixture, World, call, rss_kib, wait_until};

const STEPS: usize = 500;
/// Sessions the agent makes of its own: the person never touches them, and the comparison
/// leaves them out.
const AGENT: &str = "agent-";

/// xorshift64*: the same steps from the same seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// One side: a tmux server `work` with the person's sessions, and `outer`, whose pane gives
/// the person's client a terminal.
struct Side {
    world: World,
}

/// What a command did: exit status, standard output and error.
type Outcome = (i32, String, String);

impl Side {
    fn new() -> Side {
        let world = World::new();
        world.start_server("work");
        world.tmux("work", &["split-window", "-d", "-t", "main:", "sh"]);
        world.tmux("work", &["new-session", "-d", "-s", "p1", "sh"]);
        Side { world }
    }

    fn run(&self, args: &[String]) -> Outcome {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = self.world.try_tmux("work", &args);
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    fn lines(&self, args: &[&str]) -> Vec<String> {
        let out = self.world.try_tmux("work", args);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| !l.starts_with(AGENT))
            .map(str::to_owned)
            .collect()
    }

    /// The person's client, when one is attached: its name.
    fn persons_client(&self) -> Option<String> {
        self.lines(&[
            "list-clients",
            "-F",
            "#{client_control_mode} #{client_name}",
        ])
        .iter()
        .find_map(|l| l.strip_prefix("0 ").map(str::to_owned))
    }

    /// What the person sees of their tmux. A window's size only where the person's client
    /// shows it: elsewhere it is the size tmux last gave it, and
    /// tmux gives a window the size it has pending when the window becomes current in a
    /// session that a client is attached to, which a session this server follows always is
    /// (its output stream counts as attached: no client flag changes that).
    fn view(&self) -> String {
        let shown = self
            .lines(&[
                "list-clients",
                "-F",
                "#{client_control_mode} #{session_name}:#{window_index}",
            ])
            .iter()
            .find_map(|l| l.strip_prefix("0 ").map(str::to_owned));
        let sized = |rows: Vec<String>| -> Vec<String> {
            rows.into_iter()
                .map(|row| {
                    let (place, rest) = row.split_once(' ').unwrap_or((&row, ""));
                    if shown.as_deref() == Some(place) {
                        row.clone()
                    } else {
                        // The size is the second field after the place.
                        let fields: Vec<&str> = rest.split(' ').collect();
                        let kept: Vec<&str> = fields
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| *i != 1)
                            .map(|(_, f)| *f)
                            .collect();
                        format!("{place} {}", kept.join(" "))
                    }
                })
                .collect()
        };
        [
            self.lines(&["list-sessions", "-F", "#{session_name} #{session_windows}"]),
            sized(self.lines(&[
                "list-windows",
                "-a",
                "-F",
                "#{session_name}:#{window_index} #{window_active} #{window_width}x#{window_height} #{window_name}",
            ])),
            // Not where panes lie: a window resized while the person did not look at it
            // shares its rows among its panes by the sizes it went through, and a window of a
            // followed session goes through each size tmux gives it (above), so a split can
            // differ by a row.
            self.lines(&[
                "list-panes",
                "-a",
                "-F",
                "#{session_name}:#{window_index}.#{pane_index} #{pane_active} #{pane_dead}",
            ]),
            self.lines(&[
                "list-clients",
                "-F",
                "#{client_control_mode} #{session_name} #{client_width}x#{client_height}",
            ])
            .into_iter()
            .filter(|l| l.starts_with("0 "))
            .collect(),
            self.lines(&["show-options", "-g"]),
            self.lines(&["show-options", "-gw"]),
        ]
        .map(|part| part.join("\n"))
        .join("\n--\n")
    }

    /// The person's panes, as `session:window.pane`.
    fn panes(&self) -> Vec<String> {
        self.lines(&[
            "list-panes",
            "-a",
            "-F",
            "#{session_name}:#{window_index}.#{pane_index}",
        ])
    }

    fn windows(&self) -> Vec<String> {
        self.lines(&[
            "list-windows",
            "-a",
            "-F",
            "#{session_name}:#{window_index}",
        ])
    }

    fn sessions(&self) -> Vec<String> {
        self.lines(&["list-sessions", "-F", "#{session_name}"])
    }

    /// Attaches the person's client to `session` from a pane of `outer`.
    fn attach(&self, session: &str) {
        // The windows' own size with the status line: with sizes that follow clients, tmux
        // gives a window its pending size when it becomes current in a session a client is
        // attached to, which a session this server follows always is (its output stream
        // counts as attached, and no client flag changes that), so a client of another size
        // would leave windows the person does not look at (and the outcome of a split there)
        // to differ. The tmux page says so; here the rest is compared.
        self.world.attach_person("work", Some(session), 80, 25);
        assert!(
            wait_until(Duration::from_secs(10), || self.persons_client().is_some()),
            "the person's client attached"
        );
    }
}

/// The person's next step, chosen from what they see (the side without the server), as the
/// `tmux` arguments both sides run; `Attach` for a client of their own.
enum Step {
    Command(Vec<String>),
    Attach(String),
    /// A command naming the person's client (`-c`/`-t`), whose name differs between sides.
    ForClient(Vec<String>),
}

fn choose(rng: &mut Rng, side: &Side, n: usize) -> Step {
    let (sessions, windows, panes) = (side.sessions(), side.windows(), side.panes());
    let pane = rng.pick(&panes).clone();
    let window = rng.pick(&windows).clone();
    let session = rng.pick(&sessions).clone();
    let window_of = |pane: &str| pane.rsplit_once('.').map_or("", |(w, _)| w).to_owned();
    let in_window = |w: &str| panes.iter().filter(|p| window_of(p) == w).count();
    let s = |words: &[&str]| Step::Command(words.iter().map(|w| (*w).to_owned()).collect());
    loop {
        return match rng.below(20) {
            0..=2 => s(&["select-pane", "-t", &pane]),
            3 => s(&["select-window", "-t", &window]),
            4 if panes.len() < 14 => s(&["split-window", "-t", &pane, "sh"]),
            5 if panes.len() > 2 => s(&["kill-pane", "-t", &pane]),
            6 if windows.len() > 2 => s(&["kill-window", "-t", &window]),
            7 if sessions.len() > 1 => s(&["kill-session", "-t", &session]),
            8 if sessions.len() < 5 => s(&["new-session", "-d", "-s", &format!("p{n}"), "sh"]),
            9 if windows.len() < 8 => s(&["new-window", "-d", "-t", &format!("{session}:"), "sh"]),
            10 => {
                let (x, y) = (40 + rng.below(80), 10 + rng.below(30));
                s(&[
                    "resize-window",
                    "-t",
                    &window,
                    "-x",
                    &x.to_string(),
                    "-y",
                    &y.to_string(),
                ])
            }
            11 => {
                let layouts = ["tiled", "even-horizontal", "even-vertical", "main-vertical"];
                s(&["select-layout", "-t", &window, *rng.pick(&layouts)])
            }
            12 => s(&["rename-window", "-t", &window, &format!("w{n}")]),
            13 => s(&["rename-session", "-t", &session, &format!("p{n}")]),
            14 if in_window(&window_of(&pane)) > 1 => s(&["swap-pane", "-d", "-t", &pane, "-D"]),
            // Into its own session, named: without -t tmux breaks it into the session used
            // last, which a session the agent creates is while it lives.
            15 if in_window(&window_of(&pane)) > 1 => {
                let into = format!("{}:", pane.split(':').next().unwrap_or_default());
                s(&["break-pane", "-d", "-s", &pane, "-t", &into])
            }
            16 => s(&["respawn-pane", "-k", "-t", &pane, "sh"]),
            // Their shell exits (never the last pane: tmux would end with it).
            17 if panes.len() > 2 => s(&["send-keys", "-t", &pane, "exit", "Enter"]),
            18 => match side.persons_client() {
                None => Step::Attach(session),
                Some(_) => Step::ForClient(vec!["detach-client".into(), "-t".into()]),
            },
            19 if side.persons_client().is_some() => Step::ForClient(vec![
                "switch-client".into(),
                "-t".into(),
                session.clone(),
                "-c".into(),
            ]),
            _ => continue,
        };
    }
}

/// What the agent does meanwhile, until told to stop: waits of each kind (three at once) on the
/// person's panes, and sessions of its own where it runs a command. The person never pauses:
/// following a pane attaches no client on any version.
async fn agent(
    client: Client,
    side: Arc<Side>,
    stop: Arc<AtomicBool>,
    seed: u64,
) -> (usize, Client) {
    let mut rng = Rng(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut waits = 0;
    let mut round = 0;
    while !stop.load(Ordering::Acquire) {
        round += 1;
        let panes = side.lines(&[
            "list-panes",
            "-a",
            "-F",
            "#{session_name} #{session_id} #{pane_id}",
        ]);
        let Some((_, pane)) = panes
            .get(rng.below(panes.len()))
            .and_then(|l| l.split_once(' '))
            .and_then(|(_, rest)| rest.split_once(' '))
            .map(|(s, p)| (s.to_owned(), p.to_owned()))
        else {
            continue;
        };
        let calls = [
            (
                "wait_for_text",
                json!({"pane": pane, "patterns": ["never printed"], "seconds": 1}),
            ),
            (
                "wait_for_quiet",
                json!({"pane": pane, "quiet_ms": 200, "seconds": 1}),
            ),
            (
                "wait_for_text",
                json!({"pane": pane, "patterns": ["[$#] $"], "regex": true, "since": "now", "seconds": 1}),
            ),
        ];
        let results = futures::future::join_all(calls.iter().map(|(tool, args)| {
            let started = Instant::now();
            let call = call(&client, tool, args.clone());
            async move { (call.await, started.elapsed()) }
        }))
        .await;
        for ((tool, args), (result, took)) in calls.iter().zip(results) {
            let result = result.unwrap_or_else(|e| panic!("seed {seed}: {tool} {args}: {e}"));
            let body = result.structured_content.clone().unwrap_or(Value::Null);
            if result.is_error == Some(true) {
                // Only a pane the person closed meanwhile may fail a wait.
                let text = format!("{:?}", result.content);
                assert!(
                    text.contains("object_gone"),
                    "seed {seed}: {tool} {args} failed: {text}"
                );
            } else {
                let outcome = body["outcome"].as_str().unwrap_or_default();
                assert!(
                    ["matched", "deadline", "pane_closed", "quiet"].contains(&outcome),
                    "seed {seed}: {tool} {args}: {body}"
                );
            }
            assert!(
                took < Duration::from_secs(4),
                "seed {seed}: {tool} {args} took {took:?} with seconds 1"
            );
            waits += 1;
        }
        if round % 4 == 0 {
            own_session(&client, &side, round, seed).await;
        }
    }
    (waits, client)
}

/// The agent makes a session of its own, runs a command there once its shell is up, and
/// kills it.
async fn own_session(client: &Client, side: &Side, round: usize, seed: u64) {
    let name = format!("{AGENT}{round}");
    let created = call(client, "create_session", json!({"name": name}))
        .await
        .unwrap();
    assert_ne!(created.is_error, Some(true), "seed {seed}: {created:?}");
    let pane = created.structured_content.unwrap()["pane"]
        .as_str()
        .unwrap()
        .to_owned();
    let shown = || {
        side.world
            .tmux("work", &["capture-pane", "-p", "-t", &pane])
    };
    assert!(
        wait_until(Duration::from_secs(10), || shown().contains('#')
            || shown().contains('$')),
        "seed {seed}: {name}'s shell never came up"
    );
    let ran = call(
        client,
        "run_shell_command",
        json!({"pane": pane, "command": format!("echo ran-{round}"), "seconds": 10}),
    )
    .await
    .unwrap();
    let body = ran.structured_content.clone().unwrap_or(Value::Null);
    assert_eq!(
        body["outcome"],
        "completed",
        "seed {seed}: {body}; {pane} shows:\n{}",
        shown()
    );
    let killed = call(client, "kill_session", json!({"session": name}))
        .await
        .unwrap();
    assert_ne!(killed.is_error, Some(true), "seed {seed}: {killed:?}");
}

/// `TMUX_MCP_PERSON_SEED`, or one from the clock; printed, for a failure to be replayed.
fn seed() -> u64 {
    let seed = std::env::var("TMUX_MCP_PERSON_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        })
        // xorshift stays at 0 from 0.
        | 1;
    eprintln!("seed {seed} (TMUX_MCP_PERSON_SEED replays it)");
    seed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeded_person_works_beside_an_agent_as_beside_no_one() {
    let seed = seed();
    let (alone, beside) = (Side::new(), Arc::new(Side::new()));
    let logged = Logged::new(&beside.world);
    let client = beside
        .world
        .client(
            &["-L", "work"],
            &[
                ("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown"),
                ("PATH", logged.path.as_str()),
            ],
        )
        .await;
    let listed = call(&client, "list_sessions", json!({})).await.unwrap();
    assert_ne!(listed.is_error, Some(true));
    // The server's process: the one started with the logging `tmux` first on its PATH.
    let server_pid = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .find(|pid| {
            std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|e| String::from_utf8_lossy(&e).contains(&logged.path))
        })
        .expect("the server's process");
    let stop = Arc::new(AtomicBool::new(false));
    let agent = tokio::spawn(agent(client, beside.clone(), stop.clone(), seed));

    let person = {
        let beside = beside.clone();
        tokio::task::spawn_blocking(move || {
            let mut rng = Rng(seed);
            let mut done: Vec<String> = Vec::new();
            for n in 0..STEPS {
                let step = choose(&mut rng, &alone, n);
                let what = match &step {
                    Step::Command(args) => {
                        let before = (alone.panes().len(), beside.panes().len());
                        let outcomes = (alone.run(args), beside.run(args));
                        // A shell told to exit has gone before the next step is chosen.
                        if args[0] == "send-keys" {
                            let gone = wait_until(Duration::from_secs(10), || {
                                alone.panes().len() < before.0 && beside.panes().len() < before.1
                            });
                            assert!(
                                gone,
                                "seed {seed}, step {n}: {args:?}: a shell did not exit"
                            );
                        }
                        assert_eq!(
                            outcomes.0, outcomes.1,
                            "seed {seed}, step {n}: {args:?} answered differently"
                        );
                        format!("{args:?}")
                    }
                    Step::Attach(session) => {
                        alone.attach(session);
                        beside.attach(session);
                        format!("attach -t {session}")
                    }
                    Step::ForClient(args) => {
                        for side in [&alone, &*beside] {
                            let mut args = args.clone();
                            args.push(side.persons_client().unwrap_or_default());
                            side.run(&args);
                        }
                        format!("{args:?} (the person's client)")
                    }
                };
                done.push(format!("step {n}: {what}"));
                let history = done[done.len().saturating_sub(12)..].join("\n");
                for side in [&alone, &*beside] {
                    assert!(
                        side.world.server_alive("work"),
                        "seed {seed}, step {n}: {what}: a tmux server died; the steps:\n{history}"
                    );
                }
                let same = wait_until(Duration::from_secs(10), || alone.view() == beside.view());
                assert!(
                    same,
                    "seed {seed}, step {n}: after {what} the person sees another tmux:\n{}\n---- beside the server:\n{}\n---- the steps:\n{history}",
                    alone.view(),
                    beside.view()
                );
            }
        })
    };
    let person = person.await;
    stop.store(true, Ordering::Release);
    let waits = agent.await;
    person.unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()));
    // The client stays connected until the end: the server is measured at rest, not gone.
    let (waits, _client) = waits.unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()));
    assert!(waits > 0, "seed {seed}: the agent waited");

    // At rest: no tmux process started and no CPU burnt by the server, and a hub for each
    // pane with a pipe (none left behind by a pane that went).
    assert_at_rest(
        &logged,
        server_pid,
        &format!("seed {seed}: after the person's steps"),
    );
    let (pipes, hubs) = (beside.world.followers("work"), beside.world.hubs());
    assert_eq!(pipes, hubs, "seed {seed}: a hub a followed pane");
}

/// Rounds of [`a_person_moving_the_agents_panes_loses_no_line`]: a command the agent waits
/// on, then one it leaves to print while it thinks, in turn.
const ROUNDS: usize = 10;

/// The agent's command in round `round`: numbered lines, the last 200 once the person has made
/// their moves (tmux channel `moved-ROUND`) and half a second more.
fn numbered(round: usize) -> String {
    printer(&format!("tmux wait-for moved-{round}; sleep 0.5; "))
}

/// The person moves `pane` once, the way and the place chosen by `rng` from what there is:
/// its window to another session (`move-window`, or `link-window` and `unlink-window`), the
/// pane into another window (`join-pane`), out into a window of its own (`break-pane`), or in
/// place of another window's pane (`swap-pane`). Returns what they ran, and what tmux said.
fn move_pane(world: &World, rng: &mut Rng, pane: &str) -> String {
    let tmux = |args: &[&str]| world.tmux("work", args);
    let at = tmux(&[
        "display-message",
        "-p",
        "-t",
        pane,
        "#{session_id} #{window_id} #{window_index} #{window_panes}",
    ]);
    let at: Vec<&str> = at.split_whitespace().collect();
    let [session, window, index, panes] = at[..] else {
        return format!("{pane} is gone: {at:?}");
    };
    let sessions = tmux(&["list-sessions", "-F", "#{session_id}"]);
    let others: Vec<&str> = sessions.lines().filter(|s| *s != session).collect();
    let listed = tmux(&["list-panes", "-a", "-F", "#{pane_id} #{window_id}"]);
    let elsewhere: Vec<&str> = listed
        .lines()
        .filter_map(|l| l.split_once(' '))
        .filter(|(_, w)| *w != window)
        .map(|(p, _)| p)
        .collect();
    // Sessions as places for a window: `$N:`, the next free index there.
    let places = |sessions: Vec<&str>| -> Vec<String> {
        sessions.into_iter().map(|s| format!("{s}:")).collect()
    };
    let (verb, source, target) = loop {
        break match rng.below(5) {
            0 if !others.is_empty() => (
                "move-window",
                window,
                rng.pick(&places(others.clone())).clone(),
            ),
            1 if !elsewhere.is_empty() => ("join-pane", pane, (*rng.pick(&elsewhere)).to_owned()),
            2 if panes != "1" => (
                "break-pane",
                pane,
                rng.pick(&places(sessions.lines().collect())).clone(),
            ),
            3 if !elsewhere.is_empty() => ("swap-pane", pane, (*rng.pick(&elsewhere)).to_owned()),
            4 if !others.is_empty() => (
                "link-window",
                window,
                rng.pick(&places(others.clone())).clone(),
            ),
            _ => continue,
        };
    };
    let old = format!("{session}:{index}");
    let args = move_args(verb, source, &target, &old);
    let out = world.try_tmux("work", &args);
    let said = String::from_utf8_lossy(&out.stderr);
    format!("{} {}", args.join(" "), said.trim())
        .trim_end()
        .to_owned()
}

/// The highest numbered line on `pane`'s screen, or [`LINES`] once it shows the mark.
fn printed_so_far(world: &World, pane: &str) -> usize {
    let shown = world.tmux("work", &["capture-pane", "-p", "-t", pane]);
    if shown.contains("MARK-42") {
        return LINES;
    }
    shown
        .lines()
        .filter_map(|l| l.trim().strip_prefix("line-")?.parse().ok())
        .max()
        .unwrap_or(0)
}

/// The person moves `pane` one to three times while its first hundred lines print, each move
/// once it shows a line the seed chose, and then says so on tmux channel `moved-ROUND`;
/// returns the moves.
fn moves_while_printing(world: &World, rng: &mut Rng, pane: &str, round: usize) -> Vec<String> {
    let mut at: Vec<usize> = (0..1 + rng.below(3)).map(|_| 1 + rng.below(90)).collect();
    at.sort_unstable();
    let moves = at
        .into_iter()
        .map(|line| {
            assert!(
                wait_until(Duration::from_secs(20), || printed_so_far(world, pane)
                    >= line),
                "{pane} never printed line-{line}"
            );
            move_pane(world, rng, pane)
        })
        .collect();
    world.tmux("work", &["wait-for", "-S", &format!("moved-{round}")]);
    moves
}

/// The person moves the panes the agent works in, with `move-window`, `join-pane`,
/// `break-pane`, `swap-pane`, and `link-window` then `unlink-window`, the ways and places
/// chosen by the seed, while the agent's commands print: under a `run_shell_command`, and
/// while the agent thinks before reading with `capture_since` and `wait_for_text`. Every line
/// each printed is read exactly once, and once the agent's panes are gone the server's memory
/// is within 1 MB of where it was after the first two rounds (each pane's journal is full).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_moving_the_agents_panes_loses_no_line() {
    let seed = seed();
    let f = Arc::new(Fixture::new().await);
    for session in ["p1", "p2"] {
        let pane = f.open(&["new-session", "-s", session], "sh");
        f.open(&["new-window", "-t", &format!("{session}:")], "sh");
        f.wait_for_prompt(&pane);
        // Followed from the start, as the person's panes would be.
        f.ok("capture_since", json!({"pane": pane})).await;
    }
    f.ok("capture_since", json!({"pane": "%0"})).await;
    let server = f.world.mcp_server_pid().expect("the server's process");
    let mut rng = Rng(seed);
    let mut rss_start = 0;
    for round in 0..ROUNDS {
        // A session the person's moves left (moving a session's last window away ends it).
        let session = f.tmux(&["list-sessions", "-F", "#{session_id}"]);
        let session = session.lines().next().expect("a session of the person's");
        let pane = f.ok("create_window", json!({"session": session})).await["pane"]
            .as_str()
            .unwrap()
            .to_owned();
        f.wait_for_prompt(&pane);
        // Followed, the pane prints more than a journal keeps (256 KiB): were it not freed
        // once gone, four such would pass the memory bound.
        f.ok("capture_since", json!({"pane": pane})).await;
        f.tmux(&[
            "send-keys",
            "-t",
            &pane,
            "head -c 300000 /dev/zero | tr '\\0' x | fold -w 100; echo FILLED-$((2*3))",
            "Enter",
        ]);
        assert!(
            wait_until(Duration::from_secs(20), || f
                .screen(&pane)
                .contains("FILLED-6")),
            "seed {seed}, round {round}: {pane} never printed its 300 KB"
        );
        f.wait_for_prompt(&pane);
        let person_rng = Rng(rng.next() | 1);
        let person = {
            let (f, pane) = (f.clone(), pane.clone());
            tokio::task::spawn_blocking(move || {
                let mut rng = person_rng;
                moves_while_printing(&f.world, &mut rng, &pane, round)
            })
        };
        let (text, moves) = if round % 2 == 0 {
            let ran = f
                .ok(
                    "run_shell_command",
                    json!({"pane": pane, "command": numbered(round), "seconds": 30, "max_lines": 1000}),
                )
                .await;
            let moves = person.await.unwrap();
            assert_eq!(
                ran["outcome"], "completed",
                "seed {seed}, round {round}, {pane}, after {moves:?}: {ran}"
            );
            (ran["output"].as_str().unwrap_or_default().to_owned(), moves)
        } else {
            let cursor = f.ok("capture_since", json!({"pane": pane})).await["cursor"].clone();
            let sent = f
                .ok(
                    "send_keys",
                    json!({"pane": pane, "enter": true, "text": numbered(round)}),
                )
                .await;
            // The agent thinks: no call in flight while the pane prints and moves.
            let moves = person.await.unwrap();
            assert!(
                wait_until(Duration::from_secs(20), || printed_so_far(&f.world, &pane)
                    == LINES),
                "seed {seed}, round {round}: {pane} never finished"
            );
            let waited = f
                .ok(
                    "wait_for_text",
                    json!({"pane": pane, "patterns": ["^MARK-42$"], "regex": true, "since": sent["since"], "seconds": 5}),
                )
                .await;
            assert_eq!(
                waited["outcome"], "matched",
                "seed {seed}, round {round}, {pane}, after {moves:?}: {waited}"
            );
            let read = f
                .ok("capture_since", json!({"pane": pane, "cursor": cursor}))
                .await;
            (read["text"].as_str().unwrap_or_default().to_owned(), moves)
        };
        eprintln!("round {round}: {moves:?} rss {}", rss_kib(server));
        let wrong = not_once(&text);
        assert!(
            wrong.is_empty(),
            "seed {seed}, round {round}, {pane}, after {moves:?}: lines not read exactly once: {wrong:?}\n{text}"
        );
        f.ok("kill_pane", json!({"pane": pane})).await;
        // From the third round on: by then the allocator holds its working set.
        if round == 1 {
            rss_start = rss_kib(server);
        }
    }
    // Each pane's journal and screen are freed once it is gone.
    let mut rss_end = rss_kib(server);
    let back = wait_until(Duration::from_secs(10), || {
        rss_end = rss_kib(server);
        rss_end <= rss_start + 1024
    });
    eprintln!("memory: {rss_start} KiB after the first two rounds, {rss_end} KiB at the end");
    assert!(
        back,
        "seed {seed}: the server's memory grew from {rss_start} KiB after the first two rounds to {rss_end} KiB"
    );
}
