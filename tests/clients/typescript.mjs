// Drives tmux-mcp with the official TypeScript SDK, as a coding agent's client does: the SDK
// starts the server with its reduced default environment (plus what the test passes), lists
// the tools, and calls each planned one. The SDK checks every structured result against the
// tool's output schema and throws when it does not fit; each call's outcome is printed as one
// JSON line, and the Rust test (tests/sdk.rs) judges them.
//
// Usage: node typescript.mjs PLAN.json   (PLAN: {command, args, env, calls: [{name, arguments}]})
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const transport = new StdioClientTransport({
  command: plan.command,
  args: plan.args,
  env: { ...getDefaultEnvironment(), ...plan.env },
  stderr: "ignore",
});
const client = new Client({ name: "tmux-mcp-tests", version: "1" });
const print = (record) => process.stdout.write(JSON.stringify(record) + "\n");

await client.connect(transport);
const { tools } = await client.listTools();
print({
  kind: "list",
  tools: tools.map((t) => ({
    name: t.name,
    readOnly: t.annotations?.readOnlyHint === true,
    properties: Object.keys(t.outputSchema?.properties ?? {}),
    required: t.outputSchema?.required ?? [],
  })),
});
const resource = await client.readResource({ uri: "tmux://capabilities" });
print({ kind: "resource", bytes: resource.contents[0].text.length });
for (const call of plan.calls) {
  try {
    const result = await client.callTool(call);
    print({
      kind: "call",
      name: call.name,
      isError: result.isError === true,
      structured: result.structuredContent ?? null,
      text: result.content?.[0]?.text ?? null,
      meta: result._meta ?? null,
    });
  } catch (e) {
    print({ kind: "call", name: call.name, thrown: String(e) });
  }
}
await client.close();
