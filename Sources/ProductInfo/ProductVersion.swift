/// Sidewalk's version, for `--version` and for the User-Agent web requests carry.
public enum ProductVersion {
    /// Semantic version, e.g. "0.1.0".
    public static let number = "0.1.0"
}
