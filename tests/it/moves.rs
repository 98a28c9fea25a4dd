//! A person moves the pane an agent works in to another session while it prints: with
//! `move-window`, `join-pane`, `break-pane`, `swap-pane`, or `link-window` then
//! `unlink-window`. The agent is thinking meanwhile (no call in flight) and the pane prints far
//! more than its screen holds before the agent looks again; every line it printed is read
//! exactly once, and that whether or not the other session was followed already (whose stream
//! then takes the pane over, rather than a new one).

use std::future::Future;
use std::time::{Duration, Instant};

use serde_json::json;
use tmux_mcp_tests::{Fixture, World, wait_until};

pub(super) const LINES: usize = 300;

/// Ways a person moves pane `pane` (in window `window`, index `index` of session `main`) to
/// session `other` (and, the last, back while it prints: the stream of `main` takes it again,
/// each line still once).
const MOVES: [&str; 6] = [
    "move-window",
    "join-pane",
    "break-pane",
    "swap-pane",
    "link-window",
    "there-and-back",
];

/// The arguments of a move: `verb -d -s SOURCE -t TARGET`, and for `link-window` then
/// `unlink-window` of `old` (`session:index`), so that the window is gone from where it was.
pub(super) fn move_args<'a>(
    verb: &'a str,
    source: &'a str,
    target: &'a str,
    old: &'a str,
) -> Vec<&'a str> {
    let mut args = vec![verb, "-d", "-s", source, "-t", target];
    if verb == "link-window" {
        args.extend([";", "unlink-window", "-t", old]);
    }
    args
}

/// `moved` runs once the pane has left `main`; `there-and-back` goes back once `further`
/// holds (by default, the pane showing it printed on: [`printed_on`]).
fn relocate(
    world: &World,
    how: &str,
    (pane, window, index): (&str, &str, &str),
    moved: impl FnOnce(),
) {
    relocate_once(world, how, (pane, window, index), moved, || {
        printed_on(world, pane)
    });
}

/// Whether `pane` shows the printer well on (line 50) or done.
fn printed_on(world: &World, pane: &str) -> bool {
    let shown = world.tmux("work", &["capture-pane", "-p", "-t", pane]);
    shown.contains("line-50") || shown.contains("MARK-42")
}

/// [`relocate`], `there-and-back` going back once `further` holds.
fn relocate_once(
    world: &World,
    how: &str,
    (pane, window, index): (&str, &str, &str),
    moved: impl FnOnce(),
    further: impl Fn() -> bool,
) {
    let (verb, source, target) = match how {
        "join-pane" => ("join-pane", pane, "other:0"),
        "break-pane" => ("break-pane", pane, "other:"),
        "swap-pane" => ("swap-pane", pane, "other:0.0"),
        "link-window" => ("link-window", window, "other:"),
        // `move-window`, and the first half of `there-and-back`.
        _ => ("move-window", window, "other:"),
    };
    world.tmux(
        "work",
        &move_args(verb, source, target, &format!("main:{index}")),
    );
    moved();
    if how == "there-and-back" {
        let further = wait_until(Duration::from_secs(20), further);
        assert!(further, "{how}: the pane stopped printing");
        world.tmux("work", &move_args("move-window", window, "main:", ""));
    }
}

/// The pane: a new window of session `main` running `shell`, and session `other`'s pane,
/// followed when `other_followed`. Returns (pane, its window id, its window index).
async fn setup(f: &Fixture, other_followed: bool, shell: &str) -> (String, String, String) {
    let pane = f.open(&["new-window", "-t", "main:"], shell);
    let window = f.display(&pane, "#{window_id}");
    let index = f.display(&pane, "#{window_index}");
    let other = f
        .tmux(&[
            "new-session",
            "-d",
            "-s",
            "other",
            "-P",
            "-F",
            "#{pane_id}",
            "sh",
        ])
        .trim()
        .to_owned();
    f.wait_for_prompt(&pane);
    f.wait_for_prompt(&other);
    if other_followed {
        f.ok("capture_since", json!({"pane": other})).await;
    }
    (pane, window, index)
}

/// Prints `LINES` numbered lines, the first hundred slowly enough for a move to come while
/// they print, then `pause` (shell commands, `sleep 0.6; ` say), the rest and a mark.
pub(super) fn printer(pause: &str) -> String {
    format!(
        "for i in $(seq 1 100); do echo line-$i; sleep 0.005; done; {pause}seq -f line-%g 101 {LINES}; echo MARK-$((6*7))"
    )
}

/// Whether `screen` shows a numbered line the printer printed (its typed line holds
/// `line-$i`, which is no such line).
fn printing(screen: &str) -> bool {
    screen.lines().any(|l| {
        l.trim()
            .strip_prefix("line-")
            .is_some_and(|n| n.parse::<usize>().is_ok())
    })
}

/// The numbered lines of `text` that are not there exactly once.
pub(super) fn not_once(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    (1..=LINES)
        .map(|i| {
            (
                i,
                lines.iter().filter(|l| **l == format!("line-{i}")).count(),
            )
        })
        .filter(|(_, n)| *n != 1)
        .map(|(i, n)| format!("line-{i} x{n}"))
        .collect()
}

/// The move comes while `run_shell_command` waits: its output holds every line once.
async fn moved_under_a_command(how: &str, other_followed: bool) {
    let f = Fixture::new().await;
    let (pane, window, index) = setup(&f, other_followed, "sh").await;
    let person = async {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !printing(&f.screen(&pane)) {
            assert!(Instant::now() < deadline, "{how}: the pane never printed");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        relocate(&f.world, how, (&pane, &window, &index), || {});
    };
    let what = format!("{how} (other session followed: {other_followed})");
    runs_whole(&f, &pane, "", person, &what).await;
}

/// Runs the printer (with `pause`, see [`printer`]) in `pane` by `run_shell_command` while
/// `person` acts: the command completes, its output every line once and none of the typed
/// line's echo.
async fn runs_whole(
    f: &Fixture,
    pane: &str,
    pause: &str,
    person: impl Future<Output = ()>,
    what: &str,
) {
    let (ran, ()) = tokio::join!(
        f.ok(
            "run_shell_command",
            json!({"pane": pane, "command": printer(pause), "seconds": 30, "max_lines": 1000}),
        ),
        person
    );
    assert_eq!(ran["outcome"], "completed", "{what}: {ran}");
    let output = ran["output"].as_str().unwrap_or_default();
    let wrong = not_once(output);
    assert!(
        wrong.is_empty() && !output.contains("printf"),
        "{what}: lines not read exactly once ({wrong:?}), or the typed line's echo read\n{ran}"
    );
}

/// The move comes while the agent thinks, and the pane prints far more than its screen holds
/// before the agent waits: a line long scrolled away is still found since the input.
async fn moved_while_the_agent_thinks(how: &str, other_followed: bool) {
    let f = Fixture::new().await;
    let (pane, window, index) = setup(&f, other_followed, "sh").await;
    let sent = f
        .ok(
            "send_keys",
            json!({"pane": pane, "enter": true, "text": printer("")}),
        )
        .await;
    assert!(
        wait_until(Duration::from_secs(10), || printing(&f.screen(&pane))),
        "{how}: the pane never printed"
    );
    relocate(&f.world, how, (&pane, &window, &index), || {});
    assert!(
        wait_until(Duration::from_secs(20), || f
            .screen(&pane)
            .contains("MARK-42")),
        "{how}: the pane never finished"
    );
    for line in ["^line-150$", "^line-250$", "^MARK-42$"] {
        let waited = f
            .ok(
                "wait_for_text",
                json!({"pane": pane, "patterns": [line], "regex": true, "since": sent["since"], "seconds": 3}),
            )
            .await;
        assert_eq!(
            waited["outcome"], "matched",
            "{how} (other session followed: {other_followed}): {line}: {waited}"
        );
    }
}

#[tokio::test]
async fn a_pane_moved_under_a_running_command_loses_no_line_and_repeats_none() {
    for how in MOVES {
        for other_followed in [false, true] {
            moved_under_a_command(how, other_followed).await;
        }
    }
}

#[tokio::test]
async fn a_pane_moved_while_the_agent_thinks_loses_no_line() {
    for how in MOVES {
        for other_followed in [false, true] {
            moved_while_the_agent_thinks(how, other_followed).await;
        }
    }
}

#[tokio::test]
async fn a_command_that_starts_as_its_pane_moves_loses_no_line() {
    for (i, how) in MOVES.into_iter().enumerate() {
        moved_as_the_command_starts(how, i % 2 == 1).await;
    }
}

#[tokio::test]
async fn a_pane_followed_a_moment_before_it_moves_loses_no_line() {
    for how in ["move-window", "break-pane", "join-pane"] {
        moved_before_its_echo(how).await;
    }
}

/// Sends `signal` to process `pid`.
fn kill(pid: &str, signal: &str) {
    let sent = std::process::Command::new("kill")
        .args([signal, pid])
        .status();
    assert!(sent.is_ok_and(|s| s.success()), "kill {signal} {pid}");
}

/// Bytes typed into terminal `tty` that its program has not read yet (`FIONREAD`: whole lines,
/// the terminal being in canonical mode).
fn unread(tty: &str) -> u64 {
    let script = "import fcntl, os, struct, sys, termios\n\
        fd = os.open(sys.argv[1], os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)\n\
        print(struct.unpack('i', fcntl.ioctl(fd, termios.FIONREAD, b'\\0' * 4))[0])";
    let out = std::process::Command::new("python3")
        .args(["-c", script, tty])
        .output()
        .expect("python3, to ask the terminal how much waits in it");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .unwrap_or(0)
}

/// The pane moves before the command typed into it is even echoed, and it was followed for
/// that call alone: its journal holds no line yet, so the catch-up has no lines of it to find
/// and is anchored on the typed line, whose echo, start report and first lines all come while
/// no stream delivers the pane. Its bash reads nothing while the line is typed (at its prompt,
/// it waits on a FIFO with the terminal's echo off), and this server is stopped while the pane
/// moves and prints. (A pane's own process cannot be held with SIGSTOP: tmux continues it,
/// server.c `server_child_stopped`.)
async fn moved_before_its_echo(how: &str) {
    let f = Fixture::new().await;
    let (pane, window, index) = setup(&f, false, "bash").await;
    let tty = f.display(&pane, "#{pane_tty}");
    let hold = f.world.dir.path.join("hold");
    let made = std::process::Command::new("mkfifo").arg(&hold).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let hold = hold.display().to_string();
    f.tmux(&[
        "send-keys",
        "-t",
        &pane,
        &format!("exec 9<>{hold}; PROMPT_COMMAND='stty -echo; read -r -u 9 _; stty echo'"),
        "Enter",
    ]);
    let holding = wait_until(Duration::from_secs(10), || {
        let shown = std::process::Command::new("stty")
            .args(["-F", &tty, "-a"])
            .output();
        shown.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(" -echo "))
    });
    assert!(holding, "{how}: the prompt never held");
    let person = async {
        // Polled between awaits, so that the call goes on meanwhile.
        let deadline = Instant::now() + Duration::from_secs(20);
        while unread(&tty) == 0 {
            assert!(Instant::now() < deadline, "{how}: nothing was typed");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let server = f
            .world
            .mcp_server_pid()
            .expect("the server's process")
            .to_string();
        kill(&server, "-STOP");
        relocate(&f.world, how, (&pane, &window, &index), || {
            let released = std::process::Command::new("sh")
                .args(["-c", &format!("echo > {hold}")])
                .status();
            assert!(released.is_ok_and(|s| s.success()), "write to the FIFO");
        });
        let paused = wait_until(Duration::from_secs(20), || {
            f.screen(&pane).contains("line-100")
        });
        kill(&server, "-CONT");
        assert!(paused, "{how}: the command never printed");
        // Once this server follows the pane where it is now, the rest comes.
        f.ok("capture_since", json!({"pane": pane})).await;
        f.tmux(&["wait-for", "-S", "go"]);
    };
    runs_whole(&f, &pane, "tmux wait-for go; ", person, how).await;
}

/// The pane moves after the command was typed and before it starts: its bash holds the
/// command (a DEBUG trap waits on tmux's channel `go`) until the pane has left `main`, and
/// this server is stopped meanwhile, so that no stream delivers the pane when the command
/// reports its start. That report is lost with the move (the catch-up reads text, not
/// reports); the output is still every line once, read from after the typed line. Not in
/// `there-and-back`, whose pane comes back to `main` before this server wakes: tmux kept that
/// client's place in the pane's output, so the stream of `main` gets everything, the report
/// too.
async fn moved_as_the_command_starts(how: &str, other_followed: bool) {
    let f = Fixture::new().await;
    let (pane, window, index) = setup(&f, other_followed, "bash").await;
    let marker = f.world.dir.path.join("started");
    f.tmux(&[
        "send-keys",
        "-t",
        &pane,
        "trap '[ -n \"$HOLD\" ] && { HOLD=; tmux wait-for go; }' DEBUG; echo HELD; HOLD=1",
        "Enter",
    ]);
    let held = wait_until(Duration::from_secs(10), || {
        f.screen(&pane).lines().any(|l| l.trim() == "HELD")
    });
    assert!(held, "{how}: bash took no DEBUG trap");
    let server = |signal: &str| {
        let pid = f.world.mcp_server_pid().expect("the server's process");
        let sent = std::process::Command::new("kill")
            .args([signal, &pid.to_string()])
            .status();
        assert!(sent.is_ok_and(|s| s.success()), "kill {signal}");
    };
    let person = async {
        // Polled between awaits, so that the call goes on meanwhile.
        let deadline = Instant::now() + Duration::from_secs(20);
        while !f
            .tmux(&["capture-pane", "-p", "-J", "-t", &pane])
            .contains("MARK-$((6*7))")
        {
            assert!(
                Instant::now() < deadline,
                "{how}: the command was never typed"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        server("-STOP");
        // Started: its first hundred lines went to the terminal. Not read off the screen: tmux
        // stops reading a pane whose only attached clients are control clients that take no
        // more (server-client.c `server_client_check_pane_buffer`, 3.2a to next-3.8), as this
        // server's, stopped, may be.
        let started = || marker.exists();
        relocate_once(
            &f.world,
            how,
            (&pane, &window, &index),
            || {
                f.tmux(&["wait-for", "-S", "go"]);
            },
            started,
        );
        let started = wait_until(Duration::from_secs(20), started);
        server("-CONT");
        assert!(started, "{how}: the command never started");
    };
    let what = format!("{how} (other session followed: {other_followed})");
    let pause = format!(": > {}; sleep 1; ", marker.display());
    runs_whole(&f, &pane, &pause, person, &what).await;
}
