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

/// How a front looks up a name the panoramas and markers in memory do not hold: the dataset's
/// names index (a sharded dataset's, read from its files), then a geocoder on the web. Both
/// block: the fronts that speak call them at once, the full view off its loop.
package struct PlaceLookup: Sendable {
    /// Searches the dataset's names index for a name, ranked near a place (may be nil), best
    /// first; nil when all of the dataset's names are in memory.
    package var names: (@Sendable (String, Coordinate?) -> Result<[PlaceMatch], SearchFailure>)?
    /// The geocoder asked when the dataset names no such place; nil when none may be asked.
    package var web: WebSearch?

    package init(
        names: (@Sendable (String, Coordinate?) -> Result<[PlaceMatch], SearchFailure>)? = nil, web: WebSearch? = nil
    ) {
        (self.names, self.web) = (names, web)
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
