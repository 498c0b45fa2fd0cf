// NavigationScreen: one screen of a NavigationStackView — its navigation bar, its content below the bar, and the
// large title that collapses into the bar as the content scrolls (scroll-linked, no timer).

import Motion

/// One screen on a ``NavigationStackView``: a ``NavigationBar`` (a back button titled with the previous screen's
/// title, or "Back", and this screen's title) over ``contentView``.
///
/// With ``prefersLargeTitle`` the title also shows large under the bar, as iOS's large titles: the content's
/// scroll view (``titleScrollView``: the content itself when it is a scroll view or a list) gets
/// ``largeTitleHeight`` of top inset, the large title sits in that space, and as the content scrolls up the space
/// shrinks by the same amount (the title moves with the content, 1:1) until it is gone and the bar's own title
/// fades in. It is read from the scroll offset at every frame: no timer, no animation of its own.
@MainActor
open class NavigationScreen: ViewNode {
    /// The bar's height, points.
    public static let barHeight = 44.0
    /// The height of the large title's space when fully shown, points.
    public static let largeTitleHeight = 52.0

    /// The title: in the bar, large under it (``prefersLargeTitle``), and on the next screen's back button.
    public var title: String { didSet { navigationBar.title = title; largeTitle.title = title } }
    /// Whether the title shows large under the bar until the content scrolls.
    public let prefersLargeTitle: Bool
    /// The bar over the content.
    public let navigationBar = NavigationBar()
    /// The screen's content, filling the screen below the bar.
    public let contentView: ViewNode
    /// The scroll view whose offset collapses the large title (the content itself when it is one, or a list's).
    public let titleScrollView: ScrollingView?
    /// The stack holding the screen (weak).
    public internal(set) weak var stack: NavigationStackView?
    let largeTitle = NavigationLargeTitleView()
    /// Hides the bar (the content fills the screen), as a root screen with a header of its own does.
    public var isNavigationBarHidden = false {
        didSet { navigationBar.isHidden = isNavigationBarHidden; layoutSubviews() }
    }
    /// How far the large title has collapsed, 0 (shown) … 1 (gone into the bar).
    public private(set) var titleCollapse = 0.0

    /// A screen titled `title` showing `content`.
    public init(title: String, content: ViewNode, prefersLargeTitle: Bool = false) {
        self.title = title
        self.contentView = content
        self.prefersLargeTitle = prefersLargeTitle
        if let list = content as? ListView {
            titleScrollView = list.scrollView
        } else {
            titleScrollView = content as? ScrollingView
        }
        super.init(frame: .zero)
        clipsToBounds = true
        addSubview(content)
        navigationBar.title = title
        largeTitle.title = title
        largeTitle.isUserInteractionEnabled = false
        if prefersLargeTitle, let s = titleScrollView {
            addSubview(largeTitle)
            navigationBar.titleOpacity = 0
            navigationBar.showsHairline = false
            var inset = s.contentInset
            inset.top += Self.largeTitleHeight
            s.contentInset = inset
            s.setContentOffset(Point(x: s.contentOffset.x, y: -inset.top), animated: false)
        }
        addSubview(navigationBar)
        navigationBar.backButton.onActivate = { [weak self] _ in
            guard let self, let stack = self.stack, stack.topScreen === self else { return }
            stack.pop(animated: true)
        }
    }

    /// What had keyboard focus on the screen below when this one was pushed (it gets it back on the pop).
    var focusToRestore: FocusTarget?

    public override var isOpaque: Bool { true }

    /// The screen's fill behind its content (the theme's `background` unless set).
    @ThemeColor(\.background) public var backgroundColor: RGBAColor

    open override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        canvas.fill(frame, color: backgroundColor)
    }

    /// Lays out the bar and the content for the stack's size and its place on it.
    func layoutForStack() {
        navigationBar.backTitle = stack?.backTitle(for: self)
        layoutSubviews()
    }

    open override func layoutSubviews() {
        let w = frame.width, h = frame.height, bar = isNavigationBarHidden ? 0 : min(h, Self.barHeight)
        navigationBar.frame = Rect(x: 0, y: 0, width: w, height: bar)
        contentView.frame = Rect(x: 0, y: bar, width: w, height: max(0, h - bar))
        navigationBar.backTitle = stack?.backTitle(for: self)
        followTitleScroll()
    }

    override func didStepSubviews(_ tick: FrameTick) {
        followTitleScroll()
    }

    /// The large title's space: what is left of ``largeTitleHeight`` once the content scrolled past its rest
    /// (more while it is pulled down), and the bar's title fading in over the last fifth.
    func followTitleScroll() {
        guard prefersLargeTitle, let s = titleScrollView else { return }
        let full = Self.largeTitleHeight
        let scrolled = s.contentOffset.y + s.contentInset.top   // 0 at rest, > 0 scrolled up
        let space = max(0, full - (scrolled.isFinite ? scrolled : 0))
        let w = frame.width
        let f = Rect(x: 0, y: min(frame.height, Self.barHeight), width: w, height: min(space, max(0, frame.height - Self.barHeight)))
        if largeTitle.frame != f { largeTitle.frame = f }
        let collapse = min(max(1 - space / full, 0), 1)
        if collapse != titleCollapse {
            titleCollapse = collapse
            navigationBar.titleOpacity = min(max((collapse - 0.8) / 0.2, 0), 1)
            navigationBar.showsHairline = collapse >= 1
        }
    }
}

/// A screen's large title: the title in 34-point bold at the bottom of its space, on the bar's colour.
final class NavigationLargeTitleView: ViewNode {
    @DrawingInput var title = ""
    static let style = TextStyle(size: 32, weight: .bold, maximumScale: TextScale.controlMaximum)

    override var isOpaque: Bool { true }

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        let colors = effectiveTheme.colors
        var style = Self.style
        style.color = colors.label
        canvas.fill(frame, color: colors.barBackground)
        guard frame.height > 0 else { return }
        canvas.pushClip(frame)
        let x = frame.minX + 16   // a rectangle symmetric in the frame: `.leading` puts the title right to left
        canvas.drawText(title, in: Rect(x: x, y: frame.maxY - 46, width: max(0, frame.width - 32), height: 42),
                        style: style, alignment: .leading)
        canvas.popClip()
    }
}
