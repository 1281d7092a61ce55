import Testing

@testable import RemoteData

/// Retry-After as servers send it (RFC 9110 §10.2.3): delay-seconds is honoured; a date, or
/// anything else, falls back to the client's own backoff.
@Suite("Retry-After")
struct RetryAfterTests {
    @Test("delay-seconds is read; dates, negatives and nonsense are not")
    func seconds() {
        #expect(HTTPClient.seconds("1") == 1)
        #expect(HTTPClient.seconds(" 120 ") == 120)
        #expect(HTTPClient.seconds("Wed, 21 Oct 2015 07:28:00 GMT") == nil)
        #expect(HTTPClient.seconds("-5") == nil)
        #expect(HTTPClient.seconds("1e9") == nil)
        #expect(HTTPClient.seconds("99999999") == nil)
    }

    @Test("429 is worth asking again, as 5xx is; other 4xx are not")
    func transient() {
        #expect(HTTPError.status(url: "u", code: 429).isTransient)
        #expect(HTTPError.status(url: "u", code: 503).isTransient)
        #expect(!HTTPError.status(url: "u", code: 404).isTransient)
        #expect(HTTPError.status(url: "u", code: 429).description.contains("too many requests"))
    }
}
