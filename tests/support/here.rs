//! The server run in the test's own process, with no binary: the tool context `tmux-mcp ARGS`
//! builds (`tmux_mcp::cli::tools`) and its MCP server (`tmux_mcp::mcp::Server`) over an
//! in-memory pipe, answering a real client. On a thread and a one-thread runtime of their own,
//! as the binary's are, so a test that blocks its thread while a call is out stalls nothing;
//! ended as the binary ends, when its client closes, or by its world before its tmux goes.

use std::ffi::OsString;

use rmcp::ServiceExt;
use rmcp::service::RunningServiceCancellationToken;
use tmux::process::Reader;
use tmux_mcp::environment::Environment;
use tmux_mcp::mcp::Server;

use crate::*;

/// What the pipe between the client and the server holds before a writer waits: a reply at the
/// batch's 1,000,000-byte bound in one piece, as a pipe drained by its reader would take it.
const PIPE_BYTES: usize = 2 << 20;

/// The variables of [`World::base_env`], by name.
const BASE: [&str; 4] = ["PATH", "HOME", "TMUX_TMPDIR", "TMPDIR"];

impl World {
    /// A client of a server run in this process (see the module), started as `tmux-mcp ARGS`
    /// with this world's environment and `env`, as [`World::client`] starts the binary. ARGS
    /// name a server of this world with `-L` or `-S`: a server found any other way (a variable,
    /// the dedicated daemon) would be looked for under this process's TMUX_TMPDIR, not the
    /// world's.
    pub async fn client_here(&self, args: &[&str], env: &[(&'static str, &str)]) -> Client {
        let base = self.base_env();
        let mut vars: Vec<(&'static str, String)> = BASE
            .iter()
            .filter_map(|name| {
                let (_, value) = base.iter().find(|(n, _)| n == name)?;
                Some((*name, value.clone()))
            })
            .collect();
        vars.extend(env.iter().map(|(name, value)| (*name, (*value).to_owned())));
        // What the server starts inherits this process's environment, not the world's: a tmux
        // named by `-L` would be looked for under another TMUX_TMPDIR, so it is named by path.
        let mut args: Vec<OsString> = args.iter().map(OsString::from).collect();
        for i in 0..args.len().saturating_sub(1) {
            if args[i] == "-L" {
                let name = args[i + 1].to_string_lossy().into_owned();
                let path = self
                    .socket_path(&name)
                    .unwrap_or_else(|| panic!("no tmux server {name} runs in this world"));
                (args[i], args[i + 1]) = ("-S".into(), path.into());
            }
        }
        assert!(
            args.iter().any(|a| a == "-S")
                && !vars.iter().any(|(n, _)| n.starts_with("LIBTMUX_SOCKET")),
            "a server here names its tmux with -L or -S: {args:?}"
        );
        let reader = match vars.iter().find(|(n, _)| *n == PROCESS_READER) {
            Some((_, v)) if v == "ps" => Reader::Ps,
            Some((_, v)) if v == "proc" => Reader::Proc,
            _ => Reader::NATIVE,
        };
        let (ours, theirs) = tokio::io::duplex(PIPE_BYTES);
        let (started, start) = tokio::sync::oneshot::channel();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime for the server");
            runtime.block_on(async move {
                let pairs: Vec<(&'static str, &str)> =
                    vars.iter().map(|(n, v)| (*n, v.as_str())).collect();
                let (tools, launch) =
                    match tmux_mcp::cli::tools(&args, &Environment::from_pairs(&pairs)).await {
                        Ok(built) => built,
                        Err(e) => {
                            let _ = started.send(Err(e.to_string()));
                            return;
                        }
                    };
                // The reader is the process's, chosen once: a test that read processes before
                // its server chose would test the other reader without knowing.
                if Reader::current() != reader {
                    let _ = started.send(Err(format!(
                        "it reads processes with {:?}, not {reader:?}: this process chose before",
                        Reader::current()
                    )));
                    return;
                }
                let running =
                    rmcp::service::serve_directly(Server::new(tools.clone()), theirs, None);
                let _ = started.send(Ok(running.cancellation_token()));
                let _ = running.waiting().await;
                // What the binary does as it leaves.
                tools.hosts.stop().await;
                if let Some(audit) = &tools.audit {
                    audit.flush();
                }
                launch.leave().await;
            });
        });
        let stop = match start.await {
            Ok(Ok(stop)) => stop,
            Ok(Err(why)) => panic!("the server here did not start: {why}"),
            Err(_) => panic!("the server here ended as it started"),
        };
        self.here
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(Here { stop, thread });
        ().serve(ours).await.expect("MCP handshake")
    }
}

/// A server run here for a world, which ends it first when it goes.
pub(crate) struct Here {
    stop: RunningServiceCancellationToken,
    thread: std::thread::JoinHandle<()>,
}

impl Here {
    /// Stops the server and waits, a while, for it to leave as the binary leaves.
    pub(crate) fn end(self) {
        self.stop.cancel();
        if wait_until(std::time::Duration::from_secs(10), || {
            self.thread.is_finished()
        }) {
            let _ = self.thread.join();
        }
    }
}
