import PanoCore

/// Whether a panorama was taken outdoors or inside a building (Street View's sources).
package enum PanoramaSource: String, Equatable, Hashable, Sendable, CaseIterable {
    case outdoor
    case indoor
}

/// Which panoramas a lookup near a coordinate may return (GMSPanoramaSource).
package enum SourceFilter: String, Equatable, Sendable, CaseIterable {
    /// Indoor or outdoor.
    case `default`
    /// Outdoor only.
    case outdoor

    package func admits(_ source: PanoramaSource) -> Bool {
        self == .default || source == .outdoor
    }
}

/// Where a partial panorama's image sits in the full sphere, in pixels of the full panorama
/// (GPano's FullPano* and CroppedArea*Left/Top; the image's own size is the cropped size).
package struct PanoramaCrop: Equatable, Sendable {
    package var fullWidth: Int
    package var fullHeight: Int
    package var left: Int
    package var top: Int

    package init(fullWidth: Int, fullHeight: Int, left: Int, top: Int) {
        self.fullWidth = fullWidth
        self.fullHeight = fullHeight
        self.left = left
        self.top = top
    }
}

/// One panorama of a dataset: where and when it was taken, and where you can go from it.
package struct Panorama: Equatable, Sendable {
    package var id: String
    /// The image, relative to the dataset folder.
    package var imagePath: String
    package var coordinate: Coordinate
    /// Compass heading of the image's horizontal centre, degrees, [0, 360).
    package var centerHeading: Double
    package var source: PanoramaSource
    /// For indoor panoramas: the building's identifier.
    package var building: String?
    /// For indoor panoramas: the floor, e.g. 0 for the ground floor.
    package var level: Int?
    /// Capture date as given, "YYYY-MM" or "YYYY-MM-DD".
    package var captureDate: String?
    /// Address or description; untrusted text.
    package var description: String?
    /// Copyright line; untrusted text.
    package var copyright: String?
    package var links: [Link]
    /// For a partial panorama: where the image sits in the full sphere; nil for a full sphere.
    package var crop: PanoramaCrop?
    /// Where a viewer should first look, and how wide, if given.
    package var initialView: InitialView?
    /// How the camera was tilted (GPano PosePitch/RollDegrees, Panoramax `pers:pitch`/`pers:roll`),
    /// undone when the image is decoded so the horizon is level; nil when it was level.
    package var tilt: CameraTilt?
    /// For a tiled panorama: its tile pyramid (`imagePath` is then the coarsest level); nil for
    /// a plain image.
    package var tiles: PanoramaTiles?
    /// A larger image of the same full sphere (Panoramax's original beside its 2048-pixel `sd`),
    /// decoded instead of `imagePath` only when a view needs more pixels than that gives; nil
    /// when there is none.
    package var largerImage: LargerImage?

    package init(
        id: String, imagePath: String, coordinate: Coordinate, centerHeading: Double = 0, source: PanoramaSource = .outdoor,
        building: String? = nil, level: Int? = nil, captureDate: String? = nil, description: String? = nil,
        copyright: String? = nil, links: [Link] = [], crop: PanoramaCrop? = nil, initialView: InitialView? = nil,
        tiles: PanoramaTiles? = nil
    ) {
        self.id = id
        self.imagePath = imagePath
        self.coordinate = coordinate
        self.centerHeading = Degrees.wrap360(centerHeading)
        self.source = source
        self.building = building
        self.level = level
        self.captureDate = captureDate
        self.description = description
        self.copyright = copyright
        self.links = links
        self.crop = crop
        self.initialView = initialView
        self.tiles = tiles
    }
}

/// A larger image of a panorama, fetched only when a view needs its pixels.
package struct LargerImage: Equatable, Sendable {
    /// Where it is, as `Panorama.imagePath` is given.
    package var path: String
    /// Its width, pixels round the circle, > 0, as its source says.
    package var width: Int
    /// The usual image's width, pixels round the circle: a view needing more gets this one.
    package var usualWidth: Int

    package init(path: String, width: Int, usualWidth: Int) {
        self.path = path
        self.width = width
        self.usualWidth = usualWidth
    }
}

/// Where a tiled panorama's tiles are (docs/dataset-format.md, "Tiled panoramas").
package struct PanoramaTiles: Equatable, Sendable {
    /// A tile's address relative to the dataset, with `{level}`, `{row}` and `{col}` standing for
    /// its key.
    package var template: String
    /// The levels and tiles.
    package var grid: TileGrid

    package init(template: String, grid: TileGrid) {
        self.template = template
        self.grid = grid
    }

    /// The placeholders a template must hold, each once or more.
    package static let placeholders = ["{level}", "{row}", "{col}"]

    /// The address of `key`'s tile, relative to the dataset.
    package func path(of key: TileGrid.Key) -> String {
        template.replacing("{level}", with: String(key.level))
            .replacing("{row}", with: String(key.row))
            .replacing("{col}", with: String(key.column))
    }
}
