// Pull to refresh on a plain ScrollingView (RefreshControl attached with `refreshControl`), against a list's pull
// to refresh as the oracle: the same drag gives the same states and offsets frame by frame; the spinner is the
// content's first subview while it shows; replacing the control gives the room back.

import Motion
import Testing
@testable import ScrollKit

@Suite("Refresh control")
@MainActor
struct RefreshControlTests {
    /// A 400 × 600 root holding a scroll view of 6000 pt of content, stepped at `hz`.
    @MainActor final class Driver {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 600))
        let scroll = ScrollingView(viewportSize: Size(width: 400, height: 600), contentSize: Size(width: 400, height: 6000))
        var frameIndex = 0
        let hz: Double
        var now: Double { Double(frameIndex) / hz }
        var observer: (() -> Void)?
        init(hz: Double = 60) {
            self.hz = hz
            scroll.frame = root.bounds
            root.addSubview(scroll)
            step()
        }
        func step() {
            root.step(FrameTick(index: frameIndex, timestamp: now, duration: 1 / hz))
            frameIndex += 1
            observer?()
        }
        func run(until t: Double) { while now <= t { step() } }
        func settle() { var n = 0; while root.isAnimating && n < 3000 { step(); n += 1 } }
        func drag(from y0: Double, to y1: Double, at t: Double, steps: Int, hold: Double) {
            run(until: t); root.handle(.pointerDown(location: Point(x: 200, y: y0), time: t))
            for k in 1...steps {
                let tk = t + 0.01 * Double(k)
                run(until: tk)
                root.handle(.pointerMove(location: Point(x: 200, y: y0 + (y1 - y0) * Double(k) / Double(steps)), time: tk))
            }
            let up = t + 0.01 * Double(steps) + hold
            run(until: up); root.handle(.pointerUp(location: Point(x: 200, y: y1), time: up))
        }
    }

    @Test("a scroll view with a refresh control refreshes as a list does, frame by frame", arguments: [30.0, 60.0, 120.0])
    func matchesList(hz: Double) {
        let d = Driver(hz: hz)
        var done: (@MainActor () -> Void)?
        let control = RefreshControl { done = $0 }
        d.scroll.refreshControl = control
        var trace: [(RefreshState, Double)] = []
        d.observer = { trace.append((control.state, d.scroll.contentOffset.y)) }

        let l = RowDriver(hz: hz)
        var listDone: (@MainActor () -> Void)?
        l.list.onRefresh = { listDone = $0 }
        var listTrace: [(RefreshState, Double)] = []
        l.observer = { listTrace.append((l.list.refreshState, l.list.scrollView.contentOffset.y)) }

        d.drag(from: 100, to: 400, at: 0.1, steps: 20, hold: 0.1)
        l.drag(from: 200, 100, to: 200, 400, at: 0.1, steps: 20, hold: 0.1)
        #expect(done != nil && listDone != nil)
        d.run(until: 1.5)
        l.run(until: 1.5)
        #expect(control.state == .refreshing)
        #expect(d.scroll.contentOffset.y == -RefreshControl.spinnerHeight)
        #expect(d.scroll.subviews.first === control.spinner)
        done?()
        listDone?()
        d.settle()
        l.settle()
        #expect(control.state == .idle)
        #expect(d.scroll.contentInset.top == 0)
        #expect(d.scroll.contentOffset.y == 0)
        #expect(!d.scroll.subviews.contains { $0 === control.spinner })
        let n = min(trace.count, listTrace.count)
        #expect(n > 40)   // 54 frames at 30 Hz
        for k in 0..<n {
            #expect(trace[k].0 == listTrace[k].0 && abs(trace[k].1 - listTrace[k].1) < 1e-9, "frame \(k)")
        }
    }

    @Test("replacing the control while refreshing gives the room back; a NaN threshold is 1")
    func replaceControl() {
        let d = Driver()
        let control = RefreshControl { _ in }
        d.scroll.refreshControl = control
        control.threshold = .nan
        #expect(control.threshold == 1)
        control.beginRefreshing()
        #expect(control.state == .refreshing)
        #expect(d.scroll.contentInset.top == RefreshControl.spinnerHeight)
        d.scroll.refreshControl = RefreshControl()
        #expect(d.scroll.contentInset.top == 0)
        #expect(control.state == .idle && control.scrollView == nil)
        d.settle()
        #expect(RefreshControl().pullDistance == 0)
    }
}
