"""An audience following a presenter over SSH (issue 40's measure): the presenter's explorer
(release build, the demo town, 120x40, --broadcast) runs on a pseudo-terminal of this script's,
and N followers (`sidewalk --follow`, 100x30) each run through `ssh -tt` to this machine's own
sshd on loopback (`LoopbackSSH`), each on a pseudo-terminal whose output is stamped as it
arrives. Each key (Right and Left in turn, --reduce-motion so each is one frame) is written to
the presenter's terminal; printed per audience size:

- presenter key -> followers' first byte: from the key written to the first byte each follower's
  ssh client received after it (median and 90th percentile over followers and keys);
- presenter key -> its own first byte, with the audience reading and with one follower's ssh
  client stopped (SIGSTOP: a laptop gone to sleep), to show a stalled follower slows no one;
- CPU: the presenter's, and the followers' explorers' on the server side (mean per follower),
  as a share of one core over the keys.

Usage: bench_follow.py SIDEWALK [--followers 1,10,50] [--keys 12] [--json]."""
import fcntl, json, os, pty, select, signal, statistics, struct, subprocess, sys, tempfile, termios, threading, time

sys.path.insert(0, os.path.dirname(__file__))
from loopback_ssh import LoopbackSSH  # noqa: E402

ASSETS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Assets")
ENVIRONMENT = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", LANG="C.UTF-8", SIDEWALK_ASSETS=ASSETS)


class Terminal:
    """A program on a pseudo-terminal of `columns` x `rows`; what it writes is read and stamped
    (wall clock) by the `Reader` thread, so it never blocks on a full terminal."""

    def __init__(self, argv, columns, rows):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=ENVIRONMENT, start_new_session=True)
        os.close(slave)
        self.stamps = []  # (time, bytes)

    def send(self, data):
        sent = time.time()
        os.write(self.master, data)
        return sent

    def first_after(self, moment):
        return next((t for t, _ in list(self.stamps) if t >= moment), None)

    def stop(self):
        with open(os.devnull) as _:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait()


class Reader(threading.Thread):
    """Reads every terminal's output as it comes, stamping each chunk, and answers the two
    questions the explorer waits on as a terminal would: a status report (CSI 5 n: "OK", which
    paces frames to the link) and the cursor's place after its UTF-8 probe (CSI 6 n: one column
    on, so UTF-8). The others it asks at start go unanswered, as in a plain terminal."""

    def __init__(self):
        super().__init__(daemon=True)
        self.terminals, self.running = [], True

    def run(self):
        while self.running:
            by_fd = {t.master: t for t in list(self.terminals)}
            ready, _, _ = select.select(list(by_fd), [], [], 0.05)
            now = time.time()
            for fd in ready:
                try:
                    chunk = os.read(fd, 1 << 16)
                except OSError:
                    chunk = b""
                if chunk:
                    by_fd[fd].stamps.append((now, len(chunk)))
                    answers = b"\x1b[0n" * chunk.count(b"\x1b[5n") + b"\x1b[2;2R" * chunk.count(b"\x1b[6n")
                    if answers:
                        os.write(fd, answers)
                else:
                    self.terminals.remove(by_fd[fd])


def cpu_seconds(pids):
    total = 0.0
    for pid in pids:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError):
            pass
    return total


def quiet(terminals, seconds=1.0, limit=120, since=0.0):
    """Waits until every terminal has written since `since` and none has for `seconds`."""
    deadline = time.time() + limit
    while time.time() < deadline:
        now = time.time()
        if all(t.stamps and t.stamps[-1][0] >= since and now - t.stamps[-1][0] >= seconds for t in terminals):
            return
        time.sleep(0.1)
    raise SystemExit("bench follow: the terminals did not settle")


def run(binary, count, keys, work):
    # sshd drops unauthenticated connections beyond 10 at once by default; an audience arrives together.
    server = LoopbackSSH(work, "MaxStartups 200")
    socket = os.path.join(work, "talk.sock")
    reader = Reader()
    reader.start()
    presenter = Terminal([binary, "--broadcast", socket, "--reduce-motion", "--color", "truecolor"], 120, 40)
    reader.terminals.append(presenter)
    try:
        quiet([presenter])
        remote = f"SIDEWALK_ASSETS={ASSETS} {binary} --follow {socket} --reduce-motion --color truecolor"
        followers = []
        for _ in range(count):
            follower = Terminal(server.command(remote), 100, 30)
            followers.append(follower)
            reader.terminals.append(follower)
        quiet([presenter] + followers)
        explorers = subprocess.run(["pgrep", "-f", "--", f"--follow {socket}"], capture_output=True, text=True).stdout.split()
        explorers = [pid for pid in explorers if open(f"/proc/{pid}/cmdline", "rb").read().startswith(binary.encode())]
        before = (time.time(), cpu_seconds([presenter.process.pid]), cpu_seconds(explorers))
        latencies, own = [], []
        for index in range(keys):
            sent = presenter.send(b"\x1b[C" if index % 2 == 0 else b"\x1b[D")
            quiet([presenter] + followers, seconds=0.4, limit=20, since=sent)
            own.append((presenter.first_after(sent) - sent) * 1000)
            latencies += [(f.first_after(sent) - sent) * 1000 for f in followers if f.first_after(sent)]
        after = (time.time(), cpu_seconds([presenter.process.pid]), cpu_seconds(explorers))
        # One follower stalls: its ssh client stopped; the presenter's own key -> byte again.
        os.kill(followers[0].process.pid, signal.SIGSTOP)
        stalled = []
        for index in range(keys):
            sent = presenter.send(b"\x1b[C" if index % 2 == 0 else b"\x1b[D")
            quiet([presenter] + followers[1:], seconds=0.4, limit=20, since=sent)
            stalled.append((presenter.first_after(sent) - sent) * 1000)
        os.kill(followers[0].process.pid, signal.SIGCONT)
        wall = after[0] - before[0]
        latencies.sort()
        return {
            "followers": count, "keys": keys,
            "follower_first_byte_ms_median": round(statistics.median(latencies), 1),
            "follower_first_byte_ms_p90": round(latencies[int(0.9 * (len(latencies) - 1))], 1),
            "presenter_first_byte_ms": round(statistics.median(own), 1),
            "presenter_first_byte_ms_one_stalled": round(statistics.median(stalled), 1),
            "presenter_cpu_percent": round(100 * (after[1] - before[1]) / wall, 1),
            "follower_cpu_percent_each": round(100 * (after[2] - before[2]) / wall / max(1, len(explorers)), 1),
        }
    finally:
        reader.running = False
        for terminal in [presenter] + locals().get("followers", []):
            terminal.stop()
        server.stop()


def main():
    binary = sys.argv[1]
    counts = [1, 10, 50]
    keys = 12
    if "--followers" in sys.argv:
        counts = [int(c) for c in sys.argv[sys.argv.index("--followers") + 1].split(",")]
    if "--keys" in sys.argv:
        keys = int(sys.argv[sys.argv.index("--keys") + 1])
    rows = []
    for count in counts:
        with tempfile.TemporaryDirectory(prefix="sw-follow-") as work:
            row = run(binary, count, keys, work)
        rows.append(row)
        print(f"{count:3} followers: presenter key -> followers' first byte median {row['follower_first_byte_ms_median']} ms, "
              f"p90 {row['follower_first_byte_ms_p90']} ms; presenter's own first byte {row['presenter_first_byte_ms']} ms "
              f"({row['presenter_first_byte_ms_one_stalled']} ms with one follower stopped); CPU presenter "
              f"{row['presenter_cpu_percent']} %, each follower {row['follower_cpu_percent_each']} %", flush=True)
    if "--json" in sys.argv:
        print(json.dumps(rows))


main()
