//! What runs on a host: the `ssh` command line, the shell line that finds (or asks for) this
//! same tmux-mcp there and runs it over stdio with the settings passed on, and the copy of
//! this binary when the host has none.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use sha2::{Digest, Sha256};
use tokio::process::Command;

use super::destination::Destination;

/// What the remote line prints on stderr when the host has no usable tmux-mcp.
pub const NEEDS_COPY: &str = "tmux-mcp-host: no copy";
pub const UNSUPPORTED: &str = "tmux-mcp-host: unsupported";

/// How long a copy of the binary may take.
const COPY_DEADLINE: Duration = Duration::from_secs(120);

/// This binary, as hosts get it.
pub struct Binary {
    pub path: PathBuf,
    pub sha256: String,
}

impl Binary {
    /// The running executable and its digest (read once, on the first connect).
    pub fn current() -> Result<Binary, String> {
        let path = std::env::current_exe()
            .map_err(|e| format!("cannot find this server's own executable: {e}"))?;
        let bytes =
            std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let sha256 = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        Ok(Binary { path, sha256 })
    }

    /// Where a host keeps its copy: private to the SSH user, named by version and digest.
    fn remote_path(&self) -> String {
        format!(
            "\"${{XDG_CACHE_HOME:-$HOME/.cache}}/tmux-mcp/tmux-mcp-{}-{}\"",
            env!("CARGO_PKG_VERSION"),
            &self.sha256[..16]
        )
    }
}

/// `uname -sm` on a machine this binary runs on.
pub fn platform() -> String {
    let os = match std::env::consts::OS {
        "linux" => "Linux",
        "macos" => "Darwin",
        "freebsd" => "FreeBSD",
        "openbsd" => "OpenBSD",
        other => other,
    };
    let arch = match (std::env::consts::OS, std::env::consts::ARCH) {
        ("macos", "aarch64") => "arm64",
        ("freebsd" | "openbsd", "x86_64") => "amd64",
        (_, arch) => arch,
    };
    format!("{os} {arch}")
}

/// `ssh` with the options every connection takes, before the destination: no prompt (a
/// passphrase or host-key question fails instead of hanging a headless client), a connect
/// timeout, keepalives that notice a dead link in seconds, no forwarding of any kind, no
/// terminal, and no multiplexing master of ours (a `ControlPersist` master would outlive this
/// server and hold `ssh`'s stderr open). Host keys are checked as the user's configuration
/// says; nothing here loosens that.
pub fn ssh(destination: &Destination) -> Command {
    let mut command = Command::new("ssh");
    command.arg("-T");
    for option in [
        "BatchMode=yes",
        "ConnectTimeout=5",
        "ServerAliveInterval=3",
        "ServerAliveCountMax=2",
        "ClearAllForwardings=yes",
        "ForwardAgent=no",
        "ForwardX11=no",
        "PermitLocalCommand=no",
        "ControlMaster=no",
        "RequestTTY=no",
    ] {
        command.args(["-o", option]);
    }
    command.args(destination.ssh_arguments());
    command.kill_on_drop(true);
    command
}

/// Single-quoted for a POSIX shell.
fn quoted(value: &str) -> String {
    format!("'{}'", value.replace('\'', "'\\''"))
}

/// The command the host's shell runs (a POSIX `sh` line, so the user's login shell only starts
/// it): a tmux-mcp of this version on PATH, else this binary's
/// copy when its digest matches, run as `serve` with `settings` in its environment; else
/// a line on stderr saying a copy is wanted (the platform matches) or the host is unsupported.
pub fn serve_line(binary: &Binary, settings: &[(&str, String)]) -> String {
    let version = env!("CARGO_PKG_VERSION");
    let assignments: Vec<String> = settings
        .iter()
        .map(|(name, value)| format!("{name}={}", quoted(value)))
        .collect();
    let line = format!(
        "b={path}; \
         if [ \"$(tmux-mcp --version 2>/dev/null)\" = {want} ]; then set -- tmux-mcp; \
         elif [ -x \"$b\" ] && [ \"$( (sha256sum \"$b\" || shasum -a 256 \"$b\") 2>/dev/null | cut -c1-64)\" = {digest} ]; then set -- \"$b\"; \
         elif [ \"$(uname -sm)\" = {platform} ]; then echo '{NEEDS_COPY}' >&2; exit 3; \
         else echo \"{UNSUPPORTED} $(uname -sm)\" >&2; exit 3; fi; \
         exec env {assignments} \"$1\" serve",
        path = binary.remote_path(),
        want = quoted(&format!("tmux-mcp {version}")),
        digest = quoted(&binary.sha256),
        platform = quoted(&platform()),
        assignments = assignments.join(" "),
    );
    format!("exec sh -c {}", quoted(&line))
}

/// Copies this binary to the host's private path over a second `ssh`: written under a
/// temporary name in a directory only the SSH user can enter, its digest checked there, then
/// moved into place. Waits for `ssh` to exit, never for its stderr to close.
pub async fn copy(destination: &Destination, binary: &Binary) -> Result<(), String> {
    let line = format!(
        "umask 077; b={path}; d=$(dirname \"$b\"); mkdir -p \"$d\" && [ -O \"$d\" ] || exit 4; \
         t=\"$b.$$\"; cat > \"$t\" && chmod 700 \"$t\" && \
         [ \"$( (sha256sum \"$t\" || shasum -a 256 \"$t\") 2>/dev/null | cut -c1-64)\" = {digest} ] && \
         mv -f \"$t\" \"$b\" || {{ rm -f \"$t\"; exit 5; }}",
        path = binary.remote_path(),
        digest = quoted(&binary.sha256),
    );
    let line = format!("exec sh -c {}", quoted(&line));
    let file = std::fs::File::open(&binary.path)
        .map_err(|e| format!("cannot read {}: {e}", binary.path.display()))?;
    let mut command = ssh(destination);
    command
        .arg(line)
        .stdin(Stdio::from(file))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot run ssh: {e}"))?;
    match tokio::time::timeout(COPY_DEADLINE, child.wait()).await {
        Ok(Ok(status)) if status.success() => Ok(()),
        Ok(Ok(status)) => Err(format!(
            "copying tmux-mcp {} to {} failed ({status}); install it there on PATH",
            env!("CARGO_PKG_VERSION"),
            destination.name
        )),
        Ok(Err(e)) => Err(format!("cannot wait for ssh: {e}")),
        Err(_) => Err(format!(
            "copying tmux-mcp to {} took over {} s",
            destination.name,
            COPY_DEADLINE.as_secs()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn quoting_survives_every_quote() {
        let out = std::process::Command::new("sh")
            .args([
                "-c",
                &format!("printf %s {}", quoted("a'b \"$HOME\" `x` \\")),
            ])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), "a'b \"$HOME\" `x` \\");
    }
}
