#if canImport(Glibc)
import Glibc
#endif

/// Where the viewer looks, with the conventions of Google's GMSPanoramaCamera.
///
/// Every setter normalises or clamps its value and ignores non-finite input (NaN, ±infinity),
/// so a camera can never hold a value outside its documented range.
public struct PanoramaCamera: Equatable, Sendable {
    /// Allowed pitch, degrees (up positive).
    public static let pitchRange: ClosedRange<Double> = -90...90
    /// Allowed linear zoom.
    public static let zoomRange: ClosedRange<Double> = 1...5
    /// Allowed field of view at zoom 1, degrees across the larger viewport dimension.
    public static let fovRange: ClosedRange<Double> = 1...160
    /// Field of view used when none is given, degrees.
    public static let defaultFOV: Double = 90

    private var storedHeading: Double = 0
    private var storedPitch: Double = 0
    private var storedZoom: Double = 1
    private var storedFOV: Double = PanoramaCamera.defaultFOV
    private var storedRoll: Double = 0

    /// Compass heading, degrees clockwise from true north, [0, 360).
    public var heading: Double {
        get { storedHeading }
        set { if newValue.isFinite { storedHeading = Degrees.wrap360(newValue) } }
    }

    /// Pitch, degrees, up positive, [-90, 90].
    public var pitch: Double {
        get { storedPitch }
        set { if newValue.isFinite { storedPitch = newValue.clamped(to: Self.pitchRange) } }
    }

    /// Linear magnification, [1, 5]. Zoom N shows the central 1/N of the zoom-1 view.
    public var zoom: Double {
        get { storedZoom }
        set { if newValue.isFinite { storedZoom = newValue.clamped(to: Self.zoomRange) } }
    }

    /// Field of view at zoom 1, degrees across the larger viewport dimension, [1, 160].
    public var fov: Double {
        get { storedFOV }
        set { if newValue.isFinite { storedFOV = newValue.clamped(to: Self.fovRange) } }
    }

    /// Roll about the line of sight, degrees, [-180, 180): positive turns the camera clockwise, so
    /// the scene shows turned counterclockwise (GPano's InitialViewRollDegrees, as
    /// rodrigopolo/360GPanoReference shows it). Only a photo's initial view sets it; a turn, tilt
    /// or zoom by the user levels it again, as ArcGIS's camera does.
    public var roll: Double {
        get { storedRoll }
        set { if newValue.isFinite { storedRoll = Degrees.wrap180(newValue) } }
    }

    /// Makes a camera; each value is normalised or clamped as its property documents, and a
    /// non-finite value leaves that property at its default.
    public init(heading: Double = 0, pitch: Double = 0, zoom: Double = 1, fov: Double = PanoramaCamera.defaultFOV, roll: Double = 0) {
        self.heading = heading
        self.pitch = pitch
        self.zoom = zoom
        self.fov = fov
        self.roll = roll
    }

    /// The field of view actually shown across the larger viewport dimension, degrees, in (0, 160]:
    /// `2·atan(tan(fov/2) / zoom)`.
    public var effectiveFOV: Double {
        let halfTangent = tan(Degrees.radians(fov) / 2) / zoom
        return Degrees.degrees(fromRadians: 2 * atan(halfTangent))
    }

    /// This camera with its view magnified `factor` times (below 1: wider), the direction kept:
    /// the effective field of view's half-tangent divided by `factor`, within `fovRange`.
    public func magnified(by factor: Double) -> PanoramaCamera {
        guard factor.isFinite, factor > 0 else { return self }
        var camera = self
        camera.show(fieldOfView: Degrees.degrees(fromRadians: 2 * atan(tan(Degrees.radians(effectiveFOV) / 2) / factor)))
        return camera
    }

    /// Shows `degrees` across the larger viewport dimension (clamped to `fovRange`): wider than
    /// the default field of view, as the zoom-1 field of view; narrower, as a zoom from the
    /// default, so + and - then work from a familiar view. Non-finite leaves the camera as it is.
    public mutating func show(fieldOfView degrees: Double) {
        guard degrees.isFinite else { return }
        let wanted = degrees.clamped(to: Self.fovRange)
        if wanted > Self.defaultFOV {
            fov = wanted
            zoom = 1
        } else {
            fov = Self.defaultFOV
            zoom = tan(Degrees.radians(Self.defaultFOV) / 2) / tan(Degrees.radians(wanted) / 2)
        }
    }
}

extension Comparable {
    @usableFromInline
    func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
