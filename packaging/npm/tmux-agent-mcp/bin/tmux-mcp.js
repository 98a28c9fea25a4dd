#!/usr/bin/env node
// Runs the tmux-mcp binary that npm installed with this package for this platform (one
// optional dependency per platform, as esbuild and Codex ship theirs), with the same
// arguments, standard streams and environment, and ends as it ends. Signals a client sends
// this process are passed on, so stopping the client stops the server.
"use strict";

const { spawn } = require("node:child_process");

const platform = `${process.platform}-${process.arch}`;
let binary;
try {
  binary = require.resolve(`tmux-agent-mcp-${platform}/bin/tmux-mcp`);
} catch {
  console.error(
    `tmux-agent-mcp: no tmux-mcp binary for ${platform} is installed. Packages exist for ` +
      "linux-x64, linux-arm64, darwin-x64 and darwin-arm64; if yours is one of them, install " +
      "again without --omit=optional (or --no-optional). Elsewhere: cargo install tmux-agent-mcp",
  );
  process.exit(1);
}

const child = spawn(binary, process.argv.slice(2), { stdio: "inherit" });
const passed = ["SIGINT", "SIGTERM", "SIGHUP"];
for (const signal of passed) {
  process.on(signal, () => child.kill(signal));
}
child.on("error", (error) => {
  console.error(`tmux-agent-mcp: cannot start ${binary}: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal) {
    // End by the same signal, as a shell would report it.
    for (const s of passed) process.removeAllListeners(s);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
