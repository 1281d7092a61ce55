/// One thing wrong with a manifest, at a JSON path such as `$.panoramas[3].links[0].target`.
public struct ManifestProblem: Equatable, Sendable, CustomStringConvertible {
    /// Where, as a JSON path from the root `$`.
    public let path: String
    /// What is wrong; may quote untrusted text (sanitise before showing it).
    public let message: String

    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
