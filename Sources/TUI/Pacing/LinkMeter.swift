import TermRender

/// Measures the link to the terminal from the terminal's own answers. Each frame is written
/// between two status requests (DSR 5, `EscapeSequence.statusRequest`); the terminal answers each
/// once it has handled everything before it, in order. So the first answer comes back one round
/// trip after the frame's head reached the link's end, and the second when its last byte was
/// shown: their difference is the time the link took to carry the frame, and the frame's bytes
/// over it are the link's rate. Pure: times are seconds on any monotonic clock.
///
/// The writer's back-pressure alone cannot tell this: over SSH, sshd, TCP and the network queue
/// hundreds of kilobytes before a write blocks (docs/decisions.md, 2026-12-02).
package struct LinkMeter: Sendable {
    /// A frame written whose answers are not all in.
    private struct Flight: Sendable {
        var bytes: Int
        var sentAt: Double
        /// Nothing else was waiting for an answer when it was sent, so its first answer is one
        /// round trip.
        var alone: Bool
        /// When the answer to the request before it came.
        var headAnsweredAt: Double?
    }

    /// Frames written, oldest first.
    private var flights: [Flight] = []
    /// Recent rates, bytes per second, newest last.
    private var rates: [Double] = []
    /// Recent round trips, seconds, newest last.
    private var roundTrips: [Double] = []
    /// True once the terminal has answered a status request: until then nothing is held back.
    package private(set) var answers = false
    /// The most the link may carry, bytes a second (`--max-rate`): the rate measured is taken
    /// as no more than this, so motion and colours adapt to the cap; nil for none.
    package var rateCap: Double?

    /// Samples kept of each kind.
    static let samplesKept = 5
    /// Frames smaller than this, bytes, say too little about the rate to count.
    static let smallestRateSample = 2048
    /// An answer this overdue, seconds past the time the link was expected to deliver, means the
    /// terminal has stopped answering (another terminal after a resume, a pipe): the meter
    /// starts again and holds nothing back until it answers.
    static let overdue = 2.0

    package init() {}

    /// The bytes to write for a frame: status requests around it.
    package static func framed(_ frame: [UInt8]) -> [UInt8] {
        EscapeSequence.statusRequest + frame + EscapeSequence.statusRequest
    }

    /// A frame of `bytes` (its own, without the requests) was handed to the writer at `now`.
    package mutating func sent(bytes: Int, at now: Double) {
        flights.append(Flight(bytes: bytes, sentAt: now, alone: flights.isEmpty))
    }

    /// A status report (`CSI 0 n`) arrived at `now`. True when it was a frame's last: the frame
    /// is on screen, and the link measured again.
    @discardableResult
    package mutating func answered(at now: Double) -> Bool {
        answers = true
        guard !flights.isEmpty else { return false }
        guard let head = flights[0].headAnsweredAt else {
            flights[0].headAnsweredAt = now
            if flights[0].alone { Self.keep(now - flights[0].sentAt, in: &roundTrips) }
            return false
        }
        let flight = flights.removeFirst()
        if flight.bytes >= Self.smallestRateSample {
            Self.keep(Double(flight.bytes) / max(now - head, 1e-4), in: &rates)
        }
        return true
    }

    /// The link's rate, bytes per second: the median of the recent samples, no more than
    /// `rateCap`; before a sample, the cap (nil without one).
    package var rate: Double? {
        guard !rates.isEmpty else { return rateCap }
        let measured = rates.sorted()[rates.count / 2]
        return rateCap.map { min($0, measured) } ?? measured
    }

    /// The shortest recent round trip, seconds; nil before one.
    package var roundTrip: Double? { roundTrips.min() }

    /// Seconds from composing a frame of `bytes` at `now` until the terminal shows all of it, with
    /// what is already on its way ahead of it; nil while the link is not measured.
    package func lag(ofFrame bytes: Int, at now: Double) -> Double? {
        guard answers, let rate, let roundTrip else { return nil }
        let oneWay = roundTrip / 2
        // When the terminal will have shown everything already sent.
        var shownBy = -Double.infinity
        for flight in flights {
            let arrives = flight.headAnsweredAt.map { $0 - oneWay } ?? flight.sentAt + oneWay
            shownBy = max(arrives, shownBy) + Double(flight.bytes) / rate
        }
        return max(now + oneWay, shownBy) + Double(bytes) / rate - now
    }

    /// Seconds from composing a frame of `bytes` until the terminal shows it, on an idle link;
    /// nil while the link is not measured.
    package func lag(ofFrame bytes: Int) -> Double? {
        guard answers, let rate, let roundTrip else { return nil }
        return roundTrip / 2 + Double(bytes) / rate
    }

    /// Forgets the frames in flight when the oldest one's answers are overdue at `now`, and
    /// waits for the terminal to answer again before anything is held back. True when it did.
    package mutating func expire(at now: Double) -> Bool {
        guard let oldest = flights.first else { return false }
        let expected = (roundTrip ?? 0) + Double(flights.reduce(0) { $0 + $1.bytes }) / (rate ?? .infinity)
        guard now - oldest.sentAt > expected + Self.overdue else { return false }
        forgetFrames()
        answers = false
        return true
    }

    /// Stops waiting for the frames in flight (the terminal has gone).
    package mutating func forgetFrames() {
        flights = []
    }

    /// Frames written whose last answer has not come.
    package var framesInFlight: Int { flights.count }

    private static func keep(_ sample: Double, in samples: inout [Double]) {
        samples.append(sample)
        if samples.count > samplesKept { samples.removeFirst() }
    }
}
