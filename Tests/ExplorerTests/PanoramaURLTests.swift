import Explorer
import PanoCore
import StreetModel
import Testing

@Suite("URLs")
struct PanoramaURLTests {
    @Test(
        "each accepted form",
        arguments: [
            (
                "https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=48.857832,2.295226&heading=-45&pitch=38&fov=80",
                PanoramaURL(place: Coordinate(latitude: 48.857832, longitude: 2.295226), heading: -45, pitch: 38, fov: 80)
            ),
            (
                "https://www.google.com/maps/@?api=1&map_action=pano&pano=tu510ie_z4ptBZYo2BGEJg&heading=270",
                PanoramaURL(panoramaID: "tu510ie_z4ptBZYo2BGEJg", heading: 270)
            ),
            (
                "https://google.com/maps/@?map_action=pano&api=1&viewpoint=-33.8,151.2",
                PanoramaURL(place: Coordinate(latitude: -33.8, longitude: 151.2))
            ),
            (
                "comgooglemaps://?center=46.414382,10.013988&mapmode=streetview",
                PanoramaURL(place: Coordinate(latitude: 46.414382, longitude: 10.013988))
            ),
            (
                "sidewalk://view?pano=main%2D3&heading=90&pitch=-5&fov=45",
                PanoramaURL(panoramaID: "main-3", heading: 90, pitch: -5, fov: 45)
            ),
            ("SIDEWALK://view?pano=caf%C3%A9+corner", PanoramaURL(panoramaID: "café corner")),
            ("sidewalk://view", PanoramaURL())
        ] as [(String, PanoramaURL)])
    func accepted(text: String, expected: PanoramaURL) throws {
        #expect(try PanoramaURL.parse(text) == expected)
    }

    @Test(
        "malformed URLs get one clear line",
        arguments: [
            ("www.google.com/maps", "not a URL: no scheme (https://, comgooglemaps://, sidewalk:// or geo:)"),
            ("ftp://x?pano=a", "unsupported scheme 'ftp' (https, comgooglemaps or sidewalk)"),
            (
                "https://example.com/maps/@?api=1&map_action=pano&pano=a",
                "not a Google Maps or Panoramax viewer URL (a Panoramax URL has pic=ID or map=ZOOM/LAT/LNG)"
            ),
            ("https://api.panoramax.xyz/?map=19/48.85", "map must be ZOOM/LAT/LNG, not '19/48.85'"),
            ("https://api.panoramax.xyz/?map=none", "the URL names no place: it needs pic=ID or map=ZOOM/LAT/LNG"),
            ("https://api.panoramax.xyz/?pic=a&xyz=10/20", "xyz must be HEADING/PITCH/ZOOM, not '10/20'"),
            ("https://api.panoramax.xyz/#pic=a&xyz=10/95/0", "xyz pitch 95 is out of range (-90...90)"),
            (
                "https://www.google.com/maps/@?map_action=pano&pano=a",
                "a Google Maps URL needs api=1, or /@LAT,LNG,... as a browser shows it"
            ),
            ("https://www.google.com/maps/@48.85,2.35,15z", "this Google Maps URL shows a map, not Street View (no y, h and t)"),
            ("https://www.google.com/maps/@?api=1&map_action=map&center=1,2", "only map_action=pano (Street View) URLs open panoramas"),
            (
                "https://www.google.com/maps/@?api=1&map_action=pano&heading=3",
                "the URL names no place: it needs viewpoint=LAT,LNG or pano=ID"
            ),
            (
                "https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=91,0",
                "viewpoint 91,0: latitude 91 is out of range (-90 to 90 degrees)"
            ),
            (
                "https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=1;2",
                "viewpoint 1;2: needs LAT,LNG in degrees, e.g. 48.2082,16.3738"
            ),
            ("https://www.google.com/maps/@?api=1&map_action=pano&pano=a&heading=400", "heading 400 is out of range (-180...360)"),
            ("https://www.google.com/maps/@?api=1&map_action=pano&pano=a&pitch=-91", "pitch -91 is out of range (-90...90)"),
            ("https://www.google.com/maps/@?api=1&map_action=pano&pano=a&fov=5", "fov 5 is out of range (10...100)"),
            ("https://www.google.com/maps/@?api=1&map_action=pano&pano=a&fov=wide", "fov must be a decimal number, not 'wide'"),
            ("https://www.google.com/maps/@?api=1&map_action=pano&pano=a&pano=b", "pano is given twice"),
            ("comgooglemaps://?center=1,2", "a comgooglemaps:// URL opens a panorama only with mapmode=streetview"),
            ("comgooglemaps://?mapmode=streetview", "comgooglemaps:// needs center=LAT,LNG"),
            ("sidewalk://elsewhere?pano=a", "sidewalk:// URLs look like sidewalk://view?pano=ID&heading=H"),
            ("sidewalk://view?pano=a%zz", "a % in the URL is not followed by two hex digits"),
            ("sidewalk://view?pano=%ff", "the URL decodes to invalid UTF-8")
        ])
    func malformed(text: String, message: String) {
        #expect(throws: PanoramaURLError(message)) { try PanoramaURL.parse(text) }
    }

    @Test(
        "control characters are refused, raw or percent-encoded: escape, C1 CSI, newline, bidi overrides",
        arguments: [
            "sidewalk://view?pano=a\u{1B}]0;owned\u{07}", "sidewalk://view?pano=%1B%5B2J", "sidewalk://view?pano=%C2%9B2J",
            "sidewalk://view?pano=a%0Ab", "sidewalk://view?pano=%E2%80%AEevil",
            "https://www.google.com/maps/@?api=1&map_action=pano&pano=\r",
            // Found by fuzzing: the Arabic letter mark (U+061C), a bidi mark the sanitiser removes, got through.
            "sidewalk://view?pano=caf%C3%A9,\u{061C}x", "sidewalk://view?pano=%D8%9Cx", "sidewalk://view?pano=%E2%80%8Fx"
        ])
    func controlCharacters(text: String) {
        #expect(throws: PanoramaURLError("the URL contains control characters")) { try PanoramaURL.parse(text) }
    }

    @Test(
        "Google Maps Street View URLs as a browser shows them: place, y (fov), h (heading), t (90 is level), the !1s panorama id",
        arguments: [
            (
                "https://www.google.com/maps/@51.5083663,-0.1114931,2a,75y,260.89h,78.32t/data=!3m7!1e1!3m5!1sjJXYsBpPPqWuvSR5RUaIEQ!2e0!6s%2F%2Fgeo2.ggpht.com%2Fcbk%3Fpanoid%3DjJXYsBpPPqWuvSR5RUaIEQ!7i13312!8i6656",
                PanoramaURL(
                    panoramaID: "jJXYsBpPPqWuvSR5RUaIEQ", place: Coordinate(latitude: 51.5083663, longitude: -0.1114931), heading: 260.89,
                    pitch: 78.32 - 90, fov: 75)
            ),
            (
                "https://www.google.com/maps/@46.9412,7.4453,3a,90y,90h,95t/data=!3m6!1e1!3m4!1smain-3!2e0!7i16384!8i8192?entry=ttu",
                PanoramaURL(panoramaID: "main-3", place: Coordinate(latitude: 46.9412, longitude: 7.4453), heading: 90, pitch: 5, fov: 90)
            ),
            (
                "https://www.google.com/maps/@-33.8568,151.2153,3a,15y,400h,90t",
                PanoramaURL(
                    place: Coordinate(latitude: -33.8568, longitude: 151.2153),
                    heading: 40, pitch: 0, fov: 15)
            ),
            (
                "https://maps.google.com/maps/@46.9412,7.4453,3a,75y,0h,90t/data=!3m5!1e1!3m3!1sca%C3%A9!2e0",
                PanoramaURL(panoramaID: "caé", place: Coordinate(latitude: 46.9412, longitude: 7.4453), heading: 0, pitch: 0, fov: 75)
            )
        ] as [(String, PanoramaURL)])
    func googleBrowser(text: String, expected: PanoramaURL) throws {
        #expect(try PanoramaURL.parse(text) == expected)
    }

    @Test("a Panoramax viewer's permalink, in the query or after #, names its picture, place, view and server")
    func panoramaxViewer() throws {
        let query = try PanoramaURL.parse(
            "https://api.panoramax.xyz/?focus=pic&map=19.51/48.1204522/-1.7199004&pic=890b6268-7716&xyz=10/25/50")
        var expected = PanoramaURL(
            panoramaID: "890b6268-7716", place: Coordinate(latitude: 48.1204522, longitude: -1.7199004), heading: 10, pitch: 25)
        expected.server = "https://api.panoramax.xyz"
        #expect(query == expected)
        let hash = try PanoramaURL.parse("https://panoramax.openstreetmap.fr/#map=17/48.85/2.35")
        #expect(hash.server == "https://panoramax.openstreetmap.fr" && hash.place == Coordinate(latitude: 48.85, longitude: 2.35))
        #expect(hash.panoramaID == nil && hash.heading == nil)
        #expect(try PanoramaURL.parse("https://www.google.com/maps/@?api=1&map_action=pano&pano=a").server == nil)
    }

    @Test("a Mapillary app link names its image and place, and opens on Mapillary; a broken one says what is wrong")
    func mapillaryViewer() throws {
        // As Mapillary's share button writes it, with the viewer's own fields (focus, x, y, zoom) beside.
        let shared = try PanoramaURL.parse(
            "https://www.mapillary.com/app/?lat=40.758&lng=-73.9855&z=17.5&pKey=498763468214164&focus=photo&x=0.49&y=0.52&zoom=0")
        #expect(shared.panoramaID == "498763468214164" && shared.place == Coordinate(latitude: 40.758, longitude: -73.9855))
        #expect(shared.dataset == "mapillary:" && shared.server == "https://www.mapillary.com")
        #expect(try PanoramaURL.parse("https://mapillary.com/app?pKey=1").panoramaID == "1")
        #expect(try PanoramaURL.parse("https://www.mapillary.com/app/?lat=1&lng=2&z=3").place == Coordinate(latitude: 1, longitude: 2))
        for broken in [
            "https://www.mapillary.com/app/?pKey=abc", "https://www.mapillary.com/app/?lat=1", "https://www.mapillary.com/app/",
            "https://www.mapillary.com/developer?pKey=1"
        ] {
            #expect(throws: PanoramaURLError.self, "\(broken)") { try PanoramaURL.parse(broken) }
        }
    }

    @Test("u on Mapillary links the image in Mapillary's app, in the form the app's links are read back")
    func shareOnMapillary() throws {
        var state = NavigationTests.state(at: "centre", heading: 90)
        state.shareOrigin = ShareOrigin(dataset: "mapillary:", viewer: .mapillary)
        state.handle(.character("u"))
        #expect(state.displayRequests.sharedURL?.hasSuffix("&dataset=mapillary%3A") == true)
        let viewer = try #require(state.displayRequests.viewerURL)
        #expect(viewer.hasPrefix("https://www.mapillary.com/app/?pKey=centre&lat=") && viewer.hasSuffix("&z=17"), "\(viewer)")
        let panorama = Panorama(id: "498763468214164", imagePath: "", coordinate: Coordinate(latitude: 40.758, longitude: -73.9855)!)
        let url = try PanoramaURL.parse(PanoramaURL.mapillaryViewerURL(panorama: panorama))
        #expect(url.panoramaID == panorama.id && url.place == panorama.coordinate && url.dataset == "mapillary:")
    }

    @Test("the URL u shows opens the same view again")
    func roundTrip() throws {
        let panorama = Panorama(id: "main 3/β", imagePath: "", coordinate: Coordinate(latitude: 46.9412, longitude: 7.4453)!)
        let camera = PanoramaCamera(heading: 123.4, pitch: -12.5, zoom: 2)
        let text = PanoramaURL.sidewalkURL(panorama: panorama, camera: camera)
        #expect(text == "sidewalk://view?pano=main%203%2F%CE%B2&viewpoint=46.9412,7.4453&heading=123.4&pitch=-12.5&fov=53.1")
        let url = try PanoramaURL.parse(text)
        #expect(url.panoramaID == "main 3/β")
        let opened = url.camera(from: PanoramaCamera())
        #expect(opened.heading == 123.4 && opened.pitch == -12.5 && abs(opened.zoom - 2) < 0.01, "fov is rounded to 0.1°")
    }

    @Test("a photo's rolled first view is shared with its roll, and opens rolled again; a level view names none")
    func roll() throws {
        let text = PanoramaURL.sidewalkURL(panorama: nil, camera: PanoramaCamera(heading: 10, roll: -5))
        #expect(text == "sidewalk://view?heading=10&pitch=0&fov=90&roll=-5")
        #expect(try PanoramaURL.parse(text).camera(from: PanoramaCamera()).roll == -5)
        #expect(!PanoramaURL.sidewalkURL(panorama: nil, camera: PanoramaCamera(heading: 10)).contains("roll"))
        #expect(throws: PanoramaURLError("roll 200 is out of range (-180...180)")) { try PanoramaURL.parse("sidewalk://view?roll=200") }
    }

    @Test("the URL carries the dataset, any path or address, through percent-encoding and back")
    func datasetRoundTrip() throws {
        let panorama = Panorama(id: "p1", imagePath: "", coordinate: Coordinate(latitude: 48.2, longitude: 16.37)!)
        for dataset in ["/home/ana/My Walks/vienna & co", "https://example.org/ds/manifest.json?v=2", "panoramax:https://panoramax.ign.fr"]
        {
            let text = PanoramaURL.sidewalkURL(panorama: panorama, camera: PanoramaCamera(), dataset: dataset)
            #expect(text.split(separator: "&").count == 6 && !text.contains(" ") && !text.dropFirst(16).contains("?"), "\(text)")
            let url = try PanoramaURL.parse(text)
            #expect(url.dataset == dataset && url.panoramaID == "p1", "\(text)")
        }
        #expect(try PanoramaURL.parse("sidewalk://view?pano=p1").dataset == nil)
        #expect(throws: PanoramaURLError.self) { try PanoramaURL.parse("sidewalk://view?pano=p1&dataset=") }
    }

    @Test("a Panoramax picture's viewer permalink is what the viewer's documented form reads back")
    func panoramaxPermalink() throws {
        let panorama = Panorama(id: "890b6268-7716", imagePath: "", coordinate: Coordinate(latitude: 48.1204522, longitude: -1.7199004)!)
        let text = PanoramaURL.panoramaxViewerURL(
            origin: "https://api.panoramax.xyz", panorama: panorama, camera: PanoramaCamera(heading: -20, pitch: 5))
        #expect(text == "https://api.panoramax.xyz/?pic=890b6268-7716&map=19/48.1204522/-1.7199004&xyz=340/5/0")
        let url = try PanoramaURL.parse(text)
        #expect(url.server == "https://api.panoramax.xyz" && url.panoramaID == "890b6268-7716" && url.heading == 340 && url.pitch == 5)
    }

    @Test("u on a Panoramax server shares Sidewalk's URL with the server in it, and the viewer's permalink beside it")
    func shareOnPanoramax() throws {
        var state = NavigationTests.state(at: "centre", heading: 90)
        state.handle(.character("u"))
        #expect(state.displayRequests.viewerURL == nil && state.displayRequests.sharedURL?.contains("dataset=") == false)
        state.shareOrigin = ShareOrigin(dataset: "panoramax:https://pano.example", viewer: .panoramax("https://pano.example"))
        state.handle(.character("u"))
        #expect(state.displayRequests.sharedURL?.hasSuffix("&dataset=panoramax%3Ahttps%3A%2F%2Fpano.example") == true)
        let viewer = try #require(state.displayRequests.viewerURL)
        #expect(viewer.hasPrefix("https://pano.example/?pic=centre&map=19/") && viewer.hasSuffix("&xyz=90/0/0"), "\(viewer)")
    }

    @Test("Google's fov is the field of view shown; wider than 90° widens the view at zoom 1")
    func fieldOfView() {
        let narrow = PanoramaURL(fov: 30).camera(from: PanoramaCamera())
        #expect(abs(narrow.effectiveFOV - 30) < 1e-9 && narrow.zoom > 3.7)
        let wide = PanoramaURL(fov: 100).camera(from: PanoramaCamera(zoom: 2))
        #expect(wide.zoom == 1 && wide.fov == 100)
    }

    @Test("geo: URIs as RFC 5870's own examples write them; a reference system other than WGS-84 is refused")
    func geoURIs() throws {
        #expect(try PanoramaURL.parse("geo:13.4125,103.8667").place == Coordinate(latitude: 13.4125, longitude: 103.8667))
        #expect(try PanoramaURL.parse("geo:48.2010,16.3695,183").place == Coordinate(latitude: 48.2010, longitude: 16.3695))
        #expect(
            try PanoramaURL.parse("geo:48.198634,16.371648;crs=wgs84;u=40").place == Coordinate(latitude: 48.198634, longitude: 16.371648))
        #expect(
            try PanoramaURL.parse("GEO:46.9412,7.4445?z=18").place == Coordinate(latitude: 46.9412, longitude: 7.4445), "Android's zoom")
        #expect(throws: PanoramaURLError("geo: crs=utm: only wgs84 places are known")) { try PanoramaURL.parse("geo:1,2;crs=utm") }
        #expect(throws: PanoramaURLError.self) { try PanoramaURL.parse("geo:91,0") }
        #expect(throws: PanoramaURLError.self) { try PanoramaURL.parse("geo:48.2") }
        #expect(throws: PanoramaURLError.self) { try PanoramaURL.parse("geo:1,2;u=-3") }
    }

    @Test("OpenStreetMap permalinks: the map's centre, or its marker when it has one")
    func openStreetMap() throws {
        #expect(
            try PanoramaURL.parse("https://www.openstreetmap.org/#map=19/46.94120/7.44530").place
                == Coordinate(latitude: 46.9412, longitude: 7.4453))
        #expect(
            try PanoramaURL.parse("https://www.openstreetmap.org/?mlat=46.9412&mlon=7.4445#map=17/0/0").place
                == Coordinate(latitude: 46.9412, longitude: 7.4445))
        #expect(throws: PanoramaURLError.self) { try PanoramaURL.parse("https://www.openstreetmap.org/#map=19/46.9") }
        #expect(throws: PanoramaURLError.self) { try PanoramaURL.parse("https://www.openstreetmap.org/way/1234") }
    }
}
