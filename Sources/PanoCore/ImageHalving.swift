extension RGBImage {
    /// The image at half the size, rounding up: each pixel the rounded mean of the 2×2 block it
    /// covers, or of the 1×2, 2×1 or single pixel left on an odd edge.
    public func halved() -> RGBImage {
        let (halfWidth, halfHeight) = ((width + 1) / 2, (height + 1) / 2)
        var half = RGBImage(width: halfWidth, height: halfHeight)
        pixels.withUnsafeBufferPointer { source in
            half.pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<halfHeight {
                    let top = 2 * y * width
                    let bottom = min(2 * y + 1, height - 1) * width
                    let rowCount = 2 * y + 1 < height ? 2 : 1
                    for x in 0..<halfWidth {
                        let left = 2 * x
                        let right = min(2 * x + 1, width - 1)
                        let count = rowCount * (right == left ? 1 : 2)
                        for channel in 0..<3 {
                            var sum = Int(source[(top + left) * 3 + channel])
                            if right != left { sum += Int(source[(top + right) * 3 + channel]) }
                            if rowCount == 2 {
                                sum += Int(source[(bottom + left) * 3 + channel])
                                if right != left { sum += Int(source[(bottom + right) * 3 + channel]) }
                            }
                            target[(y * halfWidth + x) * 3 + channel] = UInt8((sum + count / 2) / count)
                        }
                    }
                }
            }
        }
        return half
    }

    /// The `width`×`height` block whose top-left pixel is (`x`, `y`); it must lie inside.
    public func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> RGBImage {
        precondition(x >= 0 && y >= 0 && x + cropWidth <= width && y + cropHeight <= height, "a crop must lie inside the image")
        var block = [UInt8]()
        block.reserveCapacity(cropWidth * cropHeight * 3)
        for row in y..<(y + cropHeight) {
            let start = (row * width + x) * 3
            block.append(contentsOf: pixels[start..<(start + cropWidth * 3)])
        }
        return RGBImage(width: cropWidth, height: cropHeight, pixels: block)
    }
}
