//! What the server tells the person who started it: one line on stderr, named, never stdout
//! (which carries the protocol over stdio).

use std::io::Write;
use std::process::ExitCode;

/// Writes `tmux-mcp: LINE` to stderr; a closed stderr loses the line, nothing else.
pub fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{}: {line}", crate::NAME);
}

/// Says why the command cannot go on, and ends it with status 2 (a usage or setting error).
pub fn fail(message: &str) -> ExitCode {
    say(message);
    ExitCode::from(2)
}
