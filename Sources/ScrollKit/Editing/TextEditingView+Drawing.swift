// TextEditingView's drawing of the text itself: the selection's tint, the text (or the placeholder), the
// composition's underline, the caret (with its blink) and the touch selection handles.

import Motion

extension TextEditingView {
    /// The selection's fill: the tint, light.
    var selectionColor: RGBAColor { tintColor.withAlpha(0.25) }
    /// The handles' knob radius, in points.
    static let handleRadius = 5.5

    /// Draws the text with its layout's top-left corner at `origin` (canvas coordinates): selection, text or
    /// placeholder (from where typing starts), composition underline, caret (the empty text's at the start too). No allocation once the layout is made.
    func drawEditing(in canvas: any DrawingCanvas, origin: Point) {
        let focused = isFocused
        guard let layout else {
            if model.composition.isEmpty, let placeholder = placeholderLayout {
                canvas.drawTextLayout(placeholder, at: placeholderOrigin(placeholder, layoutOrigin: origin))
            }
            if focused { drawCaret(in: canvas, origin: origin) }
            return
        }
        let selection = model.selection
        if !selection.isEmpty && (focused || showsHandles) {
            fillRanges(of: layout, from: layoutOffset(selection.lowerBound), to: layoutOffset(selection.upperBound),
                       origin: origin, in: canvas) { rect in canvas.fill(rect, color: selectionColor) }
        }
        canvas.drawTextLayout(layout, at: origin)
        if !model.composition.isEmpty {
            let start = compositionStart, end = start + model.composition.unicodeScalars.count
            let ink = textStyle.color
            fillRanges(of: layout, from: start, to: end, origin: origin, in: canvas) { rect in
                // The underline: 1.5 points, just under the baseline's descent.
                canvas.fill(Rect(x: rect.minX + 1, y: rect.maxY - 3, width: max(0, rect.width - 2), height: 1.5), color: ink)
            }
        }
        if focused && selection.isEmpty && isInLayoutWindow(model.caret) { drawCaret(in: canvas, origin: origin) }
    }

    /// Calls `fill` with one rectangle (layout lines' full height) per visual stretch of the glyphs whose
    /// clusters lie in `from..<to` (layout offsets): several for a selection crossing directions.
    func fillRanges(of layout: TextLayout, from: Int, to: Int, origin: Point, in canvas: any DrawingCanvas,
                    _ fill: (Rect) -> Void) {
        guard from < to else { return }
        for line in layout.lines {
            guard line.scalars.lowerBound < to, line.scalars.upperBound >= from else { continue }
            var runStart = Double.nan, runEnd = 0.0
            var g = line.glyphs.lowerBound
            while g < line.glyphs.upperBound {
                let glyph = layout.glyphs[g]
                let pen = glyph.x - glyph.xOffset
                if glyph.cluster >= from && glyph.cluster < to {
                    if runStart.isNaN { runStart = pen; runEnd = pen + glyph.advance }
                    else { runStart = min(runStart, pen); runEnd = max(runEnd, pen + glyph.advance) }
                } else if !runStart.isNaN {
                    fill(Rect(x: origin.x + runStart, y: origin.y + line.top, width: runEnd - runStart, height: line.height))
                    runStart = .nan
                }
                g += 1
            }
            if !runStart.isNaN {
                fill(Rect(x: origin.x + runStart, y: origin.y + line.top, width: runEnd - runStart, height: line.height))
            }
            // A selected newline at a line's end: a space's width of tint, as editors show it.
            if isMultiline, to > line.scalars.upperBound, from <= line.scalars.upperBound {
                let edge = line.direction == .rightToLeft ? line.x - 6 : line.x + line.width
                if line.scalars.upperBound < (layout.lines.last?.scalars.upperBound ?? 0) {
                    fill(Rect(x: origin.x + edge, y: origin.y + line.top, width: 6, height: line.height))
                }
            }
        }
    }

    /// The caret (or the composition's own cursor) at its blink's opacity.
    func drawCaret(in canvas: any DrawingCanvas, origin: Point) {
        let alpha = caretOpacity.isFinite ? min(max(caretOpacity, 0), 1) : 1
        guard alpha > 0 else { return }
        let offset = model.composition.isEmpty ? layoutOffset(model.caret) : compositionStart + model.compositionCursor
        let box = caretBox(layoutOffset: offset)
        let x = (box.minX * canvas.pixelScale).rounded() / max(canvas.pixelScale, 1e-9)
        canvas.fill(Rect(x: origin.x + x - 1, y: origin.y + box.minY + 1, width: 2, height: max(0, box.height - 2)),
                    color: tintColor.withAlpha(alpha))
    }

    /// The touch selection handles at both ends of the selection: a bar the line's height with a knob above
    /// the start and below the end, as iOS draws them.
    func drawHandles(in canvas: any DrawingCanvas, origin: Point) {
        guard showsHandles, isFocused, !model.selection.isEmpty else { return }
        func handle(_ offset: Int, _ isStart: Bool) {
            guard isInLayoutWindow(offset) else { return }
            let box = caretBox(layoutOffset: layoutOffset(offset))
            let x = origin.x + box.minX, top = origin.y + box.minY
            canvas.fill(Rect(x: x - 1, y: top, width: 2, height: box.height), color: tintColor)
            let knobY = isStart ? top - Self.handleRadius + 1 : top + box.height + Self.handleRadius - 1
            canvas.fillCircle(center: Point(x: x, y: knobY), radius: Self.handleRadius, color: tintColor)
        }
        handle(model.selection.lowerBound, true)
        handle(model.selection.upperBound, false)
    }

    /// Where the selection's handles' knobs are, in root coordinates (start, end).
    func handlePointsInRoot() -> (start: Point, end: Point)? {
        guard showsHandles, !model.selection.isEmpty else { return nil }
        let origin = layoutOriginInRoot()
        func point(_ offset: Int, _ isStart: Bool) -> Point {
            let box = caretBox(layoutOffset: layoutOffset(offset))
            return Point(x: origin.x + box.minX,
                         y: origin.y + (isStart ? box.minY - Self.handleRadius : box.maxY + Self.handleRadius))
        }
        return (point(model.selection.lowerBound, true), point(model.selection.upperBound, false))
    }
}
