import PanoCore
import PanoImage
import ParallelDispatch
import StreetModel
import SystemIO

/// A single 360° photo opened as its GPano metadata says: facing its PoseHeadingDegrees, its
/// camera's PosePitchDegrees and PoseRollDegrees undone so the horizon is level, and where to
/// look first. Every front and every decode of the photo (the first, and larger ones later) goes
/// through here, so all show the same.
package enum SinglePhoto {
    /// Decodes the photo at `path`; `limits` and `minimumWidth` as for `PanoramaLoader.loadScaled`.
    package static func load(_ path: String, limits: DecodeLimits = .standard, minimumWidth: Int? = nil)
        throws(PanoramaError) -> (panorama: EquirectPanorama, widest: Int, initialView: InitialView?)
    {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: limits.maxFileBytes) } catch { throw .image(.file(error)) }
        let hints = PhotoImporter.sphereHints(photo: bytes)
        let (panorama, widest) = try PanoramaLoader.loadScaled(
            bytes, name: path, centerHeading: hints.centerHeading, limits: limits,
            minimumWidth: minimumWidth, tilt: hints.tilt, runner: DispatchRunner())
        return (panorama, widest, hints.initialView)
    }
}
