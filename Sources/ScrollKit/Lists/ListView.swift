// ListView: the virtualized list view — its storage, data, frames and drawing (cells, changes, queries, sections
// and snapping are in ListView+*.swift).

import Motion

/// A virtualized list: a vertical or horizontal run of items from a ``ListDataSource``, of which only
/// the visible ones have cells.
///
/// The list view owns a ``ScrollingView`` (its content size comes from the ``layout``), the ``ListLayout``
/// and one ``ReusePool`` per cell class. Each frame, after the scroll view moved, exactly the items that
/// intersect the viewport have cells: for each item that became visible the data source's
/// `cell(at:in:)` is called once, in that same frame, including during fast timed scrolls and flings,
/// and gets its cell from ``dequeueCell(_:for:)`` (that class's pool, or a new cell when it is empty);
/// cells whose items left go back to their class's pool, which holds at most the visible count plus
/// ``reuseMargin``.
///
/// ```swift
/// let list = ListView(frame: Rect(x: 0, y: 0, width: 390, height: 600), dataSource: rows)
/// list.scrollToItem(500, position: .center, duration: 2, curve: .smoothstep)
/// // each frame:
/// list.step(tick)
/// list.draw(in: canvas)
/// ```
///
/// ## Layouts
/// Items are placed by a ``CollectionLayout``: the list's own ``ListLayout`` (one run of items, the default), or
/// a ``SectionedGridLayout`` (``init(frame:gridLayout:dataSource:)``, ``gridLayout``): rows of columns in
/// sections whose headers and footers come from a ``GridDataSource``, the top section's header pinned
/// (``pinnedSection``). Cells, pools, focus, snapping and scroll-to-item work the same with either; indices are
/// flat item indices (``gridIndex(forItem:)``).
///
/// ## Geometry
/// ``frame`` is the list's rectangle in its parent's (the window's) points; the viewport is its size.
/// ``itemSpacing`` separates items; ``insets`` along the axis are padding before the first and after
/// the last item (and scroll padding for ``scrollToItem(_:position:duration:curve:completion:)`` and
/// snapping), across the axis they narrow the cells.
///
/// ## Cost per frame
/// ``step(_:)`` is O(log n) for variable sizes and O(1) for fixed sizes, plus O(1) per item that
/// enters or leaves the viewport; it does not grow with the item count. In steady scrolling it
/// allocates nothing: cells come from the pools (a short array of pools, one per cell class, scanned
/// linearly), the cell arrays keep their capacity and no closures or existential boxes are created
/// (what the data source's `cell(at:in:)` does is up to it).
///
/// ## Source files
/// `ListView.swift` (state, data, input, frames and drawing), `+Cells` (dequeuing, the reuse pools and
/// keeping exactly the visible items in cells), `+Queries` (visible range, hit testing, item frames and
/// scroll-to-item), `+Snapping` (the adapter between ``snapBehavior`` and the scroll view);
/// ``ItemPosition`` has its own file.
///
/// ## Bad input
/// A NaN, infinite or negative frame size counts as 0 (a non-finite origin as 0); a zero-sized frame,
/// an empty data source or a count reloaded to 0 are valid empty states with no cells. Item sizes
/// follow ``ListLayout``'s rules (below 1 pt, 0, negative or NaN → 1 pt). A data source returning a cell
/// it did not dequeue, or one already showing, is handled as ``ListDataSource`` describes. Nothing traps.
@MainActor
public final class ListView: ViewNode {
    /// How many cells each reuse pool (one per cell class) keeps beyond the number of visible items.
    public static let reuseMargin = 4

    /// The scroll view that owns the offset and its motion. Its content size is managed by the list.
    public let scrollView: ScrollingView
    /// The list layout: the item geometry when the list has no ``gridLayout`` (read it for positions; change
    /// spacing and insets through the list view). With a grid it holds no items.
    public var layout: ListLayout { storedLayout }
    /// The layout in use: ``gridLayout`` when set, else ``layout``. Ask it for frames and visible items.
    public var collectionLayout: any CollectionLayout { geometry }

    /// Supplies the items. Held strongly because the list is its only owner in the usual set-up
    /// (`ListView(frame:dataSource: Rows())`); a data source that keeps a reference to its list should
    /// keep it weak. Setting it drops every cell (visible and pooled, since the new source may use
    /// other cell classes) and reloads the data.
    public var dataSource: any ListDataSource {
        didSet {
            for cell in cells {
                cell.prepareForReuse()
                cell.index = -1
                cell.frame = .zero
                cell.reuseState = .free
            }
            cells.removeAll(keepingCapacity: true)
            dropSupplementaryCells()
            endItemAnimations()
            scrollView.replaceSubviews(with: cells)
            cellRange = 0..<0
            pools.removeAll()
            reloadData()
        }
    }

    /// The scroll axis. `.both` behaves as `.vertical`. Changing it stops any motion.
    public var axis: ScrollAxis {
        get { storedLayout.axis }
        set {
            let new: ScrollAxis = newValue == .horizontal ? .horizontal : .vertical
            guard new != storedLayout.axis else { return }
            storedLayout.axis = new
            grid?.axis = new
            scrollView.axis = new
            geometryDidChange()
        }
    }

    /// The gap between neighbouring items, in points (negative/NaN → 0). The list layout's: a ``gridLayout``
    /// has its own spacings and insets.
    public var itemSpacing: Double {
        get { storedLayout.itemSpacing }
        set { storedLayout.itemSpacing = newValue; geometryDidChange() }
    }

    /// Padding around the items, in points (negative/NaN edges → 0); see the type's notes on geometry.
    public var insets: Insets {
        get { storedLayout.insets }
        set { storedLayout.insets = newValue; geometryDidChange() }
    }

    /// How flings, wheel steps and arrow keys come to rest: `.none` (the default) for free scrolling,
    /// or a ``SnapBehavior`` applied with the list's ``layout`` as the geometry.
    public var snapBehavior: SnapBehavior = .none {
        didSet { scrollView.snapping = snapBehavior == .none ? nil : snapAdapter }
    }

    /// The colour filled behind the cells (visible in spacing, insets and overscroll); `nil` for none. Default:
    /// the theme's `background`.
    @OptionalThemeColor(\.background) public var backgroundColor: RGBAColor?

    /// Called with the item index when an item is activated: tapped (a pointer down and up without a
    /// drag, on content that was not visibly moving), or Enter while the item has focus. Setting it makes
    /// the cells pressable (highlighted while pressed, see ``ViewNode/isHighlighted``).
    /// Held strongly (a closure); capture its owner weakly.
    public var onSelectItem: (@MainActor (Int) -> Void)?

    /// Whether the items take focus (arrow keys, Tab, ``focusItem(_:)``): a carousel's cards, a menu's
    /// rows. Default false. A list whose items hold focusable views of their own (a list of carousels)
    /// leaves it false; focus then moves between its items' contents, scrolling the list as it goes.
    public var itemsAreFocusable = false
    /// Where scroll-to-focus puts a focused item: `nil` (default) scrolls as little as shows it whole; a fraction
    /// of the viewport (0…1) puts the item's leading edge that far in (Compose for TV's pivot, 0.3 say). Either way
    /// the rest is a snap position when the list snaps, and stays inside the scroll range (the insets show).
    public var focusPivot: Double?

    /// The item holding the tree's focus, if any.
    public var focusedItem: Int? {
        guard let router = rootView.router, let f = router.focus, f.view === self else { return nil }
        return f.item
    }

    /// Gives item `index` (clamped) the tree's focus and scrolls every scroll view around it so that it
    /// shows whole (``ItemPosition/visible``, each with its `focusScrollDuration` and curve). Returns false
    /// when the list has no items or its items do not take focus.
    @discardableResult
    public func focusItem(_ index: Int) -> Bool {
        let n = numberOfItems
        guard itemsAreFocusable, n > 0, !isHidden else { return false }
        rootView.ensureRouter().setFocus(FocusTarget(view: self, item: min(max(index, 0), n - 1)), scroll: true)
        return true
    }

    /// Activates item `index`: calls ``onSelectItem`` (what a tap on it or Enter while it has focus does).
    public func activateItem(_ index: Int) {
        guard index >= 0, index < numberOfItems else { return }
        onSelectItem?(index)
    }

    /// Data-source `cell(at:in:)` calls since the start of the last ``step(_:)`` (the step itself plus any
    /// draw, reload or query that brought cells up to date after it). The trace's "configured" column.
    public internal(set) var configuredInLastStep = 0
    /// How many cells ``dequeueCell(_:for:)`` has made in total (its pool was empty). Flat in steady scrolling.
    public internal(set) var cellsCreated = 0
    /// How many `cell(at:in:)` calls in total.
    public internal(set) var configureCount = 0

    // MARK: - Storage

    let storedLayout: ListLayout
    /// The grid layout in use, if any (ListView+Sections.swift), and the data source as a ``GridDataSource``
    /// (read at reload, so no frame casts).
    var grid: SectionedGridLayout?
    var gridSource: (any GridDataSource)?
    /// The showing headers and footers of a grid, in (section, header before footer) order, and their sections.
    var supplementaryCells: [ListCell] = []
    var supplementaryScratch: [ListCell] = []
    var sectionRange: Range<Int> = 0..<0
    /// The section whose header is pinned at the top, as of the last update of the cells.
    var storedPinnedSection: Int?
    /// A list layout's sections (ListView+ListSections.swift): the data source as a ``SectionedListDataSource``,
    /// its header items, and the pinned header (item, -1 for none, and its cell).
    var listSectionSource: (any SectionedListDataSource)?
    var listHeaderItems: [Int] = []
    var listPinnedItem = -1
    var listPinnedCell: ListCell?
    /// The pinned header's length: its measured one, or asked from the data source when it is not measured yet.
    var listPinnedLength = 0.0
    /// One pool per cell class (keyed by the class's `ObjectIdentifier`), in the order first used.
    var pools: [(type: ObjectIdentifier, pool: ReusePool<ListCell>)] = []
    /// The limit every pool has now (raised while cells change hands within an update).
    var poolLimit = ListView.reuseMargin
    /// The cells showing, in item order: `cells[k]` shows item `cellRange.lowerBound + k`.
    var cells: [ListCell] = []
    var scratch: [ListCell] = []
    var cellRange: Range<Int> = 0..<0
    /// The offset and viewport length the cells were last computed for.
    var cellsOffset: Double = .nan
    /// The pixel scale of the canvas the list last drew on if it rounds scrolled content to its pixels, else
    /// 0 (headers pin to those pixels: `pinningOffset`).
    @exclusivity(unchecked) var pinningScale = 0.0
    var cellsLength: Double = .nan
    /// Cells keep their item but need new frames (spacing, insets, frame or axis changed).
    var framesDirty = false
    /// Every cell must be configured again (reloadData).
    var contentDirty = false
    var isUpdatingCells = false
    /// Visible items to configure again on the next update (reloadItems); usually empty.
    var pendingReconfigure: Set<Int> = []
    /// The items last announced to a ``ListDataSourcePrefetching`` data source, and the scroll direction
    /// (+1 toward higher indices, -1 back) seen when the visible items last changed (ListView+Cells.swift).
    var prefetchedRange: Range<Int> = 0..<0
    var prefetchDirection = 1
    var reloadRequestedDuringUpdate = false
    /// The item cross length the measured sizes of a self-sizing list are valid for (ListView+Measuring.swift).
    var measuredCrossLength: Double = .nan
    /// The item the anchor of the last measurement pass was, and the scroll to an item that re-aims as
    /// sizes are corrected (ListView+Measuring.swift).
    var itemScroll: (index: Int, position: ItemPosition, token: Int)?
    var itemScrollToken = 0

    /// Running change animations by cell (ListView+Changes.swift), the removed cells still fading out, and
    /// the frame time they are sampled at.
    var itemAnimations: [ObjectIdentifier: ItemAnimation] = [:]
    var ghosts: [ListCell] = []
    var animationTime = 0.0

    /// Items inserted below the viewport by ``performChanges(_:animation:)`` or
    /// ``applyDifference(from:to:animation:)`` while the list was scrolled away from its end (a chat's
    /// "new messages below"); back to 0 when the list reaches its end.
    public internal(set) var newItemsBelow = 0

    /// How many items a self-sizing list (``ListDataSource/estimatedItemSize``) measures per frame beyond
    /// the visible ones, ahead in the scroll direction and within one viewport length, so that corrections
    /// mostly happen before an item shows. The visible items are always measured, whatever this is. Default 8;
    /// negative counts as 0.
    public var measurementLookahead = 8
    /// Whether a list resting at its end stays there: when items at the end are inserted, removed or
    /// measured, the offset follows the end instead of keeping the first visible item in place (a chat
    /// showing its newest message). Off by default: a list keeps its first visible item in place, so
    /// filtering it does not jump to its last row. A list whose content is shorter than its viewport is
    /// never "at its end".
    public var keepsEndPinned = false
    /// Data-source `sizeOfItem(at:crossLength:)` calls of a self-sizing list since the start of the last
    /// ``step(_:)`` (like ``configuredInLastStep``).
    public internal(set) var measuredInLastStep = 0
    /// How many `sizeOfItem(at:crossLength:)` calls a self-sizing list made in total.
    public internal(set) var measureCount = 0
    lazy var snapAdapter = SnapAdapter(list: self)
    /// The list's row parts, each owning its state: swipe actions (ListView+Swipe, +SwipeKeys) and reorder
    /// (ListView+Reorder). Pull to refresh is its scroll view's (``ScrollingView/refreshControl``).
    let swipePart = SwipeActionsPart()
    let reorderPart = ReorderPart()

    /// Creates a list showing `dataSource`'s items in `frame`, scrolled to the start.
    /// Reads the count (and sizes) at once, like ``reloadData()``; configures the visible cells on the
    /// first ``step(_:)``, ``draw(in:)`` or query.
    public convenience init(frame: Rect, axis: ScrollAxis = .vertical, dataSource: any ListDataSource) {
        self.init(frame: frame, axis: axis, grid: nil, dataSource: dataSource)
    }

    init(frame: Rect, axis: ScrollAxis, grid: SectionedGridLayout?, dataSource: any ListDataSource) {
        let frame = Self.sanitized(frame)
        let axis: ScrollAxis = axis == .horizontal ? .horizontal : .vertical
        self.dataSource = dataSource
        self.storedLayout = ListLayout(axis: axis)
        grid?.axis = axis
        self.grid = grid
        self.scrollView = ScrollingView(viewportSize: frame.size, contentSize: .zero, axis: axis)
        super.init(frame: frame)
        addSubview(scrollView)
        cells.reserveCapacity(64)
        scratch.reserveCapacity(64)
        supplementaryCells.reserveCapacity(16)
        supplementaryScratch.reserveCapacity(16)
        reloadLayout()
    }

    // MARK: - Data

    /// Re-reads the item count and sizes, updates the content size, and configures every visible cell
    /// again.
    ///
    /// The offset stays valid: a fling or bounce whose offset falls outside the new range stops at
    /// the nearest edge at once (no `didEndDecelerating` callback); one still inside runs on and is
    /// retargeted by the scroll view; a timed scroll is retargeted; a drag continues rubber-banded.
    ///
    /// O(n) for variable sizes (each size is read once), O(1) for fixed sizes, plus the visible cells.
    /// Safe during a fling, a drag or a timed scroll, with any new count including 0.
    public func reloadData() {
        if isUpdatingCells {
            reloadRequestedDuringUpdate = true
            return
        }
        endItemAnimations()
        endRowInteractions()
        reloadLayout()
        // A fling or bounce left outside the new range stops at the nearest edge instead of
        // springing across the missing content (timed scrolls retarget, drags rubber-band).
        let o = axisOffset
        if scrollView.phase == .decelerating || scrollView.phase == .bouncing,
           o < axisComponent(scrollView.minContentOffset) || o > axisComponent(scrollView.maxContentOffset) {
            scrollView.stopMotion()
        }
        contentDirty = true
        updateCells()
    }

    /// Re-reads the sizes of the items at `indices` (variable sizes: O(log n) each, the count stays; a
    /// self-sizing list measures them again when they are next near the viewport) and configures those
    /// that are visible again, once each. Out-of-range indices are ignored.
    public func reloadItems(_ indices: some Sequence<Int>) {
        let n = numberOfItems
        let targets = Set(indices.lazy.filter { $0 >= 0 && $0 < n })
        guard !targets.isEmpty else { return }
        if storedLayout.estimatedItemSize != nil {
            for i in targets { storedLayout.invalidateMeasurement(at: i) }   // measured again near the viewport
            framesDirty = true
        } else if storedLayout.fixedItemSize == nil {
            for i in targets { storedLayout.updateSize(at: i) }
            updateContentSize()
            framesDirty = true
        }
        pendingReconfigure.formUnion(targets)
        updateCells()
    }

    func reloadLayout() {
        defer { readListSections() }
        if let grid {
            reloadGridLayout(grid)
            return
        }
        gridSource = nil
        let count = dataSource.numberOfItems
        if let fixed = dataSource.fixedItemSize {
            storedLayout.setItems(count: count, fixedSize: fixed)
        } else if let estimate = dataSource.estimatedItemSize {
            storedLayout.setItems(count: count, estimatedSize: estimate)
            measuredCrossLength = itemCrossLength
        } else {
            let source = dataSource
            let cross = itemCrossLength
            storedLayout.setItems(count: count) { source.sizeOfItem(at: $0, crossLength: cross) }
        }
        updateContentSize()
    }

    /// The number of items (as of the last reload).
    public var numberOfItems: Int { grid?.itemCount ?? storedLayout.itemCount }

    /// The layout queried each frame: the grid when set, else the list layout.
    var geometry: any CollectionLayout { grid ?? storedLayout }

    // MARK: - Frames and drawing

    /// Resets ``configuredInLastStep`` at the start of each frame (``ViewNode/step(_:)``).
    public override func update(_ tick: FrameTick) {
        configuredInLastStep = 0
        measuredInLastStep = 0
        startItemAnimations(tick)
    }

    /// The scroll view's motion, or a change animation.
    public override var isAnimating: Bool { !itemAnimations.isEmpty || rowNeedsFrames || super.isAnimating }

    /// After the scroll view moved: the visible cells are brought up to date (see the type's notes).
    override func didStepSubviews(_ tick: FrameTick) {
        if rowPartsActive { stepRowInteractions(tick) }
        updateCells()
    }

    override func prepareForDrawing() { updateCells() }

    /// A theme change (or a step of its cross-fade) configures the cells in view again: a data source that colours
    /// its cells from the theme shows the new colours at once.
    public override func effectiveThemeDidChange() {
        super.effectiveThemeDidChange()
        reconfigureVisibleItems()
    }

    /// Hit-tests with the cells brought up to date for the current offset first.
    public override func hitTest(_ point: Point) -> ViewNode? {
        updateCells()
        return super.hitTest(point)
    }

    /// Fills ``backgroundColor`` behind the cells, unless opaque cells cover the whole viewport.
    /// (``ViewNode/draw(in:)`` draws the list: this, then the cells at their frames moved by the scroll
    /// offset, clipped to the list.)
    public override func draw(in canvas: any DrawingCanvas, frame f: Rect) {
        let scale = canvas.damageTracking?.roundsScrolledContent == true ? canvas.pixelScale : 0
        if scale != pinningScale {
            // Headers pin to the device pixels the canvas draws the content on (`pinningOffset`): placed again.
            pinningScale = scale
            if grid != nil {
                cellsOffset = .nan
                updateCells()
            }
        }
        guard let backgroundColor else { return }
        let offset = scrollView.contentOffset
        if !cellsCoverViewport(f, dx: f.minX - offset.x, dy: f.minY - offset.y) { canvas.fill(f, color: backgroundColor) }
    }

    /// Whether the showing cells, moved by (dx, dy), are all opaque and together cover `viewport` with no
    /// gap (exact comparisons: any doubt means the background is filled). O(visible cells), no allocation.
    func cellsCoverViewport(_ viewport: Rect, dx: Double, dy: Double) -> Bool {
        guard !cells.isEmpty else { return false }
        let vertical = storedLayout.axis == .vertical
        var covered = vertical ? viewport.minY : viewport.minX
        let end = vertical ? viewport.maxY : viewport.maxX
        for cell in cells {
            guard cell.isOpaque else { return false }
            let r = cell.frame.offsetBy(dx: dx, dy: dy)
            let (start, stop, crossMin, crossMax) = vertical ? (r.minY, r.maxY, r.minX, r.maxX)
                                                             : (r.minX, r.maxX, r.minY, r.maxY)
            let (viewCrossMin, viewCrossMax) = vertical ? (viewport.minX, viewport.maxX) : (viewport.minY, viewport.maxY)
            guard crossMin <= viewCrossMin, crossMax >= viewCrossMax else { return false }
            if stop <= covered { continue }
            guard start <= covered else { return false }
            covered = stop
            if covered >= end { return true }
        }
        return covered >= end
    }

    // MARK: - Geometry helpers

    override func sizeDidChange() {
        geometryDidChange()
        layoutSubviews()
    }

    func geometryDidChange() {
        let bounds = Rect(origin: .zero, size: storedFrame.size)
        if scrollView.frame != bounds { scrollView.frame = bounds }
        if let grid, grid.crossLength != ListLayout.sanitizedLength(crossLength) {
            reflowGrid(grid)
        } else {
            updateContentSize()
        }
        framesDirty = true
    }

    func updateContentSize() {
        let size = geometry.contentSize(crossLength: crossLength)
        if scrollView.contentSize != size { scrollView.contentSize = size }
    }

    var viewportLength: Double {
        storedLayout.axis == .horizontal ? storedFrame.width : storedFrame.height
    }

    var crossLength: Double {
        storedLayout.axis == .horizontal ? storedFrame.height : storedFrame.width
    }

    /// The items' cross length: the list's, less the cross-axis insets (never below 0).
    var itemCrossLength: Double {
        let i = storedLayout.insets
        let c = storedLayout.axis == .horizontal ? crossLength - i.top - i.bottom : crossLength - i.left - i.right
        return max(0, c)
    }

    var axisOffset: Double { axisComponent(scrollView.contentOffset) }

    /// A down at `p` landed in `s` on its path: when `s` is this list's scroll view, the row under `p` becomes the
    /// gesture's swipe candidate (it has actions) and its reorder candidate (it lifts), unless an inner list's is.
    override func rowsDown(at p: Point, time: Double, in s: ScrollingView, _ rows: inout RouterRowState) {
        guard s === scrollView, let item = item(at: pointFromRootSpace(p)) else { return }
        if rows.swipeList == nil, swipeActionsExist(for: item) {
            rows.swipeList = self
            rows.swipeItem = item
        }
        if rows.reorderList == nil, canLift(item) {
            rows.reorderList = self
            rows.reorderItem = item
            rows.longPressAt = time + Self.reorderLongPressDuration
        }
    }

    func axisComponent(_ p: Point) -> Double {
        storedLayout.axis == .horizontal ? p.x : p.y
    }
}
