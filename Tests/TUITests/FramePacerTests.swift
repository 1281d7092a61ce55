import TermRender
import Testing

@testable import TUI

@Suite("Frame pacing")
struct FramePacerTests {
    @Test("a change draws a motion frame, then an exact one a frame interval after the last change")
    func motionThenExact() {
        var pacer = FramePacer(framesPerSecond: 8)  // 0.125 s, exact in binary
        #expect(pacer.decide(at: 0, writerBusy: false) == .wait(until: nil), "idle: nothing to draw, no timer")
        pacer.noteChange(at: 1.0)
        #expect(pacer.decide(at: 1.0, writerBusy: false) == .draw(.motion))
        #expect(pacer.decide(at: 1.0625, writerBusy: false) == .wait(until: 1.125))
        pacer.noteChange(at: 1.09375)
        #expect(pacer.decide(at: 1.09375, writerBusy: false) == .wait(until: 1.125), "at most one frame per interval")
        #expect(pacer.decide(at: 1.125, writerBusy: false) == .draw(.motion))
        #expect(pacer.decide(at: 1.1875, writerBusy: false) == .wait(until: 1.25))
        #expect(pacer.decide(at: 1.25, writerBusy: false) == .draw(.exact))
        #expect(pacer.decide(at: 5, writerBusy: false) == .wait(until: nil), "quiet again")
    }

    @Test("while the writer is busy nothing is drawn, and changes meanwhile make one frame, not many")
    func skipsWhileBusy() {
        var pacer = FramePacer(framesPerSecond: 64)
        pacer.noteChange(at: 0)
        #expect(pacer.decide(at: 0, writerBusy: false) == .draw(.motion))
        for step in 1...50 {
            pacer.noteChange(at: Double(step) / 128)
            #expect(pacer.decide(at: Double(step) / 128, writerBusy: true) == .wait(until: nil))
        }
        #expect(pacer.decide(at: 0.5, writerBusy: false) == .draw(.motion))
        #expect(pacer.decide(at: 0.5, writerBusy: false) == .wait(until: 0.515625))
    }

    @Test("a redraw request is drawn exact at once and ends the motion")
    func redraw() {
        var pacer = FramePacer(framesPerSecond: 30)
        pacer.noteChange(at: 0)
        #expect(pacer.decide(at: 0, writerBusy: false) == .draw(.motion))
        pacer.requestRedraw()
        #expect(pacer.decide(at: 0.001, writerBusy: true) == .wait(until: nil))
        #expect(pacer.decide(at: 0.002, writerBusy: false) == .draw(.exact))
        #expect(pacer.decide(at: 1, writerBusy: false) == .wait(until: nil))
    }
}

@Suite("Frame pacing when moves jump")
struct FramePacerJumpTests {
    @Test("without motion frames a change is drawn exact at once, and nothing follows")
    func exactAtOnce() {
        var pacer = FramePacer(framesPerSecond: 8)
        pacer.drawsMotion = false
        pacer.noteChange(at: 1)
        #expect(pacer.pendingQuality == .exact)
        #expect(pacer.decide(at: 1, writerBusy: false) == .draw(.exact))
        #expect(pacer.pendingQuality == nil)
        #expect(pacer.decide(at: 2, writerBusy: false) == .wait(until: nil))
    }

    @Test("the frame waiting is named: motion for a change, exact to settle it and for a redraw")
    func pending() {
        var pacer = FramePacer(framesPerSecond: 8)
        #expect(pacer.pendingQuality == nil)
        pacer.noteChange(at: 0)
        #expect(pacer.pendingQuality == .motion)
        _ = pacer.decide(at: 0, writerBusy: false)
        #expect(pacer.pendingQuality == .exact)
        pacer.requestRedraw()
        #expect(pacer.pendingQuality == .exact)
    }
}
