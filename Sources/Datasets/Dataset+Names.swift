import PanoCore
import StreetModel
import SystemIO

extension Dataset {
    /// The places `query` names in this dataset, best first: from the names index of a sharded
    /// dataset that has one (reading its vocabulary and a few buckets, not the shards), with the
    /// markers; else from the panoramas and markers read.
    package func searchPlaces(_ query: String, near: Coordinate?, limit: Int = 10) throws(DatasetError) -> [PlaceMatch] {
        let markers = PlaceSearch.search(query, in: PlaceSearch.places(panoramas: [], markers: service.markers), near: near, limit: limit)
        guard let words = shards?.names else {
            return PlaceSearch.search(query, in: PlaceSearch.places(in: service), near: near, limit: limit)
        }
        let vocabulary: [UInt8]
        do { vocabulary = try read(words, limit: NamesIndex.fileLimit) } catch { throw .file(error) }
        let folder = words.split(separator: "/").dropLast().joined(separator: "/")
        let found: [PlaceMatch]
        do {
            found = try NamesIndex.search(query, vocabulary: vocabulary, near: near, limit: limit) { (bucket) throws(FileError) in
                try read((folder.isEmpty ? "" : folder + "/") + "\(bucket).tsv", limit: NamesIndex.fileLimit)
            }
        } catch {
            throw .file(error)
        }
        return PlaceSearch.rank(markers + found, limit: limit)
    }
}
