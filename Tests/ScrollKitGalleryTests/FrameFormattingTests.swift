import Foundation
import Motion
import ScrollKit
import Testing
@testable import ScrollKitGallery

/// The labels scenes show are formatted without allocating in frames: once up front (picker, paging)
/// or into reused buffers (list). These check that they still read the same.
@Suite("Labels formatted for allocation-free frames")
struct FrameFormattingTests {
    @Test("groupedNumber and appendGroupedNumber put commas every three digits",
          arguments: [(0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (-1234567, "-1,234,567"),
                      (10_000_000, "10,000,000"), (Int.max, "9,223,372,036,854,775,807"),
                      (Int.min, "-9,223,372,036,854,775,808")])
    func grouped(_ n: Int, _ expected: String) {
        #expect(groupedNumber(n) == expected)
        var text = "Rows "
        appendGroupedNumber(n, to: &text)
        #expect(text == "Rows " + expected)
    }

    @Test("replaceContents writes new contents over old, longer or shorter, and leaves copies alone")
    func replaceContentsReusesTheBuffer() {
        var text = "configured in frame 1,234,567"
        let copy = text
        replaceContents(of: &text) { out in
            out.append("configured in frame ")
            appendGroupedNumber(12, to: &out)
        }
        #expect(text == "configured in frame 12")
        #expect(copy == "configured in frame 1,234,567")
        replaceContents(of: &text) { out in out.append("No rows") }
        #expect(text == "No rows")
    }

    @Test("the picker's labels are made once for every face")
    @MainActor
    func pickerLabels() throws {
        let labels = PickerScene.faceLabels(count: 79)
        #expect(labels.count == 79)
        #expect(labels[0].name == "Grinning Face with Smiling Eyes")
        #expect(labels[0].detail == "U+1F601  ·  1 of 79")
        #expect(labels[78].name == "Person with Folded Hands")
        #expect(labels[78].detail == "U+1F64F  ·  79 of 79")
        for (i, label) in labels.enumerated() {
            #expect(label.name == PickerScene.displayName(ofFace: i))
        }
        #expect(PickerScene.faceLabels(count: 0).isEmpty)
        #expect(PickerScene.faceLabels(count: -3).isEmpty)
    }

    @Test("a recycled list row gets its own hue and hex code, whatever its old subtitle said")
    @MainActor
    func rowSubtitleIsRewrittenInPlace() throws {
        // Row i of 40: hue i / 40 at saturation 0.3, value 0.98. Converted by hand: row 0 is (250, 175, 175)
        // at 0°, row 5 (hue 1/8, 45°) is (250, 231, 175).
        let rows = RowSource(count: 40, rowHeight: 60)
        let cell = RowCell()
        rows.configure(cell, at: 5)
        let label = cell
        #expect(label.title == "Row 5")
        #expect(label.subtitle == "Hue 45° · #FAE7AF")
        let shown = label.subtitle        // what a canvas or a cache may still hold
        cell.prepareForReuse()            // as the list recycles it
        #expect(label.subtitle == nil)
        rows.configure(cell, at: 0)
        #expect(label.title == "Row 0")
        #expect(label.subtitle == "Hue 0° · #FAAFAF")
        #expect(shown == "Hue 45° · #FAE7AF")
        // Configured again without being recycled first (a reload): still right.
        rows.configure(cell, at: 5)
        #expect(label.subtitle == "Hue 45° · #FAE7AF")
    }
}
