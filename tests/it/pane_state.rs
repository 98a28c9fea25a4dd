//! What a pane's processes are doing, as get_pane_info, list_panes and snapshot_pane report it:
//! the program that has the terminal, whether the pane's shell is at its prompt, and how long
//! a followed pane has printed nothing. Real programs in real panes.

use std::time::Duration;

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, wait_until};

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

async fn the_foreground_program_and_the_prompt_are_the_pane_s_own_read_by(reader: &[(&str, &str)]) {
    let f = Fixture::with_env(reader).await;
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
    reader: &[(&str, &str)],
) {
    let f = Fixture::with_env(reader).await;
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
    // tmux 3.3a can leave a dead pane's status unknown under load (see inspect.rs).
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
    let f = Fixture::new().await;
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
