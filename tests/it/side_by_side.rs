//! A person's tmux with this server following panes in it behaves as it does without: the same
//! commands, run from outside tmux and from a shell in a pane, with a person's client attached
//! (and typing) and with none, give the same exit status, output and resulting state in two
//! identical tmux servers, one of them with this server attached.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};
use tmux::socket::shell_quote;
use tmux_mcp_tests::{Client, World, call, wait_until};

/// A person's tmux server: session `main` (the person's: a shell in window 0, and a shell in
/// window 1 where their scripts run, `%2`) and session `agents` (two shells, `%1` and `%3`),
/// maybe with a person's real client attached to `main` (run in a pane of another tmux
/// server, `outer`, so that it has a terminal), maybe with this server following `%0` and `%1`.
struct Side {
    world: World,
    server: Option<Client>,
    person: bool,
}

/// What a command did: exit status, standard output and error.
type Outcome = (i32, String, String);

impl Side {
    async fn new(person: bool, server: bool) -> Side {
        let world = World::new();
        world.start_server("work");
        let work = |args: &[&str]| world.tmux("work", args);
        work(&["new-session", "-d", "-s", "agents", "sh"]);
        work(&["new-window", "-d", "-t", "main:", "sh"]);
        work(&["split-window", "-d", "-t", "agents:", "sh"]);
        for pane in ["%0", "%1", "%2", "%3"] {
            wait_for_prompt(&world, pane);
        }
        if person {
            world.attach_person("work", Some("main"), 100, 30);
            assert!(
                wait_until(Duration::from_secs(10), || people(&world) == ["main"]),
                "the person's client attached"
            );
        }
        // What a person's own terminal brought (update-environment): a client attaching without
        // -E would remove it from the sessions' environment, for the panes opened next.
        for session in ["main", "agents"] {
            work(&[
                "set-environment",
                "-t",
                session,
                "SSH_AUTH_SOCK",
                "/tmp/ssh-agent.sock",
            ]);
        }
        let server = if server {
            let client = world
                .client(&["-L", "work"], &[("LIBTMUX_TOOLSETS", "inspect,execute")])
                .await;
            let typed = call(
                &client,
                "send_keys",
                json!({"pane": "%1", "text": "echo agent", "enter": true}),
            )
            .await
            .unwrap();
            assert_ne!(typed.is_error, Some(true), "{typed:?}");
            let waited = call(
                &client,
                "wait_for_text",
                json!({"pane": "%0", "patterns": ["never"], "seconds": 1}),
            )
            .await
            .unwrap();
            assert_ne!(waited.is_error, Some(true), "{waited:?}");
            assert_eq!(world.followers("work"), 2, "one pipe a followed pane");
            assert_eq!(world.hubs(), 2, "one hub a followed pane");
            Some(client)
        } else {
            work(&["send-keys", "-t", "%1", "echo agent", "Enter"]);
            None
        };
        wait_for_screen(&world, "%1", "\nagent\n");
        let side = Side {
            world,
            server,
            person,
        };
        if person {
            side.person_types();
        }
        side
    }

    /// The person presses keys in their client (a space, then backspace: the line is as it
    /// was), which makes theirs the client most recently used.
    fn person_types(&self) {
        let outer = |args: &[&str]| self.world.tmux("outer", args);
        outer(&["send-keys", "-t", "%0", "-l", "x"]);
        wait_for_screen(&self.world, "%0", "# x");
        outer(&["send-keys", "-t", "%0", "BSpace"]);
        assert!(wait_until(Duration::from_secs(5), || !screen(
            &self.world,
            "%0"
        )
        .contains("# x")));
    }

    /// `args` run by `tmux` from outside tmux.
    fn outside(&self, args: &[&str]) -> Outcome {
        let out = self.world.try_tmux("work", args);
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// `args` run by `tmux` in the shell of `%2`, a pane of the person's session.
    fn inside(&self, n: usize, args: &[&str]) -> Outcome {
        let dir = self.world.tmpdir().join(format!("inside-{n}"));
        std::fs::create_dir_all(&dir).unwrap();
        let words: Vec<String> = args.iter().map(|a| shell_quote(a)).collect();
        let d = shell_quote(&dir.to_string_lossy());
        let line = format!(
            "tmux -u {} >{d}/o 2>{d}/e; echo $? >{d}/r.tmp; mv {d}/r.tmp {d}/r; clear",
            words.join(" ")
        );
        self.world
            .tmux("work", &["send-keys", "-t", "%2", "-l", &line]);
        self.world.tmux("work", &["send-keys", "-t", "%2", "Enter"]);
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap_or_default();
        assert!(
            wait_until(Duration::from_secs(10), || Path::new(&dir.join("r"))
                .exists()),
            "{args:?} ran in %2"
        );
        (read("r").trim().parse().unwrap_or(-1), read("o"), read("e"))
    }

    /// What a person sees: the session each of their clients shows, the active window and
    /// pane of each session, the size of each window, and the sessions' environment.
    fn state(&self) -> String {
        let work = |args: &[&str]| self.world.tmux("work", args);
        [
            people(&self.world).join(" "),
            work(&["show-environment", "-t", "main"]),
            work(&["show-environment", "-t", "agents"]),
            work(&[
                "list-windows",
                "-a",
                "-F",
                "#{session_name}:#{window_index} #{window_active} #{window_width}x#{window_height}",
            ]),
            work(&[
                "list-panes",
                "-a",
                "-F",
                "#{session_name} #{pane_id} #{pane_active}",
            ]),
        ]
        .join("\n")
    }
}

/// The sessions of the person's clients (every client that is not a control client).
fn people(world: &World) -> Vec<String> {
    let listed = world.tmux(
        "work",
        &[
            "list-clients",
            "-F",
            "#{client_control_mode} #{session_name}",
        ],
    );
    listed
        .lines()
        .filter_map(|l| l.strip_prefix("0 "))
        .map(str::to_owned)
        .collect()
}

fn screen(world: &World, pane: &str) -> String {
    world.tmux("work", &["capture-pane", "-p", "-t", pane])
}

fn wait_for_screen(world: &World, pane: &str, text: &str) {
    assert!(
        wait_until(Duration::from_secs(10), || screen(world, pane)
            .contains(text)),
        "{text:?} never showed in {pane}: {}",
        screen(world, pane)
    );
}

fn wait_for_prompt(world: &World, pane: &str) {
    assert!(
        wait_until(Duration::from_secs(10), || screen(world, pane)
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| l.trim_end().ends_with('#'))),
        "no prompt in {pane}"
    );
}

/// The commands a person's scripts run, each with what tmux needs of it. The commands that
/// act on "the current client" come last: where there is no person's client, tmux picks one of
/// this server's, which is the one difference that remains (see ARCHITECTURE.md).
fn commands(person: bool) -> Vec<Vec<&'static str>> {
    let mut all = vec![
        vec!["send-keys", "-t", "agents:", "echo from-person", "Enter"],
        vec!["send-keys", "-t", "%3", "-l", "typed into a pane"],
        vec![
            "display-message",
            "-p",
            "#{session_name}:#{window_index}.#{pane_index}",
        ],
        vec!["capture-pane", "-p", "-t", "%1"],
        vec!["select-pane", "-t", "%3"],
        vec!["select-pane", "-t", "%1"],
        vec![
            "display-message",
            "-p",
            "-t",
            "agents:",
            "#{pane_id} #{pane_current_command}",
        ],
        vec!["list-sessions", "-F", "#{session_name} #{session_windows}"],
    ];
    if person {
        all.extend([
            vec![
                "display-message",
                "-p",
                "#{client_control_mode} #{client_session}",
            ],
            vec!["display-message", "hello from a script"],
            vec!["switch-client", "-t", "agents"],
            vec!["switch-client", "-t", "main"],
        ]);
    }
    all
}

async fn same_commands_same_results(person: bool) {
    let (alone, beside) = tokio::join!(Side::new(person, false), Side::new(person, true));
    assert!(alone.server.is_none() && beside.server.is_some());
    assert_eq!(alone.person, beside.person);
    assert_eq!(alone.state(), beside.state(), "before any command");
    for (n, command) in commands(person).iter().enumerate() {
        let outside = (alone.outside(command), beside.outside(command));
        assert_eq!(outside.0, outside.1, "{command:?} from outside tmux");
        assert_eq!(
            alone.state(),
            beside.state(),
            "after {command:?} from outside tmux"
        );
        let inside = (alone.inside(n, command), beside.inside(n, command));
        assert_eq!(inside.0, inside.1, "{command:?} from a pane");
        assert_eq!(
            alone.state(),
            beside.state(),
            "after {command:?} from a pane"
        );
    }
    assert_eq!(screen(&alone.world, "%1"), screen(&beside.world, "%1"));
    assert_eq!(screen(&alone.world, "%3"), screen(&beside.world, "%3"));
    // The server still follows both panes, and no client of its counts as attached.
    assert_eq!(beside.world.followers("work"), 2);
    let client = beside.server.as_ref().unwrap();
    let listed = call(client, "list_sessions", json!({})).await.unwrap();
    let sessions = listed.structured_content.unwrap()["sessions"].clone();
    let attached: Vec<(Value, Value)> = sessions
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].clone(), s["attached"].clone()))
        .collect();
    let main_clients = json!(i32::from(person));
    assert_eq!(
        attached,
        [(json!("agents"), json!(0)), (json!("main"), main_clients)],
        "attached counts are the person's"
    );
    assert_eq!(beside.world.control_clients(), 0, "no control client");
}

#[tokio::test]
async fn a_persons_commands_act_alike_with_their_client_attached() {
    same_commands_same_results(true).await;
}

#[tokio::test]
async fn scripts_commands_act_alike_with_no_client_attached() {
    same_commands_same_results(false).await;
}

/// An agent's whole loop (list, type, wait, run a command, paste, hand a prompt to a program,
/// read), while a person types into the same tmux: every call works, and the person's panes,
/// client, windows and focus end as they do where no agent works.
#[tokio::test]
async fn an_agent_at_work_beside_a_typing_person_changes_nothing_of_theirs() {
    let (alone, beside) = tokio::join!(Side::new(true, false), Side::new(true, true));
    let client = beside.server.as_ref().unwrap();
    let ok = |tool: &'static str, arguments: Value| async move {
        let result = call(client, tool, arguments.clone()).await.unwrap();
        assert_ne!(
            result.is_error,
            Some(true),
            "{tool} {arguments}: {result:?}"
        );
        result.structured_content.unwrap()
    };
    let person = |n: usize| {
        for side in [&alone, &beside] {
            let outer = |args: &[&str]| side.world.tmux("outer", args);
            outer(&["send-keys", "-t", "%0", "-l", &format!("echo person-{n}")]);
            outer(&["send-keys", "-t", "%0", "Enter"]);
            wait_for_screen(&side.world, "%0", &format!("\nperson-{n}\n"));
        }
    };
    let program = tmux_mcp_tests::repo_root().join("tests/programs/prompt_target.py");

    person(1);
    assert_eq!(
        ok("list_sessions", json!({})).await["sessions"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    ok("list_panes", json!({})).await;
    // An input into %1, then what it printed, after the input's own cursor.
    let answered = |tool: &'static str, arguments: Value, pattern: &'static str| async move {
        let input = ok(tool, arguments).await;
        let seen = ok(
            "wait_for_text",
            json!({"pane": "%1", "patterns": [pattern], "regex": true, "since": input["since"]}),
        )
        .await;
        assert_eq!(seen["outcome"], "matched", "{tool}: {seen}");
    };
    answered(
        "send_keys",
        json!({"pane": "%1", "text": "echo step-$((1+1))", "enter": true}),
        "^step-2$",
    )
    .await;
    person(2);
    let ran = ok(
        "run_shell_command",
        json!({"pane": "%3", "command": "echo run-$((2+1))"}),
    )
    .await;
    assert!(ran["output"].as_str().unwrap().contains("run-3"), "{ran}");
    person(3);
    answered(
        "paste_text",
        json!({"pane": "%1", "text": "echo pasted", "enter": true}),
        "^pasted$",
    )
    .await;
    ok(
        "send_keys",
        json!({"pane": "%1", "text": format!("python3 {} 100", program.display()), "enter": true}),
    )
    .await;
    let up = ok(
        "wait_for_text",
        json!({"pane": "%1", "patterns": ["^ready$"], "regex": true}),
    )
    .await;
    assert_eq!(up["outcome"], "matched", "{up}");
    person(4);
    let prompt = ok(
        "send_prompt",
        json!({"pane": "%1", "text": "hello\nfrom the agent", "seconds": 20}),
    )
    .await;
    assert_eq!(prompt["outcome"], "submitted", "{prompt}");
    person(5);
    ok("capture_pane", json!({"pane": "%1"})).await;
    ok("snapshot_pane", json!({"pane": "%3"})).await;
    let found = ok("search_panes", json!({"pattern": "person-5"})).await;
    assert_eq!(found["matches"][0]["pane"], "%0", "{found}");
    person(6);

    assert_eq!(alone.state(), beside.state(), "the person's view");
    assert_eq!(screen(&alone.world, "%0"), screen(&beside.world, "%0"));
    assert_eq!(screen(&alone.world, "%2"), screen(&beside.world, "%2"));
    // What the person's terminal shows, but the status line's clock.
    let outer_screen = |side: &Side| {
        let shown = side
            .world
            .tmux("outer", &["capture-pane", "-p", "-t", "%0"]);
        let mut lines: Vec<&str> = shown.lines().collect();
        lines.pop();
        lines.join("\n")
    };
    assert_eq!(
        outer_screen(&alone),
        outer_screen(&beside),
        "what the person's terminal shows"
    );
}
