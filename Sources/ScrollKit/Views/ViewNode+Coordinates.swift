// ViewNode's coordinates: converting points and rectangles between views, through scrolled and mirrored content
// (the root's presentation layer sits in its frame, neither scrolled nor mirrored).

extension ViewNode {
    /// `point`, given in this view's coordinates, in `view`'s coordinates (`nil`: the root's frame
    /// coordinates, the window's). Both views must be in the same tree for the result to mean anything.
    public func convert(_ point: Point, to view: ViewNode?) -> Point {
        let inRoot = pointInRootSpace(point)
        guard let view else { return inRoot }
        return view.pointFromRootSpace(inRoot)
    }

    /// `rect`, given in this view's coordinates, in `view`'s coordinates (`nil`: the window's). Through a
    /// scroll view that mirrors its content (``ScrollingView/mirrorsContent``) the rectangle is reflected whole.
    public func convert(_ rect: Rect, to view: ViewNode?) -> Rect {
        let a = convert(rect.origin, to: view), b = convert(Point(x: rect.maxX, y: rect.maxY), to: view)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: rect.width, height: rect.height)
    }

    /// The view's rectangle in the root's frame coordinates (the window's).
    public var frameInRoot: Rect { convert(bounds, to: nil) }

    /// A point in own coordinates → the root's frame coordinates.
    func pointInRootSpace(_ point: Point) -> Point {
        var p = point
        var view: ViewNode? = self
        var fromLayer = false   // the root's presentation layer sits in its frame, neither scrolled nor mirrored
        while let v = view {
            let b = fromLayer ? .zero : v.boundsOrigin, f = v.storedFrame
            let local = v.mirrorsSubviews && !fromLayer ? f.width - (p.x - b.x) : p.x - b.x
            p = Point(x: local + f.minX, y: p.y - b.y + f.minY)
            fromLayer = v.isPresentationLayer
            view = v.superview
            // In a mirroring superview the subview's inside is not reflected: undo the reflection it applies.
            if let s = view, s.mirrorsSubviews, !fromLayer { p.x = 2 * f.minX + f.width - p.x }
        }
        return p
    }

    /// A point in the root's frame coordinates → own coordinates.
    func pointFromRootSpace(_ point: Point) -> Point {
        let origin = pointInRootSpace(.zero)
        return Point(x: mirrorsSubviews ? origin.x - point.x : point.x - origin.x, y: point.y - origin.y)
    }
}
