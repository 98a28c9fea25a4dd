//! The tmux connection layer: values reach tmux byte for byte whichever way a command travels
//! (the persistent control client or a subprocess), and the layer survives tmux going away.

use std::ffi::OsString;

use std::time::Duration;
use tmux::{Command, Tmux, TmuxErrorKind, Verb, command_line};

use tmux_mcp_tests::{World, wait_until};

/// A small deterministic generator, so a failure reproduces.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// Strings built from the characters most likely to break quoting.
fn nasty(rng: &mut Lcg) -> String {
    const PIECES: &[&str] = &[
        "\"",
        "'",
        "\\",
        "$",
        "$HOME",
        "${x}",
        ";",
        " ; ",
        "\\;",
        "#",
        "#{pane_id}",
        "##",
        "{",
        "}",
        "%",
        "%end 1 2 1",
        "\n",
        "\r",
        "\t",
        "\u{1}",
        "\u{1b}[31m",
        "\u{7f}",
        "~",
        "~/",
        "é",
        "日本",
        "🙂",
        " ",
        "a",
        "-",
        "--",
        "-t",
        "`x`",
        "$(x)",
    ];
    let len = 1 + rng.next() % 12;
    (0..len)
        .map(|_| PIECES[(rng.next() as usize) % PIECES.len()])
        .collect()
}

/// The layer as the server builds it, on the world's socket by path.
fn tmux_for(world: &World, name: &str) -> Tmux {
    let path = world.tmux(name, &["display-message", "-p", "#{socket_path}"]);
    Tmux::new(vec![
        OsString::from("-u"),
        OsString::from("-S"),
        OsString::from(path.trim()),
    ])
}

#[tokio::test]
async fn values_reach_tmux_unchanged_through_either_path() {
    let world = World::new();
    world.start_server("work");
    let tmux = tmux_for(&world, "work");
    let mut rng = Lcg(7);
    for i in 0..300 {
        let value = nasty(&mut rng);
        let buffer = format!("b{i}");
        // set-buffer travels first in tmux's command syntax (`command_line`, as a pipe's
        // `if-shell` carries its `pipe-pane`), then as argv.
        let set = Command::new(Verb::SetBuffer)
            .flag("-b")
            .arg(buffer.as_str())
            .unwrap()
            .flag("--")
            .arg(value.as_str())
            .unwrap();
        let show = Command::new(Verb::ShowBuffer)
            .flag("-b")
            .arg(buffer.as_str())
            .unwrap();
        let line = command_line(&set, tmux.features().await);
        let parsed = Command::new(Verb::IfShell)
            .flag("-F")
            .args(["1", line.trim_end()])
            .unwrap();
        tmux.run(parsed)
            .await
            .unwrap_or_else(|e| panic!("{value:?}: {e}"));
        let back = tmux
            .run_for(show.clone(), tmux::COMMAND_DEADLINE)
            .await
            .unwrap();
        assert_eq!(back, value, "through the first path");
        tmux.run_for(set.then(show), tmux::COMMAND_DEADLINE)
            .await
            .map(|out| assert_eq!(out, value, "through argv"))
            .unwrap_or_else(|e| panic!("{value:?}: {e}"));
    }
}

#[tokio::test]
async fn commands_fail_cleanly_while_tmux_is_gone_and_work_again_after() {
    let world = World::new();
    world.start_server("work");
    let tmux = tmux_for(&world, "work");
    let list = || Command::new(Verb::ListSessions);
    assert!(tmux.run(list()).await.is_ok());
    world.kill_server("work");
    let gone = tmux.run(list()).await.unwrap_err();
    assert_eq!(gone.kind, TmuxErrorKind::ServerGone);
    world.start_server("work");
    let back = tmux
        .run(list().flag("-F").flag("#{session_name}"))
        .await
        .unwrap();
    assert_eq!(back, "main\n");
    // A failing command in a list stops the list, as with tmux's own command lists.
    let err = tmux
        .run(
            Command::new(Verb::HasSession).target("nope").unwrap().then(
                Command::new(Verb::SetBuffer)
                    .args(["-b", "never", "x"])
                    .unwrap(),
            ),
        )
        .await
        .unwrap_err();
    assert_eq!(err.kind, TmuxErrorKind::ObjectGone);
    assert!(
        world
            .try_tmux("work", &["show-buffer", "-b", "never"])
            .stdout
            .is_empty()
    );
}

/// A script's commands answer apart, in order, whichever way it travels: a command that prints
/// nothing answers empty, and text that spans lines or looks like another answer stays with
/// its own command.
#[tokio::test]
async fn each_commands_output_comes_back_apart_through_either_path() {
    let world = World::new();
    world.start_server("work");
    let tmux = tmux_for(&world, "work");
    let display = |text: &str| {
        Command::new(Verb::DisplayMessage)
            .flag("-p")
            .arg(text)
            .unwrap()
    };
    let set = |name: &str, value: &str| {
        Command::new(Verb::SetBuffer)
            .args(["-b", name, "--", value])
            .unwrap()
    };
    // Carried by the control client: every command of it may be.
    let carried = tmux
        .run_each(
            display("one")
                .then(set("a", "x"))
                .then(display("two\nthree")),
        )
        .await
        .unwrap();
    assert_eq!(
        carried.iter().collect::<Vec<_>>(),
        ["one\n", "", "two\nthree\n"]
    );
    // capture-pane needs a subprocess, so the whole script runs in one.
    world.tmux(
        "work",
        &[
            "new-session",
            "-d",
            "-s",
            "fixed",
            "printf 'first\\nline two'; exec cat",
        ],
    );
    let capture = || {
        Command::new(Verb::CapturePane)
            .args(["-p", "-t", "fixed:", "-S", "0", "-E", "1"])
            .unwrap()
    };
    let printed = wait_until(Duration::from_secs(5), || {
        world.tmux(
            "work",
            &["capture-pane", "-p", "-t", "fixed:", "-S", "0", "-E", "1"],
        ) == "first\nline two\n"
    });
    assert!(printed, "the pane printed its two lines");
    let apart = tmux
        .run_each(
            capture()
                .then(set("c", "y"))
                .then(display("after"))
                .then(capture()),
        )
        .await
        .unwrap();
    assert_eq!(
        apart.iter().collect::<Vec<_>>(),
        ["first\nline two\n", "", "after\n", "first\nline two\n"]
    );
}
