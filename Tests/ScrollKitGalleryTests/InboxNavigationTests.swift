// The inbox's navigation and sheet through the built binary: a tap pushes the message, an edge swipe pops it (or
// not, by the iOS projection rule computed here), the list keeps its place, and the Compose sheet hands over to
// its recipients list and back within one drag with no frame where both move; 30, 60 and 120 Hz end the same.

import Foundation
import ScrollKitTestSupport
import Testing

@Suite(.serialized) struct InboxNavigationTests {
    /// An 800 × 600 window: the scene is 556 tall under the 44-pt tab bar.
    static let width = 800.0
    static let sceneTop = 44.0, sceneHeight = 556.0
    /// The sheet's tops in window points: medium (half the scene), large (12 below the scene's top).
    static let mediumTop = 44.0 + 556 - 278, largeTop = 44.0 + 12

    static func tap(_ x: Double, _ y: Double, at t: Double) -> [String] {
        [#"{"t": \#(t), "type": "down", "x": \#(x), "y": \#(y)}"#, #"{"t": \#(t + 0.05), "type": "up", "x": \#(x), "y": \#(y)}"#]
    }

    /// Moves from (x0, y0) to (x1, y1) at a steady speed over `duration`, 8 ms apart, released at once.
    static func swipe(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, at t: Double, duration: Double) -> [String] {
        var e = [#"{"t": \#(t), "type": "down", "x": \#(x0), "y": \#(y0)}"#]
        let steps = max(1, Int((duration / 0.008).rounded()))
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            e.append(#"{"t": \#(t + duration * f), "type": "move", "x": \#(x0 + (x1 - x0) * f), "y": \#(y0 + (y1 - y0) * f)}"#)
        }
        e.append(#"{"t": \#(t + duration + 0.001), "type": "up", "x": \#(x1), "y": \#(y1)}"#)
        return e
    }

    static let columns = ["offsetY", "itemCount", "navigationDepth", "sheetPosition", "activatedRow"]

    static func sameAtEveryRate(_ events: [String], seconds: Double) throws -> TraceTable {
        var ends: [[String]] = []
        var at60: TraceTable?
        for hz in [30, 60, 120] {
            let t = try InboxScriptTests.run(events, hz: hz, seconds: seconds)
            ends.append(columns.map { t.text(t.rows.count - 1, $0) ?? "?" })
            if hz == 60 { at60 = t }
        }
        #expect(ends[0] == ends[1] && ends[1] == ends[2], "\(columns): \(ends)")
        return try #require(at60)
    }

    /// The iOS rule: released at `x` moving at `v` pt/s, the slide comes to rest at x + (v / 1000) · 0.998 / 0.002.
    static func iosPops(x: Double, v: Double) -> Bool { x + v / 1000 * 0.998 / 0.002 > width / 2 }

    @Test("a tap pushes the message (depth 2); an edge swipe at a third of the width pops with a fling, not slowly")
    func pushAndEdgeSwipe() throws {
        let x = Self.width / 3
        for (duration, pops) in [(0.1, true), (2.0, false)] {
            #expect(Self.iosPops(x: x, v: x / duration) == pops)
            let events = Self.tap(300, InboxScriptTests.rowY(2), at: 0.1) + Self.swipe(4, 320, 4 + x, 330, at: 1.0, duration: duration)
            let t = try Self.sameAtEveryRate(events, seconds: duration + 2.5)
            let depths = Set(t.rows.indices.compactMap { t.text($0, "navigationDepth") })
            #expect(depths.contains("2"))
            #expect(t.text(t.rows.count - 1, "navigationDepth") == (pops ? "1" : "2"))
            #expect(t.text(t.rows.count - 1, "activatedRow") == "2")
        }
    }

    @Test("the inbox keeps its scroll position across a push and a pop (Escape)")
    func keepsOffset() throws {
        let scroll = InboxScriptTests.drag(400, 500, 400, 200, at: 0.1, hold: 0.3)
        let events = scroll + Self.tap(300, 300, at: 1.0) + [#"{"t": 2.0, "type": "key", "key": "Escape"}"#]
        let t = try Self.sameAtEveryRate(events, seconds: 3)
        let before = t.rows.indices.last { (t.number($0, "targetTimestamp") ?? 0) < 1.0 }.flatMap { t.number($0, "offsetY") }
        #expect((before ?? 0) > 250)
        #expect(t.number(t.rows.count - 1, "offsetY") == before)
        #expect(t.text(t.rows.count - 1, "navigationDepth") == "1")
        #expect(t.rows.indices.contains { t.text($0, "navigationDepth") == "2" })
    }

    @Test("Compose raises the sheet to its medium detent; one drag hands over to the list and back, one mover a frame")
    func sheetHandOver() throws {
        var events = Self.tap(736, 72, at: 0.1)
        // Up 400 from y 500: the sheet rises to its large detent (266), then the list scrolls (134); then down 300:
        // the list back to its top (134), then the sheet comes down (166); held, then let go.
        events.append(#"{"t": 1.0, "type": "down", "x": 400, "y": 500}"#)
        for k in 1...40 { events.append(#"{"t": \#(1.0 + 0.01 * Double(k)), "type": "move", "x": 400, "y": \#(500 - 10 * Double(k))}"#) }
        for k in 1...30 { events.append(#"{"t": \#(1.5 + 0.01 * Double(k)), "type": "move", "x": 400, "y": \#(100 + 10 * Double(k))}"#) }
        events.append(#"{"t": 2.3, "type": "up", "x": 400, "y": 400}"#)
        let t = try Self.sameAtEveryRate(events, seconds: 3.5)
        let opened = t.rows.indices.first { t.number($0, "sheetPosition") == Self.mediumTop }
        #expect(opened != nil)
        var sheetMoved = false, listMoved = false
        for r in 1..<t.rows.count {
            let s = t.number(r, "sheetPosition") != t.number(r - 1, "sheetPosition")
            let l = t.number(r, "offsetY") != t.number(r - 1, "offsetY")
            let during = (t.number(r, "targetTimestamp") ?? 0) > 1.0
            if during { sheetMoved = sheetMoved || s; listMoved = listMoved || l }
            #expect(!(during && s && l), "row \(r): both the sheet and the list moved")
        }
        #expect(sheetMoved && listMoved)
        #expect(t.rows.indices.contains { t.number($0, "sheetPosition") == Self.largeTop })
        // At rest: the list at its top, the sheet back on the medium detent (nearest to 56 + 166 = 222 is 322).
        #expect(t.number(t.rows.count - 1, "offsetY") == 0)
        #expect(t.number(t.rows.count - 1, "sheetPosition") == Self.mediumTop)
    }

    @Test("a fling down dismisses the sheet; Backspace too")
    func sheetDismiss() throws {
        let events = Self.tap(736, 72, at: 0.1) + Self.swipe(400, 400, 400, 460, at: 1.0, duration: 0.05)
            + Self.tap(736, 72, at: 2.0) + [#"{"t": 3.0, "type": "key", "key": "Backspace"}"#]
        let t = try Self.sameAtEveryRate(events, seconds: 4)
        let at = { (time: Double) in t.rows.indices.last { (t.number($0, "targetTimestamp") ?? 0) <= time }.flatMap { t.number($0, "sheetPosition") } }
        #expect(at(1.9) == -1)
        #expect(at(2.9) == Self.mediumTop)
        #expect(t.number(t.rows.count - 1, "sheetPosition") == -1)
    }
}
