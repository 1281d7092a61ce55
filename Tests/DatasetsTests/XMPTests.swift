import Datasets
import PanoCore
import PanoImage
import TestSupport
import Testing

/// XMP is XML: read with a parser bound to the GPano namespace URI, not by matching the text
/// "GPano:" (which missed other prefixes and entities, and read look-alikes).
@Suite("Photo Sphere XMP")
struct XMPTests {
    /// The centre heading the importer reads from a photo whose XMP packet is `packet`.
    private func heading(_ packet: String, padding: [UInt8] = []) throws -> Double? {
        let jpeg = try JPEGEncoder.encode(SyntheticPanorama.gradient(width: 64, height: 32))
        let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8) + padding
        let exif = TestPhotoMetadata.exif(latitude: 48.2, longitude: 16.37, dateTimeOriginal: "2024:06:21 10:00:00")
        guard case .success(let panorama) = PhotoImporter.describe(photo: TestPhotoMetadata.insert([exif, xmp], into: jpeg)) else {
            return nil
        }
        return panorama.centerHeading
    }

    private func packet(_ namespaces: String, _ body: String) -> String {
        "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?><x:xmpmeta xmlns:x=\"adobe:ns:meta/\">"
            + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" \(namespaces)>\(body)</rdf:RDF></x:xmpmeta>"
            + "<?xpacket end=\"w\"?>"
    }

    private let gpano = "http://ns.google.com/photos/1.0/panorama/"

    @Test("any prefix bound to the GPano namespace is read, as attributes and as elements")
    func otherPrefixes() throws {
        #expect(try heading(packet("xmlns:g=\"\(gpano)\"", "<rdf:Description g:PoseHeadingDegrees=\"30\"/>")) == 30)
        #expect(
            try heading(
                packet(
                    "xmlns:pano=\"\(gpano)\"", "<rdf:Description><pano:PoseHeadingDegrees> 45 </pano:PoseHeadingDegrees></rdf:Description>")
            ) == 45)
    }

    @Test("a look-alike in another namespace is not GPano")
    func lookAlike() throws {
        #expect(
            try heading(packet("xmlns:GPano=\"http://example.com/not-gpano/\"", "<rdf:Description GPano:PoseHeadingDegrees=\"30\"/>")) == 0)
    }

    @Test("character references are read as the characters they stand for; padding after the packet is ignored")
    func references() throws {
        #expect(
            try heading(
                packet("xmlns:GPano=\"\(gpano)\"", "<rdf:Description GPano:PoseHeadingDegrees=\"&#51;0\"/>"), padding: [0x20, 0x0A, 0, 0])
                == 30)
    }

    @Test("a DOCTYPE (which could declare entities: billion laughs, external files) gives no metadata")
    func doctypeRefused() throws {
        let laughs = "<!DOCTYPE x [<!ENTITY a \"30\">]>"
        let body = "<rdf:Description xmlns:GPano=\"\(gpano)\" GPano:PoseHeadingDegrees=\"&a;\"/>"
        #expect(try heading(laughs + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\(body)</rdf:RDF>") == 0)
    }
}
