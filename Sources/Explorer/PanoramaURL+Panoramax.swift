import PanoCore

extension PanoramaURL {
    /// A Panoramax viewer's permalink (docs.panoramax.fr, web viewer "URL settings"):
    /// `https://HOST/?pic=ID&map=ZOOM/LAT/LNG&xyz=HEADING/PITCH/ZOOM`, or the same fields after
    /// `#` as older viewers write them. The picture wins over the map's centre; the viewer's own
    /// zoom (0–100) is not carried over.
    static func panoramaxViewer(origin: String, query: [String: String], fragment: [String: String]) throws(PanoramaURLError) -> PanoramaURL
    {
        let fields = query.merging(fragment) { fromQuery, _ in fromQuery }
        guard fields["pic"] != nil || fields["map"] != nil else {
            throw PanoramaURLError("not a Google Maps or Panoramax viewer URL (a Panoramax URL has pic=ID or map=ZOOM/LAT/LNG)")
        }
        var url = PanoramaURL()
        url.server = origin
        if let id = fields["pic"] {
            guard !id.isEmpty, id.count <= 256 else { throw PanoramaURLError("pic must be a picture id of 1 to 256 characters") }
            url.panoramaID = id
        }
        if let map = fields["map"], map != "none" {
            let parts = map.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3, case .success(let place) = Coordinate.parse("\(parts[1]),\(parts[2])") else {
                throw PanoramaURLError("map must be ZOOM/LAT/LNG, not '\(map)'")
            }
            url.place = place
        }
        if url.panoramaID == nil, url.place == nil { throw PanoramaURLError("the URL names no place: it needs pic=ID or map=ZOOM/LAT/LNG") }
        if let xyz = fields["xyz"] {
            let parts = xyz.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { throw PanoramaURLError("xyz must be HEADING/PITCH/ZOOM, not '\(xyz)'") }
            url.heading = try number(["xyz heading": parts[0]], "xyz heading", in: 0...360)
            url.pitch = try number(["xyz pitch": parts[1]], "xyz pitch", in: -90...90)
        }
        return url
    }
}
