# Drives tmux-mcp with the official Python SDK, as tests/clients/typescript.mjs does with the
# TypeScript one: the SDK starts the server with its reduced default environment (plus what the
# test passes), in the protocol mode the plan names ("auto" probes server/discover and speaks
# 2026-07-28 with this server; "legacy" runs the initialize handshake), lists the tools and calls
# each planned one. Each call's outcome is printed as one JSON line for tests/sdk.rs to judge.
#
# Usage: python python.py PLAN.json   (PLAN: {command, args, env, mode, calls: [{name, arguments}]})
import asyncio
import json
import sys

from mcp import Client, StdioServerParameters


def emit(record):
    sys.stdout.write(json.dumps(record) + "\n")


async def main(plan):
    server = StdioServerParameters(command=plan["command"], args=plan["args"], env=plan["env"])
    async with Client(server, mode=plan["mode"]) as client:
        tools = (await client.list_tools()).tools
        emit({
            "kind": "list",
            "protocol": client.protocol_version,
            "tools": [
                {
                    "name": t.name,
                    "readOnly": bool(t.annotations and t.annotations.read_only_hint),
                    "properties": sorted((t.output_schema or {}).get("properties", {})),
                    "required": sorted((t.output_schema or {}).get("required", [])),
                }
                for t in tools
            ],
        })
        resource = await client.read_resource("tmux://capabilities")
        emit({"kind": "resource", "bytes": len(resource.contents[0].text)})
        for call in plan["calls"]:
            try:
                result = await client.call_tool(call["name"], call["arguments"])
                text = result.content[0].text if result.content else None
                emit({
                    "kind": "call",
                    "name": call["name"],
                    "isError": bool(result.is_error),
                    "structured": result.structured_content,
                    "text": text,
                    "meta": result.meta,
                })
            except Exception as e:  # the SDK refusing a result is what the test looks for
                emit({"kind": "call", "name": call["name"], "thrown": repr(e)})


with open(sys.argv[1]) as f:
    asyncio.run(main(json.load(f)))
