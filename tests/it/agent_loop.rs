//! The agent loop as a coding agent runs it: type, think, wait, read. Each test is one of the
//! failures seen by driving the server that way, against a real tmux and a real client.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, RawClient, World, call_request, wait_until};

#[tokio::test]
async fn output_printed_before_the_wait_is_found_at_once_and_never_again() {
    let f = Fixture::new().await;
    let sent = f
        .ok(
            "send_keys",
            json!({"pane": "%0", "text": "printf 'READY\\n'", "enter": true}),
        )
        .await;
    // A model thinks between calls; the output is long on the screen before the wait.
    f.wait_for_screen("%0", "READY\n");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let found = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["READY"]}),
        )
        .await;
    assert_eq!(
        (&found["outcome"], &found["line"], &found["already_present"]),
        (&json!("matched"), &json!("READY"), &json!(true)),
        "{found}"
    );
    // The cursor the input returned names the same point.
    let by_cursor = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["READY"], "since": sent["since"]}),
        )
        .await;
    assert_eq!(by_cursor["line"], "READY");

    // The next round: READY is from before the last input, so it never matches again, and
    // the deadline says it is on the screen anyway.
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": "printf 'NEXT\\n'", "enter": true}),
    )
    .await;
    let stale = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["READY"], "seconds": 1}),
        )
        .await;
    assert_eq!(
        (&stale["outcome"], &stale["on_screen"]),
        (&json!("deadline"), &json!(true)),
        "{stale}"
    );
    let next = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["^NEXT$"], "regex": true}),
        )
        .await;
    assert_eq!(next["outcome"], "matched", "{next}");
    // since: now is the old behaviour: text already printed never matches.
    let now = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["NEXT"], "since": "now", "seconds": 1}),
        )
        .await;
    assert_eq!(now["outcome"], "deadline");

    let forged = f
        .fails(
            "wait_for_text",
            json!({"pane": "%0", "since": "1.2.3.4.5", "seconds": 1}),
        )
        .await;
    assert_eq!(forged["kind"], "invalid_input");
}

#[tokio::test]
async fn a_repl_answers_and_an_interrupt_is_seen() {
    let f = Fixture::new().await;
    let repl = f.open(&["new-window", "-t", "main:"], "python3 -q");
    assert!(
        wait_until(Duration::from_secs(30), || f.screen(&repl).contains(">>>")),
        "no Python prompt: {}",
        f.screen(&repl)
    );
    f.ok(
        "send_keys",
        json!({"pane": repl, "text": "print(6*7)", "enter": true}),
    )
    .await;
    f.wait_for_screen(&repl, "42\n");
    let answer = f
        .ok(
            "wait_for_text",
            json!({"pane": repl, "patterns": ["^42$"], "regex": true, "seconds": 30}),
        )
        .await;
    assert_eq!(answer["outcome"], "matched", "{answer}");

    f.ok(
        "send_keys",
        json!({"pane": repl, "text": "import time; time.sleep(30)", "enter": true}),
    )
    .await;
    f.ok("send_keys", json!({"pane": repl, "keys": ["C-c"]}))
        .await;
    f.wait_for_screen(&repl, "KeyboardInterrupt");
    let interrupted = f
        .ok(
            "wait_for_text",
            json!({"pane": repl, "patterns": ["KeyboardInterrupt"], "seconds": 30}),
        )
        .await;
    assert_eq!(interrupted["outcome"], "matched", "{interrupted}");
}

/// What a person could see of the tmux server: every session, window, pane and client with
/// its focus, sizes, layout and modes, other than the clients this server follows output with.
fn visible_state(f: &Fixture) -> String {
    [
        f.tmux(&[
            "list-sessions",
            "-F",
            "#{session_id} #{session_name} #{session_windows} #{window_id}",
        ]),
        f.tmux(&[
            "list-windows",
            "-a",
            "-F",
            "#{session_id} #{window_id} #{window_index} #{window_active} #{window_zoomed_flag} #{window_width}x#{window_height} #{window_layout}",
        ]),
        f.tmux(&[
            "list-panes",
            "-a",
            "-F",
            "#{pane_id} #{pane_active} #{pane_in_mode} #{pane_width}x#{pane_height} #{pane_marked}",
        ]),
        f.tmux(&[
            "list-clients",
            "-F",
            "#{client_name} #{client_session} #{client_flags} #{client_width}x#{client_height}",
        ])
        .lines()
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n"),
    ]
    .concat()
}

#[tokio::test]
async fn waits_on_a_pane_that_is_not_active_change_nothing_a_person_sees() {
    let f = Fixture::new().await;
    // Two windows; the waited pane is in the one that is not current, and not its active pane.
    f.tmux(&["new-window", "-d", "-t", "main:", "sh"]);
    let waited = f.open(&["split-window", "-t", "main:1"], "sh");
    f.tmux(&["select-pane", "-t", "main:1.0"]);
    assert_eq!(f.display(&waited, "#{pane_active}#{window_active}"), "00");
    // A person's control client, watching for focus notifications.
    let mut person = Command::new("tmux")
        .env_clear()
        .envs(f.world.base_env())
        .args(["-L", "work", "-C", "attach-session", "-t", "main"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let seen = f.world.dir.path.join("person.log");
    let log = std::fs::File::create(&seen).unwrap();
    let out = person.stdout.take().unwrap();
    let copier = std::thread::spawn(move || {
        let mut log = log;
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            use std::io::Write;
            let _ = writeln!(log, "{line}");
        }
    });
    assert!(wait_until(Duration::from_secs(5), || {
        std::fs::read_to_string(&seen).is_ok_and(|s| s.contains("%session-changed"))
    }));
    // The server's first call, before any wait, changes nothing either.
    f.ok("list_sessions", json!({})).await;
    let before = visible_state(&f);

    for since in ["now", "last_input"] {
        let wait = f.ok(
            "wait_for_text",
            json!({"pane": waited, "patterns": ["seen-it"], "since": since, "seconds": 10}),
        );
        let print = async {
            tokio::time::sleep(Duration::from_millis(1)).await;
            f.tmux(&["send-keys", "-t", &waited, "echo seen-''it", "Enter"]);
        };
        let (matched, ()) = tokio::join!(wait, print);
        assert!(
            matched["outcome"] == "matched" || matched["outcome"] == "deadline",
            "{matched}"
        );
    }
    let timed = f
        .ok(
            "wait_for_text",
            json!({"pane": waited, "patterns": ["never"], "seconds": 1}),
        )
        .await;
    assert_eq!(timed["outcome"], "deadline");
    assert_eq!(
        visible_state(&f),
        before,
        "a wait changed what a person sees"
    );
    drop(person.stdin.take());
    let _ = person.wait();
    copier.join().unwrap();
    let notices = std::fs::read_to_string(&seen).unwrap();
    for moved in ["%window-pane-changed", "%session-window-changed"] {
        assert!(
            !notices.contains(moved),
            "the person's client saw {moved}:\n{notices}"
        );
    }
}

#[test]
fn sixty_four_waits_over_nineteen_panes_share_a_pipe_each_and_tmux_survives() {
    let world = World::new();
    world.start_server_sized("work", 200, 50);
    world.count_syncs("work");
    // The layout that crashed tmux 3.3a when waits attached with pane targets.
    for _ in 0..9 {
        world.tmux("work", &["split-window", "-t", "main", "-l", "1", "sh"]);
        world.tmux("work", &["select-layout", "-t", "main", "tiled"]);
    }
    for name in ["b", "c", "d"] {
        world.tmux(
            "work",
            &[
                "new-session",
                "-d",
                "-s",
                name,
                "-x",
                "80",
                "-y",
                "24",
                "sh",
            ],
        );
        for _ in 0..2 {
            world.tmux("work", &["split-window", "-t", name, "sh"]);
        }
    }
    let panes: Vec<String> = world
        .tmux("work", &["list-panes", "-a", "-F", "#{pane_id}"])
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(panes.len(), 19);
    let mut raw = RawClient::start(&world, &["-L", "work"], &[]);
    let before = world.syncs("work");
    for i in 0..64u64 {
        let pane = &panes[i as usize % panes.len()];
        raw.send(&call_request(
            i + 1,
            "wait_for_text",
            &json!({"pane": pane, "patterns": [format!("crowd-{pane}-done")], "since": "now", "seconds": 60}),
        ));
    }
    assert!(
        wait_until(Duration::from_secs(30), || world.syncs("work")
            >= before + 64),
        "only {} of 64 waits started",
        world.syncs("work") - before
    );
    for pane in &panes {
        let line = format!("echo crowd-{pane}-do''ne");
        world.tmux("work", &["send-keys", "-t", pane, &line, "Enter"]);
    }
    let mut matched = 0;
    for _ in 0..64 {
        let reply: Value = serde_json::from_str(&raw.line().expect("a reply")).unwrap();
        let body = &reply["result"]["structuredContent"];
        let id = reply["id"].as_u64().unwrap();
        let pane = &panes[(id - 1) as usize % panes.len()];
        assert_eq!(
            (&body["outcome"], &body["line"]),
            (&json!("matched"), &json!(format!("crowd-{pane}-done"))),
            "{reply}"
        );
        matched += 1;
    }
    assert_eq!(matched, 64);
    assert!(world.server_alive("work"), "the tmux server survived");
    assert_eq!(world.followers("work"), 19, "one pipe a pane");
    assert_eq!(world.hubs(), 19, "one hub a pane");
    // The tmux server, this server and the hubs (their names start with tmux), and no client.
    let ps = Command::new("ps")
        .args(["-eo", "pid,args"])
        .output()
        .unwrap();
    assert_eq!(
        world.tmux_processes(),
        2 + 19,
        "{}",
        String::from_utf8_lossy(&ps.stdout)
    );
    raw.finish();
}

#[tokio::test]
async fn run_shell_command_ends_with_its_shell_and_reports_the_status() {
    let f = Fixture::new().await;
    let pane = f.open(&["new-window", "-t", "main:"], "sh");
    f.wait_for_prompt(&pane);
    let exited = f
        .ok(
            "run_shell_command",
            json!({"pane": pane, "command": "echo bye; exit 3", "seconds": 30}),
        )
        .await;
    assert_eq!(
        (
            &exited["outcome"],
            &exited["exit_status"],
            &exited["output"]
        ),
        (&json!("pane_closed"), &json!(3), &json!("bye")),
        "{exited}"
    );
    assert!(
        exited["elapsed_ms"].as_i64().unwrap() < 10_000,
        "it waited for the deadline: {exited}"
    );

    // Killed from outside mid-command: closed, no status.
    let victim = f.open(&["new-window", "-t", "main:"], "sh");
    f.wait_for_prompt(&victim);
    let run = f.ok(
        "run_shell_command",
        json!({"pane": victim, "command": "sleep 30", "seconds": 30}),
    );
    let kill = async {
        while f.display(&victim, "#{pane_current_command}") != "sleep" {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        f.tmux(&["kill-pane", "-t", &victim]);
    };
    let (killed, ()) = tokio::join!(run, kill);
    assert_eq!(
        (&killed["outcome"], &killed["exit_status"]),
        (&json!("pane_closed"), &Value::Null),
        "{killed}"
    );

    // The server's last session ends with the shell: still pane_closed, not server_gone.
    let last = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "exit 5", "seconds": 30}),
        )
        .await;
    assert_eq!(
        (&last["outcome"], &last["exit_status"]),
        (&json!("pane_closed"), &json!(5)),
        "{last}"
    );
    assert!(
        wait_until(Duration::from_secs(10), || !f.world.server_alive("work")),
        "that was the last session"
    );
}

#[tokio::test]
async fn run_shell_command_types_only_into_a_shell_at_its_prompt() {
    let f = Fixture::new().await;
    let script = f.world.dir.path.join("ask.sh");
    std::fs::write(&script, "read -p 'name? ' n\necho \"hi $n\"\n").unwrap();
    let script = script.display().to_string();
    let cases: [(&str, String); 3] = [
        ("from the shell", format!("bash {script}")),
        ("a subshell", "(sleep 30)".into()),
        ("sleep", "sleep 30".into()),
    ];
    for (what, line) in &cases {
        let pane = f.open(&["new-window", "-t", "main:"], "bash --norc --noprofile");
        f.wait_for_prompt(&pane);
        f.tmux(&["send-keys", "-t", &pane, line, "Enter"]);
        assert!(
            wait_until(Duration::from_secs(10), || f
                .display(&pane, "#{pane_current_command}")
                != "bash"
                || f.screen(&pane).contains("name?")),
            "{what}: {}",
            f.screen(&pane)
        );
        let before = f.screen(&pane);
        let refused = f
            .fails(
                "run_shell_command",
                json!({"pane": pane, "command": "echo typed"}),
            )
            .await;
        assert_eq!(refused["kind"], "refused", "{what}: {refused}");
        assert_eq!(f.screen(&pane), before, "{what}: something was typed");
    }
    // A pane whose own process is the script.
    let scripted = f.open(&["new-window", "-t", "main:"], &format!("bash {script}"));
    f.wait_for_screen(&scripted, "name?");
    let refused = f
        .fails(
            "run_shell_command",
            json!({"pane": scripted, "command": "echo typed"}),
        )
        .await;
    assert_eq!(refused["kind"], "refused", "{refused}");
    assert!(!f.screen(&scripted).contains("typed"));
}

#[tokio::test]
async fn run_shell_command_output_is_bounded_and_counted_honestly() {
    let f = Fixture::new().await;
    let long = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "head -c 1300000 /dev/zero | tr '\\0' x; echo"}),
        )
        .await;
    let output = long["output"].as_str().unwrap();
    assert!(output.len() <= 16_384, "{} bytes returned", output.len());
    assert_eq!(
        (
            &long["output_lines"],
            &long["output_bytes"],
            &long["truncated"]
        ),
        (&json!(1), &json!(1_300_001), &json!(true)),
    );
    let many = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "seq 1 200000", "max_lines": 3}),
        )
        .await;
    assert_eq!(
        (&many["output"], &many["output_lines"], &many["truncated"]),
        (
            &json!("199998\n199999\n200000"),
            &json!(200_000),
            &json!(true)
        ),
    );
    let small = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": "printf 'a\\nb'"}),
        )
        .await;
    assert_eq!(
        (
            &small["output"],
            &small["output_lines"],
            &small["output_bytes"],
            &small["truncated"]
        ),
        (&json!("a\nb"), &json!(2), &json!(3), &json!(false)),
    );
}

#[tokio::test]
async fn the_wrapper_is_short_and_leaves_no_tmux_in_history() {
    let f = Fixture::new().await;
    let bash = f.open(&["new-window", "-t", "main:"], "bash --norc --noprofile");
    f.wait_for_prompt(&bash);
    f.ok(
        "run_shell_command",
        json!({"pane": bash, "command": "echo hello"}),
    )
    .await;
    let history = f
        .ok(
            "run_shell_command",
            json!({"pane": bash, "command": "history 2"}),
        )
        .await;
    let text = history["output"].as_str().unwrap();
    let entry = text.lines().next().unwrap();
    assert!(entry.contains("echo hello"), "{text}");
    assert!(
        !text.contains("tmux") && !text.contains(".sock") && !text.contains("libtmux"),
        "{text}"
    );
    // `history` puts the entry's number and two spaces before it.
    let typed = entry
        .trim_start()
        .split_once("  ")
        .map_or(entry, |(_, e)| e);
    assert!(
        typed.len() <= "echo hello".len() + 135,
        "{} characters: {typed}",
        typed.len()
    );
    let screen = f.screen(&bash);
    assert!(!screen.contains('\x1b'));
}

#[tokio::test]
async fn a_wait_follows_its_pane_into_another_session() {
    let f = Fixture::new().await;
    let pane = f.open(&["new-window", "-t", "main:"], "sh");
    f.wait_for_prompt(&pane);
    f.tmux(&["new-session", "-d", "-s", "other", "sh"]);
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": pane, "patterns": ["moved-along"], "since": "now", "seconds": 20}),
    );
    let act = async {
        f.until_synced(before).await;
        let window = f.display(&pane, "#{window_id}");
        // The pane's pipe goes with it: nothing has to follow it anew.
        f.tmux(&["move-window", "-d", "-s", &window, "-t", "other:"]);
        assert_eq!(f.display(&pane, "#{session_name}"), "other");
        f.tmux(&["send-keys", "-t", &pane, "echo moved-a''long", "Enter"]);
    };
    let (matched, ()) = tokio::join!(wait, act);
    assert_eq!(matched["line"], "moved-along", "{matched}");
}
