//! The clock of `cargo xtask test`: what each phase took (installs, tmux builds, tidy, the
//! build, each run) and what each test took against each tmux, read from nextest's status
//! lines. The summary at the end names the slowest tests and the phases; every test's time is
//! also written to `target/test-times.tsv` for a later look.

use std::path::Path;
use std::time::{Duration, Instant};

/// How many of the slowest tests the summary names.
const SLOWEST: usize = 15;

pub struct Clock {
    started: Instant,
    phases: Vec<(String, Duration)>,
    tests: Vec<(String, Tested)>,
}

impl Default for Clock {
    fn default() -> Self {
        Clock {
            started: Instant::now(),
            phases: Vec::new(),
            tests: Vec::new(),
        }
    }
}

/// One test's run, from its nextest status line: `PASS [   1.512s] (3/3) binary test::name`.
#[derive(Clone)]
pub struct Tested {
    pub test: String,
    pub took: Duration,
    pub passed: bool,
}

impl Tested {
    pub fn read(line: &str) -> Option<Tested> {
        let (word, rest) = line.trim_start().split_once(" [")?;
        // `SLOW [> 60.000s]` says a test is still running; `Summary [ … ]` is no test;
        // `FAIL + LEAK` and `LEAK-FAIL` failed, `LEAK` passed leaving a process behind a moment.
        if word.is_empty()
            || !word
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b" +-".contains(&b))
        {
            return None;
        }
        let (secs, rest) = rest.split_once("s] ")?;
        let took = Duration::try_from_secs_f64(secs.trim().parse().ok()?).ok()?;
        let test = match rest.strip_prefix('(') {
            Some(counted) => counted.split_once(") ")?.1,
            None => rest,
        };
        Some(Tested {
            test: test.trim().to_owned(),
            took,
            passed: ["PASS", "LEAK", "PASS + LEAK"].contains(&word),
        })
    }
}

impl Clock {
    /// Runs `phase`, noting how long it took.
    pub fn time<T>(&mut self, name: &str, phase: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let out = phase();
        self.phases.push((name.to_owned(), started.elapsed()));
        out
    }

    /// Notes a run of the tests against `tmux`: what it took, and each test.
    pub fn run(&mut self, tmux: &str, took: Duration, tests: &[Tested]) {
        self.phases.push((format!("tests against {tmux}"), took));
        self.tests
            .extend(tests.iter().map(|t| (tmux.to_owned(), t.clone())));
    }

    /// The slowest tests and the phases, for the end of the output.
    pub fn summary(&self) -> String {
        let mut out = String::from("xtask test: the slowest tests\n");
        let mut slowest: Vec<&(String, Tested)> = self.tests.iter().collect();
        slowest.sort_by_key(|(_, t)| std::cmp::Reverse(t.took));
        for (tmux, t) in slowest.iter().take(SLOWEST) {
            out.push_str(&format!(
                "  {:>7.1} s  {:<22} {}{}\n",
                t.took.as_secs_f64(),
                tmux,
                t.test,
                if t.passed { "" } else { " (failed)" }
            ));
        }
        out.push_str("xtask test: the phases (runs of the matrix overlap)\n");
        for (name, took) in &self.phases {
            out.push_str(&format!("  {:>7} s  {name}\n", took.as_secs()));
        }
        out.push_str(&format!(
            "  {:>7} s  in all\n",
            self.started.elapsed().as_secs()
        ));
        out
    }

    /// Writes every test's time, a line each (tmux, seconds, test, passed), to `path`.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let mut text = String::from("tmux\tseconds\ttest\tpassed\n");
        for (tmux, t) in &self.tests {
            text.push_str(&format!(
                "{tmux}\t{:.3}\t{}\t{}\n",
                t.took.as_secs_f64(),
                t.test,
                t.passed
            ));
        }
        std::fs::write(path, text)
    }
}

#[cfg(test)]
mod tests {
    use super::{Clock, Tested};

    #[test]
    fn status_lines_give_each_test_its_time_and_the_summary_the_slowest_first() {
        let tests: Vec<Tested> = [
            "        PASS [   0.008s] (1/3) nx tests::passes",
            "        SLOW [> 60.000s] (─/3) nx tests::slow",
            "        FAIL [   0.087s] (2/3) nx tests::fails",
            " FAIL + LEAK [   0.386s] (115/143) nx tests::leaks",
            "        PASS [  61.512s] nx tests::slow",
            "     Summary [  61.521s] 3 tests run: 2 passed, 1 failed, 0 skipped",
        ]
        .into_iter()
        .filter_map(Tested::read)
        .collect();
        let mut clock = Clock::default();
        clock.run("tmux 3.2a", std::time::Duration::from_secs(62), &tests);
        let summary = clock.summary();
        let lines: Vec<&str> = summary.lines().collect();
        assert_eq!(
            lines[..7],
            [
                "xtask test: the slowest tests",
                "     61.5 s  tmux 3.2a              nx tests::slow",
                "      0.4 s  tmux 3.2a              nx tests::leaks (failed)",
                "      0.1 s  tmux 3.2a              nx tests::fails (failed)",
                "      0.0 s  tmux 3.2a              nx tests::passes",
                "xtask test: the phases (runs of the matrix overlap)",
                "       62 s  tests against tmux 3.2a",
            ]
        );
        assert!(lines[7].ends_with(" s  in all"), "{summary}");
    }
}
