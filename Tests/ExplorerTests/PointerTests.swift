import Explorer
import PanoCore
import Testing

/// The mouse, as the front reports it in cells: a 100×30 view under a one-row header.
@Suite("Mouse")
struct PointerTests {
    static let area = ViewArea(columns: 100, top: 1, rows: 30)

    /// Feeds reports to a fresh tracker and returns the commands they asked for.
    static func commands(
        _ reports: [PointerReport], camera: PanoramaCamera = PanoramaCamera(),
        targets: [ClickTarget] = []
    ) -> [ExplorerCommand] {
        var pointer = PointerInput()
        return reports.compactMap { pointer.command(for: $0, camera: camera, area: area, targets: targets) }
    }

    @Test("dragging the picture right turns left by the angle it moved under the pointer; down looks up")
    func drag() throws {
        let commands = Self.commands([
            .press(column: 50, row: 15), .motion(column: 60, row: 15), .motion(column: 60, row: 10),
            .release(column: 60, row: 10)
        ])
        #expect(commands.count == 2, "the release after a drag is not a click: \(commands)")
        let projection = ViewProjection(camera: PanoramaCamera(), width: 100, height: 60)
        guard case .look(let turn, let tilt) = commands[0], case .look(let turn2, let tilt2) = commands[1] else {
            Issue.record("expected two looks, got \(commands)")
            return
        }
        // At the centre, ten columns span the angle between the centre and ten pixels off it.
        let expected = projection.orientation(atX: 50, y: 30).heading - projection.orientation(atX: 60, y: 30).heading
        #expect(abs(turn - expected) < 0.3, "\(turn) vs \(expected)")
        #expect(tilt == 0 && turn2 == 0)
        #expect(tilt2 < 0, "dragging up brings what is below into view")
        #expect(abs(tilt2 - turn) < 1e-9, "five rows are ten pixels, as ten columns are")
    }

    @Test("a press and release in place is a click; in the view it reports the direction under the pointer")
    func tapReportsDirection() throws {
        let camera = PanoramaCamera(heading: 90, pitch: 10)
        let commands = Self.commands([.press(column: 50, row: 16), .release(column: 50, row: 16)], camera: camera)
        guard case .tap(let orientation) = try #require(commands.first) else {
            Issue.record("expected a tap, got \(commands)")
            return
        }
        #expect(
            abs(orientation.heading - 90) < 1 && abs(orientation.pitch - 10) < 1.5,
            "the middle of the cell below the centre: \(orientation)")
        let right = Self.commands([.press(column: 99, row: 16), .release(column: 99, row: 16)], camera: camera)
        guard case .tap(let edge) = try #require(right.first) else { return }
        #expect(edge.heading > 130 && edge.heading < 136, "the right edge, half the 90° field of view round: \(edge)")
    }

    @Test("a double click on the ground walks toward it; two clicks far apart in time or place are two taps")
    func doubleClick() throws {
        var pointer = PointerInput()
        let camera = PanoramaCamera(heading: 90)
        func click(_ column: Int, at time: Double) -> ExplorerCommand? {
            _ = pointer.command(for: .press(column: column, row: 25), camera: camera, area: Self.area, targets: [], now: time)
            return pointer.command(for: .release(column: column, row: 25), camera: camera, area: Self.area, targets: [], now: time)
        }
        guard case .tap(let first)? = click(80, at: 1.0) else {
            Issue.record("a tap first")
            return
        }
        guard case .walkToward(let heading)? = click(80, at: 1.3) else {
            Issue.record("then a walk")
            return
        }
        #expect(abs(heading - first.heading) < 1e-9 && heading > 90, "toward the point clicked, right of the heading")
        guard case .tap? = click(80, at: 2.0), case .tap? = click(80, at: 2.5) else {
            Issue.record("0.5 s apart: two taps")
            return
        }
        guard case .tap? = click(20, at: 2.6) else {
            Issue.record("another place: a tap")
            return
        }
        var state = NavigationTests.state(at: "centre", heading: 0)
        state.handle(gesture: .walkToward(heading: 85))
        #expect(state.panorama?.id == "east")
    }

    @Test(
        "with no way that way, a double click goes to the nearest panorama within 30° and 60 m of the direction, or says which ways there are"
    )
    func doubleClickWithoutAWay() {
        var state = NavigationTests.state(at: "east", heading: 0)
        state.handle(gesture: .walkToward(heading: 40))
        #expect(state.panorama?.id == "hall", "48 m away at 35°, and no way leads there")
        #expect(state.camera.heading == 0, "facing as before")
        var south = NavigationTests.state(at: "east", heading: 0)
        south.handle(gesture: .walkToward(heading: 180))
        #expect(south.panorama?.id == "east" && south.note == "no way that way; ways go west")
        var aside = NavigationTests.state(at: "east", heading: 0)
        aside.handle(gesture: .walkToward(heading: 80))
        #expect(aside.panorama?.id == "east", "the hall lies 45° off that direction")
    }

    @Test("clicks on the header or status line ask for nothing")
    func clicksOutsideTheView() {
        #expect(Self.commands([.press(column: 5, row: 0), .release(column: 5, row: 0)]).isEmpty)
        #expect(Self.commands([.press(column: 5, row: 31), .release(column: 5, row: 31)]).isEmpty)
    }

    @Test("a click on a way's label walks it; on a marker's label reads it")
    func clickTargets() {
        let targets = [ClickTarget(item: .link(2), row: 20, columns: 40..<55), ClickTarget(item: .marker("cafe"), row: 8, columns: 70..<90)]
        #expect(Self.commands([.press(column: 45, row: 20), .release(column: 45, row: 20)], targets: targets) == [.followLink(2)])
        #expect(Self.commands([.press(column: 89, row: 8), .release(column: 89, row: 8)], targets: targets) == [.tapMarker(id: "cafe")])
        guard case .tap = Self.commands([.press(column: 55, row: 20), .release(column: 55, row: 20)], targets: targets).first else {
            Issue.record("one past the label's end is the view")
            return
        }
    }

    @Test("reports the terminal merged away: motion without a press starts a drag there; a lone release is a click")
    func mergedReports() {
        let drag = Self.commands([.motion(column: 50, row: 15), .motion(column: 52, row: 15)])
        #expect(drag.count == 1)
        let targets = [ClickTarget(item: .link(1), row: 20, columns: 40..<55)]
        #expect(Self.commands([.release(column: 41, row: 20)], targets: targets) == [.followLink(1)])
    }

    @Test("the wheel zooms by the + and - step")
    func wheel() {
        #expect(
            Self.commands([.wheel(up: true), .wheel(up: false)]) == [
                .zoom(factor: KeyBindings.zoomStep), .zoom(factor: 1 / KeyBindings.zoomStep)
            ])
    }

    @Test("drag, wheel and a click on a way obey the gesture flags; taps are reported whatever the flags")
    func gestureFlags() {
        var state = NavigationTests.state(at: "centre", heading: 0)
        state.gestures = .none
        let camera = state.camera
        let refused = state.handle(gesture: .look(turn: 10, tilt: 5))
        #expect(refused, "the refusal's note is a change on screen")
        #expect(state.note == "turning is switched off")
        state.handle(gesture: .zoom(factor: 2))
        state.handle(gesture: .followLink(1))
        #expect(state.camera == camera && state.panorama?.id == "centre")
        #expect(state.takeEvents().isEmpty, "nothing moved, nothing reported")
        state.handle(gesture: .tap(Orientation(heading: 30, pitch: -5)))
        #expect(state.takeEvents() == [.didTap(heading: 30, pitch: -5)])

        state.gestures = GestureSettings()
        state.handle(gesture: .look(turn: 10, tilt: 5), at: 1)
        #expect(state.camera.heading == 10 && state.camera.pitch == 5, "a drag follows the hand at once, not animated")
        #expect(state.takeEvents() == [.didMoveCamera(heading: 10, pitch: 5, zoom: 1)])
    }

    @Test("a click on a marker reads it and reports didTapMarker")
    func tapMarker() {
        var state = ExplorerState(
            camera: PanoramaCamera(), panorama: FocusTests.service.panorama(id: "centre")!, service: FocusTests.service)
        state.handle(gesture: .tapMarker(id: "cafe"))
        #expect(state.note == "Café Aurora, Coffee and cake, 7 metres ahead on the right")
        #expect(state.takeEvents() == [.didTapMarker(id: "cafe")])
    }
}
