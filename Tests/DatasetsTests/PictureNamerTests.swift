import PanoCore
import StreetModel
import Synchronization
import Testing

@testable import Datasets

/// Panoramax pictures named by street: one answer names the pictures within reach, questions
/// are capped per reading, and a picture with a name of its own keeps it.
@Suite("Picture names")
struct PictureNamerTests {
    /// Pictures every 15 m east along a street, named by their coordinates as the item decoder names them.
    static func street(_ count: Int) -> [Panorama] {
        let origin = Coordinate(latitude: 46.9412, longitude: 7.4445)!
        return (0..<count).map { i in
            let place = origin.offset(by: Double(i) * 15, bearing: 90)
            return Panorama(id: "p\(i)", imagePath: "", coordinate: place, description: StreetPictures.placeName(place))
        }
    }

    @Test("one question names every picture within 40 m; the next reading asks for the rest")
    func reach() {
        let asked = Mutex<[Coordinate]>([])
        var namer = PictureNamer(lookUp: { place in
            asked.withLock { $0.append(place) }
            return "Main Street, Lindenfeld"
        })
        let first = namer.name(Self.street(5), asking: 1)
        // p0 to p2 are within 30 m of p0; p3 (45 m) and p4 wait for the next question.
        #expect(first.map(\.description) == Array(repeating: "Main Street, Lindenfeld", count: 3) + first[3...].map(\.description))
        #expect(first[3].description == StreetPictures.placeName(first[3].coordinate))
        let second = namer.name(first, asking: 1)
        #expect(second.allSatisfy { $0.description == "Main Street, Lindenfeld" })
        #expect(asked.withLock { $0.count } == 2)
        #expect(namer.name(second, asking: 0) == second, "named pictures are not asked about again")
    }

    @Test("no street there, or a name of its own: the picture keeps what it had")
    func keeps() {
        var namer = PictureNamer(lookUp: { _ in nil })
        var pictures = Self.street(2)
        pictures[1].description = "Harbour"
        let named = namer.name(pictures, asking: 5)
        #expect(named == pictures)
    }

    @Test("a house number near a picture names it first, each picture its own; the geocoder is asked only where there is none")
    func address() {
        let asked = Mutex(0)
        var namer = PictureNamer(
            address: { place in
                let origin = Coordinate(latitude: 46.9412, longitude: 7.4445)!
                return origin.distance(to: place) < 20 ? "\(12 + 2 * Int((origin.distance(to: place) / 15).rounded())) Rue Mercière" : nil
            },
            lookUp: { _ in
                asked.withLock { $0 += 1 }
                return "Rue Mercière, Lyon"
            })
        let named = namer.name(Self.street(3), asking: 5)
        #expect(named.map(\.description) == ["12 Rue Mercière", "14 Rue Mercière", "Rue Mercière, Lyon"])
        #expect(asked.withLock { $0 } == 1)
    }
}
