/// Process exit statuses, documented in `sidewalk --help`.
enum ExitStatus {
    static let success: Int32 = 0
    /// The input (file, image, terminal) could not be used.
    static let failure: Int32 = 1
    /// The command line was wrong.
    static let usage: Int32 = 2
    /// A lookup near a place found no imagery (a normal answer, not a failure).
    static let noImagery: Int32 = 3
}
