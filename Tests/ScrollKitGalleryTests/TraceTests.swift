import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery

@Suite struct TraceTests {
    @Test func headerHasTheFortyDocumentedColumns() {
        #expect(TraceFormat.header == "frame,timestamp,targetTimestamp,offsetX,offsetY,velocityX,velocityY,phase,viewportWidth,viewportHeight,contentWidth,contentHeight,firstVisible,lastVisible,configured,selected,innerIndex,innerOffsetX,innerVelocityX,focusRow,focusItem,activatedRow,activatedItem,pinnedSection,zoomScale,itemCount,displayFrame,focusText,selectionStart,selectionEnd,composing,navigationDepth,refreshState,swipeRow,swipeOffset,reorderRow,reorderTarget,sheetPosition,focusLabel,presentation")
        #expect(TraceFormat.columns.count == 40)
    }

    /// The fifteen columns shared by issues 28–33 and 45–46 come after `zoomScale`, in the order the team's list
    /// gives, each neutral until its feature fills it (`focusLabel` and `presentation` came together).
    @Test func theSharedColumnsFollowZoomScaleInTheirOrder() {
        #expect(Array(TraceFormat.columns.dropFirst(25))
                == ["itemCount", "displayFrame", "focusText", "selectionStart", "selectionEnd", "composing",
                    "navigationDepth", "refreshState", "swipeRow", "swipeOffset", "reorderRow", "reorderTarget",
                    "sheetPosition", "focusLabel", "presentation"])
    }

    /// Text columns are quoted as RFC 4180 says, and read back by an RFC 4180 reader to the same text:
    /// commas, quotes, line breaks and non-ASCII text included.
    @Test(arguments: ["", "plain", "a,b", "say \"hi\"", "two\nlines", "\"", "مرحبا, עולם 👩‍👩‍👧"])
    func textColumnsRoundTripThroughAnRFC4180Reader(_ text: String) {
        var sample = TraceSample.neutral
        sample.focusText = text
        sample.composing = text + "x"
        sample.focusLabel = text + "y"
        let csv = TraceFormat.header + "\n" + TraceFormat.row(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60), sample) + "\n"
        let table = TraceTable(text: csv)
        #expect(table.rows.count == 1)
        #expect(table.rows.first?.count == TraceFormat.columns.count)
        #expect(table.text(0, "focusText") == text)
        #expect(table.text(0, "composing") == text + "x")
        #expect(table.text(0, "focusLabel") == text + "y" && table.text(0, "presentation") == "none")
        #expect(table.text(0, "selectionStart") == "-1" && table.text(0, "refreshState") == "idle")
    }

    /// The first sixteen columns are unchanged since the trace was first published; the issue 14
    /// columns are appended after `selected`, in this order, then issue 16's `pinnedSection`, then issue 17's
    /// `zoomScale`.
    @Test func newColumnsAreAppendedAfterSelected() {
        let original = "frame,timestamp,targetTimestamp,offsetX,offsetY,velocityX,velocityY,phase,viewportWidth,viewportHeight,contentWidth,contentHeight,firstVisible,lastVisible,configured,selected"
        #expect(TraceFormat.header.hasPrefix(original + ","))
        #expect(Array(TraceFormat.columns[16..<25])
                == ["innerIndex", "innerOffsetX", "innerVelocityX", "focusRow", "focusItem", "activatedRow", "activatedItem",
                    "pinnedSection", "zoomScale"])
    }

    @Test func neutralRow() {
        let tick = FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60)
        #expect(TraceFormat.row(tick, .neutral) == "0,0,0.016666666666666666,0,0,0,0,idle,0,0,0,0,-1,-1,0,-1,-1,0,0,-1,-1,-1,-1,-1,1,-1,-1,\"\",-1,-1,\"\",0,idle,-1,0,-1,-1,-1,\"\",none")
        let neutral = TraceSample.neutral
        #expect(neutral.innerIndex == -1 && neutral.innerOffsetX == 0 && neutral.innerVelocityX == 0)
        #expect(neutral.focusRow == -1 && neutral.focusItem == -1 && neutral.activatedRow == -1 && neutral.activatedItem == -1)
        #expect(neutral.pinnedSection == -1 && neutral.zoomScale == 1)
        #expect(neutral.itemCount == -1 && neutral.displayFrame == -1 && neutral.focusText.isEmpty)
        #expect(neutral.selectionStart == -1 && neutral.selectionEnd == -1 && neutral.composing.isEmpty)
        #expect(neutral.navigationDepth == 0 && neutral.refreshState == "idle" && neutral.swipeRow == -1)
        #expect(neutral.swipeOffset == 0 && neutral.reorderRow == -1 && neutral.reorderTarget == -1)
        #expect(neutral.sheetPosition == -1 && neutral.focusLabel.isEmpty && neutral.presentation == .none)
    }

    @Test func innerFocusAndActivationColumns() {
        let tick = FrameTick(index: 3, timestamp: 0.05, duration: 1.0 / 60)
        var sample = TraceSample.neutral
        sample.offset = Point(x: 0, y: 480)
        sample.firstVisible = 2
        sample.lastVisible = 5
        sample.innerIndex = 4
        sample.innerOffsetX = 1234.5
        sample.innerVelocityX = -0.1 - 0.2
        sample.focusRow = 4
        sample.focusItem = 17
        sample.activatedRow = 3
        sample.activatedItem = 0
        let row = TraceFormat.row(tick, sample)
        #expect(row == "3,0.05,0.06666666666666667,0,480,0,0,idle,0,0,0,0,2,5,0,-1,4,1234.5,-0.30000000000000004,4,17,3,0,-1,1,-1,-1,\"\",-1,-1,\"\",0,idle,-1,0,-1,-1,-1,\"\",none")
        let fields = row.split(separator: ",").map(String.init)
        #expect(fields.count == TraceFormat.columns.count)
        let byName = Dictionary(uniqueKeysWithValues: zip(TraceFormat.columns, fields))
        #expect(byName["innerIndex"] == "4" && byName["innerOffsetX"] == "1234.5")
        #expect(byName["focusItem"] == "17" && byName["activatedRow"] == "3" && byName["activatedItem"] == "0")
        // The inner numbers use the trace's number format: -0 is 0, whole values have no fraction.
        sample.innerOffsetX = -0.0
        sample.innerVelocityX = 600
        #expect(TraceFormat.row(tick, sample).hasSuffix(",4,0,600,4,17,3,0,-1,1,-1,-1,\"\",-1,-1,\"\",0,idle,-1,0,-1,-1,-1,\"\",none"))
    }

    @Test func filledRow() {
        let tick = FrameTick(index: 37, timestamp: 37.0 / 60, targetTimestamp: 38.0 / 60, duration: 1.0 / 60)
        var sample = TraceSample()
        sample.offset = Point(x: -0.0, y: 1234.5)
        sample.velocity = Point(x: 0, y: -2500.25)
        sample.phase = .decelerating
        sample.viewportSize = Size(width: 800, height: 600)
        sample.contentSize = Size(width: 800, height: 60_000)
        sample.firstVisible = 20
        sample.lastVisible = 30
        sample.configured = 2
        sample.selected = 5
        #expect(TraceFormat.row(tick, sample)
                == "37,0.6166666666666667,0.6333333333333333,0,1234.5,0,-2500.25,decelerating,800,600,800,60000,20,30,2,5,-1,0,0,-1,-1,-1,-1,-1,1,-1,-1,\"\",-1,-1,\"\",0,idle,-1,0,-1,-1,-1,\"\",none")
        // Every row has as many fields as the header.
        #expect(TraceFormat.row(tick, sample).split(separator: ",").count == TraceFormat.columns.count)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (600, "600"), (-120, "-120"), (0.5, "0.5"), (1e-5, "1e-05"),
        (1e20, "1e+20"), (Double.nan, "nan"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
    ] as [(Double, String)])
    func numbers(value: Double, text: String) {
        #expect(TraceFormat.number(value) == text)
    }

    @Test func numbersReadBackExactly() {
        for value in [1.0 / 3, 0.1 + 0.2, 123456.789, -9.87654321e-7, 2.5e15] {
            #expect(Double(TraceFormat.number(value)) == value)
        }
    }

    @Test func writerWritesHeaderAndRowsThroughItsBuffer() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("skdemo-trace-\(getpid()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try TraceWriter(path: path)
        // Enough rows to overflow the 64 KiB buffer several times.
        let rows = 3_000
        for k in 0..<rows {
            var sample = TraceSample.neutral
            sample.offset.y = Double(k) * 1.5
            writer.write(FrameTick(index: k, timestamp: Double(k) / 120, duration: 1.0 / 120), sample)
        }
        try writer.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == rows + 2)  // header, rows, and the empty string after the last "\n"
        #expect(lines.first.map(String.init) == TraceFormat.header)
        #expect(lines.last == "")
        #expect(String(lines[1 + 2_999]) == TraceFormat.row(
            FrameTick(index: 2_999, timestamp: 2_999.0 / 120, duration: 1.0 / 120),
            TraceSample(offset: Point(x: 0, y: 4_498.5))))
    }

    @Test func writerRejectsUnwritablePaths() throws {
        #expect(throws: CLIError(#"cannot write trace "/nonexistent-skdemo/t.csv": No such file or directory"#)) {
            try TraceWriter(path: "/nonexistent-skdemo/t.csv")
        }
        let dir = FileManager.default.temporaryDirectory.path
        #expect(throws: CLIError("cannot write trace \"\(dir)\": Is a directory")) {
            try TraceWriter(path: dir)
        }
    }
}
