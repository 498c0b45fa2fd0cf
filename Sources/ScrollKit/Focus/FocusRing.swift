// FocusRing: where a view's focus ring goes (outside its frame, or inside it when the outside would be clipped,
// as on a row as wide as its list) and the rounded ring drawn inside.

/// The points of the last inside ring, refilled in place (a focused view draws its ring every frame: no
/// allocation once the buffer has grown).
@MainActor
enum FocusRingPath {
    static var points: [Point] = []
}

extension ViewNode {
    /// Whether a ring reaching `outset` points outside the view's frame shows whole: inside the rectangle of
    /// every ancestor that clips (``clipsToBounds``: a scroll view's viewport, a navigation screen) and of the
    /// root (the window's edge). A root's own ring never does. A row as wide as its list does not: only its top and bottom lines would show,
    /// looking like separators. ``drawFocusRing(in:frame:)`` then draws the ring inside the frame.
    public func focusRingFitsOutside(outset: Double? = nil) -> Bool {
        let outset = outset ?? effectiveTheme.focusRing.outset + effectiveTheme.focusRing.width
        // A root fills its window (or the stage showing it): outside it, nothing shows.
        guard superview != nil else { return false }
        let o = outset.isFinite ? max(0, outset) : 0
        let ring = frameInRoot.insetBy(dx: -o, dy: -o)
        var ancestor = superview
        while let a = ancestor {
            if a.clipsToBounds || a.superview == nil {
                let visible = a.frameInRoot
                if ring.minX < visible.minX - 0.01 || ring.minY < visible.minY - 0.01
                    || ring.maxX > visible.maxX + 0.01 || ring.maxY > visible.maxY + 0.01 { return false }
            }
            ancestor = a.superview
        }
        return true
    }

    /// Draws the default focus ring for `frame` (the view's rectangle in the canvas), in the theme's
    /// ``FocusRingStyle``: a stroke ``FocusRingStyle/outset`` outside the frame when that shows whole
    /// (``focusRingFitsOutside(outset:)``), rounded to ``focusCornerRadius`` plus the outset when the style
    /// follows corners, else a rounded ring just inside the frame, on top of the view's content.
    func drawDefaultFocusRing(in canvas: any DrawingCanvas, frame: Rect) {
        let ring = effectiveTheme.focusRing
        if focusRingFitsOutside(outset: ring.outset + ring.width) {
            let o = ring.outset
            let corner = ring.followsCorners ? max(0, focusCornerRadius.isFinite ? focusCornerRadius : 0) : 0
            if corner > 0 {
                let w = ring.width.isFinite ? max(0.5, ring.width) : 3
                Self.strokeRoundedRing(frame.insetBy(dx: -o - w / 2, dy: -o - w / 2), radius: corner + o + w / 2,
                                       in: canvas, color: ring.color, width: w)
            } else {
                canvas.strokeRect(frame.insetBy(dx: -o, dy: -o), color: ring.color, width: ring.width)
            }
        } else {
            Self.strokeInsideFocusRing(frame, in: canvas, color: ring.color, width: ring.width)
        }
    }

    /// Strokes a rounded ring `width` points wide just inside `frame` (1 point in from its edges, corners of
    /// up to 8 points' radius): the focus ring of a view whose outside would be clipped. Allocates nothing
    /// once its point buffer has grown.
    public static func strokeInsideFocusRing(_ frame: Rect, in canvas: any DrawingCanvas, color: RGBAColor, width: Double) {
        let w = width.isFinite ? max(0.5, width) : 3
        strokeRoundedRing(frame.insetBy(dx: 1 + w / 2, dy: 1 + w / 2), radius: 8, in: canvas, color: color, width: w)
    }

    /// Strokes the rounded rectangle `path` (the stroke's centre line; corners of `radius`, at most half its
    /// sides) `width` points wide. Allocates nothing once its point buffer has grown.
    public static func strokeRoundedRing(_ path: Rect, radius: Double, in canvas: any DrawingCanvas, color: RGBAColor, width: Double) {
        let w = width.isFinite ? max(0.5, width) : 3
        guard path.width > 0, path.height > 0 else { return }
        let radius = max(0, min(radius.isFinite ? radius : 0, path.width / 2, path.height / 2))
        var points = FocusRingPath.points
        FocusRingPath.points = []
        points.removeAll(keepingCapacity: true)
        // Clockwise from the top edge's right end; each corner a quarter circle in 4 steps (22.5° each).
        for corner in 0..<4 {
            let cx = corner == 0 || corner == 1 ? path.maxX - radius : path.minX + radius
            let cy = corner == 1 || corner == 2 ? path.maxY - radius : path.minY + radius
            for step in 0...4 {
                // The unit vector at (corner × 90° − 90°) + step × 22.5°: a quarter turn rotates (x, y) to (−y, x).
                var x = Self.quarterArc[step].x, y = Self.quarterArc[step].y
                for _ in 0..<((corner + 3) % 4) { (x, y) = (-y, x) }
                points.append(Point(x: cx + radius * x, y: cy + radius * y))
            }
        }
        // Closed: the first two points again, so the start has a join like every other corner.
        points.append(points[0])
        points.append(points[1])
        canvas.drawPolyline(points, color: color, width: w)
        FocusRingPath.points = points
    }

    /// cos and sin of 0°, 22.5°, 45°, 67.5° and 90°.
    private static let quarterArc: [(x: Double, y: Double)] = [
        (1, 0), (0.9238795325112867, 0.3826834323650898), (0.7071067811865476, 0.7071067811865476),
        (0.3826834323650898, 0.9238795325112867), (0, 1),
    ]
}
