//! Secret masking: each built-in secret shape printed in a real pane and read back through
//! every tool that returns pane text; none leaks, each result carries the markers and says how
//! many spans it masked, and searches and waits cannot find a secret by its value.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use tmux_mcp_tests::{Fixture, wait_until};

/// Upper-case hex unique to this run, put inside every secret so a leak of any of them shows.
fn nonce() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("{:08X}", nanos ^ std::process::id().rotate_left(16))
}

/// The secrets file's lines, each secret holding `n`, and how many spans they are.
fn secrets(n: &str) -> (Vec<String>, usize) {
    let lines = vec![
        format!("aws_access_key_id = AKIA{n}Q7ZK3M9T"),
        format!("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfi{n}ABCD"),
        format!("GITHUB_TOKEN=ghp_{n}abcdefghijklmnopqrstuvwxyz0123"),
        format!("gitlab: glpat-{n}abcdefghijklmn"),
        format!("slack xoxb-1234-{n}-abcdefghij"),
        format!("ANTHROPIC_API_KEY=sk-ant-api03-{n}abcdefghijklmnopqrstuvwxyz"),
        format!("OPENAI_API_KEY=sk-proj-{n}abcdefghijklmnopqrstuvwxyz"),
        format!("GOOGLE_API_KEY=AIza{n}abcdefghijklmnopqrstuvwxyz0"),
        format!("HF_TOKEN=hf_{n}abcdefghijklmnopqrstuvwxyz"),
        // Longer than the pane is wide: it wraps on screen.
        format!(
            "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.{n}SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
        ),
        format!("< Authorization: Bearer {n}.abcdefghijklmnopqr"),
        format!("origin https://deploy:{n}pw@git.example.com/repo.git (fetch)"),
        "-----BEGIN RSA PRIVATE KEY-----".to_owned(),
        format!("MIIEowIBAAKCAQEA{n}u1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw"),
        format!("7nv3JOCGzS0gj5QSVQ+{n}W0cDkdz6i6DOvZZKs+4ms8F9Lr9c5bVO+ZTVT4bYDR7bSc"),
        "-----END RSA PRIVATE KEY-----".to_owned(),
    ];
    (lines, 13)
}

/// Writes the secrets to a file in the test's directory and returns its path.
fn secrets_file(f: &Fixture, n: &str) -> String {
    let path = f.world.tmpdir().join("secrets.txt");
    std::fs::write(&path, secrets(n).0.join("\n") + "\n").unwrap();
    path.to_string_lossy().into_owned()
}

/// Asserts that no part of any secret is in `out`.
fn no_leak(tool: &str, out: &Value, n: &str) {
    let text = out.to_string();
    assert!(!text.contains(n), "{tool} leaked a secret: {text}");
    for piece in [
        "wJalrXUtnFEMI",
        "MIIEowIBAAKCAQEA",
        "7nv3JOCGzS0gj5QSVQ",
        "deploy:",
    ] {
        assert!(!text.contains(piece), "{tool} leaked {piece}: {text}");
    }
}

#[tokio::test]
async fn every_reading_tool_masks_each_secret_shape() {
    let f = Fixture::here(&[]).await;
    let n = nonce();
    let (_, spans) = secrets(&n);
    let file = secrets_file(&f, &n);
    let start = f.ok("capture_since", json!({"pane": "%0"})).await;
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": format!("cat {file}; echo END-OF-SECRETS"), "enter": true}),
    )
    .await;
    let mut seen: Vec<(&str, Value)> = Vec::new();

    let waited = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["END-OF-SECRETS"], "since": "last_input", "seconds": 10}),
        )
        .await;
    assert_eq!(waited["outcome"], "matched", "{waited}");
    assert_eq!(waited["masked"], spans, "{waited}");
    seen.push(("wait_for_text", waited));
    f.wait_for_prompt("%0");

    // A wait cannot probe for a secret by its value; it finds the marker instead.
    let probe = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": [format!("ghp_{n}")], "since": "last_input", "seconds": 1}),
        )
        .await;
    assert_eq!(
        (&probe["outcome"], &probe["on_screen"]),
        (&json!("deadline"), &json!(false)),
        "{probe}"
    );
    let key = f
        .ok(
            "wait_for_text",
            json!({"pane": "%0", "patterns": ["[masked:private-key]"], "since": "last_input", "seconds": 5}),
        )
        .await;
    assert_eq!(key["line"], "[masked:private-key]", "{key}");
    seen.push(("wait_for_text", key));

    let quiet = f
        .ok(
            "wait_for_quiet",
            json!({"pane": "%0", "since": "last_input", "quiet_ms": 300, "seconds": 10}),
        )
        .await;
    assert_eq!(quiet["masked"], spans, "{quiet}");
    seen.push(("wait_for_quiet", quiet));

    let since = f
        .ok(
            "capture_since",
            json!({"pane": "%0", "cursor": start["cursor"]}),
        )
        .await;
    assert_eq!(since["masked"], spans, "{since}");
    assert!(
        since["text"].as_str().unwrap().contains("[masked:jwt]"),
        "the wrapped token is masked whole: {since}"
    );
    seen.push(("capture_since", since));

    let capture = f
        .ok("capture_pane", json!({"pane": "%0", "history": true}))
        .await;
    assert_eq!(capture["masked"], spans, "{capture}");
    let text = capture["text"].as_str().unwrap();
    for marker in [
        "aws-access-key-id",
        "aws-secret-access-key",
        "github-token",
        "gitlab-token",
        "slack-token",
        "anthropic-api-key",
        "openai-api-key",
        "google-api-key",
        "huggingface-token",
        "jwt",
        "bearer-token",
        "url-credentials",
    ] {
        assert!(
            text.contains(&format!("[masked:{marker}]")),
            "{marker}: {text}"
        );
    }
    // The key block keeps its four lines, each the marker; the text around it is intact.
    assert_eq!(text.matches("[masked:private-key]").count(), 4, "{text}");
    assert!(
        text.contains("Authorization: Bearer [masked:bearer-token]"),
        "{text}"
    );
    assert!(
        text.contains("https://[masked:url-credentials]@git.example.com"),
        "{text}"
    );
    seen.push(("capture_pane", capture));

    let snapshot = f.ok("snapshot_pane", json!({"pane": "%0"})).await;
    assert_eq!(snapshot["masked"], spans, "{snapshot}");
    seen.push(("snapshot_pane", snapshot));

    // Search runs on the masked text: a secret's value finds nothing, its marker finds it.
    let probe = f
        .ok("search_panes", json!({"pattern": format!("ghp_{n}")}))
        .await;
    assert_eq!(probe["matches"], json!([]), "{probe}");
    assert_eq!(probe["masked"], spans, "{probe}");
    let found = f
        .ok("search_panes", json!({"pattern": "[masked:github-token]"}))
        .await;
    assert_eq!(found["matches"].as_array().unwrap().len(), 1, "{found}");
    seen.push(("search_panes", found));

    let batch = f
        .ok(
            "call_read_tools_batch",
            json!({"operations": [
                {"tool": "capture_pane", "arguments": {"pane": "%0"}},
                {"tool": "search_panes", "arguments": {"pattern": "AKIA"}},
            ]}),
        )
        .await;
    let rows = batch["results"].as_array().unwrap();
    assert_eq!(
        rows[0]["result"]["structuredContent"]["masked"], spans,
        "{batch}"
    );
    assert_eq!(
        rows[1]["result"]["structuredContent"]["matches"],
        json!([]),
        "{batch}"
    );
    seen.push(("call_read_tools_batch", batch));

    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": "clear", "enter": true}),
    )
    .await;
    // Cleared: the prompt alone (before, the last line is the prompt too).
    let alone = || {
        f.screen("%0")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .count()
            == 1
    };
    assert!(
        wait_until(Duration::from_secs(30), alone),
        "never cleared: {}",
        f.screen("%0")
    );
    f.wait_for_prompt("%0");
    let run = f
        .ok(
            "run_shell_command",
            json!({"pane": "%0", "command": format!("cat {file}"), "seconds": 10}),
        )
        .await;
    assert_eq!(
        (&run["exit_status"], &run["masked"]),
        (&json!(0), &json!(spans)),
        "{run}"
    );
    assert_eq!(run["truncated"], false, "markers are not a cut: {run}");
    seen.push(("run_shell_command", run));

    for (tool, out) in &seen {
        no_leak(tool, out, &n);
    }
}

#[tokio::test]
async fn operator_patterns_apply_and_built_in_detectors_can_be_turned_off() {
    let f = Fixture::here(&[
        ("LIBTMUX_MASK_SECRETS", "off"),
        (
            "LIBTMUX_MASK_PATTERNS",
            "corp-[0-9]{6}\nticket=(?P<secret>[A-Z]+)",
        ),
    ])
    .await;
    let n = nonce();
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": format!("echo ghp_{n}abcdefghijklmnopqrstuvwxyz0123 corp-424242 ticket=ABC"), "enter": true}),
    )
    .await;
    f.wait_for_prompt("%0");
    let out = f.ok("capture_pane", json!({"pane": "%0"})).await;
    let text = out["text"].as_str().unwrap();
    let printed = text.lines().nth(1).unwrap_or_default();
    assert_eq!(
        printed,
        format!("ghp_{n}abcdefghijklmnopqrstuvwxyz0123 [masked:pattern] ticket=[masked:pattern]"),
        "{out}"
    );
    // Masked where it was typed and where it was printed.
    assert_eq!(out["masked"], 4, "{out}");
    let caps = tmux_mcp_tests::capabilities(&f.client).await;
    assert_eq!(
        caps["secretMasking"]["builtInDetectors"],
        json!([]),
        "{caps}"
    );
    assert_eq!(caps["secretMasking"]["operatorPatterns"], 2, "{caps}");
    // Patterns still mask, so the records of the tools that return pane text say so.
    let capture = caps["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "capture_pane")
        .unwrap();
    assert_eq!(capture["capability"]["secretMasking"], true, "{capture}");
}

#[tokio::test]
async fn masking_off_returns_text_as_printed() {
    let f = Fixture::here(&[("LIBTMUX_MASK_SECRETS", "off")]).await;
    let n = nonce();
    let token = format!("ghp_{n}abcdefghijklmnopqrstuvwxyz0123");
    f.ok(
        "send_keys",
        json!({"pane": "%0", "text": format!("echo {token}"), "enter": true}),
    )
    .await;
    f.wait_for_prompt("%0");
    let out = f.ok("capture_pane", json!({"pane": "%0"})).await;
    assert_eq!(out["masked"], 0, "{out}");
    assert_eq!(
        out["text"].as_str().unwrap().matches(&token).count(),
        2,
        "{out}"
    );
    let caps = tmux_mcp_tests::capabilities(&f.client).await;
    let record = &caps["tools"].as_array().unwrap()[0]["capability"];
    assert!(record.get("secretMasking").is_none(), "{record}");
}
