"""A slow network link on loopback, for measuring Sidewalk over SSH (issue 22): a TCP proxy
that carries each direction at a fixed rate (bits per second), adds a fixed one-way delay, and
holds at most a bounded queue of bytes, like the bottleneck router of a real link. Past the
queue it stops reading, so TCP's flow control pushes back on the sender as a full link does.

    python3 slow_link.py --listen PORT --to HOST:PORT --rate-mbit 1 --delay-ms 25 [--queue-kb 32]

Prints "listening PORT" once it accepts connections (PORT 0 picks a free one), then serves
until killed. Each connection is carried independently; a side that closes closes the other
once what it sent has arrived."""
import argparse, collections, select, socket, sys, threading, time

PACKET = 1448  # bytes of payload in one Ethernet-sized TCP segment
SOCKET_BUFFER = 16384  # the kernel's buffers on the proxy's side stay small: the queue is ours


def carry(source, target, rate_bytes, delay, queue_limit):
    """Moves bytes from `source` to `target` as a link of `rate_bytes` per second with `delay`
    seconds of one-way latency would, queueing at most `queue_limit` bytes before it."""
    pending = collections.deque()  # (arrives_at, serialized_at, packet)
    link_free_at = 0.0
    open_source = True
    try:
        while open_source or pending:
            now = time.monotonic()
            while pending and pending[0][0] <= now:
                target.sendall(pending.popleft()[2])
            queued = sum(len(p) for _, done, p in pending if done > now)
            timeouts = [pending[0][0] - now] if pending else []
            readable = []
            if open_source and queued < queue_limit:
                readable = [source]
            elif open_source:
                # Full: wait until the head of the queue has been serialized.
                timeouts.append(min(done for _, done, _ in pending if done > now) - now)
            wait = max(0.0, min(timeouts)) if timeouts else None
            if readable:
                ready, _, _ = select.select(readable, [], [], wait)
            else:
                time.sleep(wait if wait is not None else 0.01)
                continue
            if not ready:
                continue
            chunk = source.recv(min(65536, queue_limit - queued + PACKET))
            if not chunk:
                open_source = False
                continue
            now = time.monotonic()
            for start in range(0, len(chunk), PACKET):
                packet = chunk[start:start + PACKET]
                begin = max(now, link_free_at)
                link_free_at = begin + len(packet) / rate_bytes
                pending.append((link_free_at + delay, link_free_at, packet))
    except OSError:
        pass
    finally:
        try:
            target.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def serve(client, upstream_address, rate_bytes, delay, queue_limit):
    upstream = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    upstream.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SOCKET_BUFFER)
    upstream.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SOCKET_BUFFER)
    upstream.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        upstream.connect(upstream_address)
    except OSError as error:
        print(f"slow link: cannot reach {upstream_address}: {error}", file=sys.stderr)
        client.close()
        return
    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    ways = [threading.Thread(target=carry, args=(client, upstream, rate_bytes, delay, queue_limit), daemon=True),
            threading.Thread(target=carry, args=(upstream, client, rate_bytes, delay, queue_limit), daemon=True)]
    for way in ways:
        way.start()
    for way in ways:
        way.join()
    client.close()
    upstream.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", type=int, required=True, help="loopback port to listen on (0: any free port)")
    parser.add_argument("--to", required=True, help="HOST:PORT to carry connections to")
    parser.add_argument("--rate-mbit", type=float, required=True, help="rate of each direction, megabits per second")
    parser.add_argument("--delay-ms", type=float, default=25, help="one-way delay, milliseconds (round trip: twice this)")
    parser.add_argument("--queue-kb", type=float, default=32, help="bytes the link queues before pushing back, KiB")
    options = parser.parse_args()
    host, port = options.to.rsplit(":", 1)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SOCKET_BUFFER)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SOCKET_BUFFER)
    listener.bind(("127.0.0.1", options.listen))
    listener.listen(8)
    print(f"listening {listener.getsockname()[1]}", flush=True)
    rate_bytes = options.rate_mbit * 1e6 / 8
    while True:
        client, _ = listener.accept()
        threading.Thread(target=serve, args=(client, (host, int(port)), rate_bytes, options.delay_ms / 1000,
                                             int(options.queue_kb * 1024)), daemon=True).start()


if __name__ == "__main__":
    main()
