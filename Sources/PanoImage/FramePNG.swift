import CPNG
import PanoCore

/// PNG for frames shown at once, not kept: rows filtered with Sub (each byte less the same
/// channel of the pixel to its left), then `HuffmanDeflate`, in horizontal bands compressed in
/// parallel and joined into one zlib stream. Three to fifteen times the speed of zlib's fastest
/// level on raw RGB, with fewer bytes for photos (`sidewalk bench pixels`); files to keep
/// use `PNGEncoder`, which is smaller.
package enum FramePNG {
    /// Bands per worker: more than one evens out bands that compress at different speeds.
    static let bandsPerWorker = 2

    /// The PNG of `image`, compressed on `runner`'s workers.
    package static func encode(_ image: RGBImage, runner: any ParallelRunner = SerialRunner()) -> [UInt8] {
        let rowBytes = image.width * 3 + 1
        let bandCount = max(1, min(image.height, runner.width * bandsPerWorker))
        let bands = image.pixels.withUnsafeBufferPointer { pixels in
            let source = WorkerShared(pixels)
            return runner.map(bandCount) { band in
                let rows = (image.height * band / bandCount)..<(image.height * (band + 1) / bandCount)
                return compress(source.buffer, width: image.width, rows: rows)
            }
        }
        precondition(image.height == 0 || bands.reduce(0) { $0 + $1.filteredCount } == rowBytes * image.height)
        // The zlib stream: header (deflate, 32 KiB window, fastest), the bands, the end, Adler-32.
        var adler: UInt = 1
        for band in bands { adler = sw_adler32_combine(adler, band.adler, band.filteredCount) }
        let head: [UInt8] = [0x78, 0x01]
        let tail = HuffmanDeflate.finalBlock + PNGChunk.bigEndian(UInt32(truncatingIfNeeded: adler))
        let streamCount = head.count + bands.reduce(0) { $0 + $1.deflated.count } + tail.count

        // Written once into one buffer: the bands were compressed (and their CRC-32s taken) apart.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(png.count + 25 + 12 + streamCount + 12)
        png += PNGChunk.make("IHDR", PNGChunk.bigEndian(UInt32(image.width)) + PNGChunk.bigEndian(UInt32(image.height)) + [8, 2, 0, 0, 0])
        png += PNGChunk.bigEndian(UInt32(streamCount))
        let typeAndHead = Array("IDAT".utf8) + head
        var crc = typeAndHead.withUnsafeBufferPointer { sw_crc32(0, $0.baseAddress, $0.count) }
        png += typeAndHead
        for band in bands {
            crc = sw_crc32_combine(crc, band.crc, band.deflated.count)
            png += band.deflated
        }
        crc = tail.withUnsafeBufferPointer { sw_crc32(crc, $0.baseAddress, $0.count) }
        png += tail
        png += PNGChunk.bigEndian(UInt32(truncatingIfNeeded: crc))
        png += PNGChunk.make("IEND", [])
        return png
    }

    /// One band's deflate blocks and their CRC-32, and the Adler-32 and length of its filtered bytes.
    struct Band: Sendable {
        var deflated: [UInt8] = []
        var crc: UInt = 0
        var adler: UInt = 1
        var filteredCount = 0
    }

    /// Filters `rows` of the image and compresses them.
    static func compress(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, rows: Range<Int>) -> Band {
        let rowBytes = width * 3 + 1
        // Every byte is written below, so the buffer is not cleared first.
        let filtered = [UInt8](unsafeUninitializedCapacity: rowBytes * rows.count) { out, initialized in
            initialized = out.count
            for (index, y) in rows.enumerated() {
                let row = out.baseAddress! + index * rowBytes
                let source = pixels.baseAddress! + y * width * 3
                row[0] = 1  // Sub
                for i in 0..<min(3, width * 3) { row[i + 1] = source[i] }
                // A loop the compiler vectorises: each byte less the one three before.
                for i in stride(from: 3, to: width * 3, by: 1) { row[i + 1] = source[i] &- source[i &- 3] }
            }
        }
        let histogram = filtered.withUnsafeBufferPointer { Self.histogram($0) }
        var band = Band(filteredCount: filtered.count)
        filtered.withUnsafeBufferPointer { bytes in
            HuffmanDeflate.appendBlock(bytes, histogram: histogram, to: &band.deflated)
            band.adler = UInt(Adler32.checksum(bytes))
        }
        band.deflated.withUnsafeBufferPointer { deflated in
            band.crc = sw_crc32(0, deflated.baseAddress, deflated.count)
        }
        return band
    }

    /// How often each byte value occurs. Four tables, summed at the end, so that runs of one
    /// value do not wait on their own count's last increment.
    static func histogram(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var counts = [UInt32](repeating: 0, count: 4 * 256)
        counts.withUnsafeMutableBufferPointer { tables in
            let whole = bytes.count & ~3
            for i in stride(from: 0, to: whole, by: 4) {
                tables[Int(bytes[i])] &+= 1
                tables[256 &+ Int(bytes[i &+ 1])] &+= 1
                tables[512 &+ Int(bytes[i &+ 2])] &+= 1
                tables[768 &+ Int(bytes[i &+ 3])] &+= 1
            }
            for i in whole..<bytes.count { tables[Int(bytes[i])] &+= 1 }
        }
        return (0..<256).map { value in
            var total = 0
            for table in 0..<4 { total += Int(counts[table * 256 + value]) }
            return total
        }
    }
}
