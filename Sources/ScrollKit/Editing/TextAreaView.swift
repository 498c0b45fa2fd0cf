// TextAreaView: a many-line editable text view whose text wraps to its width and scrolls inside a ScrollingView
// (a note, a message being written), with the scroll following the caret.

import Motion

/// A many-line text view, as UIKit's `UITextView`: the text wraps at the box's width (UAX #14 line breaks)
/// and scrolls vertically inside a ``ScrollingView`` when it is taller than the box, with the scroll
/// following the caret. Return inserts a newline; Up and Down move by line, keeping the caret's x; Home and
/// End go to the line's ends (with Ctrl, the text's).
///
/// Everything else is ``TextEditingView``'s. A drag on an unfocused area inside a list scrolls the list; a
/// drag inside the area scrolls the area (touch), or selects (mouse, once focused).
@MainActor
public final class TextAreaView: TextEditingView {
    /// The room around the text, in points.
    public static let padding = Insets(top: 10, left: 12, bottom: 10, right: 12)
    /// The box's corner radius, fill and border.
    @DrawingInput public var cornerRadius = 10.0
    @ThemeColor(\.fieldBackground) public var fillColor: RGBAColor
    @ThemeColor(\.fieldBorder) public var borderColor: RGBAColor

    /// The scroll view the text scrolls in.
    public let scrollView: ScrollingView
    let content: TextAreaContent

    /// An area holding `text`, showing `placeholder` while empty.
    public init(text: String = "", placeholder: String = "", frame: Rect = .zero) {
        scrollView = ScrollingView(viewportSize: frame.size, contentSize: frame.size, axis: .vertical)
        content = TextAreaContent()
        super.init(text: text, frame: frame)
        self.placeholder = placeholder
        content.area = self
        scrollView.addSubview(content)
        addSubview(scrollView)
        layoutSubviews()
    }

    override var isMultiline: Bool { true }
    override var ownScrollView: ScrollingView? { scrollView }

    override var layoutWidth: Double {
        max(0, storedFrame.width - Self.padding.left - Self.padding.right)
    }

    override var visibleTextHeight: Double { scrollView.frame.height }

    override func layoutOriginInRoot() -> Point {
        _ = layout   // the window, and its place in the content
        return content.convert(Point(x: Self.padding.left, y: Self.padding.top + windowTop), to: nil)
    }

    public override func layoutSubviews() {
        scrollView.frame = bounds.insetBy(dx: 1, dy: 1)
        sizeContent()
    }

    /// The content: as wide as the viewport, as tall as the text and its padding (at least the viewport). A long
    /// text's window sits at the estimated height of the text before it, with the estimated rest after it.
    func sizeContent() {
        let size = contentSizeForText()
        if scrollView.contentSize != size { scrollView.contentSize = size }
        content.frame = Rect(origin: .zero, size: size)
    }

    private func contentSizeForText() -> Size {
        let viewport = scrollView.frame.size
        let shown = layout?.size.height ?? 0
        let textHeight = max(windowTop + shown + windowRest, lineHeight)
        return Size(width: viewport.width, height: max(viewport.height, textHeight + Self.padding.top + Self.padding.bottom))
    }

    /// After the scroll view stepped: a long text's window follows the viewport when the reader scrolled past its
    /// edge (a fling through the text, the scroll indicator dragged), laid out around the text estimated at the
    /// viewport's middle. The content and the offset move together (with any motion) by how far the estimate
    /// was off, so the text under the reader's eyes stays where it is.
    override func didStepSubviews(_ tick: FrameTick) {
        super.didStepSubviews(tick)
        followViewport()
    }

    func followViewport() {
        guard let old = layout, layoutIsPartial else { return }
        let total = displayCount
        let viewTop = scrollView.contentOffset.y - Self.padding.top
        let viewHeight = scrollView.frame.height
        guard viewTop.isFinite, viewHeight.isFinite, viewHeight > 0 else { return }
        let top = windowTop, bottom = windowTop + old.size.height
        let pastStart = layoutWindow.lowerBound > 0 && viewTop < top
        let pastEnd = layoutWindow.upperBound < total && viewTop + viewHeight > bottom
        guard pastStart || pastEnd else { return }
        let mid = viewTop + viewHeight / 2
        // The text at the middle of the viewport (estimated outside the window), and where its line shows now.
        var anchor: Int
        var anchorY = mid
        if mid < top {
            anchor = Int.clamped(Double(layoutWindow.lowerBound) * max(0, mid) / max(top, 1), to: 0...layoutWindow.lowerBound)
        } else if mid >= bottom {
            let fraction = windowRest > 0 ? (mid - bottom) / windowRest : 1
            anchor = layoutWindow.upperBound
                + Int.clamped(Double(total - layoutWindow.upperBound) * min(max(fraction, 0), 1), to: 0...(total - layoutWindow.upperBound))
        } else {
            let o = old.offset(at: Point(x: 0, y: mid - top))
            anchor = layoutWindow.lowerBound + o
            if let caret = old.caret(at: o) { anchorY = top + caret.top }
        }
        anchor = alignedDisplayOffset(anchor)
        windowAnchor = anchor
        invalidateLayout()
        guard let made = layout, let caret = made.caret(at: max(0, min(anchor - layoutWindow.lowerBound, layoutWindow.count))) else {
            sizeContent(); return
        }
        let delta = windowTop + caret.top - anchorY
        let size = contentSizeForText()
        scrollView.setContentSize(size, adjustingContentOffsetBy: Point(x: 0, y: delta.isFinite ? delta : 0))
        content.frame = Rect(origin: .zero, size: size)
    }

    override func editingDidChange() { sizeContent() }

    override func revealCaret() {
        sizeContent()
        let box = caretBox(layoutOffset: layoutOffset(model.caret))
        let rect = Rect(x: 0, y: windowTop + box.minY + Self.padding.top - 4, width: 1, height: box.height + 8)
        let target = scrollView.contentOffset(toReveal: rect)
        if target != scrollView.contentOffset { scrollView.setContentOffset(target, animated: false) }
    }

    override func edgeSpeed(atRoot p: Point) -> Double {
        let r = scrollView.frameInRoot
        if p.y > r.maxY { return 80 + 8 * (p.y - r.maxY) }
        if p.y < r.minY { return -80 - 8 * (r.minY - p.y) }
        return 0
    }

    override func scrollText(by delta: Double) {
        guard delta.isFinite else { return }
        var o = scrollView.contentOffset
        o.y += delta
        scrollView.setContentOffset(o, animated: false)
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        drawBox(in: canvas, frame: frame, radius: cornerRadius, fill: fillColor, border: borderColor)
    }
}

/// The text of a ``TextAreaView``, inside its scroll view: draws it, and hands the pointer to the area.
final class TextAreaContent: ViewNode, PointerTracking {
    weak var area: TextAreaView?

    override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard let area else { return }
        _ = area.layout   // the window, and its place (windowTop)
        let origin = Point(x: frame.minX + TextAreaView.padding.left, y: frame.minY + TextAreaView.padding.top + area.windowTop)
        area.drawEditing(in: canvas, origin: origin)
        area.drawHandles(in: canvas, origin: origin)
        if !area.isEnabled { canvas.fill(frame, color: area.fillColor.withAlpha(0.45)) }
    }

    func beginTracking(at point: Point) -> Bool { area?.beginTextTracking(atRoot: convert(point, to: nil)) ?? false }
    func continueTracking(at point: Point) { area?.continueTextTracking(atRoot: convert(point, to: nil)) }
    func endTracking(at point: Point) {
        area?.continueTextTracking(atRoot: convert(point, to: nil))
        area?.tracking = nil
    }
    func cancelTracking() { area?.tracking = nil }
    override func takePrimaryPaste(atRoot p: Point) -> Bool {
        guard let area else { return false }
        area.pastePrimary(atRoot: p)
        return true
    }
}
