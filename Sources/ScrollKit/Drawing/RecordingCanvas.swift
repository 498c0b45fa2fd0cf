/// A ``DrawingCanvas`` that draws nothing and records every call as a ``Command``, for tests.
///
/// Commands are recorded as called, in the caller's (possibly translated) coordinates, with the
/// translations themselves as ``Command/pushTranslation(dx:dy:)`` and ``Command/popTranslation``;
/// ``currentTranslation`` and ``currentClip`` (in canvas coordinates) follow them.
///
/// It also tracks the clip stack (``currentClip``) and answers `measureText` with a fixed, documented
/// approximation, so layout code behaves deterministically without fonts.
///
/// ```swift
/// let canvas = RecordingCanvas(size: Size(width: 320, height: 480))
/// list.draw(in: canvas)
/// #expect(canvas.texts.first == "Row 0")
/// ```
@MainActor
public final class RecordingCanvas: DrawingCanvas {
    /// One recorded drawing call, with its arguments.
    public enum Command: Sendable, Hashable {
        case clear(RGBAColor)
        case fill(Rect, RGBAColor)
        case fillRoundedRect(Rect, radius: Double, RGBAColor)
        case strokeRect(Rect, RGBAColor, width: Double)
        case line(from: Point, to: Point, RGBAColor, width: Double)
        case polyline([Point], RGBAColor, width: Double)
        case circle(center: Point, radius: Double, RGBAColor)
        case text(String, in: Rect, style: TextStyle, alignment: TextAlign)
        /// A ``TextLayout`` drawn with its top-left corner at a point.
        case textLayout(TextLayout, at: Point)
        case image(ImageRef, in: Rect, opacity: Double)
        case pushClip(Rect)
        case popClip
        case pushTranslation(dx: Double, dy: Double)
        case popTranslation
    }

    /// The drawable area in points.
    public var size: Size
    /// Everything drawn since creation or the last ``reset()``, in order.
    public private(set) var commands: [Command] = []
    /// How many `popClip` calls had no matching `pushClip` (they are ignored, as a real canvas must).
    public private(set) var unbalancedPops = 0
    /// How many `popTranslation` calls had no matching `pushTranslation` (ignored).
    public private(set) var unbalancedTranslationPops = 0
    private var clipStack: [Rect] = []
    private var translationStack: [Point] = []

    public init(size: Size = Size(width: 800, height: 600)) {
        self.size = size
    }

    /// Forgets the recorded commands and clips (keeping their storage, so per-frame reuse does not allocate).
    public func reset() {
        commands.removeAll(keepingCapacity: true)
        clipStack.removeAll(keepingCapacity: true)
        unbalancedPops = 0
        translationStack.removeAll(keepingCapacity: true)
        unbalancedTranslationPops = 0
    }

    /// The clip in effect, in canvas (untranslated) coordinates: the intersection of every pushed
    /// clip, each moved by the translation in force when it was pushed (a zero rect when they do
    /// not overlap), or the whole canvas when none is pushed.
    public var currentClip: Rect { clipStack.last ?? Rect(origin: .zero, size: size) }
    /// How many clips are pushed now.
    public var clipDepth: Int { clipStack.count }
    /// The sum of the translations pushed now (zero when none).
    public var currentTranslation: Point { translationStack.last ?? .zero }
    /// How many translations are pushed now.
    public var translationDepth: Int { translationStack.count }

    /// The strings drawn with `drawText`, in order.
    public var texts: [String] {
        commands.compactMap { if case .text(let s, _, _, _) = $0 { s } else { nil } }
    }
    /// The rectangles passed to `fill`, in order.
    public var filledRects: [Rect] {
        commands.compactMap { if case .fill(let r, _) = $0 { r } else { nil } }
    }

    public func clear(_ color: RGBAColor) { commands.append(.clear(color)) }
    public func fill(_ rect: Rect, color: RGBAColor) { commands.append(.fill(rect, color)) }
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBAColor) {
        commands.append(.fillRoundedRect(rect, radius: radius, color))
    }
    public func strokeRect(_ rect: Rect, color: RGBAColor, width: Double) {
        commands.append(.strokeRect(rect, color, width: width))
    }
    public func drawLine(from: Point, to: Point, color: RGBAColor, width: Double) {
        commands.append(.line(from: from, to: to, color, width: width))
    }
    public func drawPolyline(_ points: [Point], color: RGBAColor, width: Double) {
        commands.append(.polyline(points, color, width: width))
    }
    public func fillCircle(center: Point, radius: Double, color: RGBAColor) {
        commands.append(.circle(center: center, radius: radius, color))
    }
    /// Records the call with the style at the current ``ViewNode/textScale`` (as a canvas draws it).
    public func drawText(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign) {
        commands.append(.text(text, in: rect, style: style.atCurrentTextScale, alignment: alignment))
    }

    public func drawTextLayout(_ layout: TextLayout, at origin: Point) {
        commands.append(.textLayout(layout, at: origin))
    }

    /// The text layouts drawn with `drawTextLayout`, in order.
    public var textLayouts: [TextLayout] {
        commands.compactMap { if case .textLayout(let layout, _) = $0 { layout } else { nil } }
    }

    /// An approximation without fonts: 0.6 x the point size per character (Unicode scalars),
    /// 1.2 x the point size tall (at the current ``ViewNode/textScale``). Empty text is 0 wide.
    public func measureText(_ text: String, style: TextStyle) -> Size {
        let scaled = style.atCurrentTextScale.size
        let size = scaled.isFinite ? max(0, scaled) : 0
        return Size(width: Double(text.unicodeScalars.count) * size * 0.6, height: size * 1.2)
    }

    public func drawImage(_ image: ImageRef, in rect: Rect, opacity: Double) {
        commands.append(.image(image, in: rect, opacity: opacity))
    }

    public func pushClip(_ rect: Rect) {
        commands.append(.pushClip(rect))
        let t = currentTranslation
        let moved = rect.offsetBy(dx: t.x, dy: t.y)
        let clipped = currentClip.intersection(moved) ?? Rect(origin: moved.origin, size: .zero)
        clipStack.append(clipped)
    }

    public func popClip() {
        commands.append(.popClip)
        if clipStack.popLast() == nil { unbalancedPops += 1 }
    }

    public func pushTranslation(dx: Double, dy: Double) {
        commands.append(.pushTranslation(dx: dx, dy: dy))
        let t = currentTranslation
        translationStack.append(Point(x: t.x + (dx.isFinite ? dx : 0), y: t.y + (dy.isFinite ? dy : 0)))
    }

    public func popTranslation() {
        commands.append(.popTranslation)
        if translationStack.popLast() == nil { unbalancedTranslationPops += 1 }
    }
}
