/// When a recording's events are played, as asciinema plays them: pauses longer than the idle
/// limit shortened to it, everything faster by `speed`; and which events a still shows.
package struct RenderTimeline: Sendable {
    /// Each event's time in the played recording, seconds from its start, never decreasing.
    package let played: [Double]

    /// `speed` > 0; `idleLimit` nil keeps every pause.
    package init(_ cast: Cast, speed: Double, idleLimit: Double?) {
        var times: [Double] = []
        var (last, now) = (0.0, 0.0)
        for event in cast.events {
            let pause = event.time - last
            now += min(pause, idleLimit ?? pause) / speed
            times.append(now)
            last = event.time
        }
        played = times
    }

    /// The played recording's length, seconds.
    package var duration: Double { played.last ?? 0 }

    /// When, in the played recording, the first output that shows anything comes: text or a
    /// picture (a sixel's DCS, a kitty APC), not only the sequences that take the screen, clear
    /// it and hide the cursor. An animation starts there, so its first frame (a player's
    /// thumbnail) is not the black screen of the set-up. 0 when no output shows anything.
    package func firstShown(in cast: Cast) -> Double {
        cast.firstShownEvent.map { played[$0] } ?? 0
    }

    /// True when `bytes` hold a printable character or a picture outside control sequences.
    static func shows(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x1B, index + 1 < bytes.count else {
                if byte >= 0x20 && byte != 0x7F { return true }
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "P"), UInt8(ascii: "_"): return true  // a sixel or kitty picture
            case UInt8(ascii: "["):
                // CSI: parameters and intermediates, then one final byte 0x40...0x7E.
                index += 2
                while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                index += 1
            case UInt8(ascii: "]"):
                // OSC (a title, the clipboard): up to BEL or ST.
                index += 2
                while index < bytes.count, bytes[index] != 0x07, bytes[index] != 0x1B { index += 1 }
                index += bytes.count > index && bytes[index] == 0x1B ? 2 : 1
            default: index += 2
            }
        }
        return false
    }

    /// How many events have been played by `time` (seconds of the played recording).
    package func eventsPlayed(by time: Double) -> Int {
        var (low, high) = (0, played.count)
        while low < high {
            let middle = (low + high) / 2
            if played[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many events a still at `time` seconds of the recording (as written in it) shows.
    package static func eventsWritten(by time: Double, in cast: Cast) -> Int {
        cast.events.firstIndex { $0.time > time } ?? cast.events.count
    }

    /// How many events a still at the marker `label` shows: the screen once it settled after the
    /// marker (at the first pause of `settle` seconds, or the next marker, or the end). Nil when
    /// the recording has no such marker; an exact label first, else the one label containing it
    /// (ignoring case).
    package static func eventsSettled(afterMarker label: String, in cast: Cast, settle: Double = 0.25) -> Int? {
        let labels = cast.events.indices.compactMap { index -> (Int, String)? in
            if case .marker(let text) = cast.events[index].kind { (index, text) } else { nil }
        }
        let matching = labels.filter { $0.1 == label }
        let found =
            matching.first
            ?? { () -> (Int, String)? in
                let loose = labels.filter { $0.1.lowercased().contains(label.lowercased()) }
                return loose.count == 1 ? loose[0] : nil
            }()
        guard let (start, _) = found else { return nil }
        var index = start + 1
        while index < cast.events.count {
            if case .marker = cast.events[index].kind { return index }
            if cast.events[index].time - cast.events[index - 1].time >= settle { return index }
            index += 1
        }
        return index
    }
}
