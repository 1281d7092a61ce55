import BitmapFont
import PanoCore

/// An equirectangular image being painted by direction: heading (degrees clockwise from north,
/// the image centre facing `centerHeading`) and elevation (degrees, up positive).
package struct EquirectCanvas: Sendable {
    package private(set) var image: RGBImage
    /// Compass heading of the image's horizontal centre, degrees.
    package let centerHeading: Double

    package init(width: Int, height: Int, centerHeading: Double = 0) {
        image = RGBImage(width: width, height: height)
        self.centerHeading = centerHeading
    }

    /// Degrees of heading per pixel column.
    package var degreesPerColumn: Double { 360 / Double(image.width) }
    /// Degrees of elevation per pixel row.
    package var degreesPerRow: Double { 180 / Double(image.height) }

    /// The direction through the centre of pixel (x, y).
    package func orientation(x: Int, y: Int) -> Orientation {
        let heading = centerHeading + (Double(x) + 0.5) * degreesPerColumn - 180
        let pitch = 90 - (Double(y) + 0.5) * degreesPerRow
        return Orientation(heading: Degrees.wrap360(heading), pitch: pitch)
    }

    /// Paints every pixel with the colour `shade` gives for its direction.
    package mutating func paint(_ shade: (Orientation) -> RGB) {
        for y in 0..<image.height {
            for x in 0..<image.width {
                image[x, y] = shade(orientation(x: x, y: y))
            }
        }
    }

    /// Paints `text` in the bitmap font, centred on `heading`, its baseline at `elevation`,
    /// each font pixel `pixelDegrees` square (in degrees). Wraps across the ±180° seam.
    package mutating func drawText(_ text: String, heading: Double, elevation: Double, pixelDegrees: Double, colour: RGB) {
        let textWidth = Double(BitmapFont.width(of: text)) * pixelDegrees
        let left = heading - textWidth / 2
        let top = elevation + Double(BitmapFont.glyphHeight) * pixelDegrees
        let columns = Int((textWidth / degreesPerColumn).rounded(.up)) + 1
        let firstColumn = columnCoordinate(forHeading: left)
        let rowStart = max(Int(((90 - top) / degreesPerRow).rounded(.down)), 0)
        let rowEnd = min(Int(((90 - elevation) / degreesPerRow).rounded(.up)), image.height)
        let characters = Array(text)
        for row in rowStart..<max(rowStart, rowEnd) {
            let fontRow = Int(((top - (90 - (Double(row) + 0.5) * degreesPerRow)) / pixelDegrees).rounded(.down))
            for step in 0..<columns {
                let offset = (Double(firstColumn) + Double(step) + 0.5) * degreesPerColumn - (left - centerHeading + 180)
                let fontColumn = Int((Degrees.wrap180(offset) / pixelDegrees).rounded(.down))
                guard fontColumn >= 0 else { continue }
                let glyphIndex = fontColumn / (BitmapFont.glyphWidth + BitmapFont.spacing)
                let glyphColumn = fontColumn % (BitmapFont.glyphWidth + BitmapFont.spacing)
                guard glyphIndex < characters.count,
                    BitmapFont.ink(characters[glyphIndex], column: glyphColumn, row: fontRow)
                else { continue }
                let x = ((firstColumn + step) % image.width + image.width) % image.width
                image[x, row] = colour
            }
        }
    }

    private func columnCoordinate(forHeading heading: Double) -> Int {
        let turns = Degrees.wrap360(heading - centerHeading + 180) / 360
        return Int((turns * Double(image.width)).rounded(.down))
    }
}
