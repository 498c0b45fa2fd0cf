import Testing
import ScrollKit

@Suite("LabelCell and RecordingCanvas")
@MainActor
struct ListCellTests {
    @Test("a label cell draws its background, title and separator inside its frame")
    func labelCellSingleLine() throws {
        let canvas = RecordingCanvas(size: Size(width: 320, height: 480))
        let cell = LabelCell()
        cell.title = "Row 7"
        cell.backgroundColor = RGBAColor(hex: 0xFFEEDD)
        let frame = Rect(x: 0, y: 120, width: 320, height: 60)
        cell.draw(in: canvas, frame: frame)
        #expect(canvas.commands.first == .fill(frame, RGBAColor(hex: 0xFFEEDD)))
        #expect(canvas.texts == ["Row 7"])
        guard case .text(_, let rect, let style, let alignment) = canvas.commands[1] else {
            Issue.record("expected text second, got \(canvas.commands)"); return
        }
        #expect(rect == Rect(x: 16, y: 126, width: 288, height: 48))
        #expect(!LabelCell.isDark(cell.backgroundColor))
        #expect(style.color == RGBAColor(hex: 0x1C1C1E))          // dark text on a light background
        #expect(alignment == .left)   // the leading edge of a left-to-right cell, as a physical side
        guard case .line(let from, let to, _, let width) = try #require(canvas.commands.last) else {
            Issue.record("expected a separator last"); return
        }
        #expect(from == Point(x: 16, y: 179.5) && to == Point(x: 320, y: 179.5) && width == 1)
        // Every command stays inside the frame.
        for command in canvas.commands {
            if case .fill(let r, _) = command { #expect(r == frame) }
            if case .text(_, let r, _, _) = command { #expect(frame.intersection(r) == r) }
        }
    }

    @Test("fillCircles draws each circle in order through fillCircle unless a canvas batches them")
    func fillCirclesDefaultsToOneByOne() {
        let canvas = RecordingCanvas()
        let circles = (0..<5).map {
            CircleFill(center: Point(x: Double($0) * 10, y: 5), radius: Double($0 + 1), color: RGBAColor(r: UInt8($0), g: 0, b: 0))
        }
        let asCanvas: DrawingCanvas = canvas
        asCanvas.fillCircles(circles)
        #expect(canvas.commands == circles.map { .circle(center: $0.center, radius: $0.radius, $0.color) })
        asCanvas.fillCircles([])
        #expect(canvas.commands.count == 5)
    }

    @Test("title and subtitle on a dark background get light text; no separator when nil")
    func labelCellTwoLinesDark() {
        let canvas = RecordingCanvas()
        let cell = LabelCell()
        cell.title = "Title"
        cell.subtitle = "Subtitle"
        cell.backgroundColor = RGBAColor(hex: 0x202040)
        cell.separatorColor = nil
        cell.draw(in: canvas, frame: Rect(x: 10, y: 10, width: 200, height: 80))
        #expect(canvas.texts == ["Title", "Subtitle"])
        let rects: [Rect] = canvas.commands.compactMap { if case .text(_, let r, _, _) = $0 { r } else { nil } }
        #expect(rects[0].maxY == rects[1].minY)                 // stacked
        #expect(rects[0].minY - 16 == 84 - rects[1].maxY)     // centred as a block inside the 6 pt insets
        let colors: [RGBAColor] = canvas.commands.compactMap { if case .text(_, _, let s, _) = $0 { s.color } else { nil } }
        #expect(colors[0] == .white)
        #expect(!canvas.commands.contains { if case .line = $0 { true } else { false } })
        cell.prepareForReuse()
        #expect(cell.title.isEmpty && cell.subtitle == nil)
        #expect(cell.backgroundColor == RGBAColor(hex: 0x202040))
    }

    @Test("explicit colours, a trailing separator, and empty or degenerate frames")
    func labelCellOptions() {
        let canvas = RecordingCanvas()
        let cell = LabelCell()
        cell.title = "A"
        cell.titleColor = RGBAColor(hex: 0xFF0000)
        cell.separatorAlongTrailingEdge = true
        cell.draw(in: canvas, frame: Rect(x: 0, y: 0, width: 100, height: 300))
        let colors: [RGBAColor] = canvas.commands.compactMap { if case .text(_, _, let s, _) = $0 { s.color } else { nil } }
        #expect(colors == [RGBAColor(hex: 0xFF0000)])
        #expect(canvas.commands.contains(.line(from: Point(x: 99.5, y: 6), to: Point(x: 99.5, y: 294), RGBAColor(hex: 0xC6C6C8), width: 1)))
        canvas.reset()
        cell.draw(in: canvas, frame: Rect(x: 0, y: 0, width: 0, height: 60))
        cell.draw(in: canvas, frame: Rect(x: 0, y: 0, width: .nan, height: 60))
        #expect(canvas.commands.isEmpty)
        cell.title = ""
        cell.draw(in: canvas, frame: Rect(x: 0, y: 0, width: 50, height: 5))   // smaller than the insets
        #expect(canvas.texts.isEmpty)
        #expect(canvas.filledRects.count == 1)
    }

    @Test("the recording canvas tracks nested clips and ignores unbalanced pops")
    func recordingCanvasClips() {
        let canvas = RecordingCanvas(size: Size(width: 300, height: 200))
        #expect(canvas.currentClip == Rect(x: 0, y: 0, width: 300, height: 200))
        canvas.pushClip(Rect(x: 50, y: 50, width: 300, height: 100))
        #expect(canvas.currentClip == Rect(x: 50, y: 50, width: 250, height: 100))
        canvas.pushClip(Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(canvas.currentClip == Rect(x: 50, y: 50, width: 50, height: 50))
        canvas.pushClip(Rect(x: 500, y: 500, width: 10, height: 10))
        #expect(canvas.currentClip.width == 0 && canvas.clipDepth == 3)
        canvas.popClip(); canvas.popClip(); canvas.popClip(); canvas.popClip()
        #expect(canvas.unbalancedPops == 1)
        #expect(canvas.clipDepth == 0)
        #expect(canvas.measureText("Hello", style: TextStyle(size: 10)) == Size(width: 30, height: 12))
        #expect(canvas.measureText("", style: TextStyle(size: .nan)) == Size(width: 0, height: 0))
        canvas.fillCircle(center: .zero, radius: 3, color: .black)
        canvas.drawImage(ImageRef("x"), in: .zero, opacity: 0.5)
        #expect(canvas.commands.count == 9)
        canvas.reset()
        #expect(canvas.commands.isEmpty && canvas.unbalancedPops == 0)
    }
}
