/// Where the explorer's dataset comes from, so that a URL `u` shares reopens the same place.
package struct ShareOrigin: Equatable, Sendable {
    /// The dataset as `sidewalk open URL` reopens it: an absolute path, an http(s) address, or
    /// `panoramax:https://host`; nil for the demo town (every copy of Sidewalk has it).
    package var dataset: String?
    /// For a Panoramax server: its address (`https://host`), whose web viewer shows the same
    /// picture.
    package var panoramaxViewer: String?

    package init(dataset: String? = nil, panoramaxViewer: String? = nil) {
        self.dataset = dataset
        self.panoramaxViewer = panoramaxViewer
    }
}
