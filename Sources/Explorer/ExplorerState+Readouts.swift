import StreetModel

/// The state in words, for the status line and the narrator.
extension ExplorerState {
    /// One line describing the camera, e.g. "Heading 90° E · Pitch 0° · Zoom 1.0× (fov 90°)".
    package var cameraReadout: String {
        let heading = Int(camera.heading.rounded()) % 360
        let pitch = Int(camera.pitch.rounded())
        let zoom = (camera.zoom * 10).rounded() / 10
        let fov = Int(camera.effectiveFOV.rounded())
        return "Heading \(heading)° \(CompassPoint.name(forHeading: camera.heading)) · Pitch \(pitch)° · Zoom \(zoom)× (fov \(fov)°)"
    }

    /// The links as the status line lists them, e.g. "1 N Station Road  2 E Main Street".
    package var linkSummary: String {
        numberedLinks.enumerated().map { index, link in
            "\(index + 1) \(CompassPoint.name(forHeading: link.heading))" + (link.description.map { " \($0)" } ?? "")
        }.joined(separator: "  ")
    }
}
