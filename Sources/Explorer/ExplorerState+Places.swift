import StreetModel

/// The street map's places around where you stand, taken from the front (docs/places.md).
extension ExplorerState {
    /// Takes the places the street map holds around where you stand (`PlacesAround`, read by the
    /// front on each arrival and as its tiles arrive): markers like the dataset's own. A focused
    /// place no longer among them loses the focus. True when they changed.
    @discardableResult
    package mutating func placesAround(_ places: [Marker]) -> Bool {
        guard navigation.adopt(places: places) else { return false }
        if case .marker(let id) = focus, !markers.contains(where: { $0.id == id }) { focusRing.clear() }
        return true
    }
}
