import PanoCore

/// GIF89a (CompuServe's "Graphics Interchange Format, Version 89a", 1990): a canvas, then frames,
/// each a rectangle of palette indices with its own colour table, a delay, and an index that
/// leaves the canvas as it was (transparency), so a frame need hold only what changed.
package enum GIFEncoder {
    /// The file's start: the signature, a `width`×`height` canvas (1...65535) with no global
    /// colour table, and Netscape's loop extension (loop for ever) when `loops`.
    package static func header(width: Int, height: Int, loops: Bool) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += le16(width) + le16(height) + [0x00, 0x00, 0x00]
        if loops { out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00] }
        return out
    }

    /// The file's end.
    package static let trailer: [UInt8] = [0x3B]

    /// One frame: `indices` (row by row, `width`×`height`) at `left`, `top` on the canvas, in
    /// `palette` (1...256 colours; the table is filled out with black to a power of two), shown for `delay` hundredths of a second (0...65535), the
    /// pixels of index `transparent` leaving the canvas as it was.
    package static func frame(
        _ indices: [UInt8], width: Int, height: Int, left: Int, top: Int, palette: [RGB], transparent: UInt8?, delay: Int
    ) -> [UInt8] {
        let entries = max(palette.count, transparent.map { Int($0) + 1 } ?? 0, 2)
        let bits = Int.bitWidth - (entries - 1).leadingZeroBitCount
        var out: [UInt8] = [0x21, 0xF9, 0x04, 1 << 2 | (transparent == nil ? 0 : 1)]
        out += le16(min(max(delay, 0), 65535)) + [transparent ?? 0, 0x00]
        out += [0x2C] + le16(left) + le16(top) + le16(width) + le16(height) + [0x80 | UInt8(bits - 1)]
        for index in 0..<(1 << bits) {
            let colour = index < palette.count ? palette[index] : RGB(0, 0, 0)
            out += [colour.r, colour.g, colour.b]
        }
        let codeSize = max(2, bits)
        out.append(UInt8(codeSize))
        let data = GIFLZW.compress(indices, codeSize: codeSize)
        var start = 0
        while start < data.count {
            let end = min(start + 255, data.count)
            out.append(UInt8(end - start))
            out += data[start..<end]
            start = end
        }
        out.append(0x00)
        return out
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
}

/// GIF's variable-length LZW (codes of codeSize + 1 up to 12 bits, least significant bit first,
/// a clear code when the table is full), with a hashed string table.
enum GIFLZW {
    static func compress(_ indices: [UInt8], codeSize: Int) -> [UInt8] {
        let clear = 1 << codeSize
        let end = clear + 1
        var writer = BitWriter()
        var table = StringTable()
        var next = end + 1
        var width = codeSize + 1
        writer.write(clear, bits: width)
        guard var prefix = indices.first.map(Int.init) else {
            writer.write(end, bits: width)
            return writer.finish()
        }
        for index in indices.dropFirst() {
            let byte = Int(index)
            if let code = table.find(prefix: prefix, byte: byte) {
                prefix = code
                continue
            }
            writer.write(prefix, bits: width)
            if next < 4096 {
                table.add(prefix: prefix, byte: byte, code: next)
                // The decoder widens its codes once the table reaches the current width's limit.
                if next == 1 << width, width < 12 { width += 1 }
                next += 1
            } else {
                writer.write(clear, bits: width)
                table = StringTable()
                (next, width) = (end + 1, codeSize + 1)
            }
            prefix = byte
        }
        writer.write(prefix, bits: width)
        writer.write(end, bits: width)
        return writer.finish()
    }

    /// Codes of strings seen: an open-addressed table keyed by (prefix code, next byte).
    struct StringTable {
        private static let size = 8192
        private var keys = [Int32](repeating: -1, count: size)
        private var codes = [Int16](repeating: 0, count: size)

        func find(prefix: Int, byte: Int) -> Int? {
            let key = Int32(prefix << 8 | byte)
            var slot = Self.slot(key)
            while keys[slot] != -1 {
                if keys[slot] == key { return Int(codes[slot]) }
                slot = (slot + 1) & (Self.size - 1)
            }
            return nil
        }

        mutating func add(prefix: Int, byte: Int, code: Int) {
            let key = Int32(prefix << 8 | byte)
            var slot = Self.slot(key)
            while keys[slot] != -1 { slot = (slot + 1) & (Self.size - 1) }
            (keys[slot], codes[slot]) = (key, Int16(code))
        }

        private static func slot(_ key: Int32) -> Int { Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19) & (size - 1) }
    }

    struct BitWriter {
        private var out: [UInt8] = []
        private var (buffer, count) = (0, 0)

        mutating func write(_ code: Int, bits: Int) {
            buffer |= code << count
            count += bits
            while count >= 8 {
                out.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { out.append(UInt8(truncatingIfNeeded: buffer)) }
            return out
        }
    }
}
