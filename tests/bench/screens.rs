//! The screen model: what it costs a followed pane.

use std::time::{Duration, Instant};

use serde_json::json;
use tmux::{Script, Verb};
use tmux_mcp_tests::{RawClient, World, rss_kib, wait_until};

use crate::hosts::next;
use crate::raw::{TmuxAlone, next_call};
use crate::report::{Report, median, ms};

/// A new window of `target` on server `name` running `command`; its pane.
pub fn new_window(world: &World, name: &str, target: &str, command: &str) -> String {
    let args = [
        "new-window",
        "-d",
        "-P",
        "-F",
        "#{pane_id}",
        "-t",
        target,
        command,
    ];
    world.tmux(name, &args).trim().to_owned()
}

/// The screen model (issue 35): resident memory per followed pane, its journal and screen model
/// together, for 16 panes of 200x50 full of text on the main screen and 16 on the alternate one
/// (both screens then held), and for the 80x24 panes of the agent loop's figures; and how soon
/// wait_for_text sees words a program placed by cursor addressing and column jumps, against
/// tmux alone showing them (`capture-pane` polled). Returns the 80x24 figure.
pub fn screens(report: &mut Report, world: &World) -> u64 {
    world.start_server_sized("screens", 200, 50);
    world.count_syncs("screens");
    let fill = "awk 'BEGIN{for(i=0;i<60;i++){s=\"\";for(j=0;j<200;j++)s=s sprintf(\"%c\",97+(i+j)%26);print s}}'";
    let mut raw = RawClient::start(world, &["-L", "screens"], &[]);
    let mut id = 0u64;
    let mut per_pane = |raw: &mut RawClient, label: &str, command: &str, (x, y): (u16, u16)| {
        let session = format!("s{id}");
        world.tmux(
            "screens",
            &["new-session", "-d", "-s", &session, "sleep 600"],
        );
        // Sized before the program starts (every version: a window resized is manual), then
        // the program, which fills it.
        let (x, y) = (x.to_string(), y.to_string());
        let panes: Vec<String> = (0..16)
            .map(|_| {
                let pane = new_window(world, "screens", &format!("{session}:"), "sleep 600");
                world.tmux(
                    "screens",
                    &["resize-window", "-t", &pane, "-x", &x, "-y", &y],
                );
                world.tmux("screens", &["respawn-pane", "-k", "-t", &pane, command]);
                pane
            })
            .collect();
        let drawn = wait_until(Duration::from_secs(20), || {
            panes.iter().all(|p| {
                world
                    .tmux("screens", &["capture-pane", "-p", "-t", p])
                    .lines()
                    .filter(|l| !l.is_empty())
                    .count()
                    >= 20
            })
        });
        assert!(drawn, "{label}: the panes never filled");
        // One pane followed first: the session's stream and its buffers are no pane's.
        raw.call(next(&mut id), "capture_since", json!({"pane": panes[0]}));
        let before = rss_kib(raw.pid());
        for pane in &panes[1..] {
            let (line, _) = raw.call(next(&mut id), "capture_since", json!({"pane": pane}));
            assert!(line.contains("cursor"), "{line}");
        }
        (rss_kib(raw.pid()).saturating_sub(before)) / 15
    };
    let main = per_pane(&mut raw, "200x50", &format!("{fill}; sleep 600"), (200, 50));
    report.line(
        "followed pane, 200x50 main screen: RSS",
        format!("{main} KiB"),
        "<= 512 KiB",
        main <= 512,
    );
    let alternate = per_pane(
        &mut raw,
        "200x50 alternate",
        &format!("{fill}; printf '\\033[?1049h'; {fill}; sleep 600"),
        (200, 50),
    );
    report.line(
        "followed pane, 200x50 alternate screen: RSS",
        format!("{alternate} KiB"),
        "<= 512 KiB",
        alternate <= 512,
    );
    let small = per_pane(&mut raw, "80x24", &format!("{fill}; sleep 600"), (80, 24));
    report.line(
        "followed pane, 80x24: RSS",
        format!("{small} KiB"),
        "(the agent loop's panes)",
        true,
    );

    // Words placed by column jumps at a cursor position: a reader of lines sees them glued.
    let draw = "python3 -c \"import sys,termios\na=termios.tcgetattr(0);a[3]&=~termios.ECHO;termios.tcsetattr(0,0,a)\nfor l in sys.stdin: sys.stdout.write('\\033[10;5H\\033[2K'+'\\033[1C'.join(l.split())); sys.stdout.flush()\"";
    let pane = new_window(world, "screens", "s0:", draw);
    let mut alone = TmuxAlone::attach_to(world, "screens");
    // The keys of a line for the drawing program, as the bench's own client types them.
    let type_line = |words: &str| -> Script {
        tmux::Command::new(Verb::SendKeys)
            .target(&pane)
            .unwrap()
            .flag("-l")
            .arg(format!("{words}\n"))
            .unwrap()
            .into()
    };
    let (mut reactions, mut tmux_alone) = (Vec::new(), Vec::new());
    for n in 0..20 {
        let words = format!("drawn {n} here");
        let before = world.syncs("screens");
        raw.send(&next_call(
            &mut id,
            "wait_for_text",
            &json!({"pane": pane, "patterns": [words], "since": "now", "seconds": 10}),
        ));
        assert!(wait_until(Duration::from_secs(5), || world
            .syncs("screens")
            > before));
        let typing = Instant::now();
        let answers = alone.write(&[type_line(&words)]);
        let line = raw.line().expect("wait reply");
        reactions.push(typing.elapsed());
        alone.answers(answers);
        assert!(line.contains("\"matched\""), "{line}");
        // tmux alone: the same drawing, seen by polling its screen.
        let words = format!("shown {n} here");
        let typing = Instant::now();
        let answers = alone.write(&[type_line(&words)]);
        alone.answers(answers);
        assert!(wait_until(Duration::from_secs(5), || world
            .tmux("screens", &["capture-pane", "-p", "-t", &pane])
            .contains(&words)));
        tmux_alone.push(typing.elapsed());
    }
    drop(alone);
    let alone = median(tmux_alone);
    let reaction = median(reactions);
    report.line(
        "wait_for_text reaction, cursor-addressed redraw",
        format!("{} (tmux alone, polled: {})", ms(reaction), ms(alone)),
        "<= 5 ms",
        reaction <= Duration::from_millis(5),
    );
    raw.finish();
    world.kill_server("screens");
    small
}
