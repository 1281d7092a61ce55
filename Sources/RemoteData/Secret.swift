/// A value that must never be shown: a service's access token. Printed, interpolated, dumped or
/// mirrored it is "(secret)", so it cannot reach a log, an error, an events line or a recording
/// by being described; only this module reads the value: `HTTPClient` to make a request, and
/// `address(_:withQueryItem:)` for the one service that takes it in an address.
package struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The value, without surrounding white space.
    let value: String

    /// The longest value taken, bytes: tokens are far shorter, and a header line is not a file.
    package static let longestValue = 4096

    /// `text` without surrounding white space (a token file's newline); nil when that is empty,
    /// longer than `longestValue`, or holds anything but printable ASCII (a header line cannot
    /// carry it, and a control character could end the header).
    package init?(_ text: String) {
        let trimmed = text.utf8.drop { Self.isSpace($0) }.reversed().drop { Self.isSpace($0) }.reversed()
        guard !trimmed.isEmpty, trimmed.count <= Self.longestValue, trimmed.allSatisfy({ (0x21...0x7e).contains($0) }) else {
            return nil
        }
        value = String(decoding: trimmed, as: UTF8.self)
    }

    /// `address` with the secret as its query parameter `name`, for a service documented to take
    /// its token in the address (Mapillary's tiles). `name` must be one `URLSecrets` hides, so
    /// errors, the watch and the HTTP cache never show the value; give the result only to
    /// `HTTPCache` or `HTTPClient`.
    package func address(_ address: String, withQueryItem name: String) -> String {
        precondition(URLSecrets.names.contains(name.lowercased()), "\(name) is not a parameter whose value is hidden")
        return address + (address.contains("?") ? "&" : "?") + name + "=" + PercentEncoding.encode(value, keeping: "-._~")
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d }

    package var description: String { "(secret)" }
    package var debugDescription: String { "(secret)" }
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// An `Authorization` header: a scheme ("OAuth", "Bearer") and the secret after it. libcurl
/// sends it only to the host asked, never after a redirect to another (CURLOPT_UNRESTRICTED_AUTH
/// off, tested).
package struct HTTPAuthorization: Sendable, Equatable {
    package let scheme: String
    package let secret: Secret

    package init(scheme: String, secret: Secret) {
        self.scheme = scheme
        self.secret = secret
    }

    /// The header's value.
    var headerValue: String { scheme + " " + secret.value }
}
