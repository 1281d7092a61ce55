import Foundation
import SystemIO
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A demo's visitor slots, with junk where a slot's lock file should be.
@Suite("Process slots")
struct ProcessSlotsTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-slots-\(UUID().uuidString)").path
        #expect(mkdir(path, 0o700) == 0)
        return path
    }

    @Test("a slot whose lock is a folder, a link or a socket is passed over: the next free one is taken")
    func junkSlots() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkdir(folder + "/slot-0.lock", 0o700) == 0)
        #expect(symlink("/etc/passwd", folder + "/slot-1.lock") == 0)
        let socket = try LocalSocket.listen(at: folder + "/slot-2.lock")
        defer { SystemCall.close(socket) }
        let taken = try #require(try ProcessSlots.take(count: 5, in: folder))
        #expect(taken.index == 3)
        let next = try #require(try ProcessSlots.take(count: 5, in: folder))
        #expect(next.index == 4)
        #expect(try ProcessSlots.take(count: 5, in: folder) == nil, "every usable slot held")
        #expect(throws: FileError.self, "no slot can be opened at all") { try ProcessSlots.take(count: 3, in: folder) }
    }
}
