// ViewNode's part in the layout system: the size it wants (sizeThatFits), its answers cached per proposal through
// its modifiers, its placement by a container, and setNeedsLayout's walk up to a relayout boundary.

extension ViewNode {
    /// The view's layout state, made on first use.
    var layoutStorage: LayoutSettings {
        if let settings = layoutSettings { return settings }
        let made = LayoutSettings()
        layoutSettings = made
        return made
    }

    /// The size the view takes for `proposal` with its modifiers applied (padding, frame limits, fixed size): what
    /// a container measures it by. Cached per proposal (and text scale) until ``setNeedsLayout()``.
    public func arrangedSize(for proposal: SizeProposal) -> Size {
        let generation = ViewNode.textScaleGeneration
        let settings = layoutStorage
        if let size = settings.cached(proposal, generation: generation) { return size }
        let size = computeArrangedSize(for: proposal)
        settings.store(size, for: proposal, generation: generation)
        return size
    }

    private func computeArrangedSize(for proposal: SizeProposal) -> Size {
        let s = layoutStorage
        let inner = contentProposal(for: proposal)
        LayoutCounters.measurements += 1
        let content = Self.sanitizedSize(sizeThatFits(inner))
        let padded = paddedProposal(proposal)
        func side(_ axis: LayoutAxis) -> Double {
            if let fixed = s.limits.fixed(axis) { return fixed }
            let lower = s.limits.minimum(axis), upper = s.limits.maximum(axis)
            guard lower != nil || upper != nil else { return content[axis] }
            let offered = isFixed(axis) ? nil : padded[axis]
            let base = offered ?? s.limits.ideal(axis) ?? content[axis]
            let low = lower ?? content[axis]
            let high = max(upper ?? content[axis], low)
            return min(max(base, low), high)
        }
        return Size(width: side(.horizontal) + s.padding.horizontal, height: side(.vertical) + s.padding.vertical)
    }

    /// `proposal` less the padding.
    private func paddedProposal(_ proposal: SizeProposal) -> SizeProposal {
        let pad = layoutSettings?.padding ?? .zero
        return SizeProposal(width: proposal.width.map { max(0, $0 - pad.horizontal) },
                            height: proposal.height.map { max(0, $0 - pad.vertical) })
    }

    private func isFixed(_ axis: LayoutAxis) -> Bool {
        guard let s = layoutSettings else { return false }
        return axis == .horizontal ? s.fixedSize.horizontal : s.fixedSize.vertical
    }

    /// What the view's own ``sizeThatFits(_:)`` is asked for when its container offers `proposal`: less the
    /// padding, ideal along a fixed-size axis, a fixed frame's length, or the offer clamped to the frame's limits.
    func contentProposal(for proposal: SizeProposal) -> SizeProposal {
        guard let s = layoutSettings else { return proposal }
        let padded = paddedProposal(proposal)
        func side(_ axis: LayoutAxis) -> Double? {
            if let fixed = s.limits.fixed(axis) { return fixed }
            if isFixed(axis) { return s.limits.ideal(axis) }
            guard let offered = padded[axis] else { return s.limits.ideal(axis) }
            let low = s.limits.minimum(axis) ?? 0
            return min(max(offered, low), max(s.limits.maximum(axis) ?? .infinity, low))
        }
        return SizeProposal(width: side(.horizontal), height: side(.vertical))
    }

    /// Internal: the container sets the view's frame (`proposal`: what its content was measured for). A view whose
    /// size did not change but whose content did (``setNeedsLayout()``) places its subviews again.
    func arrangedPlacement(frame newFrame: Rect, proposal: SizeProposal) {
        let s = layoutStorage
        s.placedProposal = proposal
        s.placedSize = Self.sanitized(newFrame).size
        let sizeChanged = Self.sanitized(newFrame).size != storedFrame.size
        frame = newFrame
        if !sizeChanged && s.needsPlacement { layoutSubviews() }
        s.needsPlacement = false
    }

    /// The proposal the view's subviews are placed for: the one its container placed it with, or (a view whose
    /// frame its app set) exactly its size.
    var placementProposal: SizeProposal {
        if let s = layoutSettings, let p = s.placedProposal, s.placedSize == storedFrame.size { return p }
        return SizeProposal(storedFrame.size)
    }

    /// How much of the room left along `axis` the view takes (see ``ArrangedSubview/flex(along:)``).
    func flex(along axis: LayoutAxis) -> Double {
        guard let s = layoutSettings else { return 0 }
        if let flex = s.flex { return flex.isFinite ? max(0, flex) : 0 }
        return s.limits.maximum(axis) == .infinity && s.limits.fixed(axis) == nil ? 1 : 0
    }

    /// Where `guide` lies in the view at `size`: the value set with ``alignmentGuide(_:computeValue:)``, else
    /// ``defaultGuideValue(_:size:)``.
    public func guideValue(_ guide: AlignmentGuide, size: Size) -> Double {
        if let custom = layoutSettings?.guides[guide] {
            let v = custom(size)
            return v.isFinite ? v : 0
        }
        return defaultGuideValue(guide, size: size)
    }

    /// Whether a change inside the view cannot change its size, so ``setNeedsLayout()`` stops here: a fixed frame
    /// in both sides, or a tight placement (a specified proposal that the view takes whatever its content).
    public var isRelayoutBoundary: Bool {
        guard let s = layoutSettings else { return false }
        if s.limits.width != nil && s.limits.height != nil { return true }
        guard let p = s.placedProposal, p.isSpecified else { return false }
        return takesProposedSize || (s.limits.fills(.horizontal) && s.limits.fills(.vertical))
    }

    /// Tells the layout system the view's size for a proposal may have changed (its text, its content, its
    /// modifiers did): its cached answers are dropped, and those of its containers up to the nearest relayout
    /// boundary (``isRelayoutBoundary``) or the top of the arrangement, which places its subviews again before the
    /// next frame is drawn. O(views on that path). Nothing is measured until then.
    public func setNeedsLayout() {
        var view = self
        while true {
            LayoutCounters.invalidations += 1
            view.dropLayoutCache()
            guard !view.isRelayoutBoundary, let parent = view.layoutParent, parent.arrangesSubviews else { break }
            view = parent
        }
    }

    /// The view that measures this one: its superview, or for an ``ArrangedScrollView``'s content (whose superview
    /// is the scroll view inside it), the arranged scroll view.
    var layoutParent: ViewNode? {
        guard let parent = superview else { return nil }
        if parent is ScrollingView, let outer = parent.superview as? ArrangedScrollView, outer.content === self { return outer }
        return parent
    }

    /// Drops the view's cached answers and marks its subviews for placement.
    func dropLayoutCache() {
        guard let s = layoutSettings ?? (arrangesSubviews ? layoutStorage : nil) else { return }
        s.dropCache()
        s.needsPlacement = true
        arrangementDidInvalidate()
    }

    static func sanitizedSize(_ size: Size) -> Size {
        func side(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        return Size(width: side(size.width), height: side(size.height))
    }
}
