import CExpat
import FoundationEssentials
import PanoCore

/// Google's Photo Sphere metadata (GPano) from an XMP APP1 payload.
struct PhotoSphereMetadata: Equatable {
    var projectionType: String?
    /// Compass heading of the image centre, degrees.
    var poseHeading: Double?
    var croppedWidth: Int?
    var croppedHeight: Int?
    var fullWidth: Int?
    var fullHeight: Int?
    var croppedLeft: Int?
    var croppedTop: Int?
    var initialHeading: Double?
    var initialPitch: Double?
    /// InitialViewRollDegrees: degrees the first view is rolled (`PanoramaCamera.roll`).
    var initialRoll: Double?
    var initialFieldOfView: Double?
    var posePitch: Double?
    var poseRoll: Double?
}

/// Reads GPano properties from XMP with expat, a real XML parser (`CExpat`): properties are
/// matched by the GPano namespace URI, whatever prefix the file binds to it, written as
/// attributes (`prefix:X="v"`) or as simple elements (`<prefix:X>v</prefix:X>`). A packet that
/// is not well-formed XML, or that declares a DOCTYPE (and so could declare entities), gives no
/// metadata. Values are untrusted: they are only ever parsed as numbers or compared as words.
enum XMPReader {
    static let header: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    /// XMP larger than this is not read, bytes.
    static let sizeLimit = 1 << 20
    /// Google's Photo Sphere namespace.
    static let gpanoNamespace = "http://ns.google.com/photos/1.0/panorama/"

    static func read(_ payload: ArraySlice<UInt8>) -> PhotoSphereMetadata? {
        guard payload.starts(with: header), payload.count - header.count <= sizeLimit,
            let values = properties(payload.dropFirst(header.count))
        else { return nil }
        func value(_ name: String) -> String? { values[name] }
        var metadata = PhotoSphereMetadata()
        metadata.projectionType = value("ProjectionType")
        metadata.poseHeading = value("PoseHeadingDegrees").flatMap { Double(decimal: $0) }
        metadata.croppedWidth = value("CroppedAreaImageWidthPixels").flatMap { Int(decimal: $0) }
        metadata.croppedHeight = value("CroppedAreaImageHeightPixels").flatMap { Int(decimal: $0) }
        metadata.fullWidth = value("FullPanoWidthPixels").flatMap { Int(decimal: $0) }
        metadata.fullHeight = value("FullPanoHeightPixels").flatMap { Int(decimal: $0) }
        metadata.croppedLeft = value("CroppedAreaLeftPixels").flatMap { Int(decimal: $0) }
        metadata.croppedTop = value("CroppedAreaTopPixels").flatMap { Int(decimal: $0) }
        metadata.initialHeading = value("InitialViewHeadingDegrees").flatMap { Double(decimal: $0) }
        metadata.initialPitch = value("InitialViewPitchDegrees").flatMap { Double(decimal: $0) }
        metadata.initialRoll = value("InitialViewRollDegrees").flatMap { Double(decimal: $0) }
        metadata.initialFieldOfView = value("InitialHorizontalFOVDegrees").flatMap { Double(decimal: $0) }
        metadata.posePitch = value("PosePitchDegrees").flatMap { Double(decimal: $0) }
        metadata.poseRoll = value("PoseRollDegrees").flatMap { Double(decimal: $0) }
        return metadata
    }

    /// Every GPano property of an XMP packet by local name, trimmed (the first of a repeated
    /// one wins); nil when the packet is not well-formed or declares a DOCTYPE. Padding after
    /// the packet (spaces, NULs, as writers leave for in-place edits) is not part of it.
    static func properties(_ packet: ArraySlice<UInt8>) -> [String: String]? {
        final class Found {
            var values: [String: String] = [:]
        }
        let found = Found()
        var end = packet.endIndex
        while end > packet.startIndex, [0, 0x20, 0x0A, 0x0D, 0x09].contains(packet[end - 1]) { end -= 1 }
        let body = Array(packet[packet.startIndex..<end])
        let status = body.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                sw_xmp_properties(text.baseAddress, text.count, gpanoNamespace, Unmanaged.passUnretained(found).toOpaque()) {
                    context, name, value in
                    guard let context, let name, let value else { return }
                    let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
                    let key = String(cString: name)
                    if found.values[key] == nil {
                        found.values[key] = String(cString: value).trimmingWhitespace
                    }
                }
            }
        }
        return status == 0 ? found.values : nil
    }
}
