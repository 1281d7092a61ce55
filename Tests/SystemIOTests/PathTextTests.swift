import Foundation
import SystemIO
import Testing

/// Paths taken apart as NSString takes them (the reference the tests still link).
@Suite("Path text")
struct PathTextTests {
    static let paths = [
        "/a/b.jpg", "/a/b/", "/", "", "a/b", "a/b/", "/a", "b.tar.gz", "dir.d/file", "/x/.profile", "name.", "//a//b",
        "./c.JPG", "../up/p.png", "a/./b"
    ]

    @Test("The last component, the parent, the extension and the stem agree with NSString", arguments: paths)
    func parts(path: String) {
        let reference = path as NSString
        #expect(PathText.lastComponent(path) == reference.lastPathComponent)
        #expect(PathText.parent(path) == reference.deletingLastPathComponent)
        #expect(PathText.fileExtension(path) == reference.pathExtension)
        #expect(PathText.stem(path) == (reference.lastPathComponent as NSString).deletingPathExtension)
    }

    /// Foundation's `deletingLastPathComponent` traps on a path of one relative component (swift-
    /// corelibs-foundation 6.3), so that case is checked by hand.
    @Test("A single relative name has an empty parent")
    func singleName() {
        #expect(PathText.parent("a") == "")
        #expect(PathText.lastComponent("a") == "a")
    }

    @Test("Joining agrees with appendingPathComponent and a standardised relative path")
    func join() {
        let pairs = [("a", "b"), ("a/", "b"), ("/", "b"), ("/a/b", "c.txt"), ("a/./b", "c"), ("a", "./c"), ("a//b", "c")]
        for (folder, name) in pairs {
            let reference = ((folder as NSString).appendingPathComponent(name) as NSString).standardizingPath
            #expect(PathText.join(folder, name) == reference, "\(folder) + \(name)")
        }
        #expect(PathText.join("", "b") == "b")
        #expect(PathText.join("suite", "../shared/x.txt") == "suite/../shared/x.txt")
    }
}
