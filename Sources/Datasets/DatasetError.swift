import RemoteData
import SystemIO

/// Why a dataset could not be opened. `description` is what the user sees (sanitise it).
package enum DatasetError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    /// The manifest file itself could not be read (not a regular file, unreadable).
    case file(FileError)
    case tooLarge(path: String, bytes: Int, limit: Int)
    case notJSON(path: String, detail: String)
    /// The manifest is JSON but breaks the format; every problem found is listed.
    case invalid(path: String, problems: [ManifestProblem])
    /// A manifest could not be written as JSON (a number JSON cannot hold).
    case notEncodable(detail: String)
    /// A web API (Panoramax) could not be asked, or would not answer.
    case web(HTTPError)
    /// A Panoramax picture asked for by id is flat (its field of view, degrees, if known), and
    /// only 360° pictures are walked.
    case flatPicture(address: String, fieldOfView: Double?)
    /// A shard (`path`, said to hold `count` panoramas) not read: beside the shards near it, a
    /// walk would hold more than `most` panoramas (`Dataset.heldPanoramas`).
    case tooManyHeld(path: String, count: Int, most: Int)
    /// A service (Mapillary) refused the access token: HTTP 401 or 403 (`status`). Never retried.
    case tokenRefused(service: String, status: Int)

    package var description: String {
        switch self {
        case .notFound(let path): "\(path): no dataset here (no such file or folder, or no manifest.json in it)"
        case .file(let error): error.description
        case .tooLarge(let path, let bytes, let limit): "\(path): \(bytes) bytes is more than the \(limit)-byte limit for a manifest"
        case .notJSON(let path, let detail): "\(path): not valid JSON: \(detail)"
        case .invalid(let path, let problems):
            problems.count == 1 ? "\(path): \(problems[0])" : "\(path): \(problems.count) problems, the first: \(problems[0])"
        case .notEncodable(let detail): "the manifest could not be encoded: \(detail)"
        case .web(let error): error.description
        case .flatPicture(let address, let fieldOfView):
            "\(address): a flat picture (\(fieldOfView.map { "\(Int($0.rounded()))°" } ?? "field of view not given")); "
                + "only 360° pictures are walked unless --all-pictures is given"
        case .tooManyHeld(let path, let count, let most):
            "\(path): not read: its \(count) panoramas and those of the shards near it are more than the \(most) a walk holds at once"
        case .tokenRefused(let service, let status):
            "\(service) refused the access token (HTTP \(status)): it is not a valid client token, or it was revoked"
        }
    }
}

extension DatasetError {
    /// True when the service could not be asked (no connection, offline and not cached, too
    /// many requests, a server failing), rather than that it has no good answer for this: what
    /// was asked is asked again later.
    var isUnavailable: Bool {
        guard case .web(let failure) = self else { return false }
        switch failure {
        case .status(_, let code): return code == 429 || code == 503
        case .unreachable, .timeout, .broken, .notCached, .failed: return true
        case .tooLarge, .refused, .notHTTP, .headersTooLarge, .noRanges: return false
        }
    }

    /// True when the service refused the credentials: nothing else will be answered either.
    var isRefusal: Bool {
        if case .tokenRefused = self { return true }
        return false
    }
}
