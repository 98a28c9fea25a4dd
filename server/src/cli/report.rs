//! `tools` and `check`: what a server started now would offer and find, for a person.

use std::io::Write;
use std::process::ExitCode;

use super::startup::{Startup, probe};
use crate::say::{fail, fail_because};
use crate::trust::audit::Audit;

pub(super) async fn tools(startup: &Startup, json: bool) -> ExitCode {
    let (provenance, found) = probe(startup).await;
    let surface = startup.surface(provenance, None, &found);
    let listed = &surface.tools().tools;
    let mut out = std::io::stdout().lock();
    let written = if json {
        serde_json::to_string_pretty(listed)
            .map_err(std::io::Error::other)
            .and_then(|text| writeln!(out, "{text}"))
    } else {
        let width = listed.iter().map(|t| t.name.len()).max().unwrap_or(0);
        listed
            .iter()
            .try_for_each(|t| {
                let toolset = crate::catalog::ToolId::from_name(&t.name)
                    .map(|id| id.descriptor().toolset)
                    .unwrap_or_default();
                let title = t.title.as_deref().unwrap_or_default();
                writeln!(out, "{:width$}  {toolset:8}  {title}", t.name)
            })
            .and_then(|()| writeln!(out, "{} tools", listed.len()))
    };
    if written.is_err() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

pub(super) async fn check(startup: &Startup) -> ExitCode {
    let (provenance, found) = probe(startup).await;
    let surface = startup.surface(provenance, None, &found);
    let Some(version) = &found.version else {
        return fail("tmux is not installed or not on PATH");
    };
    if let Some(why) = found.below_floor() {
        return fail_because(&why);
    }
    let r = &surface.resolved;
    println!("tmux:        {version} (from {})", found.read_from);
    for (feature, holds) in found.features().in_use() {
        println!("  {}: {holds}", feature.name());
    }
    println!(
        "socket:      {} ({}, from {})",
        startup.socket.path.display(),
        startup.socket.selector_text(),
        startup.socket.source_text()
    );
    if let Some(directory) = startup.socket.directory_text() {
        println!("socket dir:  {directory}");
    }
    println!("provenance:  {}", provenance.describe());
    println!(
        "toolsets:    {}{}",
        if r.toolsets.is_empty() {
            "none".to_owned()
        } else {
            r.toolsets.join(", ")
        },
        if r.defaulted {
            " (defaults for this provenance)"
        } else {
            ""
        }
    );
    println!("tools:       {} offered", surface.offered_count());
    let trust = &startup.trust;
    println!(
        "masking:     {}",
        match (trust.masker.built_in(), trust.masker.patterns()) {
            (true, 0) => "built-in detectors".to_owned(),
            (true, n) => format!("built-in detectors and {n} operator patterns"),
            (false, 0) => "off".to_owned(),
            (false, n) => format!("{n} operator patterns only"),
        }
    );
    match &trust.audit_log {
        None => println!("audit log:   none"),
        Some(path) => match Audit::open(path) {
            Ok(_) => println!("audit log:   {}", path.display()),
            Err(e) => return fail_because(&e),
        },
    }
    println!("write scope: {}", trust.scope.as_str());
    println!("attach:      {}", startup.socket.attach_command());
    ExitCode::SUCCESS
}
