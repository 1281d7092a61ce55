import SystemIO

/// The output of a recording read with `Cast(streaming:)`, read again from its file as it is
/// played: events are asked for in order, and each is found by the line it was read from, so
/// only a line is held at a time.
package final class CastEvents {
    private let file: LineFile
    private let sourceLines: [Int]

    /// The recording at `path`, as `cast` read it (`Cast(streaming:)`).
    package init(_ path: String, cast: Cast) throws(FileError) {
        file = try LineFile(path, limit: Cast.maximumLine)
        sourceLines = cast.sourceLines
    }

    /// The output bytes of event `index` (not before one already asked for); empty for an event
    /// that is not output. Throws when the file no longer holds what was read from it.
    package func output(of index: Int) throws(CastError) -> [UInt8] {
        let wanted = sourceLines[index]
        while file.number < wanted {
            guard let line = try Cast.nextLine(of: file) else {
                throw CastError(line: wanted, problem: "the file ended early: it changed while it was rendered")
            }
            guard file.number == wanted else { continue }
            guard case .text(let text) = line, let event = try Cast.event(text, line: wanted) else {
                throw CastError(line: wanted, problem: "the file changed while it was rendered")
            }
            if case .output(let bytes) = event.kind { return bytes }
            return []
        }
        throw CastError(line: wanted, problem: "events were asked for out of order")
    }
}
