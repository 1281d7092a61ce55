import PanoCore

/// The camera options shared by the explorer and snapshots: --heading, --pitch, --zoom, --fov.
enum CameraFlags {
    static let help = """
      --heading DEG   compass heading, degrees clockwise from north (default 0)
      --pitch DEG     look up (+) or down (-), -90...90 (default 0)
      --zoom Z        linear zoom, 1...5 (default 1)
      --fov DEG       field of view at zoom 1 across the wider side, 1...160 (default 90)
    """

    /// Applies `option` to `camera` when it is a camera option, reading its value; returns
    /// whether it was one.
    static func apply(_ option: String, from reader: inout ArgumentReader, to camera: inout PanoramaCamera) throws(UsageError) -> Bool {
        switch option {
        case "--heading": camera.heading = try reader.number(for: option, in: -360...720)
        case "--pitch": camera.pitch = try reader.number(for: option, in: PanoramaCamera.pitchRange)
        case "--zoom": camera.zoom = try reader.number(for: option, in: PanoramaCamera.zoomRange)
        case "--fov": camera.fov = try reader.number(for: option, in: PanoramaCamera.fovRange)
        default: return false
        }
        return true
    }
}
