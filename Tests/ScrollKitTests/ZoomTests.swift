import Foundation
import Motion
import Testing
@testable import ScrollKit

/// Pinch zoom, double-tap, Ctrl + wheel and the zoom keys on `ScrollingView` (the UIScrollView model).
@MainActor
@Suite("Zoom")
struct ZoomTests {
    /// An 800 × 600 two-axis view onto 2000 × 1500 content, zoomable 0.5 ... 4, at offset (600, 450).
    func zoomable(bounces: Bool = true) -> ScrollingView {
        let v = ScrollingView(viewportSize: Size(width: 800, height: 600), contentSize: Size(width: 2000, height: 1500),
                              axis: .both)
        v.minimumZoomScale = 0.5
        v.maximumZoomScale = 4
        v.bouncesZoom = bounces
        v.contentOffset = Point(x: 600, y: 450)
        return v
    }

    func frames(_ v: ScrollingView, from t: Double, count: Int) -> Double {
        var time = t
        for i in 0..<count {
            time = t + Double(i + 1) / 60
            v.step(FrameTick(index: i, timestamp: time, duration: 1.0 / 60))
        }
        return time
    }

    /// The content point (at scale 1) shown under viewport point `p`.
    func contentPoint(_ v: ScrollingView, under p: Point) -> Point {
        Point(x: (v.contentOffset.x + p.x) / v.zoomScale, y: (v.contentOffset.y + p.y) / v.zoomScale)
    }

    func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    /// Two fingers at `centre` ± `half` horizontally, spread to ± `toHalf` in `steps` moves, optionally moving
    /// their centre by `pan` on the way.
    func pinch(_ v: ScrollingView, centre: Point, half: Double, toHalf: Double, pan: Point = .zero, steps: Int = 10,
               start: Double = 0) -> Double {
        v.handle(.touchDown(device: 0, id: 1, location: Point(x: centre.x - half, y: centre.y), time: start))
        v.handle(.touchDown(device: 0, id: 2, location: Point(x: centre.x + half, y: centre.y), time: start + 0.008))
        var t = start + 0.008
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            let h = half + (toHalf - half) * f
            let c = Point(x: centre.x + pan.x * f, y: centre.y + pan.y * f)
            t += 0.008
            v.handle(.touchMove(device: 0, id: 1, location: Point(x: c.x - h, y: c.y), time: t))
            t += 0.008
            v.handle(.touchMove(device: 0, id: 2, location: Point(x: c.x + h, y: c.y), time: t))
        }
        return t
    }

    @Test("a pinch zooms about the fingers' centroid: the content point under it stays under it")
    func pinchAboutCentroid() {
        let v = zoomable()
        let centre = Point(x: 300, y: 200)
        let before = contentPoint(v, under: centre)
        _ = pinch(v, centre: centre, half: 50, toHalf: 100)
        #expect(abs(v.zoomScale - 2) < 1e-9)
        #expect(v.contentSize == Size(width: 4000, height: 3000))
        #expect(close(contentPoint(v, under: centre), before))
        #expect(v.isZooming)
    }

    @Test("pinching while the centroid pans: zoom about it and pan 1:1")
    func pinchAndPan() {
        let v = zoomable()
        let centre = Point(x: 400, y: 300)
        let before = contentPoint(v, under: centre)
        _ = pinch(v, centre: centre, half: 60, toHalf: 90, pan: Point(x: -100, y: -50))
        // The content point that was under the centroid moved with it.
        #expect(abs(v.zoomScale - 1.5) < 1e-9)
        #expect(close(contentPoint(v, under: Point(x: 300, y: 250)), before))
    }

    @Test("two fingers that keep their spread pan at their own speed, without zooming")
    func twoFingerPanDoesNotZoom() {
        let v = zoomable()
        let o = v.contentOffset
        _ = pinch(v, centre: Point(x: 400, y: 300), half: 80, toHalf: 80, pan: Point(x: -120, y: 0))
        #expect(v.zoomScale == 1)
        #expect(abs(v.contentOffset.x - (o.x + 120)) < 1e-9)
    }

    @Test("a finger lifting mid-pinch neither jumps the scale nor the content; the other carries the drag on")
    func liftOffHandOver() {
        let v = zoomable()
        let t = pinch(v, centre: Point(x: 400, y: 300), half: 50, toHalf: 80)
        let scale = v.zoomScale, offset = v.contentOffset
        v.handle(.touchUp(device: 0, id: 2, location: Point(x: 480, y: 300), time: t + 0.01))
        #expect(v.zoomScale == scale && v.contentOffset == offset && !v.isZooming)
        v.handle(.touchMove(device: 0, id: 1, location: Point(x: 300, y: 300), time: t + 0.02))
        #expect(v.zoomScale == scale)
        #expect(abs(v.contentOffset.x - (offset.x + 20)) < 1e-9)
    }

    @Test("past the maximum the scale is rubber-banded, then springs back to the limit on release, offset in range",
          arguments: [true, false])
    func limitsWithBounce(bounces: Bool) {
        let v = zoomable(bounces: bounces)
        let centre = Point(x: 400, y: 300)
        let t = pinch(v, centre: centre, half: 40, toHalf: 400)   // raw scale 10
        if bounces {
            #expect(v.zoomScale > 4 && v.zoomScale < 8)
            #expect(abs(v.zoomScale - ZoomScale.banded(10, minimum: 0.5, maximum: 4)) < 1e-9)
        } else {
            #expect(v.zoomScale == 4)
        }
        v.handle(.touchUp(device: 0, id: 2, location: Point(x: 800, y: 300), time: t + 0.01))
        v.handle(.touchUp(device: 0, id: 1, location: Point(x: 0, y: 300), time: t + 0.02))
        if bounces { #expect(v.isZoomAnimating && v.isAnimating) }
        var last = v.zoomScale
        var monotone = true
        var time = t + 0.02
        for i in 0..<120 {
            time += 1.0 / 60
            v.step(FrameTick(index: i, timestamp: time, duration: 1.0 / 60))
            if v.zoomScale > last + 1e-12 { monotone = false }
            last = v.zoomScale
            #expect(abs(v.contentSize.width - 2000 * v.zoomScale) < 1e-6)
        }
        #expect(monotone)
        #expect(v.zoomScale == 4 && !v.isAnimating, "phase \(v.phase) offset \(v.contentOffset) range \(v.minContentOffset) \(v.maxContentOffset) velocity \(v.velocity)")
        #expect(v.contentOffset == v.contentOffset.clamped(v.minContentOffset, v.maxContentOffset))
    }

    @Test("below the minimum too; content smaller than the viewport is centred with centersContent")
    func minimumAndCentring() {
        let v = zoomable()
        v.centersContent = true
        let t = pinch(v, centre: Point(x: 400, y: 300), half: 200, toHalf: 20)   // raw 0.1
        #expect(v.zoomScale < 0.5 && v.zoomScale > 0.25)
        v.handle(.touchUp(device: 0, id: 2, location: Point(x: 420, y: 300), time: t + 0.01))
        v.handle(.touchUp(device: 0, id: 1, location: Point(x: 380, y: 300), time: t + 0.02))
        _ = frames(v, from: t + 0.02, count: 120)
        #expect(v.zoomScale == 0.5)
        // 1000 × 750 content in an 800 × 600 viewport: scrollable, not centred; zoom out to fit it instead.
        #expect(v.contentSize == Size(width: 1000, height: 750))
        v.minimumZoomScale = 0.25
        v.setZoomScale(0.25, animated: false)
        #expect(v.contentOffset == Point(x: -(800 - 500) / 2, y: -(600 - 375) / 2))
        #expect(v.minContentOffset == v.maxContentOffset)
    }

    @Test("double-tap zooms in about the tap, animated; another double-tap zooms back out; slow taps do not")
    func doubleTap() {
        let v = zoomable()
        v.zoomScale = 0.5
        v.doubleTapZoomScale = 3
        let p = Point(x: 500, y: 320)
        let before = contentPoint(v, under: p)
        func tap(_ t: Double) {
            v.handle(.touchDown(device: 0, id: 1, location: p, time: t))
            v.handle(.touchUp(device: 0, id: 1, location: p, time: t + 0.05))
        }
        tap(0)
        #expect(!v.isZoomAnimating)
        tap(0.2)
        #expect(v.isZoomAnimating)
        _ = frames(v, from: 0.25, count: 10)
        #expect(v.zoomScale > 0.5 && v.zoomScale < 3)
        #expect(close(contentPoint(v, under: p), before, 1e-6))   // the anchor holds on the way
        _ = frames(v, from: 0.25 + 10.0 / 60, count: 20)
        #expect(v.zoomScale == 3 && !v.isZoomAnimating)
        #expect(close(contentPoint(v, under: p), before, 1e-6))
        tap(2)
        tap(2.2)
        _ = frames(v, from: 2.25, count: 30)
        #expect(v.zoomScale == 0.5)
        tap(4)
        tap(4.5)
        #expect(!v.isZoomAnimating)
        // The default target: the natural size or twice the minimum, whichever is larger.
        v.doubleTapZoomScale = nil
        #expect(v.resolvedDoubleTapScale == 1)
    }

    @Test("a viewport that changes during an animated zoom: it still lands in range at the final scale")
    func resizeDuringAnimatedZoom() {
        let v = zoomable()
        v.zoom(toScale: 0.5, about: Point(x: 0, y: 0), animated: true)
        var t = frames(v, from: 0, count: 6)
        v.viewportSize = Size(width: 1000, height: 800)   // the final range shrinks to one offset
        t = frames(v, from: t, count: 40)
        #expect(v.zoomScale == 0.5 && !v.isAnimating)
        #expect(v.contentOffset == v.contentOffset.clamped(v.minContentOffset, v.maxContentOffset))
        #expect(v.contentSize == Size(width: 1000, height: 750))
    }

    @Test("zoom(to:) fills the viewport with a rect of the content, centred, within the limits; animated it lands exactly")
    func zoomToRect() {
        let v = zoomable()
        v.zoom(to: Rect(x: 500, y: 500, width: 400, height: 300), animated: false)
        #expect(v.zoomScale == 2)
        #expect(v.contentOffset == Point(x: 700 * 2 - 400, y: 650 * 2 - 300))
        v.zoom(to: Rect(x: 0, y: 0, width: 10, height: 10), animated: true)   // 80x: the maximum, at the corner
        _ = frames(v, from: 1, count: 40)
        #expect(v.zoomScale == 4 && v.contentOffset == Point(x: 0, y: 0))
        v.zoom(to: Rect(x: 0, y: 0, width: .nan, height: 10), animated: false)
        #expect(v.zoomScale == 4)
    }

    @Test("Ctrl + wheel zooms about the pointer at once by 2^(1/4) a step, within the limits")
    func magnify() {
        let v = zoomable()
        let p = Point(x: 200, y: 100)
        let before = contentPoint(v, under: p)
        v.handle(.magnify(scale: pow(ScrollingView.wheelZoomStep, 4), location: p, time: 0))
        #expect(abs(v.zoomScale - 2) < 1e-9)
        #expect(close(contentPoint(v, under: p), before, 1e-9))
        v.handle(.magnify(scale: 100, location: p, time: 0.1))
        #expect(v.zoomScale == 4)
        v.handle(.magnify(scale: .nan, location: p, time: 0.2))
        #expect(v.zoomScale == 4)
    }

    @Test("the zoom keys zoom by √2 about the centre, animated, building on a zoom in progress")
    func keys() {
        let v = zoomable()
        v.handle(.key(.zoomIn, time: 0))
        v.handle(.key(.zoomIn, time: 0.05))
        _ = frames(v, from: 0.05, count: 40)
        #expect(abs(v.zoomScale - 2) < 1e-9)
        v.handle(.key(.zoomReset, time: 1))
        _ = frames(v, from: 1, count: 40)
        #expect(v.zoomScale == 0.5)
    }

    @Test("a zoomed view is not zoomable without limits apart; the zooming view follows the content size")
    func zoomingViewLayout() {
        let v = ScrollingView(viewportSize: Size(width: 100, height: 100), contentSize: Size(width: 300, height: 200), axis: .both)
        #expect(!v.isZoomEnabled)
        v.handle(.magnify(scale: 2, location: Point(x: 50, y: 50), time: 0))
        #expect(v.zoomScale == 1)
        let image = ViewNode(frame: .zero)
        v.addSubview(image)
        v.zoomingView = image
        #expect(image.frame == Rect(x: 0, y: 0, width: 300, height: 200))
        v.maximumZoomScale = 2
        v.zoomScale = 2
        #expect(image.frame.size == Size(width: 600, height: 400))
        v.contentSize = Size(width: 100, height: 100)   // at scale 2
        v.zoomScale = 1
        #expect(v.contentSize == Size(width: 50, height: 50))
        v.zoomScale = .nan
        v.minimumZoomScale = -1
        #expect(v.zoomScale == 1 && v.minimumZoomScale == 1)
    }
}

extension Point {
    func clamped(_ lo: Point, _ hi: Point) -> Point {
        Point(x: min(max(x, lo.x), hi.x), y: min(max(y, lo.y), hi.y))
    }
}
