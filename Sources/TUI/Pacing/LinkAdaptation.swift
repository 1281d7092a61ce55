import TermRender

/// Chooses, frame by frame, how much a moving view may cost so that what the terminal shows
/// never lags the camera by more than `lagBudget`, from what `LinkMeter` measured: the newest
/// view the link can carry, not a queue of frames. Pure: times are seconds on any monotonic
/// clock.
///
/// - While frames are still on their way and one more would arrive later than the budget, the
///   next one waits (`holds`): the camera goes on, and the frame drawn after is the newer view.
/// - A motion frame that alone would take longer than the budget steps the motion down: a
///   coarser colour tolerance (fewer colours, fewer cells rewritten), then coarser still, then no
///   motion at all (`jumps`: moves jump to their end, as with `--reduce-motion`). A link that
///   later carries a step up with half the budget to spare steps back up.
/// - Where a whole 24-bit screen would take longer than `settleBudget`, exact frames are drawn
///   in 256 colours (half the bytes), until the link carries 24 bits with room to spare.
/// - The exact frame after a move always comes: it is never held longer than the frames ahead
///   of it take.
package struct LinkAdaptation: Sendable {
    /// How far behind the camera the screen may fall, seconds.
    package static let lagBudget = 0.1

    /// How coarse motion frames are.
    package enum Motion: Int, Comparable, Sendable, CaseIterable {
        case full, coarse, coarsest
        /// No motion frames: moves jump to their end.
        case jumps

        package static func < (lhs: Motion, rhs: Motion) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The largest difference per colour channel (0...255) a motion frame leaves alone
        /// (`FrameEncoder.motionTolerance`).
        package var colourTolerance: Int {
            switch self {
            case .full: 10
            case .coarse: 24
            case .coarsest, .jumps: 48
            }
        }

        /// The share of a cell's pixels each way drawn in a moving pixel picture (kitty, iTerm2),
        /// 0...1.
        package var pixelScale: Double {
            switch self {
            case .full: 0.5
            case .coarse: 0.35
            case .coarsest, .jumps: 0.25
            }
        }
    }

    /// The motion frames drawn now.
    package private(set) var motion = Motion.full
    /// True when exact frames are drawn in 256 colours instead of 24-bit: a whole 24-bit
    /// screen would take longer than `settleBudget` to arrive.
    package private(set) var settlesInFewerColours = false
    /// True once motion has jumped for the link, so it is said once.
    package private(set) var hasJumped = false
    /// Bytes of the last motion frame drawn at each level.
    private var motionBytes: [Motion: Int] = [:]
    /// Bytes of the recent exact frames, as 24-bit frames (a 256-colour frame counts double), newest last.
    private var exactBytes: [Int] = []

    /// How long the exact frame after a move may take to arrive, seconds, before it is drawn in
    /// fewer colours.
    package static let settleBudget = 0.4
    /// How many bytes a 24-bit frame takes for each byte of the same frame in 256 colours
    /// (a turn in the demo town, measured over SSH: 229 KB against 119 KB).
    static let truecolorPerPaletteByte = 2
    /// A motion frame's bytes for each byte of an exact frame, until one is drawn at a level (a
    /// turn in the demo town at 200×60 over SSH: 46–50 KB motion frames, 151–182 KB exact ones).
    static let motionShare = 0.3
    /// Exact frames remembered: the largest stands for the next (a status line alone is small).
    static let exactFramesKept = 3

    package init() {}

    /// A frame of `bytes` and `quality` was drawn at the current level, in 256 colours when
    /// `fewerColours`.
    package mutating func drew(bytes: Int, quality: FrameEncoder.Quality, fewerColours: Bool = false) {
        switch quality {
        case .motion: motionBytes[motion] = bytes
        case .exact:
            exactBytes.append(fewerColours ? bytes * Self.truecolorPerPaletteByte : bytes)
            if exactBytes.count > Self.exactFramesKept { exactBytes.removeFirst() }
        }
    }

    /// Whether the next frame, of `quality`, must wait at `now`: frames are on their way, and
    /// it would be shown later than the budget allows, where it would not be once those arrive.
    package func holds(_ quality: FrameEncoder.Quality, _ meter: LinkMeter, at now: Double) -> Bool {
        guard meter.framesInFlight > 0, let bytes = expectedBytes(quality),
            let lag = meter.lag(ofFrame: bytes, at: now), let alone = meter.lag(ofFrame: bytes)
        else { return false }
        // A millisecond's slack: the frames ahead must really be in the way.
        return lag > max(Self.lagBudget, alone + 0.001)
    }

    /// Sets the motion level for what `meter` measured, and the exact frames' colours: down while
    /// a motion frame would take longer than the budget, up one step when the level above would
    /// take less than half of it. Returns true when motion has just jumped for the first time, to
    /// be said.
    package mutating func adapt(to meter: LinkMeter) -> Bool {
        let before = motion
        while let current = cost(of: motion, meter), current > Self.lagBudget, let lower = Motion(rawValue: motion.rawValue + 1) {
            motion = lower
        }
        if motion == before, let higher = Motion(rawValue: motion.rawValue - 1), let estimate = cost(of: higher, meter),
            estimate < Self.lagBudget / 2
        {
            motion = higher
        }
        if let largest = exactBytes.max(), let settle = meter.lag(ofFrame: largest) {
            // Slack both ways, so the choice does not flap.
            if settle > Self.settleBudget { settlesInFewerColours = true }
            if settle < Self.settleBudget / 2 { settlesInFewerColours = false }
        }
        guard motion == .jumps, !hasJumped else { return false }
        hasJumped = true
        return true
    }

    /// Seconds a motion frame at `level` takes to be shown on an idle link: its last size, or
    /// `motionShare` of an exact frame before it was drawn; nil before anything is measured.
    private func cost(of level: Motion, _ meter: LinkMeter) -> Double? {
        guard level != .jumps else { return 0 }
        return (motionBytes[level] ?? exactBytes.max().map { Int(Double($0) * Self.motionShare) }).flatMap { meter.lag(ofFrame: $0) }
    }

    /// The bytes the next frame of `quality` is expected to take.
    private func expectedBytes(_ quality: FrameEncoder.Quality) -> Int? {
        switch quality {
        case .motion: motionBytes[motion] ?? exactBytes.max().map { Int(Double($0) * Self.motionShare) }
        case .exact: exactBytes.max()
        }
    }
}
