import BoundedJSON
import PanoCore

/// A geocoder's answer read into places, as each documents it: Nominatim's `jsonv2` (an array of
/// objects with `lat` and `lon` as strings, `name`, `display_name`, `category` and `type`) and
/// Photon's GeoJSON (`features`, each a Point with `properties.name`, `street`, `city`,
/// `country`, `osm_key` and `osm_value`). Entries without a valid place or a name are skipped;
/// nil when the answer has neither shape.
enum GeocoderAnswer {
    static func nominatim(_ value: JSONValue) -> [GeocodedPlace]? {
        guard let entries = value.array else { return nil }
        return entries.compactMap { entry in
            guard let object = entry.object, let latitude = object["lat"]?.string.flatMap({ Double(decimal: $0) }),
                let longitude = object["lon"]?.string.flatMap({ Double(decimal: $0) }),
                let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            else { return nil }
            let address = object["display_name"]?.string ?? ""
            guard let name = named(object["name"]?.string) ?? named(address.split(separator: ",").first.map(String.init)) else {
                return nil
            }
            let kind = [object["category"]?.string, object["type"]?.string].compactMap { $0 }.joined(separator: "/")
            return GeocodedPlace(name: name, kind: kind, address: address, coordinate: coordinate)
        }
    }

    /// A Nominatim reverse answer (`jsonv2`: an object with `address`, whose `road`,
    /// `pedestrian`, `footway`, `path`, `square` or `place` names the way, and `city`, `town`,
    /// `village` or `hamlet` the town; else its `name`) as "Road, Town"; nil for its `error`.
    static func nominatimStreet(_ value: JSONValue) -> String? {
        guard let object = value.object, object["error"] == nil else { return nil }
        let address = object["address"]?.object
        let way = ["road", "pedestrian", "footway", "path", "square", "place"].lazy.compactMap { address?[$0]?.string }.first
        let town = ["city", "town", "village", "hamlet"].lazy.compactMap { address?[$0]?.string }.first
        return joined(way ?? object["name"]?.string, town)
    }

    /// A Photon reverse answer (GeoJSON; the first feature's `properties.street`, else `name`,
    /// and `city`) as "Street, City"; nil when it has no feature.
    static func photonStreet(_ value: JSONValue) -> String? {
        guard let properties = value.object?["features"]?.array?.first?.object?["properties"]?.object else { return nil }
        return joined(properties["street"]?.string ?? properties["name"]?.string, properties["city"]?.string)
    }

    /// `text` when it has more than white space in it; nil for none.
    private static func named(_ text: String?) -> String? {
        text.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
    }

    /// "Way, Town", either alone, or nil with neither (empty parts count as none).
    private static func joined(_ way: String?, _ town: String?) -> String? {
        let parts = [way, town].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func photon(_ value: JSONValue) -> [GeocodedPlace]? {
        guard let features = value.object?["features"]?.array else { return nil }
        return features.compactMap { feature in
            let numbers = feature.object?["geometry"]?.object?["coordinates"]?.array?.compactMap(\.number) ?? []
            guard numbers.count >= 2, let coordinate = Coordinate(latitude: numbers[1], longitude: numbers[0]),
                let properties = feature.object?["properties"]?.object
            else { return nil }
            let parts = ["name", "street", "city", "country"].compactMap { named(properties[$0]?.string) }
            guard let name = parts.first else { return nil }
            let kind = [properties["osm_key"]?.string, properties["osm_value"]?.string].compactMap { $0 }.joined(separator: "/")
            return GeocodedPlace(name: name, kind: kind, address: parts.joined(separator: ", "), coordinate: coordinate)
        }
    }
}
