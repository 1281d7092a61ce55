import Explorer

/// `sidewalk open URL [DATASET] [options]`: the explorer at the place and view a shared URL
/// names (docs/urls.md). The rest of the command line is the explorer's own.
enum OpenCommand {
    static let help = """
    sidewalk open: open the place and view a URL names

    USAGE:
      sidewalk open URL [DATASET] [options]

    URL is one of:
      https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=LAT,LNG&heading=H&pitch=P&fov=F
      https://www.google.com/maps/@?api=1&map_action=pano&pano=ID&heading=H
      comgooglemaps://?center=LAT,LNG&mapmode=streetview
      sidewalk://view?pano=ID&viewpoint=LAT,LNG&heading=H&pitch=P&fov=F   (what u shows in the explorer)
    A place opens the panorama nearest it within --radius (default 50 m). DATASET defaults to the
    demo town. Every option of the explorer works here too (sidewalk --help).
    """

    /// The explorer's options with the URL's place and view applied.
    static func parse(_ arguments: [String]) throws(UsageError) -> ExploreOptions {
        guard let text = arguments.first, text != "-h", text != "--help" else {
            var options = ExploreOptions()
            options.action = .text(help)
            return options
        }
        let url: PanoramaURL
        do { url = try PanoramaURL.parse(text) } catch { throw UsageError(description: "bad URL: \(error.description)") }
        var options = try ExploreOptions.parse(Array(arguments.dropFirst()))
        if options.selection.panoramaID != nil || options.selection.place != nil {
            throw UsageError(description: "the URL names the place: --pano and --at cannot be added")
        }
        if let id = url.panoramaID {
            options.selection.panoramaID = id
        } else {
            options.selection.place = url.place
        }
        options.cameraFlags.apply(url)
        return options
    }
}
