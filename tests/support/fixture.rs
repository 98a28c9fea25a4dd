//! The common fixture: a private tmux server with one pane and a client offering every
//! toolset on it, of the binary (`Fixture::new`, as clients start it) or of the server run in
//! the test's own process (`Fixture::here`, the middle layer: `here.rs`).

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::*;

/// The setting that makes the server read process state with `ps`, as off Linux.
pub const PROCESS_READER: &str = "LIBTMUX_PROCESS_READER";

/// A private tmux server `work` with session `main` (one `sh` pane, 80x24) and a client
/// offering all four toolsets on it.
pub struct Fixture {
    pub world: World,
    pub client: Client,
}

/// Every toolset, as the fixture's server offers them.
const ALL: (&str, &str) = ("LIBTMUX_TOOLSETS", "inspect,manage,execute,teardown");

impl Fixture {
    pub async fn new() -> Fixture {
        Fixture::with_env(&[]).await
    }

    pub async fn with_env(env: &[(&str, &str)]) -> Fixture {
        let world = Fixture::world();
        let mut all = vec![ALL];
        all.extend_from_slice(env);
        let client = world.client(&["-L", "work"], &all).await;
        Fixture::ready(world, client)
    }

    /// The fixture with its server run in this process ([`World::client_here`]), with `env`.
    pub async fn here(env: &[(&'static str, &str)]) -> Fixture {
        let world = Fixture::world();
        let mut all = vec![ALL];
        all.extend_from_slice(env);
        let client = world.client_here(&["-L", "work"], &all).await;
        Fixture::ready(world, client)
    }

    /// The world of a fixture: tmux server `work`, its output streams' syncs counted.
    fn world() -> World {
        let world = World::new();
        world.start_server("work");
        world.count_syncs("work");
        world
    }

    fn ready(world: World, client: Client) -> Fixture {
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

    /// [`Fixture::with_programs`] with its server run in this process.
    pub async fn here_with_programs(programs: &[(&str, &str)]) -> (Fixture, Vec<String>) {
        let (world, panes) = Fixture::world_running(programs, Duration::from_secs(20));
        let client = world.client_here(&["-L", "work"], &[ALL]).await;
        (Fixture::ready(world, client), panes)
    }

    /// [`Fixture::with_programs`] for programs that may take up to `ready` to show theirs
    /// (agents' CLIs, on a loaded machine).
    pub async fn with_programs_ready_within(
        programs: &[(&str, &str)],
        ready: Duration,
    ) -> (Fixture, Vec<String>) {
        let (world, panes) = Fixture::world_running(programs, ready);
        let client = world.client(&["-L", "work"], &[ALL]).await;
        (Fixture::ready(world, client), panes)
    }

    /// The world of a fixture whose server runs `programs`, each showing what it shows when
    /// ready within `ready`, and their panes.
    fn world_running(programs: &[(&str, &str)], ready: Duration) -> (World, Vec<String>) {
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
        (world, panes)
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

    /// Whether the pane's shell shows a prompt: its last non-blank line ends in `$ ` or `# `.
    pub fn shows_prompt(&self, pane: &str) -> bool {
        let screen = self.screen(pane);
        let last = screen
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default()
            .trim_end()
            .to_owned();
        last.ends_with('$') || last.ends_with('#')
    }

    /// Waits until the pane's shell shows a prompt ([`Fixture::shows_prompt`]).
    pub fn wait_for_prompt(&self, pane: &str) {
        // Long: a deadline only bounds a failure, and the suite runs on two loaded cores.
        let ready = wait_until(Duration::from_secs(30), || self.shows_prompt(pane));
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
