import Foundation
import TestSupport

/// A disk that fills: a tmpfs of a few hundred kilobytes, mounted in a mount namespace of the
/// run's own (`unshare --user --map-root-user --mount`, which needs no root), seeded with files,
/// and what it holds after the run read back before the namespace (and the disk) goes.
struct FullDisk {
    /// The run, and the disk after it: each file's name and SHA-256.
    let run: ProgramRun
    let files: [String: String]

    /// Runs `sidewalk arguments` with `folder` a tmpfs of `kilobytes`, holding copies of `seeds`
    /// (name and contents) first. Paths in `arguments` may name files in `folder`.
    static func sidewalk(_ arguments: [String], folder: String, kilobytes: Int, seeds: [(String, Data)]) throws -> FullDisk {
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-seeds-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        for (name, contents) in seeds { try contents.write(to: URL(fileURLWithPath: "\(staging)/\(name)")) }
        let script = """
            mount -t tmpfs -o size=\(kilobytes)k tmpfs "$0" || exit 90
            cp -a "$1/." "$0/" 2>/dev/null
            shift
            "$@" < /dev/null
            status=$?
            echo "@@disk"
            cd "$0" && find . -mindepth 1 -printf '%P\\n' | while read -r name; do
                if [ -f "$name" ]; then echo "$name $(sha256sum < "$name" | cut -c1-64)"; else echo "$name -"; fi
            done
            exit $status
            """
        let run = try ProgramRun.sidewalk(
            arguments, timeLimit: 120, wrapper: ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script, folder, staging])
        let parts = run.standardOutput.components(separatedBy: "@@disk\n")
        var files: [String: String] = [:]
        for line in (parts.count > 1 ? parts[1] : "").split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            if fields.count == 2 { files[String(fields[0])] = String(fields[1]) }
        }
        let output = ProgramRun(
            status: run.status, standardOutput: parts[0], standardError: run.standardError, peakResidentKilobytes: 0)
        return FullDisk(run: output, files: files)
    }

    /// The SHA-256 of `data`, as sha256sum writes it.
    static func digest(_ data: Data) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-digest-\(UUID().uuidString)")
        try data.write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Subprocess.run(["sha256sum", folder.path])
        return String(String(decoding: result.standardOutput, as: UTF8.self).prefix(64))
    }
}
