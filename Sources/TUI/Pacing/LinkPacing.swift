import Explorer
import ExplorerView
import TermRender

/// The explorer's side of `LinkMeter` and `LinkAdaptation`: frames go out between status
/// requests, the answers measure the link, and what was measured holds frames back and sets how
/// coarse motion is. Times are seconds since the session started.
struct LinkPacing {
    private var meter = LinkMeter()
    private var adaptation = LinkAdaptation()
    /// `--max-rate`: the most this session sends, bytes a second; nil for no cap.
    var maxRate: Double? {
        didSet { meter.rateCap = maxRate }
    }
    /// With a cap, when everything sent so far has had its share of the rate: a frame waits until
    /// then, less `burst`.
    private var capFreeAt = 0.0
    /// How far ahead of the cap a frame may go, seconds: the first frame of a move goes at once.
    static let burst = 0.1

    /// Said once (after the `SlowCause`, "slow link: "), the first time moves jump for the link.
    static let jumpNote = "moves jump instead of gliding"
    /// Said once (after the `SlowCause`), the first time still views are drawn in 256 colours for the link.
    static let fewerColoursNote = "still views in 256 colours"
    private var saidFewerColours = false
    /// How often the loop wakes, seconds, while answers are awaited: to notice they stopped.
    static let answerCheck = 0.25

    /// How coarse motion frames are now.
    var motion: LinkAdaptation.Motion { adaptation.motion }

    /// True when the frame being drawn is in 256 colours for the link.
    private var fewerColours = false

    /// Sets how a frame of `quality` is drawn for the link: motion frames' colour tolerance and
    /// pixels, and 256 colours for an exact frame where 24-bit ones are too slow (unless the user
    /// chose the colours).
    mutating func shape(_ quality: FrameEncoder.Quality, drawing: DrawingChoice, encoder: inout FrameEncoder, pixels: inout PixelPicture) {
        (encoder.motionTolerance, pixels.motionScale) = (motion.colourTolerance, motion.pixelScale)
        fewerColours = quality == .exact && adaptation.settlesInFewerColours && drawing.colorMode == .truecolor && !drawing.colorChosen
        encoder.colorMode = fewerColours ? .palette256 : drawing.colorMode
    }

    /// The bytes to write for `frame`, a frame of `quality` composed at `now`.
    mutating func send(_ frame: [UInt8], quality: FrameEncoder.Quality, at now: Double) -> [UInt8] {
        meter.sent(bytes: frame.count, at: now)
        adaptation.drew(bytes: frame.count, quality: quality, fewerColours: fewerColours)
        let framed = LinkMeter.framed(frame)
        if let maxRate { capFreeAt = max(capFreeAt, now) + Double(framed.count) / maxRate }
        return framed
    }

    /// Stops waiting for frames whose answers are long overdue at `now` (a terminal that does not
    /// answer status requests, or answers that were lost): they no longer hold frames back.
    mutating func giveUpOverdueAnswers(at now: Double) {
        _ = meter.expire(at: now)
    }

    /// True while the next frame, of `quality` (nil: none waiting), must wait for the frames on their way.
    /// With `--max-rate`, every frame waits for its share of the cap, whatever the terminal answers.
    func holds(_ quality: FrameEncoder.Quality?, at now: Double) -> Bool {
        guard let quality else { return false }
        if maxRate != nil, now < capFreeAt - Self.burst { return true }
        return adaptation.holds(quality, meter, at: now)
    }

    /// A status report came at `now`: when it completes a frame, the link is measured again, and
    /// moves jump or glide again as it allows, and still views take fewer colours or all of
    /// them (unless the user chose the colours), each said the first time after its `cause`;
    /// `reduceMotion` was asked for by the user, and stays.
    mutating func answered(
        at now: Double, state: inout ExplorerState, pacer: inout FramePacer, drawing: DrawingChoice, reduceMotion: Bool,
        cause: () -> SlowCause
    ) {
        guard meter.answered(at: now) else { return }
        var said = adaptation.adapt(to: meter) ? [Self.jumpNote] : []
        if adaptation.settlesInFewerColours, drawing.colorMode == .truecolor, !drawing.colorChosen, !saidFewerColours {
            saidFewerColours = true
            said.append(Self.fewerColoursNote)
        }
        if !said.isEmpty {
            state.say(cause().words + ": " + said.joined(separator: "; "), at: now)
            pacer.requestRedraw()
        }
        state.reduceMotion = reduceMotion || motion == .jumps
        pacer.drawsMotion = motion != .jumps
    }

    /// True while the terminal is expected to answer for frames written.
    var awaitsAnswers: Bool { meter.answers && meter.framesInFlight > 0 }

    /// After `q`: reads what the terminal sends, taking its answers and dropping keys, so no
    /// answer arrives after the terminal is given back, to be typed into the shell. A terminal
    /// that has gone answers nothing more.
    mutating func takeLastAnswers(from terminal: some SessionTerminal, at now: Double) {
        while true {
            let (input, alive) = terminal.nextInput()
            guard alive else { return meter.forgetFrames() }
            guard let input else { return }
            if input == .reply(.statusReport) { meter.answered(at: now) }
        }
    }

    /// Milliseconds the loop may sleep at `now` while answers are awaited or the cap holds a
    /// frame back; nil when neither.
    func wake(at now: Double) -> Int32? {
        let capped = maxRate != nil && now < capFreeAt - Self.burst ? capFreeAt - Self.burst - now : nil
        let answers = meter.framesInFlight > 0 ? Self.answerCheck : nil
        return [capped, answers].compactMap { $0 }.min().map { Int32(($0 * 1000).rounded(.up)) }
    }
}
