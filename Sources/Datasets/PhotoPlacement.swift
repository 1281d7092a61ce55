import PanoCore

/// Where an imported photo stands: its own GPS position; without one, where a GPS track was when
/// it was taken; else one place given for all such photos (they are then alternatives of one
/// place); else nowhere, with the reason.
package struct PhotoPlacement: Sendable {
    /// The track photos without GPS are placed on, by capture time.
    package var track: GPXTrack?
    /// The zone of capture times written without one (no OffsetTimeOriginal), seconds east of
    /// UTC, -14 h...14 h.
    package var zoneOffset = 0
    /// Where photos without GPS go when no track places them.
    package var place: Coordinate?

    package init(track: GPXTrack? = nil, zoneOffset: Int = 0, place: Coordinate? = nil) {
        self.track = track
        self.zoneOffset = zoneOffset
        self.place = place
    }

    /// Where a photo with this EXIF metadata stands, or why it cannot be placed.
    func coordinate(for exif: EXIFMetadata?) -> Result<Coordinate, ImportProblem> {
        if let own = exif?.coordinate { return .success(own) }
        guard let track else {
            return place.map { .success($0) }
                ?? .failure(ImportProblem("no GPS position in its EXIF data (--place LAT,LNG or --track FILE.gpx places such photos)"))
        }
        guard let time = exif?.captureTime.flatMap({ PhotoTime.exif($0, offset: exif?.captureOffset ?? zoneOffset) }) else {
            return place.map { .success($0) }
                ?? .failure(ImportProblem("no GPS position and no capture time (DateTimeOriginal) to find on the track"))
        }
        let onTrack = track.place(at: time)
        if case .failure = onTrack, let place { return .success(place) }
        return onTrack
    }
}
