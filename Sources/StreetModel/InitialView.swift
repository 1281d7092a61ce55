import PanoCore

/// Where a viewer should first look, and how wide (GPano's InitialViewHeadingDegrees,
/// InitialViewPitchDegrees and InitialHorizontalFOVDegrees; a manifest's `initialView`).
package struct InitialView: Equatable, Sendable {
    /// Heading (compass degrees) and pitch to face first; nil to face as the camera would.
    package var orientation: Orientation?
    /// Field of view to show across the view, degrees, in `PanoramaCamera.fovRange`; nil for the
    /// camera's own.
    package var fieldOfView: Double?

    /// Nil when neither is given.
    package init?(orientation: Orientation?, fieldOfView: Double? = nil) {
        guard orientation != nil || fieldOfView != nil else { return nil }
        self.orientation = orientation
        self.fieldOfView = fieldOfView
    }
}
