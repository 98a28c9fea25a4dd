"""A stand-in model server for the agent CLIs the tests drive: it answers the Anthropic
Messages API (Claude Code), the OpenAI Responses API (Codex) and the Gemini API (Gemini CLI) on
a loopback port, streaming when asked, and records what each request's last user message said.

Every answer is scripted from the prompt: `ANSWER <n>: <words>` where n counts the prompts the
server saw and the words say what it received (its length and SHA-256), sent a few words at a
time, DELAY_MS apart. Requests that are not a turn (titles, token counts, quota checks) get a
short answer and are not recorded. A prompt may direct its turn: `[[turn MS]]` thinks MS
milliseconds before the answer starts; `[[ask]]` calls the CLI's own shell tool (`touch asked`),
which the CLI asks the person to allow, and answers `ASKED: the command ran` once its result
comes back.

With SCRIPT_FILE (a JSON list of {"tool", "arguments"}), a turn is a script instead: the model
calls each tool in order, the CLI's own name for it found among the tools the request offers
(Claude Code and Codex prefix a server's tools with its name), each call made once the
previous one's result came back, then answers `SCRIPT DONE`. It records what reached it: per
request, the tools offered ({"tools": {name: size of its definition as
sent, per tool}), and per call, the result as the CLI handed it to its model ({"call": i, "result": ...}).

Usage: model_server.py PORT_FILE LOG_FILE [DELAY_MS [SCRIPT_FILE]]
Writes the port it listens on to PORT_FILE; appends one JSON line per recorded prompt to
LOG_FILE: {"prompt": ..., "answered_at": the Unix time its answer began, after any thinking},
and one per turn's last answer sent whole: {"ended_at": the Unix time}.
"""

import hashlib
import http.server
import json
import os
import re
import sys
import threading
import time

port_file, log_file = sys.argv[1], sys.argv[2]
delay = int(sys.argv[3]) / 1000 if len(sys.argv) > 3 else 0.05
script = json.load(open(sys.argv[4])) if len(sys.argv) > 4 else None
lock = threading.Lock()
turns = [0]
moves = [0]


def record(entry):
    with lock:
        with open(log_file, "a") as log:
            log.write(json.dumps(entry) + "\n")


def step(tools, results):
    """The script's next move, given the tools a request offers ({name: definition}) and the
    results of the calls already made: ("call", name, arguments) or ("text", words)."""
    offered = list(tools)
    record({"tools": {name: len(json.dumps(d)) for name, d in tools.items()}})
    with lock:
        moves[0] += 1
        if moves[0] > 4 * len(script) + 4:
            return ("text", "SCRIPT FAILED: the CLI keeps asking without the results growing")
    done = len(results)
    if done:
        record({"call": done - 1, "result": results[-1]})
    if done == len(script):
        return ("text", "SCRIPT DONE")
    want = script[done]["tool"]
    # The CLI's name for it: itself, or the server's name and a separator before it.
    names = [n for n in offered if n == want or n.endswith("__" + want) or n.endswith("_" + want)]
    if not names:
        return ("text", f"SCRIPT FAILED: no tool named like {want} among {offered}")
    return ("call", min(names, key=len), script[done].get("arguments", {}))


def text_of(content):
    """The prompt in a message's content, in any of the three APIs' shapes: its last text part
    (the CLIs put their own context in parts before the person's text)."""
    if isinstance(content, str):
        return content
    texts = [p.get("text", "") for p in content or [] if isinstance(p, dict) and "text" in p]
    return texts[-1] if texts else ""


def sent(text):
    """Records the end of a turn's answer once its last piece went (not of a title's)."""
    if text.startswith(("ANSWER ", "ASKED:")):
        record({"ended_at": time.time()})


def answer_for(prompt):
    with lock:
        turns[0] += 1
        n = turns[0]
        with open(log_file, "a") as log:
            log.write(json.dumps({"prompt": prompt, "answered_at": time.time()}) + "\n")
    digest = hashlib.sha256(prompt.encode()).hexdigest()[:16]
    return f"ANSWER {n}: received {len(prompt)} characters sha {digest} and that is all."


# The CLIs' shell tools, by the name each offers its model, and the arguments each takes.
SHELLS = {
    "Bash": lambda c: {"command": c, "description": "Touch a file"},
    "run_shell_command": lambda c: {"command": c, "description": "Touch a file"},
    "exec_command": lambda c: {"cmd": c, "sandbox_permissions": "require_escalated",
                               "justification": "The tests want a question"},
    "shell_command": lambda c: {"command": c, "sandbox_permissions": "require_escalated",
                                "justification": "The tests want a question"},
    "shell": lambda c: {"command": ["bash", "-lc", c], "sandbox_permissions": "require_escalated",
                        "justification": "The tests want a question"},
}


def turn(prompt, tools, answered):
    """A turn without a script: the move for a request whose last user message is `prompt`,
    that offers `tools` and, when `answered`, ends with a tool's result."""
    if answered:
        return ("text", "ASKED: the command ran and that is all.")
    if "[[ask]]" in prompt:
        answer_for(prompt)
        name = next((n for n in SHELLS if n in tools), None)
        if name is None:
            return ("text", f"ASK FAILED: no shell tool among {sorted(tools)}")
        return ("call", name, SHELLS[name]("touch asked"))
    think = re.search(r"\[\[turn (\d+)\]\]", prompt)
    if think:
        time.sleep(int(think.group(1)) / 1000)
    return ("text", answer_for(prompt))


def move_for(prompt, tools, results, answered, title):
    """The move for any request: `title` for one that offers no tools (titles, summaries,
    routing), otherwise the turn, or the script's next step when there is a script."""
    if not tools:
        return ("text", title)
    if script is None:
        return turn(prompt, tools, answered)
    return step(tools, results)


def chunks(text):
    words = text.split(" ")
    for i in range(0, len(words), 3):
        yield " ".join(words[i:i + 3]) + (" " if i + 3 < len(words) else "")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def body(self):
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw or b"{}")
        except ValueError:
            return {}

    def send_json(self, value, status=200):
        data = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def start_sse(self):
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("connection", "close")
        self.end_headers()
        self.close_connection = True

    def event(self, name, data):
        head = f"event: {name}\n" if name else ""
        self.wfile.write((head + "data: " + json.dumps(data) + "\n\n").encode())
        self.wfile.flush()

    def do_GET(self):
        # Model lists and the like: nothing to say.
        self.send_json({"data": [], "models": []})

    def do_POST(self):
        path = self.path.split("?")[0]
        request = self.body()
        if path.endswith("/v1/messages"):
            return self.anthropic(request)
        if path.endswith("/count_tokens"):
            return self.send_json({"input_tokens": 10})
        if path.endswith("/responses"):
            return self.openai(request)
        if ":streamGenerateContent" in path or ":generateContent" in path:
            return self.gemini(request, ":streamGenerateContent" in path)
        if ":countTokens" in path:
            return self.send_json({"totalTokens": 10})
        self.send_json({})

    # Anthropic Messages.
    def anthropic(self, request):
        messages = request.get("messages") or []
        last = next((m for m in reversed(messages) if m.get("role") == "user"), {})
        prompt = text_of(last.get("content"))
        # A turn's request carries tools; titles and summaries do not.
        tools = {t.get("name"): t for t in request.get("tools") or []}
        results = [
            {"content": b.get("content"), "is_error": b.get("is_error", False)}
            for m in messages if isinstance(m.get("content"), list)
            for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_result"
        ]
        # A tool's result ends the message; Claude Code puts the next prompt after one in the
        # same message, which is a new turn.
        answered = isinstance(last.get("content"), list) and bool(last["content"]) and \
            isinstance(last["content"][-1], dict) and last["content"][-1].get("type") == "tool_result"
        move = move_for(prompt, tools, results, answered, "Title")
        message = {
            "id": "msg_1", "type": "message", "role": "assistant",
            "model": request.get("model", "m"), "content": [],
            "stop_reason": None, "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 1},
        }
        if move[0] == "call":
            block = {"type": "tool_use", "id": f"toolu_{moves[0]}",
                     "name": move[1], "input": move[2]}
            stop = "tool_use"
        else:
            block = {"type": "text", "text": move[1]}
            stop = "end_turn"
        if not request.get("stream"):
            message["content"] = [block]
            message["stop_reason"] = stop
            self.send_json(message)
            return sent(block.get("text", ""))
        self.start_sse()
        self.event("message_start", {"type": "message_start", "message": message})
        if move[0] == "call":
            self.event("content_block_start", {"type": "content_block_start", "index": 0,
                                               "content_block": dict(block, input={})})
            self.event("content_block_delta", {"type": "content_block_delta", "index": 0,
                                               "delta": {"type": "input_json_delta",
                                                         "partial_json": json.dumps(move[2])}})
        else:
            self.event("content_block_start", {"type": "content_block_start", "index": 0,
                                               "content_block": {"type": "text", "text": ""}})
            for piece in chunks(move[1]):
                time.sleep(delay)
                self.event("content_block_delta", {"type": "content_block_delta", "index": 0,
                                                   "delta": {"type": "text_delta", "text": piece}})
        self.event("content_block_stop", {"type": "content_block_stop", "index": 0})
        self.event("message_delta", {"type": "message_delta",
                                     "delta": {"stop_reason": stop, "stop_sequence": None},
                                     "usage": {"output_tokens": 20}})
        self.event("message_stop", {"type": "message_stop"})
        sent(block.get("text", ""))

    # OpenAI Responses.
    def openai(self, request):
        items = request.get("input") or []
        if isinstance(items, str):
            prompt = items
        else:
            users = [i for i in items if isinstance(i, dict) and i.get("role") == "user"]
            prompt = text_of(users[-1].get("content")) if users else ""
        # A turn's request carries tools; titles do not.
        # Codex offers a server's tools in a namespace named for it, whose description is the
        # server's instructions.
        tools, namespaces = {}, {}
        for t in request.get("tools") or []:
            if t.get("type") == "namespace":
                tools[t["name"]] = {"description": t.get("description")}
                for sub in t.get("tools") or []:
                    full = t["name"] + "__" + sub.get("name", "")
                    tools[full] = sub
                    namespaces[full] = (t["name"], sub.get("name"))
            else:
                tools[t.get("name") or t.get("type")] = t
        results = [{"output": i.get("output")} for i in items
                   if isinstance(i, dict) and i.get("type") == "function_call_output"]
        answered = isinstance(items, list) and bool(items) and isinstance(items[-1], dict) \
            and items[-1].get("type") == "function_call_output"
        move = move_for(prompt, tools, results, answered, "Title")
        if move[0] == "call":
            item = {"type": "function_call", "id": f"fc_{moves[0]}", "call_id": f"call_{moves[0]}",
                    "name": move[1], "arguments": json.dumps(move[2]), "status": "completed"}
            if move[1] in namespaces:
                item["namespace"], item["name"] = namespaces[move[1]]
            text = None
        else:
            text = move[1]
            item = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": text, "annotations": []}]}
        response = {"id": "resp_1", "object": "response", "status": "completed",
                    "model": request.get("model", "m"), "output": [item],
                    "usage": {"input_tokens": 10, "output_tokens": 20, "total_tokens": 30,
                              "input_tokens_details": {"cached_tokens": 0},
                              "output_tokens_details": {"reasoning_tokens": 0}}}
        if not request.get("stream"):
            self.send_json(response)
            return sent(text or "")
        self.start_sse()
        self.event("response.created", {"type": "response.created",
                                        "response": dict(response, status="in_progress", output=[])})
        if text is None:
            self.event("response.output_item.done", {"type": "response.output_item.done",
                                                     "output_index": 0, "item": item})
            return self.event("response.completed", {"type": "response.completed",
                                                     "response": response})
        self.event("response.output_item.added", {"type": "response.output_item.added",
                                                  "output_index": 0,
                                                  "item": dict(item, status="in_progress", content=[])})
        for piece in chunks(text):
            time.sleep(delay)
            self.event("response.output_text.delta", {"type": "response.output_text.delta",
                                                      "item_id": "msg_1", "output_index": 0,
                                                      "content_index": 0, "delta": piece})
        self.event("response.output_item.done", {"type": "response.output_item.done",
                                                 "output_index": 0, "item": item})
        self.event("response.completed", {"type": "response.completed", "response": response})
        sent(text)

    # Gemini generateContent / streamGenerateContent.
    def gemini(self, request, stream):
        contents = request.get("contents") or []
        users = [c for c in contents if c.get("role") == "user"]
        prompt = text_of(users[-1].get("parts") if users else [])
        tools = {d.get("name"): d for t in request.get("tools") or []
                 for d in t.get("functionDeclarations") or []}
        results = [p["functionResponse"] for c in contents for p in c.get("parts") or []
                   if isinstance(p, dict) and "functionResponse" in p]
        answered = bool(contents) and any(
            isinstance(p, dict) and "functionResponse" in p
            for p in contents[-1].get("parts") or [])
        usage = {"promptTokenCount": 10, "candidatesTokenCount": 20, "totalTokenCount": 30}

        def candidate(part, done):
            c = {"content": {"role": "model", "parts": [part]}, "index": 0}
            if done:
                c["finishReason"] = "STOP"
            return {"candidates": [c], "usageMetadata": usage, "modelVersion": "m"}

        move = move_for(prompt, tools, results, answered,
                        '{"reasoning": "", "next_speaker": "user"}')
        if move[0] == "call":
            call = candidate({"functionCall": {"name": move[1], "args": move[2]}}, True)
            if not stream:
                return self.send_json(call)
            self.start_sse()
            return self.event(None, call)
        text = move[1]
        if not stream:
            self.send_json(candidate({"text": text}, True))
            return sent(text)
        self.start_sse()
        pieces = list(chunks(text))
        for i, piece in enumerate(pieces):
            time.sleep(delay)
            self.event(None, candidate({"text": piece}, i == len(pieces) - 1))
        sent(text)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.replace(port_file + ".tmp", port_file)
server.serve_forever()
