// NavigationStackView's sheet: presenting and dismissing one SheetView over the screens, its scrim, and its
// layout as it moves.

import Motion

extension NavigationStackView {
    /// The sheet presented over the screens, if any (also while it leaves).
    public var presentedSheet: SheetView? { sheet }

    /// Presents `content` in a sheet resting at `detents` (``SheetDetent/medium``, ``SheetDetent/large``, custom
    /// heights; none: large) over a dimming scrim: it rises from the bottom to the smallest detent on a spring
    /// (`animated`) or shows there at once. A sheet already up is replaced. While motion is reduced an animated
    /// presentation (and dismissal) cross-fades through the theme's `background` instead of rising (sliding off).
    @discardableResult
    public func present(sheet content: ViewNode, detents: [SheetDetent], animated: Bool = true) -> SheetView {
        if sheet != nil { removeSheet() }
        finishSlideNow()
        let s = SheetView(content: content, detents: detents, containerHeight: frame.height)
        s.stack = self
        sheet = s
        addSubview(scrim)
        addSubview(s)
        if veil.superview != nil { addSubview(veil) }   // the veil stays on top
        s.top = frame.height
        s.frame = Rect(x: 0, y: frame.height, width: frame.width, height: frame.height)
        s.layoutSubviews()
        if animated {
            s.settle(to: s.lowestTop, velocity: 0, time: nil, role: .transition)
        } else {
            s.top = s.lowestTop
        }
        layoutSheet()
        focusBeforeSheet = focusMovesIn(to: s)
        return s
    }

    /// Dismisses the sheet: it slides off the bottom (`animated`) or goes at once. Returns false with none.
    @discardableResult
    public func dismissSheet(animated: Bool) -> Bool {
        guard let s = sheet, !s.leaving else { return false }
        if animated && frame.height > 0 {
            s.settle(to: frame.height, velocity: 0, time: nil, role: .transition)
        } else {
            removeSheet()
        }
        return true
    }

    func removeSheet() {
        sheet?.removeFromSuperview()
        sheet?.stack = nil
        sheet = nil
        scrim.removeFromSuperview()
        restoreFocus(focusBeforeSheet)
        focusBeforeSheet = nil
    }

    var sheetIsAnimating: Bool { sheet?.motion != nil }

    /// Places the sheet at its top and shades the scrim by how high it is; removes a sheet that finished leaving.
    func layoutSheet() {
        guard let s = sheet else { return }
        let w = frame.width, h = frame.height
        if s.leaving, s.motion == nil { removeSheet(); return }
        scrim.frame = Rect(x: 0, y: 0, width: w, height: h)
        let tallest = h - s.highestTop
        let f = Rect(x: 0, y: s.top, width: w, height: max(tallest, h - s.top))
        if s.frame != f {
            let resized = s.frame.size != f.size
            s.frame = f
            if resized { s.layoutSubviews() }
        }
        let rise = h - s.lowestTop
        scrim.set(fraction: rise > 0 ? (h - s.top) / rise : 0)
        updateVeil()
    }
}
