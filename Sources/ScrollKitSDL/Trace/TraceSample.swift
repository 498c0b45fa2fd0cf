// TraceSample: what an app reports for one frame of the per-frame trace (its main scroll view and the columns of
// its features), neutral where it has nothing to say, and how a list view and a text field fill it.

import Motion
import ScrollKit

/// What an app reports for one frame of the per-frame trace (`scrollkit-demo --trace`, ScrollKitTesting's
/// `TestApp.recordTrace`): its main scroll view's state and the columns of the features it has. Every field
/// defaults to its neutral value, so an app fills only the columns it has. In the gallery's `home` scene the
/// main scroll view is the vertical list of shelves (its items are the shelves); the `inner…` fields are a
/// carousel's.
public struct TraceSample: Sendable, Equatable {
    /// The main scroll view's content offset, points.
    public var offset: Point = .zero
    /// The main scroll view's velocity, points per second (in the direction the offset moves).
    public var velocity: Point = .zero
    /// The main scroll view's phase (idle, tracking, dragging, decelerating, animating, …).
    public var phase: ScrollingPhase = .idle
    /// The main scroll view's viewport size, points.
    public var viewportSize: Size = .zero
    /// The main scroll view's content size, points.
    public var contentSize: Size = .zero
    /// The first and last items intersecting the viewport; -1 when none.
    public var firstVisible: Int = -1
    /// The last item intersecting the viewport; -1 when none.
    public var lastVisible: Int = -1
    /// Cells the data source configured in this frame.
    public var configured: Int = 0
    /// The picker's selected item; -1 in scenes without a picker.
    public var selected: Int = -1
    /// The index of the shelf whose carousel moved last (-1: none yet).
    public var innerIndex: Int = -1
    /// That carousel's content offset along x, points (0 when there is none).
    public var innerOffsetX: Double = 0
    /// That carousel's velocity along x, points per second (0 when there is none).
    public var innerVelocityX: Double = 0
    /// The focused shelf and card (-1: none). Other scenes fill them where their own notion fits
    /// (the list's focused row).
    public var focusRow: Int = -1
    /// The focused card (item) in the focused row; -1: none.
    public var focusItem: Int = -1
    /// The card opened last, by tap or by Return (-1: none). Other scenes fill them where their own
    /// notion fits (a tapped list row as activated).
    public var activatedRow: Int = -1
    /// The item of the row opened last; -1: none.
    public var activatedItem: Int = -1
    /// The section whose header is pinned at the top of the main list (-1: none, or a scene without sections).
    public var pinnedSection: Int = -1
    /// The main scroll view's zoom scale (1 where a scene has no zoom).
    public var zoomScale: Double = 1

    // The columns after `zoomScale`, in the order every tool reads them (DEVELOPERS.md, "Trace format").
    /// The main list's or grid's true item count (-1: the scene has none).
    public var itemCount: Int = -1
    /// The display's vblank counter (X Present's MSC, Wayland's presentation sequence) at which the frame was
    /// shown; -1 headless and on the timer.
    public var displayFrame: Int = -1
    /// The focused text field's text ("": none).
    public var focusText: String = ""
    /// The focused text field's selection, in Unicode scalars of `focusText` (-1: no field).
    public var selectionStart: Int = -1
    /// The end of the focused field's selection (equal to `selectionStart` for a caret; -1: no field).
    public var selectionEnd: Int = -1
    /// The input method's composition in the focused field ("": none).
    public var composing: String = ""
    /// Screens on the scene's navigation stack, 1 at its root (0: the scene has no stack).
    public var navigationDepth: Int = 0
    /// Pull-to-refresh: idle, pulling, armed, refreshing or ending.
    public var refreshState: String = "idle"
    /// The row swiped open or being swiped (-1: none), and how far, in points (negative: to the left).
    public var swipeRow: Int = -1
    /// How far the swiped row is open, in points (negative: to the left).
    public var swipeOffset: Double = 0
    /// The row lifted for reordering and the index it would drop at (-1: none).
    public var reorderRow: Int = -1
    /// The index the lifted row would drop at (-1: none).
    public var reorderTarget: Int = -1
    /// The presented sheet's top edge, in window points (-1: no sheet). Scenes report it in their own
    /// coordinates; the gallery shell adds where the scene sits in the window.
    public var sheetPosition: Double = -1
    /// The accessible name of the focused view ("" when nothing has focus): ``ScrollKit/ViewNode/focusedAccessibilityLabel``.
    public var focusLabel: String = ""
    /// The frontmost presentation (`none` without one): ``ScrollKit/ViewNode/frontmostPresentation``.
    public var presentation: PresentationKind = .none

    /// Every column neutral: zero numbers, idle phase, -1 indices.
    public static let neutral = TraceSample()

    /// A sample with the first columns given and every other one neutral.
    public init(offset: Point = .zero, velocity: Point = .zero, phase: ScrollingPhase = .idle,
                viewportSize: Size = .zero, contentSize: Size = .zero, firstVisible: Int = -1, lastVisible: Int = -1,
                configured: Int = 0, selected: Int = -1) {
        self.offset = offset
        self.velocity = velocity
        self.phase = phase
        self.viewportSize = viewportSize
        self.contentSize = contentSize
        self.firstVisible = firstVisible
        self.lastVisible = lastVisible
        self.configured = configured
        self.selected = selected
    }
}

extension TraceSample {
    /// The columns of a scene whose main scroll view is `list`'s, with `selected` (-1: none).
    @MainActor
    public init(list: ListView, selected: Int = -1) {
        let scroll = list.scrollView
        let visible = list.visibleRange
        self.init(offset: scroll.contentOffset, velocity: scroll.velocity, phase: scroll.phase,
                  viewportSize: list.frame.size, contentSize: scroll.contentSize,
                  firstVisible: visible.isEmpty ? -1 : visible.lowerBound,
                  lastVisible: visible.isEmpty ? -1 : visible.upperBound - 1,
                  configured: list.configuredInLastStep, selected: selected)
        zoomScale = scroll.zoomScale
        itemCount = list.numberOfItems
        refreshState = list.refreshState.rawValue
        swipeRow = list.swipedItem ?? -1
        swipeOffset = list.swipeOffset
        reorderRow = list.reorderingItem ?? -1
        reorderTarget = list.reorderDestination ?? -1
    }
}

extension TraceSample {
    /// Fills `focusLabel` and `presentation` from the tree under `root`: its focused view's accessible name and
    /// its frontmost presentation.
    @MainActor
    public mutating func fillFocusAndPresentation(from root: ViewNode) {
        focusLabel = root.focusedAccessibilityLabel
        presentation = root.frontmostPresentation
    }

    /// Fills `focusText`, `selectionStart`, `selectionEnd` and `composing` from the focused text field:
    /// its text, its selection in Unicode scalars (equal ends for a caret) and its composition.
    @MainActor
    public mutating func fillText(from field: any TextInputClient) {
        focusText = field.text
        let range = field.selectedScalarRange
        selectionStart = range.lowerBound
        selectionEnd = range.upperBound
        composing = field.compositionText
    }
}
