import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Past one host (docs/ssh-demo.md): two demo hosts, each its own sshd with the demo block and
/// `--max-visitors 2` counted on its own, behind Debian's HAProxy (TCP, least connections,
/// health checks reading sshd's banner).
@Suite("Two demo hosts behind HAProxy", .serialized)
struct LoadBalancerTests {
    @Test("visitors spread over both hosts; each host holds its own cap; one more visitor is told the demo is full")
    func spread() throws {
        let runtimes = try (0..<2).map { index -> URL in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "sw-host\(index)-\(getpid())-\(UUID().uuidString.prefix(6))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return folder
        }
        defer { for folder in runtimes { try? FileManager.default.removeItem(at: folder) } }
        // Each host counts its visitors in a runtime folder of its own, as two machines would.
        let hosts = try runtimes.map { try LoopbackSSHServer(arguments: "--max-visitors 2", environment: "XDG_RUNTIME_DIR='\($0.path)'") }
        let work = hosts[0].work
        let portFile = work.appendingPathComponent("haproxy-port").path
        let script = BuiltProducts.packageRoot(from: #filePath).appendingPathComponent("scripts/lib/haproxy_front.py").path
        let front = try Subprocess.startServer(["python3", script, work.path, portFile] + hosts.map(\.port), portFile: portFile)
        defer { Subprocess.stop(front.pid) }
        let port = String(front.address.split(separator: ":").last ?? "0")
        try #require(port != "0", "haproxy did not start (is it installed? ./scripts/test installs it)")
        // Through the front, with both hosts' user keys: either host may take the connection.
        let through = hosts[0].sshArguments.replacingOccurrences(
            of: "-p \(hosts[0].port) ", with: "-p \(port) -i '\(hosts[1].work.path)/user_key' ")
        var visitors: [TmuxSession] = []
        defer { for visitor in visitors { visitor.close() } }
        for _ in 0..<4 {
            let visitor = try TmuxSession(command: "ssh -tt \(through)", columns: 100, rows: 30, environment: SSHDemoTests.environment)
            visitors.append(visitor)
            #expect(try visitor.waitUntil(timeout: 60) { try visitor.capture().contains("Heading") }, "a visitor got no picture")
        }
        let perHost = try hosts.map {
            try LoopbackSSHServer.processes(holding: "^\(BuiltProducts.sidewalk) --demo --state-log \($0.stateLog)").count
        }
        #expect(perHost == [2, 2], "least connections spread four visitors two and two: \(perHost)")
        let fifth = try TmuxSession(command: "ssh -tt \(through)", columns: 100, rows: 30, environment: SSHDemoTests.environment)
        defer { fifth.close() }
        #expect(
            try fifth.waitUntil(timeout: 60) {
                try fifth.capture().contains("Sidewalk's demo is full (2 visitors); try again in a minute.")
            })
        #expect(fifth.waitUntil(timeout: 30) { fifth.exitStatus == 0 }, "a full demo says so and ends well")
    }
}
