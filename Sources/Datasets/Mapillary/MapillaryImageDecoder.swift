import BoundedJSON
import PanoCore
import RemoteData
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// Turns one image entity of Mapillary's graph API into a `MapillaryImage`, collecting every
/// problem with its JSON path. Untrusted: every number is checked before it is used.
struct MapillaryImageDecoder {
    private(set) var problems: [ManifestProblem] = []

    /// The fields asked for, as mapillary-js's GraphQueryCreator asks for them (those Sidewalk
    /// reads).
    static let fields = [
        "id", "geometry", "computed_geometry", "compass_angle", "computed_compass_angle", "camera_type", "captured_at", "creator",
        "sequence", "width", "height", "thumb_2048_url", "thumb_original_url", "camera_parameters"
    ]

    /// Largest side an image may claim, pixels.
    static let largestSide = 100_000
    /// Longest creator name kept, characters.
    static let creatorLimit = 64

    mutating func decode(_ value: JSONValue, at path: String = "$") -> MapillaryImage? {
        guard let entity = value.object else {
            problems.append(ManifestProblem(path, "must be an image (an object)"))
            return nil
        }
        let id = Self.identifier(entity["id"])
        if id == nil { problems.append(ManifestProblem("\(path).id", "must be the image's id (digits)")) }
        let measured = Self.point(entity["computed_geometry"])
        let reported = Self.point(entity["geometry"])
        if measured == nil, reported == nil {
            problems.append(ManifestProblem("\(path).geometry", "must be a GeoJSON Point's [longitude, latitude]"))
        }
        let thumbnail = Self.webAddress(entity["thumb_2048_url"])
        if thumbnail == nil { problems.append(ManifestProblem("\(path).thumb_2048_url", "must be an http or https address")) }
        guard let id, let coordinate = measured ?? reported, let thumbnail else { return nil }
        let heading = [entity["computed_compass_angle"], entity["compass_angle"]].lazy.compactMap { $0?.number }
            .first { $0.isFinite && abs($0) <= 3600 }.map(Degrees.wrap360)
        let cameraType = entity["camera_type"]?.string?.lowercased()
        let (width, height) = (Self.side(entity["width"]), Self.side(entity["height"]))
        return MapillaryImage(
            id: id, coordinate: coordinate, heading: heading, isPanorama: cameraType == "spherical" || cameraType == "equirectangular",
            capturedDay: entity["captured_at"]?.integer.flatMap(Self.day), creator: Self.creator(entity["creator"]),
            sequence: entity["sequence"]?.string.flatMap { $0.isEmpty || $0.utf8.count > 128 ? nil : $0 },
            width: width, height: height, thumbnail: thumbnail, original: Self.webAddress(entity["thumb_original_url"]),
            fieldOfView: Self.fieldOfView(entity["camera_parameters"], width: width, height: height))
    }

    /// An image id: digits, as the graph API gives them (as a string; a number is taken too).
    static func identifier(_ value: JSONValue?) -> String? {
        let text = value?.string ?? value?.integer.flatMap { $0 >= 0 ? String($0) : nil }
        guard let text, !text.isEmpty, text.utf8.count <= 32, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return text
    }

    /// `[lon, lat]` of a GeoJSON Point, when it is a real place.
    private static func point(_ value: JSONValue?) -> Coordinate? {
        let numbers = value?.object?["coordinates"]?.array?.compactMap(\.number)
        guard let numbers, numbers.count >= 2 else { return nil }
        return Coordinate(latitude: numbers[1], longitude: numbers[0])
    }

    /// An http or https address of at most 4096 bytes.
    private static func webAddress(_ value: JSONValue?) -> String? {
        guard let text = value?.string, text.utf8.count <= 4096, HTTPClient.isWebAddress(text) else { return nil }
        return text
    }

    /// A side of 1...`largestSide` pixels.
    private static func side(_ value: JSONValue?) -> Int? {
        value?.integer.flatMap { (1...largestSide).contains($0) ? $0 : nil }
    }

    /// The horizontal field of view, degrees, of a camera whose `camera_parameters` start with
    /// its focal length as a fraction of the larger side (0.1...10); the picture taken as wide
    /// as high when its size is not given.
    static func fieldOfView(_ value: JSONValue?, width: Int?, height: Int?) -> Double? {
        guard let focal = value?.array?.first?.number, focal.isFinite, (0.1...10).contains(focal) else { return nil }
        let across = Double(width ?? 1) / Double(max(width ?? 1, height ?? 1))
        return 2 * atan(across / (2 * focal)) * 180 / .pi
    }

    /// The UTC day of `milliseconds` since 1970, for captures from 1900 to 2200.
    static func day(_ milliseconds: Int) -> String? {
        let seconds = Double(milliseconds) / 1000
        guard (-2_208_988_800.0...7_258_118_400.0).contains(seconds) else { return nil }
        return UTCTime.text(seconds, "%Y-%m-%d")
    }

    /// `creator.username`, spaces made one and at most `creatorLimit` characters.
    private static func creator(_ value: JSONValue?) -> String? {
        let words = value?.object?["username"]?.string?.split(whereSeparator: \.isWhitespace) ?? []
        let name = words.joined(separator: " ")
        return name.isEmpty ? nil : String(name.prefix(creatorLimit))
    }
}
