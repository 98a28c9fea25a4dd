//! The execute tools that type: send_keys, send_keys_batch, paste_text.

use tmux::keys;

use crate::catalog::{ErrorKind, ToolError, paste_text, send_keys, send_keys_batch};
use crate::handlers::context::{CallContext, R, Tools};
use crate::handlers::typing;
use tmux::{Command, Script, Verb};

/// The tmux commands typing `text`, then pressing `keys`, then Enter (`None`: nothing to
/// send), and how many keys they press. Key names are checked first so nothing is typed when
/// one is wrong.
fn input_commands(
    pane: &str,
    text: Option<&str>,
    keys: &[String],
    enter: bool,
) -> Result<(Option<Script>, i64), ToolError> {
    for key in keys {
        keys::check(key).map_err(|m| ToolError::new(ErrorKind::InvalidInput, m))?;
    }
    let typed = match text.filter(|t| !t.is_empty()) {
        Some(text) => Some(
            Command::new(Verb::SendKeys)
                .target(pane)?
                .flag("-l")
                .flag("--")
                .arg(text)?,
        ),
        None => None,
    };
    let mut pressed: Vec<String> = keys.to_vec();
    if enter {
        pressed.push("Enter".into());
    }
    let keys = match pressed.is_empty() {
        true => None,
        false => Some(
            Command::new(Verb::SendKeys)
                .target(pane)?
                .flag("--")
                .args(pressed.iter().cloned())?,
        ),
    };
    let script = match (typed, keys) {
        (Some(typed), Some(keys)) => Some(typed.then(keys)),
        (one, other) => one.or(other).map(Script::from),
    };
    Ok((script, pressed.len() as i64))
}

async fn send(
    t: &Tools,
    pane: &str,
    text: Option<&str>,
    keys: &[String],
    enter: bool,
) -> R<(i64, i64, String)> {
    let (script, pressed) = input_commands(pane, text, keys, enter)?;
    let Some(script) = script else {
        return Err(ToolError::new(
            ErrorKind::InvalidInput,
            "nothing to send: give text, keys or enter",
        ));
    };
    // Marked first: the output, and the echo, can arrive before tmux returns.
    let (_, _, since) = typing::mark(t, pane, text.unwrap_or_default()).await?;
    t.tmux.run(script).await?;
    Ok((text.map_or(0, |s| s.len() as i64), pressed, since))
}

impl send_keys::Handle for Tools {
    async fn send_keys(t: &Tools, _: &CallContext, a: send_keys::Args) -> R<send_keys::Output> {
        let (text_bytes, keys, since) = send(
            t,
            &a.pane,
            a.text.as_deref(),
            a.keys.as_deref().unwrap_or_default(),
            a.enter,
        )
        .await?;
        Ok(send_keys::Output {
            pane: a.pane,
            text_bytes,
            keys,
            since,
        })
    }
}

impl send_keys_batch::Handle for Tools {
    async fn send_keys_batch(
        t: &Tools,
        _: &CallContext,
        a: send_keys_batch::Args,
    ) -> R<send_keys_batch::Output> {
        use crate::catalog::types::OnError;
        let mut results = Vec::new();
        let (mut succeeded, mut failed, mut stopped_at) = (0, 0, None);
        for (index, row) in a.operations.iter().enumerate() {
            let outcome = send(
                t,
                &row.pane,
                row.text.as_deref(),
                row.keys.as_deref().unwrap_or_default(),
                row.enter,
            )
            .await;
            let (since, error) = match outcome {
                Ok((_, _, since)) => (Some(since), None),
                Err(e) => (None, Some(crate::handlers::context::row_error(&e))),
            };
            let success = error.is_none();
            if success {
                succeeded += 1
            } else {
                failed += 1
            }
            results.push(send_keys_batch::ResultsItem {
                index: index as i64,
                pane: row.pane.clone(),
                success,
                since,
                error,
            });
            if !success && a.on_error == OnError::Stop {
                stopped_at = Some(index as i64);
                break;
            }
        }
        Ok(send_keys_batch::Output {
            results,
            succeeded,
            failed,
            stopped_at,
        })
    }
}

impl paste_text::Handle for Tools {
    async fn paste_text(t: &Tools, _: &CallContext, a: paste_text::Args) -> R<paste_text::Output> {
        // Enter goes the same way as the text, not through send-keys.
        let mut pieces = vec![(a.text.as_str(), true)];
        if a.enter {
            pieces.push(("\r", false));
        }
        let (_, _, since) = typing::mark(t, &a.pane, &a.text).await?;
        typing::paste(t, &a.pane, &pieces).await?;
        Ok(paste_text::Output {
            pane: a.pane,
            bytes: a.text.len() as i64,
            since,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::input_commands;

    #[test]
    fn text_is_literal_and_keys_are_checked_before_anything_is_sent() {
        let (script, pressed) = input_commands("%1", Some("ls -l"), &["C-c".into()], true).unwrap();
        let script = script.unwrap();
        let commands: Vec<(&str, Vec<String>)> = script
            .commands()
            .iter()
            .map(|c| {
                (
                    c.verb().name(),
                    c.arguments(tmux::Features::default())
                        .map(|a| a.into_owned())
                        .collect(),
                )
            })
            .collect();
        assert_eq!(
            commands,
            [
                (
                    "send-keys",
                    ["-t", "%1", "-l", "--", "ls -l"].map(String::from).to_vec()
                ),
                (
                    "send-keys",
                    ["-t", "%1", "--", "C-c", "Enter"]
                        .map(String::from)
                        .to_vec()
                ),
            ]
        );
        assert_eq!(pressed, 2);
        assert!(input_commands("%1", Some("x"), &["Ener".into()], false).is_err());
        assert!(
            input_commands("%1", Some(""), &[], false)
                .unwrap()
                .0
                .is_none()
        );
    }
}
