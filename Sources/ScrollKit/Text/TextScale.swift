// Larger text: the process-wide text scale (1.0–2.0) every TextStyle is laid out and drawn at, the clamping of
// a requested scale, a style's scaled form, and what a change at run time re-lays out.

/// The text scale's range and clamping (the *Larger text* accessibility setting).
///
/// The scale multiplies every ``TextStyle``'s size where text is laid out (``TextLayout``) and drawn or
/// measured by a canvas (`drawText`, `measureText`), as Flutter's `MediaQuery.textScaler` does for every
/// `Text`: a view needs no code to follow it. A style caps its growth with ``TextStyle/maximumScale``.
/// The pure layer reads no environment: ScrollKitSDL's hosts set ``ViewNode/textScale`` (from
/// `SCROLLKIT_TEXT_SCALE`, GNOME's `text-scaling-factor`, or `HostOptions.textScale`).
public enum TextScale {
    /// The scales a user can ask for: 1.0 (as designed) to 2.0 (twice as large).
    public static let range: ClosedRange<Double> = 1...2

    /// The most the titles of controls that keep their size grow by (``Button``, ``SegmentedControl``,
    /// ``NavigationBar``, ``PickerView`` rows, a row's swipe actions, ``TextFieldView``): their shapes stay
    /// as designed, as UIKit's bars and controls do, and 1.25× still fits them. Text sized by its shape (a tab
    /// bar's labels, the on-screen keyboard's keys, a section index, a swatch's letter) does not grow (its
    /// ``TextStyle/maximumScale`` is 1); content text (rows, paragraphs, messages) grows the whole way.
    public static let controlMaximum = 1.25

    /// `value` within ``range``; NaN and infinities count as 1 (bad input never traps).
    public static func clamped(_ value: Double) -> Double {
        guard value.isFinite else { return 1 }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}

extension TextStyle {
    /// The style as laid out and drawn at text scale `scale`: `size` × min(`scale`, ``maximumScale``) (a
    /// `maximumScale` below 1 or NaN counts as 1; `scale` is clamped to ``TextScale/range``), with
    /// `maximumScale` 1, so that scaling the result again changes nothing. At a factor of 1 the style is
    /// returned as is.
    public func scaled(by scale: Double) -> TextStyle {
        let cap = maximumScale.isNaN ? 1 : max(maximumScale, 1)
        let factor = min(TextScale.clamped(scale), cap)
        if factor == 1 { return self }
        var style = self
        style.size = size * factor
        style.maximumScale = 1
        return style
    }

    /// The style at the current ``ViewNode/textScale``.
    @MainActor public var atCurrentTextScale: TextStyle { scaled(by: ViewNode.textScale) }
}

/// A view that keeps something sized from text (a cache of layouts, measured sizes) and must drop it when the
/// text scale changes. ``ViewNode/textScaleDidChange()`` calls it on every view of the tree that adopts it,
/// after the view is laid out again.
@MainActor
public protocol TextScaleObserving: AnyObject {
    /// The text scale changed: forget what was measured at the old one.
    func invalidateTextMeasurements()
}

extension ViewNode {
    /// Storage of ``textScale``.
    private static var storedTextScale: Double = 1

    /// Bumped whenever ``textScale`` changes: a cache keyed by it (layouts, measured sizes) knows it is stale.
    public private(set) static var textScaleGeneration: UInt64 = 0

    /// The *Larger text* setting: how much larger than designed every text style is laid out and drawn, from
    /// 1.0 to 2.0 (clamped; NaN counts as 1). The host hands it down when it starts (ScrollKitSDL's
    /// `WindowHost` from `SCROLLKIT_TEXT_SCALE` or GNOME's `text-scaling-factor`, `HeadlessHost` 1.0 unless
    /// `HostOptions.textScale` says otherwise), as it does ``defaultLayoutDirection``. Setting it while a tree
    /// runs changes what is laid out from then on; call ``textScaleDidChange()`` on the root (the hosts do) to
    /// re-lay out the tree at once.
    public static var textScale: Double {
        get { storedTextScale }
        set {
            let scale = TextScale.clamped(newValue)
            guard scale != storedTextScale else { return }
            storedTextScale = scale
            textScaleGeneration &+= 1
        }
    }

    /// Re-lays out and redraws this view and its subtree after a change of ``textScale``: every view's
    /// ``layoutSubviews()`` runs and it is marked for drawing; views that adopt ``TextScaleObserving`` drop
    /// what they measured (a ``ListView`` measures its rows again, keeping the row at the top where it was).
    /// O(views in the subtree).
    public func textScaleDidChange() {
        if let observer = self as? TextScaleObserving { observer.invalidateTextMeasurements() }
        layoutSubviews()
        setNeedsDisplay()
        let subviews = self.subviews
        for sub in subviews { sub.textScaleDidChange() }
    }
}
