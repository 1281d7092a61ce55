import PanoCore
import StreetModel
import SystemIO

/// A street-level imagery service walked as a dataset that grows as you walk (docs/sources.md):
/// Panoramax (`Panoramax/`) and Mapillary (`Mapillary/`), each service a folder of its own. The dataset holds what was read;
/// the source knows how to read more and what it has read or left out.
package protocol ImagerySource: Sendable {
    /// The line `sidewalk info` gives the service: where it is, and what is walked.
    var summary: String { get }

    /// `panoramas` with the pictures of `ids` read and added (each with its ways), and the source
    /// that knows they were. A picture the service answers for but cannot give is left out, with
    /// the ways to it; one that could not be asked (no connection, offline and not cached, too
    /// many requests) is asked again later, and when nothing arrived that is the error.
    /// Blocking: asks the service.
    func reading(_ ids: [String], into panoramas: [Panorama]) throws(DatasetError) -> (source: any ImagerySource, panoramas: [Panorama])

    /// The nearest of what is not read yet around `panorama`, in the order to read it. No I/O.
    func unread(around panorama: Panorama, in service: PanoramaService) -> [String]

    /// The bytes of a picture's image, at most `limit`: `path` is a panorama's `imagePath` or its
    /// larger image's, as this source gave it. Blocking: asks the service (or the HTTP cache).
    func picture(at path: String, limit: Int) throws(FileError) -> [UInt8]

    /// The pictures within `radius` metres of `place` that would be walked, nearest first, as a
    /// search gives them (their ways known only once they are read). Blocking: asks the service.
    func search(near place: Coordinate, radius: Double) throws(DatasetError) -> [Panorama]
}

extension Dataset {
    /// The dataset with the pictures of `ids` read from its source and added; itself when it has
    /// no source or `ids` is empty. Blocking: asks the service.
    func readingPictures(_ ids: [String]) throws(DatasetError) -> Dataset {
        guard let source, !ids.isEmpty else { return self }
        let (grown, panoramas) = try source.reading(ids, into: service.panoramas)
        return Dataset(
            folder: folder, remote: remote, name: name, startID: startID,
            service: PanoramaService(panoramas: panoramas, markers: service.markers), shards: nil, shardSpans: [], source: grown)
    }
}
