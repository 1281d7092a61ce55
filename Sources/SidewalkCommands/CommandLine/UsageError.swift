/// A mistake on the command line; `description` is the one line shown.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}
