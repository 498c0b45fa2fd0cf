import ScrollKit
import ScrollKitDamage
import Testing

// Views are versioned automatically: setting any input a view draws with (`@DrawingInput`) gives it a new
// `drawingVersion`, so the call group it draws in is drawn again. For each input of the library's grouped
// views: a frame after the change, drawn by damage, equals the same frame drawn whole (a stale group would
// show the old pixels).

@MainActor
@Suite("Views are versioned by their drawing inputs")
struct DrawingInputTests {
    /// Draws `view` by damage, applies each change in turn, and checks after each that its version moved
    /// and that the frame drawn by damage equals the frame drawn whole.
    func check<View: ViewNode>(_ view: View, _ changes: [(String, (View) -> Void)],
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let backend = PixelBackend(width: 240, height: 60)
        let canvas = DamageCanvas(backend: backend)
        func draw() {
            canvas.beginFrame()
            canvas.clear(.white)
            view.draw(in: canvas)
            canvas.endFrame()
        }
        draw()
        draw()
        #expect(canvas.lastDamage.takenOverCount > 0, "the view draws in a call group", sourceLocation: sourceLocation)
        for (name, change) in changes {
            let before = view.drawingVersion
            change(view)
            #expect(view.drawingVersion != before, "\(name) bumps the version", sourceLocation: sourceLocation)
            draw()
            let whole = PixelBackend(width: 240, height: 60)
            let plain = DamageCanvas(backend: whole, tracksDamage: false)
            plain.beginFrame()
            plain.clear(.white)
            view.draw(in: plain)
            plain.endFrame()
            #expect(backend.firstDifference(from: whole) == nil, "after \(name)", sourceLocation: sourceLocation)
        }
    }

    @Test func standardCell() {
        let cell = StandardCell()
        cell.frame = Rect(x: 0, y: 0, width: 240, height: 60)
        cell.title = "Wi-Fi"
        check(cell, [
            ("title", { $0.title = "Bluetooth" }),
            ("subtitle", { $0.subtitle = "On" }),
            ("leading", { $0.leading = .swatch(RGBAColor(hex: 0x0A7AFF), symbol: "B") }),
            ("accessory", { $0.accessory = .value("Home") }),
            ("accessory again", { $0.accessory = .chevron }),
            ("isSelected", { $0.isSelected = true }),
            ("appearance", { $0.appearance.selectedBackgroundColor = RGBAColor(hex: 0xFFE0E0) }),
            ("textMeasurer", { $0.textMeasurer = WideMeasurer() }),
        ])
    }

    @Test func pushButton() {
        let button = PushButton(title: "Send", kind: .filled, frame: Rect(x: 10, y: 10, width: 120, height: 36))
        check(button, [
            ("title", { $0.title = "Sent" }),
            ("image", { $0.image = ImageRef("paperplane") }),
            ("imageSize", { $0.imageSize = 14 }),
            ("kind", { $0.kind = .bordered }),
            ("tint", { $0.tint = RGBAColor(hex: 0xFF3B30) }),
            ("pressedTint", { $0.pressedTint = RGBAColor(hex: 0x202020) }),
            ("titleSize", { $0.titleSize = 18 }),
            ("cornerRadius", { $0.cornerRadius = 2 }),
            ("hasShadow", { $0.hasShadow = false }),
            ("isEnabled", { $0.isEnabled = false }),
        ])
    }

    @Test func segmentedControl() {
        let control = SegmentedControl(segments: ["Day", "Week"], frame: Rect(x: 0, y: 10, width: 200, height: 32))
        check(control, [
            ("segments", { $0.segments = ["Day", "Week", "Month"] }),
            ("selectedIndex", { $0.selectedIndex = 2 }),
            ("select", { $0.select(0) }),
            ("isEnabled", { $0.isEnabled = false }),
            ("titleSize", { $0.titleSize = 16 }),
            ("cornerRadius", { $0.cornerRadius = 3 }),
            ("textColor", { $0.textColor = RGBAColor(hex: 0xFF0000) }),
            ("selectedTextColor", { $0.selectedTextColor = RGBAColor(hex: 0x00AA00) }),
        ])
    }

    @Test func setNeedsDisplayBumpsTheVersion() {
        let view = ViewNode(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let before = view.drawingVersion
        view.setNeedsDisplay()
        #expect(view.drawingVersion != before)
    }

    /// A view with an input its author marked: drawn again after a change, by damage as whole.
    @Test func aCustomViewsMarkedInputIsFollowed() {
        final class Badge: ViewNode {
            @DrawingInput var count = 1
            override func draw(in canvas: any DrawingCanvas, frame: Rect) {
                canvas.callGroup(id: CallGroupID(of: self), key: CallGroupKey(frame: frame, version: drawingVersion)) { canvas in
                    canvas.fillRoundedRect(frame, radius: 6, color: RGBAColor(hex: 0xFF3B30))
                    canvas.drawText("\(count)", in: frame, style: TextStyle(size: 10, color: .white), alignment: .center)
                }
            }
        }
        let badge = Badge(frame: Rect(x: 4, y: 4, width: 30, height: 16))
        check(badge, [("count", { $0.count = 12 }), ("count again", { $0.count += 1 })])
    }
}

/// A measurer twice as wide as the approximate one: laid-out text changes with it.
final class WideMeasurer: TextMeasurer {
    let base = ApproximateTextMeasurer()
    func fontMetrics(for style: TextStyle) -> FontMetrics { base.fontMetrics(for: style) }
    func advance(of scalar: Unicode.Scalar, style: TextStyle) -> Double { 2 * base.advance(of: scalar, style: style) }
}
