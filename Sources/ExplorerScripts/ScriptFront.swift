import Explorer

/// Where a script plays, as `ScriptPlayer` sees it: something that takes steps, lets time pass,
/// and tells what was said, what happened and what a user perceives. `RunnerFront` is the
/// headless explorer on a simulated clock; `sidewalk test` has the full view on a terminal too.
package protocol ScriptFront {
    /// The front's clock, seconds (simulated, or real).
    var clock: Double { get }
    /// True once the explorer has quit or is gone.
    var ended: Bool { get }
    /// Takes a key, chord or command step, or waits, then lets time pass as the step says
    /// (until the view settles, or one frame for `&`).
    mutating func perform(_ line: ScriptLine)
    /// Lets a moment pass (a frame), while an expectation waits.
    mutating func pass()
    /// What was said and what happened since the last call, oldest first.
    mutating func takeNews() -> (said: [String], events: [Perceived.Event])
    /// What a user perceives now, given what was said and happened since the last key or
    /// command; nil once the explorer has ended.
    func perceived(said: [String], events: [Perceived.Event]) -> Perceived?
    /// The script has reached `line`, before it is taken: a front that keeps a trace marks it.
    mutating func reached(_ line: ScriptLine)
}

extension ScriptFront {
    /// Most fronts keep no trace.
    package mutating func reached(_ line: ScriptLine) {}
}
