import ExplorerView
import TermRender
import Testing

@testable import TUI

/// What the terminal reports about its pixels is believed only as far as a real terminal goes,
/// and a pixel picture stays within its budget whatever the cells (issue 36: a reply of
/// 100000×100000 ended in a failed 84 TB allocation; 20×40 cells at 200×60 cost 354 MB).
@Suite("Reported pixel sizes are bounded")
struct PixelBudgetTests {
    private static func capabilities(_ replies: [TerminalReply]) -> TerminalCapabilities {
        var capabilities = TerminalCapabilities()
        for reply in replies { capabilities.take(reply) }
        return capabilities
    }

    @Test(
        "a cell size past any real terminal's is believed only up to the largest cell, however it is told",
        arguments: [
            [TerminalReply.cellSize(width: 100_000, height: 100_000)],
            [TerminalReply.textAreaSize(width: 1_000_000_000, height: 1_000_000_000)],
            [
                TerminalReply.graphicsAttribute(item: 2, values: [2_000_000, 2_000_000]),
                .graphicsAttribute(item: 2, values: [4_000_000, 4_000_000])
            ]
        ])
    func hugeCellsAreClamped(replies: [TerminalReply]) {
        let cell = Self.capabilities(replies).cellPixels(columns: 80, rows: 24)
        #expect(cell == TerminalCapabilities.largestCell)
    }

    @Test("an ordinary cell is taken as told")
    func ordinaryCells() {
        #expect(Self.capabilities([.cellSize(width: 9, height: 18)]).cellPixels(columns: 80, rows: 24) == PixelSize(width: 9, height: 18))
    }

    @Test(
        "a picture never has more than the budget's pixels: kitty, iTerm2 and sixels, HiDPI cells on a large screen",
        arguments: [PictureFormat.kitty, .iterm, .sixels], [PixelSize(width: 20, height: 40), PixelSize(width: 100_000, height: 100_000)])
    func pictureWithinBudget(format: PictureFormat, told: PixelSize) throws {
        let capabilities = Self.capabilities([.cellSize(width: told.width, height: told.height)])
        let picture = PixelPicture(format: format, dithered: false, capabilities: capabilities, environment: [:], columns: 200, rows: 60)
        let size = try #require(picture.pixelsPerCell(FrameEncoder.Quality.exact, cells: 200 * 60))
        let (width, height): (Double, Double) = (size.width, size.height)
        let pixels = width * height * Double(200 * 60)
        #expect(pixels <= Double(PixelPicture.pixelBudget) * 1.0001)
        let shape = Double(min(told.width, 64)) / Double(min(told.height, 128))
        #expect(abs(width / height - shape) < 1e-9, "the cell's shape is kept")
    }

    @Test("within the budget every pixel of the cell is kept")
    func smallScreensKeepEveryPixel() throws {
        let capabilities = Self.capabilities([.cellSize(width: 10, height: 20)])
        let picture = PixelPicture(format: .kitty, dithered: false, capabilities: capabilities, environment: [:], columns: 120, rows: 40)
        let size = try #require(picture.pixelsPerCell(FrameEncoder.Quality.exact, cells: 120 * 40))
        #expect(size.width == 10 && size.height == 20)
    }
}
