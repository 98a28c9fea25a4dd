//! The tool implementations: `Tools` implements the generated `Handlers` trait, one method per
//! tool, grouped by toolset in the submodules.

use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::service::RequestContext;
use tokio_util::sync::CancellationToken;

use crate::catalog::{self, ErrorKind, Handlers, ToolError};
use crate::surface::Surface;
use crate::tmux::Tmux;

/// What every handler works with.
pub struct Tools {
    pub tmux: Tmux,
    pub surface: Arc<Surface>,
    /// The pane this server runs in, when it is on the selected socket.
    pub caller_pane: Option<String>,
    /// Environment variables whose values show_environment may return.
    pub environment_values: Vec<String>,
}

/// Per-call state: cancellation and the client to report progress to.
pub struct CallContext {
    pub cancel: CancellationToken,
    pub request: Option<RequestContext<RoleServer>>,
}

impl CallContext {
    pub fn new(request: RequestContext<RoleServer>) -> Self {
        CallContext { cancel: request.ct.clone(), request: Some(request) }
    }

    /// A context with no client behind it (the `tools` self-check, tests).
    pub fn detached() -> Self {
        CallContext { cancel: CancellationToken::new(), request: None }
    }
}

fn not_yet(tool: &str) -> ToolError {
    ToolError::new(ErrorKind::Unsupported, format!("{tool} is declared but not implemented in this build yet"))
}

macro_rules! not_yet {
    ($($tool:ident),* $(,)?) => {
        $(
            async fn $tool(&self, _cx: &CallContext, _args: catalog::$tool::Args) -> Result<catalog::$tool::Output, ToolError> {
                Err(not_yet(stringify!($tool)))
            }
        )*
    };
}

impl Handlers for Tools {
    type Context = CallContext;

    not_yet!(
        call_read_tools_batch,
        capture_pane,
        capture_since,
        clear_pane_scrollback,
        create_session,
        create_window,
        find_pane_by_position,
        get_pane_info,
        get_server_info,
        get_session_info,
        get_tmux_variables,
        get_window_info,
        kill_pane,
        kill_session,
        kill_window,
        list_panes,
        list_sessions,
        list_windows,
        move_window,
        paste_text,
        rename_session,
        rename_window,
        resize_pane,
        resize_window,
        respawn_pane,
        run_shell_command,
        search_panes,
        select_layout,
        select_pane,
        select_window,
        send_keys,
        send_keys_batch,
        set_history_limit,
        set_mouse_enabled,
        set_pane_title,
        set_synchronize_panes,
        show_environment,
        show_hooks,
        show_option,
        signal_channel,
        snapshot_pane,
        split_window,
        swap_pane,
        wait_for_channel,
        wait_for_text,
    );
}
