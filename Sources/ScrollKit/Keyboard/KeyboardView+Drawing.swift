// KeyboardView+Drawing: the keyboard's look — a phone keyboard's light keys on a grey tray, function keys
// darker, the Shift, Backspace and globe glyphs, and the preview bubble over the pressed key.

import Foundation
import Motion

extension KeyboardView {
    /// The colours of the keyboard, from the theme's keyboard tokens (a phone's light keyboard in ``Theme/light``).
    public struct Look: Sendable, Hashable {
        public var tray: RGBAColor
        public var trayEdge: RGBAColor
        public var letterKey: RGBAColor
        public var functionKey: RGBAColor
        public var pressedFunctionKey: RGBAColor
        public var pressedLetterKey: RGBAColor
        public var keyShadow: RGBAColor
        public var ink: RGBAColor
        public var cornerRadius = 5.0

        /// The look a theme's tokens give: pressed letter keys take the function keys' face and back.
        public init(colors: ThemeColors) {
            tray = colors.keyboardTray
            trayEdge = colors.keyboardTray.mixed(with: colors.keyboardKeyShadow, fraction: 0.3)
            letterKey = colors.keyboardKey
            functionKey = colors.keyboardFunctionKey
            pressedFunctionKey = colors.keyboardKey
            pressedLetterKey = colors.keyboardFunctionKey
            keyShadow = colors.keyboardKeyShadow
            ink = colors.keyboardLabel
        }
    }

    /// The look drawn with: ``look`` if the app set one, else the theme's.
    var currentLook: Look { look ?? Look(colors: effectiveTheme.colors) }

    /// Draws the tray, the keys and the pressed key's bubble, in the view's own coordinates (the glyphs'
    /// outlines are made once per layout, so a frame allocates nothing).
    func drawKeyboard(in canvas: any DrawingCanvas, frame: Rect) {
        relayoutKeys()
        canvas.pushTranslation(dx: frame.minX, dy: frame.minY)
        defer { canvas.popTranslation() }
        let tray = Rect(origin: .zero, size: frame.size)
        drawnLook = currentLook
        canvas.fill(tray, color: drawnLook.tray)
        canvas.drawLine(from: Point(x: 0, y: 0), to: Point(x: tray.maxX, y: 0), color: drawnLook.trayEdge, width: 0.5)
        let letterSize = min(26, max(20, (keys.first?.frame.height ?? 42) * 0.55))
        for (i, entry) in keys.enumerated() {
            let rect = entry.frame
            let pressed = pressedIndex == i
            let key = entry.key
            let light = key.isCharacter || key.action == .space
            var face = light ? drawnLook.letterKey : drawnLook.functionKey
            if pressed { face = light ? drawnLook.pressedLetterKey : drawnLook.pressedFunctionKey }
            if key.action == .shift && (isShifted || isCapsLocked) { face = drawnLook.letterKey }
            canvas.fillRoundedRect(rect.offsetBy(dx: 0, dy: 1), radius: drawnLook.cornerRadius, color: drawnLook.keyShadow)
            canvas.fillRoundedRect(rect, radius: drawnLook.cornerRadius, color: face)
            drawLabel(key, index: i, in: rect, letterSize: letterSize, canvas: canvas)
        }
        if let i = pressedIndex, keys.indices.contains(i), keys[i].key.isCharacter {
            drawBubble(keys[i].key, over: keys[i].frame, in: tray, letterSize: letterSize, canvas: canvas)
        }
    }

    /// The outlines of a function key's glyph in `rect` (view coordinates): Shift's arrow, Backspace's tag,
    /// the globe's circle and meridian; none for other keys.
    static func glyphOutlines(for action: KeyboardKey.Action, in rect: Rect) -> [[Point]] {
        switch action {
        case .shift:
            let (cx, cy, s) = shiftMetrics(rect)
            let tip = Point(x: cx, y: cy - s * 1.1)
            return [[tip, Point(x: cx + s, y: cy), Point(x: cx + s * 0.5, y: cy), Point(x: cx + s * 0.5, y: cy + s * 0.9),
                     Point(x: cx - s * 0.5, y: cy + s * 0.9), Point(x: cx - s * 0.5, y: cy), Point(x: cx - s, y: cy), tip]]
        case .backspace:
            let h = min(rect.height * 0.36, 16.0), w = h * 1.45
            let x0 = rect.midX - w / 2, x1 = rect.midX + w / 2, cy = rect.midY
            return [[Point(x: x0, y: cy), Point(x: x0 + h * 0.45, y: cy - h / 2), Point(x: x1, y: cy - h / 2),
                     Point(x: x1, y: cy + h / 2), Point(x: x0 + h * 0.45, y: cy + h / 2), Point(x: x0, y: cy)]]
        case .nextLayout:
            let r = min(rect.height * 0.22, 10.0), c = Point(x: rect.midX, y: rect.midY)
            func ring(_ rx: Double) -> [Point] {
                (0...32).map { i in
                    let a = Double(i) / 32 * 2 * Double.pi
                    return Point(x: c.x + rx * cos(a), y: c.y + r * sin(a))
                }
            }
            return [ring(r), ring(r * 0.45)]
        default:
            return []
        }
    }

    /// Shift's arrow: its centre and size in `rect`.
    static func shiftMetrics(_ rect: Rect) -> (Double, Double, Double) {
        (rect.midX, rect.midY - 2, min(rect.width, rect.height) * 0.2)
    }

    /// The text a character key shows now (its capital while Shift or Caps Lock is on).
    public func shownText(_ key: KeyboardKey) -> String {
        guard case .character(let text, let shifted) = key.action else { return key.label }
        return showsCapitals ? (shifted ?? text) : text
    }

    private func drawLabel(_ key: KeyboardKey, index: Int, in rect: Rect, letterSize: Double, canvas: any DrawingCanvas) {
        let outlines = glyphs.indices.contains(index) ? glyphs[index] : []
        let small = TextStyle(size: 16, color: drawnLook.ink, maximumScale: 1)   // keys keep their size (as iOS's keyboard)
        switch key.action {
        case .character:
            let text = shownText(key)
            // Letters sit a little high on a phone's keys; symbols and digits centred.
            canvas.drawText(text, in: rect.offsetBy(dx: 0, dy: -1), style: TextStyle(size: letterSize, color: drawnLook.ink, maximumScale: 1), alignment: .center)
        case .shift:
            drawShiftArrow(in: rect, outlines: outlines, filled: isShifted || isCapsLocked, underline: isCapsLocked, canvas: canvas)
        case .backspace:
            drawBackspace(in: rect, outlines: outlines, canvas: canvas)
        case .nextLayout:
            drawGlobe(in: rect, outlines: outlines, canvas: canvas)
        case .space:
            canvas.drawText(layout.isRightToLeft ? "רווח" : "space", in: rect, style: small, alignment: .center)
        case .enter:
            canvas.drawText(layout.returnLabel, in: rect, style: small, alignment: .center)
        case .page(let target):
            let label = target == .letters ? (layout.isRightToLeft ? "אבג" : "ABC") : key.label
            canvas.drawText(label, in: rect, style: small, alignment: .center)
        }
    }

    /// The bubble a phone shows over a pressed character key: a wider rounded head above the key with the
    /// character large in it, joined to the key by a neck the key's width.
    private func drawBubble(_ key: KeyboardKey, over rect: Rect, in tray: Rect, letterSize: Double, canvas: any DrawingCanvas) {
        let headWidth = rect.width + 2 * min(14, rect.width * 0.45)
        let headHeight = rect.height * 1.15
        // Kept inside the keyboard's width (a key at an edge has its bubble pushed in, as a phone's).
        let headX = min(max(rect.midX - headWidth / 2, tray.minX + 1), tray.maxX - 1 - headWidth)
        let head = Rect(x: headX, y: rect.minY - headHeight - 4, width: headWidth, height: headHeight)
        let neck = Rect(x: rect.minX, y: head.midY, width: rect.width, height: rect.maxY - head.midY)
        for (r, radius) in [(head, 9.0), (neck, drawnLook.cornerRadius)] {
            canvas.fillRoundedRect(Rect(x: r.minX - 0.5, y: r.minY - 0.5, width: r.width + 1, height: r.height + 1.5),
                                   radius: radius + 0.5, color: RGBAColor.black.withAlpha(0.18))
        }
        canvas.fillRoundedRect(head, radius: 9, color: drawnLook.letterKey)
        canvas.fillRoundedRect(neck, radius: drawnLook.cornerRadius, color: drawnLook.letterKey)
        canvas.drawText(shownText(key), in: head, style: TextStyle(size: letterSize * 1.45, color: drawnLook.ink, maximumScale: 1), alignment: .center)
    }

    /// Shift's arrow: an outline, filled while on, with a bar under it while the capitals are locked.
    private func drawShiftArrow(in rect: Rect, outlines: [[Point]], filled: Bool, underline: Bool, canvas: any DrawingCanvas) {
        let (cx, cy, s) = Self.shiftMetrics(rect)
        if filled {
            // Filled by horizontal strokes: the head's rows narrowing to the tip, then the stem.
            let tipY = cy - s * 1.1
            var y = tipY
            while y <= cy {
                let half = s * (y - tipY) / (cy - tipY)
                canvas.drawLine(from: Point(x: cx - half, y: y), to: Point(x: cx + half, y: y), color: drawnLook.ink, width: 1)
                y += 0.5
            }
            canvas.fill(Rect(x: cx - s * 0.5, y: cy, width: s, height: s * 0.9), color: drawnLook.ink)
        }
        for outline in outlines { canvas.drawPolyline(outline, color: drawnLook.ink, width: 1.5) }
        if underline {
            canvas.fill(Rect(x: cx - s * 0.5, y: cy + s * 0.9 + 3, width: s, height: 1.8), color: drawnLook.ink)
        }
    }

    /// Backspace's glyph: a tag pointing left with an × in it.
    private func drawBackspace(in rect: Rect, outlines: [[Point]], canvas: any DrawingCanvas) {
        for outline in outlines { canvas.drawPolyline(outline, color: drawnLook.ink, width: 1.5) }
        let h = min(rect.height * 0.36, 16.0), w = h * 1.45
        let x0 = rect.midX - w / 2, x1 = rect.midX + w / 2, cy = rect.midY
        let mx = (x0 + h * 0.45 + x1) / 2, d = h * 0.2
        canvas.drawLine(from: Point(x: mx - d, y: cy - d), to: Point(x: mx + d, y: cy + d), color: drawnLook.ink, width: 1.5)
        canvas.drawLine(from: Point(x: mx - d, y: cy + d), to: Point(x: mx + d, y: cy - d), color: drawnLook.ink, width: 1.5)
    }

    /// The globe: a circle with a meridian ellipse, the equator and the axis.
    private func drawGlobe(in rect: Rect, outlines: [[Point]], canvas: any DrawingCanvas) {
        let r = min(rect.height * 0.22, 10.0), c = Point(x: rect.midX, y: rect.midY)
        for (i, outline) in outlines.enumerated() { canvas.drawPolyline(outline, color: drawnLook.ink, width: i == 0 ? 1.3 : 1.1) }
        canvas.drawLine(from: Point(x: c.x - r, y: c.y), to: Point(x: c.x + r, y: c.y), color: drawnLook.ink, width: 1.1)
        canvas.drawLine(from: Point(x: c.x, y: c.y - r), to: Point(x: c.x, y: c.y + r), color: drawnLook.ink, width: 1.1)
    }
}
