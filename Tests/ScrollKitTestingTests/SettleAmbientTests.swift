// TestApp.settle() and ambient animations (issue 41): a focused field's caret blink repeats while nothing else
// happens, so settling does not wait for it (as XCTest's idle wait does not), while the host still draws it and
// every real animation is still waited for.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing

@MainActor
@Suite("TestApp: settling with a blinking caret", .serialized)
struct SettleAmbientTests {
    /// A 300 × 400 window: a scroll view 3,000 tall holding a focused field.
    func focusedField() throws -> (TestApp, ScrollingView, TextFieldView) {
        let root = ViewNode()
        let scroll = ScrollingView(frame: Rect(x: 0, y: 0, width: 300, height: 400), contentSize: Size(width: 300, height: 3000))
        let field = TextFieldView(placeholder: "Name", frame: Rect(x: 16, y: 20, width: 268, height: TextFieldView.height))
        scroll.addSubview(field)
        root.addSubview(scroll)
        let app = try TestApp(root: root, size: Size(width: 300, height: 400))
        field.becomeFocused()
        return (app, scroll, field)
    }

    @Test("a focused field settles at once; its caret still blinks (the host still gets frames)")
    func aBlinkingCaretIsNotWaitedFor() throws {
        let (app, _, field) = try focusedField()
        let frames = try app.settle()
        #expect(frames <= 1, "settle ran \(frames) frames for a caret blink")
        #expect(app.client.needsFrames, "the blink must still be drawn")
        // Typing: the text events are delivered, then it settles again without waiting for the blink.
        app.typeText("Ada")
        let after = try app.settle()
        #expect(field.text == "Ada" && after <= 1)
        // The caret does blink: the pixels at the caret change within a blink's period.
        let caret = try #require(field.caretRectInRoot)
        var seen = Set<UInt32>()
        for _ in 0..<6 {
            app.pump(seconds: 0.25)
            let image = try app.screenshot()
            let x = Int((caret.minX - 0.5).rounded(.down)), y = Int(caret.midY)
            let i = (y * image.width + x) * 4
            seen.insert(UInt32(image.rgba[i]) << 16 | UInt32(image.rgba[i + 1]) << 8 | UInt32(image.rgba[i + 2]))
        }
        #expect(seen.count >= 2, "the caret's pixel never changed: \(seen)")
    }

    @Test("with a caret blinking, settle still waits for a scroll animation, and still times out on an endless one")
    func realAnimationsAreStillWaitedFor() throws {
        let (app, scroll, _) = try focusedField()
        scroll.setContentOffset(Point(x: 0, y: 1200), duration: 1, curve: .easeInOut)
        let frames = try app.settle()
        #expect(frames >= 59 && scroll.contentOffset.y == 1200)
        scroll.setContentOffset(Point(x: 0, y: 0), duration: 30, curve: .linear)
        #expect(throws: TestAppError.self) { try app.settle(timeout: 2) }
    }

    @Test("a view of the app's own declares an ambient animation: settle does not wait for it, the host still draws it")
    func aDeclaredAmbientAnimation() throws {
        final class Pulse: ViewNode {
            var frames = 0
            override var hasAmbientAnimation: Bool { true }
            override func update(_ tick: FrameTick) { frames += 1 }
        }
        final class Spinner: ViewNode {
            override var isAnimating: Bool { true }
        }
        let root = ViewNode(), pulse = Pulse()
        root.addSubview(pulse)
        let app = try TestApp(root: root, size: Size(width: 100, height: 100))
        #expect(try app.settle() == 0)
        #expect(app.client.needsFrames && root.needsFrames && root.isIdle)
        let before = pulse.frames
        app.pump(frames: 5)
        #expect(pulse.frames == before + 5)
        // Motion that is not declared ambient is still waited for.
        root.addSubview(Spinner())
        #expect(!root.isIdle)
        #expect(throws: TestAppError.self) { try app.settle(timeout: 0.5) }
    }
}
