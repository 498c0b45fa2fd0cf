// The accessibility bridge's fuzz driver (AccessibilityFuzz, the libFuzzer target's own code) in a short seeded run
// over every scene of the gallery: random calls of every entry point with hostile arguments, frames between them.
// A trap, a hang or a broken invariant (the driver's preconditions: counts, ranges, boxes, the table's budget)
// fails the run.

import SplitMix
import Testing
@testable import ScrollKitGallery

@Suite(.serialized) @MainActor struct AccessibilityFuzzTests {
    @Test("1,000 random bridge calls per scene, 14 scenes, SplitMix seeds 1–2: every call answers or refuses")
    func seededRun() {
        var made = 0
        for seed: UInt64 in [1, 2] {
            var random = SplitMix64(seed: seed)
            for name in AccessibilityFuzz.sceneNames {
                made += AccessibilityFuzz.run(scene: name, calls: 500) { random.next() }
            }
        }
        // Scenes without an accessibility tree make no calls; most have one.
        #expect(made >= 500 * 2 * 10, "\(made) calls")
    }
}
