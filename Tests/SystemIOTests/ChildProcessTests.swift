import SystemIO
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Programs started by posix_spawn: their output, their status, their standard input, and pipe
/// ends that no other child keeps open.
@Suite("Child processes")
struct ChildProcessTests {
    @Test("Standard output is read whole and the exit status is the program's")
    func outputAndStatus() throws {
        let child = try ChildProcess(["sh", "-c", "printf 'one\\ntwo'; exit 3"], output: .pipe)
        #expect(String(decoding: child.readOutput(), as: UTF8.self) == "one\ntwo")
        #expect(child.wait() == 3)
        #expect(child.wait() == 3)
    }

    @Test("A child ended by a signal has 128 + its number, as a shell says")
    func signalled() throws {
        let child = try ChildProcess(["sh", "-c", "kill -TERM $$"])
        #expect(child.wait() == 128 + SIGTERM)
    }

    /// A signal this process ignores (SIGPIPE, while it writes frames to ffmpeg) is at its
    /// default in the child, as a program started from a shell expects.
    @Test("Ignored signals are at their default in the child")
    func signalsReset() throws {
        // Left ignored afterwards, as FFmpegVideo leaves it: restoring the default could end
        // this whole test process when a test running beside this one writes to a closed pipe.
        signal(SIGPIPE, SIG_IGN)
        let child = try ChildProcess(["sh", "-c", "grep SigIgn /proc/self/status"], output: .pipe)
        let line = String(decoding: child.readOutput(), as: UTF8.self)
        child.wait()
        let mask = UInt64(line.split(separator: "\t").last?.split(separator: "\n").first ?? "", radix: 16) ?? .max
        #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) == 0, "\(line)")
    }

    @Test("What is written to its input comes back from cat, whose input ends when it is closed")
    func input() throws {
        let cat = try ChildProcess(["cat"], input: .pipe, output: .pipe)
        // A second child started meanwhile must not hold the first's input open.
        let other = try ChildProcess(["cat"], input: .pipe, output: .null)
        #expect(FileDescriptorIO.writeAll(cat.input, Array("frames".utf8)) == .complete)
        cat.closeInput()
        #expect(cat.readOutput() == Array("frames".utf8))
        #expect(cat.wait() == 0)
        other.closeInput()
        #expect(other.wait() == 0)
    }

    @Test("The environment given is the child's whole environment")
    func environment() throws {
        let child = try ChildProcess(
            ["/bin/sh", "-c", "echo \"$GREETING|$HOME\""], environment: ["GREETING": "hi", "PATH": "/bin"], output: .pipe)
        #expect(String(decoding: child.readOutput(), as: UTF8.self) == "hi|\n")
        child.wait()
    }

    @Test("A program that is not there is one line naming it")
    func missing() {
        #expect {
            _ = try ChildProcess(["sidewalk-no-such-program-here"])
        } throws: { error in
            "\(error)" == "could not start sidewalk-no-such-program-here: No such file or directory"
        }
    }

    @Test("Releasing a running child stops and reaps it")
    func released() throws {
        var child: ChildProcess? = try ChildProcess(["sleep", "1000"])
        let pid = child!.pid
        child = nil
        // Reaped: no such process is left, not even a zombie.
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test("Programs are found on the PATH given, executable regular files only")
    func findOnPath() {
        #expect(ChildProcess.findOnPath("sh", path: "/nonexistent:/bin") == "/bin/sh")
        #expect(ChildProcess.findOnPath("passwd", path: "/etc") == nil)
        #expect(ChildProcess.findOnPath("bin", path: "/") == nil)
    }
}
