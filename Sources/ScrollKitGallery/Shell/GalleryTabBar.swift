// GalleryTabBar: the gallery's tab bar view — the ScrollKit word mark, the library's TabBar of scenes, and a
// key hint — laid out by width.

import ScrollKit

/// The gallery's tab bar, a view: the ScrollKit word mark on the left, the library's ``TabBar`` of the scenes
/// in the middle (each tab numbered with its key, focusable, white focus ring), and a key hint on the right.
/// Layout is a pure function of the width (``layout(count:width:)``). On narrow windows the hint shrinks to
/// its two key caps (H and F, still there to find the help and the HUD), then the word mark goes; narrower
/// still, the tabs keep ``minSegmentWidth`` and the ``TabBar`` becomes a strip that follows the selection.
/// Only below three tabs' width do the key caps go.
@MainActor
final class GalleryTabBar: ViewNode {
    /// The scenes' tabs (presses, focus and keys reach them through the window's router).
    let tabs: TabBar
    /// Whether the word mark and how much of the hint show at the current width.
    private(set) var showsMark = true
    private(set) var hint = Hint.full

    static let markWidth = 112.0
    /// The theme switch's width, left of the key caps.
    static let themeButtonWidth = 64.0
    static let hintWidth = 136.0 + themeButtonWidth
    /// The hint as two key caps without their labels (and the theme switch).
    static let compactHintWidth = 56.0 + themeButtonWidth
    static let maxSegmentWidth = 98.0
    /// The narrowest segment: room for the longest title at 13 pt.
    static let minSegmentWidth = 64.0
    static let trackHeight = 30.0

    /// How much of the key hint the bar shows.
    enum Hint { case none, compact, full }

    /// The theme switch (T): the scheme showing, cycling light → dark → high contrast.
    let themeButton = PushButton(title: "Light", kind: .plain)

    init(titles: [String], selectedIndex: Int) {
        tabs = TabBar(titles: titles, selectedIndex: selectedIndex)
        tabs.showsNumbers = true
        tabs.tabsAreFocusable = true
        tabs.minimumTabWidth = Self.minSegmentWidth
        tabs.focusRingColor = .white
        super.init()
        applyTheme()
        themeButton.titleSize = 12
        themeButton.tint = GalleryTheme.barHint
        themeButton.pressedTint = .white
        themeButton.isFocusable = true
        themeButton.accessibilityLabel = "Theme"
        addSubview(tabs)
        addSubview(themeButton)
    }

    /// The tab bar's colours from the gallery's theme (again at each step of a theme switch).
    func applyTheme() {
        tabs.trackColor = GalleryTheme.segmentTrack
        tabs.indicatorColor = GalleryTheme.accent
        tabs.textColor = GalleryTheme.segmentText
        tabs.numberColor = GalleryTheme.segmentNumber
    }

    override func layoutSubviews() {
        let l = Self.layout(count: tabs.titles.count, width: frame.width)
        tabs.frame = l.track
        showsMark = l.showsMark
        hint = l.hint
        let reserved = hint == .full ? Self.hintWidth : Self.compactHintWidth
        themeButton.isHidden = hint == .none
        themeButton.frame = Rect(x: frame.width - 16 - reserved, y: ((frame.height - 28) / 2).rounded(),
                                 width: Self.themeButtonWidth - 6, height: 28)
    }

    /// Where the segments go for `count` tabs in a bar `width` points wide.
    /// `track` is the visible part of the track; when the segments do not fit it, `contentWidth` (the
    /// whole track) is wider and the strip scrolls (``scroll(indicator:count:track:segmentWidth:)``).
    static func layout(count: Int, width: Double) -> (track: Rect, segmentWidth: Double, showsMark: Bool, hint: Hint,
                                                      contentWidth: Double) {
        guard count > 0, width > 0 else { return (.zero, 0, false, .none, 0) }
        let height = GalleryShell.tabBarHeight
        let wanted = Double(count) * maxSegmentWidth + 6
        let least = Double(count) * minSegmentWidth + 6
        var showsMark = true
        var hint = Hint.full
        var available = width - 32 - markWidth - hintWidth
        if available < wanted { hint = .compact; available = width - 32 - markWidth - compactHintWidth }
        if available < least { showsMark = false; available = width - 24 - compactHintWidth }
        // The strip scrolls, so the key caps stay until not even three segments would show beside them.
        if available < 3 * minSegmentWidth + 6 { hint = .none; available = width - 16 }
        let trackWidth = max(0, min(wanted, available))
        let segmentWidth = trackWidth < least ? minSegmentWidth : max(0, (trackWidth - 6) / Double(count))
        let left = showsMark ? 16 + markWidth : 8
        let right: Double
        switch hint {
        case .full: right = width - 16 - hintWidth
        case .compact: right = width - 16 - compactHintWidth
        case .none: right = width - 8
        }
        let x = left + max(0, (right - left - trackWidth) / 2)
        let track = Rect(x: x.rounded(), y: ((height - trackHeight) / 2).rounded(), width: trackWidth.rounded(), height: trackHeight)
        return (track, segmentWidth, showsMark, hint, Double(count) * segmentWidth + 6)
    }

    /// Draws the bar's own parts in `frame`: the background, the hairline, the word mark and the hint
    /// (the ``TabBar`` draws itself, a subview). They change only with the frame: a canvas drawing by damage
    /// takes the calls over from the last frame while it stays.
    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.callGroup(id: CallGroupID(of: self), key: CallGroupKey(frame: frame, version: drawingVersion)) {
            drawBar(in: $0, frame: frame)
        }
    }

    /// The calls of ``draw(in:frame:)``'s group.
    private func drawBar(in canvas: any DrawingCanvas, frame: Rect) {
        let width = frame.width, height = frame.height
        canvas.fill(frame, color: GalleryTheme.barBackground)
        canvas.fill(Rect(x: 0, y: height - 1, width: width, height: 1), color: GalleryTheme.barHairline)

        if showsMark {
            let logo = Rect(x: 16, y: (height - 22) / 2, width: 22, height: 22)
            canvas.fillRoundedRect(logo, radius: 6, color: GalleryTheme.accent)
            // Three "rows" in the logo, the middle one offset: a list mid-scroll.
            for (i, inset) in [(0, 5.0), (1, 8.0), (2, 5.0)] {
                canvas.fillRoundedRect(Rect(x: logo.minX + inset, y: logo.minY + 5 + Double(i) * 4.5, width: 12, height: 3),
                                       radius: 1.5, color: RGBAColor(r: 255, g: 255, b: 255, a: i == 1 ? 255 : 170))
            }
            canvas.drawText("ScrollKit", in: Rect(x: logo.maxX + 8, y: 0, width: Self.markWidth - 30, height: height),
                            style: TextStyle(size: 15, weight: .bold, color: .white, maximumScale: 1), alignment: .leading)
        }

        if hint != .none {
            var x = width - 16
            // Right to left: "HUD [F]  Help [H]", or just "[H] [F]" when narrow. A key cap sits 7 pt
            // from its label and 18 pt from the next key's label.
            for (label, key) in [("HUD", "F"), ("Help", "H")] {
                if hint == .full {
                    let style = TextStyle(size: 12, color: GalleryTheme.barHint, maximumScale: 1)
                    let labelWidth = canvas.measureText(label, style: style).width
                    x -= labelWidth
                    canvas.drawText(label, in: Rect(x: x, y: 0, width: labelWidth + 1, height: height), style: style, alignment: .leading)
                    x -= 7
                }
                x -= GalleryTheme.keyCapWidth(key, height: 20, in: canvas)
                GalleryTheme.keyCap(key, at: Point(x: x, y: (height - 20) / 2), height: 20, in: canvas,
                                    fill: RGBAColor(hex: 0x2C3039), text: RGBAColor(hex: 0xD7DAE0))
                x -= hint == .full ? 18 : 6
            }
        }
    }
}
