import PanoCore
import StreetModel

/// One Panoramax picture as its STAC item describes it (docs/panoramax.md): the panorama the
/// explorer shows, with its ways along the sequence and to other sequences, and what decides
/// whether it is walked.
package struct PanoramaxPicture: Equatable, Sendable {
    /// Id, place, capture date, credit, image and ways (`next`, `prev`, `related`).
    package var panorama: Panorama
    /// Horizontal field of view, degrees, (0, 360]; nil when the item does not say.
    package var fieldOfView: Double?
    /// The sequence (STAC collection) the picture belongs to, if given.
    package var sequence: String?

    /// True for a 360° picture: the only kind walked unless flat pictures are asked for.
    package var isFullSphere: Bool { fieldOfView.map { $0 >= 360 } ?? false }

    package init(panorama: Panorama, fieldOfView: Double?, sequence: String?) {
        self.panorama = panorama
        self.fieldOfView = fieldOfView
        self.sequence = sequence
    }
}
