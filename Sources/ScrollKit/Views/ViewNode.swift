// ViewNode: the view tree's node — tree, geometry, hit testing, frames, drawing, presses, focus and input.

import Motion

/// A rectangle on screen in a tree of views: a frame in its superview's coordinates, subviews drawn in
/// order over it, hit testing, per-frame updates, focus and activation. ``ScrollingView``, ``ListView``,
/// ``PickerView`` and ``ListCell`` are view nodes, so a cell can hold a scroll view (a carousel in a list
/// row) and the tree arbitrates between them.
///
/// Kept deliberately small; UIKit's `UIView` is the model for what a view owns:
/// - **Geometry.** ``frame`` is in the superview's coordinates. A view's own coordinates start at its
///   frame's top-left, except a scroll view's, which start at its content offset (UIKit's bounds origin):
///   subviews of a scroll view are laid out in content coordinates and move as it scrolls.
/// - **Drawing.** ``draw(in:)`` draws the view and its subtree: each view's ``draw(in:frame:)`` (override
///   it; `frame` is the view's rectangle in the canvas's coordinates), then its subviews in order, clipped
///   to the view when ``clipsToBounds`` (scroll views always clip). The focused view gets a focus ring.
/// - **Frames.** ``step(_:)`` calls ``update(_:)`` on every view of the tree, parents before children.
///   ``isAnimating`` is true while any view of the tree needs frames.
/// - **Input.** ``handle(_:)`` takes events in the coordinates of the view's frame (a window's, for the
///   root) and routes them through the tree: see *Composition* below. Call it on the root. Every pointer
///   (the mouse, each finger) enters an arena of its own with the ``GestureRecognizer``s on its hit path and
///   the library's gestures; fingers on one scroll view move it by their centroid; a touch drag is shown resampled
///   at each frame (``ScrollingView/touchResampleLatency``).
///
/// ## Composition: who gets a gesture
/// Press, drag, chaining, tap, wheel and keys: the rules are in <doc:ComposingScreens> ("Who gets a gesture").
///
/// ## Bad input
/// A NaN or infinite frame origin counts as 0, a NaN, infinite or negative size as 0; a zero-sized view
/// draws nothing and takes no press. Adding a view to itself or to one of its own subviews is ignored.
/// Nothing traps.
@MainActor
open class ViewNode {
    // MARK: - Documented constants
    /// Seconds a press inside a scroll view waits before it highlights its view (UIKit's
    /// `delaysContentTouches` waits 150 ms): a drag that starts within it never flashes a highlight.
    public static let highlightDelay: Double = 0.15
    /// Seconds a tap that ended before ``highlightDelay`` keeps its view highlighted, so it is seen.
    public static let tapHighlightDuration: Double = 0.1

    // MARK: - Tree
    // The frame and the subviews are read for every view of every frame drawn, by the tree's own methods
    // on the main actor and never through overlapping inout accesses: no dynamic exclusivity checks.
    @exclusivity(unchecked) var storedFrame: Rect
    @exclusivity(unchecked) var storedSubviews: [ViewNode] = []
    /// The router of a tree whose root this view is (made on the first ``handle(_:)`` or focus call).
    var router: InputRouter?
    /// The direction set on this view (``layoutDirection``), and the effective one as last resolved, with the
    /// ``ViewNode/directionGeneration`` it was resolved at (see `ViewNode+LayoutDirection.swift`).
    @exclusivity(unchecked) var storedLayoutDirection: ReadingDirection?
    @exclusivity(unchecked) var resolvedDirection = (generation: UInt64.max, direction: ReadingDirection.leftToRight)
    /// The theme set on this view (``theme``), and the effective one as last resolved, with the generations it
    /// was resolved at (see `ViewNode+Theme.swift`).
    @exclusivity(unchecked) var storedTheme: ThemeBox?
    @exclusivity(unchecked) var resolvedTheme: (tree: UInt64, theme: UInt64, box: ThemeBox?) = (.max, .max, nil)
    /// The accessibility settings made on this view (ViewNode+Accessibility.swift), made on the first one.
    var accessibilitySettings: AccessibilitySettings?
    /// The layout system's state of this view (Arrangement/LayoutSettings.swift), made on first use.
    var layoutSettings: LayoutSettings?
    /// The context menu of this view (``contextMenuProvider``), and the long press that opens it.
    var contextMenu: ContextMenuSettings?
    /// Whether this is the window's presentation layer: placed in the root's frame, not in its (scrolled) content.
    @exclusivity(unchecked) var isPresentationLayer = false

    /// The view's rectangle in its superview's coordinates (for the root: the window's), in points.
    /// Sanitized (see *Bad input*). A change of size lays the view out again.
    public var frame: Rect {
        get { storedFrame }
        set {
            let new = Self.sanitized(newValue)
            guard new != storedFrame else { return }
            let oldSize = storedFrame.size
            storedFrame = new
            if oldSize != new.size { sizeDidChange() }
        }
    }

    /// The view this one is a subview of, or `nil` for a root (or a view not in a tree).
    public internal(set) weak var superview: ViewNode?
    /// The subviews, in drawing order (the last is drawn on top and hit first).
    public var subviews: [ViewNode] { storedSubviews }

    /// Hidden views (and their subtrees) are not drawn and take no input, and take no room in an arrangement.
    @exclusivity(unchecked) public var isHidden = false {
        didSet { if isHidden != oldValue, superview?.arrangesSubviews == true { superview?.setNeedsLayout() } }
    }
    /// When false, the view and its subtree take no pointer events (they fall through to the view below).
    public var isUserInteractionEnabled = true
    /// Whether subviews are clipped to the view's rectangle. Scroll views always clip.
    @exclusivity(unchecked) public var clipsToBounds = false

    /// Makes a view with `frame` (sanitized).
    public init(frame: Rect = .zero) {
        storedFrame = Self.sanitized(frame)
    }

    /// Adds `view` on top of the subviews, taking it from its current superview. Ignored when `view` is
    /// this view or one of its ancestors (a tree has no cycles).
    public func addSubview(_ view: ViewNode) {
        insertSubview(view, at: storedSubviews.count)
    }

    /// Inserts `view` at `index` (clamped) among the subviews; see ``addSubview(_:)``.
    public func insertSubview(_ view: ViewNode, at index: Int) {
        var ancestor: ViewNode? = self
        while let a = ancestor {
            if a === view { return }
            ancestor = a.superview
        }
        view.removeFromSuperview()
        let i = min(max(index, 0), storedSubviews.count)
        storedSubviews.insert(view, at: i)
        view.superview = self
        ViewNode.directionGeneration &+= 1
        if arrangesSubviews { setNeedsLayout() }
        if superview == nil, !view.isPresentationLayer { keepPresentationLayerOnTop() }
    }

    /// Takes the view out of its superview's subviews. Focus inside the removed subtree is dropped.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.storedSubviews.firstIndex(where: { $0 === self }) {
            parent.storedSubviews.remove(at: index)
        }
        superview = nil
        ViewNode.directionGeneration &+= 1
        if parent.arrangesSubviews { parent.setNeedsLayout() }
        parent.rootView.router?.subtreeRemoved(self)
    }

    /// Replaces the subviews with `views` (internal: a list's cells). No allocation once the array has
    /// grown to the largest count.
    /// Adds `view` last, for a caller that has just detached every subview (``replaceSubviews(with:)``):
    /// no check that it is not already a subview.
    func appendSubview(_ view: ViewNode) {
        if view.superview !== self { ViewNode.directionGeneration &+= 1 }
        view.superview = self
        storedSubviews.append(view)
    }

    func replaceSubviews<C: ViewNode>(with views: [C]) {
        for view in views where view.superview !== self { ViewNode.directionGeneration &+= 1; break }
        for view in storedSubviews where view.superview === self { view.superview = nil }
        storedSubviews.removeAll(keepingCapacity: true)
        for view in views {
            view.superview = self
            storedSubviews.append(view)
        }
    }

    /// The root of the tree this view is in (the view itself when it has no superview).
    public var rootView: ViewNode {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// Whether `self` is `view` or one of its descendants.
    public func isDescendant(of view: ViewNode) -> Bool {
        var current: ViewNode? = self
        while let c = current {
            if c === view { return true }
            current = c.superview
        }
        return false
    }

    // MARK: - Geometry
    /// Where the view's own coordinates start, in its frame: zero, or a scroll view's content offset.
    var boundsOrigin: Point { .zero }

    /// The view's own rectangle in its own coordinates (UIKit's `bounds`): its size at ``boundsOrigin``
    /// (zero for plain views, the content offset for scroll views).
    public var bounds: Rect { Rect(origin: boundsOrigin, size: storedFrame.size) }

    /// Internal: whether the view reflects its subviews' horizontal placement (a right-to-left scroll view,
    /// ``ScrollingView/mirrorsContent``): a subview at `x` (width `w`) in its own coordinates shows at
    /// `width − (x − bounds.minX) − w` from its frame's left edge, and a point `x` at `width − (x − bounds.minX)`.
    /// The subviews themselves are not reflected inside (each lays itself out for its direction).
    var mirrorsSubviews: Bool { false }

    /// Called when the frame's size changed (internal: the library's views resize their parts).
    func sizeDidChange() { layoutSubviews(); layOutPresentationLayer() }

    /// Lays out the subviews after the view's size changed. The default does nothing; override it to
    /// place subviews from ``bounds``.
    open func layoutSubviews() {}

    // MARK: - Sizing (the layout system: Arrangement/)
    /// The size the view wants for `proposal` (each side offered, or `nil` for its ideal), as SwiftUI's views and
    /// UIKit's `sizeThatFits(_:)`: a container (``RowStack``, ``ColumnStack``…) asks, then places the view at the
    /// size it chooses. The default is flexible: the proposal, with the current frame's size as the ideal. Labels,
    /// controls and stacks answer from their content; call ``setNeedsLayout()`` when yours changes.
    open func sizeThatFits(_ proposal: SizeProposal) -> Size { proposal.replacingUnspecified(by: storedFrame.size) }
    /// Where `guide` lies in the view at `size` when none was set (``alignmentGuide(_:computeValue:)``): the guide's
    /// default fraction of the size. ``LabelView`` answers its baseline for ``AlignmentGuide/firstBaseline``.
    open func defaultGuideValue(_ guide: AlignmentGuide, size: Size) -> Double {
        guide.defaultFraction * (guide.axis == .horizontal ? size.width : size.height)
    }
    /// Internal: whether the view lays its subviews out through the layout system (an ``ArrangementView``).
    var arrangesSubviews: Bool { false }
    /// Internal: whether the view takes exactly the size it is offered, whatever its content (a scroll view).
    var takesProposedSize: Bool { false }
    /// Internal: the view's cached answers were dropped (an arrangement view drops its arrangement's cache).
    func arrangementDidInvalidate() {}

    // MARK: - Hit testing
    /// The deepest visible, interactive view containing `point` (in this view's own coordinates): the
    /// last subview that contains it, searched in reverse drawing order, else this view; `nil` when
    /// the point is outside (or the view hidden or not interactive).
    open func hitTest(_ point: Point) -> ViewNode? {
        guard !isHidden, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        var i = storedSubviews.count - 1
        while i >= 0 {
            let sub = storedSubviews[i]
            if let hit = sub.hitTest(self.point(point, inSubview: sub)) { return hit }
            i -= 1
        }
        return self
    }

    /// Whether `point` (own coordinates) lies inside ``bounds``.
    open func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }

    // MARK: - Frames

    /// Advances the tree one display frame: ``update(_:)`` on every view, parents before children, and
    /// the tree's press highlight timing. Call it on the root. O(views in the tree), no allocation.
    public func step(_ tick: FrameTick) {
        router?.beforeStep(tick)
        stepTree(tick)
    }

    func stepTree(_ tick: FrameTick) {
        update(tick)
        var i = 0
        while i < storedSubviews.count {
            storedSubviews[i].stepTree(tick)
            i += 1
        }
        didStepSubviews(tick)
    }

    /// The view's own per-frame work for `tick` (compute what the frame shows at `tick.targetTimestamp`).
    /// The default does nothing. Override it and ``isAnimating`` for a view that moves by itself.
    open func update(_ tick: FrameTick) {}

    /// Internal: after the subviews stepped (a list brings its cells up to date).
    func didStepSubviews(_ tick: FrameTick) {}

    /// Whether anything in the tree needs frames: a scroll view moving, a highlight waiting for its
    /// delay, an ambient animation (``hasAmbientAnimation``, except in an ``isIdle`` walk). False at rest, so a
    /// host can sleep until input. Overrides add their own motion to `super`'s.
    open var isAnimating: Bool {
        if router?.needsFrames == true { return true }
        if ViewNode.walkCountsAmbient, hasAmbientAnimation { return true }
        for sub in storedSubviews where sub.isAnimating { return true }
        return false
    }

    /// Whether the view shows an ambient animation now: one that repeats while nothing happens (a focused
    /// field's caret blinking), which a host draws (``isAnimating`` counts it) but which is no work in
    /// progress: the tree is ``isIdle`` with it running. Override it rather than adding it to ``isAnimating``.
    open var hasAmbientAnimation: Bool { false }

    // MARK: - Drawing

    /// Draws the view and its subtree, the view at its ``frame`` taken in `canvas`'s coordinates (for the
    /// root: window coordinates), with the focus ring of the tree's focused view. Call it on the root.
    public func draw(in canvas: any DrawingCanvas) {
        render(in: canvas, parentOrigin: .zero, focus: rootView.router?.focusMark ?? .none)
    }

    func render(in canvas: any DrawingCanvas, parentOrigin: Point, focus: FocusMark) {
        guard !isHidden else { return }
        prepareForDrawing()
        let rect = storedFrame.offsetBy(dx: parentOrigin.x, dy: parentOrigin.y)
        guard rect.width > 0, rect.height > 0 else { return }
        let clips = clipsToBounds
        if clips { canvas.pushClip(rect) }
        draw(in: canvas, frame: rect)
        if needsDisplay {
            needsDisplay = false
            canvas.damageTracking?.invalidate(rect)
        }
        let b = boundsOrigin
        // Mirrored: the origin is the reflection axis (subviews show at `origin.x − x − width`), which moves
        // with the content as the origin of unmirrored content does.
        let origin = Point(x: mirrorsSubviews ? rect.maxX + b.x : rect.minX - b.x, y: rect.minY - b.y)
        if scrollsContent, let tracking = canvas.damageTracking {
            renderSubviews(in: canvas, origin: tracking.beginScrolledContent(origin: origin), focus: focus)
            tracking.endScrolledContent()
        } else {
            renderSubviews(in: canvas, origin: origin, focus: focus)
        }
        drawOverlay(in: canvas, frame: rect)
        if let layer = storedSubviews.last, layer.isPresentationLayer { layer.render(in: canvas, parentOrigin: rect.origin, focus: focus) }
        if clips { canvas.popClip() }
        if focus.matches(self) { drawFocusRing(in: canvas, frame: rect) }
    }

    /// Internal: draws the subviews with their superview's own coordinates at `origin` in the canvas.
    func renderSubviews(in canvas: any DrawingCanvas, origin: Point, focus: FocusMark) {
        let mirrors = mirrorsSubviews
        var i = 0
        while i < storedSubviews.count {
            let sub = storedSubviews[i]
            if sub.isPresentationLayer { i += 1; continue }   // drawn over everything, in the frame (render)
            if mirrors {
                let f = sub.storedFrame   // shown at origin.x − maxX: a parent origin that puts minX there
                sub.render(in: canvas, parentOrigin: Point(x: origin.x - f.maxX - f.minX, y: origin.y), focus: focus)
            } else {
                sub.render(in: canvas, parentOrigin: origin, focus: focus)
            }
            i += 1
        }
    }

    /// Internal: whether the subviews are content that scrolls (a scroll view's): drawn between the
    /// canvas's `beginScrolledContent(origin:)` and `endScrolledContent()`, at a device-pixel-rounded origin.
    var scrollsContent: Bool { false }

    /// Whether the view asked to be redrawn (``setNeedsDisplay()``) and has not been drawn since.
    @exclusivity(unchecked) public private(set) var needsDisplay = false

    /// Marks the whole view as changed for the next frame, as UIKit's `setNeedsDisplay()`.
    ///
    /// A canvas that redraws only what changed (SDLCanvas on a software target, see its `tracksDamage`)
    /// finds most changes itself: it compares the calls each view makes with the last frame's, so a view
    /// whose `draw(in:frame:)` draws something else (a new title, colour, place or size) is redrawn without
    /// asking. Call this when what `draw(in:frame:)` shows changes while its calls stay the same: pixels the
    /// view keeps itself and draws through an unchanged call, an external source behind the same image
    /// name. It is cheap (a flag); the view's rectangle is redrawn in the next frame it is drawn in.
    /// Called on every view of a subtree whose effective theme changed (``theme``): redraws the view. Override it
    /// to rebuild what the view derives from its theme, and call `super`.
    open func effectiveThemeDidChange() { setNeedsDisplay() }

    /// A new ``drawingVersion`` as well: a call group keyed by it is drawn again.
    public func setNeedsDisplay() { needsDisplay = true; drawingVersion = DrawingVersion.next() }

    /// The version of the view's drawing inputs: new whenever a property marked ``DrawingInput`` is set (or
    /// ``setNeedsDisplay()`` is called). A view puts it in the key of the call group it draws in (``CallGroupKey``).
    @exclusivity(unchecked) public private(set) var drawingVersion = DrawingVersion.next()
    /// Internal: gives the view a new ``drawingVersion`` (``DrawingInput`` calls it).
    @usableFromInline func drawingInputChanged() { drawingVersion = DrawingVersion.next() }

    /// Internal: draws over the subviews, inside the view's clip (a scroll view's indicators).
    func drawOverlay(in canvas: any DrawingCanvas, frame: Rect) {}

    /// Internal: brings the view up to date before it draws (a list configures its visible cells).
    func prepareForDrawing() {}

    /// Draws the view's own content into `frame` (its rectangle in the canvas's coordinates), under its
    /// subviews. The default draws nothing.
    open func draw(in canvas: any DrawingCanvas, frame: Rect) {}

    /// Draws the focus ring around `frame` when this view has focus, in its theme's ``FocusRingStyle``: a stroke
    /// ``FocusRingStyle/outset`` outside the frame (rounded to ``focusCornerRadius`` when the style follows
    /// corners), or a rounded ring inside it where the outside would be clipped (``focusRingFitsOutside(outset:)``:
    /// a row as wide as its list). Override it for another look, or with nothing when the view draws its own focus.
    open func drawFocusRing(in canvas: any DrawingCanvas, frame: Rect) { drawDefaultFocusRing(in: canvas, frame: frame) }

    /// The radius of the view's rounded corners, which its focus ring follows (0, the default: square).
    open var focusCornerRadius: Double { 0 }

    /// The kind of presentation this view is while shown above a window's content (a sheet, an alert), or `nil`
    /// (the default) for ordinary views: ``frontmostPresentation`` reads it.
    open var presentationKind: PresentationKind? { nil }

    /// The Back command reached this view (``performBack()``: Escape or ``Key/back`` that nothing focused took):
    /// return true to take it (a navigation stack pops, a presentation goes). Default: false.
    open func handleBack() -> Bool { false }

    /// On a root: asked when Back found no taker in the tree (return true to take it, for example to leave a
    /// screen of the app's own). Held strongly; capture owners weakly.
    public var onBack: (@MainActor () -> Bool)?

    /// A key while this view (a list cell: its item) has focus, before the tree moves focus or presses it:
    /// return true to take it (a picker steps with its arrows, a row's switch flips with Space). Default: none.
    open func handleFocusedKey(_ key: Key) -> Bool { false }

    // Router hooks, overridden by the library's views (the router dispatches; it casts to no view type):
    /// A middle-click at `p` (root coordinates) on this view's path: paste the primary selection, true if taken.
    func takePrimaryPaste(atRoot p: Point) -> Bool { false }
    /// This view gained or lost the tree's focus (`byKey`: a key moved it).
    func focusDidChange(_ focused: Bool, byKey: Bool) {}
    /// A down at `p` passes this view on its path (innermost first): a stack or a sheet notes itself in `nav`;
    /// false stops the walk.
    func navigationDown(at p: Point, time: Double, _ nav: inout RouterNavState) -> Bool { true }
    /// A down at `p` lands in `s`, a scroll view of this view's: a list notes its row's swipe or lift in `rows`.
    func rowsDown(at p: Point, time: Double, in s: ScrollingView, _ rows: inout RouterRowState) {}
    /// This view when it is a scroll view (a virtual call where a hit path would cast).
    var pathScrollView: ScrollingView? { nil }

    /// Whether ``draw(in:frame:)`` paints every pixel of its frame with opaque colour (a list skips its
    /// background behind cells that all say so). The default is `false`; say `true` only if it holds.
    open var isOpaque: Bool { false }

    // MARK: - Press and activation

    /// Called when the view is activated: tapped, or Enter while it has focus. Setting it makes the view
    /// pressable (highlighted while pressed). Held strongly (a closure); capture its owner weakly.
    public var onActivate: (@MainActor (ViewNode) -> Void)?

    /// Whether a press on the view (or on a subview that is not pressable itself) highlights and
    /// activates it. The default: ``onActivate`` is set. A list's cell is pressable when its list has
    /// `onSelectItem`.
    open var isPressable: Bool { onActivate != nil }

    /// True while the view is pressed (after ``highlightDelay`` inside a scroll view) and briefly after a
    /// quick tap. Read it in ``draw(in:frame:)``.
    public internal(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { highlightDidChange() } }
    }

    /// Called when ``isHighlighted`` changes. The default does nothing.
    open func highlightDidChange() {}

    /// Activates the view: calls ``onActivate``. A list's cell also calls its list's `onSelectItem`.
    open func activate() {
        onActivate?(self)
    }

    // MARK: - Focus
    /// Whether the view itself can take focus (arrow keys, Tab, ``becomeFocused()``). Default false.
    /// A list's items take focus through ``ListView/itemsAreFocusable``.
    public var isFocusable = false
    /// Whether Tab, Shift-Tab and the arrows stay inside this view while focus is in it (Tab wraps around), as a
    /// modal dialog traps focus on the web and in GTK. Default false; ``SheetView`` sets it.
    public var confinesFocus = false
    /// The focus group this view is (a row, grid, section or panel; ``FocusGroup``): its memory, edges and exits.
    public var focusGroup: FocusGroup?

    func ensureRouter() -> InputRouter {
        if let router { return router }
        let made = InputRouter(root: self)
        router = made
        return made
    }

    // MARK: - Input

    /// Routes one input event through the tree rooted at this view, in the coordinates of this view's
    /// ``frame`` (the window's, for a root): see *Composition* in the type's notes. A pointer gesture
    /// belongs to the tree only if its down lands inside the view.
    open func handle(_ event: InputEvent) {
        ensureRouter().handle(event)
    }

    // MARK: - Gestures

    /// The recognizers this view owns (``addGestureRecognizer(_:)``): each pointer that goes down on the view
    /// or a subview of it puts them in its arena.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Where the last gesture of this root's tree went down if it was a touch (root frame coordinates); nil
    /// when the last one was the mouse's. Set by the tree's router.
    var lastTouchDown: Point?

    /// The router takes a press outside a root scroll view too (a bare scroll view has nothing around it).
    var takesPressesOutside: Bool { false }

    static func sanitized(_ r: Rect) -> Rect {
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        func size(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        return Rect(x: finite(r.minX), y: finite(r.minY), width: size(r.width), height: size(r.height))
    }
}
