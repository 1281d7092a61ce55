import Explorer
import ExplorerView
import TermRender

/// The explorer's side of `LinkMeter` and `LinkAdaptation`: frames go out between status
/// requests, the answers measure the link, and what was measured holds frames back and sets how
/// coarse motion is. Times are seconds since the session started.
struct LinkPacing {
    private var meter = LinkMeter()
    private var adaptation = LinkAdaptation()

    /// Said once (after "slow link: "), the first time moves jump for the link.
    static let jumpNote = "moves jump instead of gliding"
    /// Said once (after "slow link: "), the first time still views are drawn in 256 colours for the link.
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
        return LinkMeter.framed(frame)
    }

    /// Stops waiting for frames whose answers are long overdue at `now` (a terminal that does not
    /// answer status requests, or answers that were lost): they no longer hold frames back.
    mutating func giveUpOverdueAnswers(at now: Double) {
        _ = meter.expire(at: now)
    }

    /// True while the next frame, of `quality` (nil: none waiting), must wait for the frames on their way.
    func holds(_ quality: FrameEncoder.Quality?, at now: Double) -> Bool {
        quality.map { adaptation.holds($0, meter, at: now) } ?? false
    }

    /// A status report came at `now`: when it completes a frame, the link is measured again, and
    /// moves jump or glide again as it allows, and still views take fewer colours or all of
    /// them (unless the user chose the colours), each said the first time; `reduceMotion` was
    /// asked for by the user, and stays.
    mutating func answered(at now: Double, state: inout ExplorerState, pacer: inout FramePacer, drawing: DrawingChoice, reduceMotion: Bool)
    {
        guard meter.answered(at: now) else { return }
        var said = adaptation.adapt(to: meter) ? [Self.jumpNote] : []
        if adaptation.settlesInFewerColours, drawing.colorMode == .truecolor, !drawing.colorChosen, !saidFewerColours {
            saidFewerColours = true
            said.append(Self.fewerColoursNote)
        }
        if !said.isEmpty {
            state.say("slow link: " + said.joined(separator: "; "), at: now)
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

    /// Milliseconds the loop may sleep while answers are awaited; nil when none are.
    var wake: Int32? {
        meter.framesInFlight > 0 ? Int32(Self.answerCheck * 1000) : nil
    }
}
