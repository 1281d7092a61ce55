import PanoCore

/// An area between two parallels and two meridians, degrees, as STAC's `bbox` gives it (west,
/// south, east, north); it does not cross the antimeridian.
package struct GeoBox: Equatable, Sendable, CustomStringConvertible {
    package let west: Double
    package let south: Double
    package let east: Double
    package let north: Double

    /// Largest side accepted, degrees: an import is for a neighbourhood, not a country.
    package static let largestSide = 0.5

    /// Reads `W,S,E,N`; the error says in a few words what is wrong.
    package static func parse(_ text: String) -> Result<GeoBox, TextError> {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.filter { $0 != " " }) }
        guard numbers.count == 4, let west = numbers[0], let south = numbers[1], let east = numbers[2], let north = numbers[3] else {
            return .failure(TextError(message: "needs WEST,SOUTH,EAST,NORTH in degrees, e.g. 2.347,48.852,2.352,48.855"))
        }
        guard Coordinate(latitude: south, longitude: west) != nil, Coordinate(latitude: north, longitude: east) != nil else {
            return .failure(TextError(message: "latitudes must be within ±90° and longitudes within ±180°"))
        }
        guard west < east, south < north else {
            return .failure(TextError(message: "west must be less than east, and south less than north"))
        }
        guard east - west <= largestSide, north - south <= largestSide else {
            return .failure(TextError(message: "is more than \(largestSide)° on a side"))
        }
        return .success(GeoBox(west: west, south: south, east: east, north: north))
    }

    /// What is wrong with a box's text, in a few words.
    package struct TextError: Error, Equatable, Sendable {
        package let message: String
    }

    package var description: String { "\(west),\(south),\(east),\(north)" }
}
