import Explorer
import PanoCore
import TestSupport
import Testing

@testable import TUI

/// What the explorer blames when frames come slowly: the link only over SSH. A local kitty on a
/// loaded machine was told "slow link: moves jump…".
@Suite("Telling a busy machine from a slow link")
struct SlowCauseTests {
    @Test("over SSH the link; on this machine a busy processor (pressure 20% or more), else the terminal")
    func causes() {
        let ssh = ["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"]
        #expect(SlowCause.of(environment: ssh, cpuPressure: 90) == .link)
        #expect(SlowCause.of(environment: ["SSH_TTY": "/dev/pts/3"], cpuPressure: nil) == .link)
        #expect(SlowCause.of(environment: [:], cpuPressure: 35) == .busyMachine)
        #expect(SlowCause.of(environment: ["SSH_CONNECTION": ""], cpuPressure: 20) == .busyMachine)
        #expect(SlowCause.of(environment: [:], cpuPressure: 5) == .slowTerminal)
        #expect(SlowCause.of(environment: [:], cpuPressure: nil) == .slowTerminal)
    }

    @Test(
        "a session whose frames are answered slowly says why: the link over SSH, a busy machine or a slow terminal on this one",
        arguments: [
            (["SSH_CLIENT": "10.0.0.2 50000 22"], 0.0, "slow link: moves jump instead of gliding"),
            ([:], 60.0, "busy machine: moves jump instead of gliding"), ([:], 0.0, "slow terminal: moves jump instead of gliding")
        ])
    func said(environment: [String: String], pressure: Double, note: String) throws {
        // Leaves: every motion frame is kilobytes, enough to measure the rate by.
        let leaves = EquirectPanorama(image: NaturalTexture.panorama(width: 1024), centerHeading: 0)
        let loop = try ExplorerLoopTests.session(environment: environment, cpuPressure: pressure, panorama: leaves)
        var run = SessionRun(loop)
        var notes: [String] = []
        for step in 0..<60 {
            if step % 10 == 0 { run.type(.right) }
            // A quarter of a second at a time: a note lasts a few seconds.
            run.settleAnswering(at: 20_000, until: run.time + 0.25)
            if let said = run.loop.state.note, notes.last != said { notes.append(said) }
        }
        #expect(notes.contains { $0.hasPrefix(note) }, "\(notes)")
        #expect(!notes.contains { $0.hasPrefix("slow link") } || note.hasPrefix("slow link"))
    }
}
