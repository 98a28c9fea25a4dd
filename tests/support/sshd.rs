//! Machines for the tests of `LIBTMUX_HOSTS`: Debian's `sshd`, started here on a loopback
//! address of its own (127.X.Y.Z, from the test process's pid; a port a host) with a host key
//! and an authorized key made for the test, each host with its own HOME, tmux socket
//! directory and tmux build; and the client side: a key, a `known_hosts` and an `ssh` on PATH
//! that reads the test's configuration.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU16, Ordering};
use std::time::Duration;

use crate::{TempDir, kill_all_in, wait_until};

use xtask::test::{OLDEST_TMUX, SSHD};

/// The test's client side of SSH.
pub struct Client {
    pub dir: TempDir,
}

impl Client {
    /// A key pair, an empty `known_hosts`, and `bin/ssh` that runs `/usr/bin/ssh -F config`
    /// (OpenSSH reads `~/.ssh` from the password database, not `$HOME`). `extra` goes into the
    /// configuration as written.
    pub fn new(extra: &str) -> Client {
        assert!(
            Path::new(SSHD).exists(),
            "{SSHD} is missing: install Debian's openssh-server (apt-get install openssh-server)"
        );
        let dir = TempDir::new("ssh");
        let d = &dir.path;
        keygen(&d.join("key"));
        keygen(&d.join("stranger"));
        std::fs::write(d.join("known_hosts"), "").unwrap();
        std::fs::write(
            d.join("config"),
            format!(
                "Host *\n  IdentityFile {key}\n  IdentitiesOnly yes\n  UserKnownHostsFile {known}\n  GlobalKnownHostsFile /dev/null\n  LogLevel ERROR\n{extra}\n",
                key = d.join("key").display(),
                known = d.join("known_hosts").display(),
            ),
        )
        .unwrap();
        std::fs::create_dir_all(d.join("bin")).unwrap();
        executable(
            &d.join("bin/ssh"),
            &format!(
                "#!/bin/sh\nexec /usr/bin/ssh -F {} \"$@\"\n",
                d.join("config").display()
            ),
        );
        Client { dir }
    }

    /// PATH for a server that reaches hosts through this client's `ssh`.
    pub fn path(&self) -> String {
        format!(
            "{}:{}",
            self.dir.path.join("bin").display(),
            std::env::var("PATH").unwrap_or_default()
        )
    }

    pub fn public_key(&self) -> String {
        std::fs::read_to_string(self.dir.path.join("key.pub")).unwrap()
    }

    /// Makes `host`'s key known (as `ssh` once by hand, answering yes, would).
    pub fn trust(&self, host: &Host) {
        let key = std::fs::read_to_string(host.dir.path.join("host_key.pub")).unwrap();
        let mut fields = key.split_whitespace();
        let line = format!(
            "[{}]:{} {} {}\n",
            host.address,
            host.port,
            fields.next().unwrap(),
            fields.next().unwrap()
        );
        let known = self.dir.path.join("known_hosts");
        let mut all = std::fs::read_to_string(&known).unwrap();
        all.push_str(&line);
        std::fs::write(known, all).unwrap();
    }
}

/// One machine: an `sshd` on 127.X.Y.Z:N whose sessions run with the host's own HOME, PATH (its
/// `bin` folder, then its tmux) and tmux socket directory, a greeting on stdout before the
/// command runs (as login scripts print), and an audit log (`audit.log` in its folder) for
/// the tmux-mcp they run, so tests see what ran there.
pub struct Host {
    pub dir: TempDir,
    pub address: String,
    pub port: u16,
    /// The folder of this host's `tmux`.
    pub tmux_bin: PathBuf,
    sshd: Option<Child>,
}

impl Host {
    /// A host whose `authorized_keys` holds `key`, running `tmux` from `tmux_bin`.
    pub fn start(key: &str, tmux_bin: &Path) -> Host {
        static NEXT: AtomicU16 = AtomicU16::new(0);
        // An address of this process's own (its pid in the three low bytes of one of
        // loopback's), a port per host: tests run as processes of their own, and the
        // matrix's runs at once, so no other process listens there.
        let pid = std::process::id();
        let address = format!(
            "127.{}.{}.{}",
            (pid >> 16) & 255,
            (pid >> 8) & 255,
            pid & 255
        );
        let port = 20000 + NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = TempDir::new("host");
        let d = &dir.path;
        for sub in ["home", "tmux", "bin"] {
            std::fs::create_dir_all(d.join(sub)).unwrap();
        }
        keygen(&d.join("host_key"));
        std::fs::write(d.join("authorized_keys"), key).unwrap();
        executable(
            &d.join("enter"),
            &format!(
                "#!/bin/sh\nexport HOME={home} PATH={d}/bin:{bin}:/usr/bin:/bin TMUX_TMPDIR={tmux} LIBTMUX_AUDIT_LOG={d}/audit.log\nunset TMUX TMUX_PANE\necho 'Welcome! (a login script printing, as many do)'\nexec /bin/sh -c \"$SSH_ORIGINAL_COMMAND\"\n",
                d = d.display(),
                home = d.join("home").display(),
                bin = tmux_bin.display(),
                tmux = d.join("tmux").display(),
            ),
        );
        std::fs::write(
            d.join("sshd_config"),
            format!(
                "ListenAddress {address}:{port}\nHostKey {d}/host_key\nPidFile {d}/sshd.pid\n\
                 AuthorizedKeysFile {d}/authorized_keys\nPasswordAuthentication no\n\
                 KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n\
                 StrictModes no\nUsePAM no\nForceCommand {d}/enter\nAllowTcpForwarding no\n\
                 X11Forwarding no\nLogLevel ERROR\n",
                d = d.display()
            ),
        )
        .unwrap();
        // sshd started as root wants its privilege separation directory.
        let _ = std::fs::create_dir_all("/run/sshd");
        let mut host = Host {
            dir,
            address,
            port,
            tmux_bin: tmux_bin.to_owned(),
            sshd: None,
        };
        host.restart();
        host
    }

    /// The destination as `LIBTMUX_HOSTS` names it.
    pub fn name(&self) -> String {
        format!("root@{}:{}", self.address, self.port)
    }

    /// Starts `sshd` again (after [`Host::stop`]) and waits until it takes connections.
    pub fn restart(&mut self) {
        let d = &self.dir.path;
        let child = Command::new(SSHD)
            .args(["-D", "-f"])
            .arg(d.join("sshd_config"))
            .arg("-E")
            .arg(d.join("sshd.log"))
            .stdin(Stdio::null())
            .spawn()
            .expect("start sshd");
        self.sshd = Some(child);
        let address = format!("{}:{}", self.address, self.port);
        let up = wait_until(Duration::from_secs(10), || {
            std::net::TcpStream::connect(&address).is_ok()
        });
        assert!(up, "sshd on {address} never listened: {}", self.log());
    }

    /// Stops `sshd` and every session it runs, as a machine that goes away: connections end.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.sshd.take() {
            let _ = Command::new("pkill")
                .args(["-KILL", "-P", &child.id().to_string()])
                .status();
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// `tmux -L name ARGS` on this host (its tmux, its socket directory).
    pub fn tmux(&self, name: &str, args: &[&str]) -> String {
        let out = Command::new(self.tmux_bin.join("tmux"))
            .env_clear()
            .env("PATH", format!("{}:/usr/bin:/bin", self.tmux_bin.display()))
            .env("HOME", self.dir.path.join("home"))
            .env("TMUX_TMPDIR", self.dir.path.join("tmux"))
            .args(["-u", "-L", name])
            .args(args)
            .output()
            .expect("run the host's tmux");
        assert!(
            out.status.success(),
            "tmux {args:?} on {}: {}",
            self.address,
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Starts a tmux server `name` on this host with session `main` running `sh`.
    pub fn start_tmux(&self, name: &str) {
        self.tmux(
            name,
            &[
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-s",
                "main",
                "-x",
                "80",
                "-y",
                "24",
                "sh",
            ],
        );
    }

    /// Puts `path` on this host's PATH as `name` (first, before the system's).
    pub fn install(&self, name: &str, path: &Path) {
        std::os::unix::fs::symlink(path, self.dir.path.join("bin").join(name)).unwrap();
    }

    /// Makes `uname` on this host say `what`.
    pub fn pretend_to_run(&self, what: &str) {
        executable(
            &self.dir.path.join("bin/uname"),
            &format!(
                "#!/bin/sh
echo '{what}'
"
            ),
        );
    }

    /// The audit log of the tmux-mcp this host ran.
    pub fn audit(&self) -> String {
        std::fs::read_to_string(self.dir.path.join("audit.log")).unwrap_or_default()
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path.join("sshd.log")).unwrap_or_default()
    }
}

impl Drop for Host {
    /// Stops `sshd`, then kills what its sessions started (their tmux servers and clients
    /// included, each with the host's TMUX_TMPDIR) before the folder goes, so that none writes
    /// into it meanwhile.
    fn drop(&mut self) {
        self.stop();
        kill_all_in(&self.dir.path.join("tmux"), "");
    }
}

fn keygen(path: &Path) {
    let ok = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(path)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "ssh-keygen failed");
}

fn executable(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// The folder of the oldest tmux of the matrix (`cargo xtask test --matrix` sets it), else
/// of the `tmux` on PATH; and of the `tmux` on PATH (the newest, in a matrix run).
pub fn tmux_builds() -> (PathBuf, PathBuf) {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .find(|d| d.join("tmux").is_file())
        .expect("tmux on PATH");
    let oldest = std::env::var_os(OLDEST_TMUX)
        .map(PathBuf::from)
        .unwrap_or_else(|| on_path.clone());
    (oldest, on_path)
}
