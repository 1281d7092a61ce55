import Datasets
import Foundation
import PanoCore
import StreetModel
import TestSupport
import Testing

@testable import ExplorerSession
@testable import TUI

#if canImport(Glibc)
import Glibc
#endif

@Suite("Shards read as the walk comes near")
struct DatasetFollowerTests {
    private static func street() -> [Panorama] {
        NorthwardStreet.panoramas(count: 40)
    }

    @Test("far from the next shard nothing is read; near it, it is read off the loop and its panoramas arrive")
    func readsNearShards() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        try ShardWriter.write(
            try ShardWriter.shardedFiles(name: nil, start: "p0", panoramas: Self.street(), markers: []), into: fixture.folder)
        let dataset = try Dataset.open(fixture.folder.path)
        let mailbox = try ArrivalMailbox()
        var follower = try #require(DatasetFollower(dataset))
        // p0 stands 555 m south of the boundary, beyond the load radius.
        follower.follow(dataset.service.panorama(id: "p0"), mailbox: mailbox)
        var ready = pollfd(fd: mailbox.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 0) == 0, "nothing was read")
        let nearEdge = try #require(dataset.service.panoramas.last)
        follower.follow(nearEdge, mailbox: mailbox)
        #expect(poll(&ready, 1, 30_000) == 1)
        let arrived = follower.arrived(from: mailbox.take()).service
        let service = try #require(arrived)
        #expect(service.panoramas.count == 40)
        #expect(follower.dataset.loadedShards == [0, 1])
        #expect(follower.takeFailure() == nil)
    }

    @Test("a shard that cannot be read is said once and not asked for again")
    func failedShardIsNotRetried() throws {
        let fixture = try DatasetFixture()
        defer { fixture.remove() }
        let files = try ShardWriter.shardedFiles(name: nil, start: "p0", panoramas: Self.street(), markers: [])
        try ShardWriter.write(files, into: fixture.folder)
        try FileManager.default.removeItem(at: fixture.folder.appendingPathComponent(files[1].path))
        let dataset = try Dataset.open(fixture.folder.path)
        let mailbox = try ArrivalMailbox()
        var follower = try #require(DatasetFollower(dataset))
        let nearEdge = try #require(dataset.service.panoramas.last)
        follower.follow(nearEdge, mailbox: mailbox)
        var ready = pollfd(fd: mailbox.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 30_000) == 1)
        let arrived = follower.arrived(from: mailbox.take()).service
        #expect(arrived == nil)
        #expect(follower.takeFailure()?.contains(files[1].path) == true, "names the shard")
        #expect(follower.takeFailure() == nil, "said once")
        follower.follow(nearEdge, mailbox: mailbox)
        #expect(poll(&ready, 1, 200) == 0, "not asked for again")
    }
}
