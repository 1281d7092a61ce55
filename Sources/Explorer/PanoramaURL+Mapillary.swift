import PanoCore
import StreetModel

extension PanoramaURL {
    /// Mapillary's web app, as its share button links an image:
    /// `https://www.mapillary.com/app/?pKey=ID&lat=LAT&lng=LNG&z=ZOOM`; the image wins over the
    /// map's centre, and either is enough. Opens on Mapillary (`dataset` is `mapillary:`).
    static func mapillaryViewer(path: Substring, query fields: [String: String]) throws(PanoramaURLError) -> PanoramaURL {
        guard path == "/app" || path == "/app/" else {
            throw PanoramaURLError("a Mapillary URL opens an image from its app: https://www.mapillary.com/app/?pKey=ID")
        }
        var url = PanoramaURL()
        url.server = "https://www.mapillary.com"
        url.dataset = "mapillary:"
        if let id = fields["pKey"] {
            guard (1...32).contains(id.utf8.count), id.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw PanoramaURLError("pKey must be a Mapillary image id (1 to 32 digits), not '\(id)'")
            }
            url.panoramaID = id
        }
        if fields["lat"] != nil || fields["lng"] != nil {
            guard let lat = fields["lat"], let lng = fields["lng"], case .success(let place) = Coordinate.parse("\(lat),\(lng)") else {
                throw PanoramaURLError("lat and lng must be given together, as degrees")
            }
            url.place = place
        }
        if url.panoramaID == nil, url.place == nil { throw PanoramaURLError("the URL names no image: it needs pKey=ID or lat= and lng=") }
        return url
    }

    /// Mapillary's link to `panorama` (an image of its), with the map at its place, the form
    /// `mapillaryViewer` reads back.
    package static func mapillaryViewerURL(panorama: Panorama) -> String {
        let place = "&lat=\(rounded(panorama.coordinate.latitude, 6))&lng=\(rounded(panorama.coordinate.longitude, 6))&z=17"
        return "https://www.mapillary.com/app/?pKey=" + percentEncoded(panorama.id) + place
    }
}
