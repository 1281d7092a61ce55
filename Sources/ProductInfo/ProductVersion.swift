import CBuildInfo

/// Sidewalk's version, for `--version` and for the User-Agent web requests carry.
package enum ProductVersion {
    /// Semantic version, e.g. "0.2.0".
    package static let number = "0.2.0"

    /// The commit a package was built from (12 hex digits), and its time in seconds since 1970;
    /// nil in a build not made by scripts/package, which does not record them.
    package static let commit: (hash: String, seconds: Int)? = {
        let hash = String(cString: sw_build_commit())
        guard !hash.isEmpty, hash.allSatisfy(\.isHexDigit), let seconds = Int(String(cString: sw_build_commit_time())) else {
            return nil
        }
        return (hash, seconds)
    }()
}
