//! The tmux version matrix: each tmux source tarball in a folder built once into the caches'
//! `tmux-matrix/` folder ([`crate::cache`]), per tarball digest, for `cargo xtask test
//! --matrix DIR` to run the end-to-end tests against.

use std::path::{Path, PathBuf};
use std::process::Command;

use tmux::Version;

/// A tmux built from one tarball.
pub struct Build {
    /// As the tarball names it: `3.2a`, `next-3.8-20260821`.
    pub label: String,
    /// The folder holding its `tmux`, to put first on PATH.
    pub bin: PathBuf,
}

/// Debian's packages a tmux build needs.
const BUILD_PACKAGES: [&str; 5] = [
    "libevent-dev",
    "libncurses-dev",
    "bison",
    "pkg-config",
    "make",
];

/// Every `tmux-*.tar.gz` in `dir`, checked against `dir/SHA256SUMS` when there is one, oldest
/// first, each built into the cache unless it is there already.
pub fn prepare(dir: &Path) -> Result<Vec<Build>, String> {
    // Absolute: each build runs in a folder of its own.
    let dir = &std::path::absolute(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let entries = std::fs::read_dir(dir).map_err(|e| {
        format!(
            "the tmux matrix folder {} cannot be read ({e}); give a folder of tmux-VERSION.tar.gz files",
            dir.display()
        )
    })?;
    let mut tarballs: Vec<(String, PathBuf)> = entries
        .flatten()
        .map(|e| e.path())
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?;
            let label = name.strip_prefix("tmux-")?.strip_suffix(".tar.gz")?;
            Some((label.to_owned(), p.clone()))
        })
        .collect();
    if tarballs.is_empty() {
        return Err(format!(
            "{} holds no tmux-VERSION.tar.gz; give the folder of tmux source tarballs",
            dir.display()
        ));
    }
    tarballs.sort_by_key(|(label, _)| order(label));
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS")).ok();
    let cache = crate::cache::root().join("tmux-matrix");
    // Two runs at once would build into one folder.
    let _held = crate::cache::lock(&cache, true)?;
    let mut builds = Vec::new();
    for (label, tarball) in tarballs {
        let digest = sha256(&tarball)?;
        if let Some(sums) = &sums {
            let name = tarball.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let listed = sums.lines().find_map(|l| {
                let (sum, file) = l.split_once(char::is_whitespace)?;
                (file.trim_start_matches([' ', '*']) == name).then_some(sum)
            });
            if listed != Some(digest.as_str()) {
                return Err(format!(
                    "{} does not match its line in SHA256SUMS; fetch it again",
                    tarball.display()
                ));
            }
        }
        let prefix = cache.join(format!("{label}-{}", &digest[..12]));
        let bin = prefix.join("bin");
        // Written last: a build cut short is made again.
        let built = prefix.join(".built");
        if !built.is_file() {
            let _ = std::fs::remove_dir_all(&prefix);
            build(&label, &tarball, &cache.join("build").join(&label), &prefix)?;
            std::fs::write(&built, "")
                .map_err(|e| format!("cannot write {}: {e}", built.display()))?;
        }
        builds.push(Build { label, bin });
    }
    Ok(builds)
}

/// Where a tarball's version sorts (a `next-3.8-DATE` build after every 3.7, before 3.8); one
/// this client cannot place, last.
fn order(label: &str) -> (bool, Option<tmux::version::Release>, String) {
    let version = label
        .rsplit_once('-')
        .filter(|(_, date)| date.len() == 8 && date.bytes().all(|b| b.is_ascii_digit()))
        .map_or(label, |(v, _)| v);
    let release = Version::parse(version).release();
    (release.is_none(), release, label.to_owned())
}

fn sha256(file: &Path) -> Result<String, String> {
    let out = Command::new("sha256sum")
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run sha256sum ({e}); install coreutils"))?;
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .next()
        .filter(|d| out.status.success() && d.len() == 64)
        .map(str::to_owned)
        .ok_or_else(|| format!("sha256sum could not read {}", file.display()))
}

fn build(label: &str, tarball: &Path, work: &Path, prefix: &Path) -> Result<(), String> {
    build_dependencies()?;
    eprintln!(
        "xtask test: building tmux {label} into {}",
        prefix.display()
    );
    let started = std::time::Instant::now();
    let _ = std::fs::remove_dir_all(work);
    std::fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let jobs = std::thread::available_parallelism().map_or(2, usize::from);
    let configure = format!("--prefix={}", prefix.display());
    let make_jobs = format!("-j{jobs}");
    let steps: [(&str, Vec<&str>); 4] = [
        (
            "tar",
            vec![
                "xzf",
                tarball.to_str().unwrap_or_default(),
                "--strip-components=1",
            ],
        ),
        ("./configure", vec![configure.as_str()]),
        ("make", vec![make_jobs.as_str()]),
        ("make", vec!["install"]),
    ];
    for (program, args) in steps {
        let out = Command::new(program)
            .args(&args)
            .current_dir(work)
            .output()
            .map_err(|e| format!("cannot run {program} to build tmux {label}: {e}"))?;
        if !out.status.success() {
            let tail: Vec<&str> = std::str::from_utf8(&out.stderr)
                .unwrap_or_default()
                .lines()
                .rev()
                .take(5)
                .collect();
            return Err(format!(
                "building tmux {label}: `{program} {}` failed: {}",
                args.join(" "),
                tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
            ));
        }
    }
    let _ = std::fs::remove_dir_all(work);
    eprintln!(
        "xtask test: built tmux {label} in {} s",
        started.elapsed().as_secs()
    );
    Ok(())
}

/// What a tmux build needs: a C compiler, make, bison, pkg-config and the libevent and ncurses
/// headers, installed with apt-get where this process may.
fn build_dependencies() -> Result<(), String> {
    let found = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let ready = || {
        found("cc", &["--version"])
            && found("make", &["--version"])
            && found("bison", &["--version"])
            && found("pkg-config", &["--exists", "libevent", "ncurses"])
    };
    if ready() || (crate::apt::install(&BUILD_PACKAGES) && ready()) {
        return Ok(());
    }
    Err(format!(
        "building tmux needs a C compiler, make, bison, pkg-config and the libevent and ncurses headers; install them (Debian: apt-get install gcc {}) and run again",
        BUILD_PACKAGES.join(" ")
    ))
}

#[cfg(test)]
mod tests {
    use super::order;

    #[test]
    fn tarballs_sort_oldest_first() {
        let mut labels = ["next-3.8-20260821", "3.7c", "3.10", "3.2a", "3.4", "3.3a"];
        labels.sort_by_key(|l| order(l));
        assert_eq!(
            labels,
            ["3.2a", "3.3a", "3.4", "3.7c", "next-3.8-20260821", "3.10"]
        );
    }
}
