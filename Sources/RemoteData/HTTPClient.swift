import CCurl
import ProductInfo
import SystemIO

#if canImport(Glibc)
import Glibc
#endif

/// HTTP and HTTPS GETs through libcurl, with limits enforced by the transfer itself rather than
/// trusted to the server: a connect timeout, a stalled-read timeout, a total timeout, a byte cap
/// per response, redirects only to http and https, and retries with backoff for 5xx answers
/// and broken connections, and for 429 (too many requests) after the pause the server's
/// Retry-After asks for. Every request says who is asking (`userAgent`). Connections are shared between threads and kept alive, so requests
/// to one host reuse them (callers keep to at most `TileCache.workers` at once). Blocking: call it
/// from a worker thread.
package struct HTTPClient: Sendable {
    /// Seconds to connect, and seconds a response may go without a byte, > 0.
    package var timeout: Double
    /// Seconds one request may take in all, > 0.
    package var totalSeconds: Int = 300
    /// Further attempts after a transient failure, each after twice the pause before it.
    package var retries: Int = 3
    /// Seconds before the first retry.
    package var firstPause: Double = 0.25
    /// When every request must have ended, `FileDescriptorIO.monotonicSeconds()`: a whole
    /// command's time limit (`--deadline`), which cuts each request's own limits and refuses a
    /// pause that would pass it; nil for none (the explorer, which has no end to wait for).
    package var deadline: Double?
    /// Told of each request while it is in flight, retries included; nil for none.
    package var watch: FetchWatch?

    /// The default `timeout`, seconds.
    package static let defaultTimeout = 10.0

    /// The longest pause before a retry, seconds: a server asking (Retry-After) for longer gets
    /// its answer reported instead of a wait that looks like a hang.
    package static let longestPause = 30.0

    /// What every request says it is, so a server's operators can tell who asks and why.
    package static let userAgent = "sidewalk/\(ProductVersion.number) (street-level panoramas in a terminal; libcurl)"

    /// A response that arrived: 200, or 304 to a conditional request.
    package struct Response: Sendable {
        package let status: Int
        package let body: [UInt8]
        package let etag: String?
        package let cacheControl: String?
    }

    package init(timeout: Double = HTTPClient.defaultTimeout) {
        self.timeout = timeout
        _ = Self.initialised
    }

    private static let initialised: Bool = sw_http_init() == 0

    /// True when `text` is an http or https URL.
    package static func isWebAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// GETs `url` (at most `maxBytes` of body), conditionally on `etag` when given, only the
    /// bytes `range` when given (answered 206; a server that sends the whole file instead is
    /// `noRanges`), with `authorization` when given, retrying transient failures. Errors and the
    /// watch name the address with its credentials hidden (`URLSecrets`).
    package func get(
        _ url: String, maxBytes: Int, etag: String? = nil, range: Range<Int>? = nil, authorization: HTTPAuthorization? = nil
    ) throws(HTTPError) -> Response {
        let shown = URLSecrets.redacted(url)
        let token = watch?.begin(shown)
        defer { if let token { watch?.end(token) } }
        var pause = firstPause
        var attempt = 0
        while true {
            let left = deadline.map { $0 - FileDescriptorIO.monotonicSeconds() }
            if let left, left <= 0 { throw Self.pastDeadline(shown) }
            do {
                let request = Request(url: url, shown: shown, etag: etag, range: range, authorization: authorization)
                return try once(request, maxBytes: maxBytes, secondsLeft: left)
            } catch {
                let asked = error.retryAfter ?? 0
                guard error.reason.isTransient, attempt < retries, asked <= Self.longestPause else { throw error.reason }
                let wait = max(pause, asked)
                if let deadline, FileDescriptorIO.monotonicSeconds() + wait >= deadline { throw error.reason }
                attempt += 1
                usleep(useconds_t(wait * 1_000_000))
                pause *= 2
            }
        }
    }

    /// The failure of a request the command's deadline cut short.
    private static func pastDeadline(_ url: String) -> HTTPError {
        .timeout(url: url, detail: "the command's time limit ran out; --deadline SECONDS gives it longer")
    }

    /// Why one attempt failed, and the pause the server asked for before the next, seconds.
    private struct AttemptFailure: Error {
        let reason: HTTPError
        var retryAfter: Double?
    }

    /// What one attempt asks: the address, and as errors name it (`URLSecrets`).
    private struct Request {
        let url: String
        let shown: String
        let etag: String?
        let range: Range<Int>?
        let authorization: HTTPAuthorization?
    }

    /// One attempt, given at most `secondsLeft` (the deadline's) besides its own limits.
    private func once(_ request: Request, maxBytes: Int, secondsLeft: Double?) throws(AttemptFailure) -> Response {
        let (etag, range, url) = (request.etag, request.range, request.shown)
        guard Self.isWebAddress(request.url) else {
            throw AttemptFailure(reason: .refused(url: url, detail: "not an http or https address"))
        }
        var response = sw_http_response()
        var message = [CChar](repeating: 0, count: 512)
        let body = BodyBuffer(maxBytes: maxBytes)
        let total = min(Double(totalSeconds), secondsLeft ?? .infinity)
        let bytes = range.map { "\($0.lowerBound)-\($0.upperBound - 1)" } ?? ""
        let status = (etag ?? "").withCString { condition in
            bytes.withCString { rangeText in
                Self.userAgent.withCString { agent in
                    (request.authorization?.headerValue ?? "").withCString { authorization in
                        let options = sw_http_options(
                            connect_timeout_ms: Int(min(timeout, total) * 1000),
                            stall_seconds: max(1, Int(min(timeout, total).rounded(.up))), total_seconds: max(1, Int(total.rounded(.up))),
                            max_bytes: maxBytes, if_none_match: condition, range: rangeText, user_agent: agent,
                            authorization: authorization, sink: BodyBuffer.receive, sink_context: Unmanaged.passUnretained(body).toOpaque())
                        return withExtendedLifetime(body) { sw_http_get(request.url, options, &response, &message, message.count) }
                    }
                }
            }
        }
        // A part asked for and the whole sent (200): the server ignores ranges, whatever came of it.
        if range != nil, response.status == 200 { throw AttemptFailure(reason: .noRanges(url: url)) }
        let detail = URLSecrets.redacted(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        switch status {
        case SW_HTTP_OK: break
        case SW_HTTP_TOO_LARGE:
            let declared = response.declared_length > maxBytes ? Int(response.declared_length) : nil
            throw AttemptFailure(reason: .tooLarge(url: url, limit: maxBytes, declared: declared))
        case SW_HTTP_NOT_HTTP: throw AttemptFailure(reason: .notHTTP(url: url, detail: detail))
        case SW_HTTP_HEADERS_TOO_LARGE: throw AttemptFailure(reason: .headersTooLarge(url: url))
        case SW_HTTP_TIMEOUT:
            // libcurl's total limit is in whole seconds (rounded up): a time-out within half a
            // second of the deadline is the deadline's.
            let cut = deadline.map { FileDescriptorIO.monotonicSeconds() >= $0 - 0.5 } ?? false
            throw AttemptFailure(reason: cut ? Self.pastDeadline(url) : .timeout(url: url, detail: detail))
        case SW_HTTP_CONNECT: throw AttemptFailure(reason: .unreachable(url: url, detail: detail))
        case SW_HTTP_BROKEN: throw AttemptFailure(reason: .broken(url: url, detail: detail))
        case SW_HTTP_REFUSED: throw AttemptFailure(reason: .refused(url: url, detail: detail))
        default: throw AttemptFailure(reason: .failed(url: url, detail: detail))
        }
        let code = Int(response.status)
        guard code == (range == nil ? 200 : 206) || (code == 304 && etag != nil) else {
            throw AttemptFailure(reason: .status(url: url, code: code), retryAfter: Self.text(response.retry_after).flatMap(Self.seconds))
        }
        return Response(status: code, body: body.bytes, etag: Self.text(response.etag), cacheControl: Self.text(response.cache_control))
    }

    /// A Retry-After value in its delay-seconds form, 0...86400; nil for anything else (an
    /// HTTP date is answered with the client's own backoff).
    static func seconds(_ retryAfter: String) -> Double? {
        guard let seconds = Int(retryAfter.filter { $0 != " " }), (0...86_400).contains(seconds) else { return nil }
        return Double(seconds)
    }

    /// A fixed-size C string field as a String, nil when empty.
    private static func text<T>(_ field: T) -> String? {
        withUnsafeBytes(of: field) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// One response's body, in the one buffer it is kept in: reserved at the length the server
/// declared (at most the cap) when it declared one, so a plain body is neither copied nor
/// grown; a compressed one grows as it inflates, never past the cap (libcurl's side checks it).
private final class BodyBuffer {
    var bytes: [UInt8] = []
    let maxBytes: Int

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// The transfer's sink (`sw_http_sink`); the context is an unretained `BodyBuffer`.
    static let receive: sw_http_sink = { context, chunk, count, expected in
        guard let context, let chunk else { return count == 0 ? 0 : 1 }
        let buffer = Unmanaged<BodyBuffer>.fromOpaque(context).takeUnretainedValue()
        if buffer.bytes.isEmpty, expected > 0 { buffer.bytes.reserveCapacity(min(Int(expected), buffer.maxBytes)) }
        buffer.bytes.append(contentsOf: UnsafeBufferPointer(start: chunk, count: count))
        return 0
    }
}
