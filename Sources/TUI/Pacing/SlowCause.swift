/// Why frames reach the screen late, as the explorer says it when motion turns to jumps: the
/// link to a terminal over SSH, or, for a terminal on this machine (where bytes cost next to
/// nothing), processors that other work keeps busy, or else the terminal itself drawing slowly.
/// A local kitty on a loaded machine was once told "slow link".
enum SlowCause: Equatable, Sendable {
    case link
    case busyMachine
    case slowTerminal

    /// CPU pressure (`CPUPressure`, percent of the last 10 s some task waited for a processor)
    /// from which a local session's machine counts as busy.
    static let busyPressure = 20.0

    /// The cause for a session in `environment` (SSH sets SSH_CONNECTION, SSH_CLIENT and
    /// SSH_TTY) on a machine under `cpuPressure` percent (nil: unknown).
    static func of(environment: [String: String], cpuPressure: Double?) -> SlowCause {
        let remote = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains { !(environment[$0] ?? "").isEmpty }
        if remote { return .link }
        return (cpuPressure ?? 0) >= busyPressure ? .busyMachine : .slowTerminal
    }

    /// How the note starts ("slow link: moves jump instead of gliding").
    var words: String {
        switch self {
        case .link: "slow link"
        case .busyMachine: "busy machine"
        case .slowTerminal: "slow terminal"
        }
    }
}
