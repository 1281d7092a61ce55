/// Renders the perspective view of an equirectangular panorama, reusing its ray table while the
/// viewport size, pitch and fov stay the same. Rendering into an existing image allocates nothing.
public struct Reprojector: Sendable {
    private var rays: ViewRays?

    public init() {}

    /// Fills `output` (its size is the viewport size, in pixels) with what `camera` sees of
    /// `panorama`, sampling bilinearly, seamless across the ±180° wrap of the image.
    public mutating func render(_ panorama: EquirectPanorama, camera: PanoramaCamera, into output: inout RGBImage) {
        guard output.width > 0, output.height > 0 else { return }
        let key = ViewRays.key(for: camera, width: output.width, height: output.height)
        if rays?.key != key {
            rays = ViewRays(camera: camera, width: output.width, height: output.height)
        }
        guard let rays else { return }
        let source = panorama.image
        guard source.width > 0, source.height > 0 else { return }
        let shiftTurns = Float(Degrees.wrap180(camera.heading - panorama.centerHeading) / 360)
        EquirectSampler.sampleAll(
            source: source, longitudeTurns: rays.longitudeTurns, rowFractions: rays.rowFractions,
            shiftTurns: shiftTurns, output: &output.pixels
        )
    }
}
