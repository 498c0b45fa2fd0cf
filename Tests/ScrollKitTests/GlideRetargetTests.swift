import Motion
import Testing
@testable import ScrollKit

/// A glide under way when the content shrinks, found by the property tests (seed
/// 4np+lQVtD1Ax7w7a0m88oNqr0VBypUy6Yhm5xLKmEaY=): without `bounces` the offset must never show past an
/// edge, even when a frame is sampled near the glide's start (a clock that steps backwards).
@MainActor @Suite struct GlideRetargetTests {
    @Test func aGlideOverShrunkContentStaysInRangeWithoutBounces() {
        let scroll = ScrollingView(viewportSize: Size(width: 1, height: 1), contentSize: Size(width: 0, height: 770.25))
        scroll.bounces = false
        scroll.contentOffset = Point(x: 0, y: 769.25)
        scroll.step(FrameTick(index: 0, timestamp: 1, duration: 1.0 / 60))
        scroll.handle(.key(.pageUp, time: 1.01))
        scroll.step(FrameTick(index: 1, timestamp: 1.0 + 1.0 / 60, duration: 1.0 / 60))
        scroll.contentSize = Size(width: 0, height: 770)        // max offset 769: below where the glide began
        #expect(scroll.contentOffset.y <= 769)
        // A frame whose clock stepped back to the glide's start, then the rest of the glide.
        scroll.step(FrameTick(index: 2, timestamp: 1.0, duration: 1.0 / 60))
        #expect(scroll.contentOffset.y <= 769)
        var k = 3
        while scroll.isAnimating && k < 100 {
            scroll.step(FrameTick(index: k, timestamp: 1.0 + Double(k) / 60, duration: 1.0 / 60))
            #expect(scroll.contentOffset.y <= 769 && scroll.contentOffset.y >= 0)
            k += 1
        }
    }
}
