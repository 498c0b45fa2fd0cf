// Issue 41: a text area with a long text lays out only a window of it (around the caret, or around what the reader
// scrolled to), placed at the estimated height of the text before it. The oracle is the whole text laid out at once
// by TextLayout itself: the window's lines are the whole layout's lines, the estimated content height is near the
// whole layout's, and a line up or down moves the caret one line of the whole layout, across the window's edges.
// (Speed is measured in `make bench`: text-probe's area cases.)
import Foundation
@testable import ScrollKit
@testable import ScrollKitSDL
import SplitMix
import Testing

@Suite("Big text area", .serialized)
@MainActor
struct BigTextAreaTests {
    static let words = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do",
                        "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore", "magna", "aliqua"]

    /// `paragraphs` paragraphs of 1 to 120 random words (seeded), joined by newlines.
    static func paragraphs(_ paragraphs: Int, seed: UInt64 = 7) -> String {
        var rng = SplitMix64(seed: seed)
        var out: [String] = []
        for _ in 0..<paragraphs {
            let n = 1 + Int(rng.next() % 120)
            out.append((0..<n).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " "))
        }
        return out.joined(separator: "\n")
    }

    func area(_ text: String, width: Double = 300, height: Double = 240) -> (ViewNode, TextAreaView) {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let area = TextAreaView(text: text, frame: Rect(x: 10, y: 10, width: width, height: height))
        area.textMeasurer = ApproximateTextMeasurer.shared
        root.addSubview(area)
        _ = area.becomeFocused()
        return (root, area)
    }

    /// The whole text laid out at once, as the area would without a window.
    func wholeLayout(_ area: TextAreaView) -> TextLayout {
        TextLayout(area.displayString, style: area.textStyle, width: area.layoutWidth, direction: nil,
                   measurer: ApproximateTextMeasurer.shared)
    }

    /// The text lines of a layout, as strings, with the text offset each starts at.
    func lines(_ layout: TextLayout, offsetBy base: Int = 0) -> [(start: Int, text: String)] {
        layout.lines.indices.map { (layout.lines[$0].scalars.lowerBound + base, layout.string(ofLine: $0)) }
    }

    func step(_ root: ViewNode, _ t: inout Double) {
        t += 1.0 / 60
        root.step(FrameTick(index: Int(t * 60), timestamp: t, targetTimestamp: t + 1.0 / 60, duration: 1.0 / 60))
    }

    @Test("a long text's window holds the whole layout's lines, placed near where the whole layout has them")
    func windowLinesAreTheWholeLayouts() throws {
        let text = Self.paragraphs(400)
        let (_, area) = area(text)
        area.selectedRange = text.unicodeScalars.count / 2..<text.unicodeScalars.count / 2
        let window = try #require(area.layout)
        #expect(area.layoutIsPartial)
        #expect(window.text.unicodeScalars.count <= 3 * area.reach + 1)
        let whole = wholeLayout(area)
        let byStart = Dictionary(lines(whole).map { ($0.start, $0.text) }, uniquingKeysWith: { a, _ in a })
        let shown = lines(window, offsetBy: area.layoutWindow.lowerBound)
        #expect(area.layoutWindow.lowerBound == 0 || text.unicodeScalars[text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: area.layoutWindow.lowerBound - 1)] == "\n",
                "the window starts at a paragraph")
        // Every line of the window but its last (which the window's end may cut) is a line of the whole layout.
        for line in shown.dropLast() {
            #expect(byStart[line.start] == line.text, "line at \(line.start): \(line.text.prefix(40))")
        }
        // The window sits within a few percent of where the whole layout has its first line, and the content is
        // about as tall as the whole text.
        let truth = try #require(whole.lines.first { $0.scalars.lowerBound == area.layoutWindow.lowerBound })
        #expect(abs(area.windowTop - truth.top) <= 0.08 * whole.size.height, "estimated \(area.windowTop), laid out \(truth.top)")
        let estimated = area.windowTop + window.size.height + area.windowRest
        #expect(abs(estimated - whole.size.height) <= 0.08 * whole.size.height, "estimated \(estimated), laid out \(whole.size.height)")
        #expect(abs(area.scrollView.contentSize.height - (estimated + TextAreaView.padding.top + TextAreaView.padding.bottom)) < 1)
    }

    @Test("the caret shows in the viewport after a paste of 10^6 characters, and typing goes on at the end")
    func pasteIntoArea() throws {
        let (root, area) = area("")
        let text = BigTextTests.prose(1_000_000)
        ViewNode.clipboard.setText(text, in: .clipboard)
        #expect(area.editingKey(.v, modifiers: [.control], time: 0))
        #expect(area.text == text)
        var t = 0.0
        step(root, &t)
        #expect((area.layout?.text.unicodeScalars.count ?? .max) <= 2 * TextEditingView.windowReach + 1)
        let caret = try #require(area.caretRectInRoot)
        let viewport = area.scrollView.frameInRoot
        #expect(viewport.insetBy(dx: -2, dy: -2).contains(Point(x: caret.midX, y: caret.midY)), "caret \(caret) viewport \(viewport)")
        area.insertText("!", time: 1)
        #expect(area.text == text + "!")
        #expect(area.layout?.text.hasSuffix("!") == true)
        // Ctrl+Home: the window comes back to the start, which shows at the top.
        #expect(area.editingKey(.home, modifiers: [.control], time: 2))
        step(root, &t)
        #expect(area.layoutWindow.lowerBound == 0 && area.windowTop == 0)
        #expect(area.scrollView.contentOffset.y <= TextAreaView.padding.top, "offset \(area.scrollView.contentOffset.y)")
    }

    @Test("scrolling away from the caret moves the window to the viewport, which always shows laid-out text")
    func windowFollowsTheViewport() throws {
        let text = Self.paragraphs(600, seed: 11)
        let (root, area) = area(text)
        area.selectedRange = 0..<0
        var t = 0.0
        step(root, &t)
        let range = area.scrollView.contentSize.height - area.scrollView.frame.height
        #expect(range > 20_000)
        var rng = SplitMix64(seed: 3)
        let whole = Dictionary(lines(wholeLayout(area)).map { ($0.start, $0.text) }, uniquingKeysWith: { a, _ in a })
        for k in 0..<40 {
            // Jumps anywhere (the scroll indicator dragged), then a run of small steps (a fling's frames).
            let y = k % 4 == 0 ? Double(rng.next() % UInt64(range)) : area.scrollView.contentOffset.y + 97
            area.scrollView.setContentOffset(Point(x: 0, y: min(y, range)), animated: false)
            step(root, &t)
            let layout = try #require(area.layout)
            let viewTop = area.scrollView.contentOffset.y - TextAreaView.padding.top
            let viewBottom = viewTop + area.scrollView.frame.height
            let top = area.windowTop, bottom = top + layout.size.height
            #expect(area.layoutWindow.lowerBound == 0 || top <= viewTop, "step \(k): window top \(top) below the view's \(viewTop)")
            #expect(area.layoutWindow.upperBound == area.displayCount || bottom >= viewBottom,
                    "step \(k): window bottom \(bottom) above the view's \(viewBottom)")
            // What shows is the whole layout's: the line at the viewport's middle is one of its lines.
            let mid = layout.offset(at: Point(x: 0, y: (viewTop + viewBottom) / 2 - top))
            if let index = layout.line(containing: mid), index + 1 < layout.lines.count {
                let start = layout.lines[index].scalars.lowerBound + area.layoutWindow.lowerBound
                #expect(whole[start] == layout.string(ofLine: index), "step \(k): line at \(start)")
            }
        }
        // The caret, far away at the start, is not drawn inside the window; a key brings it (and the window) back.
        #expect(!area.isInLayoutWindow(area.editingModel.caret) || area.layoutWindow.lowerBound == 0)
        #expect(area.editingKey(.right, modifiers: [], time: 10))
        step(root, &t)
        #expect(area.layoutWindow.lowerBound == 0)
        #expect(area.scrollView.contentOffset.y < 40)
    }

    @Test("Up and Down move one line of the whole layout at a time, across the window's edges")
    func linesUpAndDownAcrossTheWindow() throws {
        let text = Self.paragraphs(300, seed: 5)
        let (root, area) = area(text)
        var t = 0.0
        let whole = wholeLayout(area)
        func wholeLine() -> Int { whole.line(containing: area.layoutOffset(area.editingModel.caret) + area.layoutWindow.lowerBound) ?? -1 }
        area.selectedRange = 0..<0
        step(root, &t)
        var line = wholeLine()
        #expect(line == 0)
        for k in 0..<400 {
            #expect(area.editingKey(.down, modifiers: [], time: Double(k)))
            step(root, &t)
            let now = wholeLine()
            #expect(now == line + 1, "Down \(k): from line \(line) to \(now)")
            line = now
        }
        #expect(area.layoutWindow.lowerBound > 0, "the walk crossed the window")
        for k in 0..<200 {
            #expect(area.editingKey(.up, modifiers: [], time: Double(500 + k)))
            step(root, &t)
            let now = wholeLine()
            #expect(now == line - 1, "Up \(k): from line \(line) to \(now)")
            line = now
        }
    }

    @Test("an area stays finite and answering with NaN and zero sizes around a long text")
    func hostileSizes() {
        let (root, area) = area(Self.paragraphs(300))
        var t = 0.0
        for frame in [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: .nan, height: 100),
                      Rect(x: 0, y: 0, width: 300, height: .infinity), Rect(x: 10, y: 10, width: 300, height: 240)] {
            area.frame = frame
            area.scrollView.setContentOffset(Point(x: 0, y: 5_000), animated: false)
            step(root, &t)
            _ = area.layout
            #expect(!area.windowTop.isNaN && !area.windowRest.isNaN)
        }
        #expect(area.scrollView.contentSize.height.isFinite)
    }
}
