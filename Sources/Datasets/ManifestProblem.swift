/// One thing wrong with a manifest, at a JSON path such as `$.panoramas[3].links[0].target`.
package struct ManifestProblem: Equatable, Sendable, CustomStringConvertible {
    /// Where, as a JSON path from the root `$`.
    package let path: String
    /// What is wrong; may quote untrusted text (sanitise before showing it).
    package let message: String

    package init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }
}
