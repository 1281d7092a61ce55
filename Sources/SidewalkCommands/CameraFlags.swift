import Explorer
import PanoCore

/// The camera options shared by the explorer and snapshots: --heading, --pitch, --zoom, --fov.
struct CameraFlags {
    /// The camera asked for.
    var camera = PanoramaCamera()
    /// True once --heading or --pitch was given: then a panorama's initial view is not used.
    private(set) var orientationGiven = false

    /// The camera to start with: the one asked for, looking where the panorama says to look
    /// first unless --heading or --pitch said otherwise.
    func startingCamera(initialView: Orientation?) -> PanoramaCamera {
        guard let initialView, !orientationGiven else { return camera }
        var start = camera
        start.heading = initialView.heading
        start.pitch = initialView.pitch
        return start
    }

    static let help = """
      --heading DEG   compass heading, degrees clockwise from north (default 0)
      --pitch DEG     look up (+) or down (-), -90...90 (default 0)
      --zoom Z        linear zoom, 1...5 (default 1)
      --fov DEG       field of view at zoom 1 across the wider side, 1...160 (default 90)
    """

    /// Takes the view a URL asks for; like --heading and --pitch, it wins over the panorama's
    /// initial view.
    mutating func apply(_ url: PanoramaURL) {
        camera = url.camera(from: camera)
        if url.heading != nil || url.pitch != nil { orientationGiven = true }
    }

    /// Applies `option` when it is a camera option, reading its value; returns whether it was one.
    mutating func apply(_ option: String, from reader: inout ArgumentReader) throws(UsageError) -> Bool {
        switch option {
        case "--heading":
            camera.heading = try reader.number(for: option, in: -360...720)
            orientationGiven = true
        case "--pitch":
            camera.pitch = try reader.number(for: option, in: PanoramaCamera.pitchRange)
            orientationGiven = true
        case "--zoom": camera.zoom = try reader.number(for: option, in: PanoramaCamera.zoomRange)
        case "--fov": camera.fov = try reader.number(for: option, in: PanoramaCamera.fovRange)
        default: return false
        }
        return true
    }
}
