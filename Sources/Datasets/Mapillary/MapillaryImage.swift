import PanoCore

/// One Mapillary image as the graph API describes it (`GET /{image_id}?fields=…`, the fields
/// mapillary-js asks for; docs/mapillary.md): where it was taken and facing where, whether it is
/// a 360° panorama, when and by whom, and its two thumbnails' addresses (signed; they expire).
package struct MapillaryImage: Equatable, Sendable {
    package var id: String
    /// `computed_geometry` (after Mapillary's structure from motion) when given, else `geometry`
    /// (the camera's GPS).
    package var coordinate: Coordinate
    /// Degrees clockwise from north the image's centre faces, [0, 360): `computed_compass_angle`
    /// when given, else `compass_angle`; nil when neither is.
    package var heading: Double?
    /// `camera_type` "spherical" or "equirectangular": a 360° panorama. Anything else
    /// ("perspective", "fisheye", "brown") is a flat picture.
    package var isPanorama: Bool
    /// The capture day, "YYYY-MM-DD" (UTC), from `captured_at` (milliseconds since 1970).
    package var capturedDay: String?
    /// The photographer's `creator.username` (untrusted text: sanitised where shown).
    package var creator: String?
    /// The sequence the image belongs to.
    package var sequence: String?
    /// The original's size, pixels, each 1...100,000, when given.
    package var width: Int?
    package var height: Int?
    /// `thumb_2048_url`: the image 2048 pixels wide. Signed, and valid only for a while.
    package var thumbnail: String
    /// `thumb_original_url`: the original, for views that need more pixels; nil when not given.
    package var original: String?
    /// A flat picture's horizontal field of view, degrees, (0, 180): from `camera_parameters`'
    /// focal length (a fraction of the larger side, as mapillary-js reads it); nil when not given.
    package var fieldOfView: Double?

    package init(
        id: String, coordinate: Coordinate, heading: Double?, isPanorama: Bool, capturedDay: String?, creator: String?,
        sequence: String?, width: Int?, height: Int?, thumbnail: String, original: String?, fieldOfView: Double? = nil
    ) {
        self.id = id
        self.coordinate = coordinate
        self.heading = heading
        self.isPanorama = isPanorama
        self.capturedDay = capturedDay
        self.creator = creator
        self.sequence = sequence
        self.width = width
        self.height = height
        self.thumbnail = thumbnail
        self.original = original
        self.fieldOfView = fieldOfView
    }
}
