import Foundation
import PanoCore
import PanoImage
import SystemIO
import TestSupport
import Testing

@testable import ExplorerSession
@testable import TUI

@Suite("A single image decoded at the size the view needs, then larger")
struct SharperDecodeTests {
    @Test("a view that needs more pixels than were decoded gets a larger decode; a file that has no more stops being asked")
    func decodesLargerThenStops() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-sharper-\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try OutputFile.replaceWhole(file, with: JPEGEncoder.encode(SyntheticPanorama.gradient(width: 2048, height: 1024), quality: 90))
        let (first, widest) = try PanoramaLoader.loadScaled(file, minimumWidth: 300)
        #expect(first.pyramid.levels[0].width == 512, "a quarter of the file is enough for 300 pixels round the circle")
        #expect(widest == 2048)
        let mailbox = try ArrivalMailbox()
        // Told the file is wider than it is, to see a decode that comes back no wider stop the asking.
        var sharper = SharperDecode(path: file, width: 512, widest: 8192)

        sharper.ask(for: 400, mailbox: mailbox)
        #expect(!sharper.isDecoding, "no decode while the image has enough")

        sharper.ask(for: 1500, mailbox: mailbox)
        #expect(sharper.isDecoding)
        #expect(waitForArrival(on: mailbox.descriptor))
        #expect(sharper.arrived(from: mailbox.take())?.pyramid.levels[0].width == 2048)

        sharper.ask(for: 5000, mailbox: mailbox)
        #expect(waitForArrival(on: mailbox.descriptor))
        #expect(sharper.arrived(from: mailbox.take()) == nil, "the file has no more than 2048")
        sharper.ask(for: 6000, mailbox: mailbox)
        #expect(!sharper.isDecoding, "and it is not asked again")
    }

    @Test("no decode is started beyond the widest the file gives within the limits (a 16384-wide file, limited to 4096)")
    func widestKnown() throws {
        let mailbox = try ArrivalMailbox()
        var sharper = SharperDecode(path: "/nonexistent.jpg", width: 4096, widest: 4096)
        sharper.ask(for: 6000, mailbox: mailbox)
        #expect(!sharper.isDecoding, "nothing was started")
    }

    @Test("what arrives for another panorama (one walked away from) is not taken as this one's")
    func otherPanoramasArrivals() throws {
        let mailbox = try ArrivalMailbox()
        let image = EquirectPanorama(image: RGBImage(width: 128, height: 64))
        var left = SharperDecode(id: "a", width: 64, widest: 128) { _ throws(PanoramaError) in (image, 128) }
        var here = SharperDecode(id: "b", width: 64, widest: 128) { _ throws(PanoramaError) in (image, 128) }
        left.ask(for: 100, mailbox: mailbox)
        #expect(waitForArrival(on: mailbox.descriptor))
        let arrivals = mailbox.take()
        #expect(here.arrived(from: arrivals) == nil)
        #expect(left.arrived(from: arrivals)?.pyramid.levels[0].width == 128)
    }
}
