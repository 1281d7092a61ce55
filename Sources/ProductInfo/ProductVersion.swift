/// Sidewalk's version, for `--version` and for the User-Agent web requests carry.
package enum ProductVersion {
    /// Semantic version, e.g. "0.1.0".
    package static let number = "0.1.0"
}
