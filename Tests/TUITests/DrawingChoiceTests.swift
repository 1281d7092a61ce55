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

    @Test("in 256 colours a moving frame keeps the scene's colours with pairs, a still one is diffused; --dither none draws both plain")
    func ditherWhileMoving() {
        let choice = DrawingChoice(colorMode: .palette256, chosen: true, symbols: .half)
        #expect(choice.dither(.motion, cells: true)?.method == .pairs)
        #expect(choice.dither(.exact, cells: true)?.method == .diffusion)
        #expect(choice.dither(.motion, cells: false) == nil && choice.dither(.exact, cells: false) == nil)
        let sixteen = DrawingChoice(colorMode: .ansi16, chosen: true, symbols: .half)
        #expect(sixteen.dither(.motion, cells: true) == nil && sixteen.dither(.exact, cells: true)?.method == .ordered)
    }
}
