// StandInTextField: a tiny TextInputClient for the tests of hosts, scripts, traces and the on-screen keyboard,
// independent of the library's TextFieldView (tested on its own): text, a scalar selection, a composition and a few
// editing keys, drawn as a plain box.

import ScrollKit

/// A minimal text field: typed text replaces the selection, a composition is kept beside the text, Backspace
/// deletes the selection or the character before the caret, Left/Right (with Shift) move or extend by
/// character, Ctrl+A selects all, Ctrl+C/V copy and paste through `ViewNode.clipboard`, Return counts a
/// submit. A tap focuses it. What the tests need and no more.
@MainActor
public final class StandInTextField: ViewNode, TextInputClient {
    public private(set) var text: String
    public private(set) var selectedScalarRange: Range<Int>
    public private(set) var compositionText = ""
    public private(set) var submits = 0
    /// Every call the field received, in order ("insert:…", "compose:…@n", "key:Backspace", …).
    public private(set) var log: [String] = []

    public init(text: String = "", frame: Rect = .zero) {
        self.text = text
        let n = text.unicodeScalars.count
        selectedScalarRange = n..<n
        super.init(frame: frame)
        isFocusable = true
        onActivate = { view in _ = view.becomeFocused() }
    }

    public var caretRectInRoot: Rect? {
        guard isFocused else { return nil }
        let r = frameInRoot
        return Rect(x: r.minX + 8 + 9 * Double(selectedScalarRange.upperBound), y: r.minY + 6, width: 2, height: max(0, r.height - 12))
    }

    private var scalars: [Unicode.Scalar] { Array(text.unicodeScalars) }

    private func replaceSelection(with new: String) {
        var s = scalars
        let r = selectedScalarRange.clamped(to: 0..<s.count)
        s.replaceSubrange(r, with: Array(new.unicodeScalars))
        text = String(String.UnicodeScalarView(s))
        let caret = r.lowerBound + new.unicodeScalars.count
        selectedScalarRange = caret..<caret
        setNeedsDisplay()
    }

    public func insertText(_ text: String, time: Double) {
        log.append("insert:\(text)")
        compositionText = ""
        replaceSelection(with: text)
    }

    public func setComposition(_ text: String, cursor: Int, time: Double) {
        log.append("compose:\(text)@\(cursor)")
        compositionText = text
        setNeedsDisplay()
    }

    public func editingKey(_ key: Key, modifiers: KeyModifiers, time: Double) -> Bool {
        log.append("key:\(modifiers.contains(.control) ? "Ctrl+" : "")\(modifiers.contains(.shift) ? "Shift+" : "")\(key.rawValue)")
        let n = scalars.count
        let r = selectedScalarRange
        switch key {
        case .backspace:
            if r.isEmpty, r.lowerBound > 0 { selectedScalarRange = (r.lowerBound - 1)..<r.lowerBound }
            replaceSelection(with: "")
        case .left where modifiers.contains(.shift):
            selectedScalarRange = max(0, r.lowerBound - 1)..<r.upperBound
        case .left:
            let c = r.isEmpty ? max(0, r.lowerBound - 1) : r.lowerBound
            selectedScalarRange = c..<c
        case .right:
            let c = r.isEmpty ? min(n, r.upperBound + 1) : r.upperBound
            selectedScalarRange = c..<c
        case .a where modifiers.contains(.control):
            selectedScalarRange = 0..<n
        case .c where modifiers.contains(.control):
            let s = scalars[r.clamped(to: 0..<n)]
            ViewNode.clipboard.setText(String(String.UnicodeScalarView(s)), in: .clipboard)
        case .v where modifiers.contains(.control):
            if let pasted = ViewNode.clipboard.text(in: .clipboard) { replaceSelection(with: pasted) }
        case .enter:
            submits += 1
        case .escape:
            guard !compositionText.isEmpty else { return false }
            compositionText = ""
        case .space:
            return true   // typed as text; the key itself must not page a scroll view
        default:
            return false
        }
        setNeedsDisplay()
        return true
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fillRoundedRect(frame, radius: 8, color: .white)
        canvas.strokeRect(frame, color: RGBAColor(hex: isFocused ? 0x0A84FF : 0xC7C7CC), width: isFocused ? 2 : 1)
        let shown = text + (compositionText.isEmpty ? "" : "[\(compositionText)]")
        canvas.drawText(shown.isEmpty ? "Search" : shown, in: frame.insetBy(dx: 8, dy: 0),
                        style: TextStyle(size: 17, color: shown.isEmpty ? RGBAColor(hex: 0x8E8E93) : .black), alignment: .leading)
    }
}
