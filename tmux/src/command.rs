//! Commands as values. A [`Command`] is a [`Verb`] (one of the commands this client sends)
//! and its arguments in order; a [`Script`] is several commands tmux runs in turn, stopping at
//! the first that fails. Values are checked as they are added: tmux can carry no NUL byte, so
//! a command holding one cannot be built.
//!
//! [`Verb`]'s table is the one place that says what each command is: whether the persistent
//! control client may carry it, and whether it only reads.

use crate::{TmuxError, TmuxErrorKind};

/// How a command reaches tmux.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    /// The persistent control client may carry it: it does not block, and what it prints is
    /// tmux metadata, never terminal content (which could imitate the client's protocol).
    Channel,
    /// A `tmux` subprocess runs it.
    Subprocess,
}

/// What a command does to tmux.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    /// Only reads: it may run after one before it failed, so such commands are pipelined.
    Reads,
    Changes,
}

macro_rules! verbs {
    ($($verb:ident $name:literal $route:ident $access:ident,)*) => {
        /// A tmux command this client sends.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Verb { $($verb),* }

        impl Verb {
            /// Every verb, in the table's order.
            pub const ALL: &[Verb] = &[$(Verb::$verb),*];

            /// The command's name, as tmux spells it.
            pub fn name(self) -> &'static str {
                match self { $(Verb::$verb => $name),* }
            }

            fn route(self) -> Route {
                match self { $(Verb::$verb => Route::$route),* }
            }

            fn access(self) -> Access {
                match self { $(Verb::$verb => Access::$access),* }
            }
        }
    };
}

verbs! {
    CapturePane "capture-pane" Subprocess Reads,
    ClearHistory "clear-history" Channel Changes,
    DeleteBuffer "delete-buffer" Channel Changes,
    DisplayMessage "display-message" Channel Reads,
    HasSession "has-session" Channel Reads,
    KillPane "kill-pane" Channel Changes,
    KillServer "kill-server" Subprocess Changes,
    KillSession "kill-session" Channel Changes,
    KillWindow "kill-window" Channel Changes,
    ListClients "list-clients" Channel Reads,
    ListPanes "list-panes" Channel Reads,
    ListSessions "list-sessions" Channel Reads,
    ListWindows "list-windows" Channel Reads,
    MoveWindow "move-window" Channel Changes,
    NewSession "new-session" Channel Changes,
    NewWindow "new-window" Channel Changes,
    PasteBuffer "paste-buffer" Channel Changes,
    RenameSession "rename-session" Channel Changes,
    RenameWindow "rename-window" Channel Changes,
    ResizePane "resize-pane" Channel Changes,
    ResizeWindow "resize-window" Channel Changes,
    RespawnPane "respawn-pane" Channel Changes,
    SelectLayout "select-layout" Channel Changes,
    SelectPane "select-pane" Channel Changes,
    SelectWindow "select-window" Channel Changes,
    SendKeys "send-keys" Channel Changes,
    SetBuffer "set-buffer" Channel Changes,
    SetOption "set-option" Channel Changes,
    ShowBuffer "show-buffer" Subprocess Reads,
    ShowEnvironment "show-environment" Channel Reads,
    ShowHooks "show-hooks" Channel Reads,
    ShowOptions "show-options" Channel Reads,
    SplitWindow "split-window" Channel Changes,
    StartServer "start-server" Subprocess Changes,
    SwapPane "swap-pane" Channel Changes,
    WaitFor "wait-for" Subprocess Changes,
}

/// One tmux command: a verb and its arguments (flags, targets, values), in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    verb: Verb,
    args: Vec<String>,
}

impl Command {
    pub fn new(verb: Verb) -> Command {
        Command {
            verb,
            args: Vec::new(),
        }
    }

    /// A flag (`-p`, `-dP`) or another fixed word of this program's (a format it wrote): never
    /// a caller's text, so there is nothing to check.
    pub fn flag(mut self, flag: &'static str) -> Command {
        self.args.push(flag.to_owned());
        self
    }

    /// `-t target`.
    pub fn target(self, target: &str) -> Result<Command, TmuxError> {
        self.flag("-t").arg(target)
    }

    /// A value: a flag's argument, a format, a name, text.
    pub fn arg(mut self, value: impl Into<String>) -> Result<Command, TmuxError> {
        let value = value.into();
        if value.contains('\0') {
            return Err(TmuxError::new(
                TmuxErrorKind::Invalid,
                format!(
                    "{}: a value holds a NUL byte ({} bytes); tmux cannot take it",
                    self.verb.name(),
                    value.len()
                ),
            ));
        }
        self.args.push(value);
        Ok(self)
    }

    /// Several values in order.
    pub fn args<S: Into<String>>(
        self,
        values: impl IntoIterator<Item = S>,
    ) -> Result<Command, TmuxError> {
        values.into_iter().try_fold(self, Command::arg)
    }

    /// A script of this command followed by `next`.
    pub fn then(self, next: Command) -> Script {
        Script::from(self).then(next)
    }

    pub fn verb(&self) -> Verb {
        self.verb
    }

    /// The arguments after the command's name.
    pub fn arguments(&self) -> &[String] {
        &self.args
    }
}

/// Commands tmux runs in turn, stopping at the first that fails; their outputs are joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    commands: Vec<Command>,
}

impl From<Command> for Script {
    fn from(command: Command) -> Script {
        Script {
            commands: vec![command],
        }
    }
}

impl Script {
    pub fn then(mut self, next: Command) -> Script {
        self.commands.push(next);
        self
    }

    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// The first command's name, for messages.
    pub(crate) fn name(&self) -> &'static str {
        self.commands.first().map_or("tmux", |c| c.verb.name())
    }

    /// Whether the control client may carry every command.
    pub(crate) fn carried(&self) -> bool {
        self.commands
            .iter()
            .all(|c| c.verb.route() == Route::Channel)
    }

    /// Whether every command only reads, so all may be written at once.
    pub(crate) fn reads_only(&self) -> bool {
        self.commands
            .iter()
            .all(|c| c.verb.access() == Access::Reads)
    }

    /// The argv a `tmux` subprocess receives: `;` between commands, and a value ending in `;`
    /// with a backslash before it, which tmux removes (otherwise tmux would cut the `;` off
    /// and end the command there).
    pub(crate) fn argv(&self) -> Vec<String> {
        let mut argv = Vec::new();
        for (i, command) in self.commands.iter().enumerate() {
            if i > 0 {
                argv.push(";".to_owned());
            }
            argv.push(command.verb.name().to_owned());
            argv.extend(command.args.iter().map(|a| match a.strip_suffix(';') {
                Some(head) => format!("{head}\\;"),
                None => a.clone(),
            }));
        }
        argv
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_cannot_be_built_into_a_command() {
        let e = Command::new(Verb::SetBuffer).arg("a\0b").unwrap_err();
        assert_eq!(e.kind, TmuxErrorKind::Invalid);
        assert!(
            e.message
                .starts_with("set-buffer: a value holds a NUL byte")
        );
        assert!(Command::new(Verb::SendKeys).args(["a", "\0"]).is_err());
    }

    #[test]
    fn subprocess_argv_separates_commands_and_keeps_trailing_semicolons() {
        let script = Command::new(Verb::SendKeys)
            .flag("-l")
            .arg(";")
            .unwrap()
            .then(Command::new(Verb::SetBuffer).args(["a\\;", "x;"]).unwrap());
        assert_eq!(
            script.argv(),
            [
                "send-keys",
                "-l",
                "\\;",
                ";",
                "set-buffer",
                "a\\\\;",
                "x\\;"
            ]
        );
    }

    #[test]
    fn what_is_carried_and_pipelined_follows_the_table() {
        let read = Command::new(Verb::HasSession).then(Command::new(Verb::DisplayMessage));
        assert!(read.carried() && read.reads_only());
        let change = read.clone().then(Command::new(Verb::KillPane));
        assert!(change.carried() && !change.reads_only());
        assert!(!Script::from(Command::new(Verb::CapturePane)).carried());
        let names: Vec<&str> = Verb::ALL.iter().map(|v| v.name()).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(names, sorted, "the table is sorted, each command once");
    }
}
