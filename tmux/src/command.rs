//! Commands as values. A [`Command`] is a [`Verb`] (one of the commands this client sends)
//! and its arguments in order; a [`Script`] is several commands tmux runs in turn, stopping at
//! the first that fails. Values are checked as they are added: tmux can carry no NUL byte, so
//! a command holding one cannot be built.
//!
//! [`Verb`]'s table is the one place that says what each command is: its name, and how what
//! it prints comes back.

use std::borrow::Cow;
use std::time::Duration;

use crate::format::Format;
use crate::version::{Feature, Features};
use crate::{TmuxError, TmuxErrorKind};

/// Deadline of an ordinary tmux command.
pub const COMMAND_DEADLINE: Duration = Duration::from_secs(10);
/// Most bytes of stdout kept from one command.
pub const MAX_OUTPUT: usize = 64 << 20;

/// What a command prints, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Print {
    /// Rows and messages, through `cmdq_print`, which tmux 3.4 and 3.5 pass through vis(3)
    /// ([`crate::Feature::VisualisedOutput`]).
    Message,
    /// Terminal content and buffers, as they are (`file_print_buffer`, `cmdq_print_data`).
    Content,
    /// Nothing.
    Nothing,
}

macro_rules! verbs {
    ($($verb:ident $name:literal $print:ident,)*) => {
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

            fn print(self) -> Print {
                match self { $(Verb::$verb => Print::$print),* }
            }
        }
    };
}

verbs! {
    CapturePane "capture-pane" Content,
    ClearHistory "clear-history" Nothing,
    DeleteBuffer "delete-buffer" Nothing,
    DisplayMessage "display-message" Message,
    HasSession "has-session" Nothing,
    IfShell "if-shell" Message,
    KillPane "kill-pane" Nothing,
    KillServer "kill-server" Nothing,
    KillSession "kill-session" Nothing,
    KillWindow "kill-window" Nothing,
    ListPanes "list-panes" Message,
    ListSessions "list-sessions" Message,
    ListWindows "list-windows" Message,
    MoveWindow "move-window" Nothing,
    NewSession "new-session" Message,
    NewWindow "new-window" Message,
    PasteBuffer "paste-buffer" Nothing,
    PipePane "pipe-pane" Nothing,
    RenameSession "rename-session" Nothing,
    RenameWindow "rename-window" Nothing,
    ResizePane "resize-pane" Nothing,
    ResizeWindow "resize-window" Nothing,
    RespawnPane "respawn-pane" Nothing,
    SelectLayout "select-layout" Nothing,
    SelectPane "select-pane" Nothing,
    SelectWindow "select-window" Nothing,
    SendKeys "send-keys" Nothing,
    SetBuffer "set-buffer" Nothing,
    SetOption "set-option" Nothing,
    ShowBuffer "show-buffer" Content,
    ShowEnvironment "show-environment" Message,
    ShowHooks "show-hooks" Message,
    ShowOptions "show-options" Message,
    SplitWindow "split-window" Message,
    StartServer "start-server" Nothing,
    SwapPane "swap-pane" Nothing,
    WaitFor "wait-for" Nothing,
}

/// A `-t` target for a session given as `$id` or an exact name: `=` stops tmux's prefix
/// matching, and the trailing `:` makes every command (options and hooks too) read it as a
/// session.
pub fn session_target(session: &str) -> String {
    if session.starts_with('$') {
        format!("{session}:")
    } else {
        format!("={session}:")
    }
}

/// One tmux command: a verb and its arguments (flags, targets, values, formats), in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    verb: Verb,
    args: Vec<Arg>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Arg {
    Text(String),
    /// Written out for the server's version when the command is sent.
    Format(Format),
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
        self.args.push(Arg::Text(flag.to_owned()));
        self
    }

    /// A row format ([`crate::row_format`]): what the command prints is read back as tmux
    /// printed it on a server of any version.
    pub fn format(mut self, format: Format) -> Command {
        self.args.push(Arg::Format(format));
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
        self.args.push(Arg::Text(value));
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

    /// The arguments after the command's name, as a server with `features` receives them.
    pub fn arguments(&self, features: Features) -> impl Iterator<Item = Cow<'_, str>> {
        self.args.iter().map(move |a| match a {
            Arg::Text(t) => Cow::Borrowed(t.as_str()),
            Arg::Format(f) => Cow::Owned(f.render(features)),
        })
    }

    /// How what it prints is read back on a server with `features`; `None` when it prints
    /// nothing.
    pub(crate) fn reading(&self, features: Features) -> Option<Reading> {
        let joined = || self.args.iter().any(|a| *a == Arg::Text("-J".into()));
        Some(match self.verb.print() {
            Print::Nothing => return None,
            Print::Message if features.has(Feature::VisualisedOutput) => Reading::Unvis,
            Print::Content
                if self.verb == Verb::CapturePane
                    && features.has(Feature::JoinedCapturesPadded)
                    && joined() =>
            {
                Reading::TrimLineEnds
            }
            Print::Message | Print::Content => Reading::AsPrinted,
        })
    }
}

/// How this client reads back what tmux printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    AsPrinted,
    /// Undo vis(3) ([`Feature::VisualisedOutput`]).
    Unvis,
    /// Drop the spaces that end each line ([`Feature::JoinedCapturesPadded`]).
    TrimLineEnds,
}

impl Reading {
    pub(crate) fn read(self, text: &str) -> Cow<'_, str> {
        match self {
            Reading::AsPrinted => Cow::Borrowed(text),
            Reading::Unvis => Cow::Owned(crate::format::unvis(text)),
            Reading::TrimLineEnds => Cow::Owned(
                text.split_inclusive('\n')
                    .map(|line| match line.strip_suffix('\n') {
                        Some(l) => format!("{}\n", l.trim_end_matches(' ')),
                        None => line.trim_end_matches(' ').to_owned(),
                    })
                    .collect(),
            ),
        }
    }
}

/// Most words in one `tmux` client's argv (tmux 3.7 refuses more than 1,000).
pub const ARGV_WORDS: usize = 1000;
/// Most bytes of one `tmux` client's argv, with a NUL after each word: tmux sends it in one
/// message of at most 16 KiB (`MAX_IMSGSIZE`) with its header.
pub const ARGV_BYTES: usize = 16_000;

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

    /// The argvs of the `tmux` subprocesses that run the script in turn: `;` between
    /// commands, and a value ending in `;` with a backslash before it, which tmux removes
    /// (otherwise tmux would cut the `;` off and end the command there). A `tmux` client sends
    /// its argv in one message: at most [`ARGV_BYTES`] and, since tmux 3.7 (cmd.c,
    /// `cmd_unpack_argv`), [`ARGV_WORDS`] words; a longer script is cut between commands.
    pub(crate) fn argvs(&self, features: Features) -> Vec<Vec<String>> {
        let mut argvs: Vec<Vec<String>> = Vec::new();
        let mut bytes = 0;
        for command in &self.commands {
            let mut words = vec![command.verb.name().to_owned()];
            words.extend(
                command
                    .arguments(features)
                    .map(|a| match a.strip_suffix(';') {
                        Some(head) => format!("{head}\\;"),
                        None => a.into_owned(),
                    }),
            );
            let size: usize = words.iter().map(|w| w.len() + 1).sum::<usize>() + 2;
            match argvs.last_mut() {
                Some(argv)
                    if argv.len() + words.len() < ARGV_WORDS && bytes + size <= ARGV_BYTES =>
                {
                    argv.push(";".to_owned());
                    argv.extend(words);
                    bytes += size;
                }
                _ => {
                    argvs.push(words);
                    bytes = size;
                }
            }
        }
        argvs
    }
}

/// What each command of a script printed, in order: `Tmux::run_each`'s answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outputs(Vec<String>);

impl Outputs {
    pub(crate) fn new(outputs: Vec<String>) -> Outputs {
        Outputs(outputs)
    }

    /// What the script's command at `index` printed: empty for one that prints nothing (or
    /// beyond the script's end).
    pub fn get(&self, index: usize) -> &str {
        self.0.get(index).map_or("", String::as_str)
    }

    /// Each command's output, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }

    /// Every command's output, joined.
    pub fn joined(self) -> String {
        self.0.concat()
    }
}

/// The command as one line of tmux's syntax: the name, then each argument double-quoted with
/// `\`, `"`, `$` and control characters escaped (and a leading `~` single-quoted), so nothing
/// in a value can end it, start another command or expand.
pub fn command_line(command: &Command, features: Features) -> String {
    let mut out = String::from(command.verb().name());
    for arg in command.arguments(features) {
        let arg = arg.as_ref();
        out.push(' ');
        // tmux expands a leading `~` even inside double quotes; single quotes keep it.
        let arg = match arg.strip_prefix('~') {
            Some(rest) => {
                out.push_str("'~'");
                rest
            }
            None => arg,
        };
        out.push('"');
        // Runs of plain bytes are copied whole; only the bytes below need escaping, and all
        // of them are ASCII, so a byte scan never splits a character. A command holds no NUL
        // (it cannot be built with one).
        let mut plain = 0;
        for (i, b) in arg.bytes().enumerate() {
            let named = match b {
                b'\\' | b'"' | b'$' => Some(char::from(b)),
                b'\n' => Some('n'),
                b'\r' => Some('r'),
                b'\t' => Some('t'),
                b if b < 0x20 || b == 0x7f => None,
                _ => continue,
            };
            out.push_str(&arg[plain..i]);
            out.push('\\');
            match named {
                Some(c) => out.push(c),
                None => out.extend([b >> 6, b >> 3 & 7, b & 7].map(|d| char::from(b'0' + d))),
            }
            plain = i + 1;
        }
        out.push_str(&arg[plain..]);
        out.push('"');
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_quoted_and_names_are_not() {
        let set = Command::new(Verb::SetBuffer)
            .flag("--")
            .arg("a \"b\" $HOME \\ ;\n\u{1}")
            .unwrap();
        assert_eq!(
            command_line(&set, Features::default()),
            "set-buffer \"--\" \"a \\\"b\\\" \\$HOME \\\\ ;\\n\\001\"\n"
        );
        let text = Command::new(Verb::SendKeys)
            .arg("é\u{7f}\u{1f}ü\t")
            .unwrap();
        assert_eq!(
            command_line(&text, Features::default()),
            "send-keys \"é\\177\\037ü\\t\"\n"
        );
        let home = Command::new(Verb::SendKeys).args(["~/a", "b~"]).unwrap();
        assert_eq!(
            command_line(&home, Features::default()),
            "send-keys '~'\"/a\" \"b~\"\n"
        );
    }

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
            script.argvs(Features::default()),
            [[
                "send-keys",
                "-l",
                "\\;",
                ";",
                "set-buffer",
                "a\\\\;",
                "x\\;"
            ]]
        );
    }

    #[test]
    fn long_scripts_are_cut_between_commands_within_tmux_limits() {
        let key = |i: usize| Command::new(Verb::SendKeys).arg(format!("k{i}")).unwrap();
        let many = (1..700).fold(Script::from(key(0)), |s, i| s.then(key(i)));
        let argvs = many.argvs(Features::default());
        assert!(argvs.len() >= 2, "700 commands of 2 words and a `;` each");
        assert!(
            argvs
                .iter()
                .all(|a| a.len() < ARGV_WORDS && a[0] == "send-keys")
        );
        let words: Vec<&String> = argvs
            .iter()
            .flatten()
            .filter(|w| w.starts_with('k'))
            .collect();
        assert_eq!(words.len(), 700, "every command once, in order");
        assert!(words.windows(2).all(|w| w[0] != w[1]));
        let big = "x".repeat(6_000);
        let heavy = (0..5).fold(Script::from(key(9)), |s, _| {
            s.then(Command::new(Verb::SetBuffer).arg(big.as_str()).unwrap())
        });
        for argv in heavy.argvs(Features::default()) {
            let bytes: usize = argv.iter().map(|w| w.len() + 1).sum();
            assert!(bytes <= ARGV_BYTES, "{bytes}");
        }
    }

    #[test]
    fn the_table_is_sorted() {
        let names: Vec<&str> = Verb::ALL.iter().map(|v| v.name()).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(names, sorted, "the table is sorted, each command once");
    }
}
