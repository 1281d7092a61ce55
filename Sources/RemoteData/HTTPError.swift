/// Why a web resource could not be had. `description` is what the user sees (sanitise it: the
/// server's words are in it).
package enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server answered with a status other than 200 (or 304 to a conditional request).
    case status(url: String, code: Int)
    /// The body passed `limit` bytes, or the server declared more (`declared`, when it said).
    case tooLarge(url: String, limit: Int, declared: Int?)
    /// The answer was not HTTP/1.x or HTTP/2 (an HTTP/0.9 answer, another protocol on the port).
    case notHTTP(url: String, detail: String)
    /// A header line passed libcurl's limit for one (100 KB).
    case headersTooLarge(url: String)
    /// No progress for the stall timeout, or no connection within the connect timeout.
    case timeout(url: String, detail: String)
    case unreachable(url: String, detail: String)
    /// The connection was reset or closed mid-response, or the response was malformed.
    case broken(url: String, detail: String)
    /// A scheme other than http and https, or a redirect to one.
    case refused(url: String, detail: String)
    case failed(url: String, detail: String)
    /// Working offline, and the cache does not hold it.
    case notCached(url: String)
    /// A part of the resource was asked for (a byte range) and the server sent all of it.
    case noRanges(url: String)

    package var description: String {
        switch self {
        case .status(let url, let code) where code == 429: "\(url): the server answered HTTP 429 (too many requests; try again later)"
        case .status(let url, let code): "\(url): the server answered HTTP \(code)"
        case .tooLarge(let url, let limit, let declared?):
            "\(url): the server declares \(declared) bytes, more than the \(limit)-byte limit for one response"
        case .tooLarge(let url, let limit, nil): "\(url): more than the \(limit)-byte limit for one response"
        case .notHTTP(let url, let detail): "\(url): not an HTTP response (\(detail))"
        case .headersTooLarge(let url): "\(url): the answer's headers are too large (a line over libcurl's 100 KB; or memory ran out)"
        case .timeout(let url, let detail): "\(url): timed out (\(detail))"
        case .unreachable(let url, let detail): "\(url): cannot reach the server (\(detail))"
        case .broken(let url, let detail): "\(url): the connection broke (\(detail))"
        case .refused(let url, let detail): "\(url): refused: only http and https are followed (\(detail))"
        case .failed(let url, let detail): "\(url): \(detail)"
        case .notCached(let url): "\(url): not in the cache, and --offline forbids fetching it"
        case .noRanges(let url):
            "\(url): the server does not answer range requests (it sent the whole file); serve it from a host that does"
        }
    }

    /// Worth asking again after a pause: the server's error (5xx), too many requests (429), or
    /// a broken connection.
    var isTransient: Bool {
        switch self {
        case .status(_, let code): code >= 500 || code == 429
        case .broken, .unreachable: true
        default: false
        }
    }
}
