//! The inspect tools against a real tmux with real programs in its panes.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, World, call, wait_until};

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
    let f = Fixture::new().await;
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
async fn capture_pane_reads_screen_history_and_ranges_within_bounds() {
    let f = Fixture::new().await;
    // tmux 3.2a keeps the cleared screen in the history (it has no `ESC [ 3 J`): emptied here.
    f.tmux(&[
        "send-keys",
        "-t",
        "%0",
        "clear; tmux clear-history; seq 1 100",
        "Enter",
    ]);
    // A line of its own: the typed command line holds " 100" too.
    f.wait_for_screen("%0", "\n100\n");
    f.wait_for_prompt("%0");

    let screen = f.ok("capture_pane", json!({"pane": "%0"})).await;
    let text = screen["text"].as_str().unwrap();
    assert!(
        text.ends_with("100\n#"),
        "visible screen ends at the prompt: {text:?}"
    );
    assert!(
        !text.contains("\n1\n"),
        "scrollback not included by default"
    );
    assert!(!text.ends_with('\n') && screen["truncated"] == false);

    let history = f
        .ok("capture_pane", json!({"pane": "%0", "history": true}))
        .await;
    assert!(
        history["text"].as_str().unwrap().starts_with("1\n2\n3\n"),
        "{history}"
    );
    let newest = f
        .ok(
            "capture_pane",
            json!({"pane": "%0", "history": true, "max_lines": 3}),
        )
        .await;
    assert_eq!(newest["text"], "99\n100\n#");
    assert_eq!(newest["lines"], 3);
    assert_eq!(newest["truncated"], true);

    let range = f
        .ok("capture_pane", json!({"pane": "%0", "start": 0, "end": 1}))
        .await;
    assert_eq!(range["lines"], 2);
    let backwards = f
        .fails("capture_pane", json!({"pane": "%0", "start": 5, "end": 1}))
        .await;
    assert_eq!(backwards["kind"], "invalid_input");

    // A line wider than the pane comes back joined.
    let long = "x".repeat(150);
    f.tmux(&[
        "send-keys",
        "-t",
        "%0",
        &format!("clear; echo {long}"),
        "Enter",
    ]);
    // Its line, then the prompt: before the shell runs it, the prompt before is the last line.
    let joined = || f.tmux(&["capture-pane", "-pJ", "-t", "%0"]);
    assert!(
        wait_until(Duration::from_secs(30), || joined()
            .lines()
            .any(|l| l.trim_end() == long)),
        "{long} never printed: {}",
        joined()
    );
    f.wait_for_prompt("%0");
    let wrapped = f.ok("capture_pane", json!({"pane": "%0"})).await;
    assert!(
        wrapped["text"].as_str().unwrap().lines().any(|l| l == long),
        "{wrapped}"
    );

    // More than the byte bound: the newest text is kept and truncated says so.
    f.tmux(&["set-option", "-t", "main", "history-limit", "20000"]);
    let pane = f.open(&["new-window", "-t", "main:"], "sh");
    f.wait_for_prompt(&pane);
    f.tmux(&["send-keys", "-t", &pane, "seq -f '%0100g' 1 5000", "Enter"]);
    f.wait_for_screen(&pane, "0005000\n#");
    f.wait_for_prompt(&pane);
    let big = f
        .ok("capture_pane", json!({"pane": pane, "history": true}))
        .await;
    let text = big["text"].as_str().unwrap();
    assert_eq!(big["truncated"], true);
    assert!(text.len() <= 256 * 1024, "{} bytes", text.len());
    assert!(text.ends_with(&format!("{:0100}\n#", 5000)));
}

/// A line a program rewrites in place (carriage return, erase, new text) comes back whole, as
/// the screen shows it; an input tool's cursor is refused with what it is for.
#[tokio::test]
async fn capture_since_reads_a_line_rewritten_in_place_whole() {
    let f = Fixture::new().await;
    // Enter is not echoed (stty -echo), so the rewrite happens on the line the cursor was on.
    let program =
        "clear; stty -echo; printf '> '; read x; printf '\\r\\033[2KSUBMITTED n=167'; sleep 30";
    let typed = f
        .ok(
            "send_keys",
            json!({"pane": "%0", "text": program, "enter": true}),
        )
        .await;
    assert!(tmux_mcp_tests::wait_until(
        std::time::Duration::from_secs(10),
        || f.screen("%0").starts_with(">\n")
    ));
    let before = f.ok("capture_since", json!({"pane": "%0"})).await;
    f.tmux(&["send-keys", "-t", "%0", "Enter"]);
    f.wait_for_screen("%0", "SUBMITTED n=167");
    let after = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": before["cursor"]}),
        )
        .await;
    assert_eq!(after["text"], "SUBMITTED n=167", "{after}");
    assert_eq!(after["missed_lines"], 0);
    let refused = f
        .fails(
            "capture_since",
            json!({"pane": "%0", "cursor": typed["since"]}),
        )
        .await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("pass it as since"),
        "{refused}"
    );
    f.ok("send_keys", json!({"pane": "%0", "keys": ["C-c"]}))
        .await;
    f.tmux(&["send-keys", "-t", "%0", "stty echo", "Enter"]);
}

#[tokio::test]
async fn capture_since_returns_only_what_is_new() {
    let f = Fixture::new().await;
    let first = f.ok("capture_since", json!({"pane": "%0"})).await;
    assert_eq!(
        (first["first"].clone(), first["text"].clone()),
        (json!(true), json!(""))
    );

    f.tmux(&["send-keys", "-t", "%0", "echo one; echo two", "Enter"]);
    f.wait_for_screen("%0", "\ntwo\n");
    f.wait_for_prompt("%0");
    let next = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": first["cursor"]}),
        )
        .await;
    assert_eq!(next["text"], "echo one; echo two\none\ntwo\n#");
    assert_eq!(next["missed_lines"], 0);
    let nothing = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": next["cursor"]}),
        )
        .await;
    assert_eq!(nothing["text"], "");

    // History trimmed past the cursor: said so.
    f.tmux(&["send-keys", "-t", "%0", "seq 1 3000", "Enter"]);
    f.wait_for_screen("%0", "\n3000\n");
    f.wait_for_prompt("%0");
    let trimmed = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": nothing["cursor"]}),
        )
        .await;
    assert!(
        trimmed["missed_lines"].as_i64().unwrap() >= 1,
        "{}",
        trimmed["missed_lines"]
    );
    assert!(trimmed["text"].as_str().unwrap().ends_with("2999\n3000\n#"));
    f.tmux(&["send-keys", "-t", "%0", "echo after", "Enter"]);
    f.wait_for_screen("%0", "\nafter\n");
    f.wait_for_prompt("%0");
    let after = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": trimmed["cursor"]}),
        )
        .await;
    assert_eq!(after["text"], "echo after\nafter\n#");
    assert_eq!(after["missed_lines"], 0);

    // A replaced pane is reported, a forged cursor refused.
    f.tmux(&["respawn-pane", "-k", "-t", "%0", "sh"]);
    f.wait_for_prompt("%0");
    let replaced = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": after["cursor"]}),
        )
        .await;
    assert_eq!(replaced["replaced"], true);
    let cursor = after["cursor"].as_str().unwrap();
    let forged = format!(
        "{}{}",
        &cursor[..cursor.len() - 1],
        if cursor.ends_with('0') { '1' } else { '0' }
    );
    let refused = f
        .fails("capture_since", json!({"pane": "%0", "cursor": forged}))
        .await;
    assert_eq!(refused["kind"], "invalid_input");
    let elsewhere = f
        .fails("capture_since", json!({"pane": "%1", "cursor": cursor}))
        .await;
    assert_eq!(elsewhere["kind"], "invalid_input");
}

#[tokio::test]
async fn snapshot_pane_reports_state_with_the_screen() {
    let f = Fixture::new().await;
    f.tmux(&["send-keys", "-t", "%0", "clear; printf 'ab'", "Enter"]);
    f.wait_for_screen("%0", "ab#");
    let snap = f.ok("snapshot_pane", json!({"pane": "%0"})).await;
    assert_eq!(
        (snap["width"].clone(), snap["height"].clone()),
        (json!(80), json!(24))
    );
    assert_eq!(snap["cursor_y"], 0);
    assert_eq!(snap["cursor_x"], 4);
    assert_eq!(
        (
            snap["mode"].clone(),
            snap["alternate_screen"].clone(),
            snap["dead"].clone()
        ),
        (Value::Null, json!(false), json!(false))
    );

    // The prompt before `seq` looks like the one after it: wait for the command's own output,
    // with the history it makes, instead.
    f.tmux(&["send-keys", "-t", "%0", "seq 1 100 | sed s/^/n/", "Enter"]);
    f.wait_for_screen("%0", "n100");
    assert!(tmux_mcp_tests::wait_until(Duration::from_secs(5), || f
        .display("%0", "#{history_size}")
        .parse::<u32>()
        .is_ok_and(|h| h > 0)));
    f.tmux(&["copy-mode", "-t", "%0"]);
    f.tmux(&["send-keys", "-t", "%0", "-X", "scroll-up"]);
    let copy = f.ok("snapshot_pane", json!({"pane": "%0"})).await;
    assert_eq!(copy["mode"], "copy-mode");
    assert_eq!(copy["scroll_position"], 1);
    f.tmux(&["send-keys", "-t", "%0", "-X", "cancel"]);

    f.tmux(&[
        "send-keys",
        "-t",
        "%0",
        "printf '\\033[?1049h'; cat",
        "Enter",
    ]);
    assert!(tmux_mcp_tests::wait_until(Duration::from_secs(5), || f
        .tmux(&["display-message", "-p", "-t", "%0", "#{alternate_on}"])
        .trim()
        == "1"));
    let alternate = f.ok("snapshot_pane", json!({"pane": "%0"})).await;
    assert_eq!(alternate["alternate_screen"], true);

    f.tmux(&["set-option", "-g", "remain-on-exit", "on"]);
    let exiting = f.open(&["new-window"], "sh -c 'sleep 0.3; exit 3'");
    // tmux marks a pane dead when its terminal closes and learns the status when it reaps it.
    // Under heavy load tmux 3.3a has been seen to leave the status unknown for good; the tool
    // must then say null, and otherwise exactly what tmux learnt.
    let status = || {
        f.tmux(&[
            "display-message",
            "-p",
            "-t",
            &exiting,
            "#{pane_dead}:#{pane_dead_status}",
        ])
        .trim()
        .to_owned()
    };
    assert!(
        tmux_mcp_tests::wait_until(Duration::from_secs(10), || status() == "1:3")
            || status() == "1:",
        "pane state {}",
        status()
    );
    let dead = f.ok("snapshot_pane", json!({"pane": exiting})).await;
    assert_eq!(dead["dead"], true);
    let info = f.ok("get_pane_info", json!({"pane": exiting})).await;
    let known = status();
    let expected = if known == "1:3" {
        json!(3)
    } else {
        Value::Null
    };
    assert_eq!(info["dead_status"], expected, "tmux says {known}");
}

#[tokio::test]
async fn search_panes_finds_text_within_its_bounds() {
    let f = Fixture::new().await;
    f.tmux(&["new-session", "-d", "-s", "other", "sh"]);
    f.wait_for_prompt("%1");
    f.tmux(&["send-keys", "-t", "%0", "echo Needle-one", "Enter"]);
    f.tmux(&["send-keys", "-t", "%1", "echo needle-two", "Enter"]);
    f.wait_for_screen("%1", "\nneedle-two\n");
    f.wait_for_screen("%0", "\nNeedle-one\n");

    let all = f.ok("search_panes", json!({"pattern": "needle-"})).await;
    assert_eq!(all["panes_searched"], 2);
    assert!(
        all["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["pane"] == "%0" && m["text"] == "Needle-one")
    );
    let cased = f
        .ok(
            "search_panes",
            json!({"pattern": "Needle-", "match_case": true}),
        )
        .await;
    assert!(
        cased["matches"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["pane"] == "%0")
    );
    let scoped = f
        .ok(
            "search_panes",
            json!({"pattern": "needle", "session": "other"}),
        )
        .await;
    assert_eq!(scoped["panes_searched"], 1);
    let regex = f
        .ok(
            "search_panes",
            json!({"pattern": "^needle-t.o$", "regex": true}),
        )
        .await;
    assert_eq!(regex["matches"].as_array().unwrap().len(), 1);
    assert_eq!(regex["matches"][0]["line"], 1);
    let literal = f.ok("search_panes", json!({"pattern": "needle-t.o"})).await;
    assert!(
        literal["matches"].as_array().unwrap().is_empty(),
        "not a regex unless asked"
    );

    let bad = f
        .fails(
            "search_panes",
            json!({"pattern": "(unclosed", "regex": true}),
        )
        .await;
    assert_eq!(bad["kind"], "invalid_input");
    // Catastrophic-backtracking patterns are linear here.
    let started = Instant::now();
    f.ok("search_panes", json!({"pattern": "(a+)+$", "regex": true}))
        .await;
    assert!(started.elapsed() < Duration::from_secs(5));

    f.tmux(&[
        "send-keys",
        "-t",
        "%0",
        "seq 1 300 | sed 's/^/hit /'",
        "Enter",
    ]);
    f.wait_for_screen("%0", "hit 300");
    let capped = f
        .ok(
            "search_panes",
            json!({"pattern": "hit", "history": true, "window": "@0"}),
        )
        .await;
    assert_eq!(capped["matches"].as_array().unwrap().len(), 200);
    assert_eq!(capped["limits_hit"], json!(["matches"]));
    let history = f
        .ok(
            "search_panes",
            json!({"pattern": "hit 1$", "regex": true, "history": true, "window": "@0"}),
        )
        .await;
    assert!(
        history["matches"][0]["line"].as_i64().unwrap() < 0,
        "scrollback lines are negative: {history}"
    );
}

#[tokio::test]
async fn search_panes_stops_at_its_pane_and_line_bounds() {
    let f = Fixture::new().await;
    f.tmux(&["set-option", "-g", "history-limit", "20000"]);
    let long = f.open(&["new-window"], "seq 1 10000; exec cat");
    let long_window = f
        .tmux(&["display-message", "-p", "-t", &long, "#{window_id}"])
        .trim()
        .to_owned();
    let full = wait_until(Duration::from_secs(10), || {
        f.tmux(&["display-message", "-p", "-t", &long, "#{history_size}"])
            .trim()
            .parse::<i64>()
            .is_ok_and(|n| n > 9_000)
    });
    assert!(full, "seq never filled the history of {long}");
    // 64 more panes, so the server holds 66: more than a search reads.
    let mut more = Vec::new();
    for _ in 0..64 {
        more.extend(["new-window", "-d", "cat", ";"]);
    }
    more.pop();
    f.tmux(&more);

    let everywhere = f.ok("search_panes", json!({"pattern": "absent"})).await;
    assert_eq!(everywhere["panes_searched"], 64, "{everywhere}");
    assert_eq!(everywhere["limits_hit"], json!(["panes"]));

    // Only the last 8,192 lines of history are read: 10000 is found, 1 is too old.
    let lines = |pattern: &str| {
        f.ok(
            "search_panes",
            json!({"pattern": pattern, "regex": true, "history": true, "window": long_window}),
        )
    };
    let recent = lines("^10000$").await;
    assert_eq!(recent["matches"].as_array().unwrap().len(), 1, "{recent}");
    assert_eq!(recent["limits_hit"], json!(["lines"]));
    let old = lines("^1$").await;
    assert_eq!(old["matches"], json!([]), "{old}");
    assert_eq!(old["limits_hit"], json!(["lines"]));
}

#[tokio::test]
async fn wait_for_text_matches_only_new_output() {
    let f = Fixture::new().await;
    f.tmux(&["send-keys", "-t", "%0", "echo already-there", "Enter"]);
    f.wait_for_screen("%0", "\nalready-there\n");
    let stale = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["already-there"], "seconds": 1}),
        )
        .await;
    assert_eq!(
        stale["outcome"], "deadline",
        "text already on screen never matches"
    );
    assert_eq!(stale["seconds"], 1);

    let clamped = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["x"], "seconds": 0}),
        )
        .await;
    assert_eq!(clamped["seconds"], 1);

    // A program printing after the call started.
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%0", "patterns": ["ready-[0-9]+"], "regex": true, "seconds": 100000}),
    );
    let print = async {
        f.until_synced(before).await;
        f.tmux(&[
            "send-keys",
            "-t",
            "%0",
            "sleep 0.2; echo ready-$((40+2))",
            "Enter",
        ]);
    };
    let (matched, ()) = tokio::join!(wait, print);
    assert_eq!(matched["outcome"], "matched");
    assert_eq!(
        matched["line"], "ready-42",
        "the typed command line ($((40+2))) does not match, its output does"
    );
    assert_eq!(matched["seconds"], 600);

    // Text typed through the server is not matched by its own echo.
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%0", "patterns": ["echo-me"], "seconds": 2}),
    );
    let typed = async {
        f.until_synced(before).await;
        f.ok("send_keys", json!({"pane": "%0", "text": "true echo-me"}))
            .await;
    };
    let (echo, ()) = tokio::join!(wait, typed);
    assert_eq!(echo["outcome"], "deadline", "{echo}");
    f.tmux(&["send-keys", "-t", "%0", "C-u"]);

    // Stop patterns and any output.
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%0", "patterns": ["success"], "stop": ["ERROR"], "since": "now", "seconds": 10}),
    );
    let fail = async {
        f.until_synced(before).await;
        f.tmux(&["send-keys", "-t", "%0", "echo E''RROR happened", "Enter"]);
    };
    let (stopped, ()) = tokio::join!(wait, fail);
    assert_eq!(
        (stopped["outcome"].clone(), stopped["pattern"].clone()),
        (json!("stopped"), json!("ERROR"))
    );
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%0", "since": "now", "seconds": 10}),
    );
    let any = async {
        f.until_synced(before).await;
        f.tmux(&["send-keys", "-t", "%0", "echo hi", "Enter"]);
    };
    let (anything, ()) = tokio::join!(wait, any);
    assert_eq!(anything["outcome"], "matched");
    assert_eq!(anything["pattern"], Value::Null);

    // The pane closing ends the wait.
    f.tmux(&["split-window", "-d", "-t", "%0", "sh"]);
    let before = f.syncs();
    let wait = f.ok(
        "wait_for_text",
        json!({"pane": "%1", "patterns": ["never"], "seconds": 10}),
    );
    let kill = async {
        f.until_synced(before).await;
        f.tmux(&["kill-pane", "-t", "%1"]);
    };
    let (closed, ()) = tokio::join!(wait, kill);
    assert_eq!(closed["outcome"], "pane_closed");
}

#[tokio::test]
async fn variables_options_environment_and_hooks() {
    let f = Fixture::with_env(&[("LIBTMUX_ENVIRONMENT_VALUES", "VISIBLE")]).await;
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

#[tokio::test]
async fn refusals_are_typed_and_helpful() {
    let f = Fixture::new().await;
    let malformed = f.fails("get_pane_info", json!({"pane": "0"})).await;
    assert_eq!(malformed["kind"], "invalid_input");
    assert!(
        malformed["message"].as_str().unwrap().contains("%3"),
        "says the expected form: {malformed}"
    );
    let gone = f.fails("get_pane_info", json!({"pane": "%999"})).await;
    assert_eq!(gone["kind"], "object_gone");
    assert_eq!(
        f.fails("get_window_info", json!({"window": "@999"})).await["kind"],
        "object_gone"
    );
    assert_eq!(
        f.fails("get_session_info", json!({"session": "nope"}))
            .await["kind"],
        "object_gone"
    );
    assert_eq!(
        f.fails("snapshot_pane", json!({"pane": "%999"})).await["kind"],
        "object_gone"
    );
    assert_eq!(
        f.fails("wait_for_text", json!({"pane": "%999", "seconds": 1}))
            .await["kind"],
        "object_gone"
    );

    f.world.kill_server("work");
    // A dying server still answers clients already connected (with no sessions) for a moment.
    let mut down = Value::Null;
    for _ in 0..500 {
        let result = tmux_mcp_tests::call(&f.client, "list_sessions", json!({}))
            .await
            .unwrap();
        if result.is_error == Some(true) {
            down = tmux_mcp_tests::payload(&serde_json::to_value(&result).unwrap());
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(
        (down["kind"].clone(), down["retryable"].clone()),
        (json!("server_gone"), json!(true))
    );
    f.world.start_server("work");
    let back = f.ok("list_sessions", json!({})).await;
    assert_eq!(
        back["sessions"].as_array().unwrap().len(),
        1,
        "the MCP server keeps serving when tmux comes back"
    );
}
