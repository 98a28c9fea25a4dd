# Drives tmux-mcp over Streamable HTTP with the official Python SDK's HTTP client, in both of its
# modes ("auto" probes server/discover and speaks 2026-07-28 statelessly; "legacy" runs the
# initialize handshake in a session), with the bearer token as a header: lists the tools, reads
# the capabilities resource, calls a tool. One JSON line per record for tests/it/http.rs.
#
# Usage: python python_http.py PLAN.json   (PLAN: {url, token})
import asyncio
import json
import sys

from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


def emit(record):
    sys.stdout.write(json.dumps(record) + "\n")


async def main(plan):
    for mode in ["auto", "legacy"]:
        http = create_mcp_http_client(headers={"Authorization": f"Bearer {plan['token']}"})
        async with http:
            async with Client(streamable_http_client(plan["url"], http_client=http), mode=mode) as client:
                tools = (await client.list_tools()).tools
                resource = await client.read_resource("tmux://capabilities")
                result = await client.call_tool("list_sessions", {})
                emit({
                    "kind": "run",
                    "mode": mode,
                    "protocol": client.protocol_version,
                    "tools": len(tools),
                    "resource": json.loads(resource.contents[0].text)["transport"]["kind"],
                    "sessions": len(result.structured_content["sessions"]),
                })


asyncio.run(main(json.load(open(sys.argv[1]))))
