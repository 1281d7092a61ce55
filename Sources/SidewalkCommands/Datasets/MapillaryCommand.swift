import Datasets

/// `sidewalk mapillary (PLACE | --at LAT,LNG [--radius M] | --image ID) [options]`: the
/// explorer on Mapillary's street-level imagery of the whole world (docs/mapillary.md), with the
/// user's client token. The same as `sidewalk mapillary: --at ...`; the rest of the command line
/// is the explorer's own.
struct MapillaryCommand: SidewalkCommand {
    static let purpose = "walk real streets worldwide from Mapillary (needs the network and a free client token)"
    static let synopsis = ["sidewalk mapillary (PLACE | --at LAT,LNG [--radius M] | --image ID) [--token-file FILE] [explorer options]"]

    static var spec: CommandSpec<MapillaryCommand> {
        CommandSpec(
            name: "mapillary", purpose: purpose, synopsis: synopsis,
            about: """
                  Opens the 360° image nearest PLACE (a name a geocoder finds: "Times Square, New York";
                  --geocoder, docs/search.md), facing it, or nearest LAT,LNG within --radius metres (default 50),
                  or the image --image ID, on Mapillary, and walks along its sequence (next and previous images)
                  and to the images of other sequences and dates beside it. Images are read as you walk and kept
                  in the HTTP cache; --offline walks what the cache holds. The client token is free, from
                  \(DatasetOpener.tokenPage); it comes from --token-file FILE, else
                  \(DatasetOpener.tokenVariable), else the file the config's mapillaryTokenFile names, and is
                  sent to Mapillary and shown nowhere. Exit status 3: no images there. Other commands take
                  Mapillary as their DATASET: mapillary:.
                """,
            options: [
                .text("--image", "ID", help: "start at the image with this id (as --pano)") { $0.explore.selection.panoramaID = $1 },
                .text("--server", "URL", help: "another graph API to ask, for tests (default: \(MapillaryServer.graphAPI))") {
                    $0.server = $1
                },
                .text("--tiles", "URL", help: "another host of the coverage tiles, for tests (default: --server's, else Mapillary's)") {
                    $0.explore.selection.opener.mapillaryTiles = $1
                }
            ] + ExploreOptions.options.map { $0.lifted(into: \.explore) }, epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.explore.selection.find == nil else {
                throw UsageError(description: "unexpected '\(argument)': one PLACE (quote a name of several words)")
            }
            command.explore.selection.find = argument
        }
    }

    /// --server: another graph API's address; nil for Mapillary's.
    var server: String?
    /// The explorer's options, to which Mapillary is added as the DATASET.
    var explore = ExploreOptions()

    mutating func validate() throws(UsageError) {
        try explore.validate()
        if explore.selection.panoramaID == nil && explore.selection.place == nil && explore.selection.find == nil {
            throw UsageError(
                description: "mapillary needs a place (PLACE or --at LAT,LNG) or an image (--image ID); see sidewalk mapillary --help")
        }
        let dataset = MapillaryServer.scheme + (server ?? "")
        guard MapillaryServer(dataset: dataset, tiles: explore.selection.opener.mapillaryTiles) != nil else {
            throw UsageError(description: "--server and --tiles must be http or https addresses")
        }
        explore.imagePath = dataset
    }

    func run() throws(CommandError) -> Int32 {
        try explore.run()
    }
}
