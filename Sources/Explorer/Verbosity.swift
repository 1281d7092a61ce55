/// How much the narrator says when you arrive somewhere (`--verbosity`): the essentials (facing,
/// where, the ways, the floor) always, then no markers, the three nearest, or all of them. `r`
/// always says everything.
package enum Verbosity: String, Equatable, Sendable, CaseIterable {
    case brief, normal, full
}
