import ExplorerView
import TermRender
import Testing

@testable import Explorer

@Suite("Cycling colours and block symbols live")
struct DrawingChoiceTests {
    @Test("b in a pixel terminal says the view does not use block symbols, instead of claiming a change")
    func symbolsInPixels() {
        var choice = DrawingChoice(colorMode: .truecolor, chosen: false, symbols: .half)
        var requests = DisplayRequests()
        requests.symbols += 1
        #expect(choice.take(requests, pixels: true) == "block symbols: quadrant, not used: the view is in pixels")
        requests.symbols += 1
        #expect(choice.take(requests) == "block symbols: sextant (b for the next)")
        #expect(choice.take(requests) == nil, "nothing new asked")
    }
}
