import Explorer
import ExplorerSession
import ExplorerView
import PanoCore

/// Everything an interactive session is started with, built where the command line is parsed
/// (`ExploreOptions`): one value, so a new option is a field here and a line there.
package struct SessionOptions {
    /// What is explored: one image, or a dataset from its first panorama.
    package var scenery: Scenery
    /// The camera at the start.
    package var camera: PanoramaCamera
    /// The terminal's name (`TERM`), for terminfo; nil when unset.
    package var termName: String?
    package var environment: [String: String]
    /// Where the dataset comes from, for the URLs `u` shares.
    package var shareOrigin = ShareOrigin()
    /// Where `/` looks beyond the names in memory, and the street map's places around.
    package var lookup: PlaceLookup?
    package var display = DisplayOptions()
    package var gestures = GestureSettings()
    /// Where `g` goes.
    package var home: Coordinate?
    /// Decodes a single image larger when the view needs it.
    package var sharper: SharperDecode?
    /// The events of the start (what was opened, and where), reported first.
    package var startEvents: [ExplorerEvent] = []
    /// What the session tells, in order (`SessionOutput`).
    package var outputs: [any SessionOutput] = []
    /// The presenter's view this session follows (`--follow`); nil for none.
    package var follower: ViewFollower?
    package var limits = SessionLimits()
    /// `--max-rate`: the most the session sends, bytes a second; nil for no cap.
    package var maxRate: Double?
    /// `sidewalk tour`: the script played for an audience.
    package var tour: TourPlayer?
    /// `--play-interval`: seconds between Space's steps.
    package var playInterval = 2.0
    /// The outputs hear what is typed too (`--record-input`).
    package var recordInput = false

    package init(scenery: Scenery, camera: PanoramaCamera, termName: String?, environment: [String: String]) {
        (self.scenery, self.camera, self.termName, self.environment) = (scenery, camera, termName, environment)
    }
}
