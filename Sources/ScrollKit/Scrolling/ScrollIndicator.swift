// Scroll indicators: ScrollIndicatorMode, ScrollIndicatorAxis, ScrollIndicatorStyle and ScrollIndicatorGeometry,
// and ScrollingView's indicator fade, drawing, thumb drags and track clicks.

import Motion

// The scroll indicators: their modes, style and geometry, the fade (an Animated value), drawing, and the
// thumb and track the pointer can take.

/// When a scroll view shows its scroll indicators (``ScrollingView/indicatorVisibility``).
public enum ScrollIndicatorMode: Sendable, Hashable {
    /// As on iOS: shown while the content moves, held ``ScrollingView/indicatorHoldDuration`` after it
    /// stops, then faded out over ``ScrollingView/indicatorFadeDuration``.
    case automatic
    /// Always shown while the content is longer than the viewport (a desktop scroll bar).
    case alwaysVisible
    /// Never shown, never draggable.
    case hidden
}

/// One of the two indicators of a scroll view: the vertical one along the trailing edge, the
/// horizontal one along the bottom.
public enum ScrollIndicatorAxis: Sendable, Hashable {
    case vertical, horizontal
}

/// How a scroll view's indicators look and take the pointer (``ScrollingView/indicatorStyle``).
/// Lengths in points; non-finite or negative values count as the defaults.
public struct ScrollIndicatorStyle: Sendable, Hashable {
    /// The thumb's colour at full opacity (the fade multiplies its alpha), or `nil` for the scroll view's theme's
    /// `scrollIndicator` (light: black at 43 %; dark: white at 47 %).
    public var color: RGBAColor?
    /// The thumb's thickness across the track.
    public var thickness: Double
    /// The distance between the thumb and the viewport's edges (both across and along the track).
    public var inset: Double
    /// The shortest thumb (a touch size), or the whole track when the track is shorter.
    public var minimumThumbLength: Double
    /// The width of the band along the edge that takes presses on the thumb and the track, and the
    /// least length of the area around the thumb that grabs it: a touch size.
    public var hitSize: Double

    public init(color: RGBAColor? = nil, thickness: Double = 5, inset: Double = 3,
                minimumThumbLength: Double = 44, hitSize: Double = 44) {
        func valid(_ v: Double, _ fallback: Double) -> Double { v.isFinite && v >= 0 ? v : fallback }
        self.color = color
        self.thickness = valid(thickness, 5)
        self.inset = valid(inset, 3)
        self.minimumThumbLength = valid(minimumThumbLength, 44)
        self.hitSize = valid(hitSize, 44)
    }

    /// The default: a 5 pt translucent thumb in the theme's colour 3 pt inside the edge, at least 44 pt long.
    public static let standard = ScrollIndicatorStyle()
}

/// Where an indicator's track and thumb are along its axis, in viewport coordinates: a plain value
/// computed from the scroll view's geometry (``ScrollingView/indicatorGeometry(_:)``).
public struct ScrollIndicatorGeometry: Sendable, Hashable {
    /// The track's start and length along the axis.
    public var trackStart: Double
    public var trackLength: Double
    /// The thumb's start and length along the axis.
    public var thumbStart: Double
    public var thumbLength: Double
    /// The thumb and track band across the axis: its start and thickness.
    public var crossStart: Double
    public var thickness: Double

    /// How far the thumb can travel at rest: the track less the thumb.
    public var travel: Double { max(0, trackLength - thumbLength) }

    /// The thumb length for a track of `track` points showing `visible` of `total` points of scrollable
    /// extent (viewport plus range): proportional, at least `minimum` (or the track when shorter).
    public static func thumbLength(track: Double, visible: Double, total: Double, minimum: Double) -> Double {
        guard track > 0, visible > 0, total > 0 else { return max(0, track) }
        let proportional = track * min(1, visible / total)
        return min(track, max(proportional, minimum))
    }

    /// The progress (0...1) the thumb start `start` stands for: 0 at the track's start, 1 at the end of
    /// its travel. Clamped; 0 when the thumb cannot travel.
    public func fraction(forThumbStart start: Double) -> Double {
        let t = travel
        guard t > 0, start.isFinite else { return 0 }
        return min(max((start - trackStart) / t, 0), 1)
    }
}

/// The scroll indicator state a scroll view keeps (internal).
struct IndicatorState {
    /// The fade out after the content last moved: an `Animated` linear 1 → 0 over
    /// ``ScrollingView/indicatorFadeDuration`` whose clock starts ``ScrollingView/indicatorHoldDuration``
    /// after the last frame the content moved in (restarted at each such frame); nil before any.
    var fade: Animated<TimedSimulation>?
    /// The last frame's `targetTimestamp`.
    var now: Double = 0
    /// The offset changed (or a flash was asked for) since the last frame.
    var poked = false
    /// A thumb drag in progress: its axis and where on the thumb it was grabbed (pointer − thumb start).
    var drag: (dim: ScrollingView.Dim, grab: Double)?
    /// The offset when the press began (a snapping view settles from it after a thumb drag).
    var pressOffset = Point.zero
}

extension ScrollingView {
    // MARK: - Documented constants

    /// Seconds an ``ScrollIndicatorMode/automatic`` indicator stays fully shown after the content stops.
    public static let indicatorHoldDuration: Double = 0.5
    /// Seconds it then takes to fade out.
    public static let indicatorFadeDuration: Double = 0.3

    // MARK: - Public API

    /// The indicators' opacity in the last frame, 0...1: 1 while the content moves (and always with
    /// ``ScrollIndicatorMode/alwaysVisible``), then held and faded; 0 when hidden. It does not
    /// say whether the content fits: see ``indicatorGeometry(_:)``.
    public var indicatorOpacity: Double {
        switch indicatorVisibility {
        case .hidden: return 0
        case .alwaysVisible: return 1
        case .automatic:
            if indicator.poked || indicator.drag != nil { return 1 }
            return indicator.fade?.position(at: indicator.now) ?? 0
        }
    }

    /// Whether an automatic indicator is still fading out (the tree needs frames to show it:
    /// ``ViewNode/needsFrames``).
    public var isIndicatorFading: Bool {
        indicatorVisibility == .automatic && indicatorOpacity > 0 && (hasRange(.x) || hasRange(.y))
    }

    /// Shows an automatic indicator for a moment, as UIKit's `flashScrollIndicators()`.
    public func flashScrollIndicators() { indicator.poked = true }

    /// The track and thumb of the indicator along `axis`, in viewport coordinates (0,0 = the frame's
    /// top-left), whatever its opacity; nil when the view does not scroll along `axis`, the content fits,
    /// or ``indicatorVisibility`` is `.hidden`.
    ///
    /// The thumb is `track × viewport / (viewport + range)` long, at least
    /// ``ScrollIndicatorStyle/minimumThumbLength`` (the track when shorter), and starts at
    /// `trackStart + travel × progress`, progress being `(offset − minOffset) / (maxOffset − minOffset)`.
    /// Past an edge it shrinks by the overscroll (down to its thickness), as on iOS. O(1).
    public func indicatorGeometry(_ axis: ScrollIndicatorAxis) -> ScrollIndicatorGeometry? {
        indicatorGeometry(axis == .vertical ? .y : .x)
    }

    /// The thumb's rectangle along `axis` in viewport coordinates (see ``indicatorGeometry(_:)``).
    /// With ``mirrorsContent`` the rectangle is reflected: the vertical thumb runs along the left edge, the
    /// horizontal one starts at the right (``indicatorGeometry(_:)`` stays in the logical, unreflected frame).
    public func indicatorThumbRect(_ axis: ScrollIndicatorAxis) -> Rect? {
        guard let g = indicatorGeometry(axis) else { return nil }
        let r = axis == .vertical
            ? Rect(x: g.crossStart, y: g.thumbStart, width: g.thickness, height: g.thumbLength)
            : Rect(x: g.thumbStart, y: g.crossStart, width: g.thumbLength, height: g.thickness)
        return mirrorsContent ? Rect(x: storedViewportSize.width - r.maxX, y: r.minY, width: r.width, height: r.height) : r
    }

    /// Where the thumb along `axis` is in its travel, 0...1 (0: at the track's start, 1: at its end):
    /// the offset's progress through the scrollable range, clamped. 0 when there is no indicator.
    public func thumbFraction(_ axis: ScrollIndicatorAxis) -> Double {
        let d: Dim = axis == .vertical ? .y : .x
        let r = range(d)
        guard r.hi > r.lo, scrolls(d) else { return 0 }
        let f = (contentOffset[d] - r.lo) / (r.hi - r.lo)
        return f.isFinite ? min(max(f, 0), 1) : 0
    }

    /// Moves the thumb along `axis` to `fraction` (0...1, clamped) of its travel, as a drag of the thumb
    /// does: the offset becomes `minOffset + fraction × (maxOffset − minOffset)` at once (any motion
    /// stops, as ``contentOffset``'s setter does). NaN is ignored; nothing happens without a range.
    public func setThumbFraction(_ fraction: Double, _ axis: ScrollIndicatorAxis) {
        let d: Dim = axis == .vertical ? .y : .x
        guard !fraction.isNaN, scrolls(d), hasRange(d) else { return }
        var o = contentOffset
        o[d] = offset(forFraction: fraction, d)
        setContentOffset(o, animated: false)
        indicator.poked = true
    }

    // MARK: - Internal geometry

    func offset(forFraction fraction: Double, _ d: Dim) -> Double {
        let r = range(d)
        let f = min(max(fraction, 0), 1)
        return f >= 1 ? r.hi : r.lo + f * (r.hi - r.lo)
    }

    func indicatorGeometry(_ d: Dim) -> ScrollIndicatorGeometry? {
        guard indicatorVisibility != .hidden, scrolls(d), hasRange(d) else { return nil }
        let s = indicatorStyle
        let size = storedViewportSize
        let along = d == .y ? size.height : size.width
        let across = d == .y ? size.width : size.height
        // Leave the corner to the other indicator when both show.
        let other: Dim = d == .y ? .x : .y
        let corner = scrolls(other) && hasRange(other) ? s.thickness + s.inset : 0
        let track = along - 2 * s.inset - corner
        guard track > 0, across > s.thickness + s.inset else { return nil }
        let r = range(d)
        let visible = viewportLength(d)
        var length = ScrollIndicatorGeometry.thumbLength(track: track, visible: visible, total: visible + (r.hi - r.lo),
                                                         minimum: s.minimumThumbLength)
        let o = contentOffset[d]
        let over = o < r.lo ? r.lo - o : (o > r.hi ? o - r.hi : 0)
        if over > 0 { length = max(min(s.thickness, length), length - over) }
        let travel = track - length
        let start: Double
        if o <= r.lo {
            start = s.inset
        } else if o >= r.hi {
            start = s.inset + travel
        } else {
            start = s.inset + travel * ((o - r.lo) / (r.hi - r.lo))
        }
        return ScrollIndicatorGeometry(trackStart: s.inset, trackLength: track, thumbStart: start, thumbLength: length,
                                       crossStart: across - s.inset - s.thickness, thickness: s.thickness)
    }

    // MARK: - Frames and drawing

    /// Per frame (from ``update(_:)``): notes whether the content moved, for the fade.
    func stepIndicator(_ tick: FrameTick) {
        let now = tick.targetTimestamp
        guard now.isFinite else { return }
        indicator.now = now
        let phase = self.phase
        let moving = phase != .idle && phase != .tracking
        if indicator.poked || moving || indicator.drag != nil {
            indicator.fade = Animated(TimedSimulation(from: 1, to: 0, duration: Self.indicatorFadeDuration),
                                      start: now + Self.indicatorHoldDuration)
        }
        indicator.poked = false
    }

    /// Draws the indicators over the content (called after the subviews, inside the clip). No allocation.
    func drawIndicators(in canvas: any DrawingCanvas, frame: Rect) {
        let alpha = indicatorOpacity
        guard alpha > 0 else { return }
        let color = (indicatorStyle.color ?? effectiveTheme.colors.scrollIndicator).withAlpha(alpha)
        let radius = indicatorStyle.thickness / 2
        if let r = indicatorThumbRect(.vertical) {
            canvas.fillRoundedRect(r.offsetBy(dx: frame.minX, dy: frame.minY), radius: radius, color: color)
        }
        if let r = indicatorThumbRect(.horizontal) {
            canvas.fillRoundedRect(r.offsetBy(dx: frame.minX, dy: frame.minY), radius: radius, color: color)
        }
    }

    // MARK: - Pointer (driven by the router)

    /// A press at `location` (viewport coordinates) on a shown indicator: on the thumb (or within a touch
    /// size of it) it grabs the thumb; elsewhere on the track it pages toward the press. Returns whether
    /// the indicator took the press (the router then sends it the rest of the gesture).
    func indicatorPress(at location: Point, time: Double) -> Bool {
        guard indicatorOpacity > 0, pointer == nil else { return false }
        let location = logicalViewportPoint(location)
        let hit = indicatorStyle.hitSize
        for d in ScrollingView.dims {
            guard let g = indicatorGeometry(d) else { continue }
            let size = storedViewportSize
            let across = d == .y ? size.width : size.height
            let crossPoint = d == .y ? location.x : location.y
            let alongPoint = d == .y ? location.y : location.x
            // The band along the edge: the thumb's side of the viewport, a touch size wide (at most a third
            // of a small view, so that its content can still be dragged).
            let band = min(max(hit, g.thickness + 2 * indicatorStyle.inset), across / 3)
            guard crossPoint >= across - band, crossPoint <= across,
                  alongPoint >= 0, alongPoint <= (d == .y ? size.height : size.width) else { continue }
            let grabLength = max(g.thumbLength, hit)
            let grabStart = g.thumbStart + g.thumbLength / 2 - grabLength / 2
            let time = eventTime(time)
            _ = interruptForTouch()
            setOffset(clampPoint(contentOffset))
            indicator.pressOffset = contentOffset
            if alongPoint >= grabStart && alongPoint <= grabStart + grabLength {
                indicator.drag = (d, alongPoint - g.thumbStart)
                indicator.poked = true   // `.tracking` while the thumb is held
            } else {
                pageTowards(alongPoint < g.thumbStart ? -1 : 1, d, time: time)
                // No page that way (no snap position beyond): the press stopped the content, so it comes to
                // rest on a snap position, as a touch that stops it does.
                if snapping != nil, !activityMoves, queuedRequest == nil {
                    settle(dragStartOffset: indicator.pressOffset, time: time)
                }
            }
            return true
        }
        return false
    }

    /// Whether the pointer is dragging an indicator's thumb now (scrubbing: a list can name where it is).
    public var isDraggingIndicator: Bool { indicator.drag != nil }

    /// The pointer moved during a thumb drag: the thumb follows it, the content in proportion.
    func indicatorDragMove(to location: Point) {
        let location = logicalViewportPoint(location)
        guard let drag = indicator.drag, location.x.isFinite, location.y.isFinite,
              let g = indicatorGeometry(drag.dim), g.travel > 0 else { return }
        let f = g.fraction(forThumbStart: location[drag.dim] - drag.grab)
        var o = contentOffset
        o[drag.dim] = offset(forFraction: f, drag.dim)
        setOffset(o)
        indicator.poked = true
    }

    /// The end of a press the indicator took. With ``snapping``, a dragged thumb lets the content settle
    /// on a snap position, as a touch that stopped the content does.
    func indicatorRelease(time: Double) {
        let dragged = indicator.drag != nil
        indicator.drag = nil
        indicator.poked = true
        guard dragged, snapping != nil, !activityMoves, queuedRequest == nil else { return }
        settle(dragStartOffset: indicator.pressOffset, time: eventTime(time))
    }

    /// One page along `d` toward `sign` (a track click), as PageUp/PageDown glide.
    func pageTowards(_ sign: Double, _ d: Dim, time: Double) {
        indicator.poked = true
        if d == (axis == .horizontal ? .x : .y) {   // the keys' axis: exactly PageUp / PageDown
            key(sign < 0 ? .pageUp : .pageDown, time: time)
            return
        }
        let base = glideBase()
        var target = base
        let length = viewportLength(d)
        target[d] = base[d] + sign * max(length - ScrollingView.pageOverlap, length / 2)
        if let snapping {   // as PageUp/PageDown: onto the snap position nearest the page, else the next one
            var snapped = snapping.snapPosition(from: target, steps: 0, in: self)[d]
            if !snapped.isFinite || (snapped - base[d]) * sign <= 0 {
                snapped = snapping.snapPosition(from: base, steps: Int(sign), in: self)[d]
            }
            target[d] = snapped
        }
        glide(to: clampedOnScrollingAxes(target, fallback: base), duration: ScrollingView.pageGlideDuration, time: time,
              role: .travel)
        indicator.poked = true
    }
}
