// TextLayout+HitTesting: carets and hit testing, between points and offsets in Unicode scalars, in both directions
// (a right-to-left cluster's start is its right edge).

import Motion

extension TextLayout {
    /// Where a caret stands: its line, and its x from the layout's left edge, in points.
    public struct Caret: Sendable, Hashable {
        /// An index into ``TextLayout/lines``.
        public var line: Int
        public var x: Double
        /// The caret's top and height: its line's.
        public var top: Double
        public var height: Double
    }

    /// One cluster's box on a line, in visual order: its glyphs' extent and its logical range.
    private struct ClusterBox {
        var start: Int
        var end: Int
        var left: Double
        var right: Double
        var rightToLeft: Bool
    }

    /// The clusters of line `index`, left to right (the ellipsis left out).
    private func boxes(ofLine index: Int) -> [ClusterBox] {
        let line = lines[index]
        var boxes: [ClusterBox] = []
        var g = line.glyphs.lowerBound
        while g < line.glyphs.upperBound {
            let first = glyphs[g]
            var right = first.x + first.advance
            var h = g + 1
            while h < line.glyphs.upperBound, glyphs[h].cluster == first.cluster {
                right = max(right, glyphs[h].x + glyphs[h].advance); h += 1
            }
            if first.cluster >= 0 {
                boxes.append(ClusterBox(start: first.cluster, end: first.cluster, left: first.x, right: max(right, first.x),
                                        rightToLeft: first.isRightToLeft))
            }
            g = h
        }
        // Each cluster ends where the next one (logically) starts, the last at the line's end.
        let starts = boxes.map(\.start).sorted()
        for i in boxes.indices {
            var lo = 0, hi = starts.count
            while lo < hi { let mid = (lo + hi) / 2; if starts[mid] <= boxes[i].start { lo = mid + 1 } else { hi = mid } }
            boxes[i].end = lo < starts.count ? starts[lo] : max(line.scalars.upperBound, boxes[i].start + 1)
        }
        return boxes
    }

    /// The line showing scalar offset `offset`: the last line starting at or before it (an offset in a
    /// line's hanging spaces belongs to that line's end).
    public func line(containing offset: Int) -> Int? {
        guard !lines.isEmpty else { return nil }
        var result = 0
        for (i, line) in lines.enumerated() where line.scalars.lowerBound <= offset { result = i }
        return result
    }

    /// The caret before the Unicode scalar at `offset` (in ``text``; ``text``'s scalar count for the end):
    /// at the leading edge of the cluster starting there (its left edge left to right, its right edge right
    /// to left), or at the trailing edge of the line's last cluster at the line's end. Offsets inside a
    /// cluster go to its start; out-of-range offsets are clamped. Nil when there are no lines.
    /// Complexity: O(glyphs of the line · log).
    public func caret(at offset: Int) -> Caret? {
        guard let index = line(containing: offset) else { return nil }
        let line = lines[index]
        let o = min(max(offset, line.scalars.lowerBound), line.scalars.upperBound)
        let boxes = boxes(ofLine: index)
        func caret(_ x: Double) -> Caret { Caret(line: index, x: x, top: line.top, height: line.height) }
        if let box = boxes.first(where: { $0.start <= o && o < $0.end }) {
            return caret(box.rightToLeft ? box.right : box.left)
        }
        if let last = boxes.max(by: { $0.end < $1.end }), o >= last.end {
            return caret(last.rightToLeft ? last.left : last.right)
        }
        return caret(line.direction == .rightToLeft ? line.x + line.width : line.x)
    }

    /// The offset (in Unicode scalars of ``text``) of the caret nearest `x` on line `lineIndex`: a click on
    /// a cluster's leading half goes before it, on its trailing half after it; left or right of the line, to
    /// the cluster there. The line's start for a line without clusters; 0 when there are no lines.
    /// Complexity: O(glyphs of the line · log).
    public func offset(atX x: Double, line lineIndex: Int) -> Int {
        guard !lines.isEmpty else { return 0 }
        let index = min(max(lineIndex, 0), lines.count - 1)
        let boxes = boxes(ofLine: index)
        guard let first = boxes.first, let last = boxes.last else { return lines[index].scalars.lowerBound }
        let x = x.isNaN ? first.left : x
        if x < first.left { return first.rightToLeft ? first.end : first.start }
        if x >= last.right { return last.rightToLeft ? last.start : last.end }
        var box = last
        for b in boxes where x < b.right { box = b; break }
        let leftHalf = x < (box.left + box.right) / 2
        return leftHalf == box.rightToLeft ? box.end : box.start
    }

    /// The offset of the caret nearest `point` (from the layout's top-left corner): on the line at its y
    /// (the first or last line above or below them), then as ``offset(atX:line:)``.
    public func offset(at point: Point) -> Int {
        guard !lines.isEmpty else { return 0 }
        var index = lines.count - 1
        if point.y.isNaN { index = 0 }
        for (i, line) in lines.enumerated() where point.y < line.top + line.height { index = i; break }
        return offset(atX: point.x, line: index)
    }

    /// The box of the cluster holding the Unicode scalar at `offset` (from the layout's top-left corner): its
    /// glyphs' extent on its line, as tall as the line. A scalar with no glyph of its own (a newline, the
    /// end of the text) gets a zero-width box at its caret. Nil when there are no lines.
    /// Complexity: O(glyphs of the line · log).
    public func characterBox(at offset: Int) -> Rect? {
        guard let index = line(containing: offset) else { return nil }
        let line = lines[index]
        if let box = boxes(ofLine: index).first(where: { $0.start <= offset && offset < $0.end }) {
            return Rect(x: box.left, y: line.top, width: max(0, box.right - box.left), height: line.height)
        }
        guard let c = caret(at: offset) else { return nil }
        return Rect(x: c.x, y: c.top, width: 0, height: c.height)
    }

    /// The offset of the cluster under `point` (from the layout's top-left corner): the start of the cluster
    /// whose box holds it, or nil when the point is on none (between lines, past a line's ends).
    /// Complexity: O(lines + glyphs of the line · log).
    public func characterOffset(at point: Point) -> Int? {
        guard point.x.isFinite, point.y.isFinite,
              let index = lines.firstIndex(where: { point.y >= $0.top && point.y < $0.top + $0.height }) else { return nil }
        return boxes(ofLine: index).first(where: { point.x >= $0.left && point.x < $0.right })?.start
    }
}
