import StreetModel

/// Names the Panoramax pictures no street names (no geocoder may be asked, or it found none) by
/// their sequence's title ("Lindenfeld north by bike") instead of their coordinates: a picture's
/// sequence comes with its item, and each sequence's title is asked for once (through the HTTP
/// cache), at most a few a reading, so a walk is never held up for long.
struct SequenceTitles: Sendable {
    /// The sequence of each picture read, by picture id.
    private var sequenceOf: [String: String] = [:]
    /// The titles asked for, by sequence; nil when it has none or could not be read.
    private var titles: [String: String?] = [:]

    /// Keeps which sequence `picture` belongs to, for naming it.
    mutating func note(_ picture: PanoramaxPicture) {
        if let sequence = picture.sequence { sequenceOf[picture.panorama.id] = sequence }
    }

    /// `panoramas` with those still named by their coordinates named by their sequence's title:
    /// the titles known, else asked of `client`, at most `most` of them.
    mutating func name(_ panoramas: [Panorama], asking most: Int, client: PanoramaxClient) -> [Panorama] {
        var asked = 0
        return panoramas.map { panorama in
            guard panorama.description == StreetPictures.placeName(panorama.coordinate),
                let sequence = sequenceOf[panorama.id]
            else { return panorama }
            if titles[sequence] == nil, asked < most {
                asked += 1
                titles[sequence] = .some((try? client.sequenceTitle(sequence)) ?? nil)
            }
            guard case let title?? = titles[sequence] else { return panorama }
            var named = panorama
            named.description = title
            return named
        }
    }
}
