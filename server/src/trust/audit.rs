//! The audit log: one JSON line per tool call and per batch row, saying what was done to which
//! objects and how it ended, with the arguments reduced to their shape. Free text (what is
//! typed, commands, patterns, prompts, names) appears only as its length and a SHA-256 prefix,
//! so the log can show that two calls sent the same thing without holding it.
//!
//! Calls never wait for the disk: lines go through a bounded queue to a writer thread. A
//! failure to write is said once on stderr and costs the calls nothing.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::time::Duration;

use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
use tmux_mcp_runtime::Target;

/// The log is rotated when a line would take it past this size: the file becomes `PATH.1`
/// (replacing an older one) and a new file is started.
pub const ROTATE_BYTES: u64 = 16 << 20;
/// Lines waiting for the writer; beyond this, lines are dropped (and that is said once).
const QUEUE: usize = 4096;
/// Hex digits of SHA-256 kept in a digest (128 bits).
const DIGEST_HEX: usize = 32;
/// How long the end of the server waits for queued lines to be written.
const FLUSH_WAIT: Duration = Duration::from_secs(2);

enum Message {
    Line(String),
    Flush(SyncSender<()>),
}

pub struct Audit {
    path: PathBuf,
    queue: SyncSender<Message>,
    /// Set once something was lost, so it is said once.
    reported: Arc<AtomicBool>,
}

/// Where a call came from: the client directly, or a row of a batch.
#[derive(Clone, Copy)]
pub struct Row {
    pub batch: &'static str,
    pub index: usize,
}

/// One call, as the log records it.
pub struct Entry<'a> {
    pub request: Value,
    pub tool: &'a str,
    pub row: Option<Row>,
    /// The host of `LIBTMUX_HOSTS` the call ran on; `None`: this machine.
    pub host: Option<&'a str>,
    pub targets: Vec<String>,
    pub outcome: &'a str,
    pub duration: Duration,
    pub masked: u64,
    pub arguments: Value,
}

impl Audit {
    /// Opens (or creates, mode 0600) the log for appending. A file others may read or write is
    /// refused: the log says what an agent did on this account.
    pub fn open(path: &Path) -> Result<Audit, OpenError> {
        let file = open(path)?;
        let (queue, lines) = mpsc::sync_channel(QUEUE);
        let reported = Arc::new(AtomicBool::new(false));
        let writer = Writer {
            path: path.to_owned(),
            file: Some(file),
            limit: ROTATE_BYTES,
            reported: reported.clone(),
        };
        std::thread::Builder::new()
            .name("tmux-mcp-audit".into())
            .spawn(move || writer.run(lines))
            .map_err(|e| OpenError::Writer(path.to_owned(), e))?;
        Ok(Audit {
            path: path.to_owned(),
            queue,
            reported,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn record(&self, entry: Entry<'_>) {
        let mut line = json!({
            "time": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            "request": entry.request,
            "tool": entry.tool,
        });
        if let Some(host) = entry.host {
            line["host"] = json!(host);
        }
        if let Some(row) = entry.row {
            line["batch"] = json!({"tool": row.batch, "row": row.index});
        }
        line["targets"] = json!(entry.targets);
        line["outcome"] = json!(entry.outcome);
        line["ms"] = json!((entry.duration.as_secs_f64() * 1e6).round() / 1e3);
        line["masked"] = json!(entry.masked);
        line["arguments"] = entry.arguments;
        match self.queue.try_send(Message::Line(line.to_string())) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => report_once(
                &self.reported,
                &self.path,
                "lines come faster than they can be written",
            ),
            Err(TrySendError::Disconnected(_)) => {
                report_once(&self.reported, &self.path, "its writer stopped")
            }
        }
    }

    /// Waits (a bounded time) until the lines queued so far are written.
    pub fn flush(&self) {
        let (done, wait) = mpsc::sync_channel(1);
        if self.queue.send(Message::Flush(done)).is_ok() {
            let _ = wait.recv_timeout(FLUSH_WAIT);
        }
    }
}

fn open(path: &Path) -> Result<File, OpenError> {
    let owned = || path.to_owned();
    let file = OpenOptions::new()
        .append(true)
        .create(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| OpenError::Open(owned(), e))?;
    let meta = file.metadata().map_err(|e| OpenError::Read(owned(), e))?;
    if !meta.is_file() {
        return Err(OpenError::NotAFile(owned()));
    }
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(OpenError::Readable(owned(), mode));
    }
    // Another user's file: its mode says nothing about who reads what this server writes.
    if tmux::process::uid() != meta.uid() {
        return Err(OpenError::Foreign(owned()));
    }
    Ok(file)
}

/// Why the audit log (the path each names) cannot be kept: found at startup, before tmux is
/// touched.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("cannot open the audit log {}; give a writable path in LIBTMUX_AUDIT_LOG", .0.display())]
    Open(PathBuf, #[source] std::io::Error),
    #[error("cannot read the audit log {}", .0.display())]
    Read(PathBuf, #[source] std::io::Error),
    #[error("the audit log {} is not a regular file; give a file path in LIBTMUX_AUDIT_LOG", .0.display())]
    NotAFile(PathBuf),
    #[error("the audit log {} has mode {:03o}, so others may read it; run chmod 600 on it or give a new path", .0.display(), .1)]
    Readable(PathBuf, u32),
    #[error("the audit log {} belongs to another user; give a path of your own", .0.display())]
    Foreign(PathBuf),
    #[error("cannot start the audit log {}'s writer", .0.display())]
    Writer(PathBuf, #[source] std::io::Error),
}

fn report_once(reported: &AtomicBool, path: &Path, why: &str) {
    if !reported.swap(true, Ordering::Relaxed) {
        // stderr, never stdout: stdout carries the protocol.
        let _ = writeln!(
            std::io::stderr(),
            "tmux-mcp: the audit log {} lost lines ({why}); calls go on, and this is said only once",
            path.display()
        );
    }
}

struct Writer {
    path: PathBuf,
    /// None after a rotation failed to open a new file; retried on the next line.
    file: Option<File>,
    /// Rotate before a line would take the file past this size.
    limit: u64,
    reported: Arc<AtomicBool>,
}

impl Writer {
    fn run(mut self, lines: Receiver<Message>) {
        for message in lines {
            match message {
                Message::Line(line) => {
                    if let Err(e) = self.write(&line) {
                        report_once(&self.reported, &self.path, &e.to_string());
                    }
                }
                Message::Flush(done) => {
                    let _ = done.send(());
                }
            }
        }
    }

    fn write(&mut self, line: &str) -> std::io::Result<()> {
        let size = self
            .file
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .map_or(0, |m| m.len());
        if self.file.is_none() || (size > 0 && size + line.len() as u64 + 1 > self.limit) {
            if self.file.is_some() {
                let mut old = self.path.clone().into_os_string();
                old.push(".1");
                self.file = None;
                std::fs::rename(&self.path, old)?;
            }
            self.file = Some(open(&self.path).map_err(std::io::Error::other)?);
        }
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        match &mut self.file {
            Some(f) => f.write_all(&bytes),
            None => Ok(()),
        }
    }
}

/// The values of `tool`'s target arguments (ids and session names), in manifest order.
pub fn targets(targets: &[Target], arguments: &Value) -> Vec<String> {
    targets
        .iter()
        .flat_map(|t| t.values(arguments))
        .map(str::to_owned)
        .collect()
}

/// The arguments' shape: numbers, booleans and target ids as given; every other string as its
/// length in bytes and a digest; arrays and objects shaped item by item.
pub fn shape(targets: &[Target], arguments: &Value) -> Value {
    let targets: Vec<&str> = targets
        .iter()
        .filter_map(|t| t.path.last().copied())
        .collect();
    shape_value(arguments, None, &targets)
}

fn shape_value(value: &Value, key: Option<&str>, targets: &[&str]) -> Value {
    match value {
        Value::String(s) if key.is_some_and(|k| targets.contains(&k)) => Value::String(s.clone()),
        Value::String(s) => json!({"bytes": s.len(), "sha256": digest(s)}),
        Value::Array(items) => items.iter().map(|v| shape_value(v, key, targets)).collect(),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), shape_value(v, Some(k), targets)))
                .collect::<Map<String, Value>>(),
        ),
        other => other.clone(),
    }
}

fn digest(text: &str) -> String {
    let hash = Sha256::digest(text.as_bytes());
    let mut hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    hex.truncate(DIGEST_HEX);
    hex
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ToolId;

    #[test]
    fn a_log_that_cannot_be_kept_says_what_to_do_and_why() {
        let path = Path::new("/nonexistent-tmux-mcp-dir/audit.log");
        let Err(e) = Audit::open(path) else {
            panic!("opened {}", path.display())
        };
        let source = std::error::Error::source(&e).expect("the system's error beneath");
        assert_eq!(
            crate::say::because(&e),
            format!(
                "cannot open the audit log {}; give a writable path in LIBTMUX_AUDIT_LOG (because: {source})",
                path.display()
            )
        );
    }

    #[test]
    fn a_shape_keeps_targets_and_numbers_and_never_text() {
        let d = ToolId::SendKeysBatch.descriptor().targets;
        let args = json!({"operations": [{"pane": "%3", "text": "hunter2", "enter": true, "keys": ["C-c"]}]});
        let shaped = shape(d, &args);
        let text = shaped.to_string();
        assert!(!text.contains("hunter2") && !text.contains("C-c"), "{text}");
        assert_eq!(shaped["operations"][0]["pane"], "%3");
        assert_eq!(shaped["operations"][0]["enter"], true);
        assert_eq!(shaped["operations"][0]["text"]["bytes"], 7);
        assert_eq!(
            shaped["operations"][0]["text"]["sha256"],
            "f52fbd32b2b3b86ff88ef6c490628285"
        );
        assert_eq!(targets(d, &args), ["%3"]);
        // A list of ids names each, kept as given.
        let d = ToolId::WaitForAgent.descriptor().targets;
        let args = json!({"pane": "%1", "panes": ["%2", "%3"], "seconds": 5});
        assert_eq!(targets(d, &args), ["%1", "%2", "%3"]);
        assert_eq!(shape(d, &args)["panes"], json!(["%2", "%3"]));
    }

    #[test]
    fn the_log_rotates_to_one_older_file_and_a_lost_line_is_said_once() {
        let dir = std::env::temp_dir().join(format!("tmux-mcp-audit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("audit.log");
        let reported = Arc::new(AtomicBool::new(false));
        let mut w = Writer {
            path: path.clone(),
            file: Some(open(&path).unwrap()),
            limit: 100,
            reported: reported.clone(),
        };
        for n in 0..3 {
            w.write(&format!("{n}{}", "x".repeat(59))).unwrap();
        }
        let read = |p: &Path| std::fs::read_to_string(p).unwrap();
        let older = path.with_file_name("audit.log.1");
        assert!(read(&older).starts_with('1') && read(&path).starts_with('2'));
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the new file is private too");
        // Its directory gone, the next rotation cannot open a file: lines are lost (said
        // once), and the writer goes on taking them.
        std::fs::remove_dir_all(&dir).unwrap();
        let (queue, lines) = mpsc::sync_channel(4);
        let writer = std::thread::spawn(move || w.run(lines));
        for _ in 0..2 {
            queue.send(Message::Line("y".repeat(80))).unwrap();
        }
        let (done, flushed) = mpsc::sync_channel(1);
        queue.send(Message::Flush(done)).unwrap();
        flushed.recv().unwrap();
        assert!(reported.load(Ordering::Relaxed));
        drop(queue);
        writer.join().unwrap();
    }
}
