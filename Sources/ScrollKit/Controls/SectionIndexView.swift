// SectionIndexView: the A–Z strip along a list's trailing edge; a tap or drag on an entry jumps to its section.

import Motion

/// A section index (UIKit's `sectionIndexTitles` strip): short titles stacked along a list's trailing edge
/// (the leading one in right-to-left layouts is the owner's to place), a tap or drag on one selecting it.
///
/// The entries share the strip's height evenly, at most ``maximumEntryHeight`` each, centred. A press selects
/// the entry under it and a drag moves the selection, past the ends selecting the first or last entry, as
/// iOS does; each change of selection is a *tick*: ``onSelect`` is called with the entry, ``selectionTicks``
/// counts it and the entry is drawn on a filled circle. The release ends the selection (``selectedIndex``
/// back to `nil`). The router gives the strip the whole gesture (it is ``PointerTracking``), so the list
/// under it does not scroll meanwhile.
///
/// From the keyboard (set ``ViewNode/isFocusable``): ↑ ↓ choose the previous or next entry, Home and End the first
/// and last, Return or Space the current one; each choice is a press and release on it (``onSelect``, then
/// ``onEnd``), and the entry is ringed while the strip has focus. For assistive technology it is a slider whose
/// value is the entry (UIKit's adjustable table index).
///
/// Bad input never traps: with no titles, a NaN point or a degenerate frame nothing is selected.
@MainActor
public final class SectionIndexView: ViewNode, PointerTracking {
    /// The tallest an entry gets, in points.
    public static let maximumEntryHeight = 16.0

    /// The entries, top to bottom (one or two characters each reads best).
    public var titles: [String] = [] {
        didSet {
            if let s = selectedIndex, s >= titles.count { selectedIndex = nil }
            if let k = keyboardIndex, k >= titles.count { keyboardIndex = titles.isEmpty ? nil : titles.count - 1 }
        }
    }
    /// The entry the keyboard (or an assistive technology) chose last, `nil` before any.
    public private(set) var keyboardIndex: Int?
    /// Called with the entry a press or drag selected, once per change of selection.
    public var onSelect: (@MainActor (Int) -> Void)?
    /// Called when a press ends (the selection is gone).
    public var onEnd: (@MainActor () -> Void)?
    /// The entry selected by the press in progress, `nil` when none is pressed.
    public private(set) var selectedIndex: Int?
    /// How many times the selection changed (one tick per entry a drag passes).
    public private(set) var selectionTicks = 0
    /// The titles' colour, and the tick's fill (the selected title is drawn in ``selectedTitleColor`` on it; the
    /// theme's `tint` and `onTint` unless set).
    @ThemeColor(\.tint) public var tint: RGBAColor
    @ThemeColor(\.onTint) public var selectedTitleColor: RGBAColor
    /// The title size, in points.
    public var titleSize = 11.0

    /// The height of one entry for the current frame: the strip's height shared evenly, at most
    /// ``maximumEntryHeight``.
    public var entryHeight: Double {
        let h = frame.height
        guard !titles.isEmpty, h.isFinite, h > 0 else { return 0 }
        return min(Self.maximumEntryHeight, h / Double(titles.count))
    }

    /// Where the first entry starts, in the strip's own coordinates (the entries are centred).
    var entriesTop: Double { max(0, (frame.height - entryHeight * Double(titles.count)) / 2) }

    /// The entry at `point` (the strip's own coordinates): the one whose band holds `point.y`; above the
    /// first entry the first, below the last the last (a drag past the ends); `nil` with no entries or a
    /// non-finite point. The x coordinate is not checked (the router sends only presses that hit the strip).
    public func index(at point: Point) -> Int? {
        let n = titles.count, e = entryHeight
        guard n > 0, e > 0, point.y.isFinite else { return nil }
        let k = Int(((point.y - entriesTop) / e).rounded(.down).clamped(-1, Double(n)))
        return min(max(k, 0), n - 1)
    }

    /// The centre of entry `index` in the strip's own coordinates (where a bubble can point).
    public func entryCenter(_ index: Int) -> Point {
        Point(x: frame.width / 2, y: entriesTop + (Double(index) + 0.5) * entryHeight)
    }

    /// Selects entry `index` as a press on it does (a tick and ``onSelect`` if the selection changes).
    public func select(_ index: Int) {
        guard index >= 0, index < titles.count, index != selectedIndex else { return }
        selectedIndex = index
        selectionTicks += 1
        onSelect?(index)
    }

    /// Chooses entry `index` as a press and release on it would: ``onSelect`` then ``onEnd`` (the keyboard's and
    /// an assistive technology's way). Returns false for an index out of range.
    @discardableResult
    public func choose(_ index: Int) -> Bool {
        guard index >= 0, index < titles.count else { return false }
        keyboardIndex = index
        selectionTicks += 1
        onSelect?(index)
        onEnd?()
        setNeedsDisplay()
        return true
    }

    public override func handleFocusedKey(_ key: Key) -> Bool {
        guard !titles.isEmpty else { return false }
        let last = titles.count - 1
        switch key {
        case .up: return choose(max(0, (keyboardIndex ?? 1) - 1))
        case .down: return choose(min(last, (keyboardIndex ?? -1) + 1))
        case .home: return choose(0)
        case .end: return choose(last)
        case .enter, .space: return choose(keyboardIndex ?? 0)
        default: return false
        }
    }

    // MARK: PointerTracking

    public func beginTracking(at point: Point) -> Bool {
        guard let k = index(at: point) else { return false }
        select(k)
        return true
    }

    public func continueTracking(at point: Point) {
        if let k = index(at: point) { select(k) }
    }

    public func endTracking(at point: Point) {
        selectedIndex = nil
        onEnd?()
    }

    public func cancelTracking() {
        selectedIndex = nil
        onEnd?()
    }

    // MARK: Drawing

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let n = titles.count, e = entryHeight
        guard n > 0, e > 0, frame.width > 0 else { return }
        if selectedIndex != nil {
            canvas.fillRoundedRect(frame.insetBy(dx: 1, dy: 0), radius: min(frame.width / 2, 10),
                                   color: RGBAColor(r: 120, g: 120, b: 128, a: 36))
        }
        let top = frame.minY + entriesTop
        let size = min(titleSize, e * 0.8)
        for k in 0..<n {
            let band = Rect(x: frame.minX, y: top + Double(k) * e, width: frame.width, height: e)
            var color = tint
            if k == selectedIndex {
                canvas.fillCircle(center: Point(x: band.midX, y: band.midY), radius: min(e, frame.width) / 2 + 1, color: tint)
                color = selectedTitleColor
            }
            if k == keyboardIndex, selectedIndex == nil, isFocused {
                canvas.strokeRect(band.insetBy(dx: 1, dy: 0), color: effectiveTheme.focusRing.color, width: 1.5)
            }
            canvas.drawText(titles[k], in: band, style: TextStyle(size: size, weight: .bold, color: color, maximumScale: 1), alignment: .center)
        }
    }
}

extension Double {
    /// The value kept within `lo...hi` (NaN gives `lo`).
    fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double {
        guard self >= lo else { return lo }
        return Swift.min(self, hi)
    }
}
