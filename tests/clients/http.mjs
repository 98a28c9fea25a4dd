// Drives tmux-mcp over Streamable HTTP with the official TypeScript SDK's HTTP client, as a
// client that takes a URL and a header does: lists the tools, reads the capabilities resource,
// calls a tool, waits with progress, cancels a wait, and then runs many clients at once, each
// checking that every reply is its own. One JSON line per record; the Rust test
// (tests/it/http.rs) judges them.
//
// Usage: node http.mjs PLAN.json   (PLAN: {url, token, panes: [...], calls})
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const print = (record) => process.stdout.write(JSON.stringify(record) + "\n");

async function connect() {
  const transport = new StreamableHTTPClientTransport(new URL(plan.url), {
    requestInit: { headers: { Authorization: `Bearer ${plan.token}` } },
  });
  const client = new Client({ name: "tmux-mcp-http-tests", version: "1" });
  await client.connect(transport);
  return client;
}

const client = await connect();
const { tools } = await client.listTools();
print({ kind: "list", count: tools.length });
const resource = await client.readResource({ uri: "tmux://capabilities" });
print({ kind: "resource", text: resource.contents[0].text });
const sessions = await client.callTool({ name: "list_sessions", arguments: {} });
print({ kind: "call", structured: sessions.structuredContent });

// A wait that reaches its deadline reports progress each second meanwhile, and another
// client's calls are answered while it waits: they end before it does (its 8 s leave a loaded
// machine time for 50 calls; a server that held them behind the wait would end them after it).
let progress = 0;
const began = Date.now();
const [waited, othersMs] = await Promise.all([
  client.callTool(
    { name: "wait_for_text", arguments: { pane: plan.panes[0], patterns: ["never-printed"], seconds: 8 } },
    undefined,
    { onprogress: () => { progress += 1; }, timeout: 20000 },
  ),
  (async () => {
    const other = await connect();
    for (let i = 0; i < 50; i++) await other.callTool({ name: "list_sessions", arguments: {} });
    await other.close();
    return Date.now() - began;
  })(),
]);
print({ kind: "progress", outcome: waited.structuredContent.outcome, progress, waitMs: Date.now() - began, othersMs });

// A cancelled wait ends at once, and the client's next call is served.
const abort = new AbortController();
const started = Date.now();
setTimeout(() => abort.abort(), 300);
let cancelled = null;
try {
  await client.callTool(
    { name: "wait_for_text", arguments: { pane: plan.panes[0], patterns: ["never-printed"], seconds: 60 } },
    undefined,
    { signal: abort.signal, timeout: 70000 },
  );
} catch (e) {
  cancelled = String(e);
}
const after = await client.callTool({ name: "list_sessions", arguments: {} });
print({ kind: "cancel", cancelled, ms: Date.now() - started, after: after.isError !== true });
await client.close();

// Many clients at once, each with its own pane: every reply names the pane its call asked for.
const results = await Promise.all(
  plan.panes.map(async (pane) => {
    const c = await connect();
    let matched = 0;
    for (let i = 0; i < plan.calls; i++) {
      const r = await c.callTool({ name: "get_tmux_variables", arguments: { names: ["pane_id"], pane } });
      if (r.structuredContent?.values?.[0]?.value === pane) matched += 1;
    }
    await c.close();
    return matched;
  }),
);
print({ kind: "load", matched: results });
