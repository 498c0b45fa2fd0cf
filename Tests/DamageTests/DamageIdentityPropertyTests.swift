import Foundation
import ScrollKit
import ScrollKitDamage
import SplitMix
import Testing

// The damage renderer's oracle: a frame drawn by damage (recorded, compared with the last, scrolled pixels
// moved, what changed replayed) is the same frame drawn whole (every call executed at once on a fresh
// target), pixel for pixel, over random scenes, scrolls and edits. No SDL: the pure-Swift PixelBackend.

@MainActor
@Suite("Damage renderer: frames drawn by damage equal frames drawn whole")
struct DamageIdentityPropertyTests {
    /// The seeds run; DAMAGE_SEED=<n> runs that one alone (a failure prints its seed).
    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["DAMAGE_SEED"], let seed = UInt64(text) { return [seed] }
        return [1, 2, 3, 5, 8, 13, 21, 34]
    }

    /// The same frame drawn whole: each call executed at once on a fresh target.
    static func whole(_ scene: DamageSceneModel, scale: Double) -> PixelBackend {
        let backend = PixelBackend(width: Int(120 * scale), height: Int(90 * scale), scale: scale)
        let canvas = DamageCanvas(backend: backend, tracksDamage: false)
        canvas.beginFrame()
        scene.draw(in: canvas)
        canvas.endFrame()
        return backend
    }

    @Test(arguments: [1.0, 1.25, 1.5, 1.75, 2.0])
    func randomFramesDrawnByDamageEqualFramesDrawnWhole(scale: Double) {
        for seed in Self.seeds {
            var rng = SplitMix64(seed: seed)
            var scene = DamageSceneModel(rng: &rng)
            let backend = PixelBackend(width: Int(120 * scale), height: Int(90 * scale), scale: scale)
            let canvas = DamageCanvas(backend: backend)
            var moved = 0, takenOver = 0, partial = 0
            for frame in 0..<24 {
                if frame > 0 { scene.mutate(&rng) }
                canvas.beginFrame()
                scene.draw(in: canvas)
                canvas.endFrame()
                let report = canvas.lastDamage
                #expect(report.tracked, "seed \(seed), frame \(frame)")
                if report.movedPixels > 0 { moved += 1 }
                takenOver += report.takenOverCount
                if report.drawnPixels < backend.width * backend.height { partial += 1 }
                let expected = Self.whole(scene, scale: scale)
                if let d = backend.firstDifference(from: expected) {
                    Issue.record("seed \(seed) at \(scale)x, frame \(frame): pixel (\(d.x), \(d.y)) differs from the frame drawn whole (DAMAGE_SEED=\(seed) replays it)")
                    break
                }
            }
            // The runs exercise what they are meant to: moves, taken-over groups, partial redraws.
            #expect(moved > 0 && takenOver > 0 && partial > 0,
                    "seed \(seed): moved \(moved), taken over \(takenOver), partial \(partial)")
        }
    }
}
