import PanoCore

/// The kitty graphics protocol, as Sidewalk uses it: two images of its own (ids 1 and 2), a PNG
/// sent in base64 chunks of at most 4096 bytes, placed over a rectangle of cells under the text
/// and under cells with a background of their own (so the HUD stays on top), and deleted, data
/// and all, on the way out (kovidgoyal/kitty, docs/graphics-protocol.rst). Each frame's picture
/// takes the id the last one did not, and the last one is deleted only after it: kitty shows an
/// image once all its chunks have come, so deleting first left the view black while a large
/// picture arrived (a frame every walk, in kitty 0.26.5).
public enum KittyGraphics {
    /// The ids of Sidewalk's images: frames take them in turn.
    public static let imageIDs = [1, 2]
    /// Below cells with non-default backgrounds: z-index under -1,073,741,824.
    static let zIndex = -1_073_741_825
    /// Most payload bytes in one escape sequence.
    static let chunkSize = 4096

    /// Deletes Sidewalk's images and frees their data; other programs' images are left alone.
    public static let delete: [UInt8] = imageIDs.flatMap(deleting)

    /// Deletes the image `id` and frees its data.
    static func deleting(_ id: Int) -> [UInt8] {
        EscapeSequence.kittyGraphicsCommand("a=d,d=I,i=\(id),q=2", payload: [])
    }

    /// The id the frame after one shown as `id` takes.
    public static func next(after id: Int) -> Int {
        id == imageIDs[0] ? imageIDs[1] : imageIDs[0]
    }

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
    /// scaled to fill them, as image `id` (one of `imageIDs`), and then delete the other one, the
    /// picture shown before. The cursor is moved there and left there (the cell frame that
    /// follows positions its own writes). The base64 is made on `runner`'s workers.
    public static func place(_ image: Payload, id: Int = imageIDs[0], row: Int, column: Int, columns: Int, rows: Int,
                             runner: any ParallelRunner = SerialRunner()) -> [UInt8] {
        var out = EscapeSequence.cursorPosition(row: row, column: column)
        let payload = Base64.encode(image.bytes, runner: runner)
        out.reserveCapacity(out.count + payload.count + (payload.count / chunkSize + 1) * 16 + 128)
        var start = 0
        var first = true
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let keys = first
                ? "a=T,\(image.formatKeys),t=d,i=\(id),q=2,C=1,c=\(columns),r=\(rows),z=\(zIndex),m=\(more)"
                : "m=\(more)"
            EscapeSequence.appendKittyGraphicsCommand(keys, payload: payload[start..<end], to: &out)
            start = end
            first = false
        } while start < payload.count
        return out + deleting(next(after: id))
    }
}
