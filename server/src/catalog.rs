//! The tool catalog, expanded at compile time from `manifest/tools.yaml`: `ToolId`, `TOOLS`,
//! `TOOLSETS`, the per-tool `Args`/`Output` types, `ErrorKind`, `ToolError`, the `Handlers`
//! trait, `dispatch` and the reference pages `DOCS`.

tmux_mcp_macros::tools!("../../manifest/tools.yaml");
