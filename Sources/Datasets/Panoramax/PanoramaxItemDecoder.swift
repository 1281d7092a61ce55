import BoundedJSON
import PanoCore
import RemoteData
import StreetModel

/// Turns a Panoramax STAC item (a GeoJSON Feature, as `GET /api/pictures/{id}` and the features
/// of `GET /api/search` give it) into a `PanoramaxPicture`, collecting every problem with its JSON
/// path. What is read, and why, is in docs/panoramax.md.
struct PanoramaxItemDecoder {
    private(set) var problems: [ManifestProblem] = []

    /// Width of the `sd` asset, pixels (the API documents it as 2048 wide).
    static let standardWidth = 2048

    mutating func decode(_ value: JSONValue, at path: String = "$") -> PanoramaxPicture? {
        guard let item = value.object else {
            problems.append(ManifestProblem(path, "must be a STAC item (an object)"))
            return nil
        }
        let id = item["id"]?.string
        if id == nil || id?.isEmpty == true {
            problems.append(ManifestProblem("\(path).id", "must be the picture's id (a non-empty string)"))
        }
        let coordinate = point(item["geometry"], at: "\(path).geometry")
        let properties = item["properties"]?.object
        if properties == nil { problems.append(ManifestProblem("\(path).properties", "must be an object")) }
        let image = imageAddress(item["assets"]?.object, at: "\(path).assets")
        guard let id, !id.isEmpty, let coordinate, let properties, let image else { return nil }

        let orientation = properties["pers:interior_orientation"]?.object
        let fieldOfView = orientation?["field_of_view"]?.number.flatMap { $0 > 0 && $0 <= 360 ? $0 : nil }
        let azimuth = properties["view:azimuth"]?.number.flatMap { $0.isFinite ? $0 : nil } ?? 0
        let date = properties["datetime"]?.string.flatMap(Self.day)
        var panorama = Panorama(
            id: id, imagePath: image, coordinate: coordinate, centerHeading: azimuth, captureDate: date,
            copyright: Self.credit(producer: Self.producer(properties, item), licence: properties["license"]?.string))
        panorama.links = links(item["links"]?.array ?? [], from: coordinate, at: "\(path).links")
        // Named by where it is, not by its UUID; opened looking where the camera looked, along
        // the sequence (a heading asked for still wins).
        panorama.description = StreetPictures.placeName(coordinate)
        if properties["view:azimuth"]?.number != nil {
            panorama.initialView = InitialView(orientation: Orientation(heading: azimuth, pitch: 0))
        }
        let sensor = orientation?["sensor_array_dimensions"]?.array
        let tilt = CameraTilt(
            pitch: properties["pers:pitch"]?.number.flatMap { (-90...90).contains($0) ? $0 : nil } ?? 0,
            roll: properties["pers:roll"]?.number.flatMap { (-180...180).contains($0) ? $0 : nil } ?? 0)
        if let fieldOfView, fieldOfView < 360 {
            panorama.crop = Self.crop(fieldOfView: fieldOfView, sensor: sensor)
        } else if let original = item["assets"]?.object?["hd"]?.object?["href"]?.string, original != image,
            HTTPClient.isWebAddress(original),
            let width = sensor?.first?.integer, width > Self.standardWidth
        {
            // The original, for views that need more than sd's pixels (zoomed in, pixel terminals).
            panorama.largerImage = LargerImage(path: original, width: width, usualWidth: Self.standardWidth)
        }
        if panorama.crop == nil, !tilt.isLevel { panorama.tilt = tilt }
        return PanoramaxPicture(panorama: panorama, fieldOfView: fieldOfView, sequence: item["collection"]?.string)
    }

    /// `[lon, lat]` of a GeoJSON Point.
    private mutating func point(_ value: JSONValue?, at path: String) -> Coordinate? {
        let numbers = value?.object?["coordinates"]?.array?.compactMap(\.number)
        guard let numbers, numbers.count >= 2, let coordinate = Coordinate(latitude: numbers[1], longitude: numbers[0]) else {
            problems.append(ManifestProblem("\(path).coordinates", "must be a GeoJSON Point's [longitude, latitude]"))
            return nil
        }
        return coordinate
    }

    /// The `sd` image (2048 pixels wide), else the original (`hd`): an http or https address.
    private mutating func imageAddress(_ assets: JSONObject?, at path: String) -> String? {
        for name in ["sd", "hd"] {
            if let address = assets?[name]?.object?["href"]?.string {
                let lower = address.lowercased()
                guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
                    problems.append(ManifestProblem("\(path).\(name).href", "must be an http or https address"))
                    return nil
                }
                return address
            }
        }
        problems.append(ManifestProblem(path, "has no 'sd' or 'hd' image"))
        return nil
    }

    /// Ways from the item's `next`, `prev` and `related` links, in that order (the order their
    /// images are prefetched in: along the sequence first), each heading towards the linked
    /// picture's position; links without an id or a position are left out. Only the ways a
    /// walker can take are kept (`StreetPictures.distinctWays`), so a picture listing hundreds of related ones
    /// costs no more to walk than a street corner.
    private mutating func links(_ list: [JSONValue], from here: Coordinate, at path: String) -> [Link] {
        var links: [(rank: Int, link: Link)] = []
        for (index, value) in list.enumerated() {
            guard let link = value.object, let relation = link["rel"]?.string, ["next", "prev", "related"].contains(relation) else {
                continue
            }
            let linkPath = "\(path)[\(index)]"
            guard let target = link["id"]?.string, !target.isEmpty else {
                problems.append(ManifestProblem("\(linkPath).id", "a '\(relation)' link must give the picture's id"))
                continue
            }
            guard let there = point(link["geometry"], at: "\(linkPath).geometry") else { continue }
            // Said as a street name is ("1 east along this sequence").
            let description =
                switch relation {
                case "next", "prev": "this sequence"
                default: "another sequence" + (link["datetime"]?.string.flatMap(Self.day).map { " (\($0))" } ?? "")
                }
            let rank = ["next", "prev", "related"].firstIndex(of: relation)!
            links.append((rank, Link(target: target, heading: here.bearing(to: there), description: description, targetCoordinate: there)))
        }
        // Stable: related pictures keep the server's order (nearest first, in GeoVisio).
        let ordered = links.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
        return StreetPictures.distinctWays(ordered)
    }

    /// The day of an RFC 3339 date-time, "YYYY-MM-DD", when it is a real date.
    static func day(_ dateTime: String) -> String? {
        let day = String(dateTime.prefix(10))
        return CaptureDate.isValid(day) && day.count == 10 ? day : nil
    }

    /// Who made the picture: `geovisio:producer`, else the first provider with the producer role.
    private static func producer(_ properties: JSONObject, _ item: JSONObject) -> String? {
        if let producer = properties["geovisio:producer"]?.string, !producer.isEmpty { return producer }
        let providers = item["providers"]?.array ?? []
        return providers.lazy.compactMap(\.object)
            .first { $0["roles"]?.array?.contains(.string("producer")) == true }?["name"]?.string
    }

    /// The credit line: "© producer, licence" with what is known.
    static func credit(producer: String?, licence: String?) -> String? {
        switch (producer, licence) {
        case (let producer?, let licence?): "© \(producer), \(licence)"
        case (let producer?, nil): "© \(producer)"
        case (nil, let licence?): licence
        case (nil, nil): nil
        }
    }

    /// Where a flat picture's `sd` image sits on the sphere (`StreetPictures.crop`). The `sd`
    /// size follows the original's shape (`sensor_array_dimensions`, else 4:3).
    static func crop(fieldOfView: Double, sensor: [JSONValue]?) -> PanoramaCrop? {
        let dimensions = sensor?.compactMap(\.number) ?? []
        let aspect = dimensions.count >= 2 && dimensions[0] > 0 && dimensions[1] > 0 ? dimensions[1] / dimensions[0] : 0.75
        return StreetPictures.crop(fieldOfView: fieldOfView, width: standardWidth, aspect: aspect)
    }
}
