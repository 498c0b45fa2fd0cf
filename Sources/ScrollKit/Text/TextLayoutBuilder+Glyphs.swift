// TextLayoutBuilder+Glyphs: each line's glyphs placed in visual order (bidi rule L2 over its clusters), aligned to
// its paragraph's leading edge, with the ellipsis of a truncated line.

import Motion

extension TextLayoutBuilder {
    mutating func emit(_ contents: [Content], limit: Double, alignment: TextAlign, spacing: Double) {
        // Widths first (alignment needs the widest line when the width is unlimited).
        var widths: [Double] = []
        widths.reserveCapacity(contents.count)
        for content in contents {
            var w = 0.0
            for k in content.first { w += truncationAdvance(k) }
            for k in content.second { w += truncationAdvance(k) }
            if content.ellipsis != .none { w += ellipsisWidth(style: ellipsisStyle(content)) }
            widths.append(w)
        }
        let widest = widths.max() ?? 0
        let box = limit.isFinite ? limit : widest
        glyphs.reserveCapacity(shaped.count + contents.count)
        lines.reserveCapacity(contents.count)
        var items: [Int] = []      // the line's clusters in logical order; -1 is the ellipsis
        var levels: [UInt8] = []
        var order: [Int] = []
        var top = 0.0
        for (index, content) in contents.enumerated() {
            let width = widths[index]
            let anchor = content.first.isEmpty ? (content.second.first ?? min(content.first.lowerBound, clusters.count - 1))
                                               : content.first.lowerBound
            let rtl = clusters.isEmpty ? false : clusters[max(0, min(anchor, clusters.count - 1))].paragraphRTL
            var x: Double
            switch (alignment, rtl) {
            case (.leading, false), (.trailing, true), (.left, _): x = 0
            case (.center, _): x = max(0, (box - width) / 2)
            case (.trailing, false), (.leading, true), (.right, _): x = max(0, box - width)
            }
            // Vertical metrics: the tallest ascent and descent among the line's styles.
            var ascent = 0.0, descent = 0.0, any = false
            func include(_ style: Int) {
                let m = metrics[style]
                ascent = max(ascent, m.ascent); descent = max(descent, m.lineHeight - m.ascent); any = true
            }
            for k in content.first { include(clusters[k].style) }
            for k in content.second { include(clusters[k].style) }
            if content.ellipsis != .none { include(ellipsisStyle(content)) }
            if !any { include(content.emptyStyle) }
            // The line's items in logical order, then in visual order.
            items.removeAll(keepingCapacity: true)
            if content.ellipsis == .before { items.append(-1) }
            items.append(contentsOf: content.first)
            if content.ellipsis == .between { items.append(-1) }
            items.append(contentsOf: content.second)
            if content.ellipsis == .after { items.append(-1) }
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: items.indices)
            if hasRTL {
                let base: UInt8 = rtl ? 1 : 0
                levels.removeAll(keepingCapacity: true)
                for item in items {
                    if item < 0 { levels.append(base); continue }
                    let c = clusters[item]
                    levels.append(c.kind == .ink || c.kind == .space && scalars[c.firstScalar] != "\t" ? c.level : base)
                }
                BidiParagraph.reorder(&order, levels: levels)
            }
            let firstGlyph = glyphs.count
            let lineX = x
            for position in order {
                let item = items[position]
                if item < 0 { appendEllipsis(style: ellipsisStyle(content), rtl: rtl, x: &x) } else { appendCluster(item, x: &x) }
            }
            // The source: from the first shown cluster to the last; an empty line sits where it starts.
            let firstShown = content.first.isEmpty ? content.second : content.first
            let lastShown = content.second.isEmpty ? content.first : content.second
            let startCluster = content.first.lowerBound
            let lineStart = startCluster < clusters.count ? clusters[startCluster].utf8Start : text.utf8.count
            let lineScalar = startCluster < clusters.count ? clusters[startCluster].firstScalar : scalars.count
            let sourceStart = firstShown.isEmpty ? lineStart : clusters[firstShown.lowerBound].utf8Start
            let sourceEnd = lastShown.isEmpty ? sourceStart : clusters[lastShown.upperBound - 1].utf8End
            let scalarStart = firstShown.isEmpty ? lineScalar : clusters[firstShown.lowerBound].firstScalar
            let scalarEnd = lastShown.isEmpty ? scalarStart
                : clusters[lastShown.upperBound - 1].firstScalar + clusters[lastShown.upperBound - 1].scalarCount
            var line = TextLayout.Line(glyphs: firstGlyph..<glyphs.count, source: sourceStart..<sourceEnd, x: lineX,
                                       width: width, top: top, height: ascent + descent, baseline: top + ascent)
            line.scalars = scalarStart..<scalarEnd
            line.direction = rtl ? .rightToLeft : .leftToRight
            line.shown = scalarRange(content.first)
            line.shownAfter = scalarRange(content.second)
            line.ellipsis = content.ellipsis.rawValue
            lines.append(line)
            top += ascent + descent
            if index < contents.count - 1 { top += spacing }
        }
        size = Size(width: widest, height: top)
    }

    func scalarRange(_ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        return clusters[range.lowerBound].firstScalar..<(clusters[range.upperBound - 1].firstScalar + clusters[range.upperBound - 1].scalarCount)
    }

    func ellipsisStyle(_ content: Content) -> Int {
        switch content.ellipsis {
        case .after, .between: content.first.last.map { clusters[$0].style } ?? content.emptyStyle
        case .before: content.second.first.map { clusters[$0].style } ?? content.emptyStyle
        case .none: content.emptyStyle
        }
    }

    mutating func appendEllipsis(style: Int, rtl: Bool, x: inout Double) {
        let s = styles[style]
        var shapedEllipsis: [ShapedGlyph] = []
        if s.size > 0 {
            measurer.shape(["\u{2026}"], range: 0..<1, style: s, direction: rtl ? .rightToLeft : .leftToRight,
                           into: &shapedEllipsis)
        }
        var glyph = TextLayout.Glyph(scalar: "\u{2026}", x: x, styleIndex: style)
        glyph.glyphID = shapedEllipsis.count == 1 ? shapedEllipsis[0].id : 0x2026
        glyph.font = shapedEllipsis.count == 1 ? shapedEllipsis[0].font : 0
        glyph.cluster = -1
        let width = ellipsisWidth(style: style)
        glyph.advance = width
        glyph.isRightToLeft = rtl
        glyphs.append(glyph)
        x += width
    }

    mutating func appendCluster(_ k: Int, x: inout Double) {
        let c = clusters[k]
        if c.kind == .newline {   // a newline inside a truncated line: a space
            var glyph = TextLayout.Glyph(scalar: " ", x: x, styleIndex: c.style)
            glyph.glyphID = 0x20
            glyph.cluster = c.firstScalar
            glyph.advance = truncationAdvance(k)
            glyphs.append(glyph)
            x += glyph.advance
            return
        }
        let rtl = c.level & 1 == 1
        for g in Int(c.glyphStart)..<Int(c.glyphEnd) {
            let s = shaped[g]
            var glyph = TextLayout.Glyph(scalar: scalars[min(max(s.cluster, 0), scalars.count - 1)], x: x + s.xOffset,
                                         styleIndex: c.style)
            glyph.glyphID = s.id
            glyph.font = s.font
            glyph.cluster = s.cluster
            glyph.advance = s.advance
            glyph.xOffset = s.xOffset
            glyph.yOffset = s.yOffset
            glyph.isRightToLeft = rtl
            glyphs.append(glyph)
            x += s.advance
        }
    }
}
