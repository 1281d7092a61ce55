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

    /// How far `r` read the markers of a panorama.
    struct MarkersRead: Equatable, Sendable {
        /// The panorama read out (nil for none).
        var panoramaID: String?
        /// How many of its markers, nearest first, were read.
        var count: Int
    }

    /// `r`: everything, with the nearest markers; `r` again at once reads the rest of them.
    mutating func describeReading(after last: MarkersRead?) {
        if let last, last.panoramaID == panorama?.id, let more = Narrator.moreMarkers(self, after: last.count) {
            note = more
        } else {
            note = Narrator.describe(self, markerLimit: Narrator.markersPerReading)
            markersRead = MarkersRead(panoramaID: panorama?.id, count: Narrator.markersPerReading)
        }
    }

    /// What Escape says when there is nothing for it to close.
    static let nothingToClose = "Nothing to close."

    /// Escape: closes the help, else clears the focus, saying which; or says nothing was open.
    mutating func dismiss() {
        if helpSection == nil { note = focus == nil ? Self.nothingToClose : "Focus cleared." }
        helpSection = nil
        focusRing.clear()
    }
}
