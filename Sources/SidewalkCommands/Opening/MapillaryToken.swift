import Datasets
import FoundationEssentials
import RemoteData
import SystemIO

extension DatasetOpener {
    /// The environment variable that may hold the Mapillary client token.
    static let tokenVariable = "MAPILLARY_ACCESS_TOKEN"
    /// Where a user gets a token.
    static let tokenPage = "https://www.mapillary.com/dashboard/developers"

    /// The Mapillary client token: from --token-file, else `MAPILLARY_ACCESS_TOKEN`, else the
    /// file the config's `mapillaryTokenFile` names. Never from an argument (`ps` shows those).
    /// None is one line saying where to get one; a file that holds none names the file, never
    /// what it holds.
    func mapillaryToken(environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandError) -> Secret {
        if let tokenFile { return try Self.token(inFile: tokenFile) }
        if let value = environment[Self.tokenVariable], !value.isEmpty {
            guard let token = Secret(value) else {
                throw .credentials("\(Self.tokenVariable) holds no token: one word of printable characters")
            }
            return token
        }
        if let file = try ConfigFile.load(environment: environment).mapillaryTokenFile { return try Self.token(inFile: file) }
        throw .credentials(
            "Mapillary needs a client token (free): get one at \(Self.tokenPage), then set \(Self.tokenVariable) "
                + "or give --token-file FILE (docs/mapillary.md)")
    }

    /// The token a file holds: its one line, at most `Secret.longestValue` bytes.
    private static func token(inFile path: String) throws(CommandError) -> Secret {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: Secret.longestValue + 2) } catch { throw .file(error) }
        guard let token = Secret(String(decoding: bytes, as: UTF8.self)) else {
            throw .credentials("\(path): holds no token: one line of printable characters")
        }
        return token
    }
}
