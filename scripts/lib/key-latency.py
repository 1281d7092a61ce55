"""Key -> first byte, measured as issue 22 measured it: the explorer runs in tmux, everything it
writes goes through `tmux pipe-pane` to a reader that stamps each chunk with the wall clock, and
a key is sent with `tmux send-keys`. Prints, per size and mode, the median over the runs of: the
time from sending the key to the first byte after it, to the first 4 KB after it (a picture that
moved: a status-line change alone is a few hundred bytes), and the bytes that key's move cost.
`cat` under the same tmux is the floor: what tmux itself takes to echo a key."""
import json, os, statistics, subprocess, sys, tempfile, time

STAMPER = r'''
import sys, time
out = open(sys.argv[1], "w")
while True:
    chunk = sys.stdin.buffer.read1(65536)
    if not chunk:
        break
    out.write("%.6f %d\n" % (time.time(), len(chunk)))
    out.flush()
'''

def measure(socket, command, key, columns, rows, settle, work):
    log = os.path.join(work, "stamps.txt")
    stamper = os.path.join(work, "stamper.py")
    with open(stamper, "w") as f:
        f.write(STAMPER)
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    subprocess.run(tmux + ["new-session", "-d", "-x", str(columns), "-y", str(rows), command], check=True)
    try:
        time.sleep(settle)
        subprocess.run(tmux + ["pipe-pane", "-o", f"python3 -u {stamper} {log}"], check=True)
        time.sleep(0.5)
        sent = time.time()
        subprocess.run(tmux + ["send-keys", key], check=True)
        time.sleep(1.5)
    finally:
        subprocess.run(tmux + ["kill-server"], stderr=subprocess.DEVNULL)
    time.sleep(0.1)
    chunks = [(float(t), int(n)) for t, n in (line.split() for line in open(log))] if os.path.exists(log) else []
    after = [(t, n) for t, n in chunks if t >= sent]
    if not after:
        return None, None, 0
    total, picture = 0, None
    for t, n in after:
        total += n
        if picture is None and total >= 4096:
            picture = (t - sent) * 1000
    return (after[0][0] - sent) * 1000, picture, total

def main():
    binary, runs = sys.argv[1], int(sys.argv[2])
    rows = []
    with tempfile.TemporaryDirectory() as work:
        socket = f"sidewalk-latency-{os.getpid()}"
        for columns, lines in [(120, 40), (200, 60)]:
            cases = [("tmux echo (cat)", "cat", "x"),
                     ("Right, animated", f"LC_ALL=C.UTF-8 {binary} --color truecolor", "Right"),
                     ("Right, --reduce-motion", f"LC_ALL=C.UTF-8 {binary} --color truecolor --reduce-motion", "Right")]
            for name, command, key in cases:
                results = [measure(socket, command, key, columns, lines, 0.5 if command == "cat" else 2.5, work) for _ in range(runs)]
                latencies = [r[0] for r in results if r[0] is not None]
                pictures = [r[1] for r in results if r[1] is not None]
                sizes = [r[2] for r in results if r[0] is not None]
                rows.append({"size": f"{columns}x{lines}", "case": name, "runs": len(latencies),
                             "first_byte_ms": round(statistics.median(latencies), 1) if latencies else None,
                             "first_4kb_ms": round(statistics.median(pictures), 1) if pictures else None,
                             "bytes": int(statistics.median(sizes)) if sizes else None})
                row = rows[-1]
                print(f"{columns}x{lines}  {name:24} key -> first byte {row['first_byte_ms']} ms, first 4 KB {row['first_4kb_ms']} ms, "
                      f"{row['bytes']} bytes (median of {len(latencies)})", flush=True)
    if "--json" in sys.argv:
        print(json.dumps(rows))

main()
