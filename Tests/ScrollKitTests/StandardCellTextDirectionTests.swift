// StandardCell's title and subtitle in either script in either direction of row (issue 41): the drawn lines' ink
// against a model of the row (the text's room between the content insets, its leading edge the left inset's side),
// and the parts' rectangles against the ink they report.

import Testing
@testable import ScrollKit

@Suite("StandardCell: text of either direction in rows of either direction")
@MainActor
struct StandardCellTextDirectionTests {
    nonisolated static let texts = ["Wi-Fi", "مرحبا بالعالم", "שלום עולם", "Home network"]

    /// One line's ink, where it is drawn: from its first glyph's left edge, its glyphs' width.
    struct Ink { var minX: Double; var maxX: Double }

    func inks(_ canvas: RecordingCanvas) -> [(text: String, lines: [Ink])] {
        canvas.commands.compactMap { command in
            guard case let .textLayout(layout, at: origin) = command else { return nil }
            return (layout.text, layout.lines.map { Ink(minX: origin.x + $0.x, maxX: origin.x + $0.x + $0.width) })
        }
    }

    /// Both directions of row × a title and a subtitle in a left-to-right and a right-to-left script: every line's
    /// ink lies in the row's text room, starts at the row's leading edge (the left inset's side: the right in a
    /// right-to-left row), title and subtitle alike, and the parts' rectangles are the ink's extent.
    @Test(arguments: ReadingDirection.allCases)
    func titleAndSubtitleLineUpOnTheRowsLeadingEdge(direction: ReadingDirection) throws {
        for title in Self.texts {
            for subtitle in Self.texts where subtitle != title {
                let frame = Rect(x: 10, y: 30, width: 360, height: 74)
                let cell = StandardCell()
                cell.textMeasurer = ApproximateTextMeasurer.shared
                cell.frame = frame
                cell.title = title
                cell.subtitle = subtitle
                cell.layoutDirection = direction
                let canvas = RecordingCanvas()
                cell.draw(in: canvas)
                let look = cell.appearance
                // The model: the text's room, and its leading edge.
                let rtl = direction == .rightToLeft
                let roomMin = frame.minX + (rtl ? look.contentInsets.right : look.contentInsets.left)
                let roomMax = frame.maxX - (rtl ? look.contentInsets.left : look.contentInsets.right)
                let drawn = inks(canvas)
                try #require(drawn.map(\.text) == [title, subtitle])
                let parts = cell.parts(in: frame)
                for ((text, lines), rect) in zip(drawn, [parts.title, try #require(parts.subtitle)]) {
                    let line = try #require(lines.first)
                    let what = "\(direction) row, \"\(text)\": ink \(line.minX)...\(line.maxX)"
                    #expect(line.minX >= frame.minX - 1e-9 && line.maxX <= frame.maxX + 1e-9, "outside the row: \(what)")
                    #expect(line.minX >= roomMin - 1e-9 && line.maxX <= roomMax + 1e-9, "outside the text's room: \(what)")
                    if rtl {
                        #expect(abs(line.maxX - roomMax) < 1e-9, "not flush right: \(what)")
                    } else {
                        #expect(abs(line.minX - roomMin) < 1e-9, "not flush left: \(what)")
                    }
                    #expect(abs(rect.minX - line.minX) < 1e-9 && abs(rect.maxX - line.maxX) < 1e-9,
                            "the part's rectangle \(rect.minX)...\(rect.maxX) is not the ink: \(what)")
                }
            }
        }
    }

    /// A right-to-left row is the left-to-right row reflected whatever the title's script: its ink too.
    @Test(arguments: texts)
    func theTitlesInkIsReflected(title: String) throws {
        let frame = Rect(x: 0, y: 0, width: 320, height: 60)
        let cell = StandardCell()
        cell.textMeasurer = ApproximateTextMeasurer.shared
        cell.frame = frame
        cell.title = title
        cell.leading = .swatch(RGBAColor(hex: 0x0A7AFF), symbol: nil)
        cell.accessory = .chevron
        let ltr = RecordingCanvas(), rtl = RecordingCanvas()
        cell.draw(in: ltr)
        cell.layoutDirection = .rightToLeft
        cell.draw(in: rtl)
        let a = try #require(inks(ltr).first?.lines.first), b = try #require(inks(rtl).first?.lines.first)
        #expect(abs(b.minX - (320 - a.maxX)) < 1e-9 && abs(b.maxX - (320 - a.minX)) < 1e-9,
                "\(title): \(a.minX)...\(a.maxX) left to right, \(b.minX)...\(b.maxX) right to left")
    }
}
