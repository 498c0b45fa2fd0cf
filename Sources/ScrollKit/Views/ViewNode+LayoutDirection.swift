// ViewNode's layout direction: the direction set on a view, the effective one inherited down the tree (the
// host's default at the root), what a change re-lays out and redraws, and the mirrored-placement helpers.

/// Right-to-left layouts, as UIKit's `semanticContentAttribute` / `effectiveUserInterfaceLayoutDirection` and
/// Flutter's `Directionality`.
///
/// A view's ``layoutDirection`` is `nil` (inherit) unless set; its ``effectiveLayoutDirection`` is the nearest set
/// one up the tree, else ``defaultLayoutDirection`` (the locale's: ScrollKitSDL's host sets it from
/// `LC_ALL` / `LC_MESSAGES` / `LANG` before it runs a tree; the pure layer reads no environment).
///
/// What follows the direction (see <doc:RightToLeft>): ``StandardCell`` and ``ListCell``
/// (image and accessory swap sides, the chevron points left, text aligns to the leading edge), scroll views that
/// scroll along one axis (``ScrollingView/mirrorsContent``: their content is placed mirrored, so a horizontal
/// list starts at the right edge and the scroll indicator moves to the left), focus moves along a mirrored
/// horizontal list, ``SegmentedControl`` and ``TabBar`` order their segments and tabs from the right.
/// Frames stay physical: a view placed at `x` by its app stays there (place it with ``mirroredX(_:width:)``).
extension ViewNode {
    /// Bumped whenever a direction may have changed anywhere (a direction set, a view moved between parents, the
    /// default changed): a view's resolved ``effectiveLayoutDirection`` is kept until it changes, so the steady
    /// state reads a cached value (no walk up the tree per frame, no allocation).
    static var directionGeneration: UInt64 = 0

    /// The effective direction of roots whose ``layoutDirection`` is `nil`: the locale's, as the host hands it
    /// down (ScrollKitSDL sets it from the environment when its window host starts); `.leftToRight` until set.
    /// Set it before building the tree; a tree built already is not re-laid out (set the root's
    /// ``layoutDirection`` for that).
    public static var defaultLayoutDirection: ReadingDirection = .leftToRight {
        didSet { directionGeneration &+= 1 }
    }

    /// The direction set on this view, or `nil` (the default) to inherit its superview's. Setting it re-lays out
    /// (``layoutSubviews()``) and redraws (``setNeedsDisplay()``) the subtree when its effective direction changes.
    public var layoutDirection: ReadingDirection? {
        get { storedLayoutDirection }
        set {
            guard newValue != storedLayoutDirection else { return }
            storedLayoutDirection = newValue
            ViewNode.directionGeneration &+= 1
            layoutDirectionDidChange()
        }
    }

    /// The direction the view lays itself out in: its own ``layoutDirection``, else its superview's effective
    /// one, else ``defaultLayoutDirection``. O(1) in steady state (cached; re-resolved after any change).
    public var effectiveLayoutDirection: ReadingDirection {
        let generation = ViewNode.directionGeneration
        if resolvedDirection.generation == generation { return resolvedDirection.direction }
        var direction = ViewNode.defaultLayoutDirection
        var view: ViewNode? = self
        while let v = view {
            if let set = v.storedLayoutDirection { direction = set; break }
            view = v.superview
        }
        resolvedDirection = (generation, direction)
        return direction
    }

    /// Whether the view lays out right to left (``effectiveLayoutDirection`` is `.rightToLeft`).
    public var isRightToLeft: Bool { effectiveLayoutDirection == .rightToLeft }

    /// `x` (the left edge of something `width` wide, in a left-to-right layout of this view's width) where it goes
    /// in this view's effective direction: unchanged left to right, `bounds.width − x − width` right to left.
    public func mirroredX(_ x: Double, width: Double) -> Double {
        isRightToLeft ? storedFrame.width - x - width : x
    }

    /// `alignment` as a physical side for the view's direction: `.leading` is `.left` left to right and `.right`
    /// right to left, `.trailing` the other side; `.center`, `.left` and `.right` stay. Text laid out with the
    /// result lines up on the view's leading edge whatever its script (an Arabic subtitle in a left-to-right
    /// list starts at the left like its neighbours, its words still reading right to left).
    public func resolvedAlignment(_ alignment: TextAlign) -> TextAlign {
        switch alignment {
        case .leading: return isRightToLeft ? .right : .left
        case .trailing: return isRightToLeft ? .left : .right
        case .center, .left, .right: return alignment
        }
    }

    /// The subtree re-lays out and redraws after a direction change on this view.
    func layoutDirectionDidChange() {
        layoutSubviews()
        setNeedsDisplay()
        var i = 0
        while i < storedSubviews.count {
            let sub = storedSubviews[i]
            if sub.storedLayoutDirection == nil { sub.layoutDirectionDidChange() }
            i += 1
        }
    }

    /// The root-frame point of the top-left corner of the view's frame.
    func frameOriginInRoot() -> Point {
        let b = boundsOrigin
        return pointInRootSpace(Point(x: mirrorsSubviews ? b.x + storedFrame.width : b.x, y: b.y))
    }

    /// `point` in own coordinates → the same point in `sub`'s own coordinates (`sub` a subview).
    func point(_ point: Point, inSubview sub: ViewNode) -> Point {
        if sub.isPresentationLayer {   // in the frame: neither scrolled nor mirrored
            let b = boundsOrigin
            return Point(x: mirrorsSubviews ? storedFrame.width - (point.x - b.x) : point.x - b.x, y: point.y - b.y)
        }
        let f = sub.storedFrame, b = sub.boundsOrigin
        let x = mirrorsSubviews ? f.maxX - point.x : point.x - f.minX   // from the subview frame's left edge
        return Point(x: sub.mirrorsSubviews ? f.width - x + b.x : x + b.x, y: point.y - f.minY + b.y)
    }

}
