"""A throwaway OpenSSH server on loopback, for tests and measurements that must go through a
real `sshd` and `ssh` (issue 22): Debian's openssh-server, run by the current user on a free
loopback port, with a host key and a user key made for this run in a work folder of its own.
Nothing of the system's SSH set-up is read or changed.

    server = LoopbackSSH(work_folder, extra_config="")   # starts sshd; server.port
    server.command("sidewalk --demo", port=server.port)  # the ssh argv to run it, with -tt
    server.stop()
"""
import getpass, os, shutil, socket, subprocess, time

SSHD = shutil.which("sshd") or "/usr/sbin/sshd"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LoopbackSSH:
    def __init__(self, work, extra_config=""):
        if not os.path.exists(SSHD):
            raise SystemExit("loopback ssh: sshd not found; install Debian's openssh-server (./scripts/test does)")
        self.work = work
        self.user = getpass.getuser()
        self.key = os.path.join(work, "user_key")
        host_key = os.path.join(work, "host_key")
        for path in (self.key, host_key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], check=True)
        shutil.copy(self.key + ".pub", os.path.join(work, "authorized_keys"))
        if os.getuid() == 0:
            os.makedirs("/run/sshd", exist_ok=True)  # privilege separation's empty folder, as Debian's unit makes it
        self.port = free_port()
        self.log = os.path.join(work, "sshd.log")
        config = os.path.join(work, "sshd_config")
        with open(config, "w") as f:
            f.write(f"""Port {self.port}
ListenAddress 127.0.0.1
HostKey {host_key}
PidFile {os.path.join(work, "sshd.pid")}
AuthorizedKeysFile {os.path.join(work, "authorized_keys")}
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
AcceptEnv LANG LC_* COLORTERM
{extra_config}
""")
        self.process = subprocess.Popen([SSHD, "-D", "-f", config, "-E", self.log])
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"loopback ssh: sshd exited: {open(self.log).read().strip()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("loopback ssh: sshd did not listen within 10 s")

    def command(self, remote, port=None, options=()):
        """The ssh argv that runs `remote` with a terminal (-tt) through `port` (the server's, or
        a proxy's in front of it)."""
        return ["ssh", "-tt", "-p", str(port or self.port), "-i", self.key, "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "SendEnv=COLORTERM", *options,
                f"{self.user}@127.0.0.1", remote]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def main():
    """For tests: `loopback_ssh.py WORK PORT_FILE [--config FILE] [--rate-mbit R]` starts sshd
    (with the lines of FILE added to its configuration) and, with --rate-mbit, a `slow_link.py`
    in front of it at R Mbit/s and 25 ms each way; writes the port to connect to into PORT_FILE,
    the user key is WORK/user_key; serves until SIGTERM, then stops both."""
    import argparse, signal, sys
    parser = argparse.ArgumentParser()
    parser.add_argument("work")
    parser.add_argument("port_file")
    parser.add_argument("--config")
    parser.add_argument("--rate-mbit", type=float)
    options = parser.parse_args()
    server = LoopbackSSH(options.work, open(options.config).read() if options.config else "")
    port, proxy = server.port, None
    if options.rate_mbit:
        proxy = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "slow_link.py"),
                                  "--listen", "0", "--to", f"127.0.0.1:{server.port}", "--rate-mbit", str(options.rate_mbit),
                                  "--delay-ms", "25"], stdout=subprocess.PIPE, text=True)
        port = int(proxy.stdout.readline().split()[1])
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        with open(options.port_file + ".new", "w") as f:
            f.write(str(port))
        os.rename(options.port_file + ".new", options.port_file)
        signal.pause()
    finally:
        if proxy:
            proxy.terminate()
        server.stop()


if __name__ == "__main__":
    main()
