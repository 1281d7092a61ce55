import Foundation
import PanoCore
import PanoImage

/// A dataset folder made by a test: small panorama images and a manifest built from a
/// dictionary the test may break on purpose.
package struct DatasetFixture {
    package let folder: URL

    package init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidewalk-dataset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            try PNGEncoder.write(
                SyntheticPanorama.cardinal(width: 64).pyramid.image(level: 0),
                to: folder.appendingPathComponent("images/\(name).png").path)
        }
    }

    /// A valid manifest: three panoramas along a street running east, one marker. Each image is
    /// `SyntheticPanorama.cardinal`, whose centre is red; panorama b's centre faces east.
    package static func validManifest() -> [String: Any] {
        [
            "format": "sidewalk-dataset", "version": 1, "name": "Test street", "start": "b",
            "panoramas": [
                [
                    "id": "a", "image": "images/a.png", "lat": 48.2, "lng": 16.37, "date": "2024-06",
                    "description": "Main Street 1", "copyright": "© test", "links": [["target": "b", "description": "Main Street"]]
                ],
                [
                    "id": "b", "image": "images/b.png", "lat": 48.2, "lng": 16.3702, "centerHeading": 90,
                    "links": [["target": "a"], ["target": "c", "heading": 91.5]]
                ],
                [
                    "id": "c", "image": "images/c.png", "lat": 48.2, "lng": 16.3704, "source": "indoor", "building": "museum",
                    "level": 1, "links": [["target": "b"]]
                ]
            ],
            "markers": [["id": "cafe", "lat": 48.2001, "lng": 16.3701, "height": 3, "title": "Café Aurora", "snippet": "Open daily"]]
        ]
    }

    /// Writes the manifest and returns the folder's path.
    @discardableResult
    package func write(_ manifest: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: manifest)
        try data.write(to: folder.appendingPathComponent("manifest.json"))
        return folder.path
    }

    package func writeRaw(_ text: String) throws -> String {
        try Data(text.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        return folder.path
    }

    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
