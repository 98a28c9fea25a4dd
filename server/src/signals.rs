//! The signals clients stop servers with. Each ends the server as the end of its input does:
//! requests in flight are dropped, and the dedicated daemon is left as [`tmux::daemon`] says.

use tokio::signal::unix::{Signal, SignalKind, signal};

pub struct Ending {
    watched: Vec<(Signal, &'static str)>,
}

impl Ending {
    /// Takes the signals over from their default (ending the process at once). Called before
    /// anything is started that leaving must undo.
    pub fn watch() -> Result<Ending, WatchError> {
        let kinds = [
            (SignalKind::terminate(), "SIGTERM"),
            (SignalKind::interrupt(), "SIGINT"),
            (SignalKind::hangup(), "SIGHUP"),
        ];
        let watched = kinds
            .into_iter()
            .map(|(kind, name)| {
                signal(kind)
                    .map(|s| (s, name))
                    .map_err(|source| WatchError {
                        signal: name,
                        source,
                    })
            })
            .collect::<Result<_, _>>()?;
        Ok(Ending { watched })
    }

    /// The name of the first of the signals to arrive (at once if one came already).
    pub async fn first(&mut self) -> &'static str {
        let arrivals = self.watched.iter_mut().map(|(signal, name)| {
            Box::pin(async move {
                signal.recv().await;
                *name
            })
        });
        futures::future::select_all(arrivals).await.0
    }
}

/// A signal whose default (ending the process at once) could not be taken over.
#[derive(Debug, thiserror::Error)]
#[error("cannot watch {signal}")]
pub struct WatchError {
    signal: &'static str,
    source: std::io::Error,
}
