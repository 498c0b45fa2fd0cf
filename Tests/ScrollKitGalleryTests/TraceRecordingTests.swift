// ScrollKitTesting's trace against the gallery's own: the same fling, played by `scrollkit-demo --script --trace`
// (the oracle: the CSV the command line writes) and replayed into the gallery under TestApp.recordTrace, gives the
// same rows, cell for cell; and the trace expectations hold on it.

import Foundation
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing
@testable import ScrollKitGallery

@MainActor
@Suite("Trace recording against scrollkit-demo --trace", .serialized)
struct TraceRecordingTests {
    /// A drag then a fling on the list scene, as raw pointer events (a script and a recording at once).
    static func script() -> InputRecording {
        var recording = InputRecording()
        let sampler = GestureSampler(device: .pointer)
        for e in sampler.drag(from: Point(x: 400, y: 500), to: Point(x: 400, y: 380), duration: 0.3, time: 0.1)
            + sampler.fling(from: Point(x: 400, y: 500), velocity: Point(x: 0, y: -2200), time: 0.8) {
            recording.append(e)
        }
        return recording
    }

    @Test("the list scene's fling: TestApp.recordTrace gives the rows scrollkit-demo --trace writes")
    func sameRowsAsTheDemo() throws {
        let dir = try DemoProcess.temporaryDirectory("trace-oracle")
        defer { try? FileManager.default.removeItem(at: dir) }
        let recording = Self.script()
        let scriptPath = dir.appendingPathComponent("fling.json").path
        try recording.write(to: scriptPath)
        let frames = 420
        let csv = dir.appendingPathComponent("trace.csv").path
        let run = try DemoProcess.run(["--headless", "--scene", "list", "--script", scriptPath, "--frames", "\(frames)", "--trace", csv])
        #expect(run.status == 0, "\(run.stderr)")
        let demo = try FrameTrace(contentsOfFile: csv)
        #expect(demo.count == frames)

        let size = Size(width: 800, height: 600)
        let shell = try GalleryShell(initialScene: "list", context: SceneContext(size: size, hz: 60, headless: true))
        let app = try TestApp(client: shell, size: size)
        let trace = app.recordTrace(sampling: { shell.traceSample }) { app in
            app.replay(recording)
            app.pump(frames: frames - app.framesRun)
        }
        // TestApp runs frame 0 when it starts: the trace has the demo's rows from frame 1.
        let oracle = demo[rows: 1..<frames]
        #expect(trace.columns == demo.columns)
        let differences = trace.differences(from: oracle)
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        #expect(oracle.texts("phase").contains("decelerating"))

        // The expectations, on both: the fling's offset only rises while it decelerates, and it comes to rest.
        for t in [trace, oracle] {
            t.expectMonotonic("offsetY", .increasing, during: .decelerating)
            t.expectSettles(withinFrames: frames - 20)
        }
    }
}
