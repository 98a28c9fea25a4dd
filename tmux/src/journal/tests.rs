//! The journal's unit tests.

use super::*;

fn texts(j: &Journal, from: Position) -> Vec<String> {
    j.matchable_since(from)
        .into_iter()
        .map(|(_, t, _)| t)
        .collect()
}

#[test]
fn output_after_an_input_is_kept_and_its_echo_never_matches() {
    let j = Journal::default();
    j.push(b"old READY\r\n$ ");
    let at = j.position();
    j.input(at, "printf 'READY\\n'");
    j.push(b"printf 'READY\\n'\r\nREADY\r\n$ ");
    assert_eq!(texts(&j, at), ["", "READY", "$ "]);
    // Nothing before the input matches from it.
    assert_eq!(j.last_input(), Some(at));
    assert!(texts(&j, at).iter().all(|t| !t.contains("old")));
}

#[test]
fn a_line_rewritten_in_place_after_a_position_is_read_whole() {
    let j = Journal::default();
    j.push(b"> ");
    let at = j.position();
    j.input(at, "hello");
    j.push(b"hello\r\x1b[2KSUBMITTED n=167");
    assert_eq!(texts(&j, at), ["SUBMITTED n=167"], "the line being written");
    j.push(b"\r\n");
    assert_eq!(texts(&j, at), ["SUBMITTED n=167", ""], "once ended");
    // A position taken after the rewrite reads from its place.
    let later = j.position();
    j.push(b"> more");
    assert_eq!(texts(&j, later), ["> more"]);
    let mid = j.position();
    j.push(b" text\n");
    assert_eq!(texts(&j, mid), [" text", ""]);
}

#[test]
fn a_full_journal_drops_the_oldest_lines_and_knows_it() {
    let j = Journal::default();
    let start = j.position();
    for i in 0..MAX_LINES + 10 {
        j.push(format!("{i}\n").as_bytes());
    }
    let lines = j.matchable_since(start);
    assert_eq!(lines[0].1, "10");
    assert_eq!(lines.len(), MAX_LINES + 1);
}
