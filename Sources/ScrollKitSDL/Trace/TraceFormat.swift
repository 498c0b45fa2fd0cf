// TraceFormat: the per-frame trace's CSV — its columns in their published order, a frame's row, and how numbers
// and text are written (DEVELOPERS.md, "Trace format").

import Motion
import ScrollKit

/// The trace's CSV format: a header row, then one row per frame.
///
/// Numbers: whole values print without a fraction ("600", "-1"); others in Swift's shortest
/// form that reads back to the same Double ("0.016666666666666666", "1.5e-05"); a NaN or
/// infinity prints as "nan", "inf" or "-inf"; -0 prints as "0". Lines end with "\n".
public enum TraceFormat {
    /// The column names, in order (the CSV contract: new columns only ever go at the end).
    public static let columns = [
        "frame", "timestamp", "targetTimestamp", "offsetX", "offsetY", "velocityX", "velocityY", "phase",
        "viewportWidth", "viewportHeight", "contentWidth", "contentHeight",
        "firstVisible", "lastVisible", "configured", "selected",
        "innerIndex", "innerOffsetX", "innerVelocityX", "focusRow", "focusItem", "activatedRow", "activatedItem",
        "pinnedSection", "zoomScale",
        "itemCount", "displayFrame", "focusText", "selectionStart", "selectionEnd", "composing",
        "navigationDepth", "refreshState", "swipeRow", "swipeOffset", "reorderRow", "reorderTarget", "sheetPosition",
        "focusLabel", "presentation",
    ]

    /// The header line, without a line break.
    public static let header = columns.joined(separator: ",")

    /// One frame's line, without a line break. `frame` is the tick's index (skipped frames count).
    public static func row(_ tick: FrameTick, _ sample: TraceSample) -> String {
        var line = String(tick.index)
        for value in [tick.timestamp, tick.targetTimestamp, sample.offset.x, sample.offset.y,
                      sample.velocity.x, sample.velocity.y] {
            line += ","
            line += number(value)
        }
        line += ","
        line += sample.phase.rawValue
        for value in [sample.viewportSize.width, sample.viewportSize.height,
                      sample.contentSize.width, sample.contentSize.height] {
            line += ","
            line += number(value)
        }
        for value in [sample.firstVisible, sample.lastVisible, sample.configured, sample.selected, sample.innerIndex] {
            line += ","
            line += String(value)
        }
        for value in [sample.innerOffsetX, sample.innerVelocityX] {
            line += ","
            line += number(value)
        }
        for value in [sample.focusRow, sample.focusItem, sample.activatedRow, sample.activatedItem, sample.pinnedSection] {
            line += ","
            line += String(value)
        }
        line += ","
        line += number(sample.zoomScale)
        for value in [sample.itemCount, sample.displayFrame] {
            line += ","
            line += String(value)
        }
        line += ","
        line += quoted(sample.focusText)
        for value in [sample.selectionStart, sample.selectionEnd] {
            line += ","
            line += String(value)
        }
        line += ","
        line += quoted(sample.composing)
        line += ","
        line += String(sample.navigationDepth)
        line += ","
        line += sample.refreshState
        line += ","
        line += String(sample.swipeRow)
        line += ","
        line += number(sample.swipeOffset)
        for value in [sample.reorderRow, sample.reorderTarget] {
            line += ","
            line += String(value)
        }
        line += ","
        line += number(sample.sheetPosition)
        line += ","
        line += quoted(sample.focusLabel)
        line += ","
        line += sample.presentation.rawValue
        return line
    }

    /// A text column as RFC 4180 quotes it: always between double quotes (so the empty text is `""`), with
    /// every double quote inside doubled. Commas and line breaks inside stay as they are.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for ch in text.unicodeScalars {
            if ch == "\"" { out += "\"\"" } else { out.unicodeScalars.append(ch) }
        }
        out += "\""
        return out
    }

    /// A Double as the trace writes it (see the type's documentation).
    public static func number(_ x: Double) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }

    /// The records of a CSV text as RFC 4180 reads them (the reading side of ``quoted(_:)``'s quoting): fields split
    /// at commas outside quotes, records at CRLF or LF outside quotes; a quoted field's `""` is one quote. A final
    /// line break does not start an empty record.
    public static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false, fieldStarted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if quoted {
                if c == "\"" {
                    if scalars.first == "\"" { scalars.removeFirst(); field.unicodeScalars.append("\"") } else { quoted = false }
                } else { field.unicodeScalars.append(c) }
                continue
            }
            switch c {
            case "\"" where field.isEmpty: quoted = true; fieldStarted = true
            case ",": record.append(field); field = ""; fieldStarted = true
            case "\r": break
            case "\n":
                record.append(field); records.append(record)
                record = []; field = ""; fieldStarted = false
            default: field.unicodeScalars.append(c); fieldStarted = true
            }
        }
        if fieldStarted || !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }
}
