import Testing
import Motion
@testable import ScrollKit

/// The scroll indicator of every scroll view: visibility and fade timing, thumb length and position
/// (up to 10^7 rows), dragging the thumb, track clicks, modes. Plain values; the default style (5 pt
/// thick, 3 pt inset, thumb at least 44 pt, a 44 pt hit band).
@Suite("Scroll indicator")
@MainActor
struct ScrollIndicatorTests {
    static let viewport = Size(width: 320, height: 480)
    /// The vertical track: the viewport less the inset at both ends.
    static let track = 480.0 - 6

    func scrollView(content height: Double, visibility: ScrollIndicatorMode = .alwaysVisible) -> ScrollingView {
        let s = ScrollingView(viewportSize: Self.viewport, contentSize: Size(width: 320, height: height))
        s.indicatorVisibility = visibility
        return s
    }

    func tick(_ t: Double, _ index: Int = 0) -> FrameTick {
        FrameTick(index: index, timestamp: t - 1.0 / 60, duration: 1.0 / 60)
    }

    /// Steps frames at 60 Hz from `from` until the view is at rest (at most `seconds`).
    func settle(_ view: ViewNode, from: Double, seconds: Double = 3) {
        var t = from
        while t < from + seconds {
            t += 1.0 / 60
            view.step(tick(t))
            if !view.isAnimating { break }
        }
    }

    // MARK: - Length and position

    @Test("The thumb is proportional: the track × viewport / content", arguments: [
        (960.0, 237.0), (1920.0, 118.5), (4800.0, 47.4),
    ])
    func proportionalThumb(content: Double, length: Double) throws {
        let g = try #require(scrollView(content: content).indicatorGeometry(.vertical))
        #expect(abs(g.thumbLength - length) < 1e-9)
        #expect(g.trackStart == 3)
        #expect(g.trackLength == Self.track)
        #expect(g.thumbStart == 3)
        #expect(g.crossStart == 320 - 3 - 5)
    }

    @Test("The thumb is never shorter than a touch size (44 pt), even at 10^7 rows of 60 pt", arguments: [
        10_000.0, 600_000.0, 600_000_000.0,
    ])
    func minimumThumb(content: Double) throws {
        let g = try #require(scrollView(content: content).indicatorGeometry(.vertical))
        #expect(g.thumbLength == 44)
    }

    @Test("A track shorter than the minimum thumb gets a thumb as long as the track")
    func shortTrack() throws {
        let s = ScrollingView(viewportSize: Size(width: 320, height: 40), contentSize: Size(width: 320, height: 4000))
        s.indicatorVisibility = .alwaysVisible
        let g = try #require(s.indicatorGeometry(.vertical))
        #expect(g.thumbLength == 34)
        #expect(g.travel == 0)
    }

    @Test("At 10^7 rows the thumb's position follows the offset exactly", arguments: [0.0, 0.25, 0.5, 1.0])
    func positionAtScale(fraction: Double) throws {
        let content = 60.0 * 10_000_000
        let s = scrollView(content: content)
        s.contentOffset = Point(x: 0, y: fraction * (content - 480))
        let g = try #require(s.indicatorGeometry(.vertical))
        #expect(abs(g.thumbStart - (3 + (Self.track - 44) * fraction)) < 1e-6)
        #expect(abs(s.thumbFraction(.vertical) - fraction) < 1e-12)
    }

    @Test("setThumbFraction puts the offset at fraction × range, at 10^7 rows within a point", arguments: [
        0.0, 0.1, 0.5, 0.999_999, 1.0,
    ])
    func setFraction(fraction: Double) {
        let content = 60.0 * 10_000_000
        let s = scrollView(content: content)
        s.setThumbFraction(fraction, .vertical)
        #expect(abs(s.contentOffset.y - fraction * (content - 480)) <= 1)
    }

    @Test("setThumbFraction clamps to 0...1 and ignores NaN")
    func setFractionBadInput() {
        let s = scrollView(content: 960)
        s.setThumbFraction(2, .vertical)
        #expect(s.contentOffset.y == 480)
        s.setThumbFraction(-1, .vertical)
        #expect(s.contentOffset.y == 0)
        s.setThumbFraction(.nan, .vertical)
        #expect(s.contentOffset.y == 0)
    }

    @Test("No indicator when the content fits, along an axis that does not scroll, or when hidden")
    func noIndicator() {
        #expect(scrollView(content: 480).indicatorGeometry(.vertical) == nil)
        #expect(scrollView(content: 4800).indicatorGeometry(.horizontal) == nil)
        #expect(scrollView(content: 4800, visibility: .hidden).indicatorGeometry(.vertical) == nil)
        #expect(scrollView(content: 4800, visibility: .hidden).indicatorOpacity == 0)
    }

    @Test("A two-axis view leaves the corner: each track is shorter by the other's thickness and inset")
    func twoAxes() throws {
        let s = ScrollingView(viewportSize: Self.viewport, contentSize: Size(width: 1000, height: 1000), axis: .both)
        s.indicatorVisibility = .alwaysVisible
        let v = try #require(s.indicatorGeometry(.vertical))
        let h = try #require(s.indicatorGeometry(.horizontal))
        #expect(v.trackLength == 480 - 6 - 8)
        #expect(h.trackLength == 320 - 6 - 8)
        #expect(h.crossStart == 480 - 3 - 5)
    }

    @Test("Past an edge the thumb shrinks by the overscroll, down to its thickness")
    func overscrollShrinks() {
        let s = scrollView(content: 960)
        s.handle(.pointerDown(location: Point(x: 100, y: 100), time: 0))
        s.handle(.pointerMove(location: Point(x: 100, y: 160), time: 0.05))
        s.handle(.pointerMove(location: Point(x: 100, y: 200), time: 0.1))
        let over = -s.contentOffset.y
        #expect(over > 0)
        #expect(abs((s.indicatorGeometry(.vertical)?.thumbLength ?? 0) - (237 - over)) < 1e-9)
    }

    // MARK: - Visibility and fade

    @Test("Automatic: hidden at rest, shown while the offset changes, held 0.5 s, faded over 0.3 s")
    func fadeTiming() {
        let s = scrollView(content: 960, visibility: .automatic)
        s.step(tick(0.5))
        #expect(s.indicatorOpacity == 0)
        #expect(!s.needsFrames)
        s.contentOffset = Point(x: 0, y: 100)
        #expect(s.indicatorOpacity == 1)
        s.step(tick(1.0))
        #expect(s.indicatorOpacity == 1)
        #expect(s.needsFrames)
        #expect(!s.isAnimating)   // the fade is not motion
        s.step(tick(1.5))
        #expect(s.indicatorOpacity == 1)
        s.step(tick(1.65))
        #expect(abs(s.indicatorOpacity - 0.5) < 1e-6)
        s.step(tick(1.8))
        #expect(s.indicatorOpacity == 0)
        #expect(!s.needsFrames)
    }

    @Test("Automatic: shown while a timed scroll runs, fading after it ends")
    func showsWhileAnimating() {
        let s = scrollView(content: 4800, visibility: .automatic)
        s.step(tick(0))
        s.setContentOffset(Point(x: 0, y: 1000), duration: 1, curve: .linear)
        s.step(tick(0.5))
        #expect(s.indicatorOpacity == 1)
        settle(s, from: 0.5)
        #expect(s.contentOffset.y == 1000)
        #expect(s.indicatorOpacity == 1)
        #expect(s.needsFrames)
    }

    @Test("alwaysVisible: shown at rest, never fading, and no frames asked for")
    func alwaysVisible() {
        let s = scrollView(content: 960)
        s.step(tick(10))
        #expect(s.indicatorOpacity == 1)
        #expect(!s.isIndicatorFading)
        #expect(!s.needsFrames)
    }

    @Test("A shown indicator draws its thumb over the content, at the thumb's rectangle")
    func draws() throws {
        let s = scrollView(content: 960)
        s.frame = Rect(x: 10, y: 20, width: 320, height: 480)
        let canvas = RecordingCanvas(size: Size(width: 400, height: 600))
        s.draw(in: canvas)
        let thumb = try #require(s.indicatorThumbRect(.vertical)).offsetBy(dx: 10, dy: 20)
        let drawn = canvas.commands.contains { command in
            if case .fillRoundedRect(let r, _, _) = command { return r == thumb }
            return false
        }
        #expect(drawn)
    }

    // MARK: - Dragging the thumb

    @Test("Dragging the thumb moves the content in proportion (not as a content drag)", arguments: [
        (118.5, 240.0), (237.0, 480.0), (-50.0, 0.0), (60.0, 121.518987),
    ])
    func thumbDrag(by dy: Double, expected: Double) {
        let s = scrollView(content: 960)           // thumb 237 pt from y 3; travel 237
        s.handle(.pointerDown(location: Point(x: 315, y: 13), time: 0))
        s.handle(.pointerMove(location: Point(x: 315, y: 13 + dy / 2), time: 0.05))
        s.handle(.pointerMove(location: Point(x: 315, y: 13 + dy), time: 0.1))
        #expect(abs(s.contentOffset.y - expected) < 1e-4)
        s.handle(.pointerUp(location: Point(x: 315, y: 13 + dy), time: 0.15))
        #expect(abs(s.contentOffset.y - expected) < 1e-4)
        #expect(!s.isAnimating)                    // no fling after a thumb drag
    }

    @Test("At 10^7 rows a drag of the 44 pt thumb to the end of the track reaches the last row")
    func thumbDragAtScale() throws {
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 480), dataSource: IndicatorRows(count: 10_000_000))
        list.scrollView.indicatorVisibility = .alwaysVisible
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        root.addSubview(list)
        root.step(tick(0))
        // The hit band: 44 pt wide from the edge, and the thumb's 44 pt along the track.
        root.handle(.pointerDown(location: Point(x: 290, y: 25), time: 0))
        root.handle(.pointerMove(location: Point(x: 290, y: 25 + (Self.track - 44) / 2), time: 0.05))
        let range = 60.0 * 10_000_000 - 480
        #expect(abs(list.scrollView.contentOffset.y - range / 2) <= 1)
        root.handle(.pointerMove(location: Point(x: 290, y: 600), time: 0.1))
        root.handle(.pointerUp(location: Point(x: 290, y: 600), time: 0.15))
        #expect(list.scrollView.contentOffset.y == range)
        root.step(tick(0.2, 1))
        #expect(list.visibleRange.upperBound == 10_000_000)
    }

    @Test("A press on a hidden automatic indicator scrolls the content as usual")
    func hiddenIndicatorNotGrabbed() {
        let s = scrollView(content: 960, visibility: .automatic)
        s.handle(.pointerDown(location: Point(x: 315, y: 300), time: 0))
        s.handle(.pointerMove(location: Point(x: 315, y: 250), time: 0.05))
        s.handle(.pointerMove(location: Point(x: 315, y: 200), time: 0.1))
        #expect(s.contentOffset.y == 100)
    }

    @Test("A press away from the edge band scrolls the content even with the indicator shown")
    func outsideBand() {
        let s = scrollView(content: 960)
        s.handle(.pointerDown(location: Point(x: 200, y: 300), time: 0))
        s.handle(.pointerMove(location: Point(x: 200, y: 250), time: 0.05))
        s.handle(.pointerMove(location: Point(x: 200, y: 200), time: 0.1))
        #expect(s.contentOffset.y == 100)
    }

    // MARK: - Track clicks

    @Test("A click on the track below the thumb pages down, above it pages up")
    func trackPaging() {
        let s = scrollView(content: 4800)          // thumb 47.4 pt at the top
        s.step(tick(0))
        s.handle(.pointerDown(location: Point(x: 315, y: 400), time: 0))
        s.handle(.pointerUp(location: Point(x: 315, y: 400), time: 0.05))
        settle(s, from: 0)
        #expect(s.contentOffset.y == 440)          // a page: the viewport less 40 pt
        s.handle(.pointerDown(location: Point(x: 315, y: 400), time: 1))
        s.handle(.pointerUp(location: Point(x: 315, y: 400), time: 1.05))
        settle(s, from: 1)
        #expect(s.contentOffset.y == 880)
        s.handle(.pointerDown(location: Point(x: 315, y: 5), time: 2))
        s.handle(.pointerUp(location: Point(x: 315, y: 5), time: 2.05))
        settle(s, from: 2)
        #expect(s.contentOffset.y == 440)
    }
}

/// `count` plain rows of 60 pt.
@MainActor
final class IndicatorRows: ListDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    var numberOfItems: Int { count }
    var fixedItemSize: Double? { 60 }
    func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(ListCell.self, for: index) }
}
