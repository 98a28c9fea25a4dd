//! Several machines (`LIBTMUX_HOSTS`) with real parts: Debian's `sshd` on loopback addresses
//! of their own, keys and a `known_hosts` made for the test, each host with its own tmux (the
//! oldest of the matrix and the one on PATH), reached through the user's `ssh`.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tmux_mcp_tests::sshd::{self, Host};
use tmux_mcp_tests::{Client, RawClient, World, call, fails, ok, repo_root, wait_until};

/// `arguments` with `host` set, or as they are for this machine.
fn on(host: Option<&str>, mut arguments: Value) -> Value {
    if let Some(host) = host {
        arguments["host"] = json!(host);
    }
    arguments
}

/// A local tmux server `work` and a client whose server reaches `hosts` through `ssh`.
async fn server(ssh: &sshd::Client, hosts: &[&Host], more: &[(&str, &str)]) -> (World, Client) {
    let world = World::new();
    world.start_server("work");
    let names: Vec<String> = hosts.iter().map(|h| h.name()).collect();
    let names = names.join(",");
    let path = ssh.path();
    let mut env = vec![
        ("LIBTMUX_TOOLSETS", "inspect,manage,execute"),
        ("LIBTMUX_HOSTS", names.as_str()),
        ("PATH", path.as_str()),
    ];
    env.extend_from_slice(more);
    let client = world.client(&["-L", "work"], &env).await;
    (world, client)
}

/// Two hosts with the oldest and the newest tmux, known and trusting the test's key.
fn two_hosts(ssh: &sshd::Client) -> (Host, Host) {
    let (oldest, newest) = sshd::tmux_builds();
    let a = Host::start(&ssh.public_key(), &oldest);
    let b = Host::start(&ssh.public_key(), &newest);
    for host in [&a, &b] {
        ssh.trust(host);
        host.start_tmux("work");
    }
    (a, b)
}

fn version(bin: &std::path::Path) -> String {
    let out = std::process::Command::new(bin.join("tmux"))
        .arg("-V")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .trim_start_matches("tmux ")
        .to_owned()
}

/// The agent loop on a pane of each host and of this machine, all at once: type, think,
/// wait, read, a command's exit status, and a prompt handed to a program started before the
/// server looked.
#[tokio::test]
async fn the_agent_loop_runs_on_two_hosts_and_here_at_once() {
    let ssh = sshd::Client::new("");
    let (a, b) = two_hosts(&ssh);
    let program = format!(
        "{} {} 300",
        which("python3"),
        repo_root()
            .join("tests/programs/prompt_target.py")
            .display()
    );
    for host in [&a, &b] {
        host.tmux("work", &["new-window", "-d", "-t", "main:", &program]);
    }
    let (world, client) = server(&ssh, &[&a, &b], &[("LIBTMUX_SOCKET", "work")]).await;
    world.tmux("work", &["new-window", "-d", "-t", "main:", &program]);

    let listed = ok(&client, "list_hosts", json!({})).await["hosts"].clone();
    assert_eq!(listed[0]["host"], Value::Null, "{listed}");
    for (row, host) in [(1, &a), (2, &b)] {
        assert_eq!(listed[row]["host"], json!(host.name()), "{listed}");
        assert_eq!(listed[row]["state"], "online", "{listed}");
        assert_eq!(
            listed[row]["tmux_version"],
            json!(version(&host.tmux_bin)),
            "{listed}"
        );
        assert!(listed[row]["rtt_us"].as_i64().unwrap() > 0, "{listed}");
    }

    let names = [None, Some(a.name()), Some(b.name())];
    let loops = names.iter().map(|host| {
        let client = &client;
        async move {
            let host = host.as_deref();
            let panes = ok(client, "list_panes", on(host, json!({}))).await;
            let pane = |shell: bool| {
                panes["panes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|p| (p["command"] == "sh") == shell)
                    .unwrap_or_else(|| panic!("{host:?}: {panes}"))["id"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            };
            let (shell, program) = (pane(true), pane(false));
            let sent = ok(
                client,
                "send_keys",
                on(host, json!({"pane": shell, "text": "echo mark-$((6*7))", "enter": true})),
            )
            .await;
            // The agent thinks; the output arrives meanwhile.
            tokio::time::sleep(Duration::from_millis(300)).await;
            let seen = ok(
                client,
                "wait_for_text",
                on(host, json!({"pane": shell, "patterns": ["^mark-42$"], "regex": true, "since": sent["since"], "seconds": 20})),
            )
            .await;
            assert_eq!(seen["outcome"], "matched", "{host:?}: {seen}");
            let read = ok(client, "capture_pane", on(host, json!({"pane": shell}))).await;
            assert!(read["text"].as_str().unwrap().contains("mark-42"), "{host:?}: {read}");
            let ran = ok(
                client,
                "run_shell_command",
                on(host, json!({"pane": shell, "command": "echo out; false", "seconds": 30})),
            )
            .await;
            assert_eq!((&ran["exit_status"], &ran["output"]), (&json!(1), &json!("out")), "{host:?}: {ran}");
            let prompt = ok(
                client,
                "send_prompt",
                on(host, json!({"pane": program, "text": "hello\nthere", "seconds": 20})),
            )
            .await;
            assert_eq!(prompt["outcome"], "submitted", "{host:?}: {prompt}");
            let taken = ok(
                client,
                "wait_for_text",
                on(host, json!({"pane": program, "patterns": ["^submitted "], "regex": true, "since": prompt["since"], "seconds": 20})),
            )
            .await;
            assert_eq!(taken["outcome"], "matched", "{host:?}: {taken}");
        }
    });
    futures::future::join_all(loops).await;
    // Each host's pane really was that host's: its tmux holds the mark, this one's its own.
    for host in [&a, &b] {
        let text = host.tmux("work", &["capture-pane", "-p", "-t", "main:0"]);
        assert_eq!(text.matches("mark-42").count(), 1, "{text}");
    }
}

/// `host` is offered only with hosts to name, and the local selection bounds every host.
#[tokio::test]
async fn the_local_selection_bounds_every_host() {
    let ssh = sshd::Client::new("");
    let (a, _b) = two_hosts(&ssh);
    let (_world, client) = server(
        &ssh,
        &[&a],
        &[
            ("LIBTMUX_SOCKET", "work"),
            ("LIBTMUX_EXCLUDE_TOOLS", "run_shell_command,capture_pane"),
        ],
    )
    .await;
    let listed = client.list_all_tools().await.unwrap();
    for tool in &listed {
        let host = &tool.input_schema["properties"]["host"];
        assert_eq!(host["enum"], json!([a.name()]), "{}: {host}", tool.name);
    }
    let refused = call(
        &client,
        "run_shell_command",
        json!({"host": a.name(), "pane": "%0", "command": "true"}),
    )
    .await;
    assert!(
        refused.is_err(),
        "an excluded tool is not reached through a host"
    );
    let wrong = fails(&client, "list_sessions", json!({"host": "elsewhere"})).await;
    assert_eq!(wrong["kind"], "invalid_input", "{wrong}");
    assert!(
        wrong["message"].as_str().unwrap().contains(&a.name()),
        "{wrong}"
    );
    // The host's own server has the same selection: its batch does not run the excluded tool.
    let batch = call(
        &client,
        "call_read_tools_batch",
        json!({"host": a.name(), "operations": [{"tool": "capture_pane", "arguments": {"pane": "%0"}}]}),
    )
    .await;
    let shown = format!("{batch:?}");
    let refused = match batch {
        Err(_) => true,
        Ok(r) => {
            let r = serde_json::to_value(&r).unwrap();
            r["isError"] == true || r["structuredContent"]["results"][0]["success"] == false
        }
    };
    assert!(refused, "the host ran a tool excluded here: {shown}");

    // Without hosts, no tool publishes `host` and a call naming one says what to set.
    let world = World::new();
    world.start_server("work");
    let plain = world.client(&["-L", "work"], &[]).await;
    for tool in plain.list_all_tools().await.unwrap() {
        assert!(
            tool.input_schema["properties"].get("host").is_none(),
            "{}",
            tool.name
        );
    }
    let none = fails(&plain, "list_sessions", json!({"host": "a"})).await;
    assert!(
        none["message"].as_str().unwrap().contains("LIBTMUX_HOSTS"),
        "{none}"
    );
}

/// A host that is down, refuses the key or presents an unknown key fails only its own calls,
/// at once and with the right kind; the others go on.
#[tokio::test]
async fn a_host_that_fails_fails_only_its_own_calls_at_once() {
    let ssh = sshd::Client::new("");
    let (oldest, newest) = sshd::tmux_builds();
    let good = Host::start(&ssh.public_key(), &newest);
    good.start_tmux("work");
    ssh.trust(&good);
    let stranger = std::fs::read_to_string(ssh.dir.path.join("stranger.pub")).unwrap();
    let wrong_key = Host::start(&stranger, &oldest);
    ssh.trust(&wrong_key);
    let unknown_key = Host::start(&ssh.public_key(), &oldest);
    let mut down = Host::start(&ssh.public_key(), &oldest);
    ssh.trust(&down);
    down.stop();
    let (_world, client) = server(
        &ssh,
        &[&good, &wrong_key, &unknown_key, &down],
        &[("LIBTMUX_SOCKET", "work")],
    )
    .await;
    let cases = [
        (&wrong_key, "refused", "refused the key"),
        (&unknown_key, "refused", "host key"),
        (&down, "server_gone", "Connection refused"),
    ];
    ok(&client, "list_sessions", json!({"host": good.name()})).await;
    for (host, kind, says) in cases {
        let failing = async {
            let started = Instant::now();
            let failed = fails(&client, "list_sessions", json!({"host": host.name()})).await;
            (failed, started.elapsed())
        };
        let ((failed, took), fine) = tokio::join!(
            failing,
            ok(&client, "list_sessions", json!({"host": good.name()})),
        );
        assert!(took < Duration::from_secs(2), "{took:?}: {failed}");
        assert_eq!(failed["kind"], kind, "{failed}");
        let message = failed["message"].as_str().unwrap();
        assert!(
            message.contains(&host.name()) && message.contains(says),
            "{failed}"
        );
        assert_eq!(fine["sessions"][0]["name"], "main", "{fine}");
    }
    let listed = ok(&client, "list_hosts", json!({})).await["hosts"].clone();
    let states: Vec<&str> = (1..=4)
        .map(|i| listed[i]["state"].as_str().unwrap())
        .collect();
    assert_eq!(
        states,
        ["online", "auth_failed", "host_key_refused", "offline"],
        "{listed}"
    );
    // Nothing was accepted: the host whose key is unknown is still unknown.
    let known = std::fs::read_to_string(ssh.dir.path.join("known_hosts")).unwrap();
    let entry = format!("[{}]:{}", unknown_key.address, unknown_key.port);
    assert!(!known.contains(&entry), "{known}");
}

/// The machine goes away during a wait: the wait fails within seconds, and once it is back a
/// later call reconnects.
#[tokio::test]
async fn a_connection_lost_during_a_wait_fails_it_and_the_next_call_reconnects() {
    let ssh = sshd::Client::new("");
    let (_oldest, newest) = sshd::tmux_builds();
    let mut host = Host::start(&ssh.public_key(), &newest);
    ssh.trust(&host);
    host.start_tmux("work");
    let (_world, client) = server(&ssh, &[&host], &[("LIBTMUX_SOCKET", "work")]).await;
    let name = host.name();
    ok(&client, "list_sessions", json!({"host": name})).await;
    let wait = fails(
        &client,
        "wait_for_text",
        json!({"host": name, "pane": "%0", "patterns": ["never"], "seconds": 60}),
    );
    let stop = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        host.stop();
        Instant::now()
    };
    let (failed, stopped) = tokio::join!(wait, stop);
    assert!(
        stopped.elapsed() < Duration::from_secs(5),
        "{:?}",
        stopped.elapsed()
    );
    assert_eq!(
        (&failed["kind"], &failed["retryable"]),
        (&json!("server_gone"), &json!(true)),
        "{failed}"
    );
    host.restart();
    host.start_tmux("again");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let r = call(&client, "list_sessions", json!({"host": name}))
            .await
            .unwrap();
        if r.is_error != Some(true) {
            break;
        }
        assert!(Instant::now() < deadline, "never reconnected: {r:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A `ControlPersist` master in the user's configuration neither hangs a connect nor
/// outlives the server: ours is never a master.
#[tokio::test]
async fn control_persist_in_the_users_config_hangs_nothing_and_leaves_nothing() {
    let dir = tmux_mcp_tests::TempDir::new("cm");
    let ssh = sshd::Client::new(&format!(
        "  ControlMaster auto\n  ControlPath {}/cm-%C\n  ControlPersist yes\n",
        dir.path.display()
    ));
    let (_oldest, newest) = sshd::tmux_builds();
    let host = Host::start(&ssh.public_key(), &newest);
    ssh.trust(&host);
    host.start_tmux("work");
    let (world, client) = server(&ssh, &[&host], &[("LIBTMUX_SOCKET", "work")]).await;
    let started = Instant::now();
    let listed = ok(&client, "list_sessions", json!({"host": host.name()})).await;
    assert_eq!(listed["sessions"][0]["name"], "main");
    // A master left holding the link's output would hang the connect for good; a loaded
    // machine takes seconds (10.5 s seen with the suite run four times at once).
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
    let config = ssh.dir.path.join("config").display().to_string();
    let ours = || {
        let out = std::process::Command::new("pgrep")
            .args(["-f", &config])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).lines().count()
    };
    assert!(ours() >= 1, "the connection's ssh runs");
    client.cancel().await.unwrap();
    assert!(
        wait_until(Duration::from_secs(10), || ours() == 0),
        "an ssh outlived the server"
    );
    assert!(
        std::fs::read_dir(&dir.path).unwrap().next().is_none(),
        "no master socket"
    );
    drop(world);
}

/// Four hosts, a hundred calls to each at once: every reply is its own call's.
#[tokio::test]
async fn four_hosts_by_a_hundred_concurrent_calls_each_get_their_own_replies() {
    let ssh = sshd::Client::new("");
    let (oldest, newest) = sshd::tmux_builds();
    let hosts: Vec<Host> = (0..4)
        .map(|i| {
            let host = Host::start(
                &ssh.public_key(),
                if i % 2 == 0 { &oldest } else { &newest },
            );
            ssh.trust(&host);
            host.start_tmux("work");
            host.tmux(
                "work",
                &["rename-session", "-t", "main", &format!("host{i}")],
            );
            host
        })
        .collect();
    let refs: Vec<&Host> = hosts.iter().collect();
    let (_world, client) = server(&ssh, &refs, &[("LIBTMUX_SOCKET", "work")]).await;
    let calls = (0..400u32).map(|n| {
        let client = &client;
        let host = hosts[(n % 4) as usize].name();
        async move {
            // The call's number, in the order of the variables it asks for.
            let names: Vec<&str> = (0..9)
                .map(|bit| {
                    if n >> bit & 1 == 1 {
                        "session_name"
                    } else {
                        "window_index"
                    }
                })
                .collect();
            let got = ok(
                client,
                "get_tmux_variables",
                json!({"host": host, "names": names, "pane": "%0"}),
            )
            .await;
            let values = got["values"].as_array().unwrap();
            let back: u32 = values
                .iter()
                .enumerate()
                .map(|(bit, v)| u32::from(v["value"] != "0") << bit)
                .sum();
            assert_eq!(back, n, "{got}");
            let session = values
                .iter()
                .find(|v| v["value"] != "0")
                .map(|v| v["value"].clone());
            if let Some(session) = session {
                assert_eq!(session, json!(format!("host{}", n % 4)), "{got}");
            }
        }
    });
    futures::future::join_all(calls).await;
}

/// A wait on a host reports its progress here, under this client's token; cancelling it here
/// cancels it there; this server's audit log names the host of every call.
#[test]
fn progress_and_cancellation_travel_and_the_log_names_the_host() {
    let ssh = sshd::Client::new("");
    let (_oldest, newest) = sshd::tmux_builds();
    let host = Host::start(&ssh.public_key(), &newest);
    ssh.trust(&host);
    host.start_tmux("work");
    let world = World::new();
    world.start_server("work");
    let log = world.dir.path.join("audit.log");
    let (name, path, log_path) = (host.name(), ssh.path(), log.display().to_string());
    let env = [
        ("LIBTMUX_HOSTS", name.as_str()),
        ("PATH", path.as_str()),
        ("LIBTMUX_AUDIT_LOG", log_path.as_str()),
    ];
    let mut raw = RawClient::start(&world, &["-L", "work"], &env);
    let (_, listed) = raw.call(1, "list_sessions", json!({"host": name}));
    assert_eq!(listed["result"]["isError"], false, "{listed}");
    let wait = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "wait_for_text",
        "arguments": {"host": name, "pane": "%0", "patterns": ["never printed"], "seconds": 60},
        "_meta": {"progressToken": "mine"}}});
    raw.send(&wait.to_string());
    let mut ticks = 0;
    while ticks < 2 {
        let line: Value = serde_json::from_str(&raw.line().expect("a line")).unwrap();
        assert_ne!(line["id"], 2, "the wait ended: {line}");
        if line["method"] == "notifications/progress" {
            assert_eq!(line["params"]["progressToken"], "mine", "{line}");
            ticks += 1;
        }
    }
    raw.send(
        &json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "enough"}})
            .to_string(),
    );
    let cancelled_there = wait_until(Duration::from_secs(5), || {
        host.audit()
            .lines()
            .any(|l| l.contains("\"wait_for_text\"") && l.contains("\"refused\""))
    });
    assert!(cancelled_there, "the host's wait went on: {}", host.audit());
    let (_, again) = raw.call(3, "list_sessions", json!({"host": name}));
    assert_eq!(again["result"]["isError"], false, "{again}");
    let here = |tool: &str| {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|l| l["tool"] == tool)
            .collect::<Vec<_>>()
    };
    assert!(wait_until(Duration::from_secs(5), || here("list_sessions")
        .len()
        == 2));
    for line in here("list_sessions").iter().chain(&here("wait_for_text")) {
        assert_eq!(line["host"], json!(name), "{line}");
    }
    raw.finish();
}

/// A host of another platform with no tmux-mcp is `unsupported`, naming what to install, and
/// nothing is copied there; with a tmux-mcp of this version on its PATH, that one serves.
#[tokio::test]
async fn a_host_of_another_platform_runs_only_a_tmux_mcp_of_its_own() {
    let ssh = sshd::Client::new("");
    let (_oldest, newest) = sshd::tmux_builds();
    let (bare, equipped) = (
        Host::start(&ssh.public_key(), &newest),
        Host::start(&ssh.public_key(), &newest),
    );
    for host in [&bare, &equipped] {
        ssh.trust(host);
        host.start_tmux("work");
        host.pretend_to_run("Plan9 mips");
    }
    equipped.install("tmux-mcp", &tmux_mcp_tests::binary());
    let (_world, client) = server(&ssh, &[&bare, &equipped], &[("LIBTMUX_SOCKET", "work")]).await;
    let refused = fails(&client, "list_sessions", json!({"host": bare.name()})).await;
    assert_eq!(refused["kind"], "unsupported", "{refused}");
    let message = refused["message"].as_str().unwrap();
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        message.contains("Plan9 mips") && message.contains(&format!("install tmux-mcp {version}")),
        "{refused}"
    );
    let cache = bare.dir.path.join("home/.cache");
    assert!(
        !cache.exists(),
        "something was copied to {}",
        cache.display()
    );
    let served = ok(&client, "list_sessions", json!({"host": equipped.name()})).await;
    assert_eq!(served["sessions"][0]["name"], "main", "{served}");
    let listed = ok(&client, "list_hosts", json!({})).await["hosts"].clone();
    assert_eq!(
        (&listed[1]["state"], &listed[2]["state"]),
        (&json!("unsupported"), &json!("online")),
        "{listed}"
    );
}

fn which(program: &str) -> String {
    let out = std::process::Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}
