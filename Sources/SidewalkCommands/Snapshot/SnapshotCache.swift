import FoundationEssentials
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Snapshots already made, on disk under `$XDG_CACHE_HOME/sidewalk/snapshots/` (by default
/// `~/.cache/sidewalk/snapshots/`), keyed by everything that affects the output. Entries are
/// written to a temporary file and renamed, so a reader never sees half of one; an entry whose
/// header, length or checksum does not match is a miss and is made again.
///
/// The cache is bounded: at most `byteBudget` bytes on disk, least recently used entries removed
/// first (a hit marks an entry used), and no single entry over a quarter of the budget is kept.
struct SnapshotCache {
    let directory: String
    /// Most bytes the entries may take on disk.
    var byteBudget = 64 << 20

    /// The cache folder for this environment, or nil when there is no home to put it in.
    static func directory(environment: [String: String]) -> String? {
        if let base = environment["XDG_CACHE_HOME"], !base.isEmpty { return "\(base)/sidewalk/snapshots" }
        if let home = environment["HOME"], !home.isEmpty { return "\(home)/.cache/sidewalk/snapshots" }
        return nil
    }

    private static let magic = "sidewalk-snapshot 1"

    /// The stored output for `key`, or nil on a miss (absent, unreadable or corrupt).
    func load(key: String) -> [UInt8]? {
        guard let bytes = try? InputFile.read(path(for: key), limit: byteBudget) else { return nil }
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        let payload = Array(bytes[(newline + 1)...])
        guard header.count == 5, "\(header[0]) \(header[1])" == Self.magic,
            header[2] == Self.hex(Self.fnv1a(Array(key.utf8), seed: Self.keySeed)),
            Int(header[3]) == payload.count, header[4] == Self.hex(Self.fnv1a(payload))
        else { return nil }
        utime(path(for: key), nil)  // used now: the last to be evicted
        return payload
    }

    /// Stores `output` for `key`, then evicts what the budget has no room for; a cache that
    /// cannot be written is skipped, never an error.
    func store(_ output: [UInt8], key: String) {
        guard output.count <= byteBudget / 4 else { return }
        let header =
            "\(Self.magic) \(Self.hex(Self.fnv1a(Array(key.utf8), seed: Self.keySeed))) \(output.count) \(Self.hex(Self.fnv1a(output)))\n"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? OutputFile.replaceWhole(path(for: key), with: Array(header.utf8) + output)
        evict()
    }

    /// Removes the least recently used entries until the rest fit `byteBudget`.
    func evict() {
        let entries = Directory.regularFiles(in: directory).sorted { $0.modified < $1.modified }
        var total = entries.reduce(0) { $0 + $1.bytes }
        for entry in entries where total > byteBudget {
            if Directory.remove("\(directory)/\(entry.name)") { total -= entry.bytes }
        }
    }

    /// Where the entry for `key` lives.
    func path(for key: String) -> String {
        "\(directory)/\(Self.hex(Self.fnv1a(Array(key.utf8))))"
    }

    /// A second seed, so the header's key hash is independent of the file name's.
    private static let keySeed: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// FNV-1a, 64 bits.
    static func fnv1a(_ bytes: [UInt8], seed: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
