// The per-frame trace: TraceSample (what a scene reports for one frame), TraceFormat (the CSV columns and rows)
// and TraceWriter, which writes them to a file.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import ScrollKit

/// What a scene reports for one frame of the trace. Every field defaults to its neutral value,
/// so a scene fills only the columns it has. In the `home` scene the main scroll view is the
/// vertical list of shelves (its items are the shelves); the `inner…` fields are a carousel's.
struct TraceSample: Sendable, Equatable {
    /// The main scroll view's content offset, points.
    var offset: Point = .zero
    /// The main scroll view's velocity, points per second (in the direction the offset moves).
    var velocity: Point = .zero
    var phase: ScrollingPhase = .idle
    /// The main scroll view's viewport size, points.
    var viewportSize: Size = .zero
    /// The main scroll view's content size, points.
    var contentSize: Size = .zero
    /// The first and last items intersecting the viewport; -1 when none.
    var firstVisible: Int = -1
    var lastVisible: Int = -1
    /// Cells the data source configured in this frame.
    var configured: Int = 0
    /// The picker's selected item; -1 in scenes without a picker.
    var selected: Int = -1
    /// The index of the shelf whose carousel moved last (-1: none yet).
    var innerIndex: Int = -1
    /// That carousel's content offset along x, points (0 when there is none).
    var innerOffsetX: Double = 0
    /// That carousel's velocity along x, points per second (0 when there is none).
    var innerVelocityX: Double = 0
    /// The focused shelf and card (-1: none). Other scenes fill them where their own notion fits
    /// (the list's focused row).
    var focusRow: Int = -1
    var focusItem: Int = -1
    /// The card opened last, by tap or by Return (-1: none). Other scenes fill them where their own
    /// notion fits (a tapped list row as activated).
    var activatedRow: Int = -1
    var activatedItem: Int = -1
    /// The section whose header is pinned at the top of the main list (-1: none, or a scene without sections).
    var pinnedSection: Int = -1
    /// The main scroll view's zoom scale (1 where a scene has no zoom).
    var zoomScale: Double = 1

    // The columns after `zoomScale`, in the order every tool reads them (README, "Trace format").
    /// The main list's or grid's true item count (-1: the scene has none).
    var itemCount: Int = -1
    /// The display's vblank counter (X Present's MSC, Wayland's presentation sequence) at which the frame was
    /// shown; -1 headless and on the timer.
    var displayFrame: Int = -1
    /// The focused text field's text ("": none).
    var focusText: String = ""
    /// The focused text field's selection, in Unicode scalars of `focusText` (-1: no field).
    var selectionStart: Int = -1
    var selectionEnd: Int = -1
    /// The input method's composition in the focused field ("": none).
    var composing: String = ""
    /// Screens on the scene's navigation stack, 1 at its root (0: the scene has no stack).
    var navigationDepth: Int = 0
    /// Pull-to-refresh: idle, pulling, armed, refreshing or ending.
    var refreshState: String = "idle"
    /// The row swiped open or being swiped (-1: none), and how far, in points (negative: to the left).
    var swipeRow: Int = -1
    var swipeOffset: Double = 0
    /// The row lifted for reordering and the index it would drop at (-1: none).
    var reorderRow: Int = -1
    var reorderTarget: Int = -1
    /// The presented sheet's top edge, in window points (-1: no sheet). Scenes report it in their own
    /// coordinates; the gallery shell adds where the scene sits in the window.
    var sheetPosition: Double = -1

    /// Every column neutral: zero numbers, idle phase, -1 indices.
    static let neutral = TraceSample()
}

extension TraceSample {
    /// The columns of a scene whose main scroll view is `list`'s, with `selected` (-1: none).
    @MainActor
    init(list: ListView, selected: Int = -1) {
        let scroll = list.scrollView
        let visible = list.visibleRange
        self.init(offset: scroll.contentOffset, velocity: scroll.velocity, phase: scroll.phase,
                  viewportSize: list.frame.size, contentSize: scroll.contentSize,
                  firstVisible: visible.isEmpty ? -1 : visible.lowerBound,
                  lastVisible: visible.isEmpty ? -1 : visible.upperBound - 1,
                  configured: list.configuredInLastStep, selected: selected)
        zoomScale = scroll.zoomScale
        itemCount = list.numberOfItems
        refreshState = list.refreshState.rawValue
        swipeRow = list.swipedItem ?? -1
        swipeOffset = list.swipeOffset
        reorderRow = list.reorderingItem ?? -1
        reorderTarget = list.reorderDestination ?? -1
    }
}

/// The trace's CSV format: a header row, then one row per frame.
///
/// Numbers: whole values print without a fraction ("600", "-1"); others in Swift's shortest
/// form that reads back to the same Double ("0.016666666666666666", "1.5e-05"); a NaN or
/// infinity prints as "nan", "inf" or "-inf"; -0 prints as "0". Lines end with "\n".
package enum TraceFormat {
    static let columns = [
        "frame", "timestamp", "targetTimestamp", "offsetX", "offsetY", "velocityX", "velocityY", "phase",
        "viewportWidth", "viewportHeight", "contentWidth", "contentHeight",
        "firstVisible", "lastVisible", "configured", "selected",
        "innerIndex", "innerOffsetX", "innerVelocityX", "focusRow", "focusItem", "activatedRow", "activatedItem",
        "pinnedSection", "zoomScale",
        "itemCount", "displayFrame", "focusText", "selectionStart", "selectionEnd", "composing",
        "navigationDepth", "refreshState", "swipeRow", "swipeOffset", "reorderRow", "reorderTarget", "sheetPosition",
    ]

    /// The header line, without a line break.
    static let header = columns.joined(separator: ",")

    /// One frame's line, without a line break. `frame` is the tick's index (skipped frames count).
    static func row(_ tick: FrameTick, _ sample: TraceSample) -> String {
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
        return line
    }

    /// A text column as RFC 4180 quotes it: always between double quotes (so the empty text is `""`), with
    /// every double quote inside doubled. Commas and line breaks inside stay as they are.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for ch in text.unicodeScalars {
            if ch == "\"" { out += "\"\"" } else { out.unicodeScalars.append(ch) }
        }
        out += "\""
        return out
    }

    /// A Double as the trace writes it (see the type's documentation).
    package static func number(_ x: Double) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }
}

/// Writes a trace to a file through a 64 KiB buffer.
///
/// `init` creates (or truncates) the file at once, so an unwritable path fails before the run.
/// Write errors are remembered and reported by `close()`.
final class TraceWriter {
    private var fd: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private var failure: CLIError?
    private static let capacity = 64 * 1024

    /// Opens `path` for writing and writes the header line.
    init(path: String) throws(CLIError) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw CLIError("cannot write trace \"\(path)\": Is a directory")
        }
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CLIError("cannot write trace \"\(path)\": \(FileCheck.errnoText())") }
        buffer.reserveCapacity(Self.capacity)
        append(TraceFormat.header)
    }

    deinit {
        if fd >= 0 { _ = posixClose(fd) }
    }

    /// Appends one frame's row.
    func write(_ tick: FrameTick, _ sample: TraceSample) {
        append(TraceFormat.row(tick, sample))
    }

    /// Flushes and closes the file; throws the first write error met, if any.
    func close() throws(CLIError) {
        guard fd >= 0 else { return }
        flush()
        if posixClose(fd) != 0, failure == nil {
            failure = CLIError("cannot write trace \"\(path)\": \(FileCheck.errnoText())")
        }
        fd = -1
        if let failure { throw failure }
    }

    private func append(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.capacity { flush() }
    }

    private func flush() {
        guard fd >= 0, failure == nil else { buffer.removeAll(keepingCapacity: true); return }
        var written = 0
        while written < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                posixWrite(fd, raw.baseAddress! + written, raw.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                failure = CLIError("cannot write trace \"\(path)\": \(FileCheck.errnoText())")
                break
            }
            written += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

// Free functions so the class's own `write`/`close` methods do not shadow the system calls.
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
