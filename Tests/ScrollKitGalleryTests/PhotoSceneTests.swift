import Foundation
import ScrollKitTestSupport
import Testing

/// The photo scene through the built binary: each zoom gesture as a script, read back from the trace
/// (offsets and content sizes in points at the current scale, `zoomScale` the last column).
@Suite("Photo scene", .serialized) struct PhotoSceneTests {
    /// The photo's size in pixels (points at scale 1).
    static let photo = (width: 4224.0, height: 3168.0)

    private func run(_ events: [String], frames: Int, size: String = "800x600") throws -> [[String: Double]] {
        let dir = try DemoProcess.temporaryDirectory("photo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json"), trace = dir.appendingPathComponent("t.csv")
        try Data(("{\"events\": [\n" + events.joined(separator: ",\n") + "\n]}").utf8).write(to: script)
        let result = try DemoProcess.run(["--headless", "--scene", "photo", "--frames", String(frames), "--size", size,
                                          "--script", script.path, "--trace", trace.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let table = try TraceTable(path: trace.path)
        #expect(table.column("zoomScale") == 24)
        return table.numericRows
    }

    /// The content point (photo pixels) under viewport point `p` in `row`.
    private func photoPoint(_ row: [String: Double], _ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let s = row["zoomScale"]!
        return ((row["offsetX"]! + p.x) / s, (row["offsetY"]! + p.y) / s)
    }

    /// Two fingers about window point (400, cy) spreading from ±`from` to ±`to` in 20 moves from t = 0.1.
    private func pinchEvents(from: Double, to: Double, cy: Double = 300, upAt: Double = 0.5) -> [String] {
        var events = [
            #"{"t": 0.1, "type": "touchDown", "id": 1, "x": \#(400 - from), "y": \#(cy)}"#,
            #"{"t": 0.1, "type": "touchDown", "id": 2, "x": \#(400 + from), "y": \#(cy)}"#,
        ]
        for k in 1...20 {
            let h = from + (to - from) * Double(k) / 20, t = 0.1 + 0.01 * Double(k)
            events.append(#"{"t": \#(t), "type": "touchMove", "id": 1, "x": \#(400 - h), "y": \#(cy)}"#)
            events.append(#"{"t": \#(t), "type": "touchMove", "id": 2, "x": \#(400 + h), "y": \#(cy)}"#)
        }
        events.append(#"{"t": \#(upAt), "type": "touchUp", "id": 2, "x": \#(400 + to), "y": \#(cy)}"#)
        events.append(#"{"t": \#(upAt), "type": "touchUp", "id": 1, "x": \#(400 - to), "y": \#(cy)}"#)
        return events
    }

    @Test("it starts fitted: the whole photo in view, centred, content size at that scale")
    func startsFitted() throws {
        let rows = try run([], frames: 2)
        let r = try #require(rows.last)
        let vw = r["viewportWidth"]!, vh = r["viewportHeight"]!
        let fit = min(vw / Self.photo.width, (vh - 28) / Self.photo.height)
        #expect(abs(r["zoomScale"]! - fit) < 1e-12)
        #expect(abs(r["contentWidth"]! - Self.photo.width * fit) < 1e-9)
        #expect(abs(r["contentHeight"]! - Self.photo.height * fit) < 1e-9)
        #expect(r["firstVisible"] == -1)
    }

    @Test("a pinch zooms by the fingers' spread about their centroid, which holds its photo point")
    func pinchAboutTheCentroid() throws {
        let rows = try run(pinchEvents(from: 50, to: 150, upAt: 0.5), frames: 50)
        let fit = rows[0]["zoomScale"]!
        let bar = 600 - rows[0]["viewportHeight"]!          // the gallery's tab bar above the scene
        let centroid = (x: 400.0, y: 300 - bar)
        let start = photoPoint(rows[3], centroid)
        // Three times the spread: three times the scale (the fit is far from the limits).
        let end = try #require(rows.first { $0["timestamp"]! - rows[0]["timestamp"]! >= 0.35 })
        #expect(abs(end["zoomScale"]! / fit - 3) < 1e-9)
        let held = photoPoint(end, centroid)
        #expect(abs(held.x - start.x) < 1e-6 && abs(held.y - start.y) < 1e-6)
        #expect(abs(end["contentWidth"]! - Self.photo.width * end["zoomScale"]!) < 1e-6)
        // Released at once: no fling, the scale stays.
        #expect(rows.last!["zoomScale"] == end["zoomScale"])
        #expect(rows.last!["offsetX"] == end["offsetX"] && rows.last!["offsetY"] == end["offsetY"])
    }

    @Test("past the maximum (4) a pinch is rubber-banded and springs back on release to exactly 4")
    func rubberBandPastTheMaximum() throws {
        // Zoom in with Ctrl + wheel to 3 first, then pinch ×4 (raw 12).
        var events = [#"{"t": 0.05, "type": "wheel", "dy": 40, "ctrl": true}"#]
        events += pinchEvents(from: 40, to: 160, upAt: 0.4)
        let rows = try run(events, frames: 120)
        #expect(rows[4]["zoomScale"] == 4)                  // the wheel zoom stops at the limit
        let peak = rows.map { $0["zoomScale"]! }.max()!
        #expect(peak > 4 && peak < 8)
        #expect(rows.last!["zoomScale"] == 4)
        let vw = rows.last!["viewportWidth"]!
        #expect(rows.last!["offsetX"]! >= 0 && rows.last!["offsetX"]! <= Self.photo.width * 4 - vw)
    }

    @Test("double-tap zooms in to the natural size about the tap, animated, and back out to the fit")
    func doubleTap() throws {
        var events: [String] = []
        for t in [0.1, 0.3, 1.2, 1.4] {
            events.append(#"{"t": \#(t), "type": "touchDown", "id": 1, "x": 500, "y": 250}"#)
            events.append(#"{"t": \#(t + 0.05), "type": "touchUp", "id": 1, "x": 500, "y": 250}"#)
        }
        let rows = try run(events, frames: 150)
        let fit = rows[0]["zoomScale"]!
        let t0 = rows[0]["timestamp"]!
        func at(_ t: Double) -> [String: Double] { rows.last { $0["timestamp"]! - t0 <= t + 1e-9 }! }
        #expect(at(0.3)["zoomScale"] == fit)
        let mid = at(0.5)["zoomScale"]!
        #expect(mid > fit && mid < 1)
        #expect(at(1.0)["zoomScale"] == 1)
        #expect(at(2.2)["zoomScale"] == fit)
    }

    @Test("Ctrl + wheel zooms by 2^(1/4) a step about the pointer; the zoom keys by √2")
    func wheelAndKeys() throws {
        let events = [
            #"{"t": 0.1, "type": "wheel", "dy": 4, "ctrl": true, "x": 200, "y": 200}"#,
            #"{"t": 0.3, "type": "key", "key": "ZoomIn"}"#,
            #"{"t": 1.0, "type": "key", "key": "ZoomReset"}"#,
        ]
        let rows = try run(events, frames: 100)
        let fit = rows[0]["zoomScale"]!
        let t0 = rows[0]["timestamp"]!
        func at(_ t: Double) -> [String: Double] { rows.last { $0["timestamp"]! - t0 <= t + 1e-9 }! }
        #expect(abs(at(0.2)["zoomScale"]! / fit - 2) < 1e-9)
        #expect(abs(at(0.9)["zoomScale"]! / fit - 2 * 2.0.squareRoot()) < 1e-9)
        #expect(at(1.6)["zoomScale"] == fit)
    }

    @Test("a ctrl wheel without dy, or with shift, is a one-line error and exit 2")
    func badCtrlWheel() throws {
        for event in [#"{"t": 0.1, "type": "wheel", "dx": 1, "ctrl": true}"#,
                      #"{"t": 0.1, "type": "wheel", "dy": 1, "ctrl": true, "shift": true}"#] {
            let dir = try DemoProcess.temporaryDirectory("photo-bad")
            defer { try? FileManager.default.removeItem(at: dir) }
            let script = dir.appendingPathComponent("s.json")
            try Data("{\"events\": [\(event)]}".utf8).write(to: script)
            let result = try DemoProcess.run(["--headless", "--scene", "photo", "--frames", "2", "--script", script.path])
            #expect(result.status == 2)
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.contains("ctrl"))
        }
    }
}
