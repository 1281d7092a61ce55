import PanoCore

/// Where a viewer should first look, and how wide (GPano's InitialViewHeadingDegrees,
/// InitialViewPitchDegrees, InitialViewRollDegrees and InitialHorizontalFOVDegrees; a
/// manifest's `initialView`).
package struct InitialView: Equatable, Sendable {
    /// Heading (compass degrees) and pitch to face first; nil to face as the camera would.
    package var orientation: Orientation?
    /// Field of view to show across the view, degrees, in `PanoramaCamera.fovRange`; nil for the
    /// camera's own.
    package var fieldOfView: Double?
    /// The camera's roll about its line of sight, degrees, [-180, 180) (`PanoramaCamera.roll`);
    /// nil for level. Given with a direction only: a view turned elsewhere is level.
    package var roll: Double?
    /// The place this view was turned to face (one found by name), said on arrival; nil for a
    /// view the dataset gives.
    package var subject: Subject?

    /// A named place a view faces.
    package struct Subject: Equatable, Sendable {
        /// Its name (untrusted text).
        package var name: String
        package var coordinate: Coordinate

        package init(name: String, coordinate: Coordinate) {
            (self.name, self.coordinate) = (name, coordinate)
        }
    }

    /// Nil when none is given.
    package init?(orientation: Orientation?, fieldOfView: Double? = nil, roll: Double? = nil, subject: Subject? = nil) {
        guard orientation != nil || fieldOfView != nil || subject != nil else { return nil }
        self.orientation = orientation
        self.fieldOfView = fieldOfView
        self.roll = orientation == nil ? nil : roll
        self.subject = subject
    }
}
