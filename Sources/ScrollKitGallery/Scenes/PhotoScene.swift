// PhotoScene: a 4224 × 3168 photograph as a TiledImageView tile pyramid in a zoomable two-axis ScrollingView;
// reading pyramid.json, fitting the scale, and the caption.

import Motion
import ScrollKit
import ScrollKitAssets
import ScrollKitSDL

extension SceneEntry {
    /// A 4224 × 3168 photograph in a two-axis zoomable scroll view: pinch, double-tap, Ctrl + wheel,
    /// Ctrl + `+` / `-` / `0`, drag, fling and rubber band on both axes, the wheel and the keys.
    static let photo = SceneEntry(name: "photo") { context throws(CLIError) in
        try PhotoScene(context: context)
    }
}

/// The photo scene: "Dragonfly" by Bolly (CC BY-SA 4.0, `Assets/Photo/LICENSE.txt`), 4224 × 3168 pixels, in
/// a ``ScrollingView`` zooming a ``TiledImageView`` of its tile pyramid (`Assets/Photo`, 256-pixel tiles at
/// five halving levels, made by `scripts/make-photo-tiles.py`).
///
/// - At scale 1 a photo pixel is a point. The scale runs from the fit (the whole photo in view, centred:
///   `centersContent`) to 4; it starts at the fit. A resize keeps a fitted photo fitted.
/// - Pinch with two fingers, double-tap (in to the natural size, back to the fit), Ctrl + wheel about the
///   pointer, Ctrl + `+` / `-` / `0` (and `+`, `-` alone: digits switch the gallery's tabs), drag and fling with the rubber band on both
///   axes, the wheel and the arrow keys.
/// - In the trace, offsets and content sizes are in points at the current scale (as UIScrollView reports
///   them), `zoomScale` is the scale, and the visible-item columns are -1.
///
/// Frames cost about one screenful of scaled pixels at any scale: only the visible tiles of the level that
/// matches the scale are drawn. Tiles decode off the main thread; until one arrives, the coarser level
/// stands in for it (the two coarsest levels are decoded when the scene starts).
@MainActor
final class PhotoScene: DemoScene {
    /// The largest zoom scale: four points per photo pixel.
    static let maximumScale = 4.0
    /// The caption strip's height, points.
    static let captionHeight = 28.0

    let scroll: ScrollingView
    let photo: TiledImageView
    let attribution: String
    private(set) var size: Size
    private var quit = false
    /// The caption's zoom figure, formatted when the scale's whole percent changes.
    private var zoomText = ""
    private var zoomTextPercent = -1

    init(context: SceneContext) throws(CLIError) {
        let folder = BundledAssets.path(BundledAssets.photoFolder)
        let info = try Self.readPyramid(folder + "/pyramid.json")
        ImageLibrary.shared.addSearchDirectory(folder)
        photo = TiledImageView(pyramid: info.pyramid)
        attribution = "“\(info.title)” by \(info.author) · \(info.licenceName)"
        scroll = ScrollingView(viewportSize: context.size,
                               contentSize: Size(width: Double(info.pyramid.width), height: Double(info.pyramid.height)),
                               axis: .both)
        scroll.centersContent = true
        scroll.contentInset = Insets(top: 0, left: 0, bottom: Self.captionHeight, right: 0)   // above the caption
        scroll.indicatorVisibility = .automatic
        scroll.addSubview(photo)
        scroll.zoomingView = photo
        size = context.size
        // The coarsest levels stand in for tiles still decoding: decode them now.
        let levels = info.pyramid.levels.count
        for level in max(0, levels - 2)..<levels {
            let l = info.pyramid.levels[level]
            for r in 0..<l.rows {
                for c in 0..<l.columns {
                    if let tile = photo.tile(level: level, row: r, column: c) {
                        ImageLibrary.shared.prefetch(tile, size: Size(width: 1, height: 1))
                    }
                }
            }
        }
        layout(fit: true)
    }

    /// What `pyramid.json` says, checked against the pyramid its size makes.
    struct PyramidInfo {
        var pyramid: TilePyramid
        var title: String
        var author: String
        var licenceName: String
    }

    static func readPyramid(_ path: String) throws(CLIError) -> PyramidInfo {
        let bytes = try FileCheck.readFile(path, what: "photo description", limit: 1 << 20)
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw CLIError("photo description \"\(path)\": not valid JSON") }
        guard case .object(let members) = value else { throw CLIError("photo description \"\(path)\": not an object") }
        func member(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        func int(_ key: String) throws(CLIError) -> Int {
            guard case .number(let n, _)? = member(key), n.isFinite, n >= 1, n <= 1_048_576, n == n.rounded() else {
                throw CLIError("photo description \"\(path)\": \"\(key)\" must be a whole number from 1")
            }
            return Int(n)
        }
        func text(_ key: String) -> String {
            if case .string(let s)? = member(key) { return s }
            return ""
        }
        let pyramid = TilePyramid(width: try int("width"), height: try int("height"), tileSize: try int("tileSize"),
                                  nameFormat: "L{level}/{row}-{column}")
        if case .array(let levels)? = member("levels"), levels.count != pyramid.levels.count {
            throw CLIError("photo description \"\(path)\": \(levels.count) levels, expected \(pyramid.levels.count)")
        }
        let licence = text("licence")
        let name = licence.split(separator: "(").first.map { String($0).trimmingSpaces } ?? licence
        return PyramidInfo(pyramid: pyramid, title: text("title"), author: text("author"), licenceName: name)
    }

    /// The scale at which the whole photo fits the viewport.
    var fitScale: Double {
        let w = Double(photo.pyramid.width), h = Double(photo.pyramid.height)
        let v = scroll.viewportSize
        // Above the caption, unless the window is too small to spare it.
        let height = v.height > 2 * Self.captionHeight ? v.height - Self.captionHeight : v.height
        guard w > 0, h > 0, v.width > 0, height > 0 else { return scroll.minimumZoomScale }   // nothing shows: as it was
        return min(v.width / w, height / h, 1)
    }

    /// Sizes the scroll view to the scene; the fit becomes the minimum scale (and the scale, with `fit`).
    private func layout(fit: Bool) {
        scroll.frame = Rect(origin: .zero, size: Size(width: max(0, size.width), height: max(0, size.height)))
        let minimum = fitScale
        scroll.minimumZoomScale = minimum
        scroll.maximumZoomScale = max(minimum, Self.maximumScale)
        if fit { scroll.zoomScale = minimum }
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        guard size != self.size else { return }
        let wasFitted = scroll.zoomScale <= scroll.minimumZoomScale * (1 + Precision.slack)
        self.size = size
        layout(fit: wasFitted)
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .key(.escape, _, _):
            quit = true
        case .text(let c, let t) where c == "+" || c == "=":
            scroll.handle(.key(.zoomIn, time: t))
        case .text("-", let t):
            scroll.handle(.key(.zoomOut, time: t))
        default:
            scroll.handle(event)
        }
    }

    func update(_ tick: FrameTick) { scroll.step(tick) }

    func draw(in canvas: DrawingCanvas) {
        let w = max(0, size.width), h = max(0, size.height)
        guard w > 0, h > 0 else { return }
        canvas.fill(Rect(x: 0, y: 0, width: w, height: h), color: Self.background)
        scroll.draw(in: canvas)
        let percent = Int((scroll.zoomScale * 100).rounded())
        if percent != zoomTextPercent {
            zoomTextPercent = percent
            zoomText = "\(percent) %"
        }
        let strip = Rect(x: 0, y: h - Self.captionHeight, width: w, height: Self.captionHeight)
        canvas.fill(strip, color: Self.captionBackground)
        let style = TextStyle(size: 13, color: Self.captionText, maximumScale: TextScale.controlMaximum)
        canvas.drawText(attribution, in: Rect(x: 12, y: strip.minY, width: max(0, w - 96), height: strip.height),
                        style: style, alignment: .leading)
        canvas.drawText(zoomText, in: Rect(x: w - 84, y: strip.minY, width: 72, height: strip.height),
                        style: TextStyle(size: 13, weight: .bold, color: Self.captionText, maximumScale: TextScale.controlMaximum), alignment: .trailing)
    }

    var needsFrames: Bool { scroll.isAnimating }
    var wantsQuit: Bool { quit }
    func coversOpaquely(_ size: Size) -> Bool { true }

    var traceSample: TraceSample {
        var sample = TraceSample.neutral
        sample.offset = scroll.contentOffset
        sample.velocity = scroll.velocity
        sample.phase = scroll.phase
        sample.viewportSize = scroll.viewportSize
        sample.contentSize = scroll.contentSize
        sample.zoomScale = scroll.zoomScale
        return sample
    }

    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) {
        scroll.setContentOffset(offset, duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }

    func scrollToEnd(duration: Double, curve: TimingCurve?) {
        scroll.scrollToEnd(duration: duration, curve: curve ?? ScrollingView.defaultAnimationCurve)
    }

    static let background = RGBAColor(hex: 0x101114)
    static let captionBackground = RGBAColor(hex: 0x000000, alpha: 150)
    static let captionText = RGBAColor(hex: 0xE8E8ED)
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
