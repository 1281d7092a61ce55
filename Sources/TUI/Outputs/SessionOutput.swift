import Explorer
import TermRender

/// One of a session's outputs (`--events`, `--state-log`, `--record-script`, `--record`,
/// `--broadcast`), told what the session does in one shape and held in one list
/// (`ExplorerLoop.Settings.outputs`). Every call has a default that does nothing, so an output
/// takes what it needs: a new output is one file conforming to this, and one line where the
/// options are parsed. Calls come on the session's loop, in order; times are seconds since the
/// session started.
package protocol SessionOutput: AnyObject {
    /// The session starts on a terminal of `columns`×`rows` cells (`cell`: a cell's pixels, when
    /// the terminal said).
    func started(columns: Int, rows: Int, cell: PixelSize?)
    /// A line the status shows at the start (a recording's notice), or nil.
    var notice: String? { get }
    /// The explorer reported `event` (docs/events.md); `state` is the state after it.
    func happened(_ event: ExplorerEvent, in state: ExplorerState, at time: Double)
    /// A key was taken: the command line before it, whether anything on screen changed, and the
    /// state after it.
    func took(_ key: Key, commandBefore: String?, changed: Bool, in state: ExplorerState, at time: Double)
    /// A frame of `state` was composed to be sent.
    func drew(_ state: ExplorerState, at time: Double)
    /// Bytes went to the terminal.
    func sent(_ bytes: [UInt8], at time: Double)
    /// Bytes came from the terminal (only when the session records what is typed).
    func received(_ bytes: [UInt8], at time: Double)
    /// Nothing moves, loads or waits: the view has settled on `state`.
    func settled(_ state: ExplorerState, at time: Double)
    /// The terminal is now `columns`×`rows` cells.
    func resized(columns: Int, rows: Int, at time: Double)
    /// The session is over: the terminal is about to be given back.
    func ended(at time: Double)
}

extension SessionOutput {
    package func started(columns: Int, rows: Int, cell: PixelSize?) {}
    package var notice: String? { nil }
    package func happened(_ event: ExplorerEvent, in state: ExplorerState, at time: Double) {}
    package func took(_ key: Key, commandBefore: String?, changed: Bool, in state: ExplorerState, at time: Double) {}
    package func drew(_ state: ExplorerState, at time: Double) {}
    package func sent(_ bytes: [UInt8], at time: Double) {}
    package func received(_ bytes: [UInt8], at time: Double) {}
    package func settled(_ state: ExplorerState, at time: Double) {}
    package func resized(columns: Int, rows: Int, at time: Double) {}
    package func ended(at time: Double) {}
}
