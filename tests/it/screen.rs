//! The screen model against real TUIs that draw only by cursor addressing
//! (tests/programs/redraw_tui.py: Ink-like on the main screen, Codex-like on the alternate
//! one), each started before the server looked: the model shows what tmux shows, seeded
//! while the program was running and followed through a resize; waits match words placed by
//! column jumps, and go quiet only after the answer, not while a spinner changes;
//! capture_since returns the rows redrawn since its cursor.

use std::time::{Duration, Instant};

use serde_json::json;
use tmux::feed::{Feed, Piece};
use tmux_mcp_tests::{Fixture, World, repo_root};

fn program(mode: &str, think_ms: u32) -> String {
    format!(
        "python3 {} {mode} {think_ms}",
        repo_root().join("tests/programs/redraw_tui.py").display()
    )
}

/// The rows as a screen shows them, without the blank ones at the bottom.
fn rows(text: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut rows: Vec<String> = text.into_iter().map(|r| r.trim_end().to_owned()).collect();
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    rows
}

/// Polls until the model of `pane` and tmux's capture agree and the capture holds `needle`;
/// panics with both otherwise.
async fn agree(world: &World, tmux: &tmux::Tmux, pane: &str, needle: &str) {
    let (journal, _) = tmux.follow(pane).await.expect("follow");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let shown = rows(
            world
                .tmux("work", &["capture-pane", "-p", "-t", pane])
                .lines()
                .map(str::to_owned),
        );
        let view = Feed::new(journal.position())
            .screen(&journal)
            .expect("a model");
        let model = rows(view.rows.into_iter().map(|(_, t)| t));
        if model == shown && shown.iter().any(|r| r.contains(needle)) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the model never showed what tmux shows ({needle:?}):\nmodel: {model:#?}\ntmux: {shown:#?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn the_model_shows_what_tmux_shows_from_before_it_looked_and_after_a_resize() {
    for mode in ["ink", "alt"] {
        let world = World::new();
        world.start_server("work");
        let pane = world
            .tmux(
                "work",
                &[
                    "new-window",
                    "-d",
                    "-P",
                    "-F",
                    "#{pane_id}",
                    &program(mode, 300),
                ],
            )
            .trim()
            .to_owned();
        let socket = world
            .tmux("work", &["display-message", "-p", "#{socket_path}"])
            .trim()
            .to_owned();
        // Seeded: the program drew its screen before anything followed it.
        let drew = tmux_mcp_tests::wait_until(Duration::from_secs(20), || {
            world
                .tmux("work", &["capture-pane", "-p", "-t", &pane])
                .contains("ready")
        });
        assert!(drew, "{mode}: the program never drew");
        let tmux = tmux::Tmux::new(vec!["-S".into(), socket.into()]);
        agree(&world, &tmux, &pane, "ready").await;
        for key in ["-l", "Enter"] {
            let args: &[&str] = if key == "-l" {
                &["send-keys", "-t", &pane, "-l", "hello"]
            } else {
                &["send-keys", "-t", &pane, "Enter"]
            };
            world.tmux("work", args);
        }
        agree(&world, &tmux, &pane, "That is all.").await;
        // A narrower window: tmux rewraps the rows; the model asks again.
        world.tmux(
            "work",
            &["resize-window", "-t", &pane, "-x", "50", "-y", "20"],
        );
        world.tmux("work", &["send-keys", "-t", &pane, "-l", "x"]);
        agree(&world, &tmux, &pane, "> x").await;
    }
}

/// The row the program drew first, before anything followed it.
fn banner(mode: &str) -> &'static str {
    if mode == "ink" { "Welcome" } else { "Alt TUI" }
}

#[tokio::test]
async fn waits_read_a_cursor_addressed_answer_as_shown_and_quiet_comes_after_it() {
    for mode in ["ink", "alt"] {
        let program = program(mode, 1500);
        let (f, panes) = Fixture::with_programs(&[(program.as_str(), "ready")]).await;
        let pane = panes[0].as_str();
        let before = f.ok("capture_since", json!({"pane": pane})).await;
        f.ok(
            "send_keys",
            json!({"pane": pane, "text": "hello", "enter": true}),
        )
        .await;
        // Quiet only once the answer is drawn: the spinner changes its frame every 100 ms
        // for 1.5 s, and the words come 50 ms apart.
        let quiet = f
            .ok(
                "wait_for_quiet",
                json!({"pane": pane, "quiet_ms": 600, "seconds": 30}),
            )
            .await;
        assert_eq!(
            (&quiet["outcome"], &quiet["line"]),
            (&json!("quiet"), &json!("That is all.")),
            "{mode}: {quiet}"
        );
        let waited = quiet["elapsed_ms"].as_i64().unwrap();
        assert!(waited >= 1500, "{mode}: quiet after {waited} ms: {quiet}");
        // Words placed by column jumps read with their spaces, as the screen shows them.
        let seen = f
            .ok(
                "wait_for_text",
                json!({"pane": pane, "patterns": ["answer to hello is forty two"], "seconds": 5}),
            )
            .await;
        assert_eq!(
            (&seen["outcome"], &seen["line"], &seen["already_present"]),
            (
                &json!("matched"),
                &json!("The answer to hello is forty two"),
                &json!(true)
            ),
            "{mode}: {seen}"
        );
        assert!(f.screen(pane).contains("The answer to hello is forty two"));
        // What the program drew since the cursor: the rows it rewrote, as shown.
        let since = f
            .ok(
                "capture_since",
                json!({"pane": pane, "cursor": before["cursor"]}),
            )
            .await;
        assert_eq!(since["redrawn"], true, "{mode}: {since}");
        let text = since["text"].as_str().unwrap();
        assert!(
            text.contains("you: hello\nThe answer to hello is forty two\nThat is all."),
            "{mode}: {since}"
        );
        assert!(!text.contains(banner(mode)), "{mode}: {since}");
        let again = f
            .ok(
                "capture_since",
                json!({"pane": pane, "cursor": since["cursor"]}),
            )
            .await;
        assert_eq!(again["text"], "", "{mode}: nothing since: {again}");
        // Nothing from before the input matches: the banner was on screen already.
        let old = f
            .ok(
                "wait_for_text",
                json!({"pane": pane, "patterns": [banner(mode)], "seconds": 1}),
            )
            .await;
        assert_eq!(old["outcome"], "deadline", "{mode}: {old}");
        assert_eq!(old["on_screen"], true, "{mode}: {old}");
    }
}

/// A pane closing makes tmux report a layout change, and every followed pane of the session
/// is asked again what it shows, the closed one too: its first command fails and tmux drops
/// the rest of that line. The stream must still answer in order, or every later mark, drain
/// and seed of its session would take another command's answer (or wait for ever).
#[tokio::test]
async fn a_pane_closing_beside_a_followed_one_leaves_the_stream_answering_in_order() {
    let world = World::new();
    world.start_server("work");
    let split = |args: &[&str]| world.tmux("work", args).trim().to_owned();
    let kept = split(&["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"]);
    let socket = split(&["display-message", "-p", "#{socket_path}"]);
    let tmux = tmux::Tmux::new(vec!["-S".into(), socket.into()]);
    tmux.follow(&kept).await.expect("follow the kept pane");
    for round in 0..3 {
        let closing = split(&[
            "split-window",
            "-d",
            "-P",
            "-F",
            "#{pane_id}",
            "-t",
            &kept,
            "sh",
        ]);
        tmux.follow(&closing)
            .await
            .expect("follow the closing pane");
        world.tmux("work", &["kill-pane", "-t", &closing]);
        let mark = format!("after-close-{round}");
        world.tmux(
            "work",
            &["send-keys", "-t", &kept, &format!("echo {mark}"), "Enter"],
        );
        // Every command on the stream answers, and a sync has everything printed before it.
        let shown = tmux_mcp_tests::wait_until(Duration::from_secs(20), || {
            world
                .tmux("work", &["capture-pane", "-p", "-t", &kept])
                .lines()
                .any(|l| l == mark)
        });
        assert!(shown, "round {round}: {mark} never printed");
        let (journal, _) = tokio::time::timeout(Duration::from_secs(20), tmux.follow(&kept))
            .await
            .expect("the stream answers")
            .expect("follow again");
        let (lines, _) = Feed::new(tmux::journal::Position::default()).next(&journal);
        assert!(
            lines
                .iter()
                .any(|p| matches!(p, Piece::Line { text, .. } if text == &mark)),
            "round {round}: a sync came before the output it follows: {lines:?}"
        );
    }
}
