import Motion
import Testing
@testable import ScrollKit

// needsFrames is one walk of the tree: every view's isAnimating is asked at most once, and a scroll view's
// indicator fade counts in that same walk (but not in isAnimating alone).

/// A view that counts how often the tree asks it whether it animates.
@MainActor
private final class CountingView: ViewNode {
    var asked = 0
    override var isAnimating: Bool {
        asked += 1
        return super.isAnimating
    }
}

@MainActor
@Suite("needsFrames")
struct NeedsFramesTests {
    @Test("one walk: each view is asked at most once, and a fading indicator counts only in needsFrames")
    func oneWalk() {
        let root = CountingView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let scroll = ScrollingView(viewportSize: Size(width: 320, height: 480), contentSize: Size(width: 320, height: 4800))
        let inner = CountingView(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        let sibling = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(scroll)
        root.addSubview(sibling)
        scroll.addSubview(inner)

        #expect(!root.needsFrames)
        #expect(root.asked == 1 && inner.asked == 1 && sibling.asked == 1)

        // Scrolled at once, then stepped: the indicator shows, then holds and fades with nothing moving.
        scroll.contentOffset = Point(x: 0, y: 200)
        root.step(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
        root.step(FrameTick(index: 1, timestamp: 1.0 / 60, duration: 1.0 / 60))
        #expect(scroll.isIndicatorFading)
        for view in [root, inner, sibling] { view.asked = 0 }
        #expect(root.needsFrames)
        // At most once each (the walk stops at the first view that needs frames).
        #expect(root.asked == 1 && inner.asked <= 1 && sibling.asked <= 1)
        #expect(!root.isAnimating)   // motion alone: nothing moves

        // Once the fade has run out, nothing needs frames.
        var k = 2
        while scroll.isIndicatorFading && k < 1000 {
            root.step(FrameTick(index: k, timestamp: Double(k) / 60, duration: 1.0 / 60))
            k += 1
        }
        #expect(!root.needsFrames)
        let shown = Double(k) / 60
        #expect(shown >= ScrollingView.indicatorHoldDuration + ScrollingView.indicatorFadeDuration)
    }
}
