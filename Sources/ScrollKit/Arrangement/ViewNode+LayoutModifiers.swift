// The layout modifiers of every view: padding, fixed and min/ideal/max frames, fixed size, flex and alignment
// guides. Each is a setting of the view (no wrapper view), applied by the container that measures and places it.

extension ViewNode {
    /// Room around the view inside its container: the container measures the view with its padding and places its
    /// frame inside it (leading and trailing by the layout direction). Returns the view, to chain modifiers.
    @discardableResult
    public func padding(_ insets: LayoutInsets) -> Self {
        layoutStorage.padding = insets
        setNeedsLayout()
        return self
    }

    /// `length` points of ``padding(_:)`` on every edge (16 by default).
    @discardableResult
    public func padding(_ length: Double = 16) -> Self { padding(LayoutInsets(length)) }

    /// A fixed width, height or both (`nil`: the view's own), whatever the container offers. A view fixed in both
    /// sides is a relayout boundary: a change inside it lays out nothing outside.
    @discardableResult
    public func layoutFrame(width: Double? = nil, height: Double? = nil) -> Self {
        layoutStorage.limits.width = width.map(SizeProposal.sanitized)
        layoutStorage.limits.height = height.map(SizeProposal.sanitized)
        setNeedsLayout()
        return self
    }

    /// Limits on the view's size, as SwiftUI's flexible frame: along each side the view takes what it is offered,
    /// kept between the minimum (default: its own size) and the maximum (default: its own size); offered nothing,
    /// its ideal (default: its own). `maxWidth: .infinity` fills the container's width (and takes the room left in
    /// a row); `minWidth: 0, maxWidth: .infinity` takes exactly what it is offered.
    @discardableResult
    public func layoutFrame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                            minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil) -> Self {
        var limits = layoutStorage.limits
        limits.minWidth = minWidth.map(SizeProposal.sanitized)
        limits.idealWidth = idealWidth.map(SizeProposal.sanitized)
        limits.maxWidth = maxWidth.map(SizeProposal.sanitized)
        limits.minHeight = minHeight.map(SizeProposal.sanitized)
        limits.idealHeight = idealHeight.map(SizeProposal.sanitized)
        limits.maxHeight = maxHeight.map(SizeProposal.sanitized)
        layoutStorage.limits = limits
        setNeedsLayout()
        return self
    }

    /// The view takes its ideal size along the chosen sides whatever it is offered (a label that never wraps nor
    /// truncates), as SwiftUI's `fixedSize`.
    @discardableResult
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> Self {
        layoutStorage.fixedSize = (horizontal, vertical)
        setNeedsLayout()
        return self
    }

    /// The share of the room left over along a stack that the view takes, beside the other flexible views (a
    /// ``SpacerView`` has 1; 0 takes only its own size; `nil`, the default: 1 with an infinite maximum frame along
    /// the stack, else 0). Flexible views are measured once, with their share.
    @discardableResult
    public func layoutFlex(_ flex: Double?) -> Self {
        layoutStorage.flex = flex
        setNeedsLayout()
        return self
    }

    /// Moves `guide` in this view: `computeValue` gets the view's size and answers where the guide lies (from its
    /// leading or top edge). Containers aligned by that guide line the view up by it.
    @discardableResult
    public func alignmentGuide(_ guide: AlignmentGuide, computeValue: @escaping @MainActor (Size) -> Double) -> Self {
        layoutStorage.guides[guide] = computeValue
        setNeedsLayout()
        return self
    }

    /// The size the view takes offered `width` (its ideal height), for code that sizes a view itself: a list's row
    /// measured from its stack. O(1) when asked again.
    public func fittingSize(width: Double?) -> Size { arrangedSize(for: SizeProposal(width: width, height: nil)) }
}
