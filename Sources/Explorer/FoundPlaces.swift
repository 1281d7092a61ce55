import PanoCore
import StreetModel

/// A place a geocoder found on the web, as the explorer lists it (untrusted text, all of it).
package struct FoundPlace: Equatable, Sendable {
    package var name: String
    /// What it is, as the geocoder says (`amenity/townhall`); may be empty.
    package var kind: String
    /// Its whole address; may be empty.
    package var address: String
    package var coordinate: Coordinate

    package init(name: String, kind: String, address: String, coordinate: Coordinate) {
        (self.name, self.kind, self.address, self.coordinate) = (name, kind, address, coordinate)
    }

    /// One line of the list: "Town Hall · amenity/townhall · Main Street, Lindenfeld" (the
    /// address without the name it starts with).
    package var line: String {
        let rest = address.hasPrefix(name + ", ") ? String(address.dropFirst(name.count + 2)) : address == name ? "" : address
        return [name, kind, rest].filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

/// The places a web search found, shown as a list to choose from (`ExplorerState.found`).
package struct FoundPlaces: Equatable, Sendable {
    /// What was searched for.
    package var query: String
    package var places: [FoundPlace]
    /// The place the arrows have reached, 0..<places.count.
    package var selected = 0
    /// Whose data it is, shown and said with the list ("© OpenStreetMap contributors").
    package var attribution: String
}

/// The explorer's side of a web search (`/` or `:find` with no such name in the dataset): asked
/// for by `find` (`SearchAsked.web`), carried out by the front (off the loop on screen),
/// answered with `showFound`, and chosen from with the keys.
extension ExplorerState {
    /// Shows what the web search for `query` found (a list to choose from, said whole), or
    /// says why there is nothing.
    package mutating func showFound(_ result: Result<[FoundPlace], SearchFailure>, for query: String, attribution: String) {
        switch result {
        // What the dataset holds is said first; the web's failure in a few words after it.
        case .failure(let failure): note = "Nothing named '\(query)' in this dataset; the web search could not be made: \(failure)"
        case .success(let places) where places.isEmpty: note = "Nothing found for '\(query)', here or on the web"
        case .success(let places):
            let list = FoundPlaces(query: query, places: Array(places.prefix(9)), attribution: attribution)
            found = list
            let items = list.places.enumerated().map { "\($0.offset + 1) \($0.element.line)" }.joined(separator: "; ")
            let count = list.places.count
            note =
                "\(count) \(count == 1 ? "place" : "places") found for '\(query)': \(items). "
                + "Press its number, or Up, Down and Enter; Escape closes. Data \(attribution)."
        }
    }

    /// A key while the list is shown: arrows move, a number or Enter goes, Escape closes; true
    /// when what is shown changed.
    mutating func handleInFound(_ key: Key) -> Bool {
        guard var list = found else { return false }
        switch key {
        case .up, .down:
            list.selected = (list.selected + (key == .down ? 1 : list.places.count - 1)) % list.places.count
            found = list
            note = "\(list.selected + 1) of \(list.places.count): \(list.places[list.selected].line)"
        case .enter: go(to: list.places[list.selected])
        case .escape:
            found = nil
            note = "Search closed"
        case .character(let character) where character.wholeNumberValue.map({ (1...list.places.count).contains($0) }) == true:
            go(to: list.places[character.wholeNumberValue! - 1])
        default:
            note = "Press 1 to \(list.places.count), or Up, Down and Enter; Escape closes"
        }
        return true
    }

    /// Goes to the place at `index` of the list shown (a click on its line); nothing without one.
    mutating func chooseFound(_ index: Int) {
        guard let list = found, list.places.indices.contains(index) else { return }
        go(to: list.places[index])
    }

    /// Closes the list and goes to `place`, facing it (`goToView`).
    private mutating func go(to place: FoundPlace) {
        found = nil
        guard let service = navigation.service else { return }
        _ = goToView(of: NamedPlace(name: place.name, kind: .marker, coordinate: place.coordinate), in: service)
    }
}
