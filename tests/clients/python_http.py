# Drives tmux-mcp over Streamable HTTP with the official Python SDK's HTTP client, in both of its
# modes ("auto" probes server/discover and speaks 2026-07-28 statelessly; "legacy" runs the
# initialize handshake in a session), with the bearer token as a header: lists the tools, reads
# the capabilities resource, calls a tool, waits with progress and cancels a wait. One JSON line
# per record for tests/it/http.rs.
#
# Usage: python python_http.py PLAN.json   (PLAN: {url, token, pane})
import asyncio
import json
import logging
import sys
import time

import anyio

from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


def emit(record):
    sys.stdout.write(json.dumps(record) + "\n")


class Complaints(logging.Handler):
    """What the SDK warns about while it talks to the server (none is expected)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.seen = []

    def emit(self, record):
        self.seen.append(record.getMessage())


async def main(plan):
    complaints = Complaints()
    logging.getLogger("mcp").addHandler(complaints)
    for mode in ["auto", "legacy"]:
        http = create_mcp_http_client(headers={"Authorization": f"Bearer {plan['token']}"})
        async with http:
            async with Client(streamable_http_client(plan["url"], http_client=http), mode=mode) as client:
                tools = (await client.list_tools()).tools
                resource = await client.read_resource("tmux://capabilities")
                result = await client.call_tool("list_sessions", {})
                progress = []

                async def on_progress(value, total, message):
                    progress.append(value)

                never = {"pane": plan["pane"], "patterns": ["never-printed"]}
                waited = await client.call_tool(
                    "wait_for_text", {**never, "seconds": 2}, progress_callback=on_progress
                )
                # Abandoning a call cancels it (the SDK tells the server); the next is served.
                started = time.monotonic()
                with anyio.move_on_after(0.5):
                    await client.call_tool("wait_for_text", {**never, "seconds": 60})
                abandoned_ms = int((time.monotonic() - started) * 1000)
                after = await client.call_tool("list_sessions", {})
                emit({
                    "kind": "run",
                    "mode": mode,
                    "protocol": client.protocol_version,
                    "tools": len(tools),
                    "resource": json.loads(resource.contents[0].text)["transport"]["kind"],
                    "sessions": len(result.structured_content["sessions"]),
                    "waited": waited.structured_content["outcome"],
                    "progress": len(progress),
                    "abandonedMs": abandoned_ms,
                    "after": not after.is_error,
                })
    emit({"kind": "complaints", "seen": complaints.seen})


asyncio.run(main(json.load(open(sys.argv[1]))))
