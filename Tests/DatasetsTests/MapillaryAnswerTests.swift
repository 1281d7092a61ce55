import Foundation
import PanoCore
import Testing

@testable import Datasets

/// Mapillary's graph API answers, shaped as its documentation and mapillary-js's GraphConverter
/// tests give them (test/api/provider/GraphConverter.test.ts): the reference for what is read.
@Suite("Mapillary's answers")
struct MapillaryAnswerTests {
    /// An image entity with the fields Sidewalk asks for; `changes` replace or (nil) remove some.
    static func entity(_ changes: [String: Any?] = [:]) -> [String: Any] {
        var fields: [String: Any] = [
            "id": "498763468214164",
            "geometry": ["type": "Point", "coordinates": [13.40495, 52.52001]],
            "computed_geometry": ["type": "Point", "coordinates": [13.40501, 52.52004]],
            "compass_angle": 122, "computed_compass_angle": 133, "camera_type": "spherical", "captured_at": 1_600_000_000_000,
            "creator": ["id": "user-id", "username": "user-name"], "sequence": "zcY1sY3ld5WAsvlwUcc0JK", "width": 5760, "height": 2880,
            "thumb_2048_url": "https://scontent.example.net/m1/v/t6/An8_2048.jpg?stp=s2048x1024&oh=00_AYAx&oe=675A1B2C",
            "thumb_original_url": "https://scontent.example.net/m1/v/t6/An8_original.jpg?oh=00_AYAy&oe=675A1B2C"
        ]
        for (key, value) in changes { fields[key] = value }
        return fields
    }

    static func bytes(_ object: Any) throws -> [UInt8] {
        [UInt8](try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    @Test("an entity: the computed place and heading, a 360° camera, the UTC day, the creator, both thumbnails")
    func entityIsRead() throws {
        let image = try MapillaryAnswer.image(Self.bytes(Self.entity()), address: "test")
        #expect(image.id == "498763468214164")
        #expect(image.coordinate == Coordinate(latitude: 52.52004, longitude: 13.40501))
        #expect(image.heading == 133)
        #expect(image.isPanorama)
        // The reference: Foundation's own calendar arithmetic on the same instant.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        #expect(image.capturedDay == formatter.string(from: Date(timeIntervalSince1970: 1_600_000_000)))
        #expect(image.creator == "user-name" && image.sequence == "zcY1sY3ld5WAsvlwUcc0JK")
        #expect(image.width == 5760 && image.height == 2880)
        #expect(image.thumbnail.hasPrefix("https://scontent.example.net/m1/v/t6/An8_2048.jpg"))
        #expect(image.original?.contains("An8_original") == true)
    }

    /// mapillary-js's `convertCameraType`: spherical and equirectangular are 360°; fisheye,
    /// perspective and anything else are not.
    @Test(
        "camera types as mapillary-js converts them",
        arguments: [
            ("spherical", true), ("equirectangular", true), ("Spherical", true), ("fisheye", false), ("perspective", false),
            ("not-supported", false)
        ])
    func cameraTypes(type: String, panorama: Bool) throws {
        #expect(try MapillaryAnswer.image(Self.bytes(Self.entity(["camera_type": type])), address: "t").isPanorama == panorama)
        #expect(try !MapillaryAnswer.image(Self.bytes(Self.entity(["camera_type": nil])), address: "t").isPanorama)
    }

    @Test("without the computed values, the camera's own: GPS place, EXIF compass; neither heading: none")
    func fallbacks() throws {
        let plain = try MapillaryAnswer.image(
            Self.bytes(Self.entity(["computed_geometry": nil, "computed_compass_angle": nil, "creator": NSNull(), "sequence": NSNull()])),
            address: "t")
        #expect(plain.coordinate == Coordinate(latitude: 52.52001, longitude: 13.40495))
        #expect(plain.heading == 122)
        #expect(plain.creator == nil && plain.sequence == nil)
        let headless = try MapillaryAnswer.image(
            Self.bytes(Self.entity(["computed_compass_angle": nil, "compass_angle": nil])), address: "t")
        #expect(headless.heading == nil)
        #expect(try MapillaryAnswer.image(Self.bytes(Self.entity(["computed_compass_angle": -90])), address: "t").heading == 270)
        #expect(try MapillaryAnswer.image(Self.bytes(Self.entity(["computed_compass_angle": 1e300])), address: "t").heading == 122)
    }

    /// Changes to `entity()` as JSON, a null removing the field.
    static func entity(json changes: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(changes.utf8)) as? [String: Any] ?? [:]
        return entity(object.mapValues { $0 is NSNull ? nil : $0 })
    }

    @Test(
        "an entity without an id of digits, a place or a 2048 thumbnail on the web is refused, its problems named",
        arguments: [
            (#"{"id": "image-id/../x"}"#, "$.id"), (#"{"id": null}"#, "$.id"),
            (#"{"geometry": null, "computed_geometry": null}"#, "$.geometry"),
            (#"{"geometry": {"coordinates": [13.4, 91]}, "computed_geometry": null}"#, "$.geometry"),
            (#"{"thumb_2048_url": "file:///etc/passwd"}"#, "$.thumb_2048_url"), (#"{"thumb_2048_url": null}"#, "$.thumb_2048_url")
        ])
    func refused(changes: String, path: String) throws {
        do {
            _ = try MapillaryAnswer.image(Self.bytes(Self.entity(json: changes)), address: "https://graph.example/1")
            Issue.record("taken")
        } catch let error as DatasetError {
            guard case .invalid(let address, let problems) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(address == "https://graph.example/1")
            #expect(problems.map(\.path) == [path])
        }
    }

    @Test("numbers out of range are left out, never used: sizes, capture times, an original not on the web")
    func outOfRange() throws {
        let image = try MapillaryAnswer.image(
            Self.bytes(
                Self.entity([
                    "width": 0, "height": 1e12, "captured_at": 9e15, "thumb_original_url": "javascript:alert(1)",
                    "creator": ["username": "  a \n b "]
                ])),
            address: "t")
        #expect(image.width == nil && image.height == nil && image.capturedDay == nil && image.original == nil)
        #expect(image.creator == "a b")
    }

    @Test("a list answer gives each image once and skips a broken one; with none readable, or no data, it is refused")
    func lists() throws {
        let good = Self.entity()
        let other = Self.entity(["id": "1", "camera_type": "perspective"])
        let images = try MapillaryAnswer.images(Self.bytes(["data": [good, ["id": "x"], other, good]]), address: "t")
        #expect(images.map(\.id) == ["498763468214164", "1"])
        #expect(try MapillaryAnswer.images(Self.bytes(["data": []]), address: "t").isEmpty)
        #expect(throws: DatasetError.self) { try MapillaryAnswer.images(Self.bytes(["data": [["id": "x"]]]), address: "t") }
        #expect(throws: DatasetError.self) { try MapillaryAnswer.images(Self.bytes(["images": [good]]), address: "t") }
        #expect(throws: DatasetError.self) { try MapillaryAnswer.images(Array("{\"data\": [".utf8), address: "t") }
    }

    @Test("a sequence's ids in order, each once, only digits")
    func sequenceIDs() throws {
        let answer = ["data": [["id": "3"], ["id": "1"], ["id": "3"], ["id": "../x"], ["id": 2], ["name": "4"]]]
        #expect(try MapillaryAnswer.imageIDs(Self.bytes(answer), address: "t") == ["3", "1", "2"])
    }
}
