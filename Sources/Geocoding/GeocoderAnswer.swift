import BoundedJSON
import PanoCore

/// A geocoder's answer read into places, as each documents it: Nominatim's `jsonv2` (an array of
/// objects with `lat` and `lon` as strings, `name`, `display_name`, `category` and `type`) and
/// Photon's GeoJSON (`features`, each a Point with `properties.name`, `street`, `city`,
/// `country`, `osm_key` and `osm_value`). Entries without a valid place are skipped; nil when
/// the answer has neither shape.
enum GeocoderAnswer {
    static func nominatim(_ value: JSONValue) -> [GeocodedPlace]? {
        guard let entries = value.array else { return nil }
        return entries.compactMap { entry in
            guard let object = entry.object, let latitude = object["lat"]?.string.flatMap({ Double(decimal: $0) }),
                let longitude = object["lon"]?.string.flatMap({ Double(decimal: $0) }),
                let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            else { return nil }
            let address = object["display_name"]?.string ?? ""
            let name =
                object["name"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? address.split(separator: ",").first.map(String.init) ?? ""
            let kind = [object["category"]?.string, object["type"]?.string].compactMap { $0 }.joined(separator: "/")
            return GeocodedPlace(name: name, kind: kind, address: address, coordinate: coordinate)
        }
    }

    static func photon(_ value: JSONValue) -> [GeocodedPlace]? {
        guard let features = value.object?["features"]?.array else { return nil }
        return features.compactMap { feature in
            let numbers = feature.object?["geometry"]?.object?["coordinates"]?.array?.compactMap(\.number) ?? []
            guard numbers.count >= 2, let coordinate = Coordinate(latitude: numbers[1], longitude: numbers[0]),
                let properties = feature.object?["properties"]?.object
            else { return nil }
            let parts = ["name", "street", "city", "country"].compactMap { properties[$0]?.string }
            let kind = [properties["osm_key"]?.string, properties["osm_value"]?.string].compactMap { $0 }.joined(separator: "/")
            return GeocodedPlace(name: parts.first ?? "", kind: kind, address: parts.joined(separator: ", "), coordinate: coordinate)
        }
    }
}
