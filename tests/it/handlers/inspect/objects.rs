//! `inspect/objects.rs`'s tools against a real tmux: the listings and the `get_*_info` tools
//! agree with what tmux reports, find the server's own pane, read variables, options,
//! environment and hooks, and tell a pane's foreground program, prompt and idle time as the
//! pane's own (a script reading input is no prompt, a dead pane has no foreground).

use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, RawClient, World, call, call_request, wait_until};

fn ids(list: &Value, key: &str) -> Vec<String> {
    list[key]
        .as_array()
        .expect(key)
        .iter()
        .map(|o| o["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn listings_match_what_tmux_reports() {
    let f = Fixture::here(&[]).await;
    f.tmux(&["new-window", "-d", "-t", "main:", "-n", "second", "sh"]);
    f.tmux(&["split-window", "-d", "-t", "main:0", "sh"]);
    f.tmux(&["new-session", "-d", "-s", "other", "sh"]);
    f.tmux(&["link-window", "-s", "main:1", "-t", "other:5"]);

    let sessions = f.ok("list_sessions", json!({})).await;
    let tmux_sessions: Vec<String> = f
        .tmux(&["list-sessions", "-F", "#{session_id}"])
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(ids(&sessions, "sessions"), tmux_sessions);
    assert_eq!(sessions["sessions"][0]["name"], "main");
    assert_eq!(sessions["sessions"][0]["windows"], 2);

    let windows = f.ok("list_windows", json!({})).await;
    assert_eq!(
        windows["windows"].as_array().unwrap().len(),
        4,
        "a linked window is listed once per link"
    );
    let panes = f.ok("list_panes", json!({})).await;
    let mut tmux_panes: Vec<String> = f
        .tmux(&["list-panes", "-a", "-F", "#{pane_id}"])
        .lines()
        .map(str::to_owned)
        .collect();
    tmux_panes.sort();
    tmux_panes.dedup();
    let mut listed = ids(&panes, "panes");
    listed.sort();
    assert_eq!(
        listed, tmux_panes,
        "every pane once, linked windows included"
    );
    let pane = &panes["panes"][0];
    assert_eq!(pane["id"], "%0");
    assert_eq!(pane["command"], "sh");
    assert_eq!(pane["caller"], false);

    let tree = f.ok("get_server_info", json!({})).await;
    assert_eq!(
        tree["version"],
        f.tmux(&["display-message", "-p", "#{version}"]).trim()
    );
    assert_eq!(tree["sessions"].as_array().unwrap().len(), 2);
    let main = &tree["sessions"][0];
    assert_eq!(main["session"]["name"], "main");
    assert_eq!(main["windows"][0]["panes"].as_array().unwrap().len(), 2);

    let info = f.ok("get_session_info", json!({"session": "other"})).await;
    assert_eq!(info["session"]["name"], "other");
    assert_eq!(info["windows"].as_array().unwrap().len(), 2);
    let by_id = f
        .ok(
            "get_session_info",
            json!({"session": info["session"]["id"]}),
        )
        .await;
    assert_eq!(by_id["session"], info["session"]);

    let window = f.ok("get_window_info", json!({"window": "@0"})).await;
    assert_eq!(window["window"]["panes"], 2);
    assert_eq!(window["panes"].as_array().unwrap().len(), 2);
    assert!(
        window["window"]["layout"]
            .as_str()
            .unwrap()
            .contains("80x24")
    );

    let info = f.ok("get_pane_info", json!({"pane": "%0"})).await;
    assert_eq!(
        info["pane"]["pid"].as_i64().unwrap(),
        f.tmux(&["display-message", "-p", "-t", "%0", "#{pane_pid}"])
            .trim()
            .parse::<i64>()
            .unwrap()
    );
    assert_eq!(info["history_limit"], 2000);
    assert_eq!(info["dead_status"], Value::Null);

    let corner = f
        .ok(
            "find_pane_by_position",
            json!({"window": "@0", "corner": "bottom-left"}),
        )
        .await;
    assert_eq!(
        corner["pane"],
        f.tmux(&[
            "display-message",
            "-p",
            "-t",
            "@0.{bottom-left}",
            "#{pane_id}"
        ])
        .trim()
        .replace('\n', "")
    );
}

/// The server runs in a pane, started as MCP clients start servers: without TMUX and TMUX_PANE.
/// The process tree finds its pane; a TMUX_PANE naming another pane does not move it.
#[tokio::test]
async fn the_servers_own_pane_is_found_from_the_process_tree() {
    let world = World::new();
    world.start_server("work");
    let reduced = ["-u", "TMUX", "-u", "TMUX_PANE"];
    let misleading = ["TMUX_PANE=%0"];
    for env in [&reduced[..], &misleading[..]] {
        let (client, own) = world
            .client_in_pane("work", "main", env, &["-L", "work"])
            .await;
        assert_ne!(own, "%0");
        let panes = call(&client, "list_panes", json!({}))
            .await
            .unwrap()
            .structured_content
            .unwrap();
        let callers: Vec<&Value> = panes["panes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["caller"] == true)
            .map(|p| &p["id"])
            .collect();
        assert_eq!(callers, [&json!(own)], "{env:?}");
        let info = call(&client, "get_server_info", json!({}))
            .await
            .unwrap()
            .structured_content
            .unwrap();
        assert_eq!(info["caller_pane"], own.as_str(), "{env:?}");
        client.cancel().await.unwrap();
    }

    // Not in a pane at all: variables claiming one are not believed.
    let socket = world.tmux("work", &["display-message", "-p", "#{socket_path}"]);
    let tmux_env = format!("{},1,0", socket.trim());
    let claims = [("TMUX", tmux_env.as_str()), ("TMUX_PANE", "%0")];
    let client = world.client(&["-L", "work"], &claims).await;
    let panes = call(&client, "list_panes", json!({}))
        .await
        .unwrap()
        .structured_content
        .unwrap();
    assert!(
        panes["panes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["caller"] == false),
        "{panes}"
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn variables_options_environment_and_hooks() {
    let f = Fixture::here(&[("LIBTMUX_ENVIRONMENT_VALUES", "VISIBLE")]).await;
    let vars = f
        .ok(
            "get_tmux_variables",
            json!({"names": ["pane_id", "pane_current_command", "no_such_variable"], "pane": "%0"}),
        )
        .await;
    assert_eq!(
        vars["values"],
        json!([{"name": "pane_id", "value": "%0"}, {"name": "pane_current_command", "value": "sh"}, {"name": "no_such_variable", "value": ""}])
    );
    let bad = f
        .fails("get_tmux_variables", json!({"names": ["#{pane_id}"]}))
        .await;
    assert_eq!(bad["kind"], "invalid_input");

    f.tmux(&["set-option", "-t", "main", "status-left", "mine"]);
    let own = f
        .ok(
            "show_option",
            json!({"name": "status-left", "scope": "session", "target": "main"}),
        )
        .await;
    assert_eq!(
        (own["value"].clone(), own["inherited"].clone()),
        (json!("mine"), json!(false))
    );
    let inherited = f
        .ok(
            "show_option",
            json!({"name": "status-right", "scope": "session", "target": "$0"}),
        )
        .await;
    assert_eq!(inherited["inherited"], true);
    let global = f.ok("show_option", json!({"name": "history-limit"})).await;
    assert_eq!(global["value"], "2000");
    let pane = f
        .ok(
            "show_option",
            json!({"name": "remain-on-exit", "scope": "pane", "target": "%0"}),
        )
        .await;
    assert_eq!(pane["value"], "off");
    let unset = f
        .ok(
            "show_option",
            json!({"name": "@never-set", "scope": "server"}),
        )
        .await;
    assert_eq!(unset["value"], Value::Null);
    assert_eq!(
        f.fails("show_option", json!({"name": "no-such-option"}))
            .await["kind"],
        "invalid_input"
    );
    assert_eq!(
        f.fails("show_option", json!({"name": "mouse", "scope": "session"}))
            .await["kind"],
        "invalid_input"
    );

    f.tmux(&["set-environment", "-g", "SECRET_TOKEN", "hunter2"]);
    f.tmux(&["set-environment", "-g", "VISIBLE", "shown"]);
    f.tmux(&["set-environment", "-g", "-r", "REMOVED"]);
    let env = f.ok("show_environment", json!({})).await;
    let entry = |name: &str| {
        env["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .cloned()
            .unwrap()
    };
    assert_eq!(
        entry("SECRET_TOKEN"),
        json!({"name": "SECRET_TOKEN", "set": true, "value": null, "withheld": true})
    );
    assert_eq!(entry("VISIBLE")["value"], "shown");
    assert_eq!(
        entry("REMOVED"),
        json!({"name": "REMOVED", "set": false, "value": null, "withheld": false})
    );
    assert!(!env.to_string().contains("hunter2"));

    f.tmux(&["set-hook", "-g", "after-new-window", "display-message hi"]);
    let hooks = f.ok("show_hooks", json!({})).await;
    assert!(
        hooks["hooks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["name"] == "after-new-window[0]"
                && h["command"].as_str().unwrap().contains("display-message"))
    );
}

/// get_pane_info's pane, list_panes' row and snapshot_pane's fields for `pane`, once all three
/// agree on the foreground program (`None` if they never did within 10 s).
async fn settled(f: &Fixture, pane: &str, program: &str) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while tokio::time::Instant::now() < deadline {
        let views = f.pane_views(pane).await;
        let info = &views[0];
        if views.iter().all(|v| v["foreground_command"] == program) {
            for key in ["foreground_pid", "at_prompt"] {
                assert!(
                    views.iter().all(|v| v[key] == info[key]),
                    "{key}: {views:?}"
                );
            }
            return Some(info.clone());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

#[tokio::test]
async fn the_foreground_program_and_the_prompt_are_the_pane_s_own() {
    the_foreground_program_and_the_prompt_are_the_pane_s_own_read_by(&[]).await;
}

/// The same, with process state read by `ps`, as off Linux.
#[tokio::test]
async fn the_foreground_program_and_the_prompt_are_the_pane_s_own_read_by_ps() {
    the_foreground_program_and_the_prompt_are_the_pane_s_own_read_by(&[(
        tmux_mcp_tests::PROCESS_READER,
        "ps",
    )])
    .await;
}

async fn the_foreground_program_and_the_prompt_are_the_pane_s_own_read_by(
    reader: &[(&'static str, &str)],
) {
    let f = Fixture::here(reader).await;
    let shell = f.display("%0", "#{pane_current_command}");
    let idle = settled(&f, "%0", &shell)
        .await
        .expect("the shell in the foreground");
    assert_eq!(idle["at_prompt"], true, "{idle}");
    assert_eq!(idle["foreground_pid"], idle["pid"], "{idle}");

    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": "sleep 30", "enter": true}),
    )
    .await;
    let sleeping = settled(&f, "%0", "sleep")
        .await
        .expect("sleep in the foreground");
    assert_eq!(sleeping["at_prompt"], false, "{sleeping}");
    assert_ne!(sleeping["foreground_pid"], sleeping["pid"], "{sleeping}");
    f.ok("send_keys", json!({"pane": "%0", "keys": ["C-c"]}))
        .await;
    f.wait_for_prompt("%0");
    let back = settled(&f, "%0", &shell).await.expect("the shell back");
    assert_eq!(back["at_prompt"], true, "{back}");

    let pager = f.open(&["new-window"], "less /etc/passwd");
    let less = settled(&f, &pager, "less")
        .await
        .expect("less in the foreground");
    assert_eq!(less["at_prompt"], false, "{less}");
}

#[tokio::test]
async fn a_script_reading_input_is_not_a_prompt_and_a_dead_pane_has_no_foreground() {
    a_script_reading_input_is_not_a_prompt_and_a_dead_pane_has_no_foreground_read_by(&[]).await;
}

/// The same, with process state read by `ps`, as off Linux.
#[tokio::test]
async fn a_script_reading_input_is_not_a_prompt_and_a_dead_pane_has_no_foreground_read_by_ps() {
    a_script_reading_input_is_not_a_prompt_and_a_dead_pane_has_no_foreground_read_by(&[(
        tmux_mcp_tests::PROCESS_READER,
        "ps",
    )])
    .await;
}

async fn a_script_reading_input_is_not_a_prompt_and_a_dead_pane_has_no_foreground_read_by(
    reader: &[(&'static str, &str)],
) {
    let f = Fixture::here(reader).await;
    // A shell running a script that waits in `read`: the shell has the terminal, but it is
    // no prompt.
    let script = f.open(&["new-window"], "sh -c 'read answer; echo $answer'");
    let reading = settled(&f, &script, "sh")
        .await
        .expect("the script's shell");
    assert_eq!(reading["at_prompt"], false, "{reading}");

    f.tmux(&["set-option", "-g", "remain-on-exit", "on"]);
    let exiting = f.open(&["new-window"], "sh -c 'exit 7'");
    assert!(wait_until(Duration::from_secs(10), || f
        .display(&exiting, "#{pane_dead}")
        == "1"));
    // tmux marks a pane dead when its terminal closes and learns the status when it reaps
    // the process, which may come later: read around the call.
    let before = f.display(&exiting, "#{pane_dead_status}");
    let info = f.ok("get_pane_info", json!({"pane": exiting})).await;
    let pane = &info["pane"];
    assert_eq!(
        (
            &pane["dead"],
            &pane["foreground_command"],
            &pane["foreground_pid"],
            &pane["at_prompt"]
        ),
        (&json!(true), &Value::Null, &Value::Null, &json!(false)),
        "{info}"
    );
    // tmux 3.3a can leave a dead pane's status unknown under load (see `screens.rs`).
    let after = f.display(&exiting, "#{pane_dead_status}");
    let expected: &[Value] = match (before.as_str(), after.as_str()) {
        ("7", _) => &[json!(7)],
        (_, "7") => &[Value::Null, json!(7)],
        _ => &[Value::Null],
    };
    assert!(
        expected.contains(&info["dead_status"]),
        "{info}: before {before:?}, after {after:?}"
    );
}

#[tokio::test]
async fn idle_time_is_known_only_for_a_pane_the_server_follows() {
    let f = Fixture::here(&[]).await;
    let before = f.ok("get_pane_info", json!({"pane": "%0"})).await;
    assert_eq!(
        before["pane"]["idle_ms"],
        Value::Null,
        "not followed yet: {before}"
    );
    // Followed from the first input on. The second prints `printed`, then 200 ms later `again`,
    // a row shown before the input: no printing to a wait, but a change of what the pane shows,
    // well within the second of quiet waited for.
    for text in ["echo again", "echo printed; sleep 0.2; echo again"] {
        f.ok(
            "send_keys",
            json!({"pane": "%0", "text": text, "enter": true}),
        )
        .await;
        let quiet = f
            .ok(
                "wait_for_quiet",
                json!({"pane": "%0", "quiet_ms": 1000, "seconds": 10}),
            )
            .await;
        assert_eq!(quiet["outcome"], "quiet", "{quiet}");
    }
    // Quiet for a second (`again` and the prompt included): its idle time is at least that,
    // and only grows.
    let first = f.ok("get_pane_info", json!({"pane": "%0"})).await["pane"]["idle_ms"].clone();
    assert!(
        first.as_i64().is_some_and(|ms| ms >= 1000),
        "followed: {first}"
    );
    let later = f.ok("snapshot_pane", json!({"pane": "%0"})).await["idle_ms"].clone();
    assert!(later.as_i64() >= first.as_i64(), "{first} then {later}");
}

#[tokio::test]
async fn pane_info_calls_in_flight_together_each_answer_their_own_pane() {
    let f = Fixture::new().await;
    let panes: Vec<String> = (0..16).map(|_| f.open(&["new-window"], "cat")).collect();
    // Concurrent calls are grouped as they happen to meet (in trials, 11 to 20 listings in
    // these 10 rounds), so what is asserted is that every reply is about its own pane.
    let mut raw = RawClient::start(&f.world, &["-L", "work"], &[]);
    for round in 0..10u64 {
        for (i, pane) in panes.iter().enumerate() {
            let id = round * 100 + i as u64;
            raw.send(&call_request(id, "get_pane_info", &json!({"pane": pane})));
        }
        for _ in &panes {
            let reply: Value = serde_json::from_str(&raw.line().expect("a reply")).unwrap();
            let i = (reply["id"].as_u64().unwrap() - round * 100) as usize;
            assert_eq!(
                reply["result"]["structuredContent"]["pane"]["id"], panes[i],
                "{reply}"
            );
        }
    }
    raw.finish();
}
