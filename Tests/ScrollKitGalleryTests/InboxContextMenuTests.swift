// The inbox's context menu and toast through the built binary and its trace: a right click on a message opens
// its menu (the trace's `presentation` is `menu`), Down thrice and Return choose Delete (one message less, and
// a `toast`), the toast's Undo puts it back; Escape closes a menu without quitting.

import Foundation
import ScrollKitTestSupport
import Testing

@Suite(.serialized) struct InboxContextMenuTests {
    static func key(_ name: String, at t: Double) -> String { #"{"t": \#(t), "type": "key", "key": "\#(name)"}"# }

    @Test("right click, Down ×3, Return: Delete; the toast's Undo restores the message")
    func deleteAndUndo() throws {
        let y = InboxScriptTests.rowY(2)
        var events = [#"{"t": 0.5, "type": "rightClick", "x": 300, "y": \#(y)}"#]
        events += (0..<3).map { Self.key("Down", at: 1.0 + 0.1 * Double($0)) }
        events.append(Self.key("Return", at: 1.5))
        // The toast: 560 wide, centred, 16 above the bottom, its Undo at the trailing end.
        events += InboxNavigationTests.tap(636, 600 - 16 - 24, at: 3.0)
        let t = try InboxScriptTests.run(events, hz: 60, seconds: 4)
        func at(_ time: Double, _ column: String) -> String? { t.text(Int(time * 60), column) }
        #expect(at(0.4, "presentation") == "none")
        #expect(at(0.9, "presentation") == "menu")
        #expect(at(1.4, "focusLabel") == "Delete")
        let before = Int(at(0.4, "itemCount") ?? "") ?? -1
        #expect(before > 0)
        #expect(at(2.5, "presentation") == "toast")
        #expect(Int(at(2.5, "itemCount") ?? "") == before - 1)
        #expect(Int(at(3.9, "itemCount") ?? "") == before)
        #expect(at(3.9, "presentation") == "none")
    }

    @Test("Escape closes the context menu; the scene runs on")
    func escapeCloses() throws {
        let events = [#"{"t": 0.5, "type": "rightClick", "x": 300, "y": \#(InboxScriptTests.rowY(1))}"#, Self.key("Escape", at: 1.0)]
        let t = try InboxScriptTests.run(events, hz: 60, seconds: 2)
        #expect(t.text(Int(0.9 * 60), "presentation") == "menu")
        #expect(t.text(t.rows.count - 1, "presentation") == "none")
        #expect(t.rows.count >= 119)
    }
}
