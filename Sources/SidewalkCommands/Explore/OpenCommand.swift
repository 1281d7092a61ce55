import Datasets
import Explorer

/// `sidewalk open URL [DATASET] [options]`: the explorer at the place and view a shared URL
/// names (docs/urls.md). The rest of the command line is the explorer's own.
struct OpenCommand: SidewalkCommand {
    static let purpose = "open the place and view a shared URL names"
    static let synopsis = ["sidewalk open URL [DATASET] [explorer options]"]

    static var spec: CommandSpec<OpenCommand> {
        CommandSpec(
            name: "open", purpose: purpose, synopsis: synopsis,
            about: """
                  URL is one of:
                    https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=LAT,LNG&heading=H&pitch=P&fov=F
                    https://www.google.com/maps/@?api=1&map_action=pano&pano=ID&heading=H
                    https://www.google.com/maps/@LAT,LNG,3a,75y,90h,95t/data=!3m6!1e1!3m4!1sID!2e0   (as a browser shows it)
                    comgooglemaps://?center=LAT,LNG&mapmode=streetview
                    sidewalk://view?pano=ID&viewpoint=LAT,LNG&heading=H&pitch=P&fov=F&dataset=D   (what u shows)
                    https://api.panoramax.xyz/?pic=ID&map=ZOOM/LAT/LNG&xyz=H/P/Z   (a Panoramax viewer; opens on Panoramax)
                    https://www.mapillary.com/app/?pKey=ID&lat=LAT&lng=LNG&z=Z   (Mapillary's app; opens on Mapillary)
                    https://www.openstreetmap.org/#map=ZOOM/LAT/LNG   (or ?mlat=LAT&mlon=LNG, a marker)
                    geo:LAT,LNG   (RFC 5870; ;crs=wgs84 and ;u=M are read)
                  A place opens the panorama nearest it within --radius (default 50 m). DATASET defaults to
                  the demo town. The URL's place and view win over --pano, --at, --heading and --pitch.
                """, options: ExploreOptions.options.map { $0.lifted(into: \.explore) }, epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.url != nil else {
                do throws(PanoramaURLError) { command.url = try PanoramaURL.parse(argument) } catch {
                    throw UsageError(description: "bad URL: \(error.description)")
                }
                return
            }
            try command.explore.setImage(argument)
        }
    }

    /// The place and view to open.
    var url: PanoramaURL?
    /// The explorer's options, to which the URL's place and view are added.
    var explore = ExploreOptions()

    mutating func validate() throws(UsageError) {
        guard let url else { throw UsageError(description: "open needs a URL; see sidewalk open --help") }
        try explore.validate()
        if explore.selection.panoramaID != nil || explore.selection.place != nil {
            throw UsageError(description: "the URL names the place: --pano and --at cannot be added")
        }
        if let id = url.panoramaID {
            explore.selection.panoramaID = id
            // A Google Maps URL's id is Google's: another dataset opens at its place instead.
            if url.server == nil { explore.selection.placeIfUnknown = url.place }
        } else {
            explore.selection.place = url.place
        }
        explore.cameraFlags.apply(url)
        // A Sidewalk URL opens in the dataset it names, a Mapillary link on Mapillary, and a
        // Panoramax viewer's URL on the server it came from, unless a DATASET is given.
        if explore.imagePath == nil, let dataset = url.dataset {
            explore.imagePath = dataset
        } else if explore.imagePath == nil, let server = url.server.flatMap(PanoramaxServer.init(address:)) {
            explore.imagePath = server.description
        }
    }

    func run() throws(CommandError) -> Int32 {
        try explore.run()
    }
}
