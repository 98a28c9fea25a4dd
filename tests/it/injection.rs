//! No argument reaches a shell or expands as a tmux format; hostile names are stored literally
//! or refused; regexes cannot blow up time.

use std::time::{Duration, Instant};

use serde_json::json;
use tmux_mcp_tests::{Fixture, wait_until};

/// Strings that would do something if any layer interpreted them.
fn hostile(canary: &str) -> Vec<String> {
    vec![
        "#{pane_id}".into(),
        "##{session_id}#".into(),
        "a;b".into(),
        "ends with;".into(),
        ";".into(),
        format!("$(touch {canary})"),
        format!("`touch {canary}`"),
        "'single' \"double\" \\back".into(),
        "~/home".into(),
        "$HOME".into(),
        "%1".into(),
        "-t".into(),
        // Escaped bytes right beside multi-byte characters.
        "é\"ü$ñ\\✓".into(),
        "ü;ñ'✓\"".into(),
    ]
}

#[tokio::test]
async fn names_and_titles_are_stored_literally() {
    let f = Fixture::new().await;
    let canary = f.world.tmpdir().join("canary");
    let canary = canary.to_str().unwrap();
    for (i, value) in hostile(canary).into_iter().enumerate() {
        // tmux 3.7 and newer store a backslash in a title doubled: refused on every version.
        if value.contains('\\') {
            assert_eq!(
                f.fails("set_pane_title", json!({"pane": "%0", "title": value}))
                    .await["kind"],
                "invalid_input"
            );
        } else {
            let title = f
                .ok("set_pane_title", json!({"pane": "%0", "title": value}))
                .await;
            assert_eq!(title["title"], value, "title {value:?}");
        }
        // tmux would rewrite `$` and `\` in window and session names: those are refused.
        if value.contains(['$', '\\']) {
            assert_eq!(
                f.fails("rename_window", json!({"window": "@0", "name": value}))
                    .await["kind"],
                "invalid_input"
            );
            assert_eq!(
                f.fails("create_session", json!({"name": format!("s{i}{value}")}))
                    .await["kind"],
                "invalid_input"
            );
            continue;
        }
        let window = f
            .ok("rename_window", json!({"window": "@0", "name": value}))
            .await;
        assert_eq!(window["name"], value, "window name {value:?}");
        assert_eq!(
            f.tmux(&["display-message", "-p", "-t", "@0", "#{window_name}"])
                .trim_end_matches('\n'),
            value
        );
        // Session names may not hold `.` or `:` either; the rest is kept as given.
        let name = format!("s{i}{value}");
        if !name.contains(['.', ':']) {
            let created = f.ok("create_session", json!({"name": name})).await;
            assert_eq!(created["name"], name, "session name {name:?}");
            let renamed = f
                .ok(
                    "rename_session",
                    json!({"session": created["session"], "name": format!("r{name}")}),
                )
                .await;
            assert_eq!(renamed["name"], format!("r{name}"));
        }
    }
    assert!(
        !std::path::Path::new(canary).exists(),
        "something ran a shell"
    );
}

#[tokio::test]
async fn control_characters_and_nul_are_refused_before_tmux() {
    let f = Fixture::new().await;
    for bad in ["line\nbreak", "nul\u{0}byte", "tab\there", "esc\u{1b}[2J"] {
        let refused = f
            .fails("set_pane_title", json!({"pane": "%0", "title": bad}))
            .await;
        assert_eq!(refused["kind"], "invalid_input", "{bad:?}");
        let refused = f.fails("create_session", json!({"name": bad})).await;
        assert_eq!(refused["kind"], "invalid_input", "{bad:?}");
    }
    assert_eq!(
        f.tmux(&["list-sessions", "-F", "#{session_name}"]).trim(),
        "main"
    );
    // A NUL anywhere, even in a key after valid text: refused before anything is typed, so a
    // client that retries types nothing twice.
    let screen = f.screen("%0");
    for arguments in [
        json!({"pane": "%0", "text": "a\u{0}b"}),
        json!({"pane": "%0", "text": "a", "keys": ["\u{0}"]}),
        json!({"pane": "%0", "text": "a", "keys": ["Enter", "C-\u{0}"]}),
    ] {
        let refused = f.fails("send_keys", arguments.clone()).await;
        assert_eq!(refused["kind"], "invalid_input", "{arguments}");
        assert_eq!(refused["retryable"], false, "{arguments}");
        assert!(
            refused["message"].as_str().unwrap().contains("NUL"),
            "{refused}"
        );
    }
    let refused = f
        .fails(
            "send_keys_batch",
            json!({"operations": [{"pane": "%0", "text": "a"}, {"pane": "%0", "keys": ["\u{0}"]}]}),
        )
        .await;
    assert_eq!(refused["kind"], "invalid_input");
    assert_eq!(f.screen("%0"), screen, "nothing was typed");

    // Text that could end a bracketed paste early or act as keys is refused alike on every
    // tmux (3.7 would paste it rewritten, older versions as it is): ESC, the other C0
    // controls but tab, CR and LF, DEL and the C1 controls.
    for bad in [
        "\u{1b}[201~rm -rf ~",
        "a\u{3}b",
        "del\u{7f}",
        "c1\u{9b}201~",
        "bell\u{7}",
    ] {
        for (tool, arguments) in [
            ("send_keys", json!({"pane": "%0", "text": bad})),
            ("paste_text", json!({"pane": "%0", "text": bad})),
            ("send_prompt", json!({"pane": "%0", "text": bad})),
            ("run_shell_command", json!({"pane": "%0", "command": bad})),
            (
                "send_keys_batch",
                json!({"operations": [{"pane": "%0", "text": bad}]}),
            ),
        ] {
            let refused = f.fails(tool, arguments).await;
            assert_eq!(refused["kind"], "invalid_input", "{tool} {bad:?}");
            assert!(
                refused["message"]
                    .as_str()
                    .unwrap()
                    .contains("control characters"),
                "{tool}: {refused}"
            );
        }
    }
    assert_eq!(f.screen("%0"), screen, "nothing was typed");
    let pasted = f
        .ok("paste_text", json!({"pane": "%0", "text": "tab\there\r"}))
        .await;
    assert_eq!(pasted["bytes"], 9, "tab and CR are text");
}

#[tokio::test]
async fn typed_text_is_literal_input_not_commands() {
    let f = Fixture::new().await;
    let canary = f.world.tmpdir().join("typed-canary");
    let canary = canary.to_str().unwrap();
    let mut texts = hostile(canary);
    texts.push("back\\slash".into());
    for text in texts {
        // A fresh `cat` each time: it echoes every line it reads, so the text shows twice.
        f.tmux(&["respawn-pane", "-k", "-t", "%0", "cat"]);
        f.ok(
            "send_keys",
            json!({"pane": "%0", "text": text, "enter": true}),
        )
        .await;
        let twice = |needle: &str| {
            wait_until(Duration::from_secs(5), || {
                f.screen("%0").matches(needle).count() >= 2
            })
        };
        assert!(twice(&text), "{text:?}: {}", f.screen("%0"));
        f.ok(
            "paste_text",
            json!({"pane": "%0", "text": format!("p{text}"), "enter": true}),
        )
        .await;
        assert!(twice(&format!("p{text}")), "{text:?}: {}", f.screen("%0"));
    }
    assert!(!std::path::Path::new(canary).exists());
    // A key name never smuggles text: `Enter;` or a command after a space is refused.
    for key in ["Enter;", "Enter ; kill-server", "C-c run-shell"] {
        let refused = f
            .fails("send_keys", json!({"pane": "%0", "keys": [key]}))
            .await;
        assert_eq!(refused["kind"], "invalid_input", "{key:?}");
    }
    assert!(f.world.server_alive("work"));
}

#[tokio::test]
async fn tmux_formats_in_arguments_are_not_expanded() {
    let f = Fixture::new().await;
    // Variable names are validated, never formats.
    for bad in [
        "#{pane_id}",
        "pane_id}#{session_name",
        "s/x/y/:pane_id",
        "pane id",
    ] {
        assert_eq!(
            f.fails("get_tmux_variables", json!({"names": [bad]})).await["kind"],
            "invalid_input",
            "{bad:?}"
        );
    }
    let created = f.ok("create_window", json!({"session": "main", "name": "#{session_name}", "start_directory": "/tmp/#{pane_id}"})).await;
    assert_eq!(
        f.tmux(&[
            "display-message",
            "-p",
            "-t",
            created["window"].as_str().unwrap(),
            "#{window_name}"
        ])
        .trim(),
        "#{session_name}"
    );
}

#[tokio::test]
async fn regexes_run_in_linear_time() {
    let f = Fixture::new().await;
    f.tmux(&[
        "send-keys",
        "-t",
        "%0",
        &format!("echo {}", "a".repeat(3000)),
        "Enter",
    ]);
    // Its line (rows into the history), then the prompt: before the shell runs it, the prompt
    // before is the last line.
    let printed = || {
        f.tmux(&["capture-pane", "-pJ", "-S", "-", "-t", "%0"])
            .lines()
            .any(|l| l.trim_end() == "a".repeat(3000))
    };
    assert!(
        wait_until(Duration::from_secs(30), printed),
        "never printed"
    );
    f.wait_for_prompt("%0");
    for pattern in [
        "(a+)+$",
        "(a|aa)*b",
        "(a*)*c",
        "^(a?){30}a{30}$",
        "(?:a+){20}x",
    ] {
        let started = Instant::now();
        f.ok(
            "search_panes",
            json!({"pattern": pattern, "regex": true, "history": true}),
        )
        .await;
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{pattern} took {:?}",
            started.elapsed()
        );
    }
    let huge = f
        .fails(
            "search_panes",
            json!({"pattern": "a{100000}{100000}", "regex": true}),
        )
        .await;
    assert_eq!(
        huge["kind"], "invalid_input",
        "a regex too big to compile is refused"
    );
}

#[tokio::test]
async fn values_starting_with_a_dash_are_never_options() {
    let f = Fixture::new().await;
    // `wait-for -S` would signal; here `-S` is only a channel name.
    let waited = f
        .ok("wait_for_channel", json!({"channel": "-S", "seconds": 1}))
        .await;
    assert_eq!(waited["outcome"], "deadline");
    let renamed = f
        .ok("rename_window", json!({"window": "@0", "name": "-t"}))
        .await;
    assert_eq!(renamed["name"], "-t");
    let title = f
        .ok("set_pane_title", json!({"pane": "%0", "title": "-x"}))
        .await;
    assert_eq!(title["title"], "-x");
    assert_eq!(
        f.fails("select_layout", json!({"window": "@0", "layout": "-E"}))
            .await["kind"],
        "invalid_input"
    );
    let option = f.fails("show_option", json!({"name": "-g"})).await;
    assert_eq!(option["kind"], "invalid_input");
}
