import PanoCore
import StreetModel

/// Where the explorer's dataset comes from, so that a URL `u` shares reopens the same place.
package struct ShareOrigin: Equatable, Sendable {
    /// The dataset as `sidewalk open URL` reopens it: an absolute path, an http(s) address,
    /// `panoramax:https://host` or `mapillary:`; nil for the demo town (every copy of Sidewalk
    /// has it).
    package var dataset: String?
    /// For a street-level service: its own web viewer, which shows the same picture.
    package var viewer: WebViewer?

    package init(dataset: String? = nil, viewer: WebViewer? = nil) {
        self.dataset = dataset
        self.viewer = viewer
    }
}

/// A street-level service's web viewer, to which `u` links the picture shown.
package enum WebViewer: Equatable, Sendable {
    /// A Panoramax server's viewer, at its address (`https://host`).
    case panoramax(String)
    /// Mapillary's web app.
    case mapillary

    /// The viewer's link to `panorama` seen with `camera`, in the form `sidewalk open` reads back.
    package func link(to panorama: Panorama, camera: PanoramaCamera) -> String {
        switch self {
        case .panoramax(let origin): PanoramaURL.panoramaxViewerURL(origin: origin, panorama: panorama, camera: camera)
        case .mapillary: PanoramaURL.mapillaryViewerURL(panorama: panorama)
        }
    }
}
