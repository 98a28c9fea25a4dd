"""A terminal program for send_prompt's tests that behaves like an agent's TUI: it asks for
bracketed paste and keeps what is pasted or typed as its pending prompt, shown in an input
line (`> ` and the prompt's end) with the cursor after it. An Enter within SWALLOW_MS of a
paste ending (as Codex and Claude Code read fast input as part of a paste), or with nothing
pending, is swallowed, and the input line is drawn again, as real TUIs do. An Enter after that
submits: it prints `submitted <sha256 of the prompt> <bytes>`, clears the prompt and, with
BUSY_MS, prints progress for that long before it takes input again.

With `newline`, such an Enter is not swallowed but becomes a newline in the pending prompt (as
some TUIs take an Enter that arrives with a paste), and the input box grows a row for each
line, drawn again by moving the cursor up; Backspace takes the last byte back. With `glyph`
instead, the newline is drawn as `⏎` on its row (on the next, when the row is full: the input
line is not cut to its end then), as a TUI that shows a newline as a glyph does. With
`placeholder` as well, the prompt's first line is shown as `[Pasted Text: N chars]` (as Gemini
CLI shows a long paste), so its end is never on the screen. With `moving` as well, a line
printed above the box moves it a row down as it takes each newline (as Gemini CLI's box moves
as it takes its first input).

With `late=MS`, it draws a paste MS after it arrived, as a loaded TUI does (Claude Code on a
busy machine with a long paste), and an Enter read meanwhile counts as coming right after it.

With `hooks`, it reports its state as agents' lifecycle hooks do, in its pane's `@agent-state`
option: `working` on a submit, `idle` when done, `asking` (until a key comes) when the prompt
holds `ASK`.

Usage: prompt_target.py SWALLOW_MS [BUSY_MS] [exit-on-paste] [newline [placeholder] [moving]
| glyph] [hooks] [late=MS]
"""

import hashlib
import os
import subprocess
import sys
import termios
import time
import tty

START, END = b"\x1b[200~", b"\x1b[201~"
args = sys.argv[2:]
swallow = int(sys.argv[1]) / 1000
busy = int(args[0]) / 1000 if args and args[0].isdigit() else 0
exit_on_paste = "exit-on-paste" in args
hooks = "hooks" in args
glyph = "glyph" in args
newline = "newline" in args or glyph
placeholder = "placeholder" in args
moving = "moving" in args
late = next((int(a[5:]) / 1000 for a in args if a.startswith("late=")), 0)
out = sys.stdout
# Rows the input box was drawn on last.
box_rows = 1


def report(state):
    """As the documented hook lines do: the state, and a finished turn or a question counted."""
    if hooks:
        pane = os.environ["TMUX_PANE"]
        line = ["tmux", "set-option", "-p", "-t", pane, "@agent-state", state]
        if state in ("idle", "asking"):
            line += [";", "set-option", "-pF", "-t", pane, "@agent-state-turn", "#{e|+:#{@agent-state-turn},1}"]
        subprocess.run(line, check=True)


def erase_box():
    """Back to the box's first row, everything from there erased."""
    global box_rows
    if box_rows > 1:
        out.write(f"\x1b[{box_rows - 1}A")
    out.write("\r\x1b[J")
    box_rows = 1


def draw(pending):
    global box_rows
    text = bytes(pending).decode("latin-1").replace("\r", " ").replace("\t", " ")
    if glyph:
        lines = [text.replace("\n", "\u23ce")]
    else:
        lines = text.split("\n") if newline else [text.replace("\n", " ")]
        lines = [l[-60:] for l in lines]
    if placeholder and lines[0]:
        lines[0] = f"[Pasted Text: {len(lines[0])} chars]"
    erase_box()
    shown = [("> " if i == 0 else "  ") + l for i, l in enumerate(lines)]
    out.write("\r\n".join(shown))
    # A line as long as the row leaves the cursor on it; a longer one wraps to the next.
    cols = os.get_terminal_size(out.fileno()).columns
    box_rows = sum(max(0, len(l) - 1) // cols + 1 for l in shown)
    out.flush()


def say(line):
    erase_box()
    out.write(line + "\r\n")
    out.flush()


def work():
    report("working")
    started = time.monotonic()
    step = 0
    while time.monotonic() - started < busy:
        step += 1
        say(f"working {step}")
        time.sleep(0.1)


def main():
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setraw(fd)
    out.write("\x1b[?2004h")
    say("ready")
    draw(b"")
    pending = bytearray()
    buffered = b""
    pasting = False
    pasted_at = 0.0
    asking = False
    try:
        while True:
            buffered += os.read(fd, 65536)
            if asking:
                # The answer: work on, then be done; the key is the answer, not input.
                asking, buffered = False, b""
                work()
                report("idle")
                draw(pending)
            while buffered:
                if pasting:
                    end = buffered.find(END)
                    if end < 0:
                        keep = len(END) - 1
                        pending += buffered[: max(0, len(buffered) - keep)]
                        buffered = buffered[max(0, len(buffered) - keep):]
                        break
                    pending += buffered[:end]
                    buffered = buffered[end + len(END):]
                    pasting = False
                    time.sleep(late)
                    pasted_at = time.monotonic()
                    if exit_on_paste:
                        return
                    say(f"pending {len(pending)} bytes")
                    draw(pending)
                    continue
                if buffered.startswith(START):
                    buffered = buffered[len(START):]
                    pasting = True
                    continue
                if START.startswith(buffered[: len(START)]) and len(buffered) < len(START):
                    break
                byte, buffered = buffered[:1], buffered[1:]
                if byte == b"\r":
                    if newline and pending and time.monotonic() - pasted_at < swallow:
                        pending += b"\n"
                        if moving:
                            say("a newline taken")
                        draw(pending)
                        continue
                    if time.monotonic() - pasted_at < swallow or not pending:
                        draw(pending)
                        continue
                    digest = hashlib.sha256(bytes(pending)).hexdigest()
                    say(f"submitted {digest} {len(pending)}")
                    ask = b"ASK" in pending
                    pending.clear()
                    work()
                    if ask:
                        asking = True
                        report("asking")
                        say("allow? (any key)")
                    else:
                        report("idle")
                    draw(pending)
                elif byte == b"\x03":
                    return
                elif byte == b"\x7f":
                    del pending[-1:]
                    draw(pending)
                else:
                    pending += byte
                    draw(pending)
    finally:
        out.write("\x1b[?2004l\r\n")
        out.flush()
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


main()
