import PanoCore

/// The kitty graphics protocol, as Sidewalk uses it: one image of its own (id 1), a PNG sent in
/// base64 chunks of at most 4096 bytes, placed over a rectangle of cells under the text and
/// under cells with a background of their own (so the HUD stays on top), replaced in place each
/// frame and deleted, data and all, on the way out (kovidgoyal/kitty, docs/graphics-protocol.rst).
public enum KittyGraphics {
    /// The id of Sidewalk's image.
    public static let imageID = 1
    /// Below cells with non-default backgrounds: z-index under -1,073,741,824.
    static let zIndex = -1_073_741_825
    /// Most payload bytes in one escape sequence.
    static let chunkSize = 4096

    /// Deletes Sidewalk's image and frees its data; other programs' images are left alone.
    public static let delete: [UInt8] = EscapeSequence.kittyGraphicsCommand("a=d,d=I,i=\(imageID),q=2", payload: [])

    /// An image as kitty takes it.
    public enum Payload: Sendable {
        /// A PNG file's bytes (`f=100`).
        case png([UInt8])
        /// RGB pixels, 3 bytes each, row-major, as one zlib stream (`f=24,o=z`), with the size.
        case zlibRGB([UInt8], width: Int, height: Int)

        var bytes: [UInt8] {
            switch self {
            case let .png(bytes), let .zlibRGB(bytes, _, _): bytes
            }
        }

        /// The keys that say what the payload is.
        var formatKeys: String {
            switch self {
            case .png: "f=100"
            case let .zlibRGB(_, width, height): "f=24,o=z,s=\(width),v=\(height)"
            }
        }
    }

    /// The bytes that put `image` over `columns`×`rows` cells from (`row`, `column`) (0-based),
    /// scaled to fill them, replacing the image shown before. The cursor is moved there and left
    /// there (the cell frame that follows positions its own writes). The base64 is made on
    /// `runner`'s workers.
    public static func place(_ image: Payload, row: Int, column: Int, columns: Int, rows: Int,
                             runner: any ParallelRunner = SerialRunner()) -> [UInt8] {
        var out = delete
        out += EscapeSequence.cursorPosition(row: row, column: column)
        let payload = Base64.encode(image.bytes, runner: runner)
        out.reserveCapacity(out.count + payload.count + (payload.count / chunkSize + 1) * 16 + 128)
        var start = 0
        var first = true
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let keys = first
                ? "a=T,\(image.formatKeys),t=d,i=\(imageID),q=2,C=1,c=\(columns),r=\(rows),z=\(zIndex),m=\(more)"
                : "m=\(more)"
            EscapeSequence.appendKittyGraphicsCommand(keys, payload: payload[start..<end], to: &out)
            start = end
            first = false
        } while start < payload.count
        return out
    }
}
