// TabBar: a track of tabs with a sliding selection pill, which becomes a scrolling strip when the tabs do not
// fit; its presses, focus and drawing.

import Motion

/// A tab bar: a rounded track of equal tabs, the selected one under a coloured pill that slides to a newly
/// selected tab. When the tabs do not fit at ``minimumTabWidth`` the track becomes a strip that scrolls to
/// keep the selection near its middle, faded at an edge with more tabs past it.
///
/// It is a ``ViewNode`` using the tree's presses, like ``SegmentedControl``: each tab is a pressable
/// subview, so a tab looks pressed while held, a tap selects it and calls ``onChange`` (only when the
/// selection changes), and a drag that starts on it inside a scroll view scrolls instead. With
/// ``tabsAreFocusable``, Tab and the arrows move focus from tab to tab (the focused tab gets a ring in
/// ``focusRingColor``) and Enter or Space selects the focused one. The pill slides over ``slideDuration``:
/// an `Animated` timed simulation sampled at each frame's `targetTimestamp`, so the tree keeps asking for
/// frames (``ViewNode/isAnimating``) only while it moves. Drawing allocates nothing.
///
/// ```swift
/// let tabs = TabBar(titles: ["Inbox", "Sent", "Archive"], frame: Rect(x: 20, y: 8, width: 300, height: 30))
/// tabs.tabsAreFocusable = true
/// tabs.onChange = { index in showPage(index) }
/// window.addSubview(tabs)
/// ```
///
/// ## Bad input
/// An empty ``titles`` draws nothing and takes no press; indices out of range are clamped (selection) or
/// ignored (``select(_:)``); a zero-sized frame draws nothing.
@MainActor
public final class TabBar: ViewNode {
    /// Seconds the pill takes to slide to a newly selected tab.
    public static let slideDuration = 0.22
    /// Space between the track's edge and the tabs, points.
    public static let padding = 3.0
    /// Presses up to this far above or below the track count as on it (a 44-point target for a 30-point track).
    public static let hitOutset = 7.0

    /// The tabs' titles. Setting them rebuilds the tabs and clamps the selection.
    public var titles: [String] { didSet { rebuild() } }
    /// The selected tab (0 when there are none). Setting it moves the pill at once and does not call
    /// ``onChange``; see ``setSelectedIndex(_:animated:)`` and ``select(_:)``.
    public var selectedIndex: Int {
        get { storedSelection }
        set { setSelectedIndex(newValue, animated: false) }
    }
    /// Called with the new index when a tap (or Enter, Space) changes the selection. Held strongly.
    public var onChange: (@MainActor (Int) -> Void)?
    /// Disabled: drawn faded, tabs take no press.
    @DrawingInput public var isEnabled = true
    /// Whether the tabs take focus (Tab, arrows), as ``ListView/itemsAreFocusable`` does for items.
    public var tabsAreFocusable = false {
        didSet { for tab in storedSubviews { tab.isFocusable = tabsAreFocusable } }
    }
    /// The narrowest a tab gets: below it the track scrolls. Tabs otherwise share the width equally.
    @DrawingInput public var minimumTabWidth = 64.0 { didSet { layoutSubviews() } }
    /// Whether each tab shows its number key ("1" … "9", "0" for the tenth) before its title, when tabs
    /// are at least ``numberedTabMinimumWidth`` wide.
    @DrawingInput public var showsNumbers = false
    @DrawingInput public var numberedTabMinimumWidth = 76.0
    @DrawingInput public var titleSize = 13.0
    /// The track's corner radius (the pill's is 2 less).
    @DrawingInput public var cornerRadius = 9.0
    /// The track (the theme's `fill` unless set).
    @ThemeColor(\.fill) public var trackColor: RGBAColor
    /// The selection's pill (the theme's `tint` unless set).
    @ThemeColor(\.tint) public var indicatorColor: RGBAColor
    /// Titles, and the selected one on the pill (the theme's `secondaryLabel` and `onTint` unless set).
    @ThemeColor(\.secondaryLabel) public var textColor: RGBAColor
    @ThemeColor(\.onTint) public var selectedTextColor: RGBAColor
    /// Number keys, and the selected one's (the theme's `tertiaryLabel` and `onTint` unless set; the selected
    /// number is drawn at two thirds of its alpha).
    @ThemeColor(\.tertiaryLabel) public var numberColor: RGBAColor
    @ThemeColor(\.onTint) public var selectedNumberColor: RGBAColor
    /// The ring around the focused tab, or `nil` (the default) for the theme's ``FocusRingStyle/color``.
    public var focusRingColor: RGBAColor?

    /// Where the pill is, in tabs: the selected index at rest, fractional while it slides.
    public private(set) var indicatorPosition: Double = 0
    private var storedSelection = 0
    private var slide: Animated<TimedSimulation>?
    /// How far the strip is scrolled (points), for the tabs' frames.
    private var laidOutScroll = 0.0


    /// "1" … "9" and "0", made once (no per-frame formatting).
    static let numbers = (1...9).map { String($0) } + ["0"]

    public init(titles: [String], selectedIndex: Int = 0, frame: Rect = .zero) {
        self.titles = titles
        super.init(frame: frame)
        rebuild()
        setSelectedIndex(selectedIndex, animated: false)
    }

    // MARK: Geometry

    /// Each tab's width: the frame shared equally, but no less than ``minimumTabWidth``.
    public var tabWidth: Double {
        let n = Double(titles.count), p = Self.padding
        guard n > 0, storedFrame.width > 0 else { return 0 }
        let minimum = minimumTabWidth.isFinite ? max(0, minimumTabWidth) : 0
        return storedFrame.width < n * minimum + 2 * p ? minimum : max(0, (storedFrame.width - 2 * p) / n)
    }

    /// How far the strip is scrolled for the pill at `indicator`: the pill as near the middle as the ends
    /// allow; 0 when every tab fits.
    public func scrollOffset(indicator: Double) -> Double {
        let w = tabWidth, p = Self.padding
        let overflow = Double(titles.count) * w + 2 * p - storedFrame.width
        guard overflow > 0.5, indicator.isFinite else { return 0 }
        return min(max(p + (indicator + 0.5) * w - storedFrame.width / 2, 0), overflow).rounded()
    }

    /// The rectangle of tab `index` (fractional: the pill between two tabs) in the bar's own coordinates,
    /// on the strip as it is scrolled now. Right to left the first tab is on the right (and the strip scrolls
    /// from there), as UIKit's tab bar orders its items.
    public func tabFrame(_ index: Double) -> Rect {
        let p = Self.padding, w = tabWidth
        return Rect(x: mirroredX(p + index * w - laidOutScroll, width: w), y: p, width: w,
                    height: max(0, storedFrame.height - 2 * p))
    }

    public override func layoutSubviews() {
        laidOutScroll = scrollOffset(indicator: indicatorPosition)
        for case let tab as Tab in storedSubviews { tab.frame = tabFrame(Double(tab.index)) }
    }

    /// Presses count inside the track less its padding, and ``hitOutset`` above and below it.
    public override func point(inside point: Point) -> Bool {
        let b = bounds, p = Self.padding, o = Self.hitOutset
        return point.x >= b.minX + p && point.x < b.maxX - p && point.y >= b.minY - o && point.y < b.maxY + o
    }

    // MARK: Selection

    /// Selects `index` as a tap would: the pill slides there and ``onChange`` is called if the selection
    /// changes. Ignored when disabled or out of range.
    public func select(_ index: Int) {
        guard isEnabled, titles.indices.contains(index), index != storedSelection else { return }
        setSelectedIndex(index, animated: true)
        onChange?(index)
    }

    /// Sets the selection (clamped) without calling ``onChange``: with `animated` the pill slides there from
    /// where it is over ``slideDuration`` (it jumps while motion is reduced, ``ViewNode/isReduceMotionEnabled``); else
    /// it jumps.
    public func setSelectedIndex(_ index: Int, animated: Bool) {
        let clamped = titles.isEmpty ? 0 : min(max(index, 0), titles.count - 1)
        let target = Double(clamped)
        storedSelection = clamped
        if animated && target != indicatorPosition {
            slide = Animated(TimedSimulation(from: indicatorPosition, to: target, duration: Self.slideDuration,
                                             curve: .easeOutCubic), rest: target, pacing: motionPolicy.pacing(for: .travel))
        } else {
            slide = nil
            indicatorPosition = target
            layoutSubviews()
        }
        drawingInputChanged()   // the selection and the pill's place are inputs of the drawing
    }

    /// Gives focus to tab `index` (when ``tabsAreFocusable``); returns whether it took it.
    @discardableResult
    public func focusTab(_ index: Int) -> Bool {
        guard storedSubviews.indices.contains(index) else { return false }
        return storedSubviews[index].becomeFocused()
    }

    /// The focused tab, if a tab of this bar has the tree's focus.
    public var focusedTab: Int? { (focusedView as? Tab).flatMap { $0.control === self ? $0.index : nil } }

    /// Enter while the bar itself has focus: the next tab, wrapping.
    public override func activate() {
        guard !titles.isEmpty else { return }
        select((storedSelection + 1) % titles.count)
        onActivate?(self)
    }

    public override var isPressable: Bool { false }

    public override func update(_ tick: FrameTick) {
        guard var s = slide else { return }
        indicatorPosition = s.sample(tick)
        slide = s.needsFrames ? s : nil
        drawingInputChanged()   // the pill moved
        layoutSubviews()
    }

    public override var isAnimating: Bool { slide != nil || super.isAnimating }

    func rebuild() {
        for view in storedSubviews { view.removeFromSuperview() }
        for index in titles.indices {
            let tab = Tab(control: self, index: index)
            tab.isFocusable = tabsAreFocusable
            addSubview(tab)
        }
        setSelectedIndex(storedSelection, animated: false)
    }

    // MARK: Drawing

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard !titles.isEmpty else { return }
        // The same calls while nothing they read changed: the inputs (the pill's place among them), the
        // frame and the pressed tab (a canvas drawing by damage takes them over).
        var pressed = -1
        for case let tab as Tab in storedSubviews where tab.isHighlighted { pressed = tab.index }
        let key = CallGroupKey(frame: frame, version: drawingVersion,
                               state: UInt64(bitPattern: Int64(pressed)) ^ (isRightToLeft ? 1 << 62 : 0))
        canvas.callGroup(id: CallGroupID(of: self), key: key) { drawBar(in: $0, frame: frame, pressed: pressed) }
    }

    /// The calls of ``draw(in:frame:)``'s group.
    private func drawBar(in canvas: any DrawingCanvas, frame: Rect, pressed: Int) {
        let fade = isEnabled ? 1.0 : PushButton.disabledOpacity
        let w = tabWidth, p = Self.padding
        guard w > 0 else { return }
        canvas.fillRoundedRect(frame, radius: cornerRadius, color: trackColor.withAlpha(fade))
        let scroll = laidOutScroll
        let contentWidth = Double(titles.count) * w + 2 * p
        let strip = contentWidth > frame.width + 0.5
        if strip { canvas.pushClip(frame.insetBy(dx: p, dy: 0)) }
        let r = max(0, cornerRadius - 2)
        let pill = tabFrame(indicatorPosition).offsetBy(dx: frame.minX, dy: frame.minY)
        canvas.fillRoundedRect(pill.offsetBy(dx: 0, dy: 1), radius: r, color: RGBAColor(r: 0, g: 0, b: 0, a: 90).withAlpha(fade))
        canvas.fillRoundedRect(pill, radius: r, color: indicatorColor.withAlpha(fade))
        let selected = storedSelection
        if pressed >= 0, pressed != selected, isEnabled {
            canvas.fillRoundedRect(tabFrame(Double(pressed)).offsetBy(dx: frame.minX, dy: frame.minY),
                                   radius: r, color: RGBAColor(r: 255, g: 255, b: 255, a: 22))
        }
        let numbered = showsNumbers && w >= numberedTabMinimumWidth, rtl = isRightToLeft
        var i = 0
        while i < titles.count {
            defer { i += 1 }
            let rect = tabFrame(Double(i)).offsetBy(dx: frame.minX, dy: frame.minY)
            if rect.maxX < frame.minX || rect.minX > frame.maxX { continue }
            let isSelected = i == selected
            // Tab titles keep their size (as UIKit's tab bars, which show a large-content viewer instead).
            let titleStyle = TextStyle(size: titleSize, weight: isSelected ? .bold : .regular,
                                       color: (isSelected ? selectedTextColor : textColor).withAlpha(fade), maximumScale: 1)
            guard numbered else {
                canvas.drawText(titles[i], in: rect, style: titleStyle, alignment: .center)
                continue
            }
            let number = i < Self.numbers.count ? Self.numbers[i] : ""
            let numberStyle = TextStyle(size: titleSize - 2, weight: .bold,
                                        color: (isSelected ? selectedNumberColor.withAlpha(2.0 / 3) : numberColor).withAlpha(fade), maximumScale: 1)
            let numberWidth = canvas.measureText(number, style: numberStyle).width
            let titleWidth = canvas.measureText(titles[i], style: titleStyle).width
            let x = rect.minX + max(4, (rect.width - (numberWidth + 6 + titleWidth)) / 2)
            // The number leads: on the title's right, right to left.
            let numberX = rtl ? min(rect.maxX - 4, x + titleWidth + 6 + numberWidth) - numberWidth : x
            let titleX = rtl ? x : x + numberWidth + 6
            canvas.drawText(number, in: Rect(x: numberX, y: rect.minY, width: numberWidth + 1, height: rect.height),
                            style: numberStyle, alignment: .leading)
            canvas.drawText(titles[i], in: Rect(x: titleX, y: rect.minY, width: max(0, rect.maxX - x - numberWidth - 6),
                                                height: rect.height), style: titleStyle, alignment: .leading)
        }
        if strip {
            // Fades at an edge with more tabs past it: six 3-point strips of the track's colour.
            let overflow = contentWidth - frame.width
            var k = 0
            while k < 6 {
                let shade = RGBAColor(r: trackColor.r, g: trackColor.g, b: trackColor.b, a: UInt8(230 - k * 38)).withAlpha(fade)
                let x = Double(k) * 3
                // More tabs before (leading side) and after (trailing side): swapped right to left.
                if (rtl ? scroll < overflow - 0.5 : scroll > 0.5) {
                    canvas.fill(Rect(x: frame.minX + p + x, y: frame.minY + p, width: 3, height: frame.height - 2 * p), color: shade)
                }
                if (rtl ? scroll > 0.5 : scroll < overflow - 0.5) {
                    canvas.fill(Rect(x: frame.maxX - 2 * p - x, y: frame.minY + p, width: 3, height: frame.height - 2 * p), color: shade)
                }
                k += 1
            }
            canvas.popClip()
        }
    }

    /// One tab: a pressable (and, with ``TabBar/tabsAreFocusable``, focusable) subview that selects its
    /// index when tapped or activated; the bar draws it.
    final class Tab: ViewNode {
        unowned let control: TabBar
        let index: Int
        init(control: TabBar, index: Int) {
            self.control = control
            self.index = index
            super.init()
        }
        override var isPressable: Bool { control.isEnabled }
        override func activate() { control.select(index) }
        override func point(inside point: Point) -> Bool {
            let b = bounds, o = TabBar.hitOutset + TabBar.padding
            return point.x >= b.minX && point.x < b.maxX && point.y >= b.minY - o && point.y < b.maxY + o
        }
        override func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) {
            let o = effectiveTheme.focusRing.outset - 1
            canvas.strokeRect(frame.insetBy(dx: -o, dy: -o), color: control.focusRingColor ?? effectiveTheme.focusRing.color, width: 2)
        }
    }
}
