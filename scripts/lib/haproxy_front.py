"""Two demo hosts behind Debian's HAProxy, as docs/ssh-demo.md ("Past one host") sets them up:
a TCP front on a free loopback port, sending each connection to the backend with the fewest
(`balance leastconn`), with health checks that read the sshd's banner (`tcp-check expect`).

    haproxy_front.py WORK PORT_FILE BACKEND_PORT...

writes the configuration into WORK, starts `haproxy -db`, waits until the front listens and
every backend is checked up, writes the front's port into PORT_FILE, and serves until SIGTERM."""
import os, signal, socket, subprocess, sys, time

work, port_file, backends = sys.argv[1], sys.argv[2], sys.argv[3:]
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
config = os.path.join(work, "haproxy.cfg")
stats = os.path.join(work, "haproxy.sock")
servers = "\n".join(f"    server host{i} 127.0.0.1:{p} check inter 500ms rise 1 fall 2" for i, p in enumerate(backends))
with open(config, "w") as f:
    f.write(f"""global
    stats socket {stats} mode 600 level admin
defaults
    mode tcp
    timeout connect 5s
    timeout client 1h
    timeout server 1h
frontend sidewalk-demo
    bind 127.0.0.1:{port}
    default_backend demo-hosts
backend demo-hosts
    balance leastconn
    option tcp-check
    tcp-check expect rstring ^SSH-2\\.0-
{servers}
""")
haproxy = subprocess.Popen(["haproxy", "-db", "-f", config], stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "haproxy.log"), "w"))
signal.signal(signal.SIGTERM, lambda *_: (haproxy.terminate(), sys.exit(0)))
deadline = time.monotonic() + 20
while time.monotonic() < deadline:
    if haproxy.poll() is not None:
        raise SystemExit("haproxy exited: " + open(os.path.join(work, "haproxy.log")).read())
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(stats)
            s.sendall(b"show stat\n")
            answer = b""
            while chunk := s.recv(65536):
                answer += chunk
        up = [line for line in answer.decode().splitlines() if line.startswith("demo-hosts,host") and ",UP," in line]
        if len(up) == len(backends):
            break
    except OSError:
        pass
    time.sleep(0.1)
else:
    raise SystemExit("haproxy: the backends were not checked up within 20 s")
with open(port_file + ".new", "w") as f:
    f.write(str(port))
os.rename(port_file + ".new", port_file)
haproxy.wait()
