import CExpat
import FoundationEssentials
import PanoCore
import SystemIO

/// A GPS track (GPX 1.0 or 1.1 track points with times), for placing photos that have no GPS
/// position of their own by when they were taken, as geotagging tools do.
package struct GPXTrack: Sendable {
    /// One track point: when, seconds since 1970 UTC, and where.
    package struct Fix: Sendable {
        package let time: Double
        package let coordinate: Coordinate
    }

    /// The track points that have a time, in time order; never empty.
    package let fixes: [Fix]

    /// Largest GPX file read, bytes (a day's track at one point a second is about 10 MB).
    package static let byteLimit = 64 << 20
    /// Most track points kept.
    package static let pointLimit = 1_000_000
    /// Two fixes at most this far apart are interpolated between, seconds; a photo in a longer
    /// gap (the logger was off) is not placed.
    package static let interpolationLimit = 600.0
    /// A photo at most this long before the first fix or after the last takes that fix, seconds.
    package static let endTolerance = 60.0

    /// Why a track cannot be used: one line naming the file.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// Reads the GPX file at `path`.
    package static func read(_ path: String) throws(Failure) -> GPXTrack {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: byteLimit) } catch { throw Failure(description: error.description) }
        return try parse(bytes, name: path)
    }

    /// A track from GPX bytes; `name` is the file named in a failure.
    package static func parse(_ bytes: [UInt8], name: String) throws(Failure) -> GPXTrack {
        final class Found {
            var points: [(lat: String, lon: String, time: String)] = []
            var tooMany = false
        }
        let found = Found()
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                sw_gpx_points(text.baseAddress, text.count, Unmanaged.passUnretained(found).toOpaque()) { context, lat, lon, time in
                    guard let context, let lat, let lon, let time else { return }
                    let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
                    guard found.points.count < GPXTrack.pointLimit else {
                        found.tooMany = true
                        return
                    }
                    found.points.append((String(cString: lat), String(cString: lon), String(cString: time)))
                }
            }
        }
        guard status == 0 else { throw Failure(description: "\(name): not well-formed GPX (or it declares a DOCTYPE)") }
        guard !found.tooMany else { throw Failure(description: "\(name): more than \(pointLimit) track points") }
        var fixes: [Fix] = []
        for (index, point) in found.points.enumerated() {
            guard let latitude = Double(decimal: point.lat), let longitude = Double(decimal: point.lon),
                let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            else {
                throw Failure(description: "\(name): track point \(index + 1) has no valid lat and lon")
            }
            guard !point.time.isEmpty else { continue }
            guard let time = PhotoTime.iso8601(point.time.trimmingWhitespace) else {
                throw Failure(description: "\(name): track point \(index + 1) has a time that is not ISO 8601")
            }
            fixes.append(Fix(time: time, coordinate: coordinate))
        }
        guard !fixes.isEmpty else { throw Failure(description: "\(name): no track point with a time") }
        return GPXTrack(fixes: fixes.sorted { $0.time < $1.time })
    }

    /// Where the track was at `time` (seconds since 1970 UTC): between the two fixes around it,
    /// in proportion, or at an end fix within `endTolerance`; else why not.
    package func place(at time: Double) -> Result<Coordinate, ImportProblem> {
        let (first, last) = (fixes[0], fixes[fixes.count - 1])
        if time <= first.time {
            return first.time - time <= Self.endTolerance ? .success(first.coordinate) : .failure(outside(time))
        }
        if time >= last.time {
            return time - last.time <= Self.endTolerance ? .success(last.coordinate) : .failure(outside(time))
        }
        // The first fix after `time`, by bisection; the one before it is at or before `time`.
        var (low, high) = (0, fixes.count - 1)
        while low + 1 < high {
            let middle = (low + high) / 2
            if fixes[middle].time <= time { low = middle } else { high = middle }
        }
        let (before, after) = (fixes[low], fixes[high])
        guard after.time - before.time <= Self.interpolationLimit else {
            return .failure(ImportProblem("taken at \(Self.clock(time)), in a \(Int(after.time - before.time)) s gap in the track"))
        }
        let share = after.time > before.time ? (time - before.time) / (after.time - before.time) : 0
        let distance = before.coordinate.distance(to: after.coordinate)
        return .success(
            distance == 0
                ? before.coordinate
                : before.coordinate.offset(by: distance * share, bearing: before.coordinate.bearing(to: after.coordinate)))
    }

    private func outside(_ time: Double) -> ImportProblem {
        ImportProblem(
            "taken at \(Self.clock(time)), outside the track (\(Self.clock(fixes[0].time)) to \(Self.clock(fixes[fixes.count - 1].time)))")
    }

    /// "2024-06-21 10:00:00 UTC".
    static func clock(_ time: Double) -> String {
        let seconds = Int(time.rounded(.down))
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let (year, month, day) = PhotoTime.civil(days: days)
        let inDay = seconds - days * 86400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60)) UTC"
    }
}
