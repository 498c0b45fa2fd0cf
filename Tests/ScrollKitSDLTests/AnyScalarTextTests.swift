// Issue 41: any Unicode scalar is text. Random strings drawn from every scalar (extra weight on noncharacters,
// NUL, encoding edges, combining marks, bidi controls, flags) go through every text entry: TextLayout (line
// breaking by libunibreak, bidi by FriBidi, ICU's dictionaries) with both measurers, shaping (HarfBuzz, fallback
// fonts), drawing (FreeType), and a field's and an area's insert. Nothing may reach a C library's assertion.
import Foundation
@testable import ScrollKit
@testable import ScrollKitSDL
import ScrollKitTestSupport
import SplitMix
import Testing

/// Random text over all of Unicode, weighted towards what C libraries trip on.
enum AnyScalarText {
    static let noncharacters: [UInt32] = Array(0xFDD0...0xFDEF) + (0...16).flatMap { [UInt32($0) << 16 | 0xFFFE, UInt32($0) << 16 | 0xFFFF] }
    static let edges: [UInt32] = [0x00, 0x09, 0x0A, 0x0D, 0x7F, 0x80, 0x85, 0xAD, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFEFF,
                                  0xFFFC, 0xFFFD, 0x10000, 0x10FFFF, 0x2028, 0x2029, 0x200B, 0x034F]
    static let bidiControls: [UInt32] = [0x200E, 0x200F, 0x061C] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
    static let marks: [ClosedRange<UInt32>] = [0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x064B...0x065F,
                                               0x093C...0x094D, 0x0E31...0x0E3A, 0x1AB0...0x1ABE, 0x20D0...0x20F0, 0xFE20...0xFE2F]
    static let letters: [ClosedRange<UInt32>] = [0x20...0x7E, 0x0627...0x064A, 0x05D0...0x05EA, 0x0E01...0x0E2E,
                                                 0x4E00...0x4E40, 0x0915...0x0939, 0x1780...0x17B3]
    static let emoji: [UInt32] = Array(0x1F1E6...0x1F1FF) + [0x200D, 0xFE0F, 0xFE0E, 0x1F600, 0x1F469, 0x1F3FB, 0x20E3, 0xE0067]

    static func pick<T>(_ array: [T], _ rng: inout SplitMix64) -> T { array[rng.int(below: array.count)] }
    static func pick(in ranges: [ClosedRange<UInt32>], _ rng: inout SplitMix64) -> UInt32 {
        let r: ClosedRange<UInt32> = pick(ranges, &rng)
        return r.lowerBound + UInt32(rng.int(below: Int(r.upperBound - r.lowerBound) + 1))
    }

    /// One scalar: any scalar at all a fifth of the time, else one of the weighted kinds.
    static func scalar(_ rng: inout SplitMix64, allowNUL: Bool = true) -> Unicode.Scalar {
        var value: UInt32
        switch rng.int(below: 100) {
        case 0..<20:
            value = UInt32(rng.int(below: 0x110000 - 0x800))
            if value >= 0xD800 { value += 0x800 }   // no surrogates: they are not scalars
        case 20..<35: value = pick(noncharacters, &rng)
        case 35..<40: value = 0
        case 40..<50: value = pick(edges, &rng)
        case 50..<65: value = pick(in: marks, &rng)
        case 65..<75: value = pick(bidiControls, &rng)
        case 75..<82: value = pick(emoji, &rng)
        default: value = pick(in: letters, &rng)
        }
        if value == 0 && !allowNUL { value = 0xFFFF }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// A string of 1–40 scalars; one in ten also has a run of 50–300 combining marks.
    static func string(_ rng: inout SplitMix64, allowNUL: Bool = true) -> String {
        var view = String.UnicodeScalarView()
        for _ in 0..<(1 + rng.int(below: 40)) { view.append(scalar(&rng, allowNUL: allowNUL)) }
        if rng.int(below: 10) == 0 {
            for _ in 0..<(50 + rng.int(below: 250)) { view.append(Unicode.Scalar(pick(in: marks, &rng)) ?? "\u{301}") }
        }
        return String(view)
    }

    static func text(_ values: [UInt32]) -> String {
        var view = String.UnicodeScalarView()
        for v in values { view.append(Unicode.Scalar(v) ?? "\u{FFFD}") }
        return String(view)
    }

    /// The strings a report named, then `count` random ones from `seed`.
    static func cases(_ count: Int, seed: UInt64, allowNUL: Bool = true) -> [String] {
        var rng = SplitMix64(seed: seed)
        let named: [String] = [[0x61, 0xFFFF], [0xFFFF], [0xFFFF, 0x61], [0x61, 0xFFFF, 0x62, 0xFFFF], [0, 0xFFFF, 0],
                               [0x61, 0xFFFE, 0xFDD0], [0x1F1E9, 0x1F1EA, 0xFFFF], [0x10FFFF, 0xFFFF, 0x10FFFE]].map(Self.text)
        return named.filter { allowNUL || !$0.unicodeScalars.contains("\u{0}") } + (0..<count).map { _ in string(&rng, allowNUL: allowNUL) }
    }
}

@Suite("Any scalar is text", .serialized)
@MainActor
struct AnyScalarTextTests {
    /// The layout's own invariants: lines in order, inside the text, glyph ranges inside the glyphs; every caret
    /// offset answers on a line.
    func checkLayout(_ layout: TextLayout, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let scalars = text.unicodeScalars.count
        var previous = 0
        for line in layout.lines {
            #expect(line.scalars.lowerBound >= previous && line.scalars.upperBound <= scalars, "\(text.debugDescription)",
                    sourceLocation: sourceLocation)
            #expect(line.glyphs.upperBound <= layout.glyphs.count, sourceLocation: sourceLocation)
            previous = line.scalars.lowerBound
        }
        for offset in stride(from: 0, through: scalars, by: max(1, scalars / 8)) {
            if !layout.lines.isEmpty { #expect(layout.caret(at: offset) != nil, sourceLocation: sourceLocation) }
        }
        _ = layout.offset(at: Point(x: layout.size.width / 2, y: layout.size.height / 2))
        #expect(layout.size.width.isFinite && layout.size.height.isFinite, sourceLocation: sourceLocation)
    }

    @Test("TextLayout (libunibreak, FriBidi, ICU) takes any string, at any width and direction")
    func layoutWithoutFonts() {
        for (i, text) in AnyScalarText.cases(600, seed: 41).enumerated() {
            let width = [Double.infinity, 200, 30, 0][i % 4]
            let direction: ReadingDirection? = [nil, .leftToRight, .rightToLeft][i % 3]
            let layout = TextLayout(text, style: TextStyle(size: 17), width: width, maxLines: i % 5,
                                    truncation: [.tail, .middle, .head][i % 3], direction: direction,
                                    measurer: ApproximateTextMeasurer.shared)
            checkLayout(layout, text)
        }
    }

    @Test("shaping (HarfBuzz, fallback fonts) and drawing (FreeType, SDL_ttf) take any string")
    func shapedAndDrawn() throws {
        let target = try OffscreenRenderer(width: 320, height: 200, scale: 2)
        let canvas = target.canvas
        for (i, text) in AnyScalarText.cases(250, seed: 4141).enumerated() {
            let layout = TextLayout(text, style: TextStyle(size: 17, weight: i % 2 == 0 ? .regular : .bold), width: 300,
                                    direction: i % 3 == 0 ? .rightToLeft : nil, measurer: canvas.textMeasurer)
            checkLayout(layout, text)
            canvas.beginFrame()
            canvas.drawTextLayout(layout, at: Point(x: 4, y: 4))
            canvas.drawText(text, in: Rect(x: 0, y: 100, width: 320, height: 30), style: TextStyle(size: 15), alignment: .leading)
            _ = canvas.measureText(text, style: TextStyle(size: 15))
        }
    }

    @Test("a field and an area take any typed or pasted string, the text as a model of scalars says")
    func fieldInsert() throws {
        let target = try OffscreenRenderer(width: 360, height: 200)
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 360, height: 200))
        let field = TextFieldView(frame: Rect(x: 8, y: 8, width: 300, height: TextFieldView.height))
        let area = TextAreaView(frame: Rect(x: 8, y: 60, width: 300, height: 120))
        field.textMeasurer = target.canvas.textMeasurer
        area.textMeasurer = target.canvas.textMeasurer
        root.addSubview(field)
        root.addSubview(area)
        var rng = SplitMix64(seed: 414141)
        for (i, text) in AnyScalarText.cases(200, seed: 41_4141).enumerated() {
            let view: TextEditingView = i % 2 == 0 ? field : area
            if i % 7 == 0 { view.text = "" }
            // The oracle: the scalars before the caret, the inserted ones (newlines out in the one-line field),
            // the scalars after.
            view.selectedRange = { let c = rng.int(below: view.editingModel.scalarCount + 1); return c..<c }()
            let caret = view.selectedRange.lowerBound
            let before = Array(view.text.unicodeScalars)
            var inserted: [Unicode.Scalar] = []
            for character in text where !(view === field && character.isNewline) { inserted += character.unicodeScalars }
            view.insertText(text, time: Double(i))
            var expected = String.UnicodeScalarView()
            expected.append(contentsOf: before[..<caret] + inserted + before[caret...])
            #expect(view.text == String(expected), "\(text.debugDescription)")
            if let layout = view.layout { checkLayout(layout, view.displayString) }
            target.canvas.beginFrame()
            root.draw(in: target.canvas)
        }
    }
}
