//! `list_hosts`: this machine and each host of `LIBTMUX_HOSTS`.

use crate::catalog::{ToolError, list_hosts};
use crate::handlers::context::{CallContext, Tools};

impl list_hosts::Handle for Tools {
    async fn list_hosts(
        t: &Tools,
        _: &CallContext,
        _args: list_hosts::Args,
    ) -> Result<list_hosts::Output, ToolError> {
        let here = t.tmux.version().await;
        let mut hosts = vec![list_hosts::HostsItem {
            host: None,
            state: list_hosts::State::Online,
            tmux_version: here.as_ref().map(|v| v.text().to_owned()),
            rtt_us: None,
            error: None,
        }];
        for status in t.hosts.statuses().await {
            hosts.push(list_hosts::HostsItem {
                host: Some(status.name),
                state: status.state,
                tmux_version: status.tmux_version,
                rtt_us: status.rtt.map(micros),
                error: status.error,
            });
        }
        Ok(list_hosts::Output { hosts })
    }
}

fn micros(d: std::time::Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX)
}
