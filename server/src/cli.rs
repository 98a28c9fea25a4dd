//! The `tmux-mcp` command line: serve MCP over stdio (the default), or for people `tools` and
//! `check`. Every command that needs the environment goes through `Startup` (`cli/startup.rs`), so
//! `tools` and `check` report exactly what `serve` would do.

mod args;
mod companion;
mod report;
mod serve;
mod startup;

use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::Arc;

use tmux::daemon::Launch;

use crate::environment::Environment;
use crate::handlers::Tools;
use crate::say::{fail, fail_because};
use args::{Cli, Command, usage};
use companion::{COMPANION, exec_beside};
use startup::Startup;

pub use serve::ServeError;

pub use companion::companion_main;

pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    // tmux's pipe-pane runs this binary as a followed pane's hub: no MCP, no settings.
    if args.first().is_some_and(|a| a == "pipe-hub") {
        return tmux::pipe::hub::main(&args[1..]);
    }
    let cli = match Cli::parse(&args) {
        Ok(cli) => cli,
        Err(e) => return fail(&format!("{e}; try `tmux-mcp --help`")),
    };
    match cli.command {
        Command::Help => {
            print!("{}", usage());
            ExitCode::SUCCESS
        }
        Command::Version => {
            println!("tmux-mcp {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        // The companion edits clients' files: its JSON and TOML parsers stay out of the
        // server's binary, whose size is most of its resident memory.
        Command::Setup(_) => exec_beside(COMPANION, &args),
        command => {
            let startup = match Startup::new(&cli.flags, &Environment::from_process()) {
                Ok(s) => s,
                Err(e) => return fail(&e.to_string()),
            };
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => return fail_because(&ServeError::Runtime(e)),
            };
            match command {
                Command::Tools { json } => runtime.block_on(report::tools(&startup, json)),
                Command::Check => runtime.block_on(report::check(&startup)),
                Command::Serve { http } => runtime.block_on(serve::serve(startup, http)),
                Command::Help | Command::Version | Command::Setup(_) => {
                    unreachable!("answered above")
                }
            }
        }
    }
}

/// The tool context `tmux-mcp ARGS` would serve with under `vars`, with no transport: what the
/// in-process tests drive through the call pipeline. Leave the `Launch` with `leave`.
pub async fn tools(
    args: &[OsString],
    vars: &Environment,
) -> Result<(Arc<Tools>, Launch), ServeError> {
    let cli = Cli::parse(args).map_err(|e| ServeError::Setting(e.into()))?;
    let startup = Startup::new(&cli.flags, vars).map_err(ServeError::Setting)?;
    tmux::process::Reader::choose(startup.process_reader);
    let audit = serve::audit_log(&startup)?;
    serve::compose(startup, audit, None).await
}
