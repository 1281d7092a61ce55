import PanoCore
import StreetModel

/// Why a search gave nothing, in one line.
package struct SearchFailure: Error, Equatable, Sendable, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// How a front searches the web for a name (a geocoder, kept to its usage policy), blocking:
/// the fronts that speak call it at once; the full view calls it off its loop.
package struct WebSearch: Sendable {
    /// Whose data the answers are, said with them.
    package let attribution: String
    package let search: @Sendable (String) -> Result<[FoundPlace], SearchFailure>

    package init(attribution: String, search: @escaping @Sendable (String) -> Result<[FoundPlace], SearchFailure>) {
        self.attribution = attribution
        self.search = search
    }
}

/// How a front looks up places beyond the panoramas and markers in memory: the street map's
/// places around where you stand (markers like the dataset's own); and, for a name the names in
/// memory do not hold, the dataset's names index (a sharded dataset's, read from its files) and
/// the street map's names farther off, then a geocoder on the web. The searches block: the
/// fronts that speak call them at once, the full view off its loop.
package struct PlaceLookup: Sendable {
    /// Searches the dataset's names index and the street map's names for a name, ranked near a
    /// place (may be nil), best first; nil when there is nothing beyond the names in memory.
    package var names: (@Sendable (String, Coordinate?) -> Result<[PlaceMatch], SearchFailure>)?
    /// The geocoder asked when the dataset names no such place; nil when none may be asked.
    package var web: WebSearch?
    /// The street map's places around a point, as markers (`ExplorerState.placesAround`): with
    /// `waiting`, once its tiles there are read (off the full view's loop only), else from what
    /// has arrived. Nil without a street map.
    package var placesAround: (@Sendable (Coordinate, _ waiting: Bool) -> [Marker])?

    package init(
        names: (@Sendable (String, Coordinate?) -> Result<[PlaceMatch], SearchFailure>)? = nil, web: WebSearch? = nil,
        placesAround: (@Sendable (Coordinate, _ waiting: Bool) -> [Marker])? = nil
    ) {
        (self.names, self.web, self.placesAround) = (names, web, placesAround)
    }
}

extension ExplorerState {
    /// Lets `find` ask for the searches `lookup` can make (none for nil).
    package mutating func allowSearches(_ lookup: PlaceLookup?) {
        (namesIndexed, webSearchAllowed) = (lookup?.names != nil, lookup?.web != nil)
    }
}

/// A search `find` asks a front to make, because the names in memory do not hold the text.
package enum SearchAsked: Equatable, Sendable {
    /// In the dataset's names index (`PlaceLookup.names`), ranked near `near`.
    case names(String, near: Coordinate?)
    /// On the web (`PlaceLookup.web`).
    case web(String)
}
