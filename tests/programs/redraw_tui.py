"""A terminal program that draws as agents' TUIs do, for the screen model's tests: never a
plain line of text, only cursor addressing.

`ink` (as Claude Code's Ink renderer): on the main screen, a banner, then a frame at the
bottom (a status row and the input row `> ` with what was typed) that every redraw erases by
moving the cursor up and writes again. `alt` (as Codex): on the alternate screen, every row
placed with an absolute cursor position, the input row at the bottom.

Typed keys go to the input row; Enter submits: THINK_MS of a spinner whose frame changes
every 100 ms, then the answer, a word at a time, each word placed after a column jump
(`CSI 1 C`) instead of a space, the last row `That is all.`; then nothing until the next key.

Usage: redraw_tui.py ink|alt THINK_MS
"""

import os
import sys
import termios
import time
import tty

mode = sys.argv[1]
think = int(sys.argv[2]) / 1000
out = sys.stdout
SPINNER = "|/-\\"


def write(text):
    out.write(text)
    out.flush()


def words(line):
    """A line whose spaces are column jumps."""
    return "\x1b[1C".join(line.split(" "))


class Ink:
    """The frame below the banner: rows drawn last time, erased and drawn again."""

    def __init__(self):
        self.drawn = 0
        write("Welcome to the redraw TUI\r\n\r\n")

    def frame(self, rows):
        # Back to the frame's first row, then each row erased and written, and below erased.
        back = (f"\x1b[{self.drawn - 1}A" if self.drawn > 1 else "") + "\x1b[1G"
        write((back if self.drawn else "") + "\r\n".join("\x1b[2K" + words(r) for r in rows) + "\x1b[J")
        self.drawn = len(rows)


class Alt:
    """Every row at an absolute position on the alternate screen."""

    def __init__(self):
        write("\x1b[?1049h\x1b[H\x1b[2J")
        write("\x1b[1;1HAlt TUI v1")

    def frame(self, rows):
        height = os.get_terminal_size(0).lines
        top = 3
        body, tail = rows[:-2], rows[-2:]
        for i, r in enumerate(body):
            write(f"\x1b[{top + i};1H\x1b[2K" + words(r))
        for i, r in enumerate(tail):
            write(f"\x1b[{height - 1 + i};1H\x1b[2K" + words(r))


screen = Ink() if mode == "ink" else Alt()
history = []
typed = ""


def show(status):
    screen.frame(history + [status, "> " + typed])


fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
try:
    show("ready")
    while True:
        key = sys.stdin.read(1)
        if key in ("\x03", "\x04"):
            break
        if key in ("\r", "\n"):
            prompt, typed = typed, ""
            history.append("you: " + prompt)
            started = time.monotonic()
            frame = 0
            while time.monotonic() - started < think:
                show(SPINNER[frame % 4] + " thinking")
                frame += 1
                time.sleep(0.1)
            answer = ["The answer to " + prompt + " is forty two", "That is all."]
            for line in answer:
                shown = []
                for word in line.split(" "):
                    shown.append(word)
                    show("* answering")
                    history_row = " ".join(shown)
                    screen.frame(history + [history_row, "* answering", "> "])
                    time.sleep(0.05)
                history.append(line)
            show("ready")
        elif key == "\x7f":
            typed = typed[:-1]
            show("ready")
        else:
            typed += key
            show("ready")
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
