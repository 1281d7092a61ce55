import PanoCore

/// The explorer's state: what the camera looks at and whether the user asked to leave. Commands
/// change it; the front draws it. Pure: no terminal, no clock.
public struct ExplorerState: Equatable, Sendable {
    public var camera: PanoramaCamera
    /// True once a `.quit` command has been applied.
    public private(set) var isFinished = false

    public init(camera: PanoramaCamera = PanoramaCamera()) {
        self.camera = camera
    }

    /// Applies a command; returns true when what is on screen changes.
    @discardableResult
    public mutating func apply(_ command: ExplorerCommand) -> Bool {
        let before = self
        switch command {
        case let .turn(degrees): camera.heading += degrees
        case let .tilt(degrees): camera.pitch += degrees
        case let .zoom(factor): camera.zoom *= factor
        case .quit: isFinished = true
        }
        return camera != before.camera
    }

    /// Applies the command bound to a key, if any; returns true when what is on screen changes.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        guard let command = KeyBindings.command(for: key, effectiveFOV: camera.effectiveFOV) else { return false }
        return apply(command)
    }

    /// One line describing the camera, e.g. "Heading 90° E · Pitch 0° · Zoom 1.0× (fov 90°)".
    public var cameraReadout: String {
        let heading = Int(camera.heading.rounded()) % 360
        let pitch = Int(camera.pitch.rounded())
        let zoom = (camera.zoom * 10).rounded() / 10
        let fov = Int(camera.effectiveFOV.rounded())
        return "Heading \(heading)° \(CompassPoint.name(forHeading: camera.heading)) · Pitch \(pitch)° · Zoom \(zoom)× (fov \(fov)°)"
    }
}
