//! Timing calls over the raw JSON-RPC peer, and tmux alone running the same commands (the
//! baseline a batch is held to).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tmux::{Script, command_line};
use tmux_mcp_tests::{RawClient, World, call_request};

/// A `tools/call` request, under the next id.
pub(crate) fn next_call(id: &mut u64, tool: &str, arguments: &Value) -> String {
    *id += 1;
    call_request(*id, tool, arguments)
}

/// Writes each request once the reply to the one before is read, timed from the first write to
/// the last reply read; the replies are parsed, and checked to succeed, after the clock stops.
pub(crate) fn round_trips(raw: &mut RawClient, requests: &[String]) -> (Duration, Vec<Value>) {
    let started = Instant::now();
    let lines: Vec<String> = requests
        .iter()
        .map(|request| {
            raw.send(request);
            raw.line().expect("a reply")
        })
        .collect();
    let took = started.elapsed();
    let replies = lines
        .iter()
        .zip(requests)
        .map(|(line, request)| {
            let reply: Value = serde_json::from_str(line).unwrap();
            let request: Value = serde_json::from_str(request).unwrap();
            assert_eq!(reply["id"], request["id"], "{line:.200}");
            assert_eq!(reply["result"]["isError"], false, "{line:.200}");
            reply
        })
        .collect();
    (took, replies)
}

/// A `tmux -C` client of the bench's own: it times tmux alone answering the commands a batch's
/// reads send, written all at once as the server's control client writes them (no MCP server
/// can answer the batch faster), and types the text a wait is watching for.
pub(crate) struct TmuxAlone {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// The server's, so that commands are written as the server's control client writes them.
    features: tmux::Features,
}

impl TmuxAlone {
    pub(crate) fn attach(world: &World) -> Self {
        TmuxAlone::attach_to(world, "bench")
    }

    pub(crate) fn attach_to(world: &World, server: &str) -> Self {
        let mut child = Command::new("tmux")
            .env_clear()
            .envs(world.base_env())
            .args([
                "-L",
                server,
                "-C",
                "attach-session",
                "-f",
                "ignore-size,no-output",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let version = world.tmux(server, &["display-message", "-p", "#{version}"]);
        let mut alone = TmuxAlone {
            stdin: child.stdin.take().unwrap(),
            stdout: BufReader::new(child.stdout.take().unwrap()),
            child,
            features: tmux::Version::parse(&version).features(),
        };
        alone.answers(1); // the attach
        alone
    }

    pub(crate) fn answers(&mut self, mut count: usize) {
        let mut line = String::new();
        while count > 0 {
            line.clear();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "tmux -C ended"
            );
            if line.starts_with("%end ") || line.starts_with("%error ") {
                count -= 1;
            }
        }
    }

    /// Writes the scripts' commands, as the handlers build them, one line each; returns how
    /// many answers to read.
    pub(crate) fn write(&mut self, scripts: &[Script]) -> usize {
        let each = scripts.iter().flat_map(Script::commands);
        let blocks = each.clone().count();
        let text: String = each.map(|c| command_line(c, self.features)).collect();
        self.stdin.write_all(text.as_bytes()).unwrap();
        blocks
    }

    pub(crate) fn time(&mut self, commands: &[Script]) -> Duration {
        let started = Instant::now();
        let blocks = self.write(commands);
        self.answers(blocks);
        started.elapsed()
    }
}

impl Drop for TmuxAlone {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
