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

    @Test("a recycled list row shows its own device, whatever it showed before")
    @MainActor
    func recycledRowIsConfiguredAfresh() throws {
        // Row n is device kind n mod 10 in room (n / 10 × 5 + n) mod 12: row 0 the living-room lamp (a
        // switch), row 11 the office thermostat (a value), row 3 the hallway camera (a chevron).
        let rows = RowSource(count: 40, rowHeight: 60)
        let cell = RowCell()
        rows.configure(cell, at: 11)
        #expect(cell.title == "Office Thermostat")
        #expect(cell.subtitle == "Holds the temperature while you are away")
        #expect(cell.accessory == .value("20°"))
        #expect(cell.leading == .swatch(RGBAColor(hex: 0xFF9500), symbol: "T"))
        cell.prepareForReuse()            // as the list recycles it
        #expect(cell.subtitle == nil && cell.accessory == .none)
        rows.configure(cell, at: 0)
        #expect(cell.title == "Living Room Lamp")
        #expect(cell.accessory == .toggle(isOn: true))
        rows.configure(cell, at: 3)
        #expect(cell.title == "Hallway Camera" && cell.accessory == .chevron)
        // Titles and texts come from tables made once: no row reads like a log line.
        for n in [0, 9, 123, 9_999_999] {
            rows.configure(cell, at: n)
            #expect(!cell.title.contains("Row") && !(cell.subtitle ?? "").isEmpty)
        }
    }
}
