//! Generated from manifest/tools.yaml by tmux_mcp_macros::tools!; do not edit.
//! For reading and review only: this file is not compiled. `cargo xtask codegen` (or any
//! test run outside CI) rewrites it, and a test fails while it is stale.

#[doc(hidden)]
const _: &[u8] = include_bytes!("../tools.yaml");
use ::tmux_mcp_runtime as rt;
/// The key of a failed call's `_meta` that carries its [`ToolError::body`].
pub const ERROR_META: &str = "tmux-mcp/error";
/// The failure classes of tool errors.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    rt::serde::Serialize,
    rt::serde::Deserialize
)]
#[serde(crate = "::tmux_mcp_runtime::serde")]
pub enum ErrorKind {
    /// Arguments are malformed or out of range; the message names every one, each with the form or range allowed.
    #[serde(rename = "invalid_input")]
    InvalidInput,
    /// The session, window or pane named does not exist (any more); list again to get current ids.
    #[serde(rename = "object_gone")]
    ObjectGone,
    /// tmux or this server declined the operation (for example killing the server's own pane).
    #[serde(rename = "refused")]
    Refused,
    /// tmux did not answer within the command deadline.
    #[serde(rename = "timeout")]
    Timeout,
    /// No tmux server answers on the selected socket; it may come back.
    #[serde(rename = "server_gone")]
    ServerGone,
    /// The running tmux is too old for this operation.
    #[serde(rename = "unsupported_version")]
    UnsupportedVersion,
    /// A bounded resource is busy (for example a command already running in that pane); retry later.
    #[serde(rename = "capacity")]
    Capacity,
    /// This server build does not implement the operation yet.
    #[serde(rename = "unsupported")]
    Unsupported,
    /// A defect in this server; the message has the details to report.
    #[serde(rename = "internal")]
    Internal,
}
impl ErrorKind {
    pub const ALL: [ErrorKind; 9usize] = [
        ErrorKind::InvalidInput,
        ErrorKind::ObjectGone,
        ErrorKind::Refused,
        ErrorKind::Timeout,
        ErrorKind::ServerGone,
        ErrorKind::UnsupportedVersion,
        ErrorKind::Capacity,
        ErrorKind::Unsupported,
        ErrorKind::Internal,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::InvalidInput => "invalid_input",
            ErrorKind::ObjectGone => "object_gone",
            ErrorKind::Refused => "refused",
            ErrorKind::Timeout => "timeout",
            ErrorKind::ServerGone => "server_gone",
            ErrorKind::UnsupportedVersion => "unsupported_version",
            ErrorKind::Capacity => "capacity",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Internal => "internal",
        }
    }
    pub fn retryable(self) -> bool {
        match self {
            ErrorKind::InvalidInput => false,
            ErrorKind::ObjectGone => false,
            ErrorKind::Refused => false,
            ErrorKind::Timeout => true,
            ErrorKind::ServerGone => true,
            ErrorKind::UnsupportedVersion => false,
            ErrorKind::Capacity => true,
            ErrorKind::Unsupported => false,
            ErrorKind::Internal => false,
        }
    }
    pub fn description(self) -> &'static str {
        match self {
            ErrorKind::InvalidInput => {
                "Arguments are malformed or out of range; the message names every one, each with the form or range allowed."
            }
            ErrorKind::ObjectGone => {
                "The session, window or pane named does not exist (any more); list again to get current ids."
            }
            ErrorKind::Refused => {
                "tmux or this server declined the operation (for example killing the server's own pane)."
            }
            ErrorKind::Timeout => "tmux did not answer within the command deadline.",
            ErrorKind::ServerGone => {
                "No tmux server answers on the selected socket; it may come back."
            }
            ErrorKind::UnsupportedVersion => {
                "The running tmux is too old for this operation."
            }
            ErrorKind::Capacity => {
                "A bounded resource is busy (for example a command already running in that pane); retry later."
            }
            ErrorKind::Unsupported => {
                "This server build does not implement the operation yet."
            }
            ErrorKind::Internal => {
                "A defect in this server; the message has the details to report."
            }
        }
    }
}
impl rt::IntoJson for ErrorKind {
    fn into_json(self) -> rt::serde_json::Value {
        rt::serde_json::Value::from(self.as_str())
    }
}
/// The body a failing tool returns, as text (for the server's instructions).
pub const TOOL_ERROR_SHAPE: &str = "{message, kind, retryable}";
/// A failure a tool reports in its result (`isError: true`), not as a protocol error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    pub kind: ErrorKind,
    pub message: ::std::string::String,
}
impl ToolError {
    pub fn new(
        kind: ErrorKind,
        message: impl ::core::convert::Into<::std::string::String>,
    ) -> Self {
        ToolError {
            kind,
            message: message.into(),
        }
    }
    fn invalid_arguments(tool: ToolId, why: &dyn ::core::fmt::Display) -> Self {
        ToolError::new(
            ErrorKind::InvalidInput,
            format!("invalid arguments for {}: {why}", tool.name()),
        )
    }
    /// The structured body: `{message, kind, retryable}`.
    pub fn body(&self) -> rt::serde_json::Value {
        rt::serde_json::json!(
            { "message" : self.message, "kind" : self.kind.as_str(), "retryable" : self
            .kind.retryable() }
        )
    }
}
impl ::core::fmt::Display for ToolError {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        write!(f, "{} ({})", self.message, self.kind.as_str())
    }
}
impl ::std::error::Error for ToolError {}
/// Named shapes from the manifest's `types`.
pub mod types {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum AgentState {
        #[serde(rename = "working")]
        Working,
        #[serde(rename = "asking")]
        Asking,
        #[serde(rename = "idle")]
        Idle,
    }
    impl AgentState {
        pub fn as_str(self) -> &'static str {
            match self {
                AgentState::Working => "working",
                AgentState::Asking => "asking",
                AgentState::Idle => "idle",
            }
        }
    }
    impl rt::IntoJson for AgentState {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum AgentStateSource {
        #[serde(rename = "hooks")]
        Hooks,
        #[serde(rename = "screen")]
        Screen,
        #[serde(rename = "title")]
        Title,
    }
    impl AgentStateSource {
        pub fn as_str(self) -> &'static str {
            match self {
                AgentStateSource::Hooks => "hooks",
                AgentStateSource::Screen => "screen",
                AgentStateSource::Title => "title",
            }
        }
    }
    impl rt::IntoJson for AgentStateSource {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum OnError {
        #[serde(rename = "stop")]
        Stop,
        #[serde(rename = "continue")]
        Continue,
    }
    impl OnError {
        pub fn as_str(self) -> &'static str {
            match self {
                OnError::Stop => "stop",
                OnError::Continue => "continue",
            }
        }
    }
    impl rt::IntoJson for OnError {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// A pane.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Pane {
        /// Pane id (%3).
        #[serde(rename = "id")]
        pub id: ::std::string::String,
        /// Its window.
        #[serde(rename = "window_id")]
        pub window_id: ::std::string::String,
        /// Active in its window.
        #[serde(rename = "active")]
        pub active: bool,
        /// Foreground command.
        #[serde(rename = "command")]
        pub command: ::std::string::String,
        /// Working directory.
        #[serde(rename = "path")]
        pub path: ::std::string::String,
        /// Title.
        #[serde(rename = "title")]
        pub title: ::std::string::String,
        /// Columns.
        #[serde(rename = "width")]
        pub width: i64,
        /// Rows.
        #[serde(rename = "height")]
        pub height: i64,
        /// Process id.
        #[serde(rename = "pid")]
        #[serde(default)]
        pub pid: ::core::option::Option<i64>,
        /// Its process has exited.
        #[serde(rename = "dead")]
        pub dead: bool,
        /// The pane this MCP server runs in.
        #[serde(rename = "caller")]
        pub caller: bool,
        /// Program with the terminal.
        #[serde(rename = "foreground_command")]
        #[serde(default)]
        pub foreground_command: ::core::option::Option<::std::string::String>,
        /// Its process id.
        #[serde(rename = "foreground_pid")]
        #[serde(default)]
        pub foreground_pid: ::core::option::Option<i64>,
        /// Its shell is at a prompt.
        #[serde(rename = "at_prompt")]
        pub at_prompt: bool,
        /// Since its last text, if followed.
        #[serde(rename = "idle_ms")]
        #[serde(default)]
        pub idle_ms: ::core::option::Option<i64>,
        /// The agent's state (hooks, or a known CLI's screen).
        #[serde(rename = "agent_state")]
        #[serde(default)]
        pub agent_state: ::core::option::Option<super::types::AgentState>,
        /// Age of a hooks report.
        #[serde(rename = "agent_state_ms")]
        #[serde(default)]
        pub agent_state_ms: ::core::option::Option<i64>,
        /// Its source.
        #[serde(rename = "agent_state_source")]
        #[serde(default)]
        pub agent_state_source: ::core::option::Option<super::types::AgentStateSource>,
    }
    impl rt::IntoJson for Pane {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("id".into(), rt::IntoJson::into_json(self.id));
            object.insert("window_id".into(), rt::IntoJson::into_json(self.window_id));
            object.insert("active".into(), rt::IntoJson::into_json(self.active));
            object.insert("command".into(), rt::IntoJson::into_json(self.command));
            object.insert("path".into(), rt::IntoJson::into_json(self.path));
            object.insert("title".into(), rt::IntoJson::into_json(self.title));
            object.insert("width".into(), rt::IntoJson::into_json(self.width));
            object.insert("height".into(), rt::IntoJson::into_json(self.height));
            object.insert("pid".into(), rt::IntoJson::into_json(self.pid));
            object.insert("dead".into(), rt::IntoJson::into_json(self.dead));
            object.insert("caller".into(), rt::IntoJson::into_json(self.caller));
            object
                .insert(
                    "foreground_command".into(),
                    rt::IntoJson::into_json(self.foreground_command),
                );
            object
                .insert(
                    "foreground_pid".into(),
                    rt::IntoJson::into_json(self.foreground_pid),
                );
            object.insert("at_prompt".into(), rt::IntoJson::into_json(self.at_prompt));
            object.insert("idle_ms".into(), rt::IntoJson::into_json(self.idle_ms));
            object
                .insert("agent_state".into(), rt::IntoJson::into_json(self.agent_state));
            object
                .insert(
                    "agent_state_ms".into(),
                    rt::IntoJson::into_json(self.agent_state_ms),
                );
            object
                .insert(
                    "agent_state_source".into(),
                    rt::IntoJson::into_json(self.agent_state_source),
                );
            rt::serde_json::Value::Object(object)
        }
    }
    /// What a handler makes of a `seconds` argument.
    pub const SECONDS: rt::Clamp = rt::Clamp {
        default: 30i64,
        min: 1i64,
        max: 600i64,
    };
    /// A session.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Session {
        /// Session id, e.g. $1.
        #[serde(rename = "id")]
        pub id: ::std::string::String,
        /// Session name.
        #[serde(rename = "name")]
        pub name: ::std::string::String,
        /// Number of windows.
        #[serde(rename = "windows")]
        pub windows: i64,
        /// Clients attached.
        #[serde(rename = "attached")]
        pub attached: i64,
    }
    impl rt::IntoJson for Session {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("id".into(), rt::IntoJson::into_json(self.id));
            object.insert("name".into(), rt::IntoJson::into_json(self.name));
            object.insert("windows".into(), rt::IntoJson::into_json(self.windows));
            object.insert("attached".into(), rt::IntoJson::into_json(self.attached));
            rt::serde_json::Value::Object(object)
        }
    }
    /// A session with its windows.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct SessionTree {
        /// A session.
        #[serde(rename = "session")]
        pub session: super::types::Session,
        /// Windows of the session.
        #[serde(rename = "windows")]
        pub windows: ::std::vec::Vec<super::types::WindowTree>,
    }
    impl rt::IntoJson for SessionTree {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            object.insert("windows".into(), rt::IntoJson::into_json(self.windows));
            rt::serde_json::Value::Object(object)
        }
    }
    /// A typed failure.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct ToolError {
        /// What went wrong; what to do.
        #[serde(rename = "message")]
        pub message: ::std::string::String,
        /// Failure class, e.g. object_gone.
        #[serde(rename = "kind")]
        pub kind: super::ErrorKind,
        /// Whether the same call may succeed later.
        #[serde(rename = "retryable")]
        pub retryable: bool,
    }
    impl rt::IntoJson for ToolError {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("message".into(), rt::IntoJson::into_json(self.message));
            object.insert("kind".into(), rt::IntoJson::into_json(self.kind));
            object.insert("retryable".into(), rt::IntoJson::into_json(self.retryable));
            rt::serde_json::Value::Object(object)
        }
    }
    /// A window (once per session it is in).
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Window {
        /// Window id (@2).
        #[serde(rename = "id")]
        pub id: ::std::string::String,
        /// Session of this link.
        #[serde(rename = "session_id")]
        pub session_id: ::std::string::String,
        /// Index in the session.
        #[serde(rename = "index")]
        pub index: i64,
        /// Window name.
        #[serde(rename = "name")]
        pub name: ::std::string::String,
        /// Number of panes.
        #[serde(rename = "panes")]
        pub panes: i64,
        /// Current in its session.
        #[serde(rename = "active")]
        pub active: bool,
        /// Columns.
        #[serde(rename = "width")]
        pub width: i64,
        /// Rows.
        #[serde(rename = "height")]
        pub height: i64,
        /// Layout, for select_layout.
        #[serde(rename = "layout")]
        pub layout: ::std::string::String,
    }
    impl rt::IntoJson for Window {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("id".into(), rt::IntoJson::into_json(self.id));
            object.insert("session_id".into(), rt::IntoJson::into_json(self.session_id));
            object.insert("index".into(), rt::IntoJson::into_json(self.index));
            object.insert("name".into(), rt::IntoJson::into_json(self.name));
            object.insert("panes".into(), rt::IntoJson::into_json(self.panes));
            object.insert("active".into(), rt::IntoJson::into_json(self.active));
            object.insert("width".into(), rt::IntoJson::into_json(self.width));
            object.insert("height".into(), rt::IntoJson::into_json(self.height));
            object.insert("layout".into(), rt::IntoJson::into_json(self.layout));
            rt::serde_json::Value::Object(object)
        }
    }
    /// A window with its panes.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct WindowTree {
        /// A window (once per session it is in).
        #[serde(rename = "window")]
        pub window: super::types::Window,
        /// Panes of the window.
        #[serde(rename = "panes")]
        pub panes: ::std::vec::Vec<super::types::Pane>,
    }
    impl rt::IntoJson for WindowTree {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("panes".into(), rt::IntoJson::into_json(self.panes));
            rt::serde_json::Value::Object(object)
        }
    }
}
/// `call_read_tools_batch`: Batch read tools
pub mod call_read_tools_batch {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `call_read_tools_batch`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Operations; results keep this order.
        #[serde(rename = "operations")]
        pub operations: ::std::vec::Vec<rt::Operation>,
        /// On a failed row, stop or continue.
        #[serde(rename = "on_error")]
        pub on_error: super::types::OnError,
    }
    /// `structuredContent` of `call_read_tools_batch`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// One row per operation run.
        #[serde(rename = "results")]
        pub results: ::std::vec::Vec<ResultsItem>,
        /// Rows that succeeded.
        #[serde(rename = "succeeded")]
        pub succeeded: i64,
        /// Rows that failed.
        #[serde(rename = "failed")]
        pub failed: i64,
        /// Index of the row that stopped the batch.
        #[serde(rename = "stopped_at")]
        #[serde(default)]
        pub stopped_at: ::core::option::Option<i64>,
        /// Some payloads were dropped.
        #[serde(rename = "truncated")]
        pub truncated: bool,
        /// Bytes of payload dropped.
        #[serde(rename = "dropped_bytes")]
        pub dropped_bytes: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("results".into(), rt::IntoJson::into_json(self.results));
            object.insert("succeeded".into(), rt::IntoJson::into_json(self.succeeded));
            object.insert("failed".into(), rt::IntoJson::into_json(self.failed));
            object.insert("stopped_at".into(), rt::IntoJson::into_json(self.stopped_at));
            object.insert("truncated".into(), rt::IntoJson::into_json(self.truncated));
            object
                .insert(
                    "dropped_bytes".into(),
                    rt::IntoJson::into_json(self.dropped_bytes),
                );
            rt::serde_json::Value::Object(object)
        }
    }
    /// A row.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct ResultsItem {
        /// Position in operations.
        #[serde(rename = "index")]
        pub index: i64,
        /// Tool named by the row.
        #[serde(rename = "tool")]
        pub tool: ::std::string::String,
        /// The row ran without error.
        #[serde(rename = "success")]
        pub success: bool,
        /// The tool's result envelope without its text block (this result's text repeats everything); null when dropped.
        #[serde(rename = "result")]
        #[serde(default)]
        pub result: ::core::option::Option<
            rt::serde_json::Map<::std::string::String, rt::serde_json::Value>,
        >,
        /// Dropped to keep the response under 1 MB.
        #[serde(rename = "result_dropped")]
        pub result_dropped: bool,
        /// A typed failure.
        #[serde(rename = "error")]
        #[serde(default)]
        pub error: ::core::option::Option<super::types::ToolError>,
    }
    impl rt::IntoJson for ResultsItem {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("index".into(), rt::IntoJson::into_json(self.index));
            object.insert("tool".into(), rt::IntoJson::into_json(self.tool));
            object.insert("success".into(), rt::IntoJson::into_json(self.success));
            object.insert("result".into(), rt::IntoJson::into_json(self.result));
            object
                .insert(
                    "result_dropped".into(),
                    rt::IntoJson::into_json(self.result_dropped),
                );
            object.insert("error".into(), rt::IntoJson::into_json(self.error));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `call_read_tools_batch`: Up to 16 read calls in order, each {tool, arguments}, one approval for all. Each row reports its own result (check failed); over 1 MB, payloads drop, never rows.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `call_read_tools_batch`",
        note = "implement `call_read_tools_batch::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn call_read_tools_batch<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `capture_pane`: Capture pane
pub mod capture_pane {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `capture_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Include scrollback.
        #[serde(rename = "history")]
        pub history: bool,
        /// First line; 0 = top of screen, negative = scrollback.
        #[serde(rename = "start")]
        #[serde(default)]
        pub start: ::core::option::Option<i64>,
        /// Last line, same numbering as start.
        #[serde(rename = "end")]
        #[serde(default)]
        pub end: ::core::option::Option<i64>,
        /// Newest lines to keep.
        #[serde(rename = "max_lines")]
        #[serde(default)]
        pub max_lines: ::core::option::Option<i64>,
    }
    /// `structuredContent` of `capture_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Captured text (untrusted).
        #[serde(rename = "text")]
        pub text: ::std::string::String,
        /// Lines returned.
        #[serde(rename = "lines")]
        pub lines: i64,
        /// Lines were dropped to fit the bounds.
        #[serde(rename = "truncated")]
        pub truncated: bool,
        /// Secret-shaped spans replaced by [masked:kind] markers.
        #[serde(rename = "masked")]
        pub masked: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("text".into(), rt::IntoJson::into_json(self.text));
            object.insert("lines".into(), rt::IntoJson::into_json(self.lines));
            object.insert("truncated".into(), rt::IntoJson::into_json(self.truncated));
            object.insert("masked".into(), rt::IntoJson::into_json(self.masked));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `capture_pane`: Read a pane's screen text (history: scrollback too; start/end: a line range); wrapped lines joined, bounded (truncated says so). New output only: capture_since.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `capture_pane`",
        note = "implement `capture_pane::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn capture_pane<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `capture_since`: Capture since cursor
pub mod capture_since {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `capture_since`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Cursor from the previous call; omit at first.
        #[serde(rename = "cursor")]
        #[serde(default)]
        pub cursor: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `capture_since`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Lines written since the cursor (untrusted).
        #[serde(rename = "text")]
        pub text: ::std::string::String,
        /// Pass this to the next call.
        #[serde(rename = "cursor")]
        pub cursor: ::std::string::String,
        /// No cursor was given; text is empty and the cursor marks now.
        #[serde(rename = "first")]
        pub first: bool,
        /// At least this many lines were trimmed unread.
        #[serde(rename = "missed_lines")]
        pub missed_lines: i64,
        /// The pane behind the cursor was replaced; reading restarted.
        #[serde(rename = "replaced")]
        pub replaced: bool,
        /// The program redrew its screen (the alternate screen, or rows above the cursor): text is the rows it rewrote, top to bottom.
        #[serde(rename = "redrawn")]
        pub redrawn: bool,
        /// Output was cut to its byte bound (the newest lines kept).
        #[serde(rename = "truncated")]
        pub truncated: bool,
        /// Secret-shaped spans replaced by [masked:kind] markers.
        #[serde(rename = "masked")]
        pub masked: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("text".into(), rt::IntoJson::into_json(self.text));
            object.insert("cursor".into(), rt::IntoJson::into_json(self.cursor));
            object.insert("first".into(), rt::IntoJson::into_json(self.first));
            object
                .insert(
                    "missed_lines".into(),
                    rt::IntoJson::into_json(self.missed_lines),
                );
            object.insert("replaced".into(), rt::IntoJson::into_json(self.replaced));
            object.insert("redrawn".into(), rt::IntoJson::into_json(self.redrawn));
            object.insert("truncated".into(), rt::IntoJson::into_json(self.truncated));
            object.insert("masked".into(), rt::IntoJson::into_json(self.masked));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `capture_since`: Incremental read: without cursor, returns one for now; with it, only lines written since and a new cursor. Reports missed_lines and a replaced pane.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `capture_since`",
        note = "implement `capture_since::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn capture_since<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `clear_pane_scrollback`: Clear scrollback
pub mod clear_pane_scrollback {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `clear_pane_scrollback`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
    }
    /// `structuredContent` of `clear_pane_scrollback`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Scrollback lines discarded.
        #[serde(rename = "discarded_lines")]
        pub discarded_lines: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object
                .insert(
                    "discarded_lines".into(),
                    rt::IntoJson::into_json(self.discarded_lines),
                );
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `clear_pane_scrollback`: Discard a pane's scrollback; the visible screen stays.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `clear_pane_scrollback`",
        note = "implement `clear_pane_scrollback::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn clear_pane_scrollback<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `create_session`: Create session
pub mod create_session {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `create_session`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Session name (no colon, dot, $, backslash or control characters).
        #[serde(rename = "name")]
        pub name: ::std::string::String,
        /// Absolute working directory for the first pane.
        #[serde(rename = "start_directory")]
        #[serde(default)]
        pub start_directory: ::core::option::Option<::std::string::String>,
        /// Columns.
        #[serde(rename = "width")]
        #[serde(default)]
        pub width: ::core::option::Option<i64>,
        /// Rows.
        #[serde(rename = "height")]
        #[serde(default)]
        pub height: ::core::option::Option<i64>,
    }
    /// `structuredContent` of `create_session`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// New session id.
        #[serde(rename = "session")]
        pub session: ::std::string::String,
        /// Its name.
        #[serde(rename = "name")]
        pub name: ::std::string::String,
        /// Its first window.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Its first pane.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            object.insert("name".into(), rt::IntoJson::into_json(self.name));
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `create_session`: New detached session running the default command; returns its ids. Name stored literally.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `create_session`",
        note = "implement `create_session::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn create_session<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `create_window`: Create window
pub mod create_window {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `create_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Session id ($1) or exact name.
        #[serde(rename = "session")]
        pub session: ::std::string::String,
        /// Window name (no $, backslash or control characters).
        #[serde(rename = "name")]
        #[serde(default)]
        pub name: ::core::option::Option<::std::string::String>,
        /// Absolute working directory.
        #[serde(rename = "start_directory")]
        #[serde(default)]
        pub start_directory: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `create_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// New window id.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Its index.
        #[serde(rename = "index")]
        pub index: i64,
        /// Its pane.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("index".into(), rt::IntoJson::into_json(self.index));
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `create_window`: New window in a session, running the default command; returns its ids.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `create_window`",
        note = "implement `create_window::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn create_window<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `find_pane_by_position`: Find pane by position
pub mod find_pane_by_position {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `find_pane_by_position`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Window id (@2).
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Which corner.
        #[serde(rename = "corner")]
        pub corner: Corner,
    }
    /// `structuredContent` of `find_pane_by_position`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Id of the pane at that corner; get_pane_info has its details.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Corner {
        #[serde(rename = "top-left")]
        TopLeft,
        #[serde(rename = "top-right")]
        TopRight,
        #[serde(rename = "bottom-left")]
        BottomLeft,
        #[serde(rename = "bottom-right")]
        BottomRight,
    }
    impl Corner {
        pub fn as_str(self) -> &'static str {
            match self {
                Corner::TopLeft => "top-left",
                Corner::TopRight => "top-right",
                Corner::BottomLeft => "bottom-left",
                Corner::BottomRight => "bottom-right",
            }
        }
    }
    impl rt::IntoJson for Corner {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `find_pane_by_position`: The pane touching a given corner of a window.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `find_pane_by_position`",
        note = "implement `find_pane_by_position::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn find_pane_by_position<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `get_pane_info`: Get pane info
pub mod get_pane_info {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `get_pane_info`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
    }
    /// `structuredContent` of `get_pane_info`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// A pane.
        #[serde(rename = "pane")]
        pub pane: super::types::Pane,
        /// Lines of scrollback held.
        #[serde(rename = "history_size")]
        pub history_size: i64,
        /// Most lines of scrollback kept.
        #[serde(rename = "history_limit")]
        pub history_limit: i64,
        /// Exit status of a dead pane's process.
        #[serde(rename = "dead_status")]
        #[serde(default)]
        pub dead_status: ::core::option::Option<i64>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object
                .insert(
                    "history_size".into(),
                    rt::IntoJson::into_json(self.history_size),
                );
            object
                .insert(
                    "history_limit".into(),
                    rt::IntoJson::into_json(self.history_limit),
                );
            object
                .insert("dead_status".into(), rt::IntoJson::into_json(self.dead_status));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `get_pane_info`: One pane's size, title, command, path, pid, history size and limit, exit status; no screen (snapshot_pane).
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `get_pane_info`",
        note = "implement `get_pane_info::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn get_pane_info<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `get_server_info`: Get server info
pub mod get_server_info {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `get_server_info`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {}
    /// `structuredContent` of `get_server_info`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// tmux version, e.g. 3.3a.
        #[serde(rename = "version")]
        pub version: ::std::string::String,
        /// Socket path of the server.
        #[serde(rename = "socket")]
        pub socket: ::std::string::String,
        /// The pane this server runs in, if on this socket.
        #[serde(rename = "caller_pane")]
        #[serde(default)]
        pub caller_pane: ::core::option::Option<::std::string::String>,
        /// Sessions with their windows and panes.
        #[serde(rename = "sessions")]
        pub sessions: ::std::vec::Vec<super::types::SessionTree>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("version".into(), rt::IntoJson::into_json(self.version));
            object.insert("socket".into(), rt::IntoJson::into_json(self.socket));
            object
                .insert("caller_pane".into(), rt::IntoJson::into_json(self.caller_pane));
            object.insert("sessions".into(), rt::IntoJson::into_json(self.sessions));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `get_server_info`: The session > window > pane tree in one call, with tmux version, socket and caller pane.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `get_server_info`",
        note = "implement `get_server_info::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn get_server_info<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `get_session_info`: Get session info
pub mod get_session_info {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `get_session_info`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Session id ($1) or exact name.
        #[serde(rename = "session")]
        pub session: ::std::string::String,
    }
    /// `structuredContent` of `get_session_info`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// A session.
        #[serde(rename = "session")]
        pub session: super::types::Session,
        /// Windows of the session.
        #[serde(rename = "windows")]
        pub windows: ::std::vec::Vec<super::types::Window>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            object.insert("windows".into(), rt::IntoJson::into_json(self.windows));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `get_session_info`: One session's metadata and its windows.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `get_session_info`",
        note = "implement `get_session_info::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn get_session_info<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `get_tmux_variables`: Get tmux variables
pub mod get_tmux_variables {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `get_tmux_variables`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Variable names, without #{}.
        #[serde(rename = "names")]
        pub names: ::std::vec::Vec<::std::string::String>,
        /// Pane to evaluate against.
        #[serde(rename = "pane")]
        #[serde(default)]
        pub pane: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `get_tmux_variables`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// One entry per name, in order.
        #[serde(rename = "values")]
        pub values: ::std::vec::Vec<ValuesItem>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("values".into(), rt::IntoJson::into_json(self.values));
            rt::serde_json::Value::Object(object)
        }
    }
    /// A variable.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct ValuesItem {
        /// Variable name.
        #[serde(rename = "name")]
        pub name: ::std::string::String,
        /// Value; empty when tmux has none.
        #[serde(rename = "value")]
        pub value: ::std::string::String,
    }
    impl rt::IntoJson for ValuesItem {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("name".into(), rt::IntoJson::into_json(self.name));
            object.insert("value".into(), rt::IntoJson::into_json(self.value));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `get_tmux_variables`: Evaluate tmux format variables by name (e.g. pane_current_command) against a pane or the server.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `get_tmux_variables`",
        note = "implement `get_tmux_variables::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn get_tmux_variables<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `get_window_info`: Get window info
pub mod get_window_info {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `get_window_info`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Window id (@2).
        #[serde(rename = "window")]
        pub window: ::std::string::String,
    }
    /// `structuredContent` of `get_window_info`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// A window (once per session it is in).
        #[serde(rename = "window")]
        pub window: super::types::Window,
        /// Panes of the window.
        #[serde(rename = "panes")]
        pub panes: ::std::vec::Vec<super::types::Pane>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("panes".into(), rt::IntoJson::into_json(self.panes));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `get_window_info`: One window's metadata (size, layout) and its panes.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `get_window_info`",
        note = "implement `get_window_info::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn get_window_info<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `kill_pane`: Kill pane
pub mod kill_pane {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `kill_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
    }
    /// `structuredContent` of `kill_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane closed.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `kill_pane`: Close a pane and its process. Refuses the pane this server runs in.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `kill_pane`",
        note = "implement `kill_pane::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn kill_pane<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `kill_session`: Kill session
pub mod kill_session {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `kill_session`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Session id ($1) or exact name.
        #[serde(rename = "session")]
        pub session: ::std::string::String,
    }
    /// `structuredContent` of `kill_session`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Session closed.
        #[serde(rename = "session")]
        pub session: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `kill_session`: Close a session and every process in it. Refuses the session this server runs in.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `kill_session`",
        note = "implement `kill_session::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn kill_session<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `kill_window`: Kill window
pub mod kill_window {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `kill_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Window id (@2).
        #[serde(rename = "window")]
        pub window: ::std::string::String,
    }
    /// `structuredContent` of `kill_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Window closed.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `kill_window`: Close a window in every session it is linked to. Refuses the window this server runs in.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `kill_window`",
        note = "implement `kill_window::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn kill_window<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `list_hosts`: List hosts
pub mod list_hosts {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `list_hosts`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {}
    /// `structuredContent` of `list_hosts`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// This machine first (host null), then LIBTMUX_HOSTS in order.
        #[serde(rename = "hosts")]
        pub hosts: ::std::vec::Vec<HostsItem>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("hosts".into(), rt::IntoJson::into_json(self.hosts));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum State {
        #[serde(rename = "online")]
        Online,
        #[serde(rename = "connecting")]
        Connecting,
        #[serde(rename = "offline")]
        Offline,
        #[serde(rename = "auth_failed")]
        AuthFailed,
        #[serde(rename = "host_key_refused")]
        HostKeyRefused,
        #[serde(rename = "unsupported")]
        Unsupported,
    }
    impl State {
        pub fn as_str(self) -> &'static str {
            match self {
                State::Online => "online",
                State::Connecting => "connecting",
                State::Offline => "offline",
                State::AuthFailed => "auth_failed",
                State::HostKeyRefused => "host_key_refused",
                State::Unsupported => "unsupported",
            }
        }
    }
    impl rt::IntoJson for State {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// A machine.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct HostsItem {
        /// The value to pass as host; null for this machine.
        #[serde(rename = "host")]
        #[serde(default)]
        pub host: ::core::option::Option<::std::string::String>,
        /// The connection now.
        #[serde(rename = "state")]
        pub state: State,
        /// Its tmux server's version, once connected.
        #[serde(rename = "tmux_version")]
        #[serde(default)]
        pub tmux_version: ::core::option::Option<::std::string::String>,
        /// Round trip of a request to its tmux-mcp in microseconds; null for this machine.
        #[serde(rename = "rtt_us")]
        #[serde(default)]
        pub rtt_us: ::core::option::Option<i64>,
        /// Why it is not online, or the last failure.
        #[serde(rename = "error")]
        #[serde(default)]
        pub error: ::core::option::Option<::std::string::String>,
    }
    impl rt::IntoJson for HostsItem {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("host".into(), rt::IntoJson::into_json(self.host));
            object.insert("state".into(), rt::IntoJson::into_json(self.state));
            object
                .insert(
                    "tmux_version".into(),
                    rt::IntoJson::into_json(self.tmux_version),
                );
            object.insert("rtt_us".into(), rt::IntoJson::into_json(self.rtt_us));
            object.insert("error".into(), rt::IntoJson::into_json(self.error));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `list_hosts`: This machine and each LIBTMUX_HOSTS host the host argument reaches: state, tmux version, round trip, last error. Connects those not yet connected.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `list_hosts`",
        note = "implement `list_hosts::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn list_hosts<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `list_panes`: List panes
pub mod list_panes {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `list_panes`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {}
    /// `structuredContent` of `list_panes`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Panes, in tmux order.
        #[serde(rename = "panes")]
        pub panes: ::std::vec::Vec<super::types::Pane>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("panes".into(), rt::IntoJson::into_json(self.panes));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `list_panes`: Every pane: window, command, directory, title, size, state; caller marks this server's own pane. Start here.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `list_panes`",
        note = "implement `list_panes::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn list_panes<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `list_sessions`: List sessions
pub mod list_sessions {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `list_sessions`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {}
    /// `structuredContent` of `list_sessions`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Sessions, in tmux order.
        #[serde(rename = "sessions")]
        pub sessions: ::std::vec::Vec<super::types::Session>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("sessions".into(), rt::IntoJson::into_json(self.sessions));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `list_sessions`: Sessions: id, name, window count, attached clients (get_server_info adds windows and panes).
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `list_sessions`",
        note = "implement `list_sessions::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn list_sessions<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `list_windows`: List windows
pub mod list_windows {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `list_windows`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {}
    /// `structuredContent` of `list_windows`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Window links, in tmux order.
        #[serde(rename = "windows")]
        pub windows: ::std::vec::Vec<super::types::Window>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("windows".into(), rt::IntoJson::into_json(self.windows));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `list_windows`: Every window, once per session it is linked into: id, session, index, name, panes, active, size, layout.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `list_windows`",
        note = "implement `list_windows::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn list_windows<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `move_window`: Move window
pub mod move_window {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `move_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Window id (@2).
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Session id ($1) or exact name.
        #[serde(rename = "destination_session")]
        pub destination_session: ::std::string::String,
        /// Index in the destination session.
        #[serde(rename = "destination_index")]
        pub destination_index: i64,
    }
    /// `structuredContent` of `move_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Window id.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Session it is now in.
        #[serde(rename = "session")]
        pub session: ::std::string::String,
        /// Its index there.
        #[serde(rename = "index")]
        pub index: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            object.insert("index".into(), rt::IntoJson::into_json(self.index));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `move_window`: Move a window to a session and index (the index must be free).
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `move_window`",
        note = "implement `move_window::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn move_window<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `paste_text`: Paste text
pub mod paste_text {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `paste_text`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Text to paste (no control characters but tab, CR, LF).
        #[serde(rename = "text")]
        pub text: ::std::string::String,
        /// Press Enter after the paste.
        #[serde(rename = "enter")]
        pub enter: bool,
    }
    /// `structuredContent` of `paste_text`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Bytes pasted.
        #[serde(rename = "bytes")]
        pub bytes: i64,
        /// Where this input's output begins; pass as since to wait_for_text or wait_for_quiet.
        #[serde(rename = "since")]
        pub since: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("bytes".into(), rt::IntoJson::into_json(self.bytes));
            object.insert("since".into(), rt::IntoJson::into_json(self.since));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `paste_text`: Paste text into one pane via a private buffer (bracketed, not fanned out by synchronize-panes, buffer removed); enter is unchecked: prompts go by send_prompt.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `paste_text`",
        note = "implement `paste_text::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn paste_text<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `rename_session`: Rename session
pub mod rename_session {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `rename_session`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Session id ($1) or exact name.
        #[serde(rename = "session")]
        pub session: ::std::string::String,
        /// New name (no colon, dot, $, backslash or control characters).
        #[serde(rename = "name")]
        pub name: ::std::string::String,
    }
    /// `structuredContent` of `rename_session`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Session id.
        #[serde(rename = "session")]
        pub session: ::std::string::String,
        /// Name now stored.
        #[serde(rename = "name")]
        pub name: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            object.insert("name".into(), rt::IntoJson::into_json(self.name));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `rename_session`: Rename a session; its id stays the same. The name is stored literally.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `rename_session`",
        note = "implement `rename_session::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn rename_session<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `rename_window`: Rename window
pub mod rename_window {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `rename_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Window id (@2).
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// New name (no $, backslash or control characters).
        #[serde(rename = "name")]
        pub name: ::std::string::String,
    }
    /// `structuredContent` of `rename_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Window id.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Name now stored.
        #[serde(rename = "name")]
        pub name: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("name".into(), rt::IntoJson::into_json(self.name));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `rename_window`: Rename a window (turns off its automatic renaming); stored literally.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `rename_window`",
        note = "implement `rename_window::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn rename_window<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `resize_pane`: Resize pane
pub mod resize_pane {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `resize_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Edge to move.
        #[serde(rename = "direction")]
        pub direction: Direction,
        /// Cells to move it by.
        #[serde(rename = "cells")]
        pub cells: i64,
    }
    /// `structuredContent` of `resize_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Columns after resizing.
        #[serde(rename = "width")]
        pub width: i64,
        /// Rows after resizing.
        #[serde(rename = "height")]
        pub height: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("width".into(), rt::IntoJson::into_json(self.width));
            object.insert("height".into(), rt::IntoJson::into_json(self.height));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Direction {
        #[serde(rename = "up")]
        Up,
        #[serde(rename = "down")]
        Down,
        #[serde(rename = "left")]
        Left,
        #[serde(rename = "right")]
        Right,
    }
    impl Direction {
        pub fn as_str(self) -> &'static str {
            match self {
                Direction::Up => "up",
                Direction::Down => "down",
                Direction::Left => "left",
                Direction::Right => "right",
            }
        }
    }
    impl rt::IntoJson for Direction {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `resize_pane`: Move one edge of a pane by a number of cells. Returns the size tmux applied.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `resize_pane`",
        note = "implement `resize_pane::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn resize_pane<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `resize_window`: Resize window
pub mod resize_window {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `resize_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Window id (@2).
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Columns.
        #[serde(rename = "width")]
        pub width: i64,
        /// Rows.
        #[serde(rename = "height")]
        pub height: i64,
    }
    /// `structuredContent` of `resize_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Window id.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Columns applied.
        #[serde(rename = "width")]
        pub width: i64,
        /// Rows applied.
        #[serde(rename = "height")]
        pub height: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("width".into(), rt::IntoJson::into_json(self.width));
            object.insert("height".into(), rt::IntoJson::into_json(self.height));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `resize_window`: Set a window to an exact size. Returns the size tmux applied.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `resize_window`",
        note = "implement `resize_window::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn resize_window<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `respawn_pane`: Respawn pane
pub mod respawn_pane {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `respawn_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Kill a running process first.
        #[serde(rename = "kill_first")]
        pub kill_first: bool,
    }
    /// `structuredContent` of `respawn_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// New process id.
        #[serde(rename = "pid")]
        pub pid: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("pid".into(), rt::IntoJson::into_json(self.pid));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `respawn_pane`: Restart a pane's configured command; a running process is refused unless kill_first.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `respawn_pane`",
        note = "implement `respawn_pane::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn respawn_pane<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `run_shell_command`: Run shell command
pub mod run_shell_command {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `run_shell_command`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Shell command line (no control characters but tab, CR, LF).
        #[serde(rename = "command")]
        pub command: ::std::string::String,
        /// Deadline in seconds (default 30, 1..600).
        #[serde(rename = "seconds")]
        #[serde(default)]
        pub seconds: ::core::option::Option<i64>,
        /// Keep the command out of shell history.
        #[serde(rename = "suppress_history")]
        pub suppress_history: bool,
        /// Most lines returned.
        #[serde(rename = "max_lines")]
        pub max_lines: i64,
        /// Most bytes returned.
        #[serde(rename = "max_bytes")]
        pub max_bytes: i64,
    }
    /// `structuredContent` of `run_shell_command`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Why it ended.
        #[serde(rename = "outcome")]
        pub outcome: Outcome,
        /// The command's (or exiting shell's) status.
        #[serde(rename = "exit_status")]
        #[serde(default)]
        pub exit_status: ::core::option::Option<i64>,
        /// The deadline passed first.
        #[serde(rename = "timed_out")]
        pub timed_out: bool,
        /// Deadline used.
        #[serde(rename = "seconds")]
        pub seconds: i64,
        /// Time taken.
        #[serde(rename = "elapsed_ms")]
        pub elapsed_ms: i64,
        /// The newest output (untrusted).
        #[serde(rename = "output")]
        pub output: ::std::string::String,
        /// Lines printed.
        #[serde(rename = "output_lines")]
        pub output_lines: i64,
        /// Text bytes printed.
        #[serde(rename = "output_bytes")]
        pub output_bytes: i64,
        /// output is only the newest part.
        #[serde(rename = "truncated")]
        pub truncated: bool,
        /// Secret-shaped spans replaced by [masked:kind] markers.
        #[serde(rename = "masked")]
        pub masked: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("outcome".into(), rt::IntoJson::into_json(self.outcome));
            object
                .insert("exit_status".into(), rt::IntoJson::into_json(self.exit_status));
            object.insert("timed_out".into(), rt::IntoJson::into_json(self.timed_out));
            object.insert("seconds".into(), rt::IntoJson::into_json(self.seconds));
            object.insert("elapsed_ms".into(), rt::IntoJson::into_json(self.elapsed_ms));
            object.insert("output".into(), rt::IntoJson::into_json(self.output));
            object
                .insert(
                    "output_lines".into(),
                    rt::IntoJson::into_json(self.output_lines),
                );
            object
                .insert(
                    "output_bytes".into(),
                    rt::IntoJson::into_json(self.output_bytes),
                );
            object.insert("truncated".into(), rt::IntoJson::into_json(self.truncated));
            object.insert("masked".into(), rt::IntoJson::into_json(self.masked));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Outcome {
        #[serde(rename = "completed")]
        Completed,
        #[serde(rename = "timed_out")]
        TimedOut,
        #[serde(rename = "pane_closed")]
        PaneClosed,
        #[serde(rename = "shell_replaced")]
        ShellReplaced,
    }
    impl Outcome {
        pub fn as_str(self) -> &'static str {
            match self {
                Outcome::Completed => "completed",
                Outcome::TimedOut => "timed_out",
                Outcome::PaneClosed => "pane_closed",
                Outcome::ShellReplaced => "shell_replaced",
            }
        }
    }
    impl rt::IntoJson for Outcome {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `run_shell_command`: Run a command line in the pane's own shell (cd, export persist; exit closes the pane); returns exit status and newest output. Refused unless the shell is at its prompt; at the deadline the command runs on.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `run_shell_command`",
        note = "implement `run_shell_command::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn run_shell_command<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `search_panes`: Search panes
pub mod search_panes {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `search_panes`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Text or regex to look for.
        #[serde(rename = "pattern")]
        pub pattern: ::std::string::String,
        /// Treat pattern as a regex.
        #[serde(rename = "regex")]
        pub regex: bool,
        /// Case-sensitive matching.
        #[serde(rename = "match_case")]
        pub match_case: bool,
        /// Search scrollback too.
        #[serde(rename = "history")]
        pub history: bool,
        /// Only panes of this session.
        #[serde(rename = "session")]
        #[serde(default)]
        pub session: ::core::option::Option<::std::string::String>,
        /// Only panes of this window.
        #[serde(rename = "window")]
        #[serde(default)]
        pub window: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `search_panes`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Matching lines.
        #[serde(rename = "matches")]
        pub matches: ::std::vec::Vec<MatchesItem>,
        /// Panes whose text was searched.
        #[serde(rename = "panes_searched")]
        pub panes_searched: i64,
        /// Bounds that cut the search short.
        #[serde(rename = "limits_hit")]
        pub limits_hit: ::std::vec::Vec<LimitsHitItem>,
        /// Secret-shaped spans replaced by [masked:kind] markers.
        #[serde(rename = "masked")]
        pub masked: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("matches".into(), rt::IntoJson::into_json(self.matches));
            object
                .insert(
                    "panes_searched".into(),
                    rt::IntoJson::into_json(self.panes_searched),
                );
            object.insert("limits_hit".into(), rt::IntoJson::into_json(self.limits_hit));
            object.insert("masked".into(), rt::IntoJson::into_json(self.masked));
            rt::serde_json::Value::Object(object)
        }
    }
    /// One matching line.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct MatchesItem {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Line number, 0 = top of screen, negative = scrollback.
        #[serde(rename = "line")]
        pub line: i64,
        /// The line (untrusted).
        #[serde(rename = "text")]
        pub text: ::std::string::String,
    }
    impl rt::IntoJson for MatchesItem {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("line".into(), rt::IntoJson::into_json(self.line));
            object.insert("text".into(), rt::IntoJson::into_json(self.text));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum LimitsHitItem {
        #[serde(rename = "panes")]
        Panes,
        #[serde(rename = "lines")]
        Lines,
        #[serde(rename = "matches")]
        Matches,
        #[serde(rename = "time")]
        Time,
    }
    impl LimitsHitItem {
        pub fn as_str(self) -> &'static str {
            match self {
                LimitsHitItem::Panes => "panes",
                LimitsHitItem::Lines => "lines",
                LimitsHitItem::Matches => "matches",
                LimitsHitItem::Time => "time",
            }
        }
    }
    impl rt::IntoJson for LimitsHitItem {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `search_panes`: Find panes whose text holds a literal or regex (linear-time), in one session or window if given; bounded (limits_hit names bounds reached).
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `search_panes`",
        note = "implement `search_panes::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn search_panes<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `select_layout`: Select layout
pub mod select_layout {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `select_layout`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Window id (@2).
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Preset name, abbreviation or layout string.
        #[serde(rename = "layout")]
        pub layout: ::std::string::String,
    }
    /// `structuredContent` of `select_layout`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Window id.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Layout string now in effect.
        #[serde(rename = "layout")]
        pub layout: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("layout".into(), rt::IntoJson::into_json(self.layout));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `select_layout`: Arrange a window's panes: preset (even-horizontal, even-vertical, main-horizontal, main-vertical, tiled), abbreviation or layout string; returns the layout.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `select_layout`",
        note = "implement `select_layout::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn select_layout<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `select_pane`: Select pane
pub mod select_pane {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `select_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Move relative to pane instead of selecting it.
        #[serde(rename = "direction")]
        #[serde(default)]
        pub direction: ::core::option::Option<Direction>,
    }
    /// `structuredContent` of `select_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane now active.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Its window.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Direction {
        #[serde(rename = "up")]
        Up,
        #[serde(rename = "down")]
        Down,
        #[serde(rename = "left")]
        Left,
        #[serde(rename = "right")]
        Right,
        #[serde(rename = "last")]
        Last,
        #[serde(rename = "next")]
        Next,
        #[serde(rename = "previous")]
        Previous,
    }
    impl Direction {
        pub fn as_str(self) -> &'static str {
            match self {
                Direction::Up => "up",
                Direction::Down => "down",
                Direction::Left => "left",
                Direction::Right => "right",
                Direction::Last => "last",
                Direction::Next => "next",
                Direction::Previous => "previous",
            }
        }
    }
    impl rt::IntoJson for Direction {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `select_pane`: Make a pane active, or move from it up, down, left, right, to the last, next or previous pane.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `select_pane`",
        note = "implement `select_pane::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn select_pane<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `select_window`: Select window
pub mod select_window {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `select_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Window id (@2).
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Move relative to window instead of selecting it.
        #[serde(rename = "direction")]
        #[serde(default)]
        pub direction: ::core::option::Option<Direction>,
    }
    /// `structuredContent` of `select_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Window now current.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Its session.
        #[serde(rename = "session")]
        pub session: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Direction {
        #[serde(rename = "next")]
        Next,
        #[serde(rename = "previous")]
        Previous,
        #[serde(rename = "last")]
        Last,
    }
    impl Direction {
        pub fn as_str(self) -> &'static str {
            match self {
                Direction::Next => "next",
                Direction::Previous => "previous",
                Direction::Last => "last",
            }
        }
    }
    impl rt::IntoJson for Direction {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `select_window`: Make a window current in its session, or move to the next, previous or last window from it.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `select_window`",
        note = "implement `select_window::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn select_window<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `send_keys`: Send keys
pub mod send_keys {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `send_keys`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Literal text to type (no control characters but tab, CR, LF; use keys).
        #[serde(rename = "text")]
        #[serde(default)]
        pub text: ::core::option::Option<::std::string::String>,
        /// tmux key names pressed after text, e.g. C-c, Enter, Up.
        #[serde(rename = "keys")]
        #[serde(default)]
        pub keys: ::core::option::Option<::std::vec::Vec<::std::string::String>>,
        /// Press Enter last.
        #[serde(rename = "enter")]
        pub enter: bool,
    }
    /// `structuredContent` of `send_keys`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Bytes of text typed.
        #[serde(rename = "text_bytes")]
        pub text_bytes: i64,
        /// Keys pressed, Enter included.
        #[serde(rename = "keys")]
        pub keys: i64,
        /// Where this input's output begins; pass as since to wait_for_text or wait_for_quiet.
        #[serde(rename = "since")]
        pub since: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("text_bytes".into(), rt::IntoJson::into_json(self.text_bytes));
            object.insert("keys".into(), rt::IntoJson::into_json(self.keys));
            object.insert("since".into(), rt::IntoJson::into_json(self.since));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `send_keys`: Type literal text, then press tmux keys (Enter, C-c, Up...); unknown key names are refused. Prompts: send_prompt; exit status: run_shell_command.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `send_keys`",
        note = "implement `send_keys::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn send_keys<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `send_keys_batch`: Send keys to several panes
pub mod send_keys_batch {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `send_keys_batch`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Rows, run in order.
        #[serde(rename = "operations")]
        pub operations: ::std::vec::Vec<OperationsItem>,
        /// On a failed row, stop or continue.
        #[serde(rename = "on_error")]
        pub on_error: super::types::OnError,
    }
    /// `structuredContent` of `send_keys_batch`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// One row per operation run.
        #[serde(rename = "results")]
        pub results: ::std::vec::Vec<ResultsItem>,
        /// Rows that succeeded.
        #[serde(rename = "succeeded")]
        pub succeeded: i64,
        /// Rows that failed.
        #[serde(rename = "failed")]
        pub failed: i64,
        /// Index of the row that stopped the batch.
        #[serde(rename = "stopped_at")]
        #[serde(default)]
        pub stopped_at: ::core::option::Option<i64>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("results".into(), rt::IntoJson::into_json(self.results));
            object.insert("succeeded".into(), rt::IntoJson::into_json(self.succeeded));
            object.insert("failed".into(), rt::IntoJson::into_json(self.failed));
            object.insert("stopped_at".into(), rt::IntoJson::into_json(self.stopped_at));
            rt::serde_json::Value::Object(object)
        }
    }
    /// One row.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct OperationsItem {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Literal text to type (no control characters but tab, CR, LF; use keys).
        #[serde(rename = "text")]
        #[serde(default)]
        pub text: ::core::option::Option<::std::string::String>,
        /// tmux key names pressed after text.
        #[serde(rename = "keys")]
        #[serde(default)]
        pub keys: ::core::option::Option<::std::vec::Vec<::std::string::String>>,
        /// Press Enter last.
        #[serde(rename = "enter")]
        pub enter: bool,
    }
    /// A row.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct ResultsItem {
        /// Position in operations.
        #[serde(rename = "index")]
        pub index: i64,
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// The input was sent.
        #[serde(rename = "success")]
        pub success: bool,
        /// Where this input's output begins; pass as since to wait_for_text or wait_for_quiet.
        #[serde(rename = "since")]
        #[serde(default)]
        pub since: ::core::option::Option<::std::string::String>,
        /// A typed failure.
        #[serde(rename = "error")]
        #[serde(default)]
        pub error: ::core::option::Option<super::types::ToolError>,
    }
    impl rt::IntoJson for ResultsItem {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("index".into(), rt::IntoJson::into_json(self.index));
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("success".into(), rt::IntoJson::into_json(self.success));
            object.insert("since".into(), rt::IntoJson::into_json(self.since));
            object.insert("error".into(), rt::IntoJson::into_json(self.error));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `send_keys_batch`: Ordered input to one or more panes, 1..64 rows of send_keys arguments, each reported.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `send_keys_batch`",
        note = "implement `send_keys_batch::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn send_keys_batch<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `send_prompt`: Send prompt
pub mod send_prompt {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `send_prompt`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// The prompt; several lines stay one (no control characters but tab, CR, LF).
        #[serde(rename = "text")]
        pub text: ::std::string::String,
        /// Press Enter after the paste.
        #[serde(rename = "submit")]
        pub submit: bool,
        /// Deadline in seconds (default 30, 1..600).
        #[serde(rename = "seconds")]
        #[serde(default)]
        pub seconds: ::core::option::Option<i64>,
    }
    /// `structuredContent` of `send_prompt`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// What became of the prompt.
        #[serde(rename = "outcome")]
        pub outcome: Outcome,
        /// Why it was refused or not submitted.
        #[serde(rename = "reason")]
        #[serde(default)]
        pub reason: ::core::option::Option<::std::string::String>,
        /// How the text went: bracketed_paste (the program asked), paste (bracketed if it asked; this tmux cannot say), keys (it did not ask: typed, each newline an Enter).
        #[serde(rename = "delivery")]
        #[serde(default)]
        pub delivery: ::core::option::Option<Delivery>,
        /// Enter keys pressed.
        #[serde(rename = "enter_presses")]
        pub enter_presses: i64,
        /// Time taken.
        #[serde(rename = "elapsed_ms")]
        pub elapsed_ms: i64,
        /// Where this input's output begins; pass as since to wait_for_text or wait_for_quiet.
        #[serde(rename = "since")]
        #[serde(default)]
        pub since: ::core::option::Option<::std::string::String>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("outcome".into(), rt::IntoJson::into_json(self.outcome));
            object.insert("reason".into(), rt::IntoJson::into_json(self.reason));
            object.insert("delivery".into(), rt::IntoJson::into_json(self.delivery));
            object
                .insert(
                    "enter_presses".into(),
                    rt::IntoJson::into_json(self.enter_presses),
                );
            object.insert("elapsed_ms".into(), rt::IntoJson::into_json(self.elapsed_ms));
            object.insert("since".into(), rt::IntoJson::into_json(self.since));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Outcome {
        #[serde(rename = "submitted")]
        Submitted,
        #[serde(rename = "pasted_not_submitted")]
        PastedNotSubmitted,
        #[serde(rename = "refused")]
        Refused,
        #[serde(rename = "pane_closed")]
        PaneClosed,
    }
    impl Outcome {
        pub fn as_str(self) -> &'static str {
            match self {
                Outcome::Submitted => "submitted",
                Outcome::PastedNotSubmitted => "pasted_not_submitted",
                Outcome::Refused => "refused",
                Outcome::PaneClosed => "pane_closed",
            }
        }
    }
    impl rt::IntoJson for Outcome {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Delivery {
        #[serde(rename = "bracketed_paste")]
        BracketedPaste,
        #[serde(rename = "paste")]
        Paste,
        #[serde(rename = "keys")]
        Keys,
    }
    impl Delivery {
        pub fn as_str(self) -> &'static str {
            match self {
                Delivery::BracketedPaste => "bracketed_paste",
                Delivery::Paste => "paste",
                Delivery::Keys => "keys",
            }
        }
    }
    impl rt::IntoJson for Delivery {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `send_prompt`: Hand a prompt (several lines too) to a pane's program (agent TUI, REPL, shell) and submit it: one paste (bracketed if asked), Enter once taken, again while it waits; submitted once it left the input line. Refused, nothing sent, when the pane is dead, in a mode, reads no input, asks a question or would get several submissions. Then wait_for_agent, wait_for_quiet or wait_for_text from since.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `send_prompt`",
        note = "implement `send_prompt::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn send_prompt<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `set_history_limit`: Set history limit
pub mod set_history_limit {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `set_history_limit`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Lines of scrollback to keep.
        #[serde(rename = "limit")]
        pub limit: i64,
        /// Only this session; omit for the global default.
        #[serde(rename = "session")]
        #[serde(default)]
        pub session: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `set_history_limit`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Session changed, or null for global.
        #[serde(rename = "session")]
        #[serde(default)]
        pub session: ::core::option::Option<::std::string::String>,
        /// Value now set.
        #[serde(rename = "limit")]
        pub limit: i64,
        /// Value before.
        #[serde(rename = "previous")]
        pub previous: i64,
        /// Scrollback lines discarded, when tmux reports them.
        #[serde(rename = "discarded_lines")]
        #[serde(default)]
        pub discarded_lines: ::core::option::Option<i64>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            object.insert("limit".into(), rt::IntoJson::into_json(self.limit));
            object.insert("previous".into(), rt::IntoJson::into_json(self.previous));
            object
                .insert(
                    "discarded_lines".into(),
                    rt::IntoJson::into_json(self.discarded_lines),
                );
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `set_history_limit`: Set history-limit globally or per session. Lowering it can discard scrollback (at once on tmux 3.7+); the result reports what tmux says it discarded.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `set_history_limit`",
        note = "implement `set_history_limit::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn set_history_limit<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `set_mouse_enabled`: Set mouse
pub mod set_mouse_enabled {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `set_mouse_enabled`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// On or off.
        #[serde(rename = "enabled")]
        pub enabled: bool,
        /// Only this session; omit for the global default.
        #[serde(rename = "session")]
        #[serde(default)]
        pub session: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `set_mouse_enabled`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Session changed, or null for global.
        #[serde(rename = "session")]
        #[serde(default)]
        pub session: ::core::option::Option<::std::string::String>,
        /// Value now set.
        #[serde(rename = "enabled")]
        pub enabled: bool,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            object.insert("enabled".into(), rt::IntoJson::into_json(self.enabled));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `set_mouse_enabled`: Turn tmux mouse support on or off, globally or for one session.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `set_mouse_enabled`",
        note = "implement `set_mouse_enabled::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn set_mouse_enabled<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `set_pane_title`: Set pane title
pub mod set_pane_title {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `set_pane_title`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// New title (no backslash or control characters).
        #[serde(rename = "title")]
        pub title: ::std::string::String,
    }
    /// `structuredContent` of `set_pane_title`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Title now stored.
        #[serde(rename = "title")]
        pub title: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("title".into(), rt::IntoJson::into_json(self.title));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `set_pane_title`: Set a pane's title. The title is stored literally.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `set_pane_title`",
        note = "implement `set_pane_title::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn set_pane_title<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `set_synchronize_panes`: Set synchronize-panes
pub mod set_synchronize_panes {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `set_synchronize_panes`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Window id (@2).
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// On or off.
        #[serde(rename = "enabled")]
        pub enabled: bool,
    }
    /// `structuredContent` of `set_synchronize_panes`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Window id.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Value now set.
        #[serde(rename = "enabled")]
        pub enabled: bool,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("enabled".into(), rt::IntoJson::into_json(self.enabled));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `set_synchronize_panes`: Turn synchronize-panes on or off for a window; while on, input to one of its panes reaches all of them.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `set_synchronize_panes`",
        note = "implement `set_synchronize_panes::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn set_synchronize_panes<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `show_environment`: Show environment
pub mod show_environment {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `show_environment`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Session environment; omit for the global one.
        #[serde(rename = "session")]
        #[serde(default)]
        pub session: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `show_environment`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Session read, or null for global.
        #[serde(rename = "session")]
        #[serde(default)]
        pub session: ::core::option::Option<::std::string::String>,
        /// Variables, sorted by name.
        #[serde(rename = "entries")]
        pub entries: ::std::vec::Vec<EntriesItem>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("session".into(), rt::IntoJson::into_json(self.session));
            object.insert("entries".into(), rt::IntoJson::into_json(self.entries));
            rt::serde_json::Value::Object(object)
        }
    }
    /// A variable.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct EntriesItem {
        /// Variable name.
        #[serde(rename = "name")]
        pub name: ::std::string::String,
        /// False when marked for removal.
        #[serde(rename = "set")]
        pub set: bool,
        /// Value, if the operator allows it.
        #[serde(rename = "value")]
        #[serde(default)]
        pub value: ::core::option::Option<::std::string::String>,
        /// The value is withheld.
        #[serde(rename = "withheld")]
        pub withheld: bool,
    }
    impl rt::IntoJson for EntriesItem {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("name".into(), rt::IntoJson::into_json(self.name));
            object.insert("set".into(), rt::IntoJson::into_json(self.set));
            object.insert("value".into(), rt::IntoJson::into_json(self.value));
            object.insert("withheld".into(), rt::IntoJson::into_json(self.withheld));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `show_environment`: Environment names new panes get (global or a session's), set or unset; values only for names in LIBTMUX_ENVIRONMENT_VALUES.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `show_environment`",
        note = "implement `show_environment::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn show_environment<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `show_hooks`: Show hooks
pub mod show_hooks {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `show_hooks`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Session hooks; omit for the global ones.
        #[serde(rename = "session")]
        #[serde(default)]
        pub session: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `show_hooks`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Hooks in tmux order.
        #[serde(rename = "hooks")]
        pub hooks: ::std::vec::Vec<HooksItem>,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("hooks".into(), rt::IntoJson::into_json(self.hooks));
            rt::serde_json::Value::Object(object)
        }
    }
    /// A hook.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct HooksItem {
        /// Hook name, with index, e.g. after-new-session[0].
        #[serde(rename = "name")]
        pub name: ::std::string::String,
        /// Command it runs.
        #[serde(rename = "command")]
        pub command: ::std::string::String,
    }
    impl rt::IntoJson for HooksItem {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("name".into(), rt::IntoJson::into_json(self.name));
            object.insert("command".into(), rt::IntoJson::into_json(self.command));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `show_hooks`: Hooks set globally or for a session, with their commands.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `show_hooks`",
        note = "implement `show_hooks::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn show_hooks<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `show_option`: Show option
pub mod show_option {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `show_option`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Option, e.g. history-limit or @mine.
        #[serde(rename = "name")]
        pub name: ::std::string::String,
        /// Where to read it.
        #[serde(rename = "scope")]
        pub scope: Scope,
        /// Session, window or pane to read.
        #[serde(rename = "target")]
        #[serde(default)]
        pub target: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `show_option`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Option name.
        #[serde(rename = "name")]
        pub name: ::std::string::String,
        /// Scope read.
        #[serde(rename = "scope")]
        pub scope: ::std::string::String,
        /// Value; null when unset everywhere.
        #[serde(rename = "value")]
        #[serde(default)]
        pub value: ::core::option::Option<::std::string::String>,
        /// The value comes from a wider scope.
        #[serde(rename = "inherited")]
        pub inherited: bool,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("name".into(), rt::IntoJson::into_json(self.name));
            object.insert("scope".into(), rt::IntoJson::into_json(self.scope));
            object.insert("value".into(), rt::IntoJson::into_json(self.value));
            object.insert("inherited".into(), rt::IntoJson::into_json(self.inherited));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Scope {
        #[serde(rename = "server")]
        Server,
        #[serde(rename = "global-session")]
        GlobalSession,
        #[serde(rename = "global-window")]
        GlobalWindow,
        #[serde(rename = "session")]
        Session,
        #[serde(rename = "window")]
        Window,
        #[serde(rename = "pane")]
        Pane,
    }
    impl Scope {
        pub fn as_str(self) -> &'static str {
            match self {
                Scope::Server => "server",
                Scope::GlobalSession => "global-session",
                Scope::GlobalWindow => "global-window",
                Scope::Session => "session",
                Scope::Window => "window",
                Scope::Pane => "pane",
            }
        }
    }
    impl rt::IntoJson for Scope {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `show_option`: Read one tmux option at a scope, and whether it is set there or inherited.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `show_option`",
        note = "implement `show_option::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn show_option<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `signal_channel`: Signal channel
pub mod signal_channel {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `signal_channel`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Channel name.
        #[serde(rename = "channel")]
        pub channel: ::std::string::String,
    }
    /// `structuredContent` of `signal_channel`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Channel signalled.
        #[serde(rename = "channel")]
        pub channel: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("channel".into(), rt::IntoJson::into_json(self.channel));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `signal_channel`: Signal a tmux wait-for channel, waking every waiter on it.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `signal_channel`",
        note = "implement `signal_channel::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn signal_channel<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `snapshot_pane`: Snapshot pane
pub mod snapshot_pane {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `snapshot_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Newest lines to keep.
        #[serde(rename = "max_lines")]
        #[serde(default)]
        pub max_lines: ::core::option::Option<i64>,
        /// Include scrollback.
        #[serde(rename = "history")]
        pub history: bool,
    }
    /// `structuredContent` of `snapshot_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Screen text (untrusted).
        #[serde(rename = "content")]
        pub content: ::std::string::String,
        /// Lines returned.
        #[serde(rename = "lines")]
        pub lines: i64,
        /// Lines were dropped to fit the bounds.
        #[serde(rename = "truncated")]
        pub truncated: bool,
        /// Columns.
        #[serde(rename = "width")]
        pub width: i64,
        /// Rows.
        #[serde(rename = "height")]
        pub height: i64,
        /// Cursor column, from 0.
        #[serde(rename = "cursor_x")]
        pub cursor_x: i64,
        /// Cursor row, from 0.
        #[serde(rename = "cursor_y")]
        pub cursor_y: i64,
        /// Pane mode, e.g. copy-mode; null when none.
        #[serde(rename = "mode")]
        #[serde(default)]
        pub mode: ::core::option::Option<::std::string::String>,
        /// Lines scrolled back in copy mode.
        #[serde(rename = "scroll_position")]
        #[serde(default)]
        pub scroll_position: ::core::option::Option<i64>,
        /// A full-screen program owns the screen.
        #[serde(rename = "alternate_screen")]
        pub alternate_screen: bool,
        /// The pane's process has exited.
        #[serde(rename = "dead")]
        pub dead: bool,
        /// Program with the terminal.
        #[serde(rename = "foreground_command")]
        #[serde(default)]
        pub foreground_command: ::core::option::Option<::std::string::String>,
        /// Its process id.
        #[serde(rename = "foreground_pid")]
        #[serde(default)]
        pub foreground_pid: ::core::option::Option<i64>,
        /// Its shell is at a prompt.
        #[serde(rename = "at_prompt")]
        pub at_prompt: bool,
        /// Since its last text, if followed.
        #[serde(rename = "idle_ms")]
        #[serde(default)]
        pub idle_ms: ::core::option::Option<i64>,
        /// The agent's state (hooks, or a known CLI's screen).
        #[serde(rename = "agent_state")]
        #[serde(default)]
        pub agent_state: ::core::option::Option<super::types::AgentState>,
        /// Age of a hooks report.
        #[serde(rename = "agent_state_ms")]
        #[serde(default)]
        pub agent_state_ms: ::core::option::Option<i64>,
        /// Its source.
        #[serde(rename = "agent_state_source")]
        #[serde(default)]
        pub agent_state_source: ::core::option::Option<super::types::AgentStateSource>,
        /// Secret-shaped spans replaced by [masked:kind] markers.
        #[serde(rename = "masked")]
        pub masked: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("content".into(), rt::IntoJson::into_json(self.content));
            object.insert("lines".into(), rt::IntoJson::into_json(self.lines));
            object.insert("truncated".into(), rt::IntoJson::into_json(self.truncated));
            object.insert("width".into(), rt::IntoJson::into_json(self.width));
            object.insert("height".into(), rt::IntoJson::into_json(self.height));
            object.insert("cursor_x".into(), rt::IntoJson::into_json(self.cursor_x));
            object.insert("cursor_y".into(), rt::IntoJson::into_json(self.cursor_y));
            object.insert("mode".into(), rt::IntoJson::into_json(self.mode));
            object
                .insert(
                    "scroll_position".into(),
                    rt::IntoJson::into_json(self.scroll_position),
                );
            object
                .insert(
                    "alternate_screen".into(),
                    rt::IntoJson::into_json(self.alternate_screen),
                );
            object.insert("dead".into(), rt::IntoJson::into_json(self.dead));
            object
                .insert(
                    "foreground_command".into(),
                    rt::IntoJson::into_json(self.foreground_command),
                );
            object
                .insert(
                    "foreground_pid".into(),
                    rt::IntoJson::into_json(self.foreground_pid),
                );
            object.insert("at_prompt".into(), rt::IntoJson::into_json(self.at_prompt));
            object.insert("idle_ms".into(), rt::IntoJson::into_json(self.idle_ms));
            object
                .insert("agent_state".into(), rt::IntoJson::into_json(self.agent_state));
            object
                .insert(
                    "agent_state_ms".into(),
                    rt::IntoJson::into_json(self.agent_state_ms),
                );
            object
                .insert(
                    "agent_state_source".into(),
                    rt::IntoJson::into_json(self.agent_state_source),
                );
            object.insert("masked".into(), rt::IntoJson::into_json(self.masked));
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `snapshot_pane`: Screen text with cursor, size, mode, scroll position, alternate screen, dead flag, in one call: look before typing into a pane in an unknown state.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `snapshot_pane`",
        note = "implement `snapshot_pane::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn snapshot_pane<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `split_window`: Split window
pub mod split_window {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `split_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Where the new pane goes.
        #[serde(rename = "direction")]
        pub direction: Direction,
        /// Size of the new pane, percent of the split pane.
        #[serde(rename = "percent")]
        #[serde(default)]
        pub percent: ::core::option::Option<i64>,
        /// Absolute working directory.
        #[serde(rename = "start_directory")]
        #[serde(default)]
        pub start_directory: ::core::option::Option<::std::string::String>,
    }
    /// `structuredContent` of `split_window`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// New pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Its window.
        #[serde(rename = "window")]
        pub window: ::std::string::String,
        /// Columns.
        #[serde(rename = "width")]
        pub width: i64,
        /// Rows.
        #[serde(rename = "height")]
        pub height: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("window".into(), rt::IntoJson::into_json(self.window));
            object.insert("width".into(), rt::IntoJson::into_json(self.width));
            object.insert("height".into(), rt::IntoJson::into_json(self.height));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Direction {
        #[serde(rename = "above")]
        Above,
        #[serde(rename = "below")]
        Below,
        #[serde(rename = "left")]
        Left,
        #[serde(rename = "right")]
        Right,
    }
    impl Direction {
        pub fn as_str(self) -> &'static str {
            match self {
                Direction::Above => "above",
                Direction::Below => "below",
                Direction::Left => "left",
                Direction::Right => "right",
            }
        }
    }
    impl rt::IntoJson for Direction {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `split_window`: Split a pane, starting the default command in the new one; returns it.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `split_window`",
        note = "implement `split_window::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn split_window<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `swap_pane`: Swap panes
pub mod swap_pane {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `swap_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "source_pane")]
        pub source_pane: ::std::string::String,
        /// Pane id (%3).
        #[serde(rename = "target_pane")]
        pub target_pane: ::std::string::String,
    }
    /// `structuredContent` of `swap_pane`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Source pane id.
        #[serde(rename = "source_pane")]
        pub source_pane: ::std::string::String,
        /// Window the source pane is now in.
        #[serde(rename = "source_window")]
        pub source_window: ::std::string::String,
        /// Target pane id.
        #[serde(rename = "target_pane")]
        pub target_pane: ::std::string::String,
        /// Window the target pane is now in.
        #[serde(rename = "target_window")]
        pub target_window: ::std::string::String,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object
                .insert("source_pane".into(), rt::IntoJson::into_json(self.source_pane));
            object
                .insert(
                    "source_window".into(),
                    rt::IntoJson::into_json(self.source_window),
                );
            object
                .insert("target_pane".into(), rt::IntoJson::into_json(self.target_pane));
            object
                .insert(
                    "target_window".into(),
                    rt::IntoJson::into_json(self.target_window),
                );
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `swap_pane`: Swap the positions of two panes, within a window or across windows.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `swap_pane`",
        note = "implement `swap_pane::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn swap_pane<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `wait_for_agent`: Wait for agent
pub mod wait_for_agent {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `wait_for_agent`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// More panes.
        #[serde(rename = "panes")]
        #[serde(default)]
        pub panes: ::core::option::Option<::std::vec::Vec<::std::string::String>>,
        /// Wait for each pane.
        #[serde(rename = "all")]
        pub all: bool,
        /// Deadline in seconds (default 30, 1..600).
        #[serde(rename = "seconds")]
        #[serde(default)]
        pub seconds: ::core::option::Option<i64>,
    }
    /// `structuredContent` of `wait_for_agent`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// The pane that ended the wait.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Why the wait ended.
        #[serde(rename = "outcome")]
        pub outcome: Outcome,
        /// The agent's state (hooks, or a known CLI's screen).
        #[serde(rename = "agent_state")]
        #[serde(default)]
        pub agent_state: ::core::option::Option<super::types::AgentState>,
        /// Age of a hooks report.
        #[serde(rename = "agent_state_ms")]
        #[serde(default)]
        pub agent_state_ms: ::core::option::Option<i64>,
        /// Its source.
        #[serde(rename = "agent_state_source")]
        #[serde(default)]
        pub agent_state_source: ::core::option::Option<super::types::AgentStateSource>,
        /// With deadline, what the reports say and what to do.
        #[serde(rename = "why")]
        #[serde(default)]
        pub why: ::core::option::Option<::std::string::String>,
        /// With panes, what each pane did, in order.
        #[serde(rename = "panes")]
        #[serde(default)]
        pub panes: ::core::option::Option<::std::vec::Vec<PanesItem>>,
        /// Time waited.
        #[serde(rename = "elapsed_ms")]
        pub elapsed_ms: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("outcome".into(), rt::IntoJson::into_json(self.outcome));
            object
                .insert("agent_state".into(), rt::IntoJson::into_json(self.agent_state));
            object
                .insert(
                    "agent_state_ms".into(),
                    rt::IntoJson::into_json(self.agent_state_ms),
                );
            object
                .insert(
                    "agent_state_source".into(),
                    rt::IntoJson::into_json(self.agent_state_source),
                );
            object.insert("why".into(), rt::IntoJson::into_json(self.why));
            object.insert("panes".into(), rt::IntoJson::into_json(self.panes));
            object.insert("elapsed_ms".into(), rt::IntoJson::into_json(self.elapsed_ms));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Outcome {
        #[serde(rename = "idle")]
        Idle,
        #[serde(rename = "asking")]
        Asking,
        #[serde(rename = "deadline")]
        Deadline,
        #[serde(rename = "pane_closed")]
        PaneClosed,
    }
    impl Outcome {
        pub fn as_str(self) -> &'static str {
            match self {
                Outcome::Idle => "idle",
                Outcome::Asking => "asking",
                Outcome::Deadline => "deadline",
                Outcome::PaneClosed => "pane_closed",
            }
        }
    }
    impl rt::IntoJson for Outcome {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Reported {
        #[serde(rename = "idle")]
        Idle,
        #[serde(rename = "asking")]
        Asking,
        #[serde(rename = "pane_closed")]
        PaneClosed,
        #[serde(rename = "waiting")]
        Waiting,
    }
    impl Reported {
        pub fn as_str(self) -> &'static str {
            match self {
                Reported::Idle => "idle",
                Reported::Asking => "asking",
                Reported::PaneClosed => "pane_closed",
                Reported::Waiting => "waiting",
            }
        }
    }
    impl rt::IntoJson for Reported {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// A pane.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct PanesItem {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// What it reported; waiting, nothing yet.
        #[serde(rename = "reported")]
        pub reported: Reported,
        /// The agent's state (hooks, or a known CLI's screen).
        #[serde(rename = "agent_state")]
        #[serde(default)]
        pub agent_state: ::core::option::Option<super::types::AgentState>,
        /// Age of a hooks report.
        #[serde(rename = "agent_state_ms")]
        #[serde(default)]
        pub agent_state_ms: ::core::option::Option<i64>,
        /// Its source.
        #[serde(rename = "agent_state_source")]
        #[serde(default)]
        pub agent_state_source: ::core::option::Option<super::types::AgentStateSource>,
    }
    impl rt::IntoJson for PanesItem {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("reported".into(), rt::IntoJson::into_json(self.reported));
            object
                .insert("agent_state".into(), rt::IntoJson::into_json(self.agent_state));
            object
                .insert(
                    "agent_state_ms".into(),
                    rt::IntoJson::into_json(self.agent_state_ms),
                );
            object
                .insert(
                    "agent_state_source".into(),
                    rt::IntoJson::into_json(self.agent_state_source),
                );
            rt::serde_json::Value::Object(object)
        }
    }
    /// The handler of `wait_for_agent`: Block until the pane's agent (or first of panes; all: each) is idle or asking, by its hooks (pane option agent_state) or a known CLI's screen. Reports before your last input do not count; a turn counted since does.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `wait_for_agent`",
        note = "implement `wait_for_agent::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn wait_for_agent<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `wait_for_channel`: Wait for channel
pub mod wait_for_channel {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `wait_for_channel`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Channel name.
        #[serde(rename = "channel")]
        pub channel: ::std::string::String,
        /// Deadline in seconds (default 30, 1..600).
        #[serde(rename = "seconds")]
        #[serde(default)]
        pub seconds: ::core::option::Option<i64>,
    }
    /// `structuredContent` of `wait_for_channel`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Channel name.
        #[serde(rename = "channel")]
        pub channel: ::std::string::String,
        /// Why the wait ended.
        #[serde(rename = "outcome")]
        pub outcome: Outcome,
        /// Deadline used.
        #[serde(rename = "seconds")]
        pub seconds: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("channel".into(), rt::IntoJson::into_json(self.channel));
            object.insert("outcome".into(), rt::IntoJson::into_json(self.outcome));
            object.insert("seconds".into(), rt::IntoJson::into_json(self.seconds));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Outcome {
        #[serde(rename = "signalled")]
        Signalled,
        #[serde(rename = "deadline")]
        Deadline,
        #[serde(rename = "server_gone")]
        ServerGone,
    }
    impl Outcome {
        pub fn as_str(self) -> &'static str {
            match self {
                Outcome::Signalled => "signalled",
                Outcome::Deadline => "deadline",
                Outcome::ServerGone => "server_gone",
            }
        }
    }
    impl rt::IntoJson for Outcome {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `wait_for_channel`: Block until a wait-for channel is signalled (signal_channel, `tmux wait-for -S`), the deadline passes or tmux ends.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `wait_for_channel`",
        note = "implement `wait_for_channel::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn wait_for_channel<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `wait_for_quiet`: Wait for quiet
pub mod wait_for_quiet {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `wait_for_quiet`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Silence that ends the wait.
        #[serde(rename = "quiet_ms")]
        pub quiet_ms: i64,
        /// Where output starts counting, as wait_for_text.
        #[serde(rename = "since")]
        pub since: ::std::string::String,
        /// Deadline in seconds (default 30, 1..600).
        #[serde(rename = "seconds")]
        #[serde(default)]
        pub seconds: ::core::option::Option<i64>,
    }
    /// `structuredContent` of `wait_for_quiet`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Why the wait ended.
        #[serde(rename = "outcome")]
        pub outcome: Outcome,
        /// The last line printed (untrusted).
        #[serde(rename = "line")]
        #[serde(default)]
        pub line: ::core::option::Option<::std::string::String>,
        /// Deadline used.
        #[serde(rename = "seconds")]
        pub seconds: i64,
        /// Time waited.
        #[serde(rename = "elapsed_ms")]
        pub elapsed_ms: i64,
        /// Secret-shaped spans replaced by [masked:kind] markers.
        #[serde(rename = "masked")]
        pub masked: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("outcome".into(), rt::IntoJson::into_json(self.outcome));
            object.insert("line".into(), rt::IntoJson::into_json(self.line));
            object.insert("seconds".into(), rt::IntoJson::into_json(self.seconds));
            object.insert("elapsed_ms".into(), rt::IntoJson::into_json(self.elapsed_ms));
            object.insert("masked".into(), rt::IntoJson::into_json(self.masked));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Outcome {
        #[serde(rename = "quiet")]
        Quiet,
        #[serde(rename = "deadline")]
        Deadline,
        #[serde(rename = "pane_closed")]
        PaneClosed,
    }
    impl Outcome {
        pub fn as_str(self) -> &'static str {
            match self {
                Outcome::Quiet => "quiet",
                Outcome::Deadline => "deadline",
                Outcome::PaneClosed => "pane_closed",
            }
        }
    }
    impl rt::IntoJson for Outcome {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `wait_for_quiet`: Block until the pane, having printed since `since`, prints nothing for quiet_ms (a program finished), the pane closes or the deadline passes. Silence before the call counts; escape sequences and your input's echo do not.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `wait_for_quiet`",
        note = "implement `wait_for_quiet::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn wait_for_quiet<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// `wait_for_text`: Wait for text
pub mod wait_for_text {
    #[allow(unused_imports)]
    use ::tmux_mcp_runtime as rt;
    /// Arguments of `wait_for_text`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(deny_unknown_fields, crate = "::tmux_mcp_runtime::serde")]
    pub struct Args {
        /// Pane id (%3).
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// A match ends the wait (matched).
        #[serde(rename = "patterns")]
        #[serde(default)]
        pub patterns: ::core::option::Option<::std::vec::Vec<::std::string::String>>,
        /// A match ends the wait (stopped), e.g. an error.
        #[serde(rename = "stop")]
        #[serde(default)]
        pub stop: ::core::option::Option<::std::vec::Vec<::std::string::String>>,
        /// Patterns are regexes.
        #[serde(rename = "regex")]
        pub regex: bool,
        /// Case-sensitive matching.
        #[serde(rename = "match_case")]
        pub match_case: bool,
        /// Where matching starts.
        #[serde(rename = "since")]
        pub since: ::std::string::String,
        /// Deadline in seconds (default 30, 1..600).
        #[serde(rename = "seconds")]
        #[serde(default)]
        pub seconds: ::core::option::Option<i64>,
    }
    /// `structuredContent` of `wait_for_text`.
    #[derive(Debug, Clone, PartialEq, rt::serde::Serialize, rt::serde::Deserialize)]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub struct Output {
        /// Pane id.
        #[serde(rename = "pane")]
        pub pane: ::std::string::String,
        /// Why the wait ended.
        #[serde(rename = "outcome")]
        pub outcome: Outcome,
        /// The pattern that matched.
        #[serde(rename = "pattern")]
        #[serde(default)]
        pub pattern: ::core::option::Option<::std::string::String>,
        /// The matching line, or the first new one (untrusted).
        #[serde(rename = "line")]
        #[serde(default)]
        pub line: ::core::option::Option<::std::string::String>,
        /// Was printed earlier.
        #[serde(rename = "already_present")]
        pub already_present: bool,
        /// Pattern on screen at deadline.
        #[serde(rename = "on_screen")]
        #[serde(default)]
        pub on_screen: ::core::option::Option<bool>,
        /// Deadline used.
        #[serde(rename = "seconds")]
        pub seconds: i64,
        /// Time waited.
        #[serde(rename = "elapsed_ms")]
        pub elapsed_ms: i64,
        /// Secret-shaped spans replaced by [masked:kind] markers.
        #[serde(rename = "masked")]
        pub masked: i64,
    }
    impl rt::IntoJson for Output {
        fn into_json(self) -> rt::serde_json::Value {
            let mut object = rt::serde_json::Map::new();
            object.insert("pane".into(), rt::IntoJson::into_json(self.pane));
            object.insert("outcome".into(), rt::IntoJson::into_json(self.outcome));
            object.insert("pattern".into(), rt::IntoJson::into_json(self.pattern));
            object.insert("line".into(), rt::IntoJson::into_json(self.line));
            object
                .insert(
                    "already_present".into(),
                    rt::IntoJson::into_json(self.already_present),
                );
            object.insert("on_screen".into(), rt::IntoJson::into_json(self.on_screen));
            object.insert("seconds".into(), rt::IntoJson::into_json(self.seconds));
            object.insert("elapsed_ms".into(), rt::IntoJson::into_json(self.elapsed_ms));
            object.insert("masked".into(), rt::IntoJson::into_json(self.masked));
            rt::serde_json::Value::Object(object)
        }
    }
    #[derive(
        Debug,
        Clone,
        Copy,
        PartialEq,
        Eq,
        Hash,
        rt::serde::Serialize,
        rt::serde::Deserialize
    )]
    #[serde(crate = "::tmux_mcp_runtime::serde")]
    pub enum Outcome {
        #[serde(rename = "matched")]
        Matched,
        #[serde(rename = "stopped")]
        Stopped,
        #[serde(rename = "deadline")]
        Deadline,
        #[serde(rename = "pane_closed")]
        PaneClosed,
    }
    impl Outcome {
        pub fn as_str(self) -> &'static str {
            match self {
                Outcome::Matched => "matched",
                Outcome::Stopped => "stopped",
                Outcome::Deadline => "deadline",
                Outcome::PaneClosed => "pane_closed",
            }
        }
    }
    impl rt::IntoJson for Outcome {
        fn into_json(self) -> rt::serde_json::Value {
            rt::serde_json::Value::from(self.as_str())
        }
    }
    /// The handler of `wait_for_text`: Block until output matches a pattern (any output if none) or a stop pattern, the pane closes or the deadline passes. since: last_input (output since your last input, even before this call), now, or an input tool's since. Echo never matches.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` has no handler for the tool `wait_for_text`",
        note = "implement `wait_for_text::Handle` for `{Self}`, beside the code the tool calls"
    )]
    pub trait Handle: super::Service {
        fn wait_for_text<'a>(
            tools: &'a Self,
            cx: &'a Self::Context,
            args: Args,
        ) -> impl ::core::future::Future<
            Output = ::core::result::Result<Output, super::ToolError>,
        > + Send + 'a;
    }
}
/// A tool of the catalog, in name order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ToolId {
    CallReadToolsBatch,
    CapturePane,
    CaptureSince,
    ClearPaneScrollback,
    CreateSession,
    CreateWindow,
    FindPaneByPosition,
    GetPaneInfo,
    GetServerInfo,
    GetSessionInfo,
    GetTmuxVariables,
    GetWindowInfo,
    KillPane,
    KillSession,
    KillWindow,
    ListHosts,
    ListPanes,
    ListSessions,
    ListWindows,
    MoveWindow,
    PasteText,
    RenameSession,
    RenameWindow,
    ResizePane,
    ResizeWindow,
    RespawnPane,
    RunShellCommand,
    SearchPanes,
    SelectLayout,
    SelectPane,
    SelectWindow,
    SendKeys,
    SendKeysBatch,
    SendPrompt,
    SetHistoryLimit,
    SetMouseEnabled,
    SetPaneTitle,
    SetSynchronizePanes,
    ShowEnvironment,
    ShowHooks,
    ShowOption,
    SignalChannel,
    SnapshotPane,
    SplitWindow,
    SwapPane,
    WaitForAgent,
    WaitForChannel,
    WaitForQuiet,
    WaitForText,
}
impl ToolId {
    pub const COUNT: usize = 49usize;
    pub const ALL: [ToolId; 49usize] = [
        ToolId::CallReadToolsBatch,
        ToolId::CapturePane,
        ToolId::CaptureSince,
        ToolId::ClearPaneScrollback,
        ToolId::CreateSession,
        ToolId::CreateWindow,
        ToolId::FindPaneByPosition,
        ToolId::GetPaneInfo,
        ToolId::GetServerInfo,
        ToolId::GetSessionInfo,
        ToolId::GetTmuxVariables,
        ToolId::GetWindowInfo,
        ToolId::KillPane,
        ToolId::KillSession,
        ToolId::KillWindow,
        ToolId::ListHosts,
        ToolId::ListPanes,
        ToolId::ListSessions,
        ToolId::ListWindows,
        ToolId::MoveWindow,
        ToolId::PasteText,
        ToolId::RenameSession,
        ToolId::RenameWindow,
        ToolId::ResizePane,
        ToolId::ResizeWindow,
        ToolId::RespawnPane,
        ToolId::RunShellCommand,
        ToolId::SearchPanes,
        ToolId::SelectLayout,
        ToolId::SelectPane,
        ToolId::SelectWindow,
        ToolId::SendKeys,
        ToolId::SendKeysBatch,
        ToolId::SendPrompt,
        ToolId::SetHistoryLimit,
        ToolId::SetMouseEnabled,
        ToolId::SetPaneTitle,
        ToolId::SetSynchronizePanes,
        ToolId::ShowEnvironment,
        ToolId::ShowHooks,
        ToolId::ShowOption,
        ToolId::SignalChannel,
        ToolId::SnapshotPane,
        ToolId::SplitWindow,
        ToolId::SwapPane,
        ToolId::WaitForAgent,
        ToolId::WaitForChannel,
        ToolId::WaitForQuiet,
        ToolId::WaitForText,
    ];
    const NAMES: [&'static str; 49usize] = [
        "call_read_tools_batch",
        "capture_pane",
        "capture_since",
        "clear_pane_scrollback",
        "create_session",
        "create_window",
        "find_pane_by_position",
        "get_pane_info",
        "get_server_info",
        "get_session_info",
        "get_tmux_variables",
        "get_window_info",
        "kill_pane",
        "kill_session",
        "kill_window",
        "list_hosts",
        "list_panes",
        "list_sessions",
        "list_windows",
        "move_window",
        "paste_text",
        "rename_session",
        "rename_window",
        "resize_pane",
        "resize_window",
        "respawn_pane",
        "run_shell_command",
        "search_panes",
        "select_layout",
        "select_pane",
        "select_window",
        "send_keys",
        "send_keys_batch",
        "send_prompt",
        "set_history_limit",
        "set_mouse_enabled",
        "set_pane_title",
        "set_synchronize_panes",
        "show_environment",
        "show_hooks",
        "show_option",
        "signal_channel",
        "snapshot_pane",
        "split_window",
        "swap_pane",
        "wait_for_agent",
        "wait_for_channel",
        "wait_for_quiet",
        "wait_for_text",
    ];
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn descriptor(self) -> &'static rt::ToolDescriptor {
        &TOOLS[self as usize]
    }
    /// Exact, case-sensitive lookup.
    pub fn from_name(name: &str) -> ::core::option::Option<ToolId> {
        Self::NAMES.binary_search(&name).ok().map(|i| Self::ALL[i])
    }
}
/// Every tool, indexed by `ToolId`.
pub static TOOLS: [rt::ToolDescriptor; 49usize] = [
    rt::ToolDescriptor {
        name: "call_read_tools_batch",
        title: "Batch read tools",
        description: "Up to 16 read calls in order, each {tool, arguments}, one approval for all. Each row reports its own result (check failed); over 1 MB, payloads drop, never rows.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"configured-command\",\"process-environment\",\"terminal-content\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[\"capture_pane\",\"capture_since\",\"find_pane_by_position\",\"get_pane_info\",\"get_server_info\",\"get_session_info\",\"get_tmux_variables\",\"get_window_info\",\"list_panes\",\"list_sessions\",\"list_windows\",\"search_panes\",\"show_environment\",\"show_hooks\",\"show_option\",\"snapshot_pane\"],\"amplifiesFutureInput\":false}",
        nested_authority: &[
            "capture_pane",
            "capture_since",
            "find_pane_by_position",
            "get_pane_info",
            "get_server_info",
            "get_session_info",
            "get_tmux_variables",
            "get_window_info",
            "list_panes",
            "list_sessions",
            "list_windows",
            "search_panes",
            "show_environment",
            "show_hooks",
            "show_option",
            "snapshot_pane",
        ],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"on_error\":{\"default\":\"stop\",\"description\":\"On a failed row, stop or continue.\",\"enum\":[\"stop\",\"continue\"],\"type\":\"string\"},\"operations\":{\"description\":\"Operations; results keep this order.\",\"items\":{\"oneOf\":[{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"end\":{\"description\":\"Last line, same numbering as start.\",\"type\":\"integer\"},\"history\":{\"default\":false,\"description\":\"Include scrollback.\",\"type\":\"boolean\"},\"max_lines\":{\"description\":\"Newest lines to keep.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"start\":{\"description\":\"First line; 0 = top of screen, negative = scrollback.\",\"type\":\"integer\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"tool\":{\"const\":\"capture_pane\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"cursor\":{\"description\":\"Cursor from the previous call; omit at first.\",\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"tool\":{\"const\":\"capture_since\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"corner\":{\"description\":\"Which corner.\",\"enum\":[\"top-left\",\"top-right\",\"bottom-left\",\"bottom-right\"],\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\",\"corner\"],\"type\":\"object\"},\"tool\":{\"const\":\"find_pane_by_position\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"tool\":{\"const\":\"get_pane_info\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"},\"tool\":{\"const\":\"get_server_info\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session id ($1) or exact name.\",\"type\":\"string\"}},\"required\":[\"session\"],\"type\":\"object\"},\"tool\":{\"const\":\"get_session_info\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"names\":{\"description\":\"Variable names, without #{}.\",\"items\":{\"type\":\"string\"},\"type\":\"array\"},\"pane\":{\"description\":\"Pane to evaluate against.\",\"type\":\"string\"}},\"required\":[\"names\"],\"type\":\"object\"},\"tool\":{\"const\":\"get_tmux_variables\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\"],\"type\":\"object\"},\"tool\":{\"const\":\"get_window_info\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"},\"tool\":{\"const\":\"list_panes\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"},\"tool\":{\"const\":\"list_sessions\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"},\"tool\":{\"const\":\"list_windows\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"history\":{\"default\":false,\"description\":\"Search scrollback too.\",\"type\":\"boolean\"},\"match_case\":{\"default\":false,\"description\":\"Case-sensitive matching.\",\"type\":\"boolean\"},\"pattern\":{\"description\":\"Text or regex to look for.\",\"type\":\"string\"},\"regex\":{\"default\":false,\"description\":\"Treat pattern as a regex.\",\"type\":\"boolean\"},\"session\":{\"description\":\"Only panes of this session.\",\"type\":\"string\"},\"window\":{\"description\":\"Only panes of this window.\",\"type\":\"string\"}},\"required\":[\"pattern\"],\"type\":\"object\"},\"tool\":{\"const\":\"search_panes\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session environment; omit for the global one.\",\"type\":\"string\"}},\"type\":\"object\"},\"tool\":{\"const\":\"show_environment\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session hooks; omit for the global ones.\",\"type\":\"string\"}},\"type\":\"object\"},\"tool\":{\"const\":\"show_hooks\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"Option, e.g. history-limit or @mine.\",\"type\":\"string\"},\"scope\":{\"default\":\"global-session\",\"description\":\"Where to read it.\",\"enum\":[\"server\",\"global-session\",\"global-window\",\"session\",\"window\",\"pane\"],\"type\":\"string\"},\"target\":{\"description\":\"Session, window or pane to read.\",\"type\":\"string\"}},\"required\":[\"name\"],\"type\":\"object\"},\"tool\":{\"const\":\"show_option\"}},\"required\":[\"tool\"],\"type\":\"object\"},{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"history\":{\"default\":false,\"description\":\"Include scrollback.\",\"type\":\"boolean\"},\"max_lines\":{\"description\":\"Newest lines to keep.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"tool\":{\"const\":\"snapshot_pane\"}},\"required\":[\"tool\"],\"type\":\"object\"}]},\"type\":\"array\"}},\"required\":[\"operations\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"on_error\":{\"default\":\"stop\",\"description\":\"On a failed row, stop or continue.\",\"enum\":[\"stop\",\"continue\"],\"type\":\"string\"},\"operations\":{\"description\":\"Operations; results keep this order.\",\"items\":{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"type\":\"object\"},\"tool\":{\"type\":\"string\"}},\"required\":[\"tool\"],\"type\":\"object\"},\"maxItems\":16,\"minItems\":1,\"type\":\"array\"}},\"required\":[\"operations\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"dropped_bytes\":{\"description\":\"Bytes of payload dropped.\",\"type\":\"integer\"},\"failed\":{\"description\":\"Rows that failed.\",\"type\":\"integer\"},\"results\":{\"description\":\"One row per operation run.\",\"items\":{\"properties\":{\"error\":{\"description\":\"A typed failure.\",\"properties\":{\"kind\":{\"description\":\"Failure class, e.g. object_gone.\",\"type\":\"string\"},\"message\":{\"description\":\"What went wrong; what to do.\",\"type\":\"string\"},\"retryable\":{\"description\":\"Whether the same call may succeed later.\",\"type\":\"boolean\"}},\"required\":[\"message\",\"kind\",\"retryable\"],\"type\":[\"object\",\"null\"]},\"index\":{\"description\":\"Position in operations.\",\"type\":\"integer\"},\"result\":{\"description\":\"The tool's result envelope without its text block (this result's text repeats everything); null when dropped.\",\"type\":[\"object\",\"null\"]},\"result_dropped\":{\"description\":\"Dropped to keep the response under 1 MB.\",\"type\":\"boolean\"},\"success\":{\"description\":\"The row ran without error.\",\"type\":\"boolean\"},\"tool\":{\"description\":\"Tool named by the row.\",\"type\":\"string\"}},\"required\":[\"index\",\"tool\",\"success\",\"result\",\"result_dropped\",\"error\"],\"type\":\"object\"},\"type\":\"array\"},\"stopped_at\":{\"description\":\"Index of the row that stopped the batch.\",\"type\":[\"integer\",\"null\"]},\"succeeded\":{\"description\":\"Rows that succeeded.\",\"type\":\"integer\"},\"truncated\":{\"description\":\"Some payloads were dropped.\",\"type\":\"boolean\"}},\"required\":[\"results\",\"succeeded\",\"failed\",\"stopped_at\",\"truncated\",\"dropped_bytes\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: Some("/properties/operations/items"),
        arguments: &["operations", "on_error"],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "capture_pane",
        title: "Capture pane",
        description: "Read a pane's screen text (history: scrollback too; start/end: a line range); wrapped lines joined, bounded (truncated says so). New output only: capture_since.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"terminal-content\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"end\":{\"description\":\"Last line, same numbering as start.\",\"type\":\"integer\"},\"history\":{\"default\":false,\"description\":\"Include scrollback.\",\"type\":\"boolean\"},\"max_lines\":{\"description\":\"Newest lines to keep.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"start\":{\"description\":\"First line; 0 = top of screen, negative = scrollback.\",\"type\":\"integer\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"end\":{\"description\":\"Last line, same numbering as start.\",\"maximum\":1000000,\"minimum\":-1000000,\"type\":\"integer\"},\"history\":{\"default\":false,\"description\":\"Include scrollback.\",\"type\":\"boolean\"},\"max_lines\":{\"description\":\"Newest lines to keep.\",\"maximum\":100000,\"minimum\":1,\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"start\":{\"description\":\"First line; 0 = top of screen, negative = scrollback.\",\"maximum\":1000000,\"minimum\":-1000000,\"type\":\"integer\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"lines\":{\"description\":\"Lines returned.\",\"type\":\"integer\"},\"masked\":{\"description\":\"Secret-shaped spans replaced by [masked:kind] markers.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"text\":{\"description\":\"Captured text (untrusted).\",\"type\":\"string\"},\"truncated\":{\"description\":\"Lines were dropped to fit the bounds.\",\"type\":\"boolean\"}},\"required\":[\"pane\",\"text\",\"lines\",\"truncated\",\"masked\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"end\":{\"description\":\"Last line, same numbering as start.\",\"type\":\"integer\"},\"history\":{\"default\":false,\"description\":\"Include scrollback.\",\"type\":\"boolean\"},\"max_lines\":{\"description\":\"Newest lines to keep.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"start\":{\"description\":\"First line; 0 = top of screen, negative = scrollback.\",\"type\":\"integer\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"tool\":{\"const\":\"capture_pane\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["pane", "history", "start", "end", "max_lines"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "capture_since",
        title: "Capture since cursor",
        description: "Incremental read: without cursor, returns one for now; with it, only lines written since and a new cursor. Reports missed_lines and a replaced pane.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"terminal-content\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"cursor\":{\"description\":\"Cursor from the previous call; omit at first.\",\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"cursor\":{\"description\":\"Cursor from the previous call; omit at first.\",\"maxLength\":512,\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"cursor\":{\"description\":\"Pass this to the next call.\",\"type\":\"string\"},\"first\":{\"description\":\"No cursor was given; text is empty and the cursor marks now.\",\"type\":\"boolean\"},\"masked\":{\"description\":\"Secret-shaped spans replaced by [masked:kind] markers.\",\"type\":\"integer\"},\"missed_lines\":{\"description\":\"At least this many lines were trimmed unread.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"redrawn\":{\"description\":\"The program redrew its screen (the alternate screen, or rows above the cursor): text is the rows it rewrote, top to bottom.\",\"type\":\"boolean\"},\"replaced\":{\"description\":\"The pane behind the cursor was replaced; reading restarted.\",\"type\":\"boolean\"},\"text\":{\"description\":\"Lines written since the cursor (untrusted).\",\"type\":\"string\"},\"truncated\":{\"description\":\"Output was cut to its byte bound (the newest lines kept).\",\"type\":\"boolean\"}},\"required\":[\"pane\",\"text\",\"cursor\",\"first\",\"missed_lines\",\"replaced\",\"redrawn\",\"truncated\",\"masked\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"cursor\":{\"description\":\"Cursor from the previous call; omit at first.\",\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"tool\":{\"const\":\"capture_since\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["pane", "cursor"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "clear_pane_scrollback",
        title: "Clear scrollback",
        description: "Discard a pane's scrollback; the visible screen stays.",
        toolset: "teardown",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"teardown\",\"processReach\":\"none\",\"tmuxEffects\":[\"delete\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"discarded_lines\":{\"description\":\"Scrollback lines discarded.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"}},\"required\":[\"pane\",\"discarded_lines\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "create_session",
        title: "Create session",
        description: "New detached session running the default command; returns its ids. Name stored literally.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"configured-process\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{\"name\":\"double-hash-once\",\"start_directory\":\"double-hash-once\"},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"name\":{\"description\":\"Session name (no colon, dot, $, backslash or control characters).\",\"type\":\"string\"},\"start_directory\":{\"description\":\"Absolute working directory for the first pane.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"}},\"required\":[\"name\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"height\":{\"description\":\"Rows.\",\"maximum\":10000,\"minimum\":1,\"type\":\"integer\"},\"name\":{\"description\":\"Session name (no colon, dot, $, backslash or control characters).\",\"maxLength\":256,\"minLength\":1,\"pattern\":\"^[^:.$\\\\\\\\\\\\x00-\\\\x1f\\\\x7f]+$\",\"type\":\"string\"},\"start_directory\":{\"description\":\"Absolute working directory for the first pane.\",\"maxLength\":4096,\"minLength\":1,\"pattern\":\"^/\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"maximum\":10000,\"minimum\":1,\"type\":\"integer\"}},\"required\":[\"name\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"name\":{\"description\":\"Its name.\",\"type\":\"string\"},\"pane\":{\"description\":\"Its first pane.\",\"type\":\"string\"},\"session\":{\"description\":\"New session id.\",\"type\":\"string\"},\"window\":{\"description\":\"Its first window.\",\"type\":\"string\"}},\"required\":[\"session\",\"name\",\"window\",\"pane\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["name", "start_directory", "width", "height"],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "create_window",
        title: "Create window",
        description: "New window in a session, running the default command; returns its ids.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"configured-process\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{\"name\":\"double-hash-once\",\"start_directory\":\"double-hash-once\"},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"Window name (no $, backslash or control characters).\",\"type\":\"string\"},\"session\":{\"description\":\"Session id ($1) or exact name.\",\"type\":\"string\"},\"start_directory\":{\"description\":\"Absolute working directory.\",\"type\":\"string\"}},\"required\":[\"session\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"Window name (no $, backslash or control characters).\",\"maxLength\":256,\"minLength\":1,\"pattern\":\"^[^$\\\\\\\\\\\\x00-\\\\x1f\\\\x7f]+$\",\"type\":\"string\"},\"session\":{\"description\":\"Session id ($1) or exact name.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"},\"start_directory\":{\"description\":\"Absolute working directory.\",\"maxLength\":4096,\"minLength\":1,\"pattern\":\"^/\",\"type\":\"string\"}},\"required\":[\"session\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"index\":{\"description\":\"Its index.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Its pane.\",\"type\":\"string\"},\"window\":{\"description\":\"New window id.\",\"type\":\"string\"}},\"required\":[\"window\",\"index\",\"pane\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["session", "name", "start_directory"],
        targets: &[
            rt::Target {
                path: &["session"],
                kind: rt::TargetKind::Session,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "find_pane_by_position",
        title: "Find pane by position",
        description: "The pane touching a given corner of a window.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"corner\":{\"description\":\"Which corner.\",\"enum\":[\"top-left\",\"top-right\",\"bottom-left\",\"bottom-right\"],\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\",\"corner\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"corner\":{\"description\":\"Which corner.\",\"enum\":[\"top-left\",\"top-right\",\"bottom-left\",\"bottom-right\"],\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"window\",\"corner\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"pane\":{\"description\":\"Id of the pane at that corner; get_pane_info has its details.\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"corner\":{\"description\":\"Which corner.\",\"enum\":[\"top-left\",\"top-right\",\"bottom-left\",\"bottom-right\"],\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\",\"corner\"],\"type\":\"object\"},\"tool\":{\"const\":\"find_pane_by_position\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["window", "corner"],
        targets: &[
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "get_pane_info",
        title: "Get pane info",
        description: "One pane's size, title, command, path, pid, history size and limit, exit status; no screen (snapshot_pane).",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"dead_status\":{\"description\":\"Exit status of a dead pane's process.\",\"type\":[\"integer\",\"null\"]},\"history_limit\":{\"description\":\"Most lines of scrollback kept.\",\"type\":\"integer\"},\"history_size\":{\"description\":\"Lines of scrollback held.\",\"type\":\"integer\"},\"pane\":{\"description\":\"A pane.\",\"properties\":{\"active\":{\"description\":\"Active in its window.\",\"type\":\"boolean\"},\"agent_state\":{\"description\":\"The agent's state (hooks, or a known CLI's screen).\",\"enum\":[\"working\",\"asking\",\"idle\",null],\"type\":[\"string\",\"null\"]},\"agent_state_ms\":{\"description\":\"Age of a hooks report.\",\"type\":[\"integer\",\"null\"]},\"agent_state_source\":{\"description\":\"Its source.\",\"enum\":[\"hooks\",\"screen\",\"title\",null],\"type\":[\"string\",\"null\"]},\"at_prompt\":{\"description\":\"Its shell is at a prompt.\",\"type\":\"boolean\"},\"caller\":{\"description\":\"The pane this MCP server runs in.\",\"type\":\"boolean\"},\"command\":{\"description\":\"Foreground command.\",\"type\":\"string\"},\"dead\":{\"description\":\"Its process has exited.\",\"type\":\"boolean\"},\"foreground_command\":{\"description\":\"Program with the terminal.\",\"type\":[\"string\",\"null\"]},\"foreground_pid\":{\"description\":\"Its process id.\",\"type\":[\"integer\",\"null\"]},\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"id\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"idle_ms\":{\"description\":\"Since its last text, if followed.\",\"type\":[\"integer\",\"null\"]},\"path\":{\"description\":\"Working directory.\",\"type\":\"string\"},\"pid\":{\"description\":\"Process id.\",\"type\":[\"integer\",\"null\"]},\"title\":{\"description\":\"Title.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"},\"window_id\":{\"description\":\"Its window.\",\"type\":\"string\"}},\"required\":[\"id\",\"window_id\",\"active\",\"command\",\"path\",\"title\",\"width\",\"height\",\"pid\",\"dead\",\"caller\",\"foreground_command\",\"foreground_pid\",\"at_prompt\",\"idle_ms\",\"agent_state\",\"agent_state_ms\",\"agent_state_source\"],\"type\":\"object\"}},\"required\":[\"pane\",\"history_size\",\"history_limit\",\"dead_status\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"tool\":{\"const\":\"get_pane_info\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["pane"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "get_server_info",
        title: "Get server info",
        description: "The session > window > pane tree in one call, with tmux version, socket and caller pane.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: true,
        input_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"caller_pane\":{\"description\":\"The pane this server runs in, if on this socket.\",\"type\":[\"string\",\"null\"]},\"sessions\":{\"description\":\"Sessions with their windows and panes.\",\"items\":{\"properties\":{\"session\":{\"description\":\"A session.\",\"properties\":{\"attached\":{\"description\":\"Clients attached.\",\"type\":\"integer\"},\"id\":{\"description\":\"Session id, e.g. $1.\",\"type\":\"string\"},\"name\":{\"description\":\"Session name.\",\"type\":\"string\"},\"windows\":{\"description\":\"Number of windows.\",\"type\":\"integer\"}},\"required\":[\"id\",\"name\",\"windows\",\"attached\"],\"type\":\"object\"},\"windows\":{\"description\":\"Windows of the session.\",\"items\":{\"properties\":{\"panes\":{\"description\":\"Panes of the window.\",\"items\":{\"properties\":{\"active\":{\"description\":\"Active in its window.\",\"type\":\"boolean\"},\"agent_state\":{\"description\":\"The agent's state (hooks, or a known CLI's screen).\",\"enum\":[\"working\",\"asking\",\"idle\",null],\"type\":[\"string\",\"null\"]},\"agent_state_ms\":{\"description\":\"Age of a hooks report.\",\"type\":[\"integer\",\"null\"]},\"agent_state_source\":{\"description\":\"Its source.\",\"enum\":[\"hooks\",\"screen\",\"title\",null],\"type\":[\"string\",\"null\"]},\"at_prompt\":{\"description\":\"Its shell is at a prompt.\",\"type\":\"boolean\"},\"caller\":{\"description\":\"The pane this MCP server runs in.\",\"type\":\"boolean\"},\"command\":{\"description\":\"Foreground command.\",\"type\":\"string\"},\"dead\":{\"description\":\"Its process has exited.\",\"type\":\"boolean\"},\"foreground_command\":{\"description\":\"Program with the terminal.\",\"type\":[\"string\",\"null\"]},\"foreground_pid\":{\"description\":\"Its process id.\",\"type\":[\"integer\",\"null\"]},\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"id\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"idle_ms\":{\"description\":\"Since its last text, if followed.\",\"type\":[\"integer\",\"null\"]},\"path\":{\"description\":\"Working directory.\",\"type\":\"string\"},\"pid\":{\"description\":\"Process id.\",\"type\":[\"integer\",\"null\"]},\"title\":{\"description\":\"Title.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"},\"window_id\":{\"description\":\"Its window.\",\"type\":\"string\"}},\"required\":[\"id\",\"window_id\",\"active\",\"command\",\"path\",\"title\",\"width\",\"height\",\"pid\",\"dead\",\"caller\",\"foreground_command\",\"foreground_pid\",\"at_prompt\",\"idle_ms\",\"agent_state\",\"agent_state_ms\",\"agent_state_source\"],\"type\":\"object\"},\"type\":\"array\"},\"window\":{\"description\":\"A window (once per session it is in).\",\"properties\":{\"active\":{\"description\":\"Current in its session.\",\"type\":\"boolean\"},\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"id\":{\"description\":\"Window id (@2).\",\"type\":\"string\"},\"index\":{\"description\":\"Index in the session.\",\"type\":\"integer\"},\"layout\":{\"description\":\"Layout, for select_layout.\",\"type\":\"string\"},\"name\":{\"description\":\"Window name.\",\"type\":\"string\"},\"panes\":{\"description\":\"Number of panes.\",\"type\":\"integer\"},\"session_id\":{\"description\":\"Session of this link.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"}},\"required\":[\"id\",\"session_id\",\"index\",\"name\",\"panes\",\"active\",\"width\",\"height\",\"layout\"],\"type\":\"object\"}},\"required\":[\"window\",\"panes\"],\"type\":\"object\"},\"type\":\"array\"}},\"required\":[\"session\",\"windows\"],\"type\":\"object\"},\"type\":\"array\"},\"socket\":{\"description\":\"Socket path of the server.\",\"type\":\"string\"},\"version\":{\"description\":\"tmux version, e.g. 3.3a.\",\"type\":\"string\"}},\"required\":[\"version\",\"socket\",\"caller_pane\",\"sessions\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"},\"tool\":{\"const\":\"get_server_info\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &[],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "get_session_info",
        title: "Get session info",
        description: "One session's metadata and its windows.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session id ($1) or exact name.\",\"type\":\"string\"}},\"required\":[\"session\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session id ($1) or exact name.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"}},\"required\":[\"session\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"session\":{\"description\":\"A session.\",\"properties\":{\"attached\":{\"description\":\"Clients attached.\",\"type\":\"integer\"},\"id\":{\"description\":\"Session id, e.g. $1.\",\"type\":\"string\"},\"name\":{\"description\":\"Session name.\",\"type\":\"string\"},\"windows\":{\"description\":\"Number of windows.\",\"type\":\"integer\"}},\"required\":[\"id\",\"name\",\"windows\",\"attached\"],\"type\":\"object\"},\"windows\":{\"description\":\"Windows of the session.\",\"items\":{\"properties\":{\"active\":{\"description\":\"Current in its session.\",\"type\":\"boolean\"},\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"id\":{\"description\":\"Window id (@2).\",\"type\":\"string\"},\"index\":{\"description\":\"Index in the session.\",\"type\":\"integer\"},\"layout\":{\"description\":\"Layout, for select_layout.\",\"type\":\"string\"},\"name\":{\"description\":\"Window name.\",\"type\":\"string\"},\"panes\":{\"description\":\"Number of panes.\",\"type\":\"integer\"},\"session_id\":{\"description\":\"Session of this link.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"}},\"required\":[\"id\",\"session_id\",\"index\",\"name\",\"panes\",\"active\",\"width\",\"height\",\"layout\"],\"type\":\"object\"},\"type\":\"array\"}},\"required\":[\"session\",\"windows\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session id ($1) or exact name.\",\"type\":\"string\"}},\"required\":[\"session\"],\"type\":\"object\"},\"tool\":{\"const\":\"get_session_info\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["session"],
        targets: &[
            rt::Target {
                path: &["session"],
                kind: rt::TargetKind::Session,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "get_tmux_variables",
        title: "Get tmux variables",
        description: "Evaluate tmux format variables by name (e.g. pane_current_command) against a pane or the server.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"configured-command\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{\"names\":\"validated-variable-name\"},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"names\":{\"description\":\"Variable names, without #{}.\",\"items\":{\"type\":\"string\"},\"type\":\"array\"},\"pane\":{\"description\":\"Pane to evaluate against.\",\"type\":\"string\"}},\"required\":[\"names\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"names\":{\"description\":\"Variable names, without #{}.\",\"items\":{\"maxLength\":64,\"pattern\":\"^[A-Za-z][A-Za-z0-9_]*$\",\"type\":\"string\"},\"maxItems\":32,\"minItems\":1,\"type\":\"array\"},\"pane\":{\"description\":\"Pane to evaluate against.\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"names\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"values\":{\"description\":\"One entry per name, in order.\",\"items\":{\"properties\":{\"name\":{\"description\":\"Variable name.\",\"type\":\"string\"},\"value\":{\"description\":\"Value; empty when tmux has none.\",\"type\":\"string\"}},\"required\":[\"name\",\"value\"],\"type\":\"object\"},\"type\":\"array\"}},\"required\":[\"values\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"names\":{\"description\":\"Variable names, without #{}.\",\"items\":{\"type\":\"string\"},\"type\":\"array\"},\"pane\":{\"description\":\"Pane to evaluate against.\",\"type\":\"string\"}},\"required\":[\"names\"],\"type\":\"object\"},\"tool\":{\"const\":\"get_tmux_variables\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["names", "pane"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: false,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "get_window_info",
        title: "Get window info",
        description: "One window's metadata (size, layout) and its panes.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"window\":{\"description\":\"Window id (@2).\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"window\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"panes\":{\"description\":\"Panes of the window.\",\"items\":{\"properties\":{\"active\":{\"description\":\"Active in its window.\",\"type\":\"boolean\"},\"agent_state\":{\"description\":\"The agent's state (hooks, or a known CLI's screen).\",\"enum\":[\"working\",\"asking\",\"idle\",null],\"type\":[\"string\",\"null\"]},\"agent_state_ms\":{\"description\":\"Age of a hooks report.\",\"type\":[\"integer\",\"null\"]},\"agent_state_source\":{\"description\":\"Its source.\",\"enum\":[\"hooks\",\"screen\",\"title\",null],\"type\":[\"string\",\"null\"]},\"at_prompt\":{\"description\":\"Its shell is at a prompt.\",\"type\":\"boolean\"},\"caller\":{\"description\":\"The pane this MCP server runs in.\",\"type\":\"boolean\"},\"command\":{\"description\":\"Foreground command.\",\"type\":\"string\"},\"dead\":{\"description\":\"Its process has exited.\",\"type\":\"boolean\"},\"foreground_command\":{\"description\":\"Program with the terminal.\",\"type\":[\"string\",\"null\"]},\"foreground_pid\":{\"description\":\"Its process id.\",\"type\":[\"integer\",\"null\"]},\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"id\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"idle_ms\":{\"description\":\"Since its last text, if followed.\",\"type\":[\"integer\",\"null\"]},\"path\":{\"description\":\"Working directory.\",\"type\":\"string\"},\"pid\":{\"description\":\"Process id.\",\"type\":[\"integer\",\"null\"]},\"title\":{\"description\":\"Title.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"},\"window_id\":{\"description\":\"Its window.\",\"type\":\"string\"}},\"required\":[\"id\",\"window_id\",\"active\",\"command\",\"path\",\"title\",\"width\",\"height\",\"pid\",\"dead\",\"caller\",\"foreground_command\",\"foreground_pid\",\"at_prompt\",\"idle_ms\",\"agent_state\",\"agent_state_ms\",\"agent_state_source\"],\"type\":\"object\"},\"type\":\"array\"},\"window\":{\"description\":\"A window (once per session it is in).\",\"properties\":{\"active\":{\"description\":\"Current in its session.\",\"type\":\"boolean\"},\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"id\":{\"description\":\"Window id (@2).\",\"type\":\"string\"},\"index\":{\"description\":\"Index in the session.\",\"type\":\"integer\"},\"layout\":{\"description\":\"Layout, for select_layout.\",\"type\":\"string\"},\"name\":{\"description\":\"Window name.\",\"type\":\"string\"},\"panes\":{\"description\":\"Number of panes.\",\"type\":\"integer\"},\"session_id\":{\"description\":\"Session of this link.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"}},\"required\":[\"id\",\"session_id\",\"index\",\"name\",\"panes\",\"active\",\"width\",\"height\",\"layout\"],\"type\":\"object\"}},\"required\":[\"window\",\"panes\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\"],\"type\":\"object\"},\"tool\":{\"const\":\"get_window_info\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["window"],
        targets: &[
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "kill_pane",
        title: "Kill pane",
        description: "Close a pane and its process. Refuses the pane this server runs in.",
        toolset: "teardown",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"teardown\",\"processReach\":\"none\",\"tmuxEffects\":[\"delete\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"pane\":{\"description\":\"Pane closed.\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "kill_session",
        title: "Kill session",
        description: "Close a session and every process in it. Refuses the session this server runs in.",
        toolset: "teardown",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"teardown\",\"processReach\":\"none\",\"tmuxEffects\":[\"delete\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session id ($1) or exact name.\",\"type\":\"string\"}},\"required\":[\"session\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session id ($1) or exact name.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"}},\"required\":[\"session\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"session\":{\"description\":\"Session closed.\",\"type\":\"string\"}},\"required\":[\"session\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["session"],
        targets: &[
            rt::Target {
                path: &["session"],
                kind: rt::TargetKind::Session,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "kill_window",
        title: "Kill window",
        description: "Close a window in every session it is linked to. Refuses the window this server runs in.",
        toolset: "teardown",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"teardown\",\"processReach\":\"none\",\"tmuxEffects\":[\"delete\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"window\":{\"description\":\"Window id (@2).\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"window\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"window\":{\"description\":\"Window closed.\",\"type\":\"string\"}},\"required\":[\"window\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["window"],
        targets: &[
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "list_hosts",
        title: "List hosts",
        description: "This machine and each LIBTMUX_HOSTS host the host argument reaches: state, tmux version, round trip, last error. Connects those not yet connected.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"hosts\":{\"description\":\"This machine first (host null), then LIBTMUX_HOSTS in order.\",\"items\":{\"properties\":{\"error\":{\"description\":\"Why it is not online, or the last failure.\",\"type\":[\"string\",\"null\"]},\"host\":{\"description\":\"The value to pass as host; null for this machine.\",\"type\":[\"string\",\"null\"]},\"rtt_us\":{\"description\":\"Round trip of a request to its tmux-mcp in microseconds; null for this machine.\",\"type\":[\"integer\",\"null\"]},\"state\":{\"description\":\"The connection now.\",\"enum\":[\"online\",\"connecting\",\"offline\",\"auth_failed\",\"host_key_refused\",\"unsupported\"],\"type\":\"string\"},\"tmux_version\":{\"description\":\"Its tmux server's version, once connected.\",\"type\":[\"string\",\"null\"]}},\"required\":[\"host\",\"state\",\"tmux_version\",\"rtt_us\",\"error\"],\"type\":\"object\"},\"type\":\"array\"}},\"required\":[\"hosts\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &[],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "list_panes",
        title: "List panes",
        description: "Every pane: window, command, directory, title, size, state; caller marks this server's own pane. Start here.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: true,
        input_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"panes\":{\"description\":\"Panes, in tmux order.\",\"items\":{\"properties\":{\"active\":{\"description\":\"Active in its window.\",\"type\":\"boolean\"},\"agent_state\":{\"description\":\"The agent's state (hooks, or a known CLI's screen).\",\"enum\":[\"working\",\"asking\",\"idle\",null],\"type\":[\"string\",\"null\"]},\"agent_state_ms\":{\"description\":\"Age of a hooks report.\",\"type\":[\"integer\",\"null\"]},\"agent_state_source\":{\"description\":\"Its source.\",\"enum\":[\"hooks\",\"screen\",\"title\",null],\"type\":[\"string\",\"null\"]},\"at_prompt\":{\"description\":\"Its shell is at a prompt.\",\"type\":\"boolean\"},\"caller\":{\"description\":\"The pane this MCP server runs in.\",\"type\":\"boolean\"},\"command\":{\"description\":\"Foreground command.\",\"type\":\"string\"},\"dead\":{\"description\":\"Its process has exited.\",\"type\":\"boolean\"},\"foreground_command\":{\"description\":\"Program with the terminal.\",\"type\":[\"string\",\"null\"]},\"foreground_pid\":{\"description\":\"Its process id.\",\"type\":[\"integer\",\"null\"]},\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"id\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"idle_ms\":{\"description\":\"Since its last text, if followed.\",\"type\":[\"integer\",\"null\"]},\"path\":{\"description\":\"Working directory.\",\"type\":\"string\"},\"pid\":{\"description\":\"Process id.\",\"type\":[\"integer\",\"null\"]},\"title\":{\"description\":\"Title.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"},\"window_id\":{\"description\":\"Its window.\",\"type\":\"string\"}},\"required\":[\"id\",\"window_id\",\"active\",\"command\",\"path\",\"title\",\"width\",\"height\",\"pid\",\"dead\",\"caller\",\"foreground_command\",\"foreground_pid\",\"at_prompt\",\"idle_ms\",\"agent_state\",\"agent_state_ms\",\"agent_state_source\"],\"type\":\"object\"},\"type\":\"array\"}},\"required\":[\"panes\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"},\"tool\":{\"const\":\"list_panes\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &[],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "list_sessions",
        title: "List sessions",
        description: "Sessions: id, name, window count, attached clients (get_server_info adds windows and panes).",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"sessions\":{\"description\":\"Sessions, in tmux order.\",\"items\":{\"properties\":{\"attached\":{\"description\":\"Clients attached.\",\"type\":\"integer\"},\"id\":{\"description\":\"Session id, e.g. $1.\",\"type\":\"string\"},\"name\":{\"description\":\"Session name.\",\"type\":\"string\"},\"windows\":{\"description\":\"Number of windows.\",\"type\":\"integer\"}},\"required\":[\"id\",\"name\",\"windows\",\"attached\"],\"type\":\"object\"},\"type\":\"array\"}},\"required\":[\"sessions\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"},\"tool\":{\"const\":\"list_sessions\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &[],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "list_windows",
        title: "List windows",
        description: "Every window, once per session it is linked into: id, session, index, name, panes, active, size, layout.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"windows\":{\"description\":\"Window links, in tmux order.\",\"items\":{\"properties\":{\"active\":{\"description\":\"Current in its session.\",\"type\":\"boolean\"},\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"id\":{\"description\":\"Window id (@2).\",\"type\":\"string\"},\"index\":{\"description\":\"Index in the session.\",\"type\":\"integer\"},\"layout\":{\"description\":\"Layout, for select_layout.\",\"type\":\"string\"},\"name\":{\"description\":\"Window name.\",\"type\":\"string\"},\"panes\":{\"description\":\"Number of panes.\",\"type\":\"integer\"},\"session_id\":{\"description\":\"Session of this link.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"}},\"required\":[\"id\",\"session_id\",\"index\",\"name\",\"panes\",\"active\",\"width\",\"height\",\"layout\"],\"type\":\"object\"},\"type\":\"array\"}},\"required\":[\"windows\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{},\"type\":\"object\"},\"tool\":{\"const\":\"list_windows\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &[],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "move_window",
        title: "Move window",
        description: "Move a window to a session and index (the index must be free).",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"destination_index\":{\"description\":\"Index in the destination session.\",\"type\":\"integer\"},\"destination_session\":{\"description\":\"Session id ($1) or exact name.\",\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\",\"destination_session\",\"destination_index\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"destination_index\":{\"description\":\"Index in the destination session.\",\"maximum\":100000,\"minimum\":0,\"type\":\"integer\"},\"destination_session\":{\"description\":\"Session id ($1) or exact name.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"window\",\"destination_session\",\"destination_index\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"index\":{\"description\":\"Its index there.\",\"type\":\"integer\"},\"session\":{\"description\":\"Session it is now in.\",\"type\":\"string\"},\"window\":{\"description\":\"Window id.\",\"type\":\"string\"}},\"required\":[\"window\",\"session\",\"index\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["window", "destination_session", "destination_index"],
        targets: &[
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: true,
            },
            rt::Target {
                path: &["destination_session"],
                kind: rt::TargetKind::Session,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "paste_text",
        title: "Paste text",
        description: "Paste text into one pane via a private buffer (bracketed, not fanned out by synchronize-panes, buffer removed); enter is unchecked: prompts go by send_prompt.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: false,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"pane-input\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"enter\":{\"default\":false,\"description\":\"Press Enter after the paste.\",\"type\":\"boolean\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"text\":{\"description\":\"Text to paste (no control characters but tab, CR, LF).\",\"type\":\"string\"}},\"required\":[\"pane\",\"text\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"enter\":{\"default\":false,\"description\":\"Press Enter after the paste.\",\"type\":\"boolean\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"text\":{\"description\":\"Text to paste (no control characters but tab, CR, LF).\",\"maxLength\":1048576,\"minLength\":1,\"pattern\":\"^[^\\\\x01-\\\\x08\\\\x0b\\\\x0c\\\\x0e-\\\\x1f\\\\x7f-\\\\x9f]*$\",\"type\":\"string\"}},\"required\":[\"pane\",\"text\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"bytes\":{\"description\":\"Bytes pasted.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"since\":{\"description\":\"Where this input's output begins; pass as since to wait_for_text or wait_for_quiet.\",\"type\":\"string\"}},\"required\":[\"pane\",\"bytes\",\"since\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "text", "enter"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "rename_session",
        title: "Rename session",
        description: "Rename a session; its id stays the same. The name is stored literally.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{\"name\":\"double-hash-once\"},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"New name (no colon, dot, $, backslash or control characters).\",\"type\":\"string\"},\"session\":{\"description\":\"Session id ($1) or exact name.\",\"type\":\"string\"}},\"required\":[\"session\",\"name\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"New name (no colon, dot, $, backslash or control characters).\",\"maxLength\":256,\"minLength\":1,\"pattern\":\"^[^:.$\\\\\\\\\\\\x00-\\\\x1f\\\\x7f]+$\",\"type\":\"string\"},\"session\":{\"description\":\"Session id ($1) or exact name.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"}},\"required\":[\"session\",\"name\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"name\":{\"description\":\"Name now stored.\",\"type\":\"string\"},\"session\":{\"description\":\"Session id.\",\"type\":\"string\"}},\"required\":[\"session\",\"name\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["session", "name"],
        targets: &[
            rt::Target {
                path: &["session"],
                kind: rt::TargetKind::Session,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "rename_window",
        title: "Rename window",
        description: "Rename a window (turns off its automatic renaming); stored literally.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{\"name\":\"double-hash-once\"},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"New name (no $, backslash or control characters).\",\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\",\"name\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"New name (no $, backslash or control characters).\",\"maxLength\":256,\"minLength\":1,\"pattern\":\"^[^$\\\\\\\\\\\\x00-\\\\x1f\\\\x7f]+$\",\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"window\",\"name\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"name\":{\"description\":\"Name now stored.\",\"type\":\"string\"},\"window\":{\"description\":\"Window id.\",\"type\":\"string\"}},\"required\":[\"window\",\"name\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["window", "name"],
        targets: &[
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "resize_pane",
        title: "Resize pane",
        description: "Move one edge of a pane by a number of cells. Returns the size tmux applied.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"cells\":{\"description\":\"Cells to move it by.\",\"type\":\"integer\"},\"direction\":{\"description\":\"Edge to move.\",\"enum\":[\"up\",\"down\",\"left\",\"right\"],\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\",\"direction\",\"cells\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"cells\":{\"description\":\"Cells to move it by.\",\"maximum\":10000,\"minimum\":1,\"type\":\"integer\"},\"direction\":{\"description\":\"Edge to move.\",\"enum\":[\"up\",\"down\",\"left\",\"right\"],\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"pane\",\"direction\",\"cells\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"height\":{\"description\":\"Rows after resizing.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns after resizing.\",\"type\":\"integer\"}},\"required\":[\"pane\",\"width\",\"height\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "direction", "cells"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "resize_window",
        title: "Resize window",
        description: "Set a window to an exact size. Returns the size tmux applied.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"},\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\",\"width\",\"height\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"height\":{\"description\":\"Rows.\",\"maximum\":10000,\"minimum\":1,\"type\":\"integer\"},\"width\":{\"description\":\"Columns.\",\"maximum\":10000,\"minimum\":1,\"type\":\"integer\"},\"window\":{\"description\":\"Window id (@2).\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"window\",\"width\",\"height\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"height\":{\"description\":\"Rows applied.\",\"type\":\"integer\"},\"width\":{\"description\":\"Columns applied.\",\"type\":\"integer\"},\"window\":{\"description\":\"Window id.\",\"type\":\"string\"}},\"required\":[\"window\",\"width\",\"height\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["window", "width", "height"],
        targets: &[
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "respawn_pane",
        title: "Respawn pane",
        description: "Restart a pane's configured command; a running process is refused unless kill_first.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: false,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"configured-process\",\"tmuxEffects\":[\"change\",\"delete\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"kill_first\":{\"default\":false,\"description\":\"Kill a running process first.\",\"type\":\"boolean\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"kill_first\":{\"default\":false,\"description\":\"Kill a running process first.\",\"type\":\"boolean\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"pid\":{\"description\":\"New process id.\",\"type\":\"integer\"}},\"required\":[\"pane\",\"pid\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "kill_first"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "run_shell_command",
        title: "Run shell command",
        description: "Run a command line in the pane's own shell (cd, export persist; exit closes the pane); returns exit status and newest output. Refused unless the shell is at its prompt; at the deadline the command runs on.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: false,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"pane-command\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"terminal-content\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"command\":{\"description\":\"Shell command line (no control characters but tab, CR, LF).\",\"type\":\"string\"},\"max_bytes\":{\"default\":16384,\"description\":\"Most bytes returned.\",\"type\":\"integer\"},\"max_lines\":{\"default\":200,\"description\":\"Most lines returned.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"type\":\"integer\"},\"suppress_history\":{\"default\":false,\"description\":\"Keep the command out of shell history.\",\"type\":\"boolean\"}},\"required\":[\"pane\",\"command\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"command\":{\"description\":\"Shell command line (no control characters but tab, CR, LF).\",\"maxLength\":65536,\"minLength\":1,\"pattern\":\"^[^\\\\x01-\\\\x08\\\\x0b\\\\x0c\\\\x0e-\\\\x1f\\\\x7f-\\\\x9f]*$\",\"type\":\"string\"},\"max_bytes\":{\"default\":16384,\"description\":\"Most bytes returned.\",\"maximum\":262144,\"minimum\":1,\"type\":\"integer\"},\"max_lines\":{\"default\":200,\"description\":\"Most lines returned.\",\"maximum\":4096,\"minimum\":1,\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"maximum\":100000,\"minimum\":0,\"type\":\"integer\"},\"suppress_history\":{\"default\":false,\"description\":\"Keep the command out of shell history.\",\"type\":\"boolean\"}},\"required\":[\"pane\",\"command\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"elapsed_ms\":{\"description\":\"Time taken.\",\"type\":\"integer\"},\"exit_status\":{\"description\":\"The command's (or exiting shell's) status.\",\"type\":[\"integer\",\"null\"]},\"masked\":{\"description\":\"Secret-shaped spans replaced by [masked:kind] markers.\",\"type\":\"integer\"},\"outcome\":{\"description\":\"Why it ended.\",\"enum\":[\"completed\",\"timed_out\",\"pane_closed\",\"shell_replaced\"],\"type\":\"string\"},\"output\":{\"description\":\"The newest output (untrusted).\",\"type\":\"string\"},\"output_bytes\":{\"description\":\"Text bytes printed.\",\"type\":\"integer\"},\"output_lines\":{\"description\":\"Lines printed.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"seconds\":{\"description\":\"Deadline used.\",\"type\":\"integer\"},\"timed_out\":{\"description\":\"The deadline passed first.\",\"type\":\"boolean\"},\"truncated\":{\"description\":\"output is only the newest part.\",\"type\":\"boolean\"}},\"required\":[\"pane\",\"outcome\",\"exit_status\",\"timed_out\",\"seconds\",\"elapsed_ms\",\"output\",\"output_lines\",\"output_bytes\",\"truncated\",\"masked\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &[
            "pane",
            "command",
            "seconds",
            "suppress_history",
            "max_lines",
            "max_bytes",
        ],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "search_panes",
        title: "Search panes",
        description: "Find panes whose text holds a literal or regex (linear-time), in one session or window if given; bounded (limits_hit names bounds reached).",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"terminal-content\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"history\":{\"default\":false,\"description\":\"Search scrollback too.\",\"type\":\"boolean\"},\"match_case\":{\"default\":false,\"description\":\"Case-sensitive matching.\",\"type\":\"boolean\"},\"pattern\":{\"description\":\"Text or regex to look for.\",\"type\":\"string\"},\"regex\":{\"default\":false,\"description\":\"Treat pattern as a regex.\",\"type\":\"boolean\"},\"session\":{\"description\":\"Only panes of this session.\",\"type\":\"string\"},\"window\":{\"description\":\"Only panes of this window.\",\"type\":\"string\"}},\"required\":[\"pattern\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"history\":{\"default\":false,\"description\":\"Search scrollback too.\",\"type\":\"boolean\"},\"match_case\":{\"default\":false,\"description\":\"Case-sensitive matching.\",\"type\":\"boolean\"},\"pattern\":{\"description\":\"Text or regex to look for.\",\"maxLength\":4096,\"minLength\":1,\"type\":\"string\"},\"regex\":{\"default\":false,\"description\":\"Treat pattern as a regex.\",\"type\":\"boolean\"},\"session\":{\"description\":\"Only panes of this session.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"},\"window\":{\"description\":\"Only panes of this window.\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"pattern\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"limits_hit\":{\"description\":\"Bounds that cut the search short.\",\"items\":{\"enum\":[\"panes\",\"lines\",\"matches\",\"time\"],\"type\":\"string\"},\"type\":\"array\"},\"masked\":{\"description\":\"Secret-shaped spans replaced by [masked:kind] markers.\",\"type\":\"integer\"},\"matches\":{\"description\":\"Matching lines.\",\"items\":{\"properties\":{\"line\":{\"description\":\"Line number, 0 = top of screen, negative = scrollback.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"text\":{\"description\":\"The line (untrusted).\",\"type\":\"string\"}},\"required\":[\"pane\",\"line\",\"text\"],\"type\":\"object\"},\"type\":\"array\"},\"panes_searched\":{\"description\":\"Panes whose text was searched.\",\"type\":\"integer\"}},\"required\":[\"matches\",\"panes_searched\",\"limits_hit\",\"masked\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"history\":{\"default\":false,\"description\":\"Search scrollback too.\",\"type\":\"boolean\"},\"match_case\":{\"default\":false,\"description\":\"Case-sensitive matching.\",\"type\":\"boolean\"},\"pattern\":{\"description\":\"Text or regex to look for.\",\"type\":\"string\"},\"regex\":{\"default\":false,\"description\":\"Treat pattern as a regex.\",\"type\":\"boolean\"},\"session\":{\"description\":\"Only panes of this session.\",\"type\":\"string\"},\"window\":{\"description\":\"Only panes of this window.\",\"type\":\"string\"}},\"required\":[\"pattern\"],\"type\":\"object\"},\"tool\":{\"const\":\"search_panes\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["pattern", "regex", "match_case", "history", "session", "window"],
        targets: &[
            rt::Target {
                path: &["session"],
                kind: rt::TargetKind::Session,
                required: false,
            },
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: false,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "select_layout",
        title: "Select layout",
        description: "Arrange a window's panes: preset (even-horizontal, even-vertical, main-horizontal, main-vertical, tiled), abbreviation or layout string; returns the layout.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"layout\":{\"description\":\"Preset name, abbreviation or layout string.\",\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\",\"layout\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"layout\":{\"description\":\"Preset name, abbreviation or layout string.\",\"maxLength\":8192,\"minLength\":1,\"pattern\":\"^[A-Za-z0-9,x\\\\[\\\\]{}-]+$\",\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"window\",\"layout\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"layout\":{\"description\":\"Layout string now in effect.\",\"type\":\"string\"},\"window\":{\"description\":\"Window id.\",\"type\":\"string\"}},\"required\":[\"window\",\"layout\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["window", "layout"],
        targets: &[
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "select_pane",
        title: "Select pane",
        description: "Make a pane active, or move from it up, down, left, right, to the last, next or previous pane.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"direction\":{\"description\":\"Move relative to pane instead of selecting it.\",\"enum\":[\"up\",\"down\",\"left\",\"right\",\"last\",\"next\",\"previous\"],\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"direction\":{\"description\":\"Move relative to pane instead of selecting it.\",\"enum\":[\"up\",\"down\",\"left\",\"right\",\"last\",\"next\",\"previous\"],\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"pane\":{\"description\":\"Pane now active.\",\"type\":\"string\"},\"window\":{\"description\":\"Its window.\",\"type\":\"string\"}},\"required\":[\"pane\",\"window\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "direction"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "select_window",
        title: "Select window",
        description: "Make a window current in its session, or move to the next, previous or last window from it.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"direction\":{\"description\":\"Move relative to window instead of selecting it.\",\"enum\":[\"next\",\"previous\",\"last\"],\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"direction\":{\"description\":\"Move relative to window instead of selecting it.\",\"enum\":[\"next\",\"previous\",\"last\"],\"type\":\"string\"},\"window\":{\"description\":\"Window id (@2).\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"window\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"session\":{\"description\":\"Its session.\",\"type\":\"string\"},\"window\":{\"description\":\"Window now current.\",\"type\":\"string\"}},\"required\":[\"window\",\"session\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["window", "direction"],
        targets: &[
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "send_keys",
        title: "Send keys",
        description: "Type literal text, then press tmux keys (Enter, C-c, Up...); unknown key names are refused. Prompts: send_prompt; exit status: run_shell_command.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: false,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"pane-input\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"enter\":{\"default\":false,\"description\":\"Press Enter last.\",\"type\":\"boolean\"},\"keys\":{\"description\":\"tmux key names pressed after text, e.g. C-c, Enter, Up.\",\"items\":{\"type\":\"string\"},\"type\":\"array\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"text\":{\"description\":\"Literal text to type (no control characters but tab, CR, LF; use keys).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"enter\":{\"default\":false,\"description\":\"Press Enter last.\",\"type\":\"boolean\"},\"keys\":{\"description\":\"tmux key names pressed after text, e.g. C-c, Enter, Up.\",\"items\":{\"maxLength\":32,\"minLength\":1,\"type\":\"string\"},\"maxItems\":64,\"type\":\"array\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"text\":{\"description\":\"Literal text to type (no control characters but tab, CR, LF; use keys).\",\"maxLength\":65536,\"pattern\":\"^[^\\\\x01-\\\\x08\\\\x0b\\\\x0c\\\\x0e-\\\\x1f\\\\x7f-\\\\x9f]*$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"keys\":{\"description\":\"Keys pressed, Enter included.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"since\":{\"description\":\"Where this input's output begins; pass as since to wait_for_text or wait_for_quiet.\",\"type\":\"string\"},\"text_bytes\":{\"description\":\"Bytes of text typed.\",\"type\":\"integer\"}},\"required\":[\"pane\",\"text_bytes\",\"keys\",\"since\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "text", "keys", "enter"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "send_keys_batch",
        title: "Send keys to several panes",
        description: "Ordered input to one or more panes, 1..64 rows of send_keys arguments, each reported.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: false,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"pane-input\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"on_error\":{\"default\":\"stop\",\"description\":\"On a failed row, stop or continue.\",\"enum\":[\"stop\",\"continue\"],\"type\":\"string\"},\"operations\":{\"description\":\"Rows, run in order.\",\"items\":{\"additionalProperties\":false,\"properties\":{\"enter\":{\"default\":false,\"description\":\"Press Enter last.\",\"type\":\"boolean\"},\"keys\":{\"description\":\"tmux key names pressed after text.\",\"items\":{\"type\":\"string\"},\"type\":\"array\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"text\":{\"description\":\"Literal text to type (no control characters but tab, CR, LF; use keys).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"type\":\"array\"}},\"required\":[\"operations\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"on_error\":{\"default\":\"stop\",\"description\":\"On a failed row, stop or continue.\",\"enum\":[\"stop\",\"continue\"],\"type\":\"string\"},\"operations\":{\"description\":\"Rows, run in order.\",\"items\":{\"additionalProperties\":false,\"properties\":{\"enter\":{\"default\":false,\"description\":\"Press Enter last.\",\"type\":\"boolean\"},\"keys\":{\"description\":\"tmux key names pressed after text.\",\"items\":{\"maxLength\":32,\"minLength\":1,\"type\":\"string\"},\"maxItems\":64,\"type\":\"array\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"text\":{\"description\":\"Literal text to type (no control characters but tab, CR, LF; use keys).\",\"maxLength\":65536,\"pattern\":\"^[^\\\\x01-\\\\x08\\\\x0b\\\\x0c\\\\x0e-\\\\x1f\\\\x7f-\\\\x9f]*$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"maxItems\":64,\"minItems\":1,\"type\":\"array\"}},\"required\":[\"operations\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"failed\":{\"description\":\"Rows that failed.\",\"type\":\"integer\"},\"results\":{\"description\":\"One row per operation run.\",\"items\":{\"properties\":{\"error\":{\"description\":\"A typed failure.\",\"properties\":{\"kind\":{\"description\":\"Failure class, e.g. object_gone.\",\"type\":\"string\"},\"message\":{\"description\":\"What went wrong; what to do.\",\"type\":\"string\"},\"retryable\":{\"description\":\"Whether the same call may succeed later.\",\"type\":\"boolean\"}},\"required\":[\"message\",\"kind\",\"retryable\"],\"type\":[\"object\",\"null\"]},\"index\":{\"description\":\"Position in operations.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"since\":{\"description\":\"Where this input's output begins; pass as since to wait_for_text or wait_for_quiet.\",\"type\":[\"string\",\"null\"]},\"success\":{\"description\":\"The input was sent.\",\"type\":\"boolean\"}},\"required\":[\"index\",\"pane\",\"success\",\"since\",\"error\"],\"type\":\"object\"},\"type\":\"array\"},\"stopped_at\":{\"description\":\"Index of the row that stopped the batch.\",\"type\":[\"integer\",\"null\"]},\"succeeded\":{\"description\":\"Rows that succeeded.\",\"type\":\"integer\"}},\"required\":[\"results\",\"succeeded\",\"failed\",\"stopped_at\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["operations", "on_error"],
        targets: &[
            rt::Target {
                path: &["operations", "pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "send_prompt",
        title: "Send prompt",
        description: "Hand a prompt (several lines too) to a pane's program (agent TUI, REPL, shell) and submit it: one paste (bracketed if asked), Enter once taken, again while it waits; submitted once it left the input line. Refused, nothing sent, when the pane is dead, in a mode, reads no input, asks a question or would get several submissions. Then wait_for_agent, wait_for_quiet or wait_for_text from since.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: false,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"pane-input\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"type\":\"integer\"},\"submit\":{\"default\":true,\"description\":\"Press Enter after the paste.\",\"type\":\"boolean\"},\"text\":{\"description\":\"The prompt; several lines stay one (no control characters but tab, CR, LF).\",\"type\":\"string\"}},\"required\":[\"pane\",\"text\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"maximum\":100000,\"minimum\":0,\"type\":\"integer\"},\"submit\":{\"default\":true,\"description\":\"Press Enter after the paste.\",\"type\":\"boolean\"},\"text\":{\"description\":\"The prompt; several lines stay one (no control characters but tab, CR, LF).\",\"maxLength\":65536,\"minLength\":1,\"pattern\":\"^[^\\\\x01-\\\\x08\\\\x0b\\\\x0c\\\\x0e-\\\\x1f\\\\x7f-\\\\x9f]*$\",\"type\":\"string\"}},\"required\":[\"pane\",\"text\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"delivery\":{\"description\":\"How the text went: bracketed_paste (the program asked), paste (bracketed if it asked; this tmux cannot say), keys (it did not ask: typed, each newline an Enter).\",\"enum\":[\"bracketed_paste\",\"paste\",\"keys\",null],\"type\":[\"string\",\"null\"]},\"elapsed_ms\":{\"description\":\"Time taken.\",\"type\":\"integer\"},\"enter_presses\":{\"description\":\"Enter keys pressed.\",\"type\":\"integer\"},\"outcome\":{\"description\":\"What became of the prompt.\",\"enum\":[\"submitted\",\"pasted_not_submitted\",\"refused\",\"pane_closed\"],\"type\":\"string\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"reason\":{\"description\":\"Why it was refused or not submitted.\",\"type\":[\"string\",\"null\"]},\"since\":{\"description\":\"Where this input's output begins; pass as since to wait_for_text or wait_for_quiet.\",\"type\":[\"string\",\"null\"]}},\"required\":[\"pane\",\"outcome\",\"reason\",\"delivery\",\"enter_presses\",\"elapsed_ms\",\"since\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "text", "submit", "seconds"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "set_history_limit",
        title: "Set history limit",
        description: "Set history-limit globally or per session. Lowering it can discard scrollback (at once on tmux 3.7+); the result reports what tmux says it discarded.",
        toolset: "teardown",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: true,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"teardown\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\",\"delete\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"limit\":{\"description\":\"Lines of scrollback to keep.\",\"type\":\"integer\"},\"session\":{\"description\":\"Only this session; omit for the global default.\",\"type\":\"string\"}},\"required\":[\"limit\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"limit\":{\"description\":\"Lines of scrollback to keep.\",\"maximum\":100000000,\"minimum\":0,\"type\":\"integer\"},\"session\":{\"description\":\"Only this session; omit for the global default.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"}},\"required\":[\"limit\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"discarded_lines\":{\"description\":\"Scrollback lines discarded, when tmux reports them.\",\"type\":[\"integer\",\"null\"]},\"limit\":{\"description\":\"Value now set.\",\"type\":\"integer\"},\"previous\":{\"description\":\"Value before.\",\"type\":\"integer\"},\"session\":{\"description\":\"Session changed, or null for global.\",\"type\":[\"string\",\"null\"]}},\"required\":[\"session\",\"limit\",\"previous\",\"discarded_lines\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["limit", "session"],
        targets: &[
            rt::Target {
                path: &["session"],
                kind: rt::TargetKind::Session,
                required: false,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "set_mouse_enabled",
        title: "Set mouse",
        description: "Turn tmux mouse support on or off, globally or for one session.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"enabled\":{\"description\":\"On or off.\",\"type\":\"boolean\"},\"session\":{\"description\":\"Only this session; omit for the global default.\",\"type\":\"string\"}},\"required\":[\"enabled\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"enabled\":{\"description\":\"On or off.\",\"type\":\"boolean\"},\"session\":{\"description\":\"Only this session; omit for the global default.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"}},\"required\":[\"enabled\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"enabled\":{\"description\":\"Value now set.\",\"type\":\"boolean\"},\"session\":{\"description\":\"Session changed, or null for global.\",\"type\":[\"string\",\"null\"]}},\"required\":[\"session\",\"enabled\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["enabled", "session"],
        targets: &[
            rt::Target {
                path: &["session"],
                kind: rt::TargetKind::Session,
                required: false,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "set_pane_title",
        title: "Set pane title",
        description: "Set a pane's title. The title is stored literally.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{\"title\":\"double-hash-once\"},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"title\":{\"description\":\"New title (no backslash or control characters).\",\"type\":\"string\"}},\"required\":[\"pane\",\"title\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"title\":{\"description\":\"New title (no backslash or control characters).\",\"maxLength\":1024,\"pattern\":\"^[^\\\\\\\\\\\\x00-\\\\x1f\\\\x7f]*$\",\"type\":\"string\"}},\"required\":[\"pane\",\"title\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"title\":{\"description\":\"Title now stored.\",\"type\":\"string\"}},\"required\":[\"pane\",\"title\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "title"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "set_synchronize_panes",
        title: "Set synchronize-panes",
        description: "Turn synchronize-panes on or off for a window; while on, input to one of its panes reaches all of them.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":true}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"enabled\":{\"description\":\"On or off.\",\"type\":\"boolean\"},\"window\":{\"description\":\"Window id (@2).\",\"type\":\"string\"}},\"required\":[\"window\",\"enabled\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"enabled\":{\"description\":\"On or off.\",\"type\":\"boolean\"},\"window\":{\"description\":\"Window id (@2).\",\"pattern\":\"^@[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"window\",\"enabled\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"enabled\":{\"description\":\"Value now set.\",\"type\":\"boolean\"},\"window\":{\"description\":\"Window id.\",\"type\":\"string\"}},\"required\":[\"window\",\"enabled\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["window", "enabled"],
        targets: &[
            rt::Target {
                path: &["window"],
                kind: rt::TargetKind::Window,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "show_environment",
        title: "Show environment",
        description: "Environment names new panes get (global or a session's), set or unset; values only for names in LIBTMUX_ENVIRONMENT_VALUES.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"process-environment\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session environment; omit for the global one.\",\"type\":\"string\"}},\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session environment; omit for the global one.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"}},\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"entries\":{\"description\":\"Variables, sorted by name.\",\"items\":{\"properties\":{\"name\":{\"description\":\"Variable name.\",\"type\":\"string\"},\"set\":{\"description\":\"False when marked for removal.\",\"type\":\"boolean\"},\"value\":{\"description\":\"Value, if the operator allows it.\",\"type\":[\"string\",\"null\"]},\"withheld\":{\"description\":\"The value is withheld.\",\"type\":\"boolean\"}},\"required\":[\"name\",\"set\",\"value\",\"withheld\"],\"type\":\"object\"},\"type\":\"array\"},\"session\":{\"description\":\"Session read, or null for global.\",\"type\":[\"string\",\"null\"]}},\"required\":[\"session\",\"entries\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session environment; omit for the global one.\",\"type\":\"string\"}},\"type\":\"object\"},\"tool\":{\"const\":\"show_environment\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["session"],
        targets: &[
            rt::Target {
                path: &["session"],
                kind: rt::TargetKind::Session,
                required: false,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "show_hooks",
        title: "Show hooks",
        description: "Hooks set globally or for a session, with their commands.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"configured-command\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session hooks; omit for the global ones.\",\"type\":\"string\"}},\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session hooks; omit for the global ones.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"}},\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"hooks\":{\"description\":\"Hooks in tmux order.\",\"items\":{\"properties\":{\"command\":{\"description\":\"Command it runs.\",\"type\":\"string\"},\"name\":{\"description\":\"Hook name, with index, e.g. after-new-session[0].\",\"type\":\"string\"}},\"required\":[\"name\",\"command\"],\"type\":\"object\"},\"type\":\"array\"}},\"required\":[\"hooks\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"session\":{\"description\":\"Session hooks; omit for the global ones.\",\"type\":\"string\"}},\"type\":\"object\"},\"tool\":{\"const\":\"show_hooks\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["session"],
        targets: &[
            rt::Target {
                path: &["session"],
                kind: rt::TargetKind::Session,
                required: false,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "show_option",
        title: "Show option",
        description: "Read one tmux option at a scope, and whether it is set there or inherited.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"configured-command\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{\"name\":\"double-hash-once\"},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"Option, e.g. history-limit or @mine.\",\"type\":\"string\"},\"scope\":{\"default\":\"global-session\",\"description\":\"Where to read it.\",\"enum\":[\"server\",\"global-session\",\"global-window\",\"session\",\"window\",\"pane\"],\"type\":\"string\"},\"target\":{\"description\":\"Session, window or pane to read.\",\"type\":\"string\"}},\"required\":[\"name\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"Option, e.g. history-limit or @mine.\",\"maxLength\":128,\"pattern\":\"^@?[A-Za-z][A-Za-z0-9_-]*(\\\\[[0-9]+\\\\])?$\",\"type\":\"string\"},\"scope\":{\"default\":\"global-session\",\"description\":\"Where to read it.\",\"enum\":[\"server\",\"global-session\",\"global-window\",\"session\",\"window\",\"pane\"],\"type\":\"string\"},\"target\":{\"description\":\"Session, window or pane to read.\",\"maxLength\":256,\"pattern\":\"^(\\\\$[0-9]+|@[0-9]+|%[0-9]+|[^:.$][^:.]*)$\",\"type\":\"string\"}},\"required\":[\"name\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"inherited\":{\"description\":\"The value comes from a wider scope.\",\"type\":\"boolean\"},\"name\":{\"description\":\"Option name.\",\"type\":\"string\"},\"scope\":{\"description\":\"Scope read.\",\"type\":\"string\"},\"value\":{\"description\":\"Value; null when unset everywhere.\",\"type\":[\"string\",\"null\"]}},\"required\":[\"name\",\"scope\",\"value\",\"inherited\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"name\":{\"description\":\"Option, e.g. history-limit or @mine.\",\"type\":\"string\"},\"scope\":{\"default\":\"global-session\",\"description\":\"Where to read it.\",\"enum\":[\"server\",\"global-session\",\"global-window\",\"session\",\"window\",\"pane\"],\"type\":\"string\"},\"target\":{\"description\":\"Session, window or pane to read.\",\"type\":\"string\"}},\"required\":[\"name\"],\"type\":\"object\"},\"tool\":{\"const\":\"show_option\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["name", "scope", "target"],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "signal_channel",
        title: "Signal channel",
        description: "Signal a tmux wait-for channel, waking every waiter on it.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"channel\":{\"description\":\"Channel name.\",\"type\":\"string\"}},\"required\":[\"channel\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"channel\":{\"description\":\"Channel name.\",\"pattern\":\"^[A-Za-z0-9_.-]{1,128}$\",\"type\":\"string\"}},\"required\":[\"channel\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"channel\":{\"description\":\"Channel signalled.\",\"type\":\"string\"}},\"required\":[\"channel\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["channel"],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "snapshot_pane",
        title: "Snapshot pane",
        description: "Screen text with cursor, size, mode, scroll position, alternate screen, dead flag, in one call: look before typing into a pane in an unknown state.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"terminal-content\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: true,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"history\":{\"default\":false,\"description\":\"Include scrollback.\",\"type\":\"boolean\"},\"max_lines\":{\"description\":\"Newest lines to keep.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"history\":{\"default\":false,\"description\":\"Include scrollback.\",\"type\":\"boolean\"},\"max_lines\":{\"description\":\"Newest lines to keep.\",\"maximum\":100000,\"minimum\":1,\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"agent_state\":{\"description\":\"The agent's state (hooks, or a known CLI's screen).\",\"enum\":[\"working\",\"asking\",\"idle\",null],\"type\":[\"string\",\"null\"]},\"agent_state_ms\":{\"description\":\"Age of a hooks report.\",\"type\":[\"integer\",\"null\"]},\"agent_state_source\":{\"description\":\"Its source.\",\"enum\":[\"hooks\",\"screen\",\"title\",null],\"type\":[\"string\",\"null\"]},\"alternate_screen\":{\"description\":\"A full-screen program owns the screen.\",\"type\":\"boolean\"},\"at_prompt\":{\"description\":\"Its shell is at a prompt.\",\"type\":\"boolean\"},\"content\":{\"description\":\"Screen text (untrusted).\",\"type\":\"string\"},\"cursor_x\":{\"description\":\"Cursor column, from 0.\",\"type\":\"integer\"},\"cursor_y\":{\"description\":\"Cursor row, from 0.\",\"type\":\"integer\"},\"dead\":{\"description\":\"The pane's process has exited.\",\"type\":\"boolean\"},\"foreground_command\":{\"description\":\"Program with the terminal.\",\"type\":[\"string\",\"null\"]},\"foreground_pid\":{\"description\":\"Its process id.\",\"type\":[\"integer\",\"null\"]},\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"idle_ms\":{\"description\":\"Since its last text, if followed.\",\"type\":[\"integer\",\"null\"]},\"lines\":{\"description\":\"Lines returned.\",\"type\":\"integer\"},\"masked\":{\"description\":\"Secret-shaped spans replaced by [masked:kind] markers.\",\"type\":\"integer\"},\"mode\":{\"description\":\"Pane mode, e.g. copy-mode; null when none.\",\"type\":[\"string\",\"null\"]},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"scroll_position\":{\"description\":\"Lines scrolled back in copy mode.\",\"type\":[\"integer\",\"null\"]},\"truncated\":{\"description\":\"Lines were dropped to fit the bounds.\",\"type\":\"boolean\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"}},\"required\":[\"pane\",\"content\",\"lines\",\"truncated\",\"width\",\"height\",\"cursor_x\",\"cursor_y\",\"mode\",\"scroll_position\",\"alternate_screen\",\"dead\",\"foreground_command\",\"foreground_pid\",\"at_prompt\",\"idle_ms\",\"agent_state\",\"agent_state_ms\",\"agent_state_source\",\"masked\"],\"type\":\"object\"}",
        batch_alternative: Some(
            "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"additionalProperties\":false,\"properties\":{\"history\":{\"default\":false,\"description\":\"Include scrollback.\",\"type\":\"boolean\"},\"max_lines\":{\"description\":\"Newest lines to keep.\",\"type\":\"integer\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"},\"tool\":{\"const\":\"snapshot_pane\"}},\"required\":[\"tool\"],\"type\":\"object\"}",
        ),
        operation_pointer: None,
        arguments: &["pane", "max_lines", "history"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "split_window",
        title: "Split window",
        description: "Split a pane, starting the default command in the new one; returns it.",
        toolset: "execute",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"execute\",\"processReach\":\"configured-process\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{\"start_directory\":\"double-hash-once\"},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"direction\":{\"default\":\"below\",\"description\":\"Where the new pane goes.\",\"enum\":[\"above\",\"below\",\"left\",\"right\"],\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"percent\":{\"description\":\"Size of the new pane, percent of the split pane.\",\"type\":\"integer\"},\"start_directory\":{\"description\":\"Absolute working directory.\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"direction\":{\"default\":\"below\",\"description\":\"Where the new pane goes.\",\"enum\":[\"above\",\"below\",\"left\",\"right\"],\"type\":\"string\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"percent\":{\"description\":\"Size of the new pane, percent of the split pane.\",\"maximum\":100,\"minimum\":1,\"type\":\"integer\"},\"start_directory\":{\"description\":\"Absolute working directory.\",\"maxLength\":4096,\"minLength\":1,\"pattern\":\"^/\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"height\":{\"description\":\"Rows.\",\"type\":\"integer\"},\"pane\":{\"description\":\"New pane id.\",\"type\":\"string\"},\"width\":{\"description\":\"Columns.\",\"type\":\"integer\"},\"window\":{\"description\":\"Its window.\",\"type\":\"string\"}},\"required\":[\"pane\",\"window\",\"width\",\"height\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "direction", "percent", "start_directory"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "swap_pane",
        title: "Swap panes",
        description: "Swap the positions of two panes, within a window or across windows.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"source_pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"target_pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"}},\"required\":[\"source_pane\",\"target_pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"source_pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"target_pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"}},\"required\":[\"source_pane\",\"target_pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"source_pane\":{\"description\":\"Source pane id.\",\"type\":\"string\"},\"source_window\":{\"description\":\"Window the source pane is now in.\",\"type\":\"string\"},\"target_pane\":{\"description\":\"Target pane id.\",\"type\":\"string\"},\"target_window\":{\"description\":\"Window the target pane is now in.\",\"type\":\"string\"}},\"required\":[\"source_pane\",\"source_window\",\"target_pane\",\"target_window\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["source_pane", "target_pane"],
        targets: &[
            rt::Target {
                path: &["source_pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
            rt::Target {
                path: &["target_pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "wait_for_agent",
        title: "Wait for agent",
        description: "Block until the pane's agent (or first of panes; all: each) is idle or asking, by its hooks (pane option agent_state) or a known CLI's screen. Reports before your last input do not count; a turn counted since does.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"all\":{\"default\":false,\"description\":\"Wait for each pane.\",\"type\":\"boolean\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"panes\":{\"description\":\"More panes.\",\"items\":{\"type\":\"string\"},\"type\":\"array\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"type\":\"integer\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"all\":{\"default\":false,\"description\":\"Wait for each pane.\",\"type\":\"boolean\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"panes\":{\"description\":\"More panes.\",\"items\":{\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"maxItems\":255,\"type\":\"array\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"maximum\":100000,\"minimum\":0,\"type\":\"integer\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"agent_state\":{\"description\":\"The agent's state (hooks, or a known CLI's screen).\",\"enum\":[\"working\",\"asking\",\"idle\",null],\"type\":[\"string\",\"null\"]},\"agent_state_ms\":{\"description\":\"Age of a hooks report.\",\"type\":[\"integer\",\"null\"]},\"agent_state_source\":{\"description\":\"Its source.\",\"enum\":[\"hooks\",\"screen\",\"title\",null],\"type\":[\"string\",\"null\"]},\"elapsed_ms\":{\"description\":\"Time waited.\",\"type\":\"integer\"},\"outcome\":{\"description\":\"Why the wait ended.\",\"enum\":[\"idle\",\"asking\",\"deadline\",\"pane_closed\"],\"type\":\"string\"},\"pane\":{\"description\":\"The pane that ended the wait.\",\"type\":\"string\"},\"panes\":{\"description\":\"With panes, what each pane did, in order.\",\"items\":{\"properties\":{\"agent_state\":{\"description\":\"The agent's state (hooks, or a known CLI's screen).\",\"enum\":[\"working\",\"asking\",\"idle\",null],\"type\":[\"string\",\"null\"]},\"agent_state_ms\":{\"description\":\"Age of a hooks report.\",\"type\":[\"integer\",\"null\"]},\"agent_state_source\":{\"description\":\"Its source.\",\"enum\":[\"hooks\",\"screen\",\"title\",null],\"type\":[\"string\",\"null\"]},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"reported\":{\"description\":\"What it reported; waiting, nothing yet.\",\"enum\":[\"idle\",\"asking\",\"pane_closed\",\"waiting\"],\"type\":\"string\"}},\"required\":[\"pane\",\"reported\",\"agent_state\",\"agent_state_ms\",\"agent_state_source\"],\"type\":\"object\"},\"type\":[\"array\",\"null\"]},\"why\":{\"description\":\"With deadline, what the reports say and what to do.\",\"type\":[\"string\",\"null\"]}},\"required\":[\"pane\",\"outcome\",\"agent_state\",\"agent_state_ms\",\"agent_state_source\",\"why\",\"panes\",\"elapsed_ms\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "panes", "all", "seconds"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
            rt::Target {
                path: &["panes"],
                kind: rt::TargetKind::Pane,
                required: false,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "wait_for_channel",
        title: "Wait for channel",
        description: "Block until a wait-for channel is signalled (signal_channel, `tmux wait-for -S`), the deadline passes or tmux ends.",
        toolset: "manage",
        annotations: rt::Annotations {
            read_only_hint: false,
            destructive_hint: false,
            idempotent_hint: false,
            open_world_hint: false,
        },
        record: "{\"toolset\":\"manage\",\"processReach\":\"none\",\"tmuxEffects\":[\"change\"],\"outputClasses\":[\"tmux-metadata\"],\"mayExposeSecrets\":false,\"mayReturnUntrustedContent\":false,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"channel\":{\"description\":\"Channel name.\",\"type\":\"string\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"type\":\"integer\"}},\"required\":[\"channel\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"channel\":{\"description\":\"Channel name.\",\"pattern\":\"^[A-Za-z0-9_.-]{1,128}$\",\"type\":\"string\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"maximum\":100000,\"minimum\":0,\"type\":\"integer\"}},\"required\":[\"channel\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"channel\":{\"description\":\"Channel name.\",\"type\":\"string\"},\"outcome\":{\"description\":\"Why the wait ended.\",\"enum\":[\"signalled\",\"deadline\",\"server_gone\"],\"type\":\"string\"},\"seconds\":{\"description\":\"Deadline used.\",\"type\":\"integer\"}},\"required\":[\"channel\",\"outcome\",\"seconds\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["channel", "seconds"],
        targets: &[],
    },
    rt::ToolDescriptor {
        name: "wait_for_quiet",
        title: "Wait for quiet",
        description: "Block until the pane, having printed since `since`, prints nothing for quiet_ms (a program finished), the pane closes or the deadline passes. Silence before the call counts; escape sequences and your input's echo do not.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"terminal-content\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"quiet_ms\":{\"default\":1000,\"description\":\"Silence that ends the wait.\",\"type\":\"integer\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"type\":\"integer\"},\"since\":{\"default\":\"last_input\",\"description\":\"Where output starts counting, as wait_for_text.\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"quiet_ms\":{\"default\":1000,\"description\":\"Silence that ends the wait.\",\"maximum\":60000,\"minimum\":100,\"type\":\"integer\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"maximum\":100000,\"minimum\":0,\"type\":\"integer\"},\"since\":{\"default\":\"last_input\",\"description\":\"Where output starts counting, as wait_for_text.\",\"pattern\":\"^(last_input|now|[0-9a-f.]+)$\",\"type\":\"string\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"elapsed_ms\":{\"description\":\"Time waited.\",\"type\":\"integer\"},\"line\":{\"description\":\"The last line printed (untrusted).\",\"type\":[\"string\",\"null\"]},\"masked\":{\"description\":\"Secret-shaped spans replaced by [masked:kind] markers.\",\"type\":\"integer\"},\"outcome\":{\"description\":\"Why the wait ended.\",\"enum\":[\"quiet\",\"deadline\",\"pane_closed\"],\"type\":\"string\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"seconds\":{\"description\":\"Deadline used.\",\"type\":\"integer\"}},\"required\":[\"pane\",\"outcome\",\"line\",\"seconds\",\"elapsed_ms\",\"masked\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &["pane", "quiet_ms", "since", "seconds"],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
    rt::ToolDescriptor {
        name: "wait_for_text",
        title: "Wait for text",
        description: "Block until output matches a pattern (any output if none) or a stop pattern, the pane closes or the deadline passes. since: last_input (output since your last input, even before this call), now, or an input tool's since. Echo never matches.",
        toolset: "inspect",
        annotations: rt::Annotations {
            read_only_hint: true,
            destructive_hint: false,
            idempotent_hint: true,
            open_world_hint: true,
        },
        record: "{\"toolset\":\"inspect\",\"processReach\":\"none\",\"tmuxEffects\":[\"observe\"],\"outputClasses\":[\"terminal-content\",\"tmux-metadata\"],\"mayExposeSecrets\":true,\"mayReturnUntrustedContent\":true,\"inputLiteralization\":{},\"nestedAuthority\":[],\"amplifiesFutureInput\":false}",
        nested_authority: &[],
        always_load: false,
        input_schema: "{\"additionalProperties\":false,\"properties\":{\"match_case\":{\"default\":false,\"description\":\"Case-sensitive matching.\",\"type\":\"boolean\"},\"pane\":{\"description\":\"Pane id (%3).\",\"type\":\"string\"},\"patterns\":{\"description\":\"A match ends the wait (matched).\",\"items\":{\"type\":\"string\"},\"type\":\"array\"},\"regex\":{\"default\":false,\"description\":\"Patterns are regexes.\",\"type\":\"boolean\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"type\":\"integer\"},\"since\":{\"default\":\"last_input\",\"description\":\"Where matching starts.\",\"type\":\"string\"},\"stop\":{\"description\":\"A match ends the wait (stopped), e.g. an error.\",\"items\":{\"type\":\"string\"},\"type\":\"array\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        validation_schema: "{\"additionalProperties\":false,\"properties\":{\"match_case\":{\"default\":false,\"description\":\"Case-sensitive matching.\",\"type\":\"boolean\"},\"pane\":{\"description\":\"Pane id (%3).\",\"pattern\":\"^%[0-9]{1,9}$\",\"type\":\"string\"},\"patterns\":{\"description\":\"A match ends the wait (matched).\",\"items\":{\"maxLength\":4096,\"minLength\":1,\"type\":\"string\"},\"maxItems\":32,\"type\":\"array\"},\"regex\":{\"default\":false,\"description\":\"Patterns are regexes.\",\"type\":\"boolean\"},\"seconds\":{\"description\":\"Deadline in seconds (default 30, 1..600).\",\"maximum\":100000,\"minimum\":0,\"type\":\"integer\"},\"since\":{\"default\":\"last_input\",\"description\":\"Where matching starts.\",\"pattern\":\"^(last_input|now|[0-9a-f.]+)$\",\"type\":\"string\"},\"stop\":{\"description\":\"A match ends the wait (stopped), e.g. an error.\",\"items\":{\"maxLength\":4096,\"minLength\":1,\"type\":\"string\"},\"maxItems\":32,\"type\":\"array\"}},\"required\":[\"pane\"],\"type\":\"object\"}",
        output_schema: "{\"properties\":{\"already_present\":{\"description\":\"Was printed earlier.\",\"type\":\"boolean\"},\"elapsed_ms\":{\"description\":\"Time waited.\",\"type\":\"integer\"},\"line\":{\"description\":\"The matching line, or the first new one (untrusted).\",\"type\":[\"string\",\"null\"]},\"masked\":{\"description\":\"Secret-shaped spans replaced by [masked:kind] markers.\",\"type\":\"integer\"},\"on_screen\":{\"description\":\"Pattern on screen at deadline.\",\"type\":[\"boolean\",\"null\"]},\"outcome\":{\"description\":\"Why the wait ended.\",\"enum\":[\"matched\",\"stopped\",\"deadline\",\"pane_closed\"],\"type\":\"string\"},\"pane\":{\"description\":\"Pane id.\",\"type\":\"string\"},\"pattern\":{\"description\":\"The pattern that matched.\",\"type\":[\"string\",\"null\"]},\"seconds\":{\"description\":\"Deadline used.\",\"type\":\"integer\"}},\"required\":[\"pane\",\"outcome\",\"pattern\",\"line\",\"already_present\",\"on_screen\",\"seconds\",\"elapsed_ms\",\"masked\"],\"type\":\"object\"}",
        batch_alternative: None,
        operation_pointer: None,
        arguments: &[
            "pane",
            "patterns",
            "stop",
            "regex",
            "match_case",
            "since",
            "seconds",
        ],
        targets: &[
            rt::Target {
                path: &["pane"],
                kind: rt::TargetKind::Pane,
                required: true,
            },
        ],
    },
];
/// Every toolset, in manifest order.
pub static TOOLSETS: [rt::ToolsetDescriptor; 4usize] = [
    rt::ToolsetDescriptor {
        name: "inspect",
        title: "Inspect",
        description: "Read tmux metadata and terminal output; changes nothing.",
        fresh_daemon_only: false,
    },
    rt::ToolsetDescriptor {
        name: "manage",
        title: "Manage",
        description: "Change tmux objects (names, layout, sizes, options, channels) without supplying executable input.",
        fresh_daemon_only: false,
    },
    rt::ToolsetDescriptor {
        name: "execute",
        title: "Execute",
        description: "Start configured processes or supply input to panes.",
        fresh_daemon_only: false,
    },
    rt::ToolsetDescriptor {
        name: "teardown",
        title: "Teardown",
        description: "Delete tmux state (sessions, windows, panes, scrollback).",
        fresh_daemon_only: true,
    },
];
/// The manifest's routing arguments, which every tool takes: name and JSON Schema.
pub const ROUTING: [(&str, &str); 1usize] = [
    (
        "host",
        "{\"description\":\"Run on this host of LIBTMUX_HOSTS (list_hosts shows them); omit for this machine.\",\"maxLength\":300,\"type\":\"string\"}",
    ),
];
/// A batch's one row alternative for its nested tools offered directly too; the
/// server fills in the names (`properties.tool.enum`).
pub const NAMED_BATCH_ROWS: &str = "{\"additionalProperties\":false,\"properties\":{\"arguments\":{\"description\":\"Its arguments, as when called directly.\",\"type\":\"object\"},\"tool\":{\"description\":\"A tool offered directly too.\",\"enum\":[]}},\"required\":[\"tool\"],\"type\":\"object\"}";
/// A set of tool implementations: what it hands every handler. Each tool's handler is
/// its module's `Handle` trait, implemented beside the code it calls.
pub trait Service: Sync {
    /// Per-call state handed to every handler.
    type Context: Sync;
}
/// A service with a handler for every tool: `dispatch` takes nothing less, so a tool
/// without a handler does not compile.
pub trait Handlers: Service + call_read_tools_batch::Handle + capture_pane::Handle + capture_since::Handle + clear_pane_scrollback::Handle + create_session::Handle + create_window::Handle + find_pane_by_position::Handle + get_pane_info::Handle + get_server_info::Handle + get_session_info::Handle + get_tmux_variables::Handle + get_window_info::Handle + kill_pane::Handle + kill_session::Handle + kill_window::Handle + list_hosts::Handle + list_panes::Handle + list_sessions::Handle + list_windows::Handle + move_window::Handle + paste_text::Handle + rename_session::Handle + rename_window::Handle + resize_pane::Handle + resize_window::Handle + respawn_pane::Handle + run_shell_command::Handle + search_panes::Handle + select_layout::Handle + select_pane::Handle + select_window::Handle + send_keys::Handle + send_keys_batch::Handle + send_prompt::Handle + set_history_limit::Handle + set_mouse_enabled::Handle + set_pane_title::Handle + set_synchronize_panes::Handle + show_environment::Handle + show_hooks::Handle + show_option::Handle + signal_channel::Handle + snapshot_pane::Handle + split_window::Handle + swap_pane::Handle + wait_for_agent::Handle + wait_for_channel::Handle + wait_for_quiet::Handle + wait_for_text::Handle {}
impl<
    T: Service + call_read_tools_batch::Handle + capture_pane::Handle
        + capture_since::Handle + clear_pane_scrollback::Handle + create_session::Handle
        + create_window::Handle + find_pane_by_position::Handle + get_pane_info::Handle
        + get_server_info::Handle + get_session_info::Handle + get_tmux_variables::Handle
        + get_window_info::Handle + kill_pane::Handle + kill_session::Handle
        + kill_window::Handle + list_hosts::Handle + list_panes::Handle
        + list_sessions::Handle + list_windows::Handle + move_window::Handle
        + paste_text::Handle + rename_session::Handle + rename_window::Handle
        + resize_pane::Handle + resize_window::Handle + respawn_pane::Handle
        + run_shell_command::Handle + search_panes::Handle + select_layout::Handle
        + select_pane::Handle + select_window::Handle + send_keys::Handle
        + send_keys_batch::Handle + send_prompt::Handle + set_history_limit::Handle
        + set_mouse_enabled::Handle + set_pane_title::Handle
        + set_synchronize_panes::Handle + show_environment::Handle + show_hooks::Handle
        + show_option::Handle + signal_channel::Handle + snapshot_pane::Handle
        + split_window::Handle + swap_pane::Handle + wait_for_agent::Handle
        + wait_for_channel::Handle + wait_for_quiet::Handle + wait_for_text::Handle,
> Handlers for T {}
/// The schema `tool`'s arguments are validated against, parsed once.
pub fn validation_schema(tool: ToolId) -> &'static rt::serde_json::Value {
    static SCHEMAS: ::std::sync::OnceLock<::std::vec::Vec<rt::serde_json::Value>> = ::std::sync::OnceLock::new();
    &SCHEMAS
        .get_or_init(|| {
            TOOLS
                .iter()
                .map(|t| {
                    rt::serde_json::from_str(t.validation_schema)
                        .expect("read back when the tools! macro expanded")
                })
                .collect()
        })[tool as usize]
}
/// A tool's arguments checked against its validation schema, defaults filled in: what
/// a write scope reads and [`dispatch`] decodes. Only [`validate`] makes one, so no
/// call's arguments are validated twice.
#[derive(Debug)]
pub struct Validated {
    tool: ToolId,
    arguments: rt::serde_json::Value,
}
impl Validated {
    pub fn tool(&self) -> ToolId {
        self.tool
    }
    pub fn arguments(&self) -> &rt::serde_json::Value {
        &self.arguments
    }
    /// The objects the call names, target by target as the manifest declares them.
    pub fn targets(
        &self,
    ) -> impl Iterator<Item = (&'static rt::Target, Vec<&str>)> + '_ {
        self.tool.descriptor().targets.iter().map(|t| (t, t.values(&self.arguments)))
    }
}
/// Validates `arguments` against `tool`'s schema, filling defaults; a failure names
/// every argument that breaks it.
pub fn validate(
    tool: ToolId,
    arguments: rt::serde_json::Value,
) -> ::core::result::Result<Validated, ToolError> {
    let mut arguments = arguments;
    rt::validate(validation_schema(tool), &mut arguments)
        .map_err(|v| ToolError::invalid_arguments(tool, &v))?;
    Ok(Validated { tool, arguments })
}
/// Decodes validated arguments into the tool's `Args`.
fn decode<T: rt::serde::de::DeserializeOwned>(
    tool: ToolId,
    arguments: rt::serde_json::Value,
) -> ::core::result::Result<T, ToolError> {
    rt::serde_json::from_value(arguments)
        .map_err(|e| ToolError::invalid_arguments(tool, &e))
}
/// What [`dispatch`] does before running the handler, and nothing else: validate and
/// decode (that what validation accepts always decodes is a property the tests hold).
pub fn check_arguments(
    tool: ToolId,
    arguments: rt::serde_json::Value,
) -> ::core::result::Result<(), ToolError> {
    let Validated { tool, arguments } = validate(tool, arguments)?;
    match tool {
        ToolId::CallReadToolsBatch => {
            decode::<call_read_tools_batch::Args>(tool, arguments).map(|_| ())
        }
        ToolId::CapturePane => decode::<capture_pane::Args>(tool, arguments).map(|_| ()),
        ToolId::CaptureSince => {
            decode::<capture_since::Args>(tool, arguments).map(|_| ())
        }
        ToolId::ClearPaneScrollback => {
            decode::<clear_pane_scrollback::Args>(tool, arguments).map(|_| ())
        }
        ToolId::CreateSession => {
            decode::<create_session::Args>(tool, arguments).map(|_| ())
        }
        ToolId::CreateWindow => {
            decode::<create_window::Args>(tool, arguments).map(|_| ())
        }
        ToolId::FindPaneByPosition => {
            decode::<find_pane_by_position::Args>(tool, arguments).map(|_| ())
        }
        ToolId::GetPaneInfo => decode::<get_pane_info::Args>(tool, arguments).map(|_| ()),
        ToolId::GetServerInfo => {
            decode::<get_server_info::Args>(tool, arguments).map(|_| ())
        }
        ToolId::GetSessionInfo => {
            decode::<get_session_info::Args>(tool, arguments).map(|_| ())
        }
        ToolId::GetTmuxVariables => {
            decode::<get_tmux_variables::Args>(tool, arguments).map(|_| ())
        }
        ToolId::GetWindowInfo => {
            decode::<get_window_info::Args>(tool, arguments).map(|_| ())
        }
        ToolId::KillPane => decode::<kill_pane::Args>(tool, arguments).map(|_| ()),
        ToolId::KillSession => decode::<kill_session::Args>(tool, arguments).map(|_| ()),
        ToolId::KillWindow => decode::<kill_window::Args>(tool, arguments).map(|_| ()),
        ToolId::ListHosts => decode::<list_hosts::Args>(tool, arguments).map(|_| ()),
        ToolId::ListPanes => decode::<list_panes::Args>(tool, arguments).map(|_| ()),
        ToolId::ListSessions => {
            decode::<list_sessions::Args>(tool, arguments).map(|_| ())
        }
        ToolId::ListWindows => decode::<list_windows::Args>(tool, arguments).map(|_| ()),
        ToolId::MoveWindow => decode::<move_window::Args>(tool, arguments).map(|_| ()),
        ToolId::PasteText => decode::<paste_text::Args>(tool, arguments).map(|_| ()),
        ToolId::RenameSession => {
            decode::<rename_session::Args>(tool, arguments).map(|_| ())
        }
        ToolId::RenameWindow => {
            decode::<rename_window::Args>(tool, arguments).map(|_| ())
        }
        ToolId::ResizePane => decode::<resize_pane::Args>(tool, arguments).map(|_| ()),
        ToolId::ResizeWindow => {
            decode::<resize_window::Args>(tool, arguments).map(|_| ())
        }
        ToolId::RespawnPane => decode::<respawn_pane::Args>(tool, arguments).map(|_| ()),
        ToolId::RunShellCommand => {
            decode::<run_shell_command::Args>(tool, arguments).map(|_| ())
        }
        ToolId::SearchPanes => decode::<search_panes::Args>(tool, arguments).map(|_| ()),
        ToolId::SelectLayout => {
            decode::<select_layout::Args>(tool, arguments).map(|_| ())
        }
        ToolId::SelectPane => decode::<select_pane::Args>(tool, arguments).map(|_| ()),
        ToolId::SelectWindow => {
            decode::<select_window::Args>(tool, arguments).map(|_| ())
        }
        ToolId::SendKeys => decode::<send_keys::Args>(tool, arguments).map(|_| ()),
        ToolId::SendKeysBatch => {
            decode::<send_keys_batch::Args>(tool, arguments).map(|_| ())
        }
        ToolId::SendPrompt => decode::<send_prompt::Args>(tool, arguments).map(|_| ()),
        ToolId::SetHistoryLimit => {
            decode::<set_history_limit::Args>(tool, arguments).map(|_| ())
        }
        ToolId::SetMouseEnabled => {
            decode::<set_mouse_enabled::Args>(tool, arguments).map(|_| ())
        }
        ToolId::SetPaneTitle => {
            decode::<set_pane_title::Args>(tool, arguments).map(|_| ())
        }
        ToolId::SetSynchronizePanes => {
            decode::<set_synchronize_panes::Args>(tool, arguments).map(|_| ())
        }
        ToolId::ShowEnvironment => {
            decode::<show_environment::Args>(tool, arguments).map(|_| ())
        }
        ToolId::ShowHooks => decode::<show_hooks::Args>(tool, arguments).map(|_| ()),
        ToolId::ShowOption => decode::<show_option::Args>(tool, arguments).map(|_| ()),
        ToolId::SignalChannel => {
            decode::<signal_channel::Args>(tool, arguments).map(|_| ())
        }
        ToolId::SnapshotPane => {
            decode::<snapshot_pane::Args>(tool, arguments).map(|_| ())
        }
        ToolId::SplitWindow => decode::<split_window::Args>(tool, arguments).map(|_| ()),
        ToolId::SwapPane => decode::<swap_pane::Args>(tool, arguments).map(|_| ()),
        ToolId::WaitForAgent => {
            decode::<wait_for_agent::Args>(tool, arguments).map(|_| ())
        }
        ToolId::WaitForChannel => {
            decode::<wait_for_channel::Args>(tool, arguments).map(|_| ())
        }
        ToolId::WaitForQuiet => {
            decode::<wait_for_quiet::Args>(tool, arguments).map(|_| ())
        }
        ToolId::WaitForText => decode::<wait_for_text::Args>(tool, arguments).map(|_| ()),
    }
}
/// What a handler returned, as the caller of [`dispatch`] takes it: the output as
/// `structuredContent`, and the count of spans it masked when its output has one.
#[derive(Debug)]
pub struct Dispatched {
    pub output: rt::serde_json::Value,
    pub masked: ::core::option::Option<i64>,
}
/// The count of spans `tool`'s output says it masked, read from its JSON: for an output
/// made elsewhere (a host's server), where [`Dispatched::masked`] is not at hand.
pub fn masked_count(
    tool: ToolId,
    output: &rt::serde_json::Value,
) -> ::core::option::Option<i64> {
    match tool {
        ToolId::CapturePane => {
            output.get("masked").and_then(rt::serde_json::Value::as_i64)
        }
        ToolId::CaptureSince => {
            output.get("masked").and_then(rt::serde_json::Value::as_i64)
        }
        ToolId::RunShellCommand => {
            output.get("masked").and_then(rt::serde_json::Value::as_i64)
        }
        ToolId::SearchPanes => {
            output.get("masked").and_then(rt::serde_json::Value::as_i64)
        }
        ToolId::SnapshotPane => {
            output.get("masked").and_then(rt::serde_json::Value::as_i64)
        }
        ToolId::WaitForQuiet => {
            output.get("masked").and_then(rt::serde_json::Value::as_i64)
        }
        ToolId::WaitForText => {
            output.get("masked").and_then(rt::serde_json::Value::as_i64)
        }
        #[allow(unreachable_patterns)]
        _ => None,
    }
}
/// Decodes validated arguments, runs the tool's handler and encodes its output.
pub async fn dispatch<H: Handlers>(
    handlers: &H,
    cx: &H::Context,
    call: Validated,
) -> ::core::result::Result<Dispatched, ToolError> {
    let Validated { tool, arguments } = call;
    match tool {
        ToolId::CallReadToolsBatch => {
            let out = <H as call_read_tools_batch::Handle>::call_read_tools_batch(
                    handlers,
                    cx,
                    decode::<call_read_tools_batch::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::CapturePane => {
            let out = <H as capture_pane::Handle>::capture_pane(
                    handlers,
                    cx,
                    decode::<capture_pane::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: Some(out.masked),
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::CaptureSince => {
            let out = <H as capture_since::Handle>::capture_since(
                    handlers,
                    cx,
                    decode::<capture_since::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: Some(out.masked),
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ClearPaneScrollback => {
            let out = <H as clear_pane_scrollback::Handle>::clear_pane_scrollback(
                    handlers,
                    cx,
                    decode::<clear_pane_scrollback::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::CreateSession => {
            let out = <H as create_session::Handle>::create_session(
                    handlers,
                    cx,
                    decode::<create_session::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::CreateWindow => {
            let out = <H as create_window::Handle>::create_window(
                    handlers,
                    cx,
                    decode::<create_window::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::FindPaneByPosition => {
            let out = <H as find_pane_by_position::Handle>::find_pane_by_position(
                    handlers,
                    cx,
                    decode::<find_pane_by_position::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::GetPaneInfo => {
            let out = <H as get_pane_info::Handle>::get_pane_info(
                    handlers,
                    cx,
                    decode::<get_pane_info::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::GetServerInfo => {
            let out = <H as get_server_info::Handle>::get_server_info(
                    handlers,
                    cx,
                    decode::<get_server_info::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::GetSessionInfo => {
            let out = <H as get_session_info::Handle>::get_session_info(
                    handlers,
                    cx,
                    decode::<get_session_info::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::GetTmuxVariables => {
            let out = <H as get_tmux_variables::Handle>::get_tmux_variables(
                    handlers,
                    cx,
                    decode::<get_tmux_variables::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::GetWindowInfo => {
            let out = <H as get_window_info::Handle>::get_window_info(
                    handlers,
                    cx,
                    decode::<get_window_info::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::KillPane => {
            let out = <H as kill_pane::Handle>::kill_pane(
                    handlers,
                    cx,
                    decode::<kill_pane::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::KillSession => {
            let out = <H as kill_session::Handle>::kill_session(
                    handlers,
                    cx,
                    decode::<kill_session::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::KillWindow => {
            let out = <H as kill_window::Handle>::kill_window(
                    handlers,
                    cx,
                    decode::<kill_window::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ListHosts => {
            let out = <H as list_hosts::Handle>::list_hosts(
                    handlers,
                    cx,
                    decode::<list_hosts::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ListPanes => {
            let out = <H as list_panes::Handle>::list_panes(
                    handlers,
                    cx,
                    decode::<list_panes::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ListSessions => {
            let out = <H as list_sessions::Handle>::list_sessions(
                    handlers,
                    cx,
                    decode::<list_sessions::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ListWindows => {
            let out = <H as list_windows::Handle>::list_windows(
                    handlers,
                    cx,
                    decode::<list_windows::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::MoveWindow => {
            let out = <H as move_window::Handle>::move_window(
                    handlers,
                    cx,
                    decode::<move_window::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::PasteText => {
            let out = <H as paste_text::Handle>::paste_text(
                    handlers,
                    cx,
                    decode::<paste_text::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::RenameSession => {
            let out = <H as rename_session::Handle>::rename_session(
                    handlers,
                    cx,
                    decode::<rename_session::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::RenameWindow => {
            let out = <H as rename_window::Handle>::rename_window(
                    handlers,
                    cx,
                    decode::<rename_window::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ResizePane => {
            let out = <H as resize_pane::Handle>::resize_pane(
                    handlers,
                    cx,
                    decode::<resize_pane::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ResizeWindow => {
            let out = <H as resize_window::Handle>::resize_window(
                    handlers,
                    cx,
                    decode::<resize_window::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::RespawnPane => {
            let out = <H as respawn_pane::Handle>::respawn_pane(
                    handlers,
                    cx,
                    decode::<respawn_pane::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::RunShellCommand => {
            let out = <H as run_shell_command::Handle>::run_shell_command(
                    handlers,
                    cx,
                    decode::<run_shell_command::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: Some(out.masked),
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SearchPanes => {
            let out = <H as search_panes::Handle>::search_panes(
                    handlers,
                    cx,
                    decode::<search_panes::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: Some(out.masked),
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SelectLayout => {
            let out = <H as select_layout::Handle>::select_layout(
                    handlers,
                    cx,
                    decode::<select_layout::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SelectPane => {
            let out = <H as select_pane::Handle>::select_pane(
                    handlers,
                    cx,
                    decode::<select_pane::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SelectWindow => {
            let out = <H as select_window::Handle>::select_window(
                    handlers,
                    cx,
                    decode::<select_window::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SendKeys => {
            let out = <H as send_keys::Handle>::send_keys(
                    handlers,
                    cx,
                    decode::<send_keys::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SendKeysBatch => {
            let out = <H as send_keys_batch::Handle>::send_keys_batch(
                    handlers,
                    cx,
                    decode::<send_keys_batch::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SendPrompt => {
            let out = <H as send_prompt::Handle>::send_prompt(
                    handlers,
                    cx,
                    decode::<send_prompt::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SetHistoryLimit => {
            let out = <H as set_history_limit::Handle>::set_history_limit(
                    handlers,
                    cx,
                    decode::<set_history_limit::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SetMouseEnabled => {
            let out = <H as set_mouse_enabled::Handle>::set_mouse_enabled(
                    handlers,
                    cx,
                    decode::<set_mouse_enabled::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SetPaneTitle => {
            let out = <H as set_pane_title::Handle>::set_pane_title(
                    handlers,
                    cx,
                    decode::<set_pane_title::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SetSynchronizePanes => {
            let out = <H as set_synchronize_panes::Handle>::set_synchronize_panes(
                    handlers,
                    cx,
                    decode::<set_synchronize_panes::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ShowEnvironment => {
            let out = <H as show_environment::Handle>::show_environment(
                    handlers,
                    cx,
                    decode::<show_environment::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ShowHooks => {
            let out = <H as show_hooks::Handle>::show_hooks(
                    handlers,
                    cx,
                    decode::<show_hooks::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::ShowOption => {
            let out = <H as show_option::Handle>::show_option(
                    handlers,
                    cx,
                    decode::<show_option::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SignalChannel => {
            let out = <H as signal_channel::Handle>::signal_channel(
                    handlers,
                    cx,
                    decode::<signal_channel::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SnapshotPane => {
            let out = <H as snapshot_pane::Handle>::snapshot_pane(
                    handlers,
                    cx,
                    decode::<snapshot_pane::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: Some(out.masked),
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SplitWindow => {
            let out = <H as split_window::Handle>::split_window(
                    handlers,
                    cx,
                    decode::<split_window::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::SwapPane => {
            let out = <H as swap_pane::Handle>::swap_pane(
                    handlers,
                    cx,
                    decode::<swap_pane::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::WaitForAgent => {
            let out = <H as wait_for_agent::Handle>::wait_for_agent(
                    handlers,
                    cx,
                    decode::<wait_for_agent::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::WaitForChannel => {
            let out = <H as wait_for_channel::Handle>::wait_for_channel(
                    handlers,
                    cx,
                    decode::<wait_for_channel::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: None,
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::WaitForQuiet => {
            let out = <H as wait_for_quiet::Handle>::wait_for_quiet(
                    handlers,
                    cx,
                    decode::<wait_for_quiet::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: Some(out.masked),
                output: rt::IntoJson::into_json(out),
            })
        }
        ToolId::WaitForText => {
            let out = <H as wait_for_text::Handle>::wait_for_text(
                    handlers,
                    cx,
                    decode::<wait_for_text::Args>(tool, arguments)?,
                )
                .await?;
            Ok(Dispatched {
                masked: Some(out.masked),
                output: rt::IntoJson::into_json(out),
            })
        }
    }
}
