import Motion
import Testing
@testable import ScrollKit

/// A delegate written exactly as a UIKit port: `withVelocity` in points per millisecond, the target
/// behind an `UnsafeMutablePointer`, paging by UIKit-style thresholds (0.5 pt/ms).
@MainActor
final class UIKitPortDelegate: ScrollingViewDelegate {
    var velocities: [Point] = []
    var targetsSeen: [Point] = []
    var pageHeight = 480.0
    func scrollViewWillEndDragging(_ scrollView: ScrollingView, withVelocity velocity: Point,
                                   targetContentOffset: UnsafeMutablePointer<Point>) {
        velocities.append(velocity)
        targetsSeen.append(targetContentOffset.pointee)
        let page = (scrollView.contentOffset.y / pageHeight).rounded()
        if velocity.y > 0.5 {
            targetContentOffset.pointee.y = (page + 1) * pageHeight
        } else if velocity.y < -0.5 {
            targetContentOffset.pointee.y = (page - 1) * pageHeight
        } else {
            targetContentOffset.pointee.y = page * pageHeight
        }
    }
}

/// Implements both forms: the Swift-style one moves the target to `nativeTarget`, the UIKit one to
/// `uikitTarget` (each only when set).
@MainActor
final class BothFormsDelegate: ScrollingViewDelegate {
    var log: [String] = []
    var nativeVelocity: Point?
    var uikitVelocity: Point?
    var uikitSaw: Point?
    var nativeTarget: Point?
    var uikitTarget: Point?
    func scrollViewWillEndDragging(_ scrollView: ScrollingView, velocityInPointsPerSecond velocity: Point,
                                   targetContentOffset: inout Point) {
        log.append("native")
        nativeVelocity = velocity
        if let nativeTarget { targetContentOffset = nativeTarget }
    }
    func scrollViewWillEndDragging(_ scrollView: ScrollingView, withVelocity velocity: Point,
                                   targetContentOffset: UnsafeMutablePointer<Point>) {
        log.append("uikit")
        uikitVelocity = velocity
        uikitSaw = targetContentOffset.pointee
        if let uikitTarget { targetContentOffset.pointee = uikitTarget }
    }
}

/// Written against the former name (velocity in points per second, `inout` target).
@MainActor
final class FormerNameDelegate: ScrollingViewDelegate {
    var calls = 0
    func scrollViewWillEndDragging(_ scrollView: ScrollingView, velocity: Point, targetContentOffset: inout Point) {
        calls += 1
        targetContentOffset.y = 1200
    }
}

/// `scrollViewWillEndDragging` in UIKit's shape (pt/ms, a pointer) and in ScrollKit's (pt/s, `inout`).
@MainActor
@Suite("ScrollingView: willEndDragging in both shapes")
struct ScrollingViewWillEndDraggingTests {
    // MARK: - willEndDragging: UIKit's shape and ScrollKit's

    @Test("a UIKit port (pointer, pt/ms) is called with velocity / 1000 and its pointee decides the landing")
    func uikitPort() {
        let h = SVHarness(content: Size(width: 320, height: 4800))
        let port = UIKitPortDelegate()
        h.view.delegate = port
        h.fling(speed: -1500)                       // the offset moves at +1500 pt/s
        #expect(port.velocities.count == 1)
        let v = port.velocities[0]
        #expect(abs(v.y - 1.5) < 1e-6)              // 1500 pt/s = 1.5 pt/ms
        #expect(v.x == 0)
        h.run()
        #expect(h.view.contentOffset.y == 480)      // one page down, as the port decided
        #expect(!h.view.isAnimating)
    }

    @Test("a slow release under the port's 0.5 pt/ms threshold stays on its page")
    func uikitPortSlow() {
        let h = SVHarness(content: Size(width: 320, height: 4800))
        let port = UIKitPortDelegate()
        h.view.delegate = port
        h.fling(speed: -300)                        // 0.3 pt/ms: under the port's threshold
        #expect(abs(port.velocities[0].y - 0.3) < 1e-6)
        h.run()
        #expect(h.view.contentOffset.y == 0)
    }

    @Test("native first (pt/s), then the UIKit form sees its clamped target; both rewrites are honoured")
    func order() {
        let h = SVHarness(content: Size(width: 320, height: 4800))   // range 0...4320
        let both = BothFormsDelegate()
        h.view.delegate = both
        both.nativeTarget = Point(x: 0, y: 9000)    // clamped to 4320 before the UIKit form sees it
        both.uikitTarget = Point(x: 0, y: 700)
        h.fling(speed: -1500)
        #expect(both.log == ["native", "uikit"])
        let native = both.nativeVelocity ?? .zero, uikit = both.uikitVelocity ?? .zero
        #expect(abs(native.y - 1500) < 1e-3)
        #expect(uikit.y == native.y / 1000)
        #expect(both.uikitSaw == Point(x: 0, y: 4320))
        h.run()
        #expect(h.view.contentOffset.y == 700)
    }

    @Test("the UIKit form's rewrite is clamped; a NaN rewrite keeps the native target")
    func uikitRewriteClampedOrIgnored() {
        let h = SVHarness(content: Size(width: 320, height: 4800))
        let both = BothFormsDelegate()
        h.view.delegate = both
        both.uikitTarget = Point(x: 0, y: -500)
        h.fling(speed: -1500)
        h.run()
        #expect(h.view.contentOffset.y == 0)

        let g = SVHarness(content: Size(width: 320, height: 4800))
        let other = BothFormsDelegate()
        g.view.delegate = other
        other.nativeTarget = Point(x: 0, y: 900)
        other.uikitTarget = Point(x: 0, y: .nan)
        g.fling(speed: -1500)
        g.run()
        #expect(g.view.contentOffset.y == 900)
    }

    @Test("a delegate written for the former name is still called and obeyed")
    func formerName() {
        let h = SVHarness(content: Size(width: 320, height: 4800))
        let old = FormerNameDelegate()
        h.view.delegate = old
        h.fling(speed: -1500)
        h.run()
        #expect(old.calls == 1)
        #expect(h.view.contentOffset.y == 1200)
    }
}
