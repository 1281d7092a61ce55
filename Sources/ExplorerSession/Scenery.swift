import Datasets
import PanoCore
import StreetModel

/// What the explorer shows: one image, or a dataset walked panorama by panorama.
package enum Scenery {
    case image(EquirectPanorama, title: String)
    /// A dataset, starting at `start` (already decoded), its images loaded through `cache`.
    case dataset(Dataset, start: Panorama, image: EquirectPanorama, cache: PanoramaCache)
}
