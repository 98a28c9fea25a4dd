"""A terminal program for send_prompt's tests, like an agent's TUI: it asks for bracketed
paste, keeps what is pasted or typed as its pending prompt, and swallows an Enter that comes
within SWALLOW_MS of a paste ending (as Codex reads fast input as part of a paste), or with
nothing pending. An Enter after that submits: it prints `submitted <sha256 of the prompt> <bytes>` and clears the prompt.

Usage: prompt_target.py SWALLOW_MS [exit-on-paste]
"""

import hashlib
import os
import sys
import termios
import time
import tty

START, END = b"\x1b[200~", b"\x1b[201~"


def main():
    swallow = int(sys.argv[1]) / 1000
    exit_on_paste = "exit-on-paste" in sys.argv[2:]
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setraw(fd)
    out = sys.stdout
    out.write("\x1b[?2004h" "ready\r\n")
    out.flush()
    pending = bytearray()
    buffered = b""
    pasting = False
    pasted_at = 0.0
    try:
        while True:
            buffered += os.read(fd, 65536)
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
                    pasted_at = time.monotonic()
                    if exit_on_paste:
                        return
                    out.write(f"pending {len(pending)} bytes\r\n")
                    out.flush()
                    continue
                if buffered.startswith(START):
                    buffered = buffered[len(START):]
                    pasting = True
                    continue
                if START.startswith(buffered[: len(START)]) and len(buffered) < len(START):
                    break
                byte, buffered = buffered[:1], buffered[1:]
                if byte == b"\r":
                    # Too soon after a paste, or nothing to submit (as agents' TUIs do).
                    if time.monotonic() - pasted_at < swallow or not pending:
                        continue
                    digest = hashlib.sha256(bytes(pending)).hexdigest()
                    out.write(f"submitted {digest} {len(pending)}\r\n")
                    out.flush()
                    pending.clear()
                elif byte == b"\x03":
                    return
                else:
                    pending += byte
                    out.write(byte.decode("latin-1"))
                    out.flush()
    finally:
        out.write("\x1b[?2004l")
        out.flush()
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


main()
