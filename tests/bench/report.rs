//! How the bench reports: each figure beside its target, and the count of targets missed.

use std::time::Duration;

pub(crate) fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

pub(crate) fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

pub(crate) struct Report {
    pub(crate) failed: usize,
}

impl Report {
    /// The median of `samples` against a limit of `limit_ms` milliseconds.
    pub(crate) fn within(&mut self, figure: &str, samples: Vec<Duration>, limit_ms: u64) {
        let median = median(samples);
        self.line(
            figure,
            ms(median),
            &format!("<= {limit_ms} ms"),
            median <= Duration::from_millis(limit_ms),
        );
    }

    /// Resident memory of `kib` KiB against the issues' "10 MB", read strictly: decimal
    /// megabytes.
    pub(crate) fn rss(&mut self, figure: &str, kib: u64) {
        self.line(
            figure,
            format!("{:.1} MB", (kib * 1024) as f64 / 1e6),
            "<= 10 MB",
            kib * 1024 <= 10_000_000,
        );
    }

    pub(crate) fn line(&mut self, figure: &str, value: String, target: &str, ok: bool) {
        if !ok {
            self.failed += 1;
        }
        println!(
            "{figure:<44} {value:>22}   target {target:<22} {}",
            if ok { "ok" } else { "MISSED" }
        );
    }
}
