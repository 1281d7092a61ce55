"""Sidewalk over a real SSH and a slow link (issue 22's measure), printed for each link speed and
terminal size:

- key -> first byte: from a key sent through a tmux control-mode client already attached (so no
  `tmux` process is started per key: that takes 4-14 ms here) to the first byte the client's pane
  receives after it (the key crosses the link, the frame comes back: one round trip at least);
- a turn's and a walk's bytes at the client, and when the move was finished on screen (the last
  frame of the move arrived);
- the oldest frame: how long after the explorer composed a frame (its `--state-log` line, stamped
  as it is written) the frame's last byte reached the client. Frames are told apart by the end
  of their synchronized update (CSI ? 2026 l), one per frame, in order.

The explorer (release build, the demo town) runs on this machine's own sshd (`LoopbackSSH`),
reached through `slow_link.py` at each rate with 25 ms each way (50 ms round trip), by an `ssh
-tt` inside tmux at the size measured. Usage: bench_ssh.py SIDEWALK [--json] [--runs N] [--rates 1,10]."""
import contextlib, json, os, statistics, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(__file__))
from loopback_ssh import LoopbackSSH  # noqa: E402

FRAME_START, FRAME_END = b"\x1b[?2026h", b"\x1b[?2026l"
# The demo town, wherever the binary measured was built.
ASSETS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Assets")
STAMPER = r'''
import sys, time
stamps, raw = open(sys.argv[1], "w"), open(sys.argv[2], "wb")
offset = 0
while True:
    chunk = sys.stdin.buffer.read1(65536)
    if not chunk:
        break
    offset += len(chunk)
    raw.write(chunk); raw.flush()
    stamps.write("%.6f %d\n" % (time.time(), offset)); stamps.flush()
'''


class Keys:
    """Sends keys to a tmux session through one control-mode client (`tmux -C`), attached once,
    so the time a key is sent is when it is written, not when a tmux process would start. It
    ignores size, so the window keeps the size measured."""

    def __init__(self, tmux):
        self.client = subprocess.Popen(tmux + ["-C", "attach", "-f", "ignore-size"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)

    def send(self, key):
        """Sends `key` (tmux's name for it); returns the wall-clock time it was sent."""
        sent = time.time()
        self.client.stdin.write(f"send-keys {key}\n".encode())
        self.client.stdin.flush()
        return sent

    def close(self):
        self.client.stdin.close()
        self.client.wait()


class StateLines(threading.Thread):
    """Reads the explorer's --state-log FIFO, stamping each line with the wall clock."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.path, self.lines = path, []

    def run(self):
        with open(self.path) as fifo:
            for line in fifo:
                self.lines.append((time.time(), json.loads(line)))

    def wait_settled(self, keys, deadline):
        while True:
            if any(entry["settled"] and entry["keys"] >= keys for _, entry in self.lines):
                return True
            if time.time() >= deadline:
                return False
            time.sleep(0.02)


def frame_times(work):
    """The client's byte stamps, and the wall-clock arrival of each frame's first and last byte,
    in order: a frame opens and closes a synchronized update (CSI ? 2026 h ... l)."""
    stamps = [(float(t), int(o)) for t, o in (line.split() for line in open(os.path.join(work, "stamps.txt")))]
    raw = open(os.path.join(work, "raw.bin"), "rb").read()

    def arrivals(marker, at_start):
        found, position = [], 0
        while (index := raw.find(marker, position)) >= 0:
            position = index + len(marker)
            byte = index + 1 if at_start else position
            found.append(next(t for t, offset in stamps if offset >= byte))
        return found
    return stamps, arrivals(FRAME_START, True), arrivals(FRAME_END, False)


def slow_link(server, rate):
    """A `slow_link.py` at `rate` Mbit/s and 25 ms each way in front of `server`, and its port."""
    proxy = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "slow_link.py"), "--listen", "0",
                              "--to", f"127.0.0.1:{server.port}", "--rate-mbit", str(rate), "--delay-ms", "25"],
                             stdout=subprocess.PIPE, text=True)
    return proxy, int(proxy.stdout.readline().split()[1])


@contextlib.contextmanager
def client(server, rate, work, columns, rows, remote):
    """A tmux client of `columns`x`rows` running `ssh -tt ... remote` through a slow link at `rate`,
    its pane's output stamped into WORK/stamps.txt and WORK/raw.bin from the start; yields the
    tmux command and a `Keys` to type with; ends both and the link afterwards."""
    proxy, port = slow_link(server, rate)
    tmux = ["tmux", "-L", f"sidewalk-bench-ssh-{os.getpid()}", "-f", "/dev/null"]
    stamper = os.path.join(work, "stamper.py")
    with open(stamper, "w") as f:
        f.write(STAMPER)
    for name in ("stamps.txt", "raw.bin"):
        if os.path.exists(os.path.join(work, name)):
            os.remove(os.path.join(work, name))
    typist = None
    try:
        # 24-bit colour reaches the explorer as a user's would: COLORTERM, sent by ssh (SendEnv).
        subprocess.run(tmux + ["new-session", "-d", "-x", str(columns), "-y", str(rows),
                               "COLORTERM=truecolor " + " ".join(server.command(remote, port=port))], check=True)
        subprocess.run(tmux + ["pipe-pane", "-o", f"python3 -u {stamper} {work}/stamps.txt {work}/raw.bin"], check=True)
        typist = Keys(tmux)
        yield tmux, typist
    finally:
        if typist:
            typist.close()
        subprocess.run(tmux + ["kill-server"], stderr=subprocess.DEVNULL)
        proxy.terminate()
        proxy.wait()


def echo_once(server, rate, work):
    """The floor: key -> first byte for the remote terminal's own echo of a key (`cat`), through
    the same link, ssh and tmux."""
    with client(server, rate, work, 80, 24, "cat") as (_, typist):
        time.sleep(2.0)
        sent = typist.send("x")
        time.sleep(1.0)
    stamps = [float(line.split()[0]) for line in open(os.path.join(work, "stamps.txt"))]
    return round((min(t for t in stamps if t >= sent) - sent) * 1000, 1)


def run_once(server, binary, rate, columns, rows, work):
    fifo = os.path.join(work, "state.fifo")
    if os.path.exists(fifo):
        os.remove(fifo)
    os.mkfifo(fifo)
    lines = StateLines(fifo)
    lines.start()
    result = {}
    remote = f"LC_ALL=C.UTF-8 SIDEWALK_ASSETS={ASSETS} {binary} --state-log {fifo}"
    with client(server, rate, work, columns, rows, remote) as (_, typist):
        def on_screen(keys, what):
            """Waits until the move that `keys` keys made has settled and each frame drawn has
            reached the client, as a person waits to see it, then a second more."""
            deadline = time.time() + 30
            while time.time() < deadline:
                drawn = sum(1 for _, entry in lines.lines if not entry["settled"])
                raw = os.path.join(work, "raw.bin")
                arrived = open(raw, "rb").read().count(FRAME_END) if os.path.exists(raw) else 0
                if drawn and arrived >= drawn and lines.wait_settled(keys, 0):
                    time.sleep(1.0)
                    return
                time.sleep(0.02)
            raise SystemExit(f"bench-ssh: {what} did not reach the screen within 30 s")
        on_screen(0, "the first frame")
        sent = {}
        for keys, (name, key) in enumerate([("turn", "Right"), ("walk", "Up")], start=1):
            sent[name] = typist.send(key)
            on_screen(keys, f"the {name}")
        sent["end"] = time.time()
        typist.send("q")
        time.sleep(1.0)
    stamps, starts, ends = frame_times(work)
    # Each frame drawn since the turn's key, with when its first and last byte reached the client.
    drawn = [stamp for stamp, entry in lines.lines if not entry["settled"] and stamp >= sent["turn"]]
    frames = list(zip(drawn, [t for t in starts if t >= sent["turn"]], [t for t in ends if t >= sent["turn"]]))
    for name, following in (("turn", "walk"), ("walk", "end")):
        start, stop = sent[name], sent[following]
        chunks = [(t, o) for t, o in stamps if start <= t < stop]
        before = max([o for t, o in stamps if t < start], default=0)
        move = [frame for frame in frames if start <= frame[0] < stop]
        result[name] = {
            "first_byte_ms": round((chunks[0][0] - start) * 1000, 1) if chunks else None,
            "bytes": (chunks[-1][1] - before) if chunks else 0,
            "frames": len(move),
            "on_screen_ms": round((move[-1][2] - start) * 1000) if move else None,
            # A frame's age when its first byte arrived: how long it waited to be sent, plus the way.
            "sent_age_ms": round(max(first - composed for composed, first, _ in move) * 1000) if move else None,
            # The moving frames (all but the exact one after the move stops): composed to shown.
            "motion_lag_ms": round(max(last - composed for composed, _, last in move[:-1]) * 1000) if len(move) > 1 else None,
        }
    return result


def main():
    binary = os.path.abspath(sys.argv[1])  # run by the remote shell, in another folder
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    rates = [float(r) for r in sys.argv[sys.argv.index("--rates") + 1].split(",")] if "--rates" in sys.argv else [1, 10]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        server = LoopbackSSH(work)
        try:
            for rate in rates:
                echo = statistics.median(echo_once(server, rate, work) for _ in range(runs))
                rows.append({"link_mbit": rate, "echo_ms": echo})
                print(f"{rate:>4g} Mbit/s + 50 ms  the remote terminal's echo of a key (cat): {echo} ms (median of {runs})", flush=True)
                for columns, lines in ((120, 40), (200, 60)):
                    results = [run_once(server, binary, rate, columns, lines, work) for _ in range(runs)]

                    def median(move, field):
                        values = [r[move][field] for r in results if r[move][field] is not None]
                        return statistics.median(values) if values else None
                    row = {"link_mbit": rate, "size": f"{columns}x{lines}", "runs": runs,
                           "key_to_first_byte_ms": median("turn", "first_byte_ms")}
                    for move in ("turn", "walk"):
                        row.update({f"{move}_bytes": median(move, "bytes"), f"{move}_frames": median(move, "frames"),
                                    f"{move}_on_screen_ms": median(move, "on_screen_ms")})
                    for field in ("sent_age_ms", "motion_lag_ms"):
                        row[f"worst_{field}"] = max((r[m][field] for r in results for m in ("turn", "walk") if r[m][field] is not None), default=None)
                    rows.append(row)
                    print(f"{rate:>4g} Mbit/s + 50 ms  {columns}x{lines}  key -> first byte {row['key_to_first_byte_ms']} ms · "
                          f"turn {row['turn_bytes']} B in {row['turn_frames']} frames, on screen at {row['turn_on_screen_ms']} ms · "
                          f"walk {row['walk_bytes']} B in {row['walk_frames']} frames, on screen at {row['walk_on_screen_ms']} ms · "
                          f"worst: frame age when sent {row['worst_sent_age_ms']} ms, moving frame shown {row['worst_motion_lag_ms']} ms "
                          f"after the camera", flush=True)
        finally:
            server.stop()
    if "--json" in sys.argv:
        print(json.dumps(rows))


main()
