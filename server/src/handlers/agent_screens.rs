//! An agent's state read from what its terminal shows, for a person who configured no hooks:
//! one table of the agent CLIs known ([`CLIS`]: which program, which versions, which signals),
//! the program a pane runs found by its npm package, and its screen and title read against its
//! row. A CLI or version not in the table gets no state, never a guess.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use regex::Regex;

use crate::catalog::types::{AgentState, AgentStateSource, Pane};
use crate::sync::lock;
use tmux::process::{self, Identity, Leader};
use tmux::{Command, Script, Tmux, TmuxError, Verb};

/// An agent CLI whose screen says its state: measured on these versions, with these patterns
/// (a regex over the whole screen as `capture-pane -p` prints it, or over the pane's title).
/// The screen's question is looked for first, then its working line, then the title's;
/// idle only when none shows.
pub struct Cli {
    pub name: &'static str,
    /// The npm package it runs from (the `package.json` above the program, in a
    /// `node_modules` folder).
    pub package: &'static str,
    pub versions: &'static [&'static str],
    pub screen_asking: &'static str,
    pub screen_working: &'static str,
    pub screen_idle: &'static str,
    /// Its title while it works or asks, where it sets one that says so.
    pub title_working: Option<&'static str>,
    pub title_asking: Option<&'static str>,
}

/// The agent CLIs known, measured on tmux 3.2a to next-3.8 with a stand-in model (thinking,
/// streaming, a shell tool run, a permission question). None of them sends OSC 9;4 progress
/// (tmux 3.7's `pane_pb_state` stays `hidden`), so no row reads it.
pub static CLIS: &[Cli] = &[
    Cli {
        name: "Claude Code",
        package: "@anthropic-ai/claude-code",
        versions: &["2.1.197"],
        screen_asking: r"(?m)^ Do you want to [^\n]*\?\n(?:[^\n]*\n){0,3}? ❯ 1\. Yes",
        // The spinner line (`✽ Razzmatazzing…`); a finished turn's `✻ Worked for 6s` has no
        // ellipsis.
        screen_working: r"(?m)^[·✢✳✶✻✽*] \S[^\n]*…",
        screen_idle: r"(?m)^─{40,}\n❯[ \x{a0}][^\n]*\n─{40,}$",
        title_working: Some(r"^[⠂⠐] Claude Code"),
        // Its title is the same asking and idle.
        title_asking: None,
    },
    Cli {
        name: "Codex",
        package: "@openai/codex",
        versions: &["0.171.0"],
        screen_asking: r"(?ms)^  Would you like to [^\n]*\?$.*^  Press enter to confirm or esc to cancel$",
        // Its Working line goes while the answer streams; its title spins all the while. (The
        // screen alone could say it only by a prompt with no `Worked for` line under it yet,
        // which a turn interrupted or a slash command leaves for good.)
        screen_working: r"(?m)^[•◦] Working \(",
        screen_idle: r"(?m)^› [^\n]*\n\n  \S[^\n]* · [^\n]*\n  ",
        title_working: Some(r"^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] "),
        title_asking: Some(r"^\[ [!.] \] Action Required"),
    },
    Cli {
        name: "Gemini CLI",
        package: "@google/gemini-cli",
        versions: &["0.61.0"],
        screen_asking: r"(?ms)^│ Allow execution of [^\n]*\? +│$.*^│ ● 1\. Allow once",
        screen_working: r"(?m)^ [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] [^\n]*\(esc to cancel, [^)\n]*\)",
        screen_idle: r"(?m)^ Shift\+Tab to accept edits\n(?:▄{40,})?\n > |^ > [^\n]*\n(?:▀{40,})?\n workspace \(/directory\)",
        title_working: Some(r"^✦  Working…"),
        title_asking: Some(r"^✋  Action Required"),
    },
];

/// A row's patterns, compiled once.
struct Compiled {
    screen_asking: Regex,
    screen_working: Regex,
    screen_idle: Regex,
    title_working: Option<Regex>,
    title_asking: Option<Regex>,
}

fn compiled(cli: &Cli) -> &'static Compiled {
    static ALL: OnceLock<Vec<Compiled>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        let re = |p: &str| Regex::new(p).expect("the table's patterns are tested");
        CLIS.iter()
            .map(|c| Compiled {
                screen_asking: re(c.screen_asking),
                screen_working: re(c.screen_working),
                screen_idle: re(c.screen_idle),
                title_working: c.title_working.map(re),
                title_asking: c.title_asking.map(re),
            })
            .collect()
    });
    // `cli` is a row of the static table: its place there is its place here.
    let i = CLIS.iter().position(|c| std::ptr::eq(c, cli));
    &all[i.expect("a row of CLIS")]
}

/// The known CLI `leader` runs (a pane's foreground process), by the `package.json` of the
/// package its program lies in; `None` for any other program or version. Every pane read asks,
/// and a program's files cost six system calls or more to read (a CLI's package a few more):
/// the answer is kept by the process's identity ([`Leader::identity`]), and read again only
/// for one never seen.
pub fn identify(leader: &Leader) -> Option<&'static Cli> {
    /// Enough for the processes of a few hundred panes; emptied when full, since the
    /// processes it names end without saying so.
    const KEPT: usize = 1024;
    static SEEN: OnceLock<Mutex<HashMap<Identity, Option<&'static Cli>>>> = OnceLock::new();
    let read = || {
        process::program_files(leader.pid)
            .iter()
            .find_map(|file| known(file))
    };
    let Some(key) = leader.identity() else {
        return read();
    };
    let seen = SEEN.get_or_init(Mutex::default);
    if let Some(cli) = lock(seen).get(&key) {
        return *cli;
    }
    let cli = read();
    let mut seen = lock(seen);
    if seen.len() >= KEPT {
        seen.clear();
    }
    seen.insert(key, cli);
    cli
}

/// The known CLI in the foreground of a pane whose own process is `pane_pid`.
pub fn of_pane(pane_pid: i64) -> Option<&'static Cli> {
    identify(&process::Terminal::of(pane_pid)?.foreground?)
}

/// The screen of `pane` as the table's patterns read it: `capture-pane -p`, the rows as
/// drawn (wrapped ones not joined), no history.
pub fn capture(pane: &str) -> Result<Command, TmuxError> {
    Command::new(Verb::CapturePane).flag("-p").target(pane)
}

/// The known CLI whose package `file` lies in, at a version the table names.
fn known(file: &Path) -> Option<&'static Cli> {
    let (name, version) = package_of(file)?;
    CLIS.iter()
        .find(|c| c.package == name && c.versions.contains(&version.as_str()))
}

/// The name and version of the npm package `file` lies in: the nearest `package.json` above
/// it that has both (a package's own folders may hold others without them). npm, pnpm, yarn
/// and bun install a package under a `node_modules` folder: a file elsewhere (a shell, `cat`)
/// is in none, and costs no read.
fn package_of(file: &Path) -> Option<(String, String)> {
    if !file.components().any(|c| c.as_os_str() == "node_modules") {
        return None;
    }
    file.ancestors().skip(1).take(6).find_map(|dir| {
        let text = std::fs::read_to_string(dir.join("package.json")).ok()?;
        let json: serde_json::Value = serde_json::from_str(&text).ok()?;
        Some((
            json["name"].as_str()?.to_owned(),
            json["version"].as_str()?.to_owned(),
        ))
    })
}

/// What `cli`'s screen (as `capture-pane -p` prints it) and title say of its state, and which
/// of the two said it; `None` when neither says (a screen between two drawings, a dialog of
/// its own the table does not know). The screen's question and working line come first: a
/// CLI sets its title after it draws (Gemini CLI in an effect run after the frame), so a
/// loaded one shows its new screen under the title of its last state for a while. The
/// title's asking still comes before the idle box, which Claude Code and Gemini CLI show while
/// they work too: a title late to leave a question reads asking, never idle.
pub fn read(cli: &Cli, screen: &str, title: &str) -> Option<(AgentState, AgentStateSource)> {
    let c = compiled(cli);
    let title_says = |re: &Option<Regex>| re.as_ref().is_some_and(|re| re.is_match(title));
    if c.screen_asking.is_match(screen) {
        return Some((AgentState::Asking, AgentStateSource::Screen));
    }
    if c.screen_working.is_match(screen) {
        return Some((AgentState::Working, AgentStateSource::Screen));
    }
    if title_says(&c.title_asking) {
        return Some((AgentState::Asking, AgentStateSource::Title));
    }
    if title_says(&c.title_working) {
        return Some((AgentState::Working, AgentStateSource::Title));
    }
    c.screen_idle
        .is_match(screen)
        .then_some((AgentState::Idle, AgentStateSource::Screen))
}

/// What the screen and title of `pane` say, where its foreground program is `cli`, a known
/// one: one `capture-pane`.
pub async fn look(
    tmux: &Tmux,
    pane: &str,
    cli: Option<&'static Cli>,
    title: &str,
) -> Option<(AgentState, AgentStateSource)> {
    read(cli?, &tmux.run(capture(pane).ok()?).await.ok()?, title)
}

/// Gives each of `panes` whose hooks report nothing what its screen and title say, where its
/// foreground program is a known CLI (the second of each pair): one `capture-pane` each, in
/// one round trip.
pub async fn fill<'a>(
    tmux: &Tmux,
    panes: impl IntoIterator<Item = (&'a mut Pane, Option<&'static Cli>)>,
) {
    let mut looked: Vec<(&mut Pane, &'static Cli)> = panes
        .into_iter()
        .filter(|(p, _)| p.agent_state.is_none())
        .filter_map(|(p, cli)| Some((p, cli?)))
        .collect();
    let mut script: Option<Script> = None;
    for (pane, _) in &looked {
        let Ok(capture) = capture(&pane.id) else {
            return;
        };
        script = Some(match script {
            None => capture.into(),
            Some(s) => s.then(capture),
        });
    }
    let Some(script) = script else { return };
    // A pane gone meanwhile fails the script: then each is looked at alone.
    let screens: Vec<Option<String>> = match tmux.run_each(script).await {
        Ok(out) => (0..looked.len())
            .map(|i| Some(out.get(i).to_owned()))
            .collect(),
        Err(_) => {
            let mut alone = Vec::new();
            for (pane, _) in &looked {
                alone.push(match capture(&pane.id) {
                    Ok(capture) => tmux.run(capture).await.ok(),
                    Err(_) => None,
                });
            }
            alone
        }
    };
    for ((pane, cli), screen) in looked.iter_mut().zip(screens) {
        if let Some((state, source)) = screen.and_then(|s| read(cli, &s, &pane.title)) {
            pane.agent_state = Some(state);
            pane.agent_state_source = Some(source);
        }
    }
}

#[cfg(test)]
mod tests;
