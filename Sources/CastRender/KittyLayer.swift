import PanoCore
import PanoImage
import TermRender
import VectorTiles

/// kitty's graphics protocol as kitty shows it (sw.kovidgoyal.net/kitty/graphics-protocol):
/// images sent directly (`t=d`) as RGB (`f=24`), RGBA (`f=32`) or PNG (`f=100`), zlib-compressed
/// or not (`o=z`), in chunks (`m=1`); placed at the cursor (`a=T`, `a=p`) over `c`×`r` cells
/// from a source rectangle (`x`, `y`, `w`, `h`) with a pixel offset in the first cell (`X`,
/// `Y`); deleted by id or all at once (`a=d`, `d=a/A/i/I`). Pictures lie over the text in a
/// layer of their own, lower `z` first. Not kept: files and shared memory (`t=f/t/s`),
/// animation frames, and placements moving when the text scrolls.
struct KittyLayer {
    /// One placement of an image.
    struct Placement {
        var image: Int
        var number: Int
        /// The cell of its top left corner.
        var row: Int
        var column: Int
        /// The part of the image shown, in its pixels; nil for all of it.
        var source: (x: Int, y: Int, width: Int, height: Int)?
        /// Cells covered; nil for the image's own size in the recording terminal's cells.
        var columns: Int?
        var rows: Int?
        /// Pixels from the cell's top left.
        var offset: (x: Int, y: Int)
        var z: Int
    }

    /// The widest or tallest image kept, in pixels.
    static let maximumSide = 4096
    /// The longest payload read, base64 bytes: an RGBA image of the largest size, and some.
    static let maximumPayload = maximumSide * maximumSide * 4 / 3 * 4 + 1024
    private(set) var images: [Int: DecodedPicture] = [:]
    private(set) var placements: [Placement] = []
    /// Bytes the images take.
    private(set) var bytes = 0
    /// Image ids in the order they were sent, oldest first, from `oldest` on; some may be gone
    /// or sent again later. `latest` is where in it each kept image was last sent.
    private var sent: [Int] = []
    private var oldest = 0
    private var latest: [Int: Int] = [:]
    /// The first chunk's keys and the payload so far, while an image comes in pieces.
    private var arriving: (keys: [String: String], payload: [UInt8])?

    /// Reads a command (`_G…`) sent with the cursor at `row`, `column`.
    mutating func take(_ body: ArraySlice<UInt8>, row: Int, column: Int) {
        guard body.starts(with: [UInt8(ascii: "_"), UInt8(ascii: "G")]) else { return }
        let rest = body.dropFirst(2)
        let split = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
        var keys = Self.keys(rest[..<split])
        let chunk = rest[split...].dropFirst()
        var payload: [UInt8]
        if let first = arriving?.keys {
            // Appended in place: a copy of the payload so far for each chunk made 200,000
            // chunks take minutes.
            arriving?.payload += chunk
            payload = arriving?.payload ?? []
            arriving = nil
            let more = keys["m"] == "1"
            keys = first
            keys["m"] = more ? "1" : "0"
        } else {
            payload = Array(chunk)
        }
        // A payload past the largest image is no image: what came so far is dropped, and what
        // follows decodes to nothing.
        if payload.count > Self.maximumPayload { payload = [] }
        if keys["m"] == "1" {
            arriving = (keys, payload)
            return
        }
        act(keys, payload: payload, row: row, column: column)
    }

    /// Keeps `picture` as image `id`, or forgets image `id` (nil).
    private mutating func setImage(_ id: Int, _ picture: DecodedPicture?) {
        bytes -= images[id]?.bytes ?? 0
        images[id] = picture
        latest[id] = nil
        if let picture {
            bytes += picture.bytes
            latest[id] = sent.count
            sent.append(id)
        }
    }

    /// Forgets the image sent longest ago that is still kept, and its placements; false when
    /// none is kept.
    mutating func forgetOldestImage() -> Bool {
        while oldest < sent.count {
            let id = sent[oldest]
            oldest += 1
            // An id sent again later is kept under its later place in `sent`.
            guard latest[id] == oldest - 1 else { continue }
            setImage(id, nil)
            placements.removeAll { $0.image == id }
            return true
        }
        return false
    }

    private mutating func act(_ keys: [String: String], payload: [UInt8], row: Int, column: Int) {
        let id = Self.number(keys, "i") ?? 0
        switch keys["a"] ?? "t" {
        case "t", "T":
            guard (keys["t"] ?? "d") == "d", let picture = Self.decode(keys, payload: payload) else { return }
            placements.removeAll { $0.image == id }
            setImage(id, picture)
            if keys["a"] == "T" { place(keys, image: id, row: row, column: column) }
        case "p": if images[id] != nil { place(keys, image: id, row: row, column: column) }
        case "d": delete(keys, id: id)
        default: break
        }
    }

    private mutating func place(_ keys: [String: String], image: Int, row: Int, column: Int) {
        let pixels = 0...Self.maximumSide
        let number = { (key: String, range: ClosedRange<Int>) in Self.number(keys, key, in: range) }
        let placementID = number("p", Self.identifiers) ?? 0
        var source: (x: Int, y: Int, width: Int, height: Int)?
        if let picture = images[image], ["x", "y", "w", "h"].contains(where: { keys[$0] != nil }) {
            let x = min(number("x", pixels) ?? 0, picture.image.width)
            let y = min(number("y", pixels) ?? 0, picture.image.height)
            let width = number("w", pixels).map { min($0, picture.image.width - x) } ?? picture.image.width - x
            let height = number("h", pixels).map { min($0, picture.image.height - y) } ?? picture.image.height - y
            source = (x, y, max(0, width), max(0, height))
        }
        placements.removeAll { $0.image == image && $0.number == placementID }
        placements.append(
            Placement(
                image: image, number: placementID, row: row, column: column, source: source,
                columns: number("c", Self.cells).flatMap { $0 > 0 ? $0 : nil }, rows: number("r", Self.cells).flatMap { $0 > 0 ? $0 : nil },
                offset: (number("X", pixels) ?? 0, number("Y", pixels) ?? 0), z: number("z", Int(Int32.min)...Int(Int32.max)) ?? 0))
        placements.sort { $0.z < $1.z }
    }

    private mutating func delete(_ keys: [String: String], id: Int) {
        let what = keys["d"] ?? "a"
        switch what {
        case "a", "A":
            placements.removeAll()
            if what == "A" {
                images.removeAll()
                (bytes, sent, oldest, latest) = (0, [], 0, [:])
            }
        case "i", "I":
            if let number = Self.number(keys, "p") {
                placements.removeAll { $0.image == id && $0.number == number }
            } else {
                placements.removeAll { $0.image == id }
            }
            if what == "I" { setImage(id, nil) }
        default: break
        }
    }

    /// What a PNG or JPEG picture sent to the terminal may be: 4096 pixels a side, 64 MB.
    static let pictureLimits = DecodeLimits(
        maxFileBytes: 64 << 20, maxDimension: maximumSide, maxPixels: maximumSide * maximumSide, maxScans: 100,
        maxDecodedPixels: maximumSide * maximumSide)

    /// Image and placement ids, as kitty keeps them: 32 bits, unsigned.
    static let identifiers = 0...Int(UInt32.max)
    /// The cells a placement may cover, each way: as many as the widest terminal a recording has.
    static let cells = 0...Cast.maximumSide

    /// The number under `key`, held to `range`; nil when there is none.
    static func number(_ keys: [String: String], _ key: String, in range: ClosedRange<Int> = identifiers) -> Int? {
        keys[key].flatMap { Int(decimal: $0, clampedTo: range) }
    }

    /// `k=v,k=v` as a dictionary.
    static func keys(_ text: ArraySlice<UInt8>) -> [String: String] {
        var keys: [String: String] = [:]
        for pair in text.split(separator: UInt8(ascii: ",")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1)
            if parts.count == 2 { keys[String(decoding: parts[0], as: UTF8.self)] = String(decoding: parts[1], as: UTF8.self) }
        }
        return keys
    }

    /// The picture a transmission carries, or nil when it cannot be read.
    static func decode(_ keys: [String: String], payload: [UInt8]) -> DecodedPicture? {
        guard var bytes = Base64.decode(payload) else { return nil }
        let format = number(keys, "f") ?? 32
        if format == 100 {
            if keys["o"] == "z" { bytes = Gzip.inflate(bytes, limit: 64 << 20) ?? [] }
            return (try? ImageDecoder.decode(bytes, name: "kitty image", limits: pictureLimits)).map {
                DecodedPicture(image: $0, painted: nil)
            }
        }
        let channels = format == 24 ? 3 : 4
        guard format == 24 || format == 32, let width = number(keys, "s"), let height = number(keys, "v"),
            (1...maximumSide).contains(width), (1...maximumSide).contains(height)
        else { return nil }
        if keys["o"] == "z" { bytes = Gzip.inflate(bytes, limit: width * height * channels) ?? [] }
        guard bytes.count >= width * height * channels else { return nil }
        return raw(bytes, width: width, height: height, channels: channels)
    }

    /// RGB or RGBA bytes as a picture; a pixel under half opaque is not painted.
    static func raw(_ bytes: [UInt8], width: Int, height: Int, channels: Int) -> DecodedPicture {
        guard channels == 4 else {
            return DecodedPicture(
                image: RGBImage(width: width, height: height, pixels: Array(bytes.prefix(width * height * 3))), painted: nil)
        }
        var image = RGBImage(width: width, height: height)
        var painted = [Bool](repeating: true, count: width * height)
        for pixel in 0..<(width * height) {
            for channel in 0..<3 { image.pixels[pixel * 3 + channel] = bytes[pixel * 4 + channel] }
            painted[pixel] = bytes[pixel * 4 + 3] >= 128
        }
        return DecodedPicture(image: image, painted: painted.allSatisfy { $0 } ? nil : painted)
    }
}
