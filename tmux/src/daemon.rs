//! Provenance of the tmux server behind the socket, and the dedicated daemon's life cycle.
//!
//! With no socket chosen the launcher uses its own daemon on socket name `libtmux-mcp`. When it
//! is absent the launch starts it with the minimal configuration shipped in the binary plus a
//! per-launch nonce in a user option, and reads the nonce back: only a match proves this launch
//! created the daemon with that configuration, which is what turns the teardown toolset on by
//! default. Servers sharing the daemon hold a shared lock on a lease file beside the socket; the
//! last one to leave stops a daemon that a launch created.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use crate::socket::Socket;
use crate::version::{Found, TooOld};
use crate::{COMMAND_DEADLINE, Command, Script, Tmux, TmuxError, TmuxErrorKind, Verb};

/// The user option holding the launch nonce.
const NONCE_OPTION: &str = "@libtmux_mcp_launch_nonce";
const MINIMAL_CONF: &str = include_str!("minimal.conf");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServerState {
    /// This launch started it.
    Created,
    /// It was already running.
    Existing,
    /// Nothing answers on the socket (yet).
    Absent,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Configuration {
    /// The minimal configuration, verified by the nonce.
    Minimal,
    /// LIBTMUX_TMUX_CONFIG.
    UserConfigured,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Provenance {
    pub dedicated: bool,
    pub server: ServerState,
    pub configuration: Configuration,
}

impl Provenance {
    /// Only a dedicated daemon this launch created with the verified minimal configuration.
    pub fn fresh_daemon(&self) -> bool {
        self.dedicated
            && self.server == ServerState::Created
            && self.configuration == Configuration::Minimal
    }

    pub fn selection_text(&self) -> &'static str {
        if self.dedicated {
            "default-dedicated"
        } else {
            "operator-selected"
        }
    }

    pub fn server_text(&self) -> &'static str {
        match self.server {
            ServerState::Created => "created",
            ServerState::Existing => "existing",
            ServerState::Absent => "absent",
        }
    }

    pub fn configuration_text(&self) -> &'static str {
        match self.configuration {
            Configuration::Minimal => "minimal",
            Configuration::UserConfigured => "user-configured",
            Configuration::Unknown => "unknown",
        }
    }

    /// One phrase for log lines.
    pub fn describe(&self) -> String {
        let who = if self.dedicated {
            "dedicated daemon"
        } else {
            "operator-selected server"
        };
        let state = match self.server {
            ServerState::Created => "created by this launch",
            ServerState::Existing => "already running",
            ServerState::Absent => "not running yet",
        };
        format!(
            "{who}, {state}, {} configuration",
            self.configuration_text()
        )
    }
}

/// What a server started now would find, without starting or changing anything; `tmux` is
/// on `socket` (and learns its server's version, if one runs).
pub async fn predict(tmux: &Tmux, socket: &Socket) -> Provenance {
    let alive = tmux.version().await.is_some();
    let configuration = if socket.config.is_some() {
        Configuration::UserConfigured
    } else {
        Configuration::Unknown
    };
    match (socket.dedicated(), alive) {
        (_, true) => Provenance {
            dedicated: socket.dedicated(),
            server: ServerState::Existing,
            configuration: Configuration::Unknown,
        },
        (true, false) => Provenance {
            dedicated: true,
            server: ServerState::Created,
            configuration: if socket.config.is_some() {
                Configuration::UserConfigured
            } else {
                Configuration::Minimal
            },
        },
        (false, false) => Provenance {
            dedicated: false,
            server: ServerState::Absent,
            configuration,
        },
    }
}

/// A server's hold on its socket: the tmux connection, and for the dedicated daemon the lease
/// and the configuration file it was started with.
pub struct Launch {
    pub provenance: Provenance,
    pub tmux: Tmux,
    /// The tmux it drives.
    pub found: Found,
    lease: Option<Lease>,
    conf: Option<PathBuf>,
}

struct Lease {
    file: File,
}

/// Why a launch could not join or start the socket's server (a configuration file written
/// for it is removed; the socket directory and the lease file stay for the next).
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    #[error(transparent)]
    TooOld(TooOld),
    /// The socket path names no directory.
    #[error("socket path {} has no directory", .0.display())]
    NoDirectory(PathBuf),
    /// The socket directory cannot be made.
    #[error("cannot create the socket directory {}", .0.display())]
    Directory(PathBuf, #[source] std::io::Error),
    /// The lease file beside the socket cannot be opened.
    #[error("cannot open the lease file {}", .0.display())]
    LeaseOpen(PathBuf, #[source] std::io::Error),
    /// The lease file cannot be locked.
    #[error("cannot lock the lease file {}", .0.display())]
    LeaseLock(PathBuf, #[source] std::io::Error),
    /// The minimal configuration cannot be written.
    #[error("cannot write the daemon configuration {}", .0.display())]
    Configuration(PathBuf, #[source] std::io::Error),
    /// tmux did not start the daemon.
    #[error("cannot start the dedicated tmux daemon on {}", .0.display())]
    Start(PathBuf, #[source] TmuxError),
}

impl Launch {
    /// Joins the socket's server, starting the dedicated daemon when it is absent. A tmux
    /// older than [`crate::version::FLOOR`] stops it, before any daemon is started.
    pub async fn start(socket: &Socket) -> Result<Launch, LaunchError> {
        let probe = Tmux::new(socket.global_args(None));
        let provenance = predict(&probe, socket).await;
        let found = probe.found().await;
        if let Some(old) = found.below_floor() {
            return Err(LaunchError::TooOld(old));
        }
        if !socket.dedicated() {
            return Ok(Launch {
                provenance,
                tmux: probe,
                found,
                lease: None,
                conf: None,
            });
        }
        let lease = Lease::take(&socket.path)?;
        // Asked again under the lease, not from what the probe learned before: another launch
        // may have started the daemon meanwhile, or (the last to leave) killed it.
        if alive(&probe).await {
            let provenance = Provenance {
                dedicated: true,
                server: ServerState::Existing,
                configuration: Configuration::Unknown,
            };
            return Ok(Launch {
                provenance,
                found: probe.found().await,
                tmux: probe,
                lease: Some(lease),
                conf: None,
            });
        }
        let nonce = crate::nonce::nonce();
        let start = Script::from(Command::new(Verb::StartServer));
        let (conf, configuration, start): (PathBuf, Configuration, Script) = match &socket.config {
            Some(user) => (
                user.clone(),
                Configuration::UserConfigured,
                // The user's configuration may let an empty server exit; the daemon must stay.
                start
                    .then(global_option("exit-empty", "off"))
                    .then(global_option(NONCE_OPTION, &nonce)),
            ),
            None => (write_minimal_conf(&nonce)?, Configuration::Minimal, start),
        };
        let tmux = Tmux::new(socket.global_args(Some(&conf)));
        let owned_conf = (configuration == Configuration::Minimal).then(|| conf.clone());
        if let Err(e) = tmux.run_for(start, COMMAND_DEADLINE).await {
            if let Some(c) = &owned_conf {
                let _ = fs::remove_file(c);
            }
            return Err(LaunchError::Start(socket.path.clone(), e));
        }
        let read_back = tmux
            .run_for(read_nonce(), COMMAND_DEADLINE)
            .await
            .unwrap_or_default();
        let provenance = if read_back.trim() == nonce {
            Provenance {
                dedicated: true,
                server: ServerState::Created,
                configuration,
            }
        } else {
            // Another launch won the race to start it.
            Provenance {
                dedicated: true,
                server: ServerState::Existing,
                configuration: Configuration::Unknown,
            }
        };
        Ok(Launch {
            provenance,
            found: tmux.found().await,
            tmux,
            lease: Some(lease),
            conf: owned_conf,
        })
    }

    /// Leaves the socket: the last server on a launch-created dedicated daemon stops it, holding
    /// the lease exclusively until the daemon is gone, so a server starting meanwhile waits and
    /// then starts a daemon of its own instead of joining one about to be killed.
    pub async fn leave(self) {
        if let Some(lease) = self.lease
            && let Some(_last) = lease.last_holder()
        {
            let created = self
                .tmux
                .run_for(read_nonce(), COMMAND_DEADLINE)
                .await
                .unwrap_or_default();
            if !created.trim().is_empty() {
                let _ = self
                    .tmux
                    .run_for(Command::new(Verb::KillServer), COMMAND_DEADLINE)
                    .await;
                gone(&self.tmux).await;
            }
        }
        if let Some(conf) = self.conf {
            let _ = fs::remove_file(conf);
        }
    }
}

/// `set-option -g name value`, for this module's own names and values (no NUL, the one
/// thing an argument may not hold).
fn global_option(name: &str, value: &str) -> Command {
    Command::new(Verb::SetOption)
        .flag("-g")
        .args([name, value])
        .expect("an option name and value of this module")
}

/// Prints this launch's nonce, when the daemon holds one.
fn read_nonce() -> Command {
    Command::new(Verb::ShowOptions)
        .flag("-gqv")
        .flag(NONCE_OPTION)
}

impl Lease {
    fn take(socket: &Path) -> Result<Lease, LaunchError> {
        let dir = socket
            .parent()
            .ok_or_else(|| LaunchError::NoDirectory(socket.to_owned()))?;
        if !dir.is_dir() {
            // tmux requires its socket directory to be private to the user.
            fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(dir)
                .map_err(|e| LaunchError::Directory(dir.to_owned(), e))?;
        }
        let mut name = socket.file_name().unwrap_or_default().to_owned();
        name.push(".lease");
        let path = dir.join(name);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .mode(0o600)
            .open(&path)
            .map_err(|e| LaunchError::LeaseOpen(path.clone(), e))?;
        file.lock_shared()
            .map_err(|e| LaunchError::LeaseLock(path.clone(), e))?;
        Ok(Lease { file })
    }

    /// Gives up the shared hold; when no other server holds one, the lease file held
    /// exclusively (released when it is dropped).
    fn last_holder(self) -> Option<File> {
        let _ = self.file.unlock();
        self.file.try_lock().is_ok().then_some(self.file)
    }
}

/// Asked in a subprocess: a probe must not attach a client to someone's server.
async fn alive(tmux: &Tmux) -> bool {
    match tmux
        .run_for(
            Command::new(Verb::DisplayMessage).flag("-p").flag("#{pid}"),
            COMMAND_DEADLINE,
        )
        .await
    {
        Ok(_) => true,
        Err(e) => e.kind != TmuxErrorKind::ServerGone,
    }
}

/// Waits (within a deadline) until nothing answers on the socket: tmux's `kill-server` returns
/// before the server has exited.
async fn gone(tmux: &Tmux) {
    let deadline = tokio::time::Instant::now() + COMMAND_DEADLINE;
    while alive(tmux).await && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

/// The minimal configuration plus this launch's nonce, in a private temporary file.
fn write_minimal_conf(nonce: &str) -> Result<PathBuf, LaunchError> {
    let path = std::env::temp_dir().join(format!("libtmux-mcp-{nonce}.conf"));
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .map_err(|e| LaunchError::Configuration(path.clone(), e))?;
    let text = format!("{MINIMAL_CONF}set -g {NONCE_OPTION} \"{nonce}\"\n");
    if let Err(e) = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
    {
        drop(file);
        let _ = fs::remove_file(&path);
        return Err(LaunchError::Configuration(path, e));
    }
    Ok(path)
}
