import BoundedJSON
import Explorer
import SystemIO
import TermRender

#if canImport(Glibc)
import Glibc
#endif

/// `--record FILE.cast`: what the explorer sends to the terminal, kept as an asciicast v2
/// recording (asciinema's format: a JSON header line, then a `[seconds, code, data]` line per
/// event: "o" output, "m" a marker, which players show as chapters, "r" a resize), so
/// `asciinema play` and asciinema-player show the walk. Written as it goes, a line per event, so a
/// session that ends any way (a crash, a dropped link) leaves a valid file up to its last frame.
/// Pauses longer than `idleLimit` seconds are cut to it.
package final class CastRecorder {
    private let descriptor: Int32
    private let idleLimit: Double?
    private let title: String
    private let environment: [String: String]
    private let timestamp: Int
    private var started = false
    /// The session's time of the last event, and the seconds taken out of long pauses so far.
    private var last = 0.0
    private var cut = 0.0

    /// What the person recorded is told when the session starts (a demo's visitor), or nil.
    package let notice: String?

    /// A recording to `path` (a new file, or a regular file it replaces: never a link, a folder
    /// or a device; docs/reliability.md), titled `title`, begun at `timestamp` (seconds since 1970).
    ///
    /// It is written into a file of ours made beside `path` (created exclusively, so no link is
    /// ever followed) that takes `path`'s place once its header is written: a file that was there
    /// is replaced, not emptied in place, so its other names (hard links) keep what it held.
    package init(
        path: String, title: String, environment: [String: String], idleLimit: Double?, timestamp: Int, notice: String? = nil
    ) throws(FileError) {
        let made = try OutputFile.makeTemporary(beside: path)
        (descriptor, temporary, self.path) = (made.descriptor, made.path, path)
        (self.title, self.environment, self.idleLimit, self.timestamp, self.notice) = (title, environment, idleLimit, timestamp, notice)
    }

    /// Where the recording goes, and the file of ours it is written into until then.
    private let path: String
    private let temporary: String
    /// True once the file is in `path`'s place.
    private var placed = false
    /// Bytes of whole lines written.
    private var written: off_t = 0
    /// Why the recording stopped (a full disk): it holds every whole line before, and nothing
    /// more is written. The session ends with it as its error.
    package private(set) var failure: FileError?

    /// Writes the header for a terminal of `columns`×`rows`, whose cells are `cell` pixels when
    /// known (an extension, `x_sidewalk_cell_pixels`, that sizes sixels when `sidewalk render`
    /// draws them; players skip keys they do not know); once, before any event.
    package func start(columns: Int, rows: Int, cell: PixelSize? = nil) {
        guard !started else { return }
        started = true
        var header: [(String, JSONValue)] = [
            ("version", .number(2)), ("width", .number(Double(columns))), ("height", .number(Double(rows))),
            ("timestamp", .number(Double(timestamp))), ("title", .string(title))
        ]
        if let idleLimit { header.append(("idle_time_limit", .number(idleLimit))) }
        if let cell { header.append(("x_sidewalk_cell_pixels", .array([.number(Double(cell.width)), .number(Double(cell.height))]))) }
        let env = ["TERM", "SHELL"].compactMap { key in environment[key].map { (key, JSONValue.string($0)) } }
        header.append(("env", .object(JSONObject(env))))
        write(JSONWriter.text(.object(JSONObject(header))))
        guard failure == nil else { return }
        do {
            try OutputFile.moveTemporary(temporary, over: path)
            placed = true
        } catch {
            failure = error
        }
    }

    /// Bytes sent to the terminal at `time` (session seconds).
    package func output(_ bytes: [UInt8], at time: Double) {
        event("o", String(decoding: bytes, as: UTF8.self), at: time)
    }

    /// Bytes typed at `time` (session seconds), kept with `--record-input` ("i").
    package func input(_ bytes: [UInt8], at time: Double) {
        event("i", String(decoding: bytes, as: UTF8.self), at: time)
    }

    /// A chapter: an arrival, named after the place.
    package func marker(_ label: String, at time: Double) {
        event("m", label, at: time)
    }

    /// The terminal became `columns`×`rows`.
    package func resized(columns: Int, rows: Int, at time: Double) {
        event("r", "\(columns)x\(rows)", at: time)
    }

    private func event(_ code: String, _ data: String, at time: Double) {
        guard started else { return }
        if let idleLimit, time - last > idleLimit { cut += time - last - idleLimit }
        last = max(last, time)
        let seconds = (max(0, time - cut) * 1_000_000).rounded() / 1_000_000
        write("[\(JSONWriter.number(seconds)), \(JSONWriter.string(code)), \(JSONWriter.string(data))]")
    }

    /// Appends `line`; when the disk refuses it, cuts the file back to the lines before (so it
    /// is still a valid recording) and writes nothing more.
    private func write(_ line: String) {
        guard failure == nil else { return }
        let bytes = Array((line + "\n").utf8)
        if case .failed(let code) = FileDescriptorIO.writeAll(descriptor, bytes) {
            _ = ftruncate(descriptor, written)
            failure = .notWritable(path: path, reason: FileDescriptorIO.message(code) + "; the recording holds what came before")
            return
        }
        written += off_t(bytes.count)
    }

    deinit {
        SystemCall.close(descriptor)
        if !placed { unlink(temporary) }
    }
}

/// `--record`: the session's bytes both ways, its size, and each arrival as a chapter marker
/// named after the place.
extension CastRecorder: SessionOutput {
    /// The header, then the full screen a player must take as the terminal did (the alternate
    /// screen, cleared, no cursor): ncurses sent it, not the session's frames.
    package func started(columns: Int, rows: Int, cell: PixelSize?) {
        start(columns: columns, rows: rows, cell: cell)
        output(EscapeSequence.fullScreenOn, at: 0)
    }

    /// The terminal given back: a player leaves the shell's screen as it was.
    package func ended(at time: Double) {
        output(EscapeSequence.fullScreenOff, at: time)
    }

    package func happened(_ event: ExplorerEvent, in state: ExplorerState, at time: Double) {
        guard case .didMoveToPanorama(let id) = event else { return }
        let here = state.panorama?.id == id ? state.panorama : nil
        marker(here?.description ?? id, at: time)
    }

    package func sent(_ bytes: [UInt8], at time: Double) {
        output(bytes, at: time)
    }

    package func received(_ bytes: [UInt8], at time: Double) {
        input(bytes, at: time)
    }
}
