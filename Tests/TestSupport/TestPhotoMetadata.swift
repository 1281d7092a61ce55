/// Camera-like metadata for test photos: an EXIF block with GPS and a capture date, a GPano XMP
/// packet, and a way to put them into a JPEG as APP1 segments.
package enum TestPhotoMetadata {
    /// An EXIF APP1 payload ("Exif\0\0" + little-endian TIFF) with GPS position and
    /// DateTimeOriginal ("YYYY:MM:DD HH:MM:SS").
    package static func exif(latitude: Double, longitude: Double, dateTimeOriginal: String) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00]
        func u16(_ v: Int) { tiff += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) { tiff += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) {
            u16(tag)
            u16(type)
            u32(count)
            u32(value)
        }
        let ifd0 = 8
        let exifIFD = 38
        let dateData = 56
        let gpsIFD = 76
        let latitudeData = 130
        let longitudeData = 154
        u32(ifd0)
        u16(2)
        entry(0x8769, 4, 1, exifIFD)
        entry(0x8825, 4, 1, gpsIFD)
        u32(0)
        u16(1)
        entry(0x9003, 2, 20, dateData)
        u32(0)
        tiff += Array(dateTimeOriginal.utf8.prefix(19)) + [0]
        // Reference letters fit in the entry itself: two ASCII bytes, N/S or E/W and NUL.
        let latitudeRef = Int(latitude < 0 ? 0x53 : 0x4E)
        let longitudeRef = Int(longitude < 0 ? 0x57 : 0x45)
        u16(4)
        entry(1, 2, 2, latitudeRef)
        entry(2, 5, 3, latitudeData)
        entry(3, 2, 2, longitudeRef)
        entry(4, 5, 3, longitudeData)
        u32(0)
        for value in [abs(latitude), abs(longitude)] {
            let degrees = Int(value)
            let minutes = Int((value - Double(degrees)) * 60)
            let seconds = ((value - Double(degrees)) * 60 - Double(minutes)) * 60
            u32(degrees)
            u32(1)
            u32(minutes)
            u32(1)
            u32(Int((seconds * 10_000).rounded()))
            u32(10_000)
        }
        return Array("Exif".utf8) + [0, 0] + tiff
    }

    /// An EXIF APP1 payload with no GPS position: DateTimeOriginal ("YYYY:MM:DD HH:MM:SS") and,
    /// when given, OffsetTimeOriginal ("+02:00").
    package static func exif(dateTimeOriginal: String, offsetTimeOriginal: String? = nil) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00]
        func u16(_ v: Int) { tiff += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) { tiff += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) {
            u16(tag)
            u16(type)
            u32(count)
            u32(value)
        }
        let ifd0 = 8
        let exifIFD = 26
        let dateData = 56
        let offsetData = 76
        u32(ifd0)
        u16(1)
        entry(0x8769, 4, 1, exifIFD)
        u32(0)
        u16(2)
        entry(0x9003, 2, 20, dateData)
        entry(offsetTimeOriginal == nil ? 0xFFFF : 0x9011, 2, 7, offsetData)
        u32(0)
        tiff += Array(dateTimeOriginal.utf8.prefix(19)) + [0]
        tiff += Array((offsetTimeOriginal ?? "+00:00").utf8.prefix(6)) + [0]
        return Array("Exif".utf8) + [0, 0] + tiff
    }

    /// An XMP APP1 payload with GPano properties, as attributes or as elements.
    package static func xmp(_ properties: [(String, String)], asElements: Bool = false) -> [UInt8] {
        let body: String
        if asElements {
            body = "<rdf:Description>" + properties.map { "<GPano:\($0.0)>\($0.1)</GPano:\($0.0)>" }.joined() + "</rdf:Description>"
        } else {
            body = "<rdf:Description " + properties.map { "GPano:\($0.0)=\"\($0.1)\"" }.joined(separator: " ") + "/>"
        }
        let packet =
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" "
            + "xmlns:GPano=\"http://ns.google.com/photos/1.0/panorama/\">\(body)</rdf:RDF></x:xmpmeta>"
        return Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8)
    }

    /// The JPEG with APP1 segments holding `payloads` inserted right after its SOI marker.
    package static func insert(_ payloads: [[UInt8]], into jpeg: [UInt8]) -> [UInt8] {
        var segments: [UInt8] = []
        for payload in payloads {
            let length = payload.count + 2
            segments += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        return Array(jpeg[0..<2]) + segments + Array(jpeg[2...])
    }
}
