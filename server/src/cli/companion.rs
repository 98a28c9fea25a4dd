//! The companion command, `tmux-agent-mcp`: `setup` runs here, so that its JSON and TOML
//! writers stay out of the server's binary; anything else runs the `tmux-mcp` beside it.

use std::ffi::OsString;
use std::process::ExitCode;

use super::args::{Cli, Command, Setup};
use super::startup::Startup;
use crate::environment::Environment;
use crate::say::{fail, say};
use crate::setup::hooks::Hooks;
use crate::setup::{Client, Entry, Via, Written};
use crate::socket::SocketFlags;

/// The second command, installed beside `tmux-mcp` by every package under the package's name
/// (what `uvx tmux-agent-mcp` runs).
pub(super) const COMPANION: &str = "tmux-agent-mcp";

/// `tmux-agent-mcp`: runs `setup` itself, and has the `tmux-mcp` beside it run anything else.
pub fn companion_main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let Ok(Cli {
        flags,
        command: Command::Setup(options),
    }) = Cli::parse(&args)
    else {
        return exec_beside(crate::NAME, &args);
    };
    // The settings the entry will carry, checked as the server would take them.
    let startup = match Startup::new(&flags, &Environment::from_process()) {
        Ok(startup) => startup,
        Err(e) => return fail(&e.to_string()),
    };
    if options.hooks {
        return hooks(&startup.agent_option, &options);
    }
    setup(&flags, &options)
}

/// Replaces this process with `program` from this binary's folder, given `args`.
pub(super) fn exec_beside(program: &str, args: &[OsString]) -> ExitCode {
    use std::os::unix::process::CommandExt;
    let beside = std::env::current_exe().map(|exe| exe.with_file_name(program));
    let path = match beside {
        Ok(path) if path.is_file() => path,
        _ => {
            return fail(&format!(
                "{program} is not installed beside this command; install the package again \
                 (uvx tmux-agent-mcp, npx -y tmux-agent-mcp or cargo install tmux-agent-mcp)"
            ));
        }
    };
    let failed = std::process::Command::new(&path).args(args).exec();
    fail(&format!("cannot start {}: {failed}", path.display()))
}

/// `setup CLIENT`: the entry on stdout, or added to the client's file.
fn setup(flags: &SocketFlags, options: &Setup) -> ExitCode {
    let var = |name: &str| std::env::var(name).ok();
    let via = options.via.unwrap_or_else(Via::of_this_process);
    let name = options.name.as_deref().unwrap_or("tmux");
    let mut entry = Entry::new(options.client, name, via, flags, var);
    if via == Via::Installed {
        entry.command = crate::setup::installed_command().unwrap_or(entry.command);
    }
    let file = match &options.config {
        Some(file) => file.clone(),
        None => match options.client.config_file(var) {
            Ok(file) => file,
            Err(e) => return fail(&e),
        },
    };
    if !options.write {
        print!("{}", entry.text());
        match options.client {
            Client::Claude => say(&format!(
                "run that line, or add `--write` and tmux-mcp adds the server to {}",
                file.display()
            )),
            _ => say(&format!(
                "that goes in {}; add `--write` and tmux-mcp adds it there",
                file.display()
            )),
        }
        return ExitCode::SUCCESS;
    }
    match entry.write(&file) {
        Ok(Written::Added) => println!("added the server {name:?} to {}", file.display()),
        Ok(Written::Unchanged) => println!(
            "{} already has this server {name:?}; nothing changed",
            file.display()
        ),
        Err(e) => return fail(&e),
    }
    ExitCode::SUCCESS
}

/// `setup AGENT --hooks`: the hook lines on stdout, or added to the agent's settings.
fn hooks(option: &str, options: &Setup) -> ExitCode {
    let var = |name: &str| std::env::var(name).ok();
    let hooks = match Hooks::new(options.client, option) {
        Ok(hooks) => hooks,
        Err(e) => return fail(&e),
    };
    let file = match options.config.clone().map_or_else(|| hooks.file(var), Ok) {
        Ok(file) => file,
        Err(e) => return fail(&e),
    };
    let codex = options.client == Client::Codex;
    if !options.write {
        print!("{}", hooks.text());
        let place = if codex {
            format!(
                "the [features] lines go in {}, the hooks in {}",
                file.with_file_name("config.toml").display(),
                file.display()
            )
        } else {
            format!("those go in {}", file.display())
        };
        say(&format!(
            "{place}; add `--write` and tmux-mcp adds them there"
        ));
        return ExitCode::SUCCESS;
    }
    match hooks.write(&file) {
        Ok(Written::Added) => {
            println!("added the hooks that report {option} to {}", file.display());
            if codex {
                say(
                    "Codex asks at its next start whether to trust the new hooks: choose Trust all and continue",
                );
            }
        }
        Ok(Written::Unchanged) => println!(
            "{} already has the hooks that report {option}; nothing changed",
            file.display()
        ),
        Err(e) => return fail(&e),
    }
    ExitCode::SUCCESS
}
