import ScrollKit

/// The gallery's tab bar: the ScrollKit word mark on the left, a segmented control of the scenes in the
/// middle (each segment numbered with its key), and a hint on the right. Layout is a pure function of
/// the width (and the selection's position), so hit-testing and drawing agree. On narrow windows the hint
/// shrinks to its two key caps (H and F, still there to find the help and the HUD), then the word mark goes;
/// narrower still, the segments keep ``minSegmentWidth`` and the track becomes a strip that follows the
/// selection (centred on it as it slides, faded at an edge with more tabs past it). Only below three
/// segments' width do the key caps go.
@MainActor
final class GalleryTabBar {
    /// The segment under a press in progress (drawn darker).
    var pressed: Int?

    static let markWidth = 112.0
    static let hintWidth = 136.0
    /// The hint as two key caps without their labels.
    static let compactHintWidth = 56.0
    static let maxSegmentWidth = 98.0
    /// The narrowest segment: room for the longest title at 13 pt.
    static let minSegmentWidth = 64.0
    static let trackHeight = 30.0
    /// "1" … "9" and "0" (the tenth tab), made once (no per-frame formatting).
    static let numbers = (1...9).map { String($0) } + ["0"]

    /// How much of the key hint the bar shows.
    enum Hint { case none, compact, full }

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

    /// How far a strip that does not fit is scrolled: the selection (`indicator`, in tabs, fractional while
    /// sliding) as near the middle as the ends allow. 0 when everything fits.
    static func scroll(indicator: Double, count: Int, track: Rect, segmentWidth: Double) -> Double {
        let overflow = Double(count) * segmentWidth + 6 - track.width
        guard overflow > 0.5, indicator.isFinite else { return 0 }
        return min(max(3 + (indicator + 0.5) * segmentWidth - track.width / 2, 0), overflow).rounded()
    }

    /// The segment rectangle of tab `index`, on a strip scrolled by `scroll`.
    static func segment(_ index: Double, track: Rect, segmentWidth: Double, scroll: Double = 0) -> Rect {
        Rect(x: track.minX + 3 + index * segmentWidth - scroll, y: track.minY + 3, width: segmentWidth, height: track.height - 6)
    }

    /// The tab under `point` (window points), if any, with the selection at `indicator`.
    func tab(at point: Point, count: Int, width: Double, indicator: Double) -> Int? {
        let l = Self.layout(count: count, width: width)
        guard l.segmentWidth > 0, point.y >= 0, point.y < GalleryShell.tabBarHeight,
              point.x >= l.track.minX + 3, point.x < l.track.maxX - 3 else { return nil }
        let scroll = Self.scroll(indicator: indicator, count: count, track: l.track, segmentWidth: l.segmentWidth)
        let index = Int(((point.x - l.track.minX - 3 + scroll) / l.segmentWidth).rounded(.down))
        return (0..<count).contains(index) ? index : nil
    }

    /// Draws the bar in (0, 0, width, height); `indicator` is the selection's position in tabs
    /// (fractional while sliding).
    func draw(in canvas: DrawingCanvas, titles: [String], selected: Int, indicator: Double, width: Double, height: Double) {
        guard width > 0, height > 0 else { return }
        let bar = Rect(x: 0, y: 0, width: width, height: height)
        canvas.fill(bar, color: GalleryTheme.barBackground)
        canvas.fill(Rect(x: 0, y: height - 1, width: width, height: 1), color: GalleryTheme.barHairline)
        let l = Self.layout(count: titles.count, width: width)

        if l.showsMark {
            let logo = Rect(x: 16, y: (height - 22) / 2, width: 22, height: 22)
            canvas.fillRoundedRect(logo, radius: 6, color: GalleryTheme.accent)
            // Three "rows" in the logo, the middle one offset: a list mid-scroll.
            for (i, inset) in [(0, 5.0), (1, 8.0), (2, 5.0)] {
                canvas.fillRoundedRect(Rect(x: logo.minX + inset, y: logo.minY + 5 + Double(i) * 4.5, width: 12, height: 3),
                                       radius: 1.5, color: RGBAColor(r: 255, g: 255, b: 255, a: i == 1 ? 255 : 170))
            }
            canvas.drawText("ScrollKit", in: Rect(x: logo.maxX + 8, y: 0, width: Self.markWidth - 30, height: height),
                            style: TextStyle(size: 15, weight: .bold, color: .white), alignment: .leading)
        }

        guard l.segmentWidth > 0 else { return }
        canvas.fillRoundedRect(l.track, radius: 9, color: GalleryTheme.segmentTrack)
        let scroll = Self.scroll(indicator: indicator, count: titles.count, track: l.track, segmentWidth: l.segmentWidth)
        let strip = l.contentWidth > l.track.width + 0.5
        if strip { canvas.pushClip(l.track.insetBy(dx: 3, dy: 0)) }
        let pill = Self.segment(indicator, track: l.track, segmentWidth: l.segmentWidth, scroll: scroll)
        canvas.fillRoundedRect(pill.offsetBy(dx: 0, dy: 1), radius: 7, color: RGBAColor(r: 0, g: 0, b: 0, a: 90))
        canvas.fillRoundedRect(pill, radius: 7, color: GalleryTheme.accent)
        if let pressed, pressed != selected, titles.indices.contains(pressed) {
            canvas.fillRoundedRect(Self.segment(Double(pressed), track: l.track, segmentWidth: l.segmentWidth, scroll: scroll),
                                   radius: 7, color: RGBAColor(r: 255, g: 255, b: 255, a: 22))
        }
        let showNumbers = l.segmentWidth >= 76
        for (i, title) in titles.enumerated() {
            let rect = Self.segment(Double(i), track: l.track, segmentWidth: l.segmentWidth, scroll: scroll)
            if rect.maxX < l.track.minX || rect.minX > l.track.maxX { continue }
            let isSelected = i == selected
            let titleStyle = TextStyle(size: 13, weight: isSelected ? .bold : .regular,
                                       color: isSelected ? .white : GalleryTheme.segmentText)
            guard showNumbers else {
                canvas.drawText(title, in: rect, style: titleStyle, alignment: .center)
                continue
            }
            let number = i < Self.numbers.count ? Self.numbers[i] : ""
            let numberStyle = TextStyle(size: 11, weight: .bold,
                                        color: isSelected ? RGBAColor(r: 255, g: 255, b: 255, a: 170) : GalleryTheme.segmentNumber)
            let numberWidth = canvas.measureText(number, style: numberStyle).width
            let titleWidth = canvas.measureText(title, style: titleStyle).width
            let total = numberWidth + 6 + titleWidth
            let x = rect.minX + max(4, (rect.width - total) / 2)
            canvas.drawText(number, in: Rect(x: x, y: rect.minY, width: numberWidth + 1, height: rect.height),
                            style: numberStyle, alignment: .leading)
            canvas.drawText(title, in: Rect(x: x + numberWidth + 6, y: rect.minY, width: max(0, rect.maxX - x - numberWidth - 6), height: rect.height),
                            style: titleStyle, alignment: .leading)
        }

        if strip {
            // Fades at an edge with more tabs past it.
            let overflow = l.contentWidth - l.track.width
            let t = GalleryTheme.segmentTrack
            for k in 0..<6 {
                let fade = RGBAColor(r: t.r, g: t.g, b: t.b, a: UInt8(230 - k * 38))
                let x = Double(k) * 3
                if scroll > 0.5 { canvas.fill(Rect(x: l.track.minX + 3 + x, y: l.track.minY + 3, width: 3, height: l.track.height - 6), color: fade) }
                if scroll < overflow - 0.5 {
                    canvas.fill(Rect(x: l.track.maxX - 6 - x, y: l.track.minY + 3, width: 3, height: l.track.height - 6), color: fade)
                }
            }
            canvas.popClip()
        }

        if l.hint != .none {
            var x = width - 16
            // Right to left: "HUD [F]  Help [H]", or just "[H] [F]" when narrow. A key cap sits 7 pt
            // from its label and 18 pt from the next key's label.
            for (label, key) in [("HUD", "F"), ("Help", "H")] {
                if l.hint == .full {
                    let style = TextStyle(size: 12, color: GalleryTheme.barHint)
                    let labelWidth = canvas.measureText(label, style: style).width
                    x -= labelWidth
                    canvas.drawText(label, in: Rect(x: x, y: 0, width: labelWidth + 1, height: height), style: style, alignment: .leading)
                    x -= 7
                }
                x -= GalleryTheme.keyCapWidth(key, height: 20, in: canvas)
                GalleryTheme.keyCap(key, at: Point(x: x, y: (height - 20) / 2), height: 20, in: canvas,
                                    fill: RGBAColor(hex: 0x2C3039), text: RGBAColor(hex: 0xD7DAE0))
                x -= l.hint == .full ? 18 : 6
            }
        }
    }
}
