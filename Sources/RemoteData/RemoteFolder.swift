import SystemIO

/// A dataset folder on a web server: files under one base address, fetched through the cache.
package struct RemoteFolder: Sendable {
    /// The folder's address, ending in `/`, without the query.
    package let base: String
    /// The address's query (`sig=…` of a signed object-store URL), without its `?`, kept on
    /// every request; nil when it had none.
    package let query: String?
    package let cache: HTTPCache
    /// True when the paths given are whole web addresses (a Panoramax picture's image is
    /// wherever its item says); never for a manifest's paths, which stay inside the folder.
    package let takesAddresses: Bool

    /// For `address`: a folder (`https://host/path/`, the slash added if missing) or its
    /// `manifest.json`, either with a query (`?sig=abc`), which every file's address keeps.
    package init(_ address: String, cache: HTTPCache, takesAddresses: Bool = false) {
        let parts = address.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        query = parts.count == 2 ? String(parts[1]) : nil
        var base = String(parts[0])
        if base.hasSuffix("/manifest.json") { base.removeLast("manifest.json".count) }
        if !base.hasSuffix("/") { base += "/" }
        self.base = base
        self.cache = cache
        self.takesAddresses = takesAddresses
    }

    /// The address of `relative` (a path checked by the manifest decoder) in the folder, its
    /// bytes percent-encoded where a URL needs it; with `takesAddresses`, a web address as it is.
    package func address(of relative: String) -> String {
        if takesAddresses, HTTPClient.isWebAddress(relative) { return relative }
        return base + PercentEncoding.encode(relative, keeping: "-._~/") + (query.map { "?" + $0 } ?? "")
    }

    /// The bytes of `relative`, at most `limit`; a failure as a `FileError` naming the address, as
    /// a local file's would be.
    package func read(_ relative: String, limit: Int) throws(FileError) -> [UInt8] {
        let url = address(of: relative)
        do { return try cache.fetch(url, maxBytes: limit) } catch {
            if case .tooLarge(_, let limit, let declared) = error { throw .tooLarge(path: url, bytes: declared ?? limit + 1, limit: limit) }
            throw .unreadable(path: url, reason: Self.reason(error))
        }
    }

    /// The error without the address in front (the `FileError` adds it).
    private static func reason(_ error: HTTPError) -> String {
        let text = error.description
        guard let colon = text.firstRange(of: ": ") else { return text }
        return String(text[colon.upperBound...])
    }
}
