import PanoCore
import StreetModel

/// What Sidewalk reads from a photo's EXIF block: the GPS position and when it was taken.
struct EXIFMetadata: Equatable {
    var coordinate: Coordinate?
    /// DateTimeOriginal as "YYYY-MM-DD".
    var captureDate: String?
    /// DateTimeOriginal as written, "YYYY:MM:DD HH:MM:SS", a local time.
    var captureTime: String?
    /// OffsetTimeOriginal: the zone of `captureTime`, seconds east of UTC, when the camera wrote it.
    var captureOffset: Int?
}

/// Reads the TIFF structure of an EXIF APP1 payload ("Exif\0\0" then a TIFF header), defensively:
/// every offset is checked against the data, and anything malformed is simply not read.
enum EXIFReader {
    static let header: [UInt8] = Array("Exif".utf8) + [0, 0]

    static func read(_ payload: ArraySlice<UInt8>) -> EXIFMetadata? {
        guard payload.starts(with: header) else { return nil }
        let tiff = Array(payload.dropFirst(header.count))
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        let reader = TIFFReader(bytes: tiff, littleEndian: little)
        guard let first = reader.uint32(at: 4) else { return nil }
        let ifd0 = reader.entries(at: Int(first))
        var metadata = EXIFMetadata()
        if let exifOffset = ifd0[0x8769].flatMap({ reader.uint32(at: $0.valueOffset) }) {
            let exif = reader.entries(at: Int(exifOffset))
            if let entry = exif[0x9003], let text = reader.ascii(entry), text.count >= 10 {
                let date = String(text.prefix(10)).replacing(":", with: "-")
                if CaptureDate.isValid(date) { metadata.captureDate = date }
                metadata.captureTime = String(text.prefix(19))
            }
            metadata.captureOffset = exif[0x9011].flatMap(reader.ascii).flatMap { PhotoTime.offsetSeconds(String($0.prefix(6))) }
        }
        if let gpsOffset = ifd0[0x8825].flatMap({ reader.uint32(at: $0.valueOffset) }) {
            let gps = reader.entries(at: Int(gpsOffset))
            if let latitudeRef = gps[1].flatMap(reader.ascii), let latitude = gps[2].flatMap(reader.degrees),
                let longitudeRef = gps[3].flatMap(reader.ascii), let longitude = gps[4].flatMap(reader.degrees)
            {
                metadata.coordinate = Coordinate(
                    latitude: latitudeRef.hasPrefix("S") ? -latitude : latitude,
                    longitude: longitudeRef.hasPrefix("W") ? -longitude : longitude)
            }
        }
        return metadata
    }
}

/// Bounds-checked reads from TIFF data.
private struct TIFFReader {
    struct Entry {
        let type: Int
        let count: Int
        /// Offset of the value field within the entry (the value itself when it fits in 4 bytes).
        let valueOffset: Int
    }

    let bytes: [UInt8]
    let littleEndian: Bool

    func uint16(at offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return littleEndian ? Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 : Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func uint32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let b = bytes[offset..<(offset + 4)].map(UInt32.init)
        return littleEndian ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
    }

    /// The entries of the IFD at `offset`, by tag (at most 500 entries are read).
    func entries(at offset: Int) -> [Int: Entry] {
        guard let count = uint16(at: offset) else { return [:] }
        var entries: [Int: Entry] = [:]
        for i in 0..<min(count, 500) {
            let base = offset + 2 + i * 12
            guard let tag = uint16(at: base), let type = uint16(at: base + 2), let n = uint32(at: base + 4) else { break }
            entries[tag] = Entry(type: type, count: Int(n), valueOffset: base + 8)
        }
        return entries
    }

    /// Where an entry's data is: inline when it fits in 4 bytes, else at the offset stored there.
    private func dataOffset(_ entry: Entry, size: Int) -> Int? {
        guard entry.count > 0, entry.count < 1 << 20 else { return nil }
        if entry.count * size <= 4 { return entry.valueOffset }
        return uint32(at: entry.valueOffset).map(Int.init)
    }

    func ascii(_ entry: Entry) -> String? {
        guard entry.type == 2, let start = dataOffset(entry, size: 1), start + entry.count <= bytes.count else { return nil }
        let text = bytes[start..<(start + entry.count)].prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Three RATIONALs (degrees, minutes, seconds) as decimal degrees.
    func degrees(_ entry: Entry) -> Double? {
        guard entry.type == 5, entry.count == 3, let start = dataOffset(entry, size: 8) else { return nil }
        var parts: [Double] = []
        for i in 0..<3 {
            guard let numerator = uint32(at: start + 8 * i), let denominator = uint32(at: start + 8 * i + 4), denominator != 0 else {
                return nil
            }
            parts.append(Double(numerator) / Double(denominator))
        }
        return parts[0] + parts[1] / 60 + parts[2] / 3600
    }
}
