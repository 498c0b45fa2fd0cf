// FlowArrangement and FlowStack: views in lines that wrap, leading to trailing, as words in a paragraph (tags,
// chips, buttons that do not fit one row at a large text size).

/// Views placed leading to trailing, ``spacing`` apart, wrapping onto a new line (``lineSpacing`` below) when the
/// next one does not fit the offered width. Each view is measured once at its ideal size, and again at the full
/// width only if it is wider than that. Lines line their views up by ``alignment``.
public struct FlowArrangement: Arrangement {
    public var spacing: Double
    public var lineSpacing: Double
    public var alignment: RowAlignment

    public init(spacing: Double = 8, lineSpacing: Double = 8, alignment: RowAlignment = .center) {
        self.spacing = spacing.isFinite ? max(0, spacing) : 0
        self.lineSpacing = lineSpacing.isFinite ? max(0, lineSpacing) : 0
        self.alignment = alignment
    }

    /// Where each view goes (from the leading edge) for one proposal.
    public struct Cache {
        var proposal: SizeProposal?
        var frames: [Rect] = []
        var proposals: [SizeProposal] = []
        var size = Size.zero
    }

    public func makeCache(subviews: ArrangedSubviews) -> Cache { Cache() }

    public func sizeThatFits(proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Cache) -> Size {
        solve(proposal, subviews, &cache)
        return cache.size
    }

    public func placeSubviews(in bounds: Rect, proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Cache) {
        solve(proposal, subviews, &cache)
        for i in subviews.indices {
            subviews[i].place(at: cache.frames[i].origin, size: cache.frames[i].size, proposal: cache.proposals[i])
        }
    }

    private func solve(_ proposal: SizeProposal, _ subviews: ArrangedSubviews, _ cache: inout Cache) {
        if cache.proposal == proposal, cache.frames.count == subviews.count { return }
        let limit = proposal.width.map { $0.isFinite ? $0 : Double.infinity } ?? .infinity
        var frames = [Rect](repeating: .zero, count: subviews.count)
        var proposals = [SizeProposal](repeating: .unspecified, count: subviews.count)
        var lineStart = 0, x = 0.0, y = 0.0, widest = 0.0
        func closeLine(upTo end: Int) {
            guard lineStart < end else { return }
            let guide = alignment.guide
            var line = 0.0, height = 0.0
            for i in lineStart..<end { line = max(line, subviews[i].guideValue(guide, size: frames[i].size)) }
            for i in lineStart..<end {
                frames[i].origin.y = y + line - subviews[i].guideValue(guide, size: frames[i].size)
                height = max(height, frames[i].origin.y - y + frames[i].height)
            }
            y += height + lineSpacing
            lineStart = end
        }
        for i in subviews.indices {
            var size = subviews[i].sizeThatFits(.unspecified)
            if size.width > limit {
                proposals[i] = SizeProposal(width: limit, height: nil)
                size = subviews[i].sizeThatFits(proposals[i])
            }
            if i > lineStart, x + spacing + size.width > limit {
                closeLine(upTo: i)
                x = 0
            } else if i > lineStart {
                x += spacing
            }
            frames[i] = Rect(x: x, y: 0, width: size.width, height: size.height)
            x += size.width
            widest = max(widest, x)
        }
        closeLine(upTo: subviews.count)
        let height = subviews.isEmpty ? 0 : y - lineSpacing
        cache = Cache(proposal: proposal, frames: frames, proposals: proposals, size: Size(width: widest, height: height))
    }
}

/// Views in wrapping lines (see ``FlowArrangement``): chips, tags, a row of buttons that wraps at a large text size.
public final class FlowStack: ArrangementView<FlowArrangement> {
    public init(spacing: Double = 8, lineSpacing: Double = 8, alignment: RowAlignment = .center, _ views: [ViewNode] = []) {
        super.init(FlowArrangement(spacing: spacing, lineSpacing: lineSpacing, alignment: alignment), views)
    }
}
