import Testing
import Motion
@testable import ScrollKit

/// `PointerTracking`: a view that follows the pointer itself gets the whole gesture that begins on it,
/// in its own coordinates, and the scroll view around it does not scroll; one that declines gets the tree's
/// usual routing; one removed mid-gesture is cancelled.
@Suite("PointerTracking")
@MainActor
struct PointerTrackingTests {
    final class Probe: ViewNode, PointerTracking {
        var accepts = true
        var log: [String] = []
        func beginTracking(at point: Point) -> Bool { log.append("begin \(point.x),\(point.y)"); return accepts }
        func continueTracking(at point: Point) { log.append("move \(point.x),\(point.y)") }
        func endTracking(at point: Point) { log.append("end \(point.x),\(point.y)") }
        func cancelTracking() { log.append("cancel") }
    }

    @Test("The tracking view gets down, moves and up in its own coordinates, wherever the pointer goes")
    func tracks() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let probe = Probe(frame: Rect(x: 100, y: 50, width: 100, height: 40))
        root.addSubview(probe)
        root.handle(.pointerDown(location: Point(x: 110, y: 60), time: 0))
        root.handle(.pointerMove(location: Point(x: 300, y: 250), time: 0.1))
        root.handle(.pointerUp(location: Point(x: 20, y: 10), time: 0.2))
        #expect(probe.log == ["begin 10.0,10.0", "move 200.0,200.0", "end -80.0,-40.0"])
    }

    @Test("Inside a scroll view a drag that starts on it does not scroll; declined, it scrolls as usual")
    func noScroll() {
        let scroll = ScrollingView(viewportSize: Size(width: 400, height: 300), contentSize: Size(width: 400, height: 900))
        let probe = Probe(frame: Rect(x: 0, y: 100, width: 400, height: 40))
        scroll.addSubview(probe)
        func drag() {
            scroll.handle(.pointerDown(location: Point(x: 200, y: 120), time: 0))
            for k in 1...10 { scroll.handle(.pointerMove(location: Point(x: 200, y: 120 - Double(k) * 10), time: Double(k) * 0.01)) }
            scroll.handle(.pointerUp(location: Point(x: 200, y: 20), time: 0.2))
        }
        drag()
        #expect(scroll.contentOffset == .zero && probe.log.count == 12)
        probe.accepts = false
        drag()
        #expect(scroll.contentOffset.y > 50)
    }

    @Test("A tracking view removed mid-gesture is cancelled, and the tree takes the next gesture")
    func cancelled() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let probe = Probe(frame: Rect(x: 100, y: 50, width: 100, height: 40))
        root.addSubview(probe)
        root.handle(.pointerDown(location: Point(x: 110, y: 60), time: 0))
        probe.removeFromSuperview()
        root.handle(.pointerMove(location: Point(x: 120, y: 60), time: 0.1))
        #expect(probe.log == ["begin 10.0,10.0", "cancel"])
        var tapped = 0
        let button = PushButton(title: "OK", frame: Rect(x: 0, y: 0, width: 50, height: 30)) { _ in tapped += 1 }
        root.addSubview(button)
        root.handle(.pointerDown(location: Point(x: 10, y: 10), time: 1))
        root.handle(.pointerUp(location: Point(x: 10, y: 10), time: 1.05))
        #expect(tapped == 1)
    }
}
