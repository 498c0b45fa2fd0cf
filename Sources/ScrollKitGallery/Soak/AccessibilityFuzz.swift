// AccessibilityFuzz: the accessibility bridge's entry points driven with random, hostile calls against the
// gallery's real scenes, frames running between them: the libFuzzer target (Fuzz/, `make fuzz`) and the short
// seeded run of the test suite.

import Motion
import ScrollKit
import ScrollKitSDL

/// Random calls of the accessibility bridge's entry points (``AccessibilityFuzzer``) against the gallery's
/// scenes, each made headless at 800 × 600 as the command line makes it, a frame stepped (update and draw into a
/// recording canvas, then the bridge's sync) after every few calls. A trap, a hang or a broken invariant is the
/// finding.
@MainActor
public enum AccessibilityFuzz {
    /// The catalog's scene names, in order.
    public static var sceneNames: [String] { SceneCatalog.names }

    /// One scene under fuzz: the scene, its bridge's fuzzer, its clock.
    @MainActor
    final class Stage {
        let scene: any DemoScene
        let fuzzer: AccessibilityFuzzer
        var frame = 0
        init?(_ name: String) {
            guard let entry = SceneCatalog.entry(named: name),
                  let scene = try? entry.make(SceneContext(size: Size(width: 800, height: 600), hz: 60, headless: true)),
                  let root = scene.accessibilityRoot else { return nil }
            self.scene = scene
            scene.hostDidResize(to: Size(width: 800, height: 600))
            fuzzer = AccessibilityFuzzer(root: root)
            step()
        }
        func step() {
            scene.update(FrameTick(index: frame, timestamp: Double(frame) / 60, duration: 1.0 / 60))
            scene.draw(in: RecordingCanvas(size: Size(width: 800, height: 600)))
            fuzzer.sync()
            frame += 1
        }
    }

    static var stages: [String: Stage] = [:]

    /// Makes `calls` random calls drawn from `next` against scene `name` (kept between runs, as an app is),
    /// stepping a frame every 8 calls. Returns the calls made (0 for a scene without an accessibility tree).
    @discardableResult
    public static func run(scene name: String, calls: Int, next: () -> UInt64) -> Int {
        guard let stage = stages[name] ?? Stage(name) else { return 0 }
        stages[name] = stage
        for k in 0..<max(0, calls) {
            stage.fuzzer.call(next)
            if k % 8 == 7 { stage.step() }
        }
        stage.step()
        return calls
    }

    /// libFuzzer's input: its first byte picks the scene, the rest are the random source (a call per 8 bytes,
    /// at most 512 calls).
    public static func run(bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let names = sceneNames
        var offset = 1
        func next() -> UInt64 {
            var v: UInt64 = 0
            for _ in 0..<8 {
                v = v << 8 | UInt64(offset < bytes.count ? bytes[offset] : 0)
                offset += 1
            }
            return v
        }
        run(scene: names[Int(first) % names.count], calls: min(512, max(1, (bytes.count - 1) / 8)), next: next)
    }
}
