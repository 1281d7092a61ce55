#if canImport(Glibc)
import Glibc
#endif

/// The direction of every pixel of a viewport for a camera facing heading 0, as equirectangular
/// fractions, and the size of each pixel's footprint on the sphere. Turning the camera only adds
/// to the longitude, so one table serves every heading: it depends on viewport size, pitch, roll
/// and effective fov alone.
public struct ViewRays: Sendable {
    /// What the table was built for; a camera with a different key needs a new table.
    public struct Key: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var pitch: Double
        public var roll: Double
        public var effectiveFOV: Double
        /// The rows of the `height`-row view the table holds (all of them but for a band).
        public var rows: Range<Int>
    }

    public private(set) var key: Key
    /// Per pixel centre, row-major: longitude relative to the camera heading, in turns,
    /// [-0.5, 0.5).
    public private(set) var longitudeTurns: [Float] = []
    /// Per pixel centre, row-major: distance from the top of the sphere as a fraction of its
    /// height, [0, 1] (0 straight up, 0.5 the horizon, 1 straight down).
    public private(set) var rowFractions: [Float] = []
    /// Per pixel, row-major: log2 of the pixel's footprint on the equirectangular image,
    /// measured in full image widths (its largest extent). Adding log2 of the image width in
    /// pixels gives the mip level to sample.
    public private(set) var footprintLog2: [Float] = []

    /// The lanes in the opposite order.
    @inline(__always)
    static func reversed(_ v: SIMD8<Float>) -> SIMD8<Float> {
        SIMD8(v[7], v[6], v[5], v[4], v[3], v[2], v[1], v[0])
    }

    /// `rows` defaults to the whole view.
    public static func key(for camera: PanoramaCamera, width: Int, height: Int, rows: Range<Int>? = nil) -> Key {
        Key(
            width: width, height: height, pitch: camera.pitch, roll: camera.roll, effectiveFOV: camera.effectiveFOV,
            rows: rows ?? 0..<height)
    }

    /// Builds the table for `rows` of the view (all of them by default), splitting the rows
    /// over `runner`.
    public init(camera: PanoramaCamera, width: Int, height: Int, rows: Range<Int>? = nil, runner: any ParallelRunner = SerialRunner()) {
        key = Self.key(for: camera, width: width, height: height, rows: rows)
        rebuild(camera: camera, width: width, height: height, rows: rows, runner: runner)
    }

    /// Makes the table for another camera or viewport, in the same memory when the pixel count
    /// is unchanged (a new table a frame, while the pitch or zoom animates, cost a fresh
    /// allocation and its page faults).
    public mutating func rebuild(
        camera: PanoramaCamera, width: Int, height: Int, rows: Range<Int>? = nil, runner: any ParallelRunner = SerialRunner()
    ) {
        var facingNorth = camera
        facingNorth.heading = 0
        let basis = RayBasis(ViewProjection(camera: facingNorth, width: width, height: height))
        key = Self.key(for: camera, width: width, height: height, rows: rows)
        let firstRow = key.rows.lowerBound
        let count = width * key.rows.count
        if longitudeTurns.count != count {
            longitudeTurns = [Float](repeating: 0, count: count)
            rowFractions = [Float](repeating: 0, count: count)
            footprintLog2 = [Float](repeating: 0, count: count)
        }
        longitudeTurns.withUnsafeMutableBufferPointer { lonOut in
            rowFractions.withUnsafeMutableBufferPointer { rowOut in
                footprintLog2.withUnsafeMutableBufferPointer { footOut in
                    let out = SendablePointers(lonOut, rowOut, footOut)
                    runner.forEachRange(of: key.rows.count) { range in
                        for band in range {
                            let y = firstRow + band
                            let row = band * width
                            guard width >= 8 else {
                                // One block, of which the lanes past the right edge are dropped.
                                let rays = basis.rays(x: 0, y: y)
                                for x in 0..<width {
                                    (out.first[row + x], out.second[row + x], out.third[row + x]) = (
                                        rays.longitudeTurns[x], rays.rowFraction[x], rays.footprintLog2[x]
                                    )
                                }
                                continue
                            }
                            // Eight pixels at a time across the left half, the last block
                            // overlapping the one before it when the half is not a multiple of
                            // eight (the same values again). Facing north, level, the view is
                            // mirror-symmetric: the right half is the left, reversed, longitudes
                            // negated. A rolled view is worked out across its whole width.
                            let mirrored = camera.roll == 0
                            let span = mirrored ? max(8, (width + 1) / 2) : width
                            var x = 0
                            while x < span {
                                let start = min(x, span - 8)
                                let rays = basis.rays(x: start, y: y)
                                out.first.store(rays.longitudeTurns, at: row + start)
                                out.second.store(rays.rowFraction, at: row + start)
                                out.third.store(rays.footprintLog2, at: row + start)
                                x += 8
                                guard mirrored else { continue }
                                let mirror = row + width - 8 - start
                                out.first.store(-Self.reversed(rays.longitudeTurns), at: mirror)
                                out.second.store(Self.reversed(rays.rowFraction), at: mirror)
                                out.third.store(Self.reversed(rays.footprintLog2), at: mirror)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A projection's axes in single precision, for building ray tables quickly. Float keeps a
/// direction to about 1e-7 rad, a thousandth of a pixel even in a 16384-pixel-wide panorama.
struct RayBasis: Sendable {
    let centreX: Float, centreY: Float
    let forward: (Float, Float, Float)
    let right: (Float, Float, Float)
    let up: (Float, Float, Float)

    init(_ projection: ViewProjection) {
        centreX = Float(projection.width) / 2
        centreY = Float(projection.height) / 2
        let f = projection.forwardScaled
        let r = projection.rightAxis
        let u = projection.upAxis
        forward = (Float(f.x), Float(f.y), Float(f.z))
        right = (Float(r.x), Float(r.y), Float(r.z))
        up = (Float(u.x), Float(u.y), Float(u.z))
    }

    /// Where the rays through the eight pixel centres of row `y` from column `x` meet the
    /// equirectangular image, and the size of each pixel's footprint there.
    @inline(__always)
    func rays(x: Int, y: Int) -> (longitudeTurns: SIMD8<Float>, rowFraction: SIMD8<Float>, footprintLog2: SIMD8<Float>) {
        let u = SIMD8<Float>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5) + Float(x) - centreX
        let v = Float(y) + 0.5 - centreY
        let dx = right.0 * u + (forward.0 - up.0 * v)
        let dy = right.1 * u + (forward.1 - up.1 * v)
        let dz = right.2 * u + (forward.2 - up.2 * v)
        let horizontalSquared = dx * dx + dz * dz
        let horizontal = horizontalSquared.squareRoot()
        let length = (horizontalSquared + dy * dy).squareRoot()
        let longitude = FastAtan.atan2(dx, dz) * (0.5 / Float.pi)
        let latitude = FastAtan.atan2(dy, horizontal) * (1 / Float.pi)
        // A pixel spans at most 1/|d| radians (d is in pixels, |d| >= the focal length). On the
        // image a radian is 1/(2π) of the width vertically, and 1/cos(latitude) times that
        // horizontally, where meridians converge.
        // Cosines are not negative, so they order as their bit patterns do.
        let cosine = LaneMath.bits(horizontal / length)
        let least = LaneMath.bits(SIMD8(repeating: 1e-6))
        let cosLatitude = LaneMath.float(LaneMath.select(LaneMath.negative(cosine &- least), least, cosine))
        let footprint = 1 / (length * (2 * Float.pi) * cosLatitude)
        return (longitude, 0.5 - latitude, FastLog2.of(footprint))
    }
}

/// Raw buffers handed to parallel workers that write disjoint ranges of them. `@unchecked`:
/// the compiler cannot see that the ranges are disjoint and the buffers outlive the workers.
struct SendablePointers: @unchecked Sendable {
    let first: UnsafeMutableBufferPointer<Float>
    let second: UnsafeMutableBufferPointer<Float>
    let third: UnsafeMutableBufferPointer<Float>

    init(
        _ first: UnsafeMutableBufferPointer<Float>, _ second: UnsafeMutableBufferPointer<Float>,
        _ third: UnsafeMutableBufferPointer<Float> = UnsafeMutableBufferPointer(start: nil, count: 0)
    ) {
        self.first = first
        self.second = second
        self.third = third
    }
}
