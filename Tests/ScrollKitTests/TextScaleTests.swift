// Larger text in the pure layer: clamping, a style's scaled form, layouts at a scale (against the same text laid
// out in a larger font), row heights that never shrink as the scale grows, and lists that keep the row at the top
// in place when the scale changes.

import Testing
import Motion
@testable import ScrollKit

/// Runs `body` at text scale `scale`, restoring the previous scale after (the scale is process-wide).
@MainActor
func atTextScale<T>(_ scale: Double, _ body: () throws -> T) rethrows -> T {
    let old = ViewNode.textScale
    ViewNode.textScale = scale
    defer { ViewNode.textScale = old }
    return try body()
}

/// A self-sizing list of standard rows whose heights come from their text (`StandardCell.height`).
@MainActor
final class TextRowsSource: ListDataSource {
    let count: Int
    let fixed: Bool
    init(count: Int, fixed: Bool = false) { self.count = count; self.fixed = fixed }
    var numberOfItems: Int { count }
    var estimatedItemSize: Double? { fixed ? nil : 60 }
    /// Fixed rows: as tall as one line of 17 pt text at the current scale, plus 24 (a derived fixed height).
    var fixedItemSize: Double? { fixed ? (17 * 1.2 * ViewNode.textScale).rounded(.up) + 24 : nil }
    static func title(_ i: Int) -> String { "Row \(i)" }
    static func subtitle(_ i: Int) -> String {
        String(repeating: "words that wrap ", count: 1 + (i * 7) % 5)
    }
    func sizeOfItem(at index: Int, crossLength: Double) -> Double {
        StandardCell.height(title: Self.title(index), subtitle: Self.subtitle(index), width: crossLength,
                            measurer: ApproximateTextMeasurer.shared)
    }
    func cell(at index: Int, in list: ListView) -> ListCell { list.dequeueCell(LabelCell.self, for: index) }
}

@Suite("Larger text (text scale)")
@MainActor
struct TextScaleTests {
    @Test("the scale is clamped to 1...2; NaN and infinities are 1")
    func clamping() {
        #expect(TextScale.clamped(1.5) == 1.5)
        #expect(TextScale.clamped(0.5) == 1)
        #expect(TextScale.clamped(3) == 2)
        #expect(TextScale.clamped(.nan) == 1)
        #expect(TextScale.clamped(.infinity) == 1)
        #expect(TextScale.clamped(-.infinity) == 1)
        atTextScale(7) { #expect(ViewNode.textScale == 2) }
        atTextScale(.nan) { #expect(ViewNode.textScale == 1) }
    }

    @Test("a scaled style is not scaled again; maximumScale caps it; at 1 a style is unchanged")
    func scaledStyles() {
        let body = TextStyle(size: 17)
        #expect(body.scaled(by: 1) == body)
        let twice = body.scaled(by: 2)
        #expect(twice.size == 34)
        #expect(twice.scaled(by: 2) == twice)
        #expect(TextStyle(size: 10, maximumScale: 1.4).scaled(by: 2).size == 14)
        #expect(TextStyle(size: 10, maximumScale: 1).scaled(by: 2).size == 10)
        #expect(TextStyle(size: 10, maximumScale: .nan).scaled(by: 2).size == 10)
        #expect(TextStyle(size: 10, maximumScale: 0.5).scaled(by: 2).size == 10)
        #expect(TextStyle(size: 10).scaled(by: .nan).size == 10)
    }

    @Test("text laid out at scale s is the text laid out in a font s times the size", arguments: [1.25, 1.5, 2.0])
    func layoutAtScale(scale: Double) {
        let text = "Larger text wraps onto more lines as it grows, and rows grow with it."
        let measurer = ApproximateTextMeasurer.shared
        let scaled = atTextScale(scale) { TextLayout(text, style: TextStyle(size: 15), width: 240, measurer: measurer) }
        let larger = TextLayout(text, style: TextStyle(size: 15 * scale), width: 240, measurer: measurer)
        #expect(scaled.size == larger.size)
        #expect(scaled.lines.count == larger.lines.count)
        #expect(scaled.styles.map(\.size) == [15 * scale])
    }

    @Test("a recording canvas measures and records text at the scale")
    func recordingCanvas() {
        let canvas = RecordingCanvas(size: Size(width: 100, height: 100))
        let larger = canvas.measureText("abc", style: TextStyle(size: 20))
        #expect(atTextScale(2) { canvas.measureText("abc", style: TextStyle(size: 10)) } == larger)
        atTextScale(2) { canvas.drawText("abc", in: Rect(x: 0, y: 0, width: 50, height: 20), style: TextStyle(size: 10), alignment: .leading) }
        guard case .text(_, _, let style, _) = canvas.commands.last else { Issue.record("no text drawn"); return }
        #expect(style.size == 20)
    }

    @Test("a standard row's height never shrinks as the scale grows (random titles, subtitles, widths)")
    func rowHeightsMonotonic() {
        var rng = SplitMixLike(seed: 0x7E57)
        let words = ["a", "scroll", "list", "Dynamic", "Type", "grows", "with", "larger", "text", "ähnlich", "日本語", "مرحبا"]
        for _ in 0..<60 {
            func sentence(_ n: Int) -> String { (0..<n).map { _ in words[rng.next(words.count)] }.joined(separator: " ") }
            let title = sentence(1 + rng.next(5)), subtitle = rng.next(3) == 0 ? nil : sentence(rng.next(30))
            let width = Double(120 + rng.next(400))
            var previous = 0.0
            var scale = 1.0
            while scale <= 2.0001 {
                let h = atTextScale(scale) {
                    StandardCell.height(title: title, subtitle: subtitle, width: width, measurer: ApproximateTextMeasurer.shared)
                }
                #expect(h >= previous, "\(title) / \(subtitle ?? "-") at \(width) pt: \(h) < \(previous) at scale \(scale)")
                previous = h
                scale += 0.05
            }
        }
    }

    @Test("a self-sizing list keeps its top row on screen when the scale changes", arguments: [2.0, 1.5])
    func selfSizingKeepsAnchor(scale: Double) {
        let source = TextRowsSource(count: 5_000)
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 600), dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollToItem(1_234, position: .start, duration: 0)
        list.step(ticks.next())
        list.step(ticks.next())
        let anchor = list.visibleRange.lowerBound
        let before = list.frame(of: anchor)!.minY - list.scrollView.contentOffset.y
        let heightBefore = list.frame(of: anchor)!.height
        atTextScale(scale) {
            list.textScaleDidChange()
            list.step(ticks.next())
            list.step(ticks.next())
            #expect(list.visibleRange.lowerBound == anchor)
            let after = list.frame(of: anchor)!.minY - list.scrollView.contentOffset.y
            #expect(abs(after - before) < 0.5)
            #expect(list.frame(of: anchor)!.height > heightBefore, "the row grew")
            expectListConsistent(list)
        }
        list.textScaleDidChange()   // back to 1
        list.step(ticks.next())
        #expect(list.visibleRange.lowerBound == anchor)
        #expect(abs(list.frame(of: anchor)!.height - heightBefore) < 1e-9)
    }

    @Test("a list of fixed rows sized from the scale keeps its top row where it was")
    func fixedKeepsAnchor() {
        let source = TextRowsSource(count: 10_000, fixed: true)
        let list = ListView(frame: Rect(x: 0, y: 0, width: 320, height: 600), dataSource: source)
        var ticks = ListTicks(hz: 60)
        list.scrollView.setContentOffset(Point(x: 0, y: 44 * 700 + 13), animated: false)
        list.step(ticks.next())
        let anchor = list.visibleRange.lowerBound
        let gap = list.scrollView.contentOffset.y - list.frame(of: anchor)!.minY
        atTextScale(2) {
            list.textScaleDidChange()
            list.step(ticks.next())
            #expect(list.visibleRange.lowerBound == anchor)
            #expect(abs(list.scrollView.contentOffset.y - list.frame(of: anchor)!.minY - gap) < 1e-6)
            #expect(list.frame(of: anchor)!.height == source.fixedItemSize)
        }
    }
}

/// A tiny deterministic generator for the property test (SplitMix64's step).
struct SplitMixLike {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return bound <= 0 ? 0 : Int(z % UInt64(bound))
    }
}
