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

/// [`fail`] for an error, in the words of [`because`].
pub fn fail_because(error: &dyn std::error::Error) -> ExitCode {
    fail(&because(error))
}

/// An error's words, then what each error beneath it said.
pub fn because(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(e) = source {
        message.push_str(&format!(" (because: {e})"));
        source = e.source();
    }
    message
}
