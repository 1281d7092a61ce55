import Datasets

/// `sidewalk panoramax [--server URL] (--at LAT,LNG [--radius M] | --picture ID) [options]`:
/// the explorer on Panoramax, the open street-level imagery commons (docs/panoramax.md). The
/// same as `sidewalk panoramax:URL --at ...`; the rest of the command line is the explorer's own.
struct PanoramaxCommand: SidewalkCommand {
    static let purpose = "walk real streets from Panoramax, the open street-level imagery commons (needs the network)"
    static let synopsis = ["sidewalk panoramax [--server URL] (PLACE | --at LAT,LNG [--radius M] | --picture ID) [explorer options]"]

    static var spec: CommandSpec<PanoramaxCommand> {
        CommandSpec(
            name: "panoramax", purpose: purpose, synopsis: synopsis,
            about: """
                  Opens the 360° picture nearest PLACE (a name a geocoder finds: "Place du Capitole, Toulouse";
                  --geocoder, docs/search.md), facing it, or nearest LAT,LNG within --radius metres (default 50), or the picture
                  --picture ID, on the public Panoramax federation (\(PanoramaxServer.federation)) or the
                  instance --server names, and walks along its sequence (next and previous pictures) and to
                  the pictures of other sequences and dates beside it. Pictures are read as you walk and kept
                  in the HTTP cache; --offline walks what the cache holds. Exit status 3: no pictures there.
                  Other commands take Panoramax as their DATASET: panoramax: or panoramax:URL.
                """,
            options: [
                .parsed(
                    "--server", "URL", help: "the Panoramax instance to ask (default: the public federation)",
                    parse: { (text) throws(OptionValueError) in
                        guard let server = PanoramaxServer(address: text) else {
                            throw .reason("must be an http or https address, e.g. https://panoramax.openstreetmap.fr")
                        }
                        return server
                    }
                ) { $0.server = $1 },
                .text("--picture", "ID", help: "start at the picture with this id (as --pano)") { $0.explore.selection.panoramaID = $1 }
            ] + ExploreOptions.options.map { $0.lifted(into: \.explore) }, epilogue: ""
        ) { command, argument throws(UsageError) in
            guard command.explore.selection.find == nil else {
                throw UsageError(
                    description: "unexpected '\(argument)': one PLACE (quote a name of several words); the server is --server URL")
            }
            command.explore.selection.find = argument
        }
    }

    /// The instance to ask.
    var server = PanoramaxServer(address: PanoramaxServer.federation)!
    /// The explorer's options, to which the server is added as the DATASET.
    var explore = ExploreOptions()

    mutating func validate() throws(UsageError) {
        try explore.validate()
        if explore.selection.panoramaID == nil && explore.selection.place == nil && explore.selection.find == nil {
            throw UsageError(
                description: "panoramax needs a place (PLACE or --at LAT,LNG) or a picture (--picture ID); see sidewalk panoramax --help")
        }
        explore.imagePath = server.description
    }

    func run() throws(CommandError) -> Int32 {
        try explore.run()
    }
}
