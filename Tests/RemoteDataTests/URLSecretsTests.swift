import Testing

@testable import RemoteData

@Suite("Credentials hidden in addresses and values")
struct URLSecretsTests {
    /// Addresses as the services document them: Mapillary's tiles (`access_token=`, its client
    /// tokens look like `MLY|id|hex`), an Azure SAS (`sig=`), an S3 presigned URL
    /// (`X-Amz-Signature`, `X-Amz-Credential`), a Google signed URL; and what is not a credential.
    @Test(
        "the value of every credential parameter is hidden, and nothing else",
        arguments: [
            (
                "https://tiles.mapillary.com/maps/vtp/mly1_public/2/14/8192/5461?access_token=MLY|4142433049200173|72206abe5035850d6743b23a49c41333",
                "https://tiles.mapillary.com/maps/vtp/mly1_public/2/14/8192/5461?access_token=REDACTED"
            ),
            (
                "https://acct.blob.core.windows.net/town/manifest.json?sv=2022-11-02&se=2026-12-08&sr=c&sp=r&sig=abc%2Fdef%3D",
                "https://acct.blob.core.windows.net/town/manifest.json?sv=2022-11-02&se=2026-12-08&sr=c&sp=r&sig=REDACTED"
            ),
            (
                "https://b.s3.amazonaws.com/a.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20261207&X-Amz-Signature=fe5f80&x=1",
                "https://b.s3.amazonaws.com/a.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=REDACTED&X-Amz-Signature=REDACTED&x=1"
            ),
            (
                "https://storage.googleapis.com/b/o?X-Goog-Signature=0a1b#frag",
                "https://storage.googleapis.com/b/o?X-Goog-Signature=REDACTED#frag"
            ),
            ("http://127.0.0.1:8/a?token=t1;api_key=k2", "http://127.0.0.1:8/a?token=REDACTED;api_key=REDACTED"),
            (
                "https://example.org/a?key=1&tokens=2&my_token=3&q=access_token=4",
                "https://example.org/a?key=1&tokens=2&my_token=3&q=access_token=4"
            ),
            ("https://example.org/town/manifest.json", "https://example.org/town/manifest.json"),
            (
                "GET http://h/x?access_token=abc failed: no route (see http://h/y?Access_Token=def)",
                // The closing bracket goes with the value: a little more hidden, never less.
                "GET http://h/x?access_token=REDACTED failed: no route (see http://h/y?Access_Token=REDACTED"
            ),
            ("https://h/x?access_token=&b=1", "https://h/x?access_token=REDACTED&b=1")
        ])
    func redaction(given: String, expected: String) {
        #expect(URLSecrets.redacted(given) == expected)
    }

    @Test("a secret is never shown: printed, interpolated, reflected or dumped, it is '(secret)'")
    func secretIsNeverShown() throws {
        let secret = try #require(Secret("MLY|4142433049200173|72206abe5035850d6743b23a49c41333\n"))
        #expect(secret.value == "MLY|4142433049200173|72206abe5035850d6743b23a49c41333")
        var dumped = ""
        dump(secret, to: &dumped)
        dump(HTTPAuthorization(scheme: "OAuth", secret: secret), to: &dumped)
        let shown = [
            "\(secret)", String(describing: secret), String(reflecting: secret), dumped,
            "\(HTTPAuthorization(scheme: "OAuth", secret: secret))",
            "\([secret])", "\(Optional(secret) as Any)"
        ]
        for text in shown {
            #expect(!text.contains("4142433049200173"), "\(text)")
        }
        #expect("\(secret)" == "(secret)")
    }

    @Test(
        "a secret is printable ASCII of 1 to 4096 bytes, without the white space around it",
        arguments: ["", " \n", "a\r\nX-Injected: 1", "tab\there", "é", String(repeating: "a", count: 4097)])
    func refusedValues(text: String) {
        #expect(Secret(text) == nil)
    }
}

@Suite("A secret in an address")
struct SecretAddressTests {
    @Test("a token given in an address is percent-encoded there, and hidden wherever the address is shown")
    func tokenInAddress() throws {
        let token = try #require(Secret("MLY|4142433049200173|72206abe"))
        let address = token.address("https://tiles.mapillary.com/maps/vtp/mly1_public/2/14/1/2", withQueryItem: "access_token")
        #expect(address == "https://tiles.mapillary.com/maps/vtp/mly1_public/2/14/1/2?access_token=MLY%7C4142433049200173%7C72206abe")
        #expect(URLSecrets.redacted(address) == "https://tiles.mapillary.com/maps/vtp/mly1_public/2/14/1/2?access_token=REDACTED")
        #expect(
            token.address("https://h/t?x=1", withQueryItem: "access_token")
                == "https://h/t?x=1&access_token=MLY%7C4142433049200173%7C72206abe")
    }
}
