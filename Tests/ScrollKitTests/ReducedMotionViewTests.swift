// Reduced motion in the views, on a virtual clock: timed scrolls, key pages and the tab bar's pill jump in one
// frame; pushes, pops and sheets cross-fade within 0.2 s (the start shown for the first half, the veil over the
// stack); a fling is frame for frame the same decay as with motion on; a bounce is shorter and still ends at
// rest on the edge; an edge swipe's release is unchanged.

import Motion
@testable import ScrollKit
import Testing

@MainActor
@Suite("Reduced motion in the views", .serialized)
struct ReducedMotionViewTests {
    /// Runs `body` with motion reduced, then turns it off again.
    func reduced<T>(_ body: () throws -> T) rethrows -> T {
        ViewNode.isReduceMotionEnabled = true
        defer { ViewNode.isReduceMotionEnabled = false }
        return try body()
    }

    @Test("a timed scroll and scrollToEnd jump in their first frame and complete with true")
    func timedScrollJumps() {
        reduced {
            let h = SVHarness()
            var done: [Bool] = []
            h.view.setContentOffset(Point(x: 0, y: 2000), duration: 0.6, curve: .easeInOutCubic) { done.append($0) }
            #expect(h.tick().y == 2000)
            #expect(done == [true])
            #expect(!h.view.isAnimating && h.view.phase == .idle)
            h.view.scrollToEnd(duration: 1, curve: .linear) { done.append($0) }
            #expect(h.tick().y == 4800 - 480)
            #expect(done == [true, true])
        }
    }

    @Test("Page Down and End jump in one frame; a wheel notch still glides")
    func keysJumpWheelGlides() {
        reduced {
            let h = SVHarness()
            h.view.key(.pageDown, time: 0)
            let page = h.tick().y
            #expect(page > 200 && !h.view.isAnimating)
            h.view.key(.end, time: h.now)
            #expect(h.tick().y == 4320 && !h.view.isAnimating)
            h.view.setContentOffset(Point(x: 0, y: 2000), animated: false)
            h.view.wheel(dx: 0, dy: 1, time: h.now)
            h.tick()
            #expect(h.view.isAnimating)                     // a wheel follows the hand: still a glide
            let frames = h.run()
            #expect(frames.count > 2)
        }
    }

    @Test("a fling is frame for frame the same decay with motion reduced", arguments: [60.0, 120])
    func flingUnchanged(hz: Double) {
        func fling() -> [Point] {
            let h = SVHarness(hz: hz)
            h.view.setContentOffset(Point(x: 0, y: 1000), animated: false)
            h.fling(speed: -1500)
            return h.run().map(\.offset)
        }
        let normal = fling()
        let slowed = reduced { fling() }
        #expect(normal.count > 30)
        #expect(normal == slowed)
        // The model: the decay from the release, sampled at each frame, never reaches an edge here.
        #expect(normal.allSatisfy { $0.y > 1000 && $0.y < 4320 })
    }

    /// A fling into the end at 1 kHz: the frames from the hand-over to the bounce until rest, the peak past the
    /// end, and where it rests.
    func bounceIntoEnd() -> (frames: Int, peak: Double, rest: Double, belowEdge: Bool) {
        let h = SVHarness(hz: 1000)
        let maxY = 4320.0
        h.view.setContentOffset(Point(x: 0, y: maxY - 300), animated: false)
        h.fling(speed: -4000, duration: 0.048)
        let frames = h.run()
        let bouncing = frames.filter { $0.phase == .bouncing }.count
        var crossed = false, belowEdge = false
        for f in frames {
            if f.offset.y > maxY { crossed = true }
            if crossed && f.offset.y < maxY { belowEdge = true }
        }
        return (bouncing, frames.map(\.offset.y).max() ?? 0, h.view.contentOffset.y, belowEdge)
    }

    @Test("a bounce off the end is shorter and goes less far, and still comes to rest on the edge")
    func bounceShortened() {
        let normal = bounceIntoEnd()
        let short = reduced { bounceIntoEnd() }
        #expect(normal.rest == 4320 && short.rest == 4320)
        #expect(!short.belowEdge)
        #expect(short.frames < normal.frames * 6 / 10)
        #expect(short.peak - 4320 < (normal.peak - 4320) * 0.6)
        #expect(short.peak > 4320)                       // it still bounces
    }

    @Test("a release past the edge springs back in about half the time")
    func springBackShortened() {
        func springBack() -> Int {
            let h = SVHarness()
            h.down(Point(x: 100, y: 100), 0)
            h.move(Point(x: 100, y: 400), 0.05)
            h.up(Point(x: 100, y: 400), 0.2)
            h.frames(from: 0.2)
            let frames = h.run()
            #expect(h.view.contentOffset.y == 0)
            return frames.count
        }
        let normal = springBack()
        let short = reduced { springBack() }
        #expect(Double(short) < Double(normal) * 0.6)
        #expect(Double(short) > Double(normal) * 0.4)
    }

    @Test("a push and a pop cross-fade: the old screen for 0.1 s, the new one after, the veil over both; done by 0.2 s")
    func pushCrossFades() {
        reduced {
            let d = NavDriver()
            let next = NavigationScreen(title: "Next", content: ListView(frame: .zero, dataSource: PlainRows(5)))
            let pushedAt = d.now
            d.stack.push(next, animated: true)
            var frames = 0
            var sawVeil = false
            while d.stack.isTransitioning && frames < 100 {
                d.step()
                frames += 1
                let shown = d.now - pushedAt            // the target time of the frame just stepped
                let veil = Double(d.stack.veil.alpha) / 255
                if shown < 0.1 - 1e-9 {
                    #expect(next.frame.minX == 300)       // still off: the old screen shows
                } else if d.stack.isTransitioning {
                    #expect(next.frame.minX == 0)
                }
                if d.stack.isTransitioning {
                    #expect(d.stack.veil.superview === d.stack && d.stack.subviews.last === d.stack.veil)
                    #expect(abs(veil - (1 - abs(2 * shown / 0.2 - 1))) < 1.5 / 255)
                    sawVeil = sawVeil || veil > 0.9
                }
            }
            #expect(sawVeil)
            #expect(frames <= 12)                          // 0.2 s at 60 Hz
            #expect(d.stack.depth == 2 && next.frame.minX == 0 && d.stack.veil.superview == nil)
            d.stack.pop(animated: true)
            frames = 0
            while d.stack.isTransitioning && frames < 100 { d.step(); frames += 1 }
            #expect(frames <= 12 && d.stack.depth == 1)
        }
    }

    @Test("a sheet presented and dismissed by code cross-fades within 0.2 s; a dragged sheet's settle is unchanged")
    func sheetCrossFades() {
        reduced {
            let d = NavDriver()
            let sheet = d.stack.present(sheet: ListView(frame: .zero, dataSource: PlainRows(30)), detents: [.medium])
            var frames = 0
            var sawVeil = false
            while d.stack.isAnimating && frames < 100 {
                d.step(); frames += 1
                sawVeil = sawVeil || d.stack.veil.alpha > 200
            }
            #expect(sawVeil && frames <= 12)
            #expect(sheet.top == 300)                      // the medium detent of a 600-pt stack
            d.stack.dismissSheet(animated: true)
            frames = 0
            while d.stack.isAnimating && frames < 100 { d.step(); frames += 1 }
            #expect(frames <= 12 && d.stack.presentedSheet == nil)
        }
    }

    @Test("an edge swipe's release settles on the same spring whether motion is reduced or not")
    func edgeSwipeUnchanged() {
        func swipe() -> [Double] {
            let d = NavDriver()
            let next = NavigationScreen(title: "Next", content: ListView(frame: .zero, dataSource: PlainRows(5)))
            d.stack.push(next, animated: false)
            var xs: [Double] = []
            d.observer = { xs.append(next.frame.minX) }
            d.drag(from: 5, 300, to: 120, 300, at: 0.5, duration: 0.1)
            d.run(until: 2)
            return xs
        }
        let normal = swipe()
        let slowed = reduced { swipe() }
        #expect(normal.count > 40 && normal == slowed)
    }

    @Test("the tab bar's pill jumps; the setting reads back through every view")
    func tabBarJumps() {
        reduced {
            let bar = TabBar(titles: ["A", "B", "C"], frame: Rect(x: 0, y: 0, width: 300, height: 44))
            bar.setSelectedIndex(2, animated: true)
            bar.step(FrameTick(index: 0, timestamp: 1, duration: 1 / 60))
            #expect(bar.indicatorPosition == 2 && !bar.needsFrames)
            #expect(bar.motionPolicy == .reduced && ViewNode.motionPolicy.reducesMotion)
        }
        #expect(ViewNode.motionPolicy == .standard)
    }
}
