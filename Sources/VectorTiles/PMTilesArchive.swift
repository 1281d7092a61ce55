import BoundedJSON
import FoundationEssentials

/// A PMTiles v3 archive (protomaps/PMTiles `spec/v3/spec.md`): a 127-byte header, a root
/// directory and leaf directories of varint-coded entries keyed by a Hilbert-curve tile id, and
/// the tiles, each read by its offset and length through `read`, so one file on disk (or any
/// store that reads a range) serves every zoom.
package struct PMTilesArchive: Sendable {
    /// Reads `length` bytes at `offset` of the archive; nil when it cannot.
    package typealias Reader = @Sendable (_ offset: Int, _ length: Int) -> [UInt8]?

    /// Why an archive cannot be used, in one line.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    private let read: Reader
    private let rootOffset: Int
    private let rootLength: Int
    private let leavesOffset: Int
    private let tileDataOffset: Int
    private let directoriesCompressed: Bool
    /// The tiles are gzip-compressed (tile_compression 2); others must be uncompressed (1).
    private let tilesCompressed: Bool
    /// The zooms its tiles are at (the header's min_zoom…max_zoom), within 0...30.
    package let zooms: ClosedRange<Int>
    /// Where the archive's metadata (JSON) is, and its length.
    private let metadata: (offset: Int, length: Int)

    /// The most a directory may hold, inflated, and entries in it.
    static let directoryLimit = 4 << 20
    static let entryLimit = 200_000

    /// Bytes of the header, at the archive's start.
    package static let headerLength = 127

    /// Opens the archive `read` reads: its header checked (version 3, vector tiles).
    package init(read: @escaping Reader) throws(Failure) {
        guard let header = read(0, Self.headerLength), header.count == Self.headerLength, Array(header[0..<7]) == Array("PMTiles".utf8)
        else {
            throw Failure(description: "not a PMTiles archive")
        }
        guard header[7] == 3 else { throw Failure(description: "PMTiles version \(header[7]); Sidewalk reads version 3") }
        func number(_ at: Int) -> Int {
            Int(truncatingIfNeeded: (0..<8).reduce(UInt64(0)) { $0 | UInt64(header[at + $1]) << (8 * UInt64($1)) })
        }
        (rootOffset, rootLength) = (number(8), number(16))
        metadata = (number(24), number(32))
        leavesOffset = number(40)
        tileDataOffset = number(56)
        guard [rootOffset, rootLength, leavesOffset, tileDataOffset].allSatisfy({ $0 >= 0 }), rootLength <= Self.directoryLimit else {
            throw Failure(description: "the PMTiles header's offsets are out of range")
        }
        guard [1, 2].contains(header[97]), [1, 2].contains(header[98]) else {
            throw Failure(description: "PMTiles compression \(header[97])/\(header[98]); Sidewalk reads none or gzip")
        }
        guard header[99] == 1 else { throw Failure(description: "the PMTiles archive holds tile type \(header[99]), not vector tiles (1)") }
        directoriesCompressed = header[97] == 2
        tilesCompressed = header[98] == 2
        let (low, high) = (Int(header[100]), Int(header[101]))
        guard low <= high, high <= TileID.deepestZoom else {
            throw Failure(description: "the PMTiles header's zooms \(low)…\(high) are not a range within 0…\(TileID.deepestZoom)")
        }
        zooms = low...high
        self.read = read
    }

    /// The tile at `tile`, uncompressed; nil when the archive has none there or it cannot be read.
    package func tile(_ tile: TileID) -> [UInt8]? {
        guard let wanted = tile.hilbertID else { return nil }
        var (offset, length) = (rootOffset, rootLength)
        // A root and at most three levels of leaves, as the spec allows.
        for _ in 0..<4 {
            guard let entries = directory(at: offset, length: length), let entry = Self.entry(for: wanted, in: entries) else { return nil }
            if entry.runLength > 0 {
                let (start, overflow) = tileDataOffset.addingReportingOverflow(entry.offset)
                guard !overflow, let bytes = read(start, entry.length) else { return nil }
                return tilesCompressed ? Gzip.inflate(bytes, limit: VectorTile.Limits().bytes) : bytes
            }
            let (start, overflow) = leavesOffset.addingReportingOverflow(entry.offset)
            guard !overflow else { return nil }
            (offset, length) = (start, entry.length)
        }
        return nil
    }

    /// The archive's own `attribution` (its metadata's), as plain text: HTML tags taken out, at
    /// most 160 characters; nil when it has none.
    package var attribution: String? {
        guard metadata.offset >= 0, (1...Self.directoryLimit).contains(metadata.length), let raw = read(metadata.offset, metadata.length),
            let bytes = directoriesCompressed ? Gzip.inflate(raw, limit: Self.directoryLimit) : raw,
            let text = (try? JSONParser.parse(bytes, limits: .small))?.object?["attribution"]?.string
        else { return nil }
        return TileJSON.plainAttribution(text)
    }

    /// One directory entry: tiles from `tileID` on for `runLength` (0: a leaf directory).
    struct Entry: Equatable {
        var tileID: UInt64
        var offset: Int
        var length: Int
        var runLength: Int
    }

    /// The entry covering `wanted`: the last whose id is not after it, when its run reaches it
    /// (or it is a leaf).
    static func entry(for wanted: UInt64, in entries: [Entry]) -> Entry? {
        var (low, high) = (0, entries.count - 1)
        var found: Entry?
        while low <= high {
            let middle = (low + high) / 2
            if entries[middle].tileID <= wanted {
                found = entries[middle]
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard let found else { return nil }
        return found.runLength == 0 || wanted - found.tileID < UInt64(found.runLength) ? found : nil
    }

    private func directory(at offset: Int, length: Int) -> [Entry]? {
        guard length > 0, length <= Self.directoryLimit, let raw = read(offset, length) else { return nil }
        guard let bytes = directoriesCompressed ? Gzip.inflate(raw, limit: Self.directoryLimit) : raw else { return nil }
        return try? Self.entries(bytes)
    }

    /// A directory's entries (the spec's column order: id deltas, run lengths, lengths, offsets).
    static func entries(_ bytes: [UInt8]) throws(TileDataError) -> [Entry] {
        var reader = ProtobufReader(bytes[...])
        let count = try reader.varint()
        guard count <= UInt64(entryLimit) else { throw .init(description: "a directory of \(count) entries") }
        var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var last: UInt64 = 0
        for index in entries.indices {
            last &+= try reader.varint()
            entries[index].tileID = last
        }
        for index in entries.indices { entries[index].runLength = Int(clamping: try reader.varint()) }
        for index in entries.indices { entries[index].length = Int(clamping: try reader.varint()) }
        for index in entries.indices {
            let raw = try reader.varint()
            if raw == 0, index > 0 {
                let (next, overflow) = entries[index - 1].offset.addingReportingOverflow(entries[index - 1].length)
                guard !overflow else { throw .init(description: "an entry's offset is out of range") }
                entries[index].offset = next
            } else {
                entries[index].offset = Int(clamping: raw) - 1
            }
            guard entries[index].offset >= 0 else { throw .init(description: "an entry's offset is out of range") }
        }
        return entries
    }
}
