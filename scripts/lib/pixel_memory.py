#!/usr/bin/env python3
"""Peak memory of the explorer drawing kitty pictures at 200x60 cells, for each cell size a
terminal may report. A pseudo-terminal of our own answers the start-up probe as kitty does (its
graphics query, XTVERSION, CSI 16 t and 14 t with the cell size asked, DA1, DSR 5), the explorer
turns five times, and its peak resident memory is read from /proc (VmHWM).

Usage: pixel_memory.py SIDEWALK DATASET
Prints one line per cell size: the size, the exit status and the peak in MB.
"""
import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time

SIDEWALK, DATASET = sys.argv[1], sys.argv[2]
COLUMNS, ROWS = 200, 60


def answers(data, cell_width, cell_height):
    """What kitty would answer to the queries in `data`."""
    out = b""
    if b"\x1b_Gi=31" in data:
        out += b"\x1b_Gi=31;OK\x1b\\"
    if b"\x1b[>q" in data:
        out += b"\x1bP>|kitty(0.26.5)\x1b\\"
    if b"\x1b[16t" in data:
        out += b"\x1b[6;%d;%dt" % (cell_height, cell_width)
    if b"\x1b[14t" in data:
        out += b"\x1b[4;%d;%dt" % (min(cell_height * ROWS, 10**9), min(cell_width * COLUMNS, 10**9))
    if b"\x1b[c" in data:
        out += b"\x1b[?62;22c"
    out += b"\x1b[0n" * data.count(b"\x1b[5n")
    return out


def pump(master, seconds, cell):
    """Reads what the explorer writes for `seconds`, answering its queries; the kitty graphics
    commands read (pieces of pictures, placements), the probe's query left out."""
    total, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 0.05)
        if not ready:
            continue
        try:
            data = os.read(master, 1 << 20)
        except OSError:
            return total
        total += data.count(b"\x1b_G") - data.count(b"\x1b_Gi=31")
        reply = answers(data, *cell)
        if reply:
            os.write(master, reply)
    return total


def measure(cell):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))

    def controlling():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    environment = dict(os.environ, TERM="xterm-kitty", KITTY_WINDOW_ID="1", COLORTERM="truecolor")
    process = subprocess.Popen([SIDEWALK, DATASET, "--reduce-motion"], stdin=slave, stdout=slave, stderr=slave,
                               preexec_fn=controlling, env=environment)
    os.close(slave)
    pictures = pump(master, 4, cell)
    for _ in range(5):
        os.write(master, b"\x1b[C")
        pictures += pump(master, 0.6, cell)
    pictures += pump(master, 2, cell)
    with open("/proc/%d/status" % process.pid) as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    os.write(master, b"q")
    pump(master, 2, cell)
    try:
        code = process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        code = "killed"
    os.close(master)
    return code, peak, pictures


for cell in [(10, 20), (20, 40), (40, 80), (100000, 100000)]:
    code, peak, pictures = measure(cell)
    print("kitty pictures, %dx%d cells of %dx%d px: status %s, %d graphics commands, peak %d MB"
          % (COLUMNS, ROWS, cell[0], cell[1], code, pictures, peak // 1024))
