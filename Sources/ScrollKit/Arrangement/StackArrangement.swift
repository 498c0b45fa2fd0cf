// StackArrangement, views in a line (a row or a column) with spacing and cross alignment, and RowStack and
// ColumnStack, the views that run it.

/// Views one after another along ``axis``, ``spacing`` apart, lined up across by ``alignment``: what ``RowStack``
/// and ``ColumnStack`` run.
///
/// One pass, as Flutter's `Flex`: each view that is not flexible is measured once at its ideal length along the
/// axis (offered the stack's own length across); flexible views (``ArrangedSubview/flex(along:)``: spacers,
/// views with an infinite maximum frame) then share what is left, by flex, measured once each. Only when the
/// fixed views overflow the stack are the longest offered less (an even share of the room, the shortest first),
/// so a long label wraps or truncates instead of pushing the row out of its container.
public struct StackArrangement: Arrangement {
    public var axis: LayoutAxis
    public var spacing: Double
    /// The guide views are lined up by across the axis (a vertical guide in a row, a horizontal one in a column).
    public var alignment: AlignmentGuide

    public init(axis: LayoutAxis, spacing: Double = 8, alignment: AlignmentGuide? = nil) {
        self.axis = axis
        self.spacing = spacing.isFinite ? max(0, spacing) : 0
        let fallback: AlignmentGuide = axis == .horizontal ? .centerY : .leading
        self.alignment = alignment.flatMap { $0.axis == axis.crossing ? $0 : nil } ?? fallback
    }

    /// The stack's solution for one proposal: each view's proposal and size, and the stack's size.
    public struct Cache {
        var proposal: SizeProposal?
        var proposals: [SizeProposal] = []
        var sizes: [Size] = []
        var size = Size.zero
    }

    public func makeCache(subviews: ArrangedSubviews) -> Cache { Cache() }

    public func sizeThatFits(proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Cache) -> Size {
        solve(proposal, subviews, &cache)
        return cache.size
    }

    public func placeSubviews(in bounds: Rect, proposal: SizeProposal, subviews: ArrangedSubviews, cache: inout Cache) {
        solve(proposal, subviews, &cache)
        let cross = axis.crossing
        var line = 0.0, content = 0.0
        for i in subviews.indices { line = max(line, subviews[i].guideValue(alignment, size: cache.sizes[i])) }
        for i in subviews.indices {
            content = max(content, line - subviews[i].guideValue(alignment, size: cache.sizes[i]) + cache.sizes[i][cross])
        }
        let slack = max(0, bounds.size[cross] - content) * alignment.defaultFraction
        var main = 0.0
        for i in subviews.indices {
            let size = cache.sizes[i]
            let across = slack + line - subviews[i].guideValue(alignment, size: size)
            let origin = axis == .horizontal ? Point(x: main, y: across) : Point(x: across, y: main)
            subviews[i].place(at: origin, size: size, proposal: cache.proposals[i])
            main += size[axis] + spacing
        }
    }

    /// Offers `order` (shortest first) an even share of `room` each, the share growing by what shorter views
    /// left; a view that answers more than its share is `rigid`. Returns the length they take.
    private func share(_ room: Double, among order: [Int], rigid: inout [Bool], _ subviews: ArrangedSubviews,
                       _ offeredCross: Double?, _ proposals: inout [SizeProposal], _ sizes: inout [Size]) -> Double {
        var remaining = room, left = Double(order.count), used = 0.0
        for i in order {
            let share = remaining / left
            if sizes[i][axis] > share {
                proposals[i] = .along(axis, main: share, cross: offeredCross)
                sizes[i] = subviews[i].sizeThatFits(proposals[i])
                rigid[i] = sizes[i][axis] > share + 1e-9
            }
            used += sizes[i][axis]
            remaining = max(0, remaining - sizes[i][axis])
            left -= 1
        }
        return used
    }

    private func solve(_ proposal: SizeProposal, _ subviews: ArrangedSubviews, _ cache: inout Cache) {
        if cache.proposal == proposal, cache.sizes.count == subviews.count { return }
        let n = subviews.count, cross = axis.crossing
        let offeredCross = proposal[cross]
        var proposals = [SizeProposal](repeating: .unspecified, count: n)
        var sizes = [Size](repeating: .zero, count: n)
        var flexes = [Double](repeating: 0, count: n)
        var flexTotal = 0.0, used = 0.0
        for i in 0..<n {
            flexes[i] = subviews[i].flex(along: axis)
            if flexes[i] > 0 { flexTotal += flexes[i]; continue }
            proposals[i] = .along(axis, main: nil, cross: offeredCross)
            sizes[i] = subviews[i].sizeThatFits(proposals[i])
            used += sizes[i][axis]
        }
        let gaps = spacing * Double(max(0, n - 1))
        if let available = proposal[axis], available.isFinite {
            let room = max(0, available - gaps)
            if used > room {   // overflow: offer the longest fixed views an even share of the room, shortest first
                let order = (0..<n).filter { flexes[$0] == 0 }.sorted { sizes[$0][axis] < sizes[$1][axis] }
                var rigid = [Bool](repeating: false, count: n)
                used = share(room, among: order, rigid: &rigid, subviews, offeredCross, &proposals, &sizes)
                if used > room + 1e-9, rigid.contains(true) {
                    // Some views cannot shrink (a stepper): the others share what those leave.
                    let rigidLength = order.reduce(0.0) { rigid[$1] ? $0 + sizes[$1][axis] : $0 }
                    var none = rigid
                    used = rigidLength + share(max(0, room - rigidLength), among: order.filter { !rigid[$0] }, rigid: &none,
                                               subviews, offeredCross, &proposals, &sizes)
                }
            }
            let leftover = max(0, room - used)
            for i in 0..<n where flexes[i] > 0 {
                proposals[i] = .along(axis, main: leftover * flexes[i] / flexTotal, cross: offeredCross)
                sizes[i] = subviews[i].sizeThatFits(proposals[i])
            }
        } else {
            for i in 0..<n where flexes[i] > 0 {
                proposals[i] = .along(axis, main: nil, cross: offeredCross)
                sizes[i] = subviews[i].sizeThatFits(proposals[i])
            }
        }
        var line = 0.0, below = 0.0, length = gaps
        for i in 0..<n {
            let g = subviews[i].guideValue(alignment, size: sizes[i])
            line = max(line, g)
            length += sizes[i][axis]
        }
        for i in 0..<n { below = max(below, line - subviews[i].guideValue(alignment, size: sizes[i]) + sizes[i][cross]) }
        cache = Cache(proposal: proposal, proposals: proposals, sizes: sizes, size: .along(axis, main: length, cross: below))
    }
}

/// Views side by side, leading to trailing (right to left in a right-to-left layout), ``spacing`` apart and lined
/// up vertically by ``alignment`` (centred by default). See ``StackArrangement`` for how it shares its width.
///
/// ```swift
/// let row = RowStack(spacing: 12, [LabelView("Wi-Fi"), SpacerView(), Switch(isOn: true)])
/// ```
public final class RowStack: ArrangementView<StackArrangement>, StackContaining {
    public init(spacing: Double = 8, alignment: RowAlignment = .center, _ views: [ViewNode] = []) {
        super.init(StackArrangement(axis: .horizontal, spacing: spacing, alignment: alignment.guide), views)
    }
    public var spacing: Double {
        get { arrangement.spacing }
        set { arrangement.spacing = newValue.isFinite ? max(0, newValue) : 0 }
    }
    public var alignment: RowAlignment {
        get { RowAlignment(arrangement.alignment) }
        set { arrangement.alignment = newValue.guide }
    }
    var stackAxis: LayoutAxis { .horizontal }
}

/// Views one below another, ``spacing`` apart and lined up horizontally by ``alignment`` (leading by default:
/// the left edge left to right, the right edge right to left). See ``StackArrangement``.
public final class ColumnStack: ArrangementView<StackArrangement>, StackContaining {
    public init(spacing: Double = 8, alignment: ColumnAlignment = .leading, _ views: [ViewNode] = []) {
        super.init(StackArrangement(axis: .vertical, spacing: spacing, alignment: alignment.guide), views)
    }
    public var spacing: Double {
        get { arrangement.spacing }
        set { arrangement.spacing = newValue.isFinite ? max(0, newValue) : 0 }
    }
    public var alignment: ColumnAlignment {
        get { ColumnAlignment(arrangement.alignment) }
        set { arrangement.alignment = newValue.guide }
    }
    var stackAxis: LayoutAxis { .vertical }
}
