// PickerView: a picker wheel on a ListView with centred snapping, which comes to rest with one item at its
// centre; its selection, keys, taps and resizing.

import Motion

/// A picker wheel: a horizontal or vertical run of items that always comes to rest with one item
/// exactly at its centre, like `UIPickerView` (the gallery's mood picker is one).
///
/// Built on a ``ListView`` with ``SnapBehavior/centered``: flings land exactly on an item (no sliding
/// past and rolling back), insets of `viewport / 2 − item / 2` let the first and last items reach the
/// centre, tapping an item scrolls it to the centre (animated), arrow keys and the wheel step one item
/// at a time (a burst steps several), and a resize keeps the selected item centred.
///
/// ```swift
/// let picker = PickerView(frame: Rect(x: 0, y: 200, width: 390, height: 110), axis: .horizontal, dataSource: moods)
/// picker.wheelLook = .standard
/// picker.onSelectionChanged = { index in label = moods.names[index] }
/// // each frame:
/// picker.step(tick)
/// picker.draw(in: canvas)
/// ```
///
/// ## Selection
/// ``selectedIndex`` is the item centred when the picker last came to rest. ``onSelectionChanged``
/// fires once each time the picker comes to rest on a different item than before: not during a drag
/// or a fling (however many items pass the centre), not when it comes back to the same item, and not
/// for ``selectItem(_:animated:)`` (which sets the selection itself, as `UIPickerView.selectRow` does).
/// ``centeredIndex`` follows the item under the centre live, frame by frame.
///
/// ## Resizing
/// Setting ``frame`` re-reads the item sizes (so sizes may depend on the frame, such as a quarter of
/// its width), recomputes the insets and puts the selected item back at the centre at once. A resize
/// during a motion stops it and centres the item nearest the centre at that moment (then settles).
///
/// ## Bad input
/// An empty data source gives `selectedIndex == nil` and draws only the background; a zero-sized
/// frame draws nothing. Items longer than the viewport get zero insets (the end items then rest at
/// the ends of the range, still on the nearest centre). Nothing traps.
@MainActor
public final class PickerView: ViewNode {
    /// The list that lays out, scrolls and recycles the items. Its ``ListView/snapBehavior`` is
    /// `.centered`, its insets and ``ListView/onSelectItem`` belong to the picker.
    public let listView: ListView

    /// Called with the new index each time the picker comes to rest on a different item (see *Selection*).
    /// Held strongly (a closure); capture its owner weakly.
    public var onSelectionChanged: (@MainActor (Int) -> Void)?

    /// The item centred when the picker last came to rest; `nil` only when there are no items.
    public private(set) var selectedIndex: Int?

    /// How items look away from the centre (scale and fade), or `nil` for a flat strip (the default).
    public var wheelLook: PickerWheelLook?

    /// A colour filled behind the centre slot (the selection band), or `nil` for none (the default).
    public var selectionBandColor: RGBAColor?

    /// Duration of the animated scroll after a tap (seconds): 0.3 s, with ``ScrollingView/defaultAnimationCurve``.
    public static let tapScrollDuration: Double = 0.3

    /// Creates a picker showing `dataSource`'s items in `frame`, with item 0 selected and centred.
    /// - Parameter axis: `.horizontal` (the default) or `.vertical`; `.both` counts as `.vertical`.
    public init(frame: Rect, axis: ScrollAxis = .horizontal, dataSource: any ListDataSource) {
        let frame = Self.sanitized(frame)
        listView = ListView(frame: Rect(origin: .zero, size: frame.size), axis: axis, dataSource: dataSource)
        super.init(frame: frame)
        addSubview(listView)
        listView.snapBehavior = .centered
        listView.onSelectItem = { [weak self] index in self?.tapped(index) }
        relayout(keeping: 0)
        selectedIndex = listView.numberOfItems > 0 ? 0 : nil
    }

    // MARK: - Geometry

    /// A change of ``ViewNode/frame``'s size keeps the selected item centred (see *Resizing*); item
    /// sizes are read again. The list fills the picker.
    override func sizeDidChange() {
        let keep = indexToKeep()
        listView.frame = Rect(origin: .zero, size: storedFrame.size)
        listView.reloadData()
        relayout(keeping: keep)
        settleIfIdle()
        layoutSubviews()
    }

    /// The scroll axis. Changing it keeps the selected item centred.
    public var axis: ScrollAxis {
        get { listView.axis }
        set {
            let keep = indexToKeep()
            listView.axis = newValue
            listView.reloadData()
            relayout(keeping: keep)
            settleIfIdle()
        }
    }

    /// The gap between neighbouring items, in points (negative/NaN → 0). Keeps the selected item centred.
    public var itemSpacing: Double {
        get { listView.itemSpacing }
        set {
            let keep = indexToKeep()
            listView.itemSpacing = newValue
            relayout(keeping: keep)
            settleIfIdle()
        }
    }

    /// The number of items (as of the last reload).
    public var numberOfItems: Int { listView.numberOfItems }

    /// Re-reads the items. The selection stays on the same index, clamped to the new count (which
    /// counts as a change, with one ``onSelectionChanged`` call, when it moved); the selected item is
    /// centred at once.
    public func reloadData() {
        let keep = indexToKeep()
        listView.reloadData()
        relayout(keeping: keep)
        settleIfIdle()
    }

    // MARK: - Selection

    /// Centres item `index` (clamped to the items) and makes it the selection, without calling
    /// ``onSelectionChanged``. Animated: a timed scroll of ``ScrollingView/defaultAnimationDuration``
    /// that starts at the next ``step(_:)``; if the user interrupts it, wherever the picker then comes
    /// to rest is reported as usual.
    public func selectItem(_ index: Int, animated: Bool) {
        let n = numberOfItems
        guard n > 0 else { return }
        let i = min(max(index, 0), n - 1)
        selectedIndex = i
        if animated {
            listView.scrollToItem(i, position: .center)
        } else {
            listView.scrollView.setContentOffset(listView.contentOffset(forItem: i, position: .center), animated: false)
        }
    }

    /// While the picker has focus (``ViewNode/isFocusable``), the arrows along its axis select the previous or
    /// next item (left and right swap right to left), as a user's choice: ``onSelectionChanged`` is called, as
    /// for the accessibility value set by assistive technology. Other keys move focus as usual.
    public override func handleFocusedKey(_ key: Key) -> Bool {
        let step: Int
        switch (key, listView.axis == .horizontal) {
        case (.left, true), (.up, false): step = -1
        case (.right, true), (.down, false): step = 1
        default: return false
        }
        let current = selectedIndex ?? centeredIndex ?? 0
        let next = current + (listView.scrollView.mirrorsContent ? -step : step)
        guard next >= 0, next < numberOfItems else { return true }
        selectItem(next, animated: true)
        onSelectionChanged?(next)
        return true
    }

    /// The item whose centre is nearest the picker's centre right now (a tie goes to the lower index);
    /// `nil` when there are no items. Changes during drags and flings. O(1) fixed sizes, O(log n) variable.
    public var centeredIndex: Int? { centeredIndex(atOffset: axisOffset) }

    /// The signed distance of item `index`'s centre from the picker's centre, in that item's lengths:
    /// 0 when centred, 1 one item further along the axis, −1 one item before. `nil` for an index out of
    /// range. This is what the wheel look scales and fades by.
    public func distanceFromCenter(ofItem index: Int) -> Double? {
        let layout = listView.layout
        guard index >= 0, index < layout.itemCount else { return nil }
        let length = layout.itemLength(index)
        let centre = layout.itemStart(index) + length / 2
        let d = (centre - (axisOffset + viewportLength / 2)) / length
        return d.isFinite ? d : 0
    }

    // MARK: - Frames and input

    /// Routes one input event (see ``ViewNode/handle(_:)``), then reports a selection if the picker came
    /// to rest (a press that stopped it on an item).
    public override func handle(_ event: InputEvent) {
        super.handle(event)
        settleIfIdle()
    }

    /// After each frame (``ViewNode/step(_:)``): reports a new selection when the motion came to rest.
    override func didStepSubviews(_ tick: FrameTick) {
        settleIfIdle()
    }

    /// Draws the background, the selection band and the visible items, clipped to the picker (this is
    /// how ``ViewNode/draw(in:)`` draws a picker's list).
    ///
    /// Each cell is drawn at its frame, scaled about its centre by the ``wheelLook``'s scale for its
    /// distance from the centre. Cells that are ``PickerCell``s get their distance, scale, opacity and
    /// whether they are centred set just before they draw, so they can fade themselves.
    override func renderSubviews(in canvas: any DrawingCanvas, origin: Point, focus: FocusMark) {
        let cells = listView.visibleCells
        let f = Rect(origin: origin, size: listView.frame.size)
        guard f.width > 0, f.height > 0, !listView.isHidden else { return }
        canvas.pushClip(f)
        if let background = listView.backgroundColor { canvas.fill(f, color: background) }
        let horizontal = listView.axis == .horizontal
        let offset = listView.scrollView.contentOffset
        if let selectionBandColor, let centred = centeredIndex {
            let length = listView.layout.itemLength(centred)
            let band = horizontal
                ? Rect(x: f.midX - length / 2, y: f.minY, width: length, height: f.height)
                : Rect(x: f.minX, y: f.midY - length / 2, width: f.width, height: length)
            canvas.fill(band, color: selectionBandColor)
        }
        let centred = centeredIndex
        for cell in cells {
            let distance = distanceFromCenter(ofItem: cell.index) ?? 0
            let scale = wheelLook?.scale(atDistance: distance) ?? 1
            let opacity = wheelLook?.opacity(atDistance: distance) ?? 1
            if let pickerCell = cell as? PickerCell {
                pickerCell.distanceFromCenter = distance
                pickerCell.wheelScale = scale
                pickerCell.wheelOpacity = opacity
                pickerCell.isCentered = cell.index == centred
            }
            let r = cell.frame.offsetBy(dx: f.minX - offset.x, dy: f.minY - offset.y)
            let w = r.width * scale, h = r.height * scale
            let scaled = Rect(x: r.midX - w / 2, y: r.midY - h / 2, width: w, height: h)
            cell.draw(in: canvas, frame: scaled)
            if focus.matches(cell) { cell.drawFocusRing(in: canvas, frame: scaled) }
        }
        canvas.popClip()
    }

    /// The picker's focus ring: a rounded ring around the centre slot (the item a choice lands on), inside the
    /// picker, so a picker as wide as its window shows it whole.
    public override func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) {
        let length = centeredIndex.map { listView.layout.itemLength($0) } ?? 0
        let side = max(0, min(length, listView.axis == .horizontal ? frame.width : frame.height))
        let slot = listView.axis == .horizontal
            ? Rect(x: frame.midX - side / 2, y: frame.minY, width: side, height: frame.height)
            : Rect(x: frame.minX, y: frame.midY - side / 2, width: frame.width, height: side)
        let ring = effectiveTheme.focusRing
        Self.strokeInsideFocusRing(slot, in: canvas, color: ring.color, width: ring.width)
    }

    // MARK: - Internals

    private var viewportLength: Double {
        listView.axis == .horizontal ? listView.frame.width : listView.frame.height
    }

    private var axisOffset: Double {
        let o = listView.scrollView.contentOffset
        return listView.axis == .horizontal ? o.x : o.y
    }

    /// The nearest centre to the viewport's centre at `offset`: the item `itemIndex(containing:)`
    /// finds or one of its neighbours.
    private func centeredIndex(atOffset offset: Double) -> Int? {
        let layout = listView.layout
        let n = layout.itemCount
        guard n > 0 else { return nil }
        let centre = offset + viewportLength / 2
        let i = layout.itemIndex(containing: centre) ?? 0
        var best = i, bestDistance = Double.infinity
        for k in max(0, i - 1)...min(n - 1, i + 1) {
            let d = abs(layout.itemStart(k) + layout.itemLength(k) / 2 - centre)
            if d < bestDistance { best = k; bestDistance = d }
        }
        return best
    }

    /// The item a geometry change should keep centred: the selection at rest, else the item nearest
    /// the centre now.
    private func indexToKeep() -> Int? {
        let scrollView = listView.scrollView
        if scrollView.phase == .idle && !scrollView.isAnimating { return selectedIndex ?? centeredIndex }
        return centeredIndex
    }

    /// Insets of `viewport / 2 − item / 2` at both ends, then item `keep` (clamped) at the centre at once.
    private func relayout(keeping keep: Int?) {
        let layout = listView.layout
        let n = layout.itemCount
        let half = viewportLength / 2
        let leading = n > 0 ? max(0, half - layout.itemLength(0) / 2) : 0
        let trailing = n > 0 ? max(0, half - layout.itemLength(n - 1) / 2) : 0
        let insets = listView.axis == .horizontal
            ? Insets(top: 0, left: leading, bottom: 0, right: trailing)
            : Insets(top: leading, left: 0, bottom: trailing, right: 0)
        if insets != listView.insets { listView.insets = insets }
        guard n > 0 else { return }
        let i = min(max(keep ?? 0, 0), n - 1)
        listView.scrollView.setContentOffset(listView.contentOffset(forItem: i, position: .center), animated: false)
    }

    /// When nothing moves and no pointer is down, makes the centred item the selection and reports it
    /// if it changed.
    private func settleIfIdle() {
        let scrollView = listView.scrollView
        guard scrollView.phase == .idle, !scrollView.isAnimating else { return }
        let centred = centeredIndex
        guard centred != selectedIndex else { return }
        selectedIndex = centred
        if let centred { onSelectionChanged?(centred) }
    }

    private func tapped(_ index: Int) {
        listView.scrollToItem(index, position: .center, duration: Self.tapScrollDuration,
                              curve: ScrollingView.defaultAnimationCurve)
    }
}
