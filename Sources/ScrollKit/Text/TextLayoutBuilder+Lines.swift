// TextLayoutBuilder+Lines: the greedy fill of clusters into lines (logical order) and the last line of a truncated
// layout.

import Motion

extension TextLayoutBuilder {
    // MARK: Line filling

    mutating func layOut(limit: Double, maxLines: Int, truncation: TextTruncation, alignment: TextAlign, spacing: Double) {
        let n = clusters.count
        guard n > 0 else { return }
        // Greedy fill: each entry is a line's clusters, trailing newline excluded.
        var ranges: [Range<Int>] = []
        var lineStart = 0
        var lastBreak = -1
        var i = 0
        let slack = limit.isFinite ? limit + Precision.slack : .infinity
        while i < n {
            let c = clusters[i]
            if c.kind == .newline {
                ranges.append(lineStart..<i)
                lineStart = i + 1; lastBreak = -1; i += 1
                continue
            }
            if c.kind == .ink, i > lineStart, xs[i + 1] - xs[lineStart] > slack {
                let end = lastBreak > lineStart ? lastBreak : i
                ranges.append(lineStart..<end)
                lineStart = end; lastBreak = -1
                i = max(i, end)
                continue   // cluster i again, on the new line
            }
            i += 1
            if c.breakAfter { lastBreak = i }
        }
        if lineStart < n { ranges.append(lineStart..<n) }

        var contents: [Content] = []
        contents.reserveCapacity(ranges.count)
        let limitLines = maxLines > 0 && ranges.count > maxLines
        for (index, range) in ranges.enumerated() {
            if limitLines && index == maxLines - 1 { break }
            contents.append(Content(first: trimmed(range), emptyStyle: emptyStyle(range)))
        }
        if limitLines {
            truncated = true
            contents.append(truncatedLine(from: ranges[maxLines - 1].lowerBound, limit: limit, mode: truncation))
        }
        emit(contents, limit: limit, alignment: alignment, spacing: spacing)
    }

    /// `range` without its trailing spaces.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, clusters[end - 1].kind != .ink { end -= 1 }
        return range.lowerBound..<end
    }

    /// The style an empty line takes its height from: its newline's, or the first cluster's.
    func emptyStyle(_ range: Range<Int>) -> Int {
        if range.lowerBound < clusters.count { return clusters[range.lowerBound].style }
        return clusters.last?.style ?? 0
    }

    /// A cluster's width on a truncated line, where newlines count as a space.
    func truncationAdvance(_ k: Int) -> Double {
        let c = clusters[k]
        guard c.kind == .newline else { return c.advance }
        let style = styles[c.style]
        return style.size > 0 ? Self.sanitised(measurer.advance(of: " ", style: style)) : 0
    }

    func ellipsisWidth(style: Int) -> Double {
        let s = styles[style]
        return s.size > 0 ? Self.sanitised(measurer.advance(of: "\u{2026}", style: s)) : 0
    }

    /// The last line of a truncated layout: the text from cluster `start` on, shortened with an ellipsis.
    func truncatedLine(from start: Int, limit: Double, mode: TextTruncation) -> Content {
        let n = clusters.count
        switch mode {
        case .tail:
            // Up to the end of this paragraph, as much as fits beside the ellipsis.
            var end = start
            while end < n, clusters[end].kind != .newline { end += 1 }
            let style = clusters[min(start, n - 1)].style
            let available = limit - ellipsisWidth(style: style)
            var t = start
            var width = 0.0
            while t < end, width + clusters[t].advance <= available + Precision.slack {
                width += clusters[t].advance; t += 1
            }
            return Content(first: trimmed(start..<t), ellipsis: .after, emptyStyle: style)
        case .head, .middle:
            var end = n
            while end > start, clusters[end - 1].kind != .ink { end -= 1 }
            var total = 0.0
            for k in start..<end { total += truncationAdvance(k) }
            if total <= limit + Precision.slack {   // everything fits once newlines are spaces: nothing hidden
                return Content(first: start..<end, emptyStyle: clusters[min(start, n - 1)].style)
            }
            let style = mode == .head ? clusters[max(end - 1, start)].style : clusters[start].style
            let available = limit - ellipsisWidth(style: style)
            var prefixEnd = start
            var used = 0.0
            if mode == .middle {
                let half = available / 2
                while prefixEnd < end, used + truncationAdvance(prefixEnd) <= half + Precision.slack {
                    used += truncationAdvance(prefixEnd); prefixEnd += 1
                }
            }
            let prefix = trimmed(start..<prefixEnd)
            used = 0
            for k in prefix { used += truncationAdvance(k) }
            var suffixStart = end
            while suffixStart > prefixEnd, used + truncationAdvance(suffixStart - 1) <= available + Precision.slack {
                used += truncationAdvance(suffixStart - 1); suffixStart -= 1
            }
            while suffixStart < end, clusters[suffixStart].kind != .ink { suffixStart += 1 }
            return Content(first: mode == .middle ? prefix : start..<start, second: suffixStart..<end,
                           ellipsis: mode == .middle ? .between : .before, emptyStyle: style)
        }
    }

}
