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

#[test]
fn a_command_whose_start_report_was_lost_is_read_from_after_its_typed_line() {
    let j = Journal::default();
    j.push(b"$ ");
    let from = j.position();
    j.input(from, "{ printf 'begin';run\n};printf 'k'");
    // The report of the start is gone; the output after the typed line holding the nonce
    // `k` is the command's, a line that echoes other input included.
    j.push(b"{ printf 'begin';run\r\n> };printf 'k'\r\none\r\nok? yes\r\n\x1b]6973;k;0\x07$ ");
    let end = j.reports_since(from).pop().expect("the end report");
    let begin = j
        .after_line_holding(from, &end, "'k'")
        .expect("the typed line");
    let between = j.text_between(&begin, &end);
    assert_eq!(between.lines, ["one", "ok? yes"]);
    assert_eq!((between.printed_lines, between.printed_bytes), (2, 12));
    // Without the typed line, no mark.
    let k = Journal::default();
    let from = k.position();
    k.push(b"out\r\n\x1b]6973;k;0\x07");
    let end = k.reports_since(from).pop().expect("the end report");
    assert!(k.after_line_holding(from, &end, "'k'").is_none());
}

#[test]
fn text_between_reports_counts_what_was_printed() {
    let j = Journal::default();
    j.push(b"typed\r\n\x1b]6973;k\x07one\r\ntwo\r\nthree\x1b]6973;k;0\x07$ ");
    let reports = j.reports_since(Position {
        line: 0,
        col: 0,
        bytes: 0,
        screen: 0,
    });
    assert_eq!(reports.len(), 2);
    let between = j.text_between(&reports[0], &reports[1]);
    assert_eq!(between.lines, ["one", "two", "three"]);
    assert_eq!((between.printed_lines, between.printed_bytes), (3, 13));
}
