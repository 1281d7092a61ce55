import Foundation
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
}

/// Reads GPano properties from XMP, written either as attributes (`GPano:X="v"`) or as elements
/// (`<GPano:X>v</GPano:X>`). A full XML parser is not needed for these flat values, and the
/// packet is untrusted: values are only ever parsed as numbers or compared as words.
enum XMPReader {
    static let header: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    /// XMP larger than this is not read, bytes.
    static let sizeLimit = 1 << 20

    static func read(_ payload: ArraySlice<UInt8>) -> PhotoSphereMetadata? {
        guard payload.starts(with: header), payload.count - header.count <= sizeLimit else { return nil }
        let text = String(decoding: payload.dropFirst(header.count), as: UTF8.self)
        var metadata = PhotoSphereMetadata()
        metadata.projectionType = value(of: "ProjectionType", in: text)
        metadata.poseHeading = value(of: "PoseHeadingDegrees", in: text).flatMap { Double(decimal: $0) }
        metadata.croppedWidth = value(of: "CroppedAreaImageWidthPixels", in: text).flatMap { Int(decimal: $0) }
        metadata.croppedHeight = value(of: "CroppedAreaImageHeightPixels", in: text).flatMap { Int(decimal: $0) }
        metadata.fullWidth = value(of: "FullPanoWidthPixels", in: text).flatMap { Int(decimal: $0) }
        metadata.fullHeight = value(of: "FullPanoHeightPixels", in: text).flatMap { Int(decimal: $0) }
        metadata.croppedLeft = value(of: "CroppedAreaLeftPixels", in: text).flatMap { Int(decimal: $0) }
        metadata.croppedTop = value(of: "CroppedAreaTopPixels", in: text).flatMap { Int(decimal: $0) }
        metadata.initialHeading = value(of: "InitialViewHeadingDegrees", in: text).flatMap { Double(decimal: $0) }
        metadata.initialPitch = value(of: "InitialViewPitchDegrees", in: text).flatMap { Double(decimal: $0) }
        return metadata
    }

    /// The value of GPano property `name`, trimmed, or nil.
    static func value(of name: String, in text: String) -> String? {
        let property = "GPano:\(name)"
        if let range = text.range(of: property + "=\"") {
            let rest = text[range.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]).trimmingCharacters(in: .whitespaces) }
        }
        if let range = text.range(of: "<" + property + ">") {
            let rest = text[range.upperBound...]
            return rest.range(of: "</" + property + ">").map { String(rest[..<$0.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        return nil
    }
}
