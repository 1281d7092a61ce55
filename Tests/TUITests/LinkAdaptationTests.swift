import TermRender
import Testing

@testable import TUI

/// A link of `rate` bytes a second and `oneWay` seconds each way, answering status requests as
/// a terminal at its end would: in order, each once everything before it has arrived.
private struct SimulatedLink {
    let rate: Double
    let oneWay: Double
    /// When the link's far end has received everything sent so far.
    private var arrivedBy = -Double.infinity
    /// Answers on their way back, in order.
    private(set) var answers: [Double] = []

    init(megabits: Double, roundTrip: Double) {
        rate = megabits * 1e6 / 8
        oneWay = roundTrip / 2
    }

    /// A frame of `bytes` written at `time`, with its requests.
    mutating func send(_ bytes: Int, at time: Double) {
        let head = max(time + oneWay, arrivedBy)
        arrivedBy = head + Double(bytes) / rate
        answers += [head + oneWay, arrivedBy + oneWay]
    }

    /// Delivers the answers due by `time` to `meter` and `adaptation`; true when one said moves jump.
    mutating func deliver(by time: Double, to meter: inout LinkMeter, _ adaptation: inout LinkAdaptation) -> Bool {
        var jumped = false
        while let first = answers.first, first <= time {
            answers.removeFirst()
            if meter.answered(at: first), adaptation.adapt(to: meter) { jumped = true }
        }
        return jumped
    }
}

/// A `LinkMeter` and a `LinkAdaptation` at the near end of a `SimulatedLink`, kept as the explorer keeps them.
private struct MeasuredLink {
    var link: SimulatedLink
    var meter = LinkMeter()
    var adaptation = LinkAdaptation()

    /// A frame of `bytes` and `quality` drawn and written at `time` (exact frames in 256 colours
    /// where the adaptation settles in fewer colours).
    mutating func send(_ bytes: Int, _ quality: FrameEncoder.Quality, at time: Double) {
        meter.sent(bytes: bytes, at: time)
        adaptation.drew(bytes: bytes, quality: quality, fewerColours: quality == .exact && adaptation.settlesInFewerColours)
        link.send(bytes, at: time)
    }

    /// Delivers the answers due by `time`; true when one said moves jump.
    mutating func deliver(by time: Double) -> Bool {
        link.deliver(by: time, to: &meter, &adaptation)
    }
}

@Suite("Adapting frames to the link")
struct LinkAdaptationTests {
    /// Sends the first screen, then a turn's motion frames every 33 ms for 0.3 s unless held, then
    /// the exact frame; returns what the turn did.
    private func turn(on link: SimulatedLink, screen: Int, motionFrame: (LinkAdaptation.Motion) -> Int, exact: Int)
        -> (motion: LinkAdaptation.Motion, jumpedAt: Int?, frames: Int, worstLag: Double, fewerColours: Bool)
    {
        var measured = MeasuredLink(link: link)
        var jumpedAt: Int?
        var (frames, worstLag) = (0, 0.0)
        func send(_ bytes: Int, _ quality: FrameEncoder.Quality, at time: Double) {
            measured.send(bytes, quality, at: time)
            worstLag = max(worstLag, measured.link.answers.last! - link.oneWay - time)
        }
        send(screen, .exact, at: 0)
        var time = 0.0
        for move in 0..<3 {
            time += 2
            if measured.deliver(by: time) { jumpedAt = jumpedAt ?? move }
            (frames, worstLag) = (0, 0)
            if measured.adaptation.motion != .jumps {
                for step in 0..<10 {
                    let now = time + Double(step) * 0.033
                    if measured.deliver(by: now) { jumpedAt = jumpedAt ?? move }
                    guard measured.adaptation.motion != .jumps else { break }
                    if measured.adaptation.holds(.motion, measured.meter, at: now) { continue }
                    send(motionFrame(measured.adaptation.motion), .motion, at: now)
                    frames += 1
                }
            }
            time += 0.33
            while measured.deliver(by: time) || measured.adaptation.holds(.exact, measured.meter, at: time) { time += 0.001 }
            send(measured.adaptation.settlesInFewerColours ? exact / 2 : exact, .exact, at: time)
            frames += 1
        }
        return (measured.adaptation.motion, jumpedAt, frames, worstLag, measured.adaptation.settlesInFewerColours)
    }

    /// The demo town's turn at 120×40 in 24-bit colour, as measured over SSH: motion frames by
    /// level, a whole screen of 72 KB.
    private func motionAt120x40(_ level: LinkAdaptation.Motion) -> Int {
        [.full: 27000, .coarse: 11000, .coarsest: 8000][level] ?? 0
    }

    @Test("on a fast link motion stays full, frames are never held, and each is shown within the budget")
    func fastLink() {
        let result = turn(on: SimulatedLink(megabits: 100, roundTrip: 0.01), screen: 72000, motionFrame: motionAt120x40, exact: 60000)
        #expect(result.motion == .full)
        #expect(result.jumpedAt == nil)
        #expect(result.frames == 11)
        #expect(result.worstLag <= LinkAdaptation.lagBudget)
        #expect(!result.fewerColours)
    }

    @Test("on 10 Mbit/s with 50 ms round trips motion is full, and no moving frame lags by more than the budget")
    func tenMegabits() {
        let result = turn(on: SimulatedLink(megabits: 10, roundTrip: 0.05), screen: 72000, motionFrame: motionAt120x40, exact: 60000)
        #expect(result.motion == .full)
        #expect(result.frames > 3, "it still moves")
        #expect(result.worstLag <= LinkAdaptation.lagBudget)
    }

    @Test("on 1 Mbit/s moves jump from the first screen on, said once, and settle in 256 colours")
    func oneMegabit() {
        let result = turn(on: SimulatedLink(megabits: 1, roundTrip: 0.05), screen: 72000, motionFrame: motionAt120x40, exact: 60000)
        #expect(result.motion == .jumps)
        #expect(result.jumpedAt == 0, "the first screen measured the link before the first move")
        #expect(result.frames == 1, "one exact frame a move")
        #expect(result.fewerColours)
    }

    @Test("a motion frame measured too slow steps the motion down; a faster link steps it back up")
    func stepsBothWays() {
        var measured = MeasuredLink(link: SimulatedLink(megabits: 2, roundTrip: 0.02))
        measured.send(30000, .motion, at: 0)
        _ = measured.deliver(by: 1)
        #expect(measured.adaptation.motion == .coarse, "30 KB at 250 kB/s is 120 ms, more than the budget")
        measured.link = SimulatedLink(megabits: 50, roundTrip: 0.02)
        for start in 2...7 {
            measured.send(30000, .motion, at: Double(start))
            _ = measured.deliver(by: Double(start) + 0.5)
        }
        #expect(measured.adaptation.motion == .full, "30 KB at 6.25 MB/s is well inside half the budget")
    }

    @Test("a frame is held while those ahead of it would make it late, and not once they are shown")
    func holds() {
        var measured = MeasuredLink(link: SimulatedLink(megabits: 10, roundTrip: 0.05))
        measured.send(20000, .motion, at: 0)
        _ = measured.deliver(by: 1)
        #expect(!measured.adaptation.holds(.motion, measured.meter, at: 1), "nothing on its way")
        for _ in 0..<6 { measured.send(20000, .motion, at: 1) }  // 96 ms of bytes
        #expect(measured.adaptation.holds(.motion, measured.meter, at: 1.01))
        _ = measured.deliver(by: 1.2)
        #expect(!measured.adaptation.holds(.motion, measured.meter, at: 1.2))
    }
}
