//! The server run in the test's own process, with no binary: the tool context `tmux-mcp ARGS`
//! builds (`tmux_mcp::cli::tools`) and its MCP server (`tmux_mcp::mcp::Server`) over an
//! in-memory pipe, answering a real client. On a thread and a one-thread runtime of their own,
//! as the binary's are, so a test that blocks its thread while a call is out stalls nothing;
//! ended as the binary ends, when its client closes.

use std::ffi::OsString;

use rmcp::ServiceExt;
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
    /// with this world's environment and `env`, as [`World::client`] starts the binary; a
    /// server `-L NAME` of this world must run.
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
        let (ours, theirs) = tokio::io::duplex(PIPE_BYTES);
        let (started, start) = tokio::sync::oneshot::channel();
        std::thread::spawn(move || {
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
                let wanted = pairs.iter().any(|&(n, v)| n == PROCESS_READER && v == "ps");
                if wanted && Reader::current() != Reader::Ps {
                    let _ = started.send(Err(format!(
                        "{PROCESS_READER}=ps, but this process chose its reader before"
                    )));
                    return;
                }
                let _ = started.send(Ok(()));
                let running =
                    rmcp::service::serve_directly(Server::new(tools.clone()), theirs, None);
                let _ = running.waiting().await;
                // What the binary does as it leaves.
                tools.hosts.stop().await;
                if let Some(audit) = &tools.audit {
                    audit.flush();
                }
                launch.leave().await;
            });
        });
        match start.await {
            Ok(Ok(())) => {}
            Ok(Err(why)) => panic!("the server here did not start: {why}"),
            Err(_) => panic!("the server here ended as it started"),
        }
        ().serve(ours).await.expect("MCP handshake")
    }
}
