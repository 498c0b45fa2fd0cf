// Recorded sessions: every kind of input survives the script format's JSON, and a session recorded around a
// running app replays in a fresh one to the same resting offset.

import Foundation
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing

@MainActor
@Suite("Recorded sessions", .serialized)
struct RecordingTests {
    @Test("every input event the format can say reads back equal; a middle-click paste is counted as skipped")
    func roundTrip() throws {
        let events: [InputEvent] = [
            .pointerDown(location: Point(x: 10.5, y: 20), time: 0.016),
            .pointerMove(location: Point(x: 11.25, y: 400.125), time: 0.0333),
            .pointerUp(location: Point(x: 12, y: 401), time: 0.05),
            .touchDown(device: 3, id: 7, location: Point(x: 1, y: 2), time: 0.1),
            .touchMove(device: 3, id: 7, location: Point(x: 1, y: 3), time: 0.11),
            .touchUp(device: 3, id: 7, location: Point(x: 1, y: 4), time: 0.12),
            .wheel(dx: -0.5, dy: 3, location: Point(x: 5, y: 6), time: 0.2),
            .magnify(scale: ScrollingView.wheelZoomStep * ScrollingView.wheelZoomStep, location: Point(x: 7, y: 8), time: 0.3),
            .key(.backtab, time: 0.4),
            .key(.enter, time: 0.41),
            .key(.z, modifiers: [.control, .shift], time: 0.42),
            .key(.backspace, modifiers: .control, time: 0.43),
            .text("\"Zoë\" \\ 👍🏽\tשלום", time: 0.5),
            .composition("にほ", cursor: 1, time: 0.6),
            .composition("", cursor: 0, time: 0.61),
            .pastePrimary(location: Point(x: 1, y: 1), time: 0.7),
        ]
        var recording = InputRecording()
        for e in events { recording.append(e) }
        recording.appendResize(Size(width: 640, height: 480), t: 0.8)
        #expect(recording.skipped == 1)
        let read = try InputRecording(json: Data(recording.json.utf8))
        #expect(read.events.count == events.count)   // 15 inputs and a resize
        for (a, b) in zip(read.events, recording.events) {
            switch (a, b) {
            case (.input(.magnify(let s1, let p1, let t1)), .input(.magnify(let s2, let p2, let t2))):
                #expect(abs(s1 - s2) < 1e-9 && p1 == p2 && t1 == t2)
            default:
                #expect(a == b)
            }
        }
    }

    @Test("bad recordings are one-line errors naming the event")
    func badInput() {
        for (json, words) in [("{}", "not a recording"), ("{\"events\": [{\"t\": 0, \"type\": \"scrollTo\"}]}", "event 0"),
                              ("{\"events\": [{\"t\": \"x\", \"type\": \"down\"}]}", "\"t\" must be a number"),
                              ("{\"events\": [{\"t\": 0, \"type\": \"key\", \"key\": \"Hyper\"}]}", "unknown key")] {
            do {
                _ = try InputRecording(json: Data(json.utf8))
                Issue.record("\(json) was read")
            } catch let error as InputRecordingError {
                #expect(error.description.contains(words) && !error.description.contains("\n"), "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("a session recorded around an app replays in a fresh one to the same place", arguments: [30.0, 60, 120])
    func replayReproduces(hz: Double) throws {
        func makeList() -> ListView { ListView(frame: .zero, dataSource: Numbers()) }
        let list = makeList()
        let recorder = RecordingClient(wrapping: RootViewClient(root: list))
        let live = try TestApp(client: recorder, size: Size(width: 320, height: 480), hz: hz)
        live.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 200), duration: 0.4)
        live.fling(from: Point(x: 160, y: 420), velocity: Point(x: 0, y: -1800))
        live.pump(seconds: 0.3)
        live.press(.pageDown)
        try live.settle()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try recorder.recording.write(to: path)

        let copy = makeList()
        let replay = try TestApp(root: copy, size: Size(width: 320, height: 480), hz: hz)
        replay.replay(try InputRecording(contentsOf: path))
        try replay.settle()
        #expect(list.scrollView.contentOffset.y > 1000)
        #expect(abs(copy.scrollView.contentOffset.y - list.scrollView.contentOffset.y) <= 0.5,
                "live \(list.scrollView.contentOffset.y), replayed \(copy.scrollView.contentOffset.y)")
    }
}

@MainActor
private final class Numbers: ListDataSource {
    var numberOfItems: Int { 5_000 }
    var fixedItemSize: Double? { 44 }
    func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(LabelCell.self, for: index)
        cell.title = "Number \(index)"
        return cell
    }
}
