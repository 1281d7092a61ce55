import Explorer
import PanoCore
import StreetModel

/// The camera options shared by the explorer and snapshots: --heading, --pitch, --zoom, --fov.
struct CameraFlags {
    /// The camera asked for.
    var camera = PanoramaCamera()
    /// True once --heading or --pitch was given: then a panorama's initial direction is not used.
    private(set) var orientationGiven = false
    /// True once --zoom or --fov was given: then a panorama's initial field of view is not used.
    private(set) var widthGiven = false

    /// The camera to start with: the one asked for, looking where (rolled as) and as wide as the
    /// panorama says to look first, unless --heading or --pitch (direction) or --zoom or --fov (width)
    /// said otherwise.
    func startingCamera(initialView: InitialView?) -> PanoramaCamera {
        var start = camera
        if let orientation = initialView?.orientation, !orientationGiven {
            start.heading = orientation.heading
            start.pitch = orientation.pitch
            start.roll = initialView?.roll ?? 0
        }
        if let width = initialView?.fieldOfView, !widthGiven { start.show(fieldOfView: width) }
        return start
    }

    /// --heading, --pitch, --zoom and --fov.
    static var options: [CommandOption<CameraFlags>] {
        [
            .number("--heading", "DEG", in: -360...720, default: 0, help: "start facing this compass heading, degrees clockwise from north")
            {
                $0.camera.heading = $1
                $0.orientationGiven = true
            },
            .number("--pitch", "DEG", in: PanoramaCamera.pitchRange, default: 0, help: "start looking up (+) or down (-), degrees") {
                $0.camera.pitch = $1
                $0.orientationGiven = true
            },
            .number("--zoom", "Z", in: PanoramaCamera.zoomRange, default: 1, help: "start at this linear zoom") {
                $0.camera.zoom = $1
                $0.widthGiven = true
            },
            .number(
                "--fov", "DEG", in: PanoramaCamera.fovRange, default: 90, help: "field of view at zoom 1 across the wider side, degrees"
            ) {
                $0.camera.fov = $1
                $0.widthGiven = true
            }
        ]
    }

    /// Takes the view a URL asks for; like --heading and --pitch, it wins over the panorama's
    /// initial view.
    mutating func apply(_ url: PanoramaURL) {
        camera = url.camera(from: camera)
        if url.heading != nil || url.pitch != nil || url.roll != nil { orientationGiven = true }
        if url.fov != nil { widthGiven = true }
    }
}
