import BoundedJSON
import FoundationEssentials
import PanoCore
import StreetModel
import SystemIO

/// Turns manifest JSON into panoramas and markers, collecting every problem with its JSON path
/// instead of stopping at the first. See docs/dataset-format.md.
struct ManifestDecoder {
    /// What a valid manifest holds.
    struct Contents {
        var name: String?
        var start: String?
        var panoramas: [Panorama]
        var markers: [Marker]
        /// For a sharded dataset: its shards (`panoramas` is then empty until they are read).
        var shards: ShardIndex?
    }

    private(set) var problems: [ManifestProblem] = []
    /// Whether image files are checked in the folder (a local dataset) or only their paths
    /// (a dataset on the web, where a missing image shows when it is fetched).
    let checksFiles: Bool

    init(checksFiles: Bool = true) {
        self.checksFiles = checksFiles
    }
    /// What each distinct image path was found to be: nil when fine, else the problem.
    private var imageChecks: [String: String?] = [:]
    private var resolver: DatasetPath.Resolver?
    /// Stop collecting after this many problems; the first ones are what a user fixes first.
    static let problemLimit = 200

    mutating func problem(_ path: String, _ message: String) {
        if problems.count < Self.problemLimit { problems.append(ManifestProblem(path, message)) }
    }

    /// Decodes a manifest, or with `shard` one shard file of a sharded dataset (whose links may
    /// lead to panoramas in other shards when they give the target's `lat` and `lng`).
    mutating func decode(_ root: JSONValue, folder: URL, shard: Bool = false) -> Contents? {
        guard let object = root.object else {
            problem("$", "must be a JSON object")
            return nil
        }
        let format = shard ? "sidewalk-shard" : "sidewalk-dataset"
        if let given = object["format"], given.string != format {
            problem("$.format", "must be \"\(format)\"")
        }
        if let version = object["version"], version != .number(1) {
            problem("$.version", "must be 1, the only version there is")
        }
        let name = string(object, "name", at: "$", required: false)
        let start = string(object, "start", at: "$", required: false)
        if !shard, let raw = object["shards"] {
            if object["panoramas"] != nil { problem("$.panoramas", "must not be given with shards (the shards hold the panoramas)") }
            let shards = decodeShardIndex(raw, names: string(object, "names", at: "$", required: false))
            let markers = decodeMarkers(object["markers"])
            guard problems.isEmpty, let shards else { return nil }
            return Contents(name: name, start: start, panoramas: [], markers: markers, shards: shards)
        }
        guard let list = object["panoramas"]?.array else {
            problem("$.panoramas", object["panoramas"] == nil ? "is missing" : "must be an array")
            return nil
        }
        var panoramas: [Panorama] = []
        var rawLinks: [[JSONValue]] = []
        var firstPathOfID: [String: String] = [:]
        // Every id given, even on an entry with other problems, so links to it are not also
        // reported as leading nowhere.
        let knownIDs = Set(list.compactMap { $0.object?["id"]?.string })
        // Sized once: a shard of 100,000 panoramas grown by doubling held 30% more (heaptrack).
        panoramas.reserveCapacity(list.count)
        rawLinks.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            let path = "$.panoramas[\(i)]"
            guard let entry = item.object else {
                problem(path, "must be an object")
                continue
            }
            if let panorama = decodePanorama(entry, at: path, folder: folder) {
                if let earlier = firstPathOfID[panorama.id] {
                    problem("\(path).id", "'\(panorama.id)' is already the id of \(earlier)")
                } else {
                    firstPathOfID[panorama.id] = path
                }
                panoramas.append(panorama)
                rawLinks.append(entry["links"]?.array ?? [])
            }
        }
        if list.isEmpty { problem("$.panoramas", "holds no panorama") }
        // Links need every panorama first: targets and computed headings.
        let coordinates = Dictionary(panoramas.map { ($0.id, $0.coordinate) }, uniquingKeysWith: { first, _ in first })
        for index in panoramas.indices {
            let path = firstPathOfID[panoramas[index].id] ?? "$.panoramas[\(index)]"
            panoramas[index].links = decodeLinks(
                rawLinks[index], of: panoramas[index], at: "\(path).links",
                knownIDs: knownIDs, coordinates: coordinates, elsewhere: shard)
        }
        if !shard, let start, !knownIDs.contains(start) { problem("$.start", "'\(start)' is not the id of any panorama") }
        let markers = decodeMarkers(object["markers"])
        return problems.isEmpty ? Contents(name: name, start: start, panoramas: panoramas, markers: markers) : nil
    }

    private mutating func decodePanorama(_ entry: JSONObject, at path: String, folder: URL) -> Panorama? {
        let id = string(entry, "id", at: path, required: true)
        if let id, id.isEmpty { problem("\(path).id", "is empty") }
        let image = string(entry, "image", at: path, required: true)
        if let image, let trouble = check(image: image, in: folder) { problem("\(path).image", trouble) }
        let coordinate = self.coordinate(entry, at: path)
        let centerHeading = number(entry, "centerHeading", at: path, in: 0..<360) ?? 0
        var source = PanoramaSource.outdoor
        if let text = string(entry, "source", at: path, required: false) {
            if let parsed = PanoramaSource(rawValue: text) {
                source = parsed
            } else {
                problem("\(path).source", "must be \"outdoor\" or \"indoor\", not '\(text)'")
            }
        }
        let building = string(entry, "building", at: path, required: false)
        var level: Int?
        if let raw = entry["level"] {
            if let value = raw.integer, Self.levelRange.contains(value) {
                level = value
            } else {
                problem("\(path).level", "must be a whole number from \(Self.levelRange.lowerBound) to \(Self.levelRange.upperBound)")
            }
        }
        if source == .indoor && building == nil { problem("\(path).building", "is required for an indoor panorama") }
        let date = string(entry, "date", at: path, required: false)
        if let date, !CaptureDate.isValid(date) { problem("\(path).date", "must be a real date as YYYY-MM or YYYY-MM-DD, not '\(date)'") }
        let description = string(entry, "description", at: path, required: false)
        let copyright = string(entry, "copyright", at: path, required: false)
        let crop = decodeCrop(entry["crop"], at: "\(path).crop")
        let initialView = decodeInitialView(entry["initialView"], at: "\(path).initialView")
        let tilt = decodePose(entry["pose"], at: "\(path).pose")
        if tilt != nil, crop != nil { problem("\(path).pose", "a tilted panorama must be a full sphere (no crop)") }
        let tiles = decodeTiles(entry["tiles"], at: "\(path).tiles")
        if tiles != nil, crop != nil { problem("\(path).tiles", "a tiled panorama must be a full sphere (no crop)") }
        if tilt != nil, tiles != nil { problem("\(path).pose", "a tiled panorama is levelled when tiled: it has no pose") }
        guard let id, let image, let coordinate else { return nil }
        var panorama = Panorama(
            id: id, imagePath: image, coordinate: coordinate, centerHeading: centerHeading, source: source,
            building: building, level: level, captureDate: date, description: description, copyright: copyright,
            crop: crop, initialView: initialView, tiles: tiles)
        panorama.tilt = tilt.flatMap { $0.isLevel ? nil : $0 }
        return panorama
    }

    /// The problem with an image path, or nil; each distinct path is checked once.
    private mutating func check(image: String, in folder: URL) -> String? {
        if let known = imageChecks[image] { return known }
        guard checksFiles else { return DatasetPath.problem(with: image) }
        let resolver = self.resolver ?? DatasetPath.Resolver(folder: folder)
        self.resolver = resolver
        let trouble: String?
        if let problem = DatasetPath.problem(with: image) {
            trouble = problem
        } else if resolver.resolve(image) == nil {
            trouble = "'\(image)' leads outside the dataset folder (a symbolic link?)"
        } else if let kind = FileKind.following(folder.appendingPathComponent(image).path) {
            trouble = kind == .regular ? nil : "'\(image)' is \(kind.phrase), not a regular file"
        } else {
            trouble = "'\(image)' does not exist"
        }
        imageChecks[image] = trouble
        return trouble
    }

    private mutating func decodePose(_ raw: JSONValue?, at path: String) -> CameraTilt? {
        guard let raw else { return nil }
        guard let entry = raw.object else {
            problem(path, "must be an object")
            return nil
        }
        let pitch = number(entry, "pitch", at: path, in: -90...90) ?? 0
        let roll = number(entry, "roll", at: path, in: -180...180) ?? 0
        return CameraTilt(pitch: pitch, roll: roll)
    }

    private mutating func decodeInitialView(_ raw: JSONValue?, at path: String) -> InitialView? {
        guard let raw else { return nil }
        guard let entry = raw.object else {
            problem(path, "must be an object")
            return nil
        }
        let fov = number(entry, "fov", at: path, in: PanoramaCamera.fovRange)
        let heading = number(entry, "heading", at: path, in: 0..<360, required: entry["fov"] == nil || entry["roll"] != nil)
        let pitch = number(entry, "pitch", at: path, in: -90...90) ?? 0
        let roll = number(entry, "roll", at: path, in: -180...180)
        return InitialView(orientation: heading.map { Orientation(heading: $0, pitch: pitch) }, fieldOfView: fov, roll: roll)
    }

    private mutating func decodeCrop(_ raw: JSONValue?, at path: String) -> PanoramaCrop? {
        guard let raw else { return nil }
        guard let entry = raw.object else {
            problem(path, "must be an object")
            return nil
        }
        let fullWidth = wholeNumber(entry, "fullWidth", at: path, in: 2...Self.cropLimit)
        let fullHeight = wholeNumber(entry, "fullHeight", at: path, in: 1...Self.cropLimit)
        let left = wholeNumber(entry, "left", at: path, in: 0...Self.cropLimit)
        let top = wholeNumber(entry, "top", at: path, in: 0...Self.cropLimit)
        guard let fullWidth, let fullHeight, let left, let top else { return nil }
        if fullWidth != 2 * fullHeight { problem(path, "fullWidth must be twice fullHeight (a full sphere is 2:1)") }
        if top >= fullHeight { problem("\(path).top", "must be less than fullHeight") }
        if left >= fullWidth { problem("\(path).left", "must be less than fullWidth") }
        return PanoramaCrop(fullWidth: fullWidth, fullHeight: fullHeight, left: left, top: top)
    }

    /// The links of `panorama`. With `elsewhere`, a target this file does not hold is accepted
    /// when the link gives its `lat` and `lng` (it is in another shard).
    private mutating func decodeLinks(
        _ list: [JSONValue], of panorama: Panorama, at path: String, knownIDs: Set<String>,
        coordinates: [String: Coordinate], elsewhere: Bool
    ) -> [Link] {
        var links: [Link] = []
        for (i, item) in list.enumerated() {
            let linkPath = "\(path)[\(i)]"
            guard let entry = item.object else {
                problem(linkPath, "must be an object")
                continue
            }
            guard let target = string(entry, "target", at: linkPath, required: true) else { continue }
            let targetCoordinate = entry["lat"] != nil || entry["lng"] != nil ? coordinate(entry, at: linkPath) : nil
            guard knownIDs.contains(target) || (elsewhere && targetCoordinate != nil) else {
                problem(
                    "\(linkPath).target",
                    "'\(target)' is not the id of any panorama"
                        + (elsewhere ? " in this shard (a link to another shard gives the target's lat and lng)" : ""))
                continue
            }
            if target == panorama.id { problem("\(linkPath).target", "a panorama cannot link to itself") }
            let given = number(entry, "heading", at: linkPath, in: 0..<360)
            // Without a heading, the bearing to the target; a target with problems of its own is
            // already reported, and its link is left out.
            guard let heading = given ?? (coordinates[target] ?? targetCoordinate).map({ panorama.coordinate.bearing(to: $0) }) else {
                continue
            }
            let description = string(entry, "description", at: linkPath, required: false)
            links.append(Link(target: target, heading: heading, description: description, targetCoordinate: targetCoordinate))
        }
        return links
    }

    private mutating func decodeMarkers(_ raw: JSONValue?) -> [Marker] {
        guard let raw else { return [] }
        guard let list = raw.array else {
            problem("$.markers", "must be an array")
            return []
        }
        var markers: [Marker] = []
        var seen: Set<String> = []
        for (i, item) in list.enumerated() {
            let path = "$.markers[\(i)]"
            guard let entry = item.object else {
                problem(path, "must be an object")
                continue
            }
            let id = string(entry, "id", at: path, required: true)
            let title = string(entry, "title", at: path, required: true)
            let coordinate = self.coordinate(entry, at: path)
            let height = number(entry, "height", at: path, in: -1000..<10000) ?? 0
            let snippet = string(entry, "snippet", at: path, required: false)
            if let id, !seen.insert(id).inserted { problem("\(path).id", "'\(id)' is the id of another marker too") }
            if let id, let title, let coordinate {
                markers.append(Marker(id: id, coordinate: coordinate, height: height, title: title, snippet: snippet))
            }
        }
        return markers
    }

    /// Floors a building may have: enough for any real one, and far from where sums overflow.
    static let levelRange = -1000...1000
    /// Largest crop dimension or offset, pixels (the decoder refuses larger images anyway).
    static let cropLimit = 1_000_000
}
