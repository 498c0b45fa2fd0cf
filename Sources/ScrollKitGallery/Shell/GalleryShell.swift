import Motion
import ScrollKit
import ScrollKitSDL

/// What a scene may want from the gallery beyond `DemoScene`: the host's display link, and word of
/// being shown or hidden (to stop per-frame work while its tab is not the current one).
@MainActor
protocol GalleryAttachable: AnyObject {
    /// Called once, right after the scene is created, when the run has a display link.
    func attach(displayLink: DisplayLink)
    /// Called when the scene's tab becomes the current one (true) or stops being it (false).
    func setVisible(_ visible: Bool)
}

/// A scene whose bottom right holds controls can ask for the HUD at the top right instead.
@MainActor
protocol GalleryHUDPlacement: AnyObject {
    /// True to show the HUD in the top-right corner of the content (default: bottom right).
    var prefersHUDAtTop: Bool { get }
}

/// Options of the gallery shell from the command line.
struct GalleryOptions: Sendable, Equatable {
    /// `--hud`: start with the frame-time HUD shown.
    var showsHUD = false
    /// `--help-overlay`: start with the help overlay shown.
    var showsHelp = false

    init(showsHUD: Bool = false, showsHelp: Bool = false) {
        self.showsHUD = showsHUD
        self.showsHelp = showsHelp
    }
}

/// The gallery: a tab bar over the content area, one tab per scene of the catalog (List, Paging,
/// Picker, Sprites, Curves first), a frame-time HUD and a help overlay. It is itself a `DemoScene`, so
/// the run's trace, script commands and screenshots work as before: they act on the current scene.
///
/// - Scenes are made lazily, the first time their tab is shown (the initial one at once, so a bad
///   option is a one-line CLI error), and keep their state when another tab is shown. Only the current
///   scene gets frames; a scene that cannot be made shows its error in its tab.
/// - Each scene lays out for the content area (the window minus ``tabBarHeight``) as if it were a
///   window of that size: it draws at (0, 0) (the shell translates and clips the canvas), and pointer
///   and wheel events in the content area reach it in its own coordinates. A pointer that went down in
///   the content belongs to the scene until it goes up, wherever it moves.
/// - Keys: 1–9, 0 (the tenth) and the tab bar switch tabs, Tab goes to the next, F toggles the HUD, H or ? the
///   help, Escape closes the help or quits. Every other key goes to the current scene.
@MainActor
final class GalleryShell: DemoScene {
    /// Height of the tab bar, points.
    static let tabBarHeight = 44.0
    /// The catalog's scenes in this order first (the rest follow in catalog order).
    static let preferredOrder = ["list", "paging", "picker", "sprites", "curves"]
    /// Seconds the selection indicator takes to slide to a new tab.
    static let indicatorDuration = 0.22

    /// One tab: a catalog entry and, once made, its scene.
    final class Tab {
        let entry: SceneEntry
        let title: String
        fileprivate(set) var scene: (any DemoScene)?
        /// Why the scene could not be made, if it could not.
        fileprivate(set) var error: String?
        /// The size last given to the scene through `hostDidResize`.
        fileprivate var sceneSize: Size?

        init(entry: SceneEntry) {
            self.entry = entry
            title = entry.name.prefix(1).uppercased() + entry.name.dropFirst()
        }
    }

    private(set) var tabs: [Tab]
    private let titles: [String]
    private(set) var selectedIndex: Int
    private(set) var showsHUD: Bool
    private(set) var showsHelp: Bool
    let hud = HUD()
    let help = HelpOverlay()
    let tabBar = GalleryTabBar()

    private let context: SceneContext
    private let displayLink: DisplayLink?
    private let stats: (@MainActor () -> FrameStats?)?
    private var size: Size
    private var quit = false
    private var lastTick: FrameTick?

    private enum PointerOwner { case none, scene, tab(Int), overlay }
    private var pointer = PointerOwner.none
    /// Turns the fingers of one touchscreen into the pointer (their centroid).
    private var touches = TouchTracker()
    /// Whether the pointer in progress is the fingers' (scenes then get it as a touch).
    private var pointerIsTouch = false
    private var indicator: (from: Double, to: Double, start: Double?)?
    /// The selection indicator's position in tabs (fractional while it slides).
    private(set) var indicatorPosition: Double

    /// A gallery of `entries` (ordered by ``preferredOrder``) showing `initialScene` first.
    /// - Parameters:
    ///   - context: the run's options; each scene gets it with the content area's size.
    ///   - displayLink: the host's link, handed to scenes that adopt ``GalleryAttachable``.
    ///   - stats: reads the host's frame statistics for the HUD (nil: the HUD shows no frames).
    /// - Throws: the initial scene's `CLIError`, or one naming an unknown `initialScene`.
    init(entries: [SceneEntry] = SceneCatalog.entries, initialScene: String, context: SceneContext,
         displayLink: DisplayLink? = nil, stats: (@MainActor () -> FrameStats?)? = nil,
         options: GalleryOptions = GalleryOptions()) throws(CLIError) {
        tabs = Self.ordered(entries).map(Tab.init)
        titles = tabs.map(\.title)
        guard let index = tabs.firstIndex(where: { $0.entry.name == initialScene }) else {
            throw CLIError("unknown scene \"\(initialScene)\" (valid: \(entries.map(\.name).joined(separator: ", ")))")
        }
        self.context = context
        self.displayLink = displayLink
        self.stats = stats
        size = context.size
        selectedIndex = index
        indicatorPosition = Double(index)
        showsHUD = options.showsHUD
        showsHelp = options.showsHelp
        let tab = tabs[index]
        let scene = try tab.entry.make(sceneContext)
        adopt(scene, in: tab)
    }

    /// `entries` with ``preferredOrder`` first.
    static func ordered(_ entries: [SceneEntry]) -> [SceneEntry] {
        let known = preferredOrder.compactMap { name in entries.first { $0.name == name } }
        return known + entries.filter { !preferredOrder.contains($0.name) }
    }

    // MARK: Geometry

    /// The content area in window points (below the tab bar).
    var contentRect: Rect {
        let bar = min(Self.tabBarHeight, max(0, size.height))
        return Rect(x: 0, y: bar, width: max(0, size.width), height: max(0, size.height - bar))
    }

    private var sceneContext: SceneContext {
        var c = context
        c.size = contentRect.size
        return c
    }

    /// The current tab's scene (nil if it could not be made).
    var currentScene: (any DemoScene)? { tabs[selectedIndex].scene }

    // MARK: Tabs

    /// Shows tab `index` (out of range: ignored), making its scene if needed.
    func select(_ index: Int) {
        guard tabs.indices.contains(index), index != selectedIndex else { return }
        if case .scene = pointer { cancelScenePointer() }
        (currentScene as? GalleryAttachable)?.setVisible(false)
        indicator = (indicatorPosition, Double(index), nil)
        selectedIndex = index
        let tab = tabs[index]
        if tab.scene == nil && tab.error == nil {
            do {
                adopt(try tab.entry.make(sceneContext), in: tab)
            } catch {
                tab.error = error.message
            }
        } else if let scene = tab.scene {
            (scene as? GalleryAttachable)?.setVisible(true)
        }
        resizeCurrentScene()
    }

    private func adopt(_ scene: any DemoScene, in tab: Tab) {
        tab.scene = scene
        if let attachable = scene as? GalleryAttachable {
            if let displayLink { attachable.attach(displayLink: displayLink) }
            attachable.setVisible(true)
        }
    }

    private func resizeCurrentScene() {
        let tab = tabs[selectedIndex]
        guard let scene = tab.scene else { return }
        let content = contentRect.size
        if tab.sceneSize != content {
            tab.sceneSize = content
            scene.hostDidResize(to: content)
        }
    }

    /// Ends a scene's pointer gesture whose up the scene will not see (a tab switch mid-drag): an up
    /// where the pointer last was is the honest end.
    private func cancelScenePointer() {
        pointer = .none
        if let scene = currentScene, let t = lastTick {
            scene.handle(.pointerUp(location: lastScenePointer, time: t.timestamp))
        }
    }
    private var lastScenePointer = Point.zero

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        self.size = size
        resizeCurrentScene()
    }

    func handle(_ event: InputEvent) {
        // Fingers become one pointer at their centroid, which decides between the tab bar and the scene; a
        // gesture that starts in the scene gets every finger as it is (localized), so that its scroll views
        // resample the drag and pinch (scenes' own controls read them through a `TouchTracker`).
        switch event {
        case .touchDown, .touchMove, .touchUp:
            pointerIsTouch = true
            rawTouch = event
            // Fingers of a gesture the scene owns go to it as they are: every finger, so that it can pinch.
            if case .scene = pointer {
                _ = touches.pointerEvent(for: event)
                if let p = touches.pointerLocation { lastScenePointer = local(p) }
                currentScene?.handle(localized(event))
                if touches.fingerCount == 0 { pointer = .none }
                return
            }
        case .pointerDown: pointerIsTouch = false
        default: break
        }
        guard let event = touches.pointerEvent(for: event) else { return }
        switch event {
        case .key(.escape, _):
            if showsHelp { showsHelp = false } else if currentScene?.handleEscape() != true { quit = true }
            return
        case .key(.tab, _) where currentScene?.usesTabKey != true:
            select((selectedIndex + 1) % tabs.count)
            return
        case .character(let text, _):
            switch text {
            case "f": showsHUD.toggle(); return
            case "h", "?": showsHelp.toggle(); return
            default:
                if let digit = Int(text), digit >= 0, digit <= 9 {
                    let index = digit == 0 ? 9 : digit - 1   // 0 is the tenth tab, as on a keyboard's number row
                    if index < tabs.count { select(index); return }
                }
            }
        default:
            break
        }
        routePointer(event)
    }

    private func routePointer(_ event: InputEvent) {
        let content = contentRect
        switch event {
        case .pointerDown(let p, let t):
            if showsHelp { showsHelp = false; pointer = .overlay; return }
            if p.y < content.minY {
                if let index = tabBar.tab(at: p, count: tabs.count, width: size.width, indicator: indicatorPosition) {
                    pointer = .tab(index)
                    tabBar.pressed = index
                }
                return
            }
            pointer = .scene
            lastScenePointer = local(p)
            if pointerIsTouch, let raw = rawTouch {
                currentScene?.handle(localized(raw))
            } else {
                currentScene?.handle(.pointerDown(location: lastScenePointer, time: t))
            }
        case .pointerMove(let p, let t):
            switch pointer {
            case .scene:
                lastScenePointer = local(p)
                currentScene?.handle(pointerIsTouch ? .touchMove(device: 0, id: 0, location: lastScenePointer, time: t)
                                                    : .pointerMove(location: lastScenePointer, time: t))
            case .tab(let index):
                tabBar.pressed = tabBar.tab(at: p, count: tabs.count, width: size.width, indicator: indicatorPosition) == index ? index : nil
            case .none, .overlay:
                break
            }
        case .pointerUp(let p, let t):
            let owner = pointer
            pointer = .none
            switch owner {
            case .scene:
                lastScenePointer = local(p)
                currentScene?.handle(pointerIsTouch ? .touchUp(device: 0, id: 0, location: lastScenePointer, time: t)
                                                    : .pointerUp(location: lastScenePointer, time: t))
            case .tab(let index):
                tabBar.pressed = nil
                if tabBar.tab(at: p, count: tabs.count, width: size.width, indicator: indicatorPosition) == index { select(index) }
            case .none, .overlay:
                break
            }
        case .wheel(let dx, let dy, let p, let t):
            guard !showsHelp, content.contains(p) else { return }
            currentScene?.handle(.wheel(dx: dx, dy: dy, location: local(p), time: t))
        case .magnify(let scale, let p, let t):
            guard !showsHelp, content.contains(p) else { return }
            currentScene?.handle(.magnify(scale: scale, location: local(p), time: t))
        case .key, .character:
            if !showsHelp { currentScene?.handle(event) }
        case .touchDown, .touchMove, .touchUp:
            break   // already pointer events (`handle`)
        }
    }

    /// `p` (window points) in the scene's coordinates.
    private func local(_ p: Point) -> Point {
        Point(x: p.x - contentRect.minX, y: p.y - contentRect.minY)
    }

    /// A touch event with its location in the scene's coordinates.
    private func localized(_ event: InputEvent) -> InputEvent {
        switch event {
        case .touchDown(let d, let id, let p, let t): return .touchDown(device: d, id: id, location: local(p), time: t)
        case .touchMove(let d, let id, let p, let t): return .touchMove(device: d, id: id, location: local(p), time: t)
        case .touchUp(let d, let id, let p, let t): return .touchUp(device: d, id: id, location: local(p), time: t)
        default: return event
        }
    }
    /// The touch event being handled (the scene gets the fingers as they are).
    private var rawTouch: InputEvent?

    func update(_ tick: FrameTick) {
        lastTick = tick
        if let stats = stats?(), let sample = stats.lastSample {
            hud.record(sample, period: tick.duration, skipped: stats.skippedFrames)
        }
        if var slide = indicator {
            let start = slide.start ?? tick.timestamp
            slide.start = start
            let p = Self.indicatorDuration > 0 ? (tick.targetTimestamp - start) / Self.indicatorDuration : 1
            if p >= 1 {
                indicatorPosition = slide.to
                indicator = nil
            } else {
                indicatorPosition = slide.from + (slide.to - slide.from) * TimingCurve.easeOutCubic(max(0, p))
                indicator = slide
            }
        }
        currentScene?.update(tick)
        if showsHUD { hud.refresh(now: tick.timestamp, sample: traceSample) }
    }

    func draw(in canvas: DrawingCanvas) {
        let content = contentRect
        let tab = tabs[selectedIndex]
        // Skipped when the scene paints all of it opaquely (the list: one full-screen fill less a frame).
        if !(tab.sceneSize == content.size && tab.scene?.coversOpaquely(content.size) == true) {
            canvas.fill(content, color: GalleryTheme.contentBackground)
        }
        canvas.pushTranslation(dx: content.minX, dy: content.minY)
        canvas.pushClip(Rect(origin: .zero, size: content.size))
        if let scene = tab.scene {
            scene.draw(in: canvas)
        } else {
            drawError(tab.error ?? "", title: tab.title, in: canvas, size: content.size)
        }
        canvas.popClip()
        canvas.popTranslation()
        // The bar changes only with these (its titles are fixed): a canvas drawing by damage takes its calls
        // over from the last frame while they stay the same.
        let barHeight = min(Self.tabBarHeight, size.height)
        let barKey = CallGroupKey(frame: Rect(x: 0, y: 0, width: size.width, height: barHeight),
                                  state: UInt64(UInt32(truncatingIfNeeded: selectedIndex))
                                      | UInt64(UInt32(truncatingIfNeeded: tabBar.pressed ?? -1)) << 32,
                                  detail: indicatorPosition)
        canvas.callGroup(id: CallGroupID(1), key: barKey) { canvas in
            tabBar.draw(in: canvas, titles: titles, selected: selectedIndex,
                        indicator: indicatorPosition, width: size.width, height: barHeight)
        }
        // The help covers the HUD whole (its panel would poke out below the overlay's): the HUD comes
        // back, still recording, when the help closes.
        if showsHUD && !showsHelp {
            hud.draw(in: canvas, content: content, top: (currentScene as? GalleryHUDPlacement)?.prefersHUDAtTop ?? false)
        }
        if showsHelp { help.draw(in: canvas, size: size) }
    }

    private func drawError(_ message: String, title: String, in canvas: DrawingCanvas, size: Size) {
        let card = Rect(x: 24, y: 24, width: max(0, size.width - 48), height: 96)
        GalleryTheme.card(card, in: canvas)
        canvas.drawText("The \(title) scene could not start", in: Rect(x: card.minX + 20, y: card.minY + 16, width: card.width - 40, height: 30),
                        style: TextStyle(size: 17, weight: .bold, color: GalleryTheme.ink), alignment: .leading)
        canvas.drawText(message, in: Rect(x: card.minX + 20, y: card.minY + 50, width: card.width - 40, height: 26),
                        style: TextStyle(size: 14, color: GalleryTheme.bad), alignment: .leading)
    }

    var needsFrames: Bool { (currentScene?.needsFrames ?? false) || indicator != nil }
    var wantsQuit: Bool { quit || (currentScene?.wantsQuit ?? false) }

    // MARK: DemoScene (the current scene's)

    var traceSample: TraceSample { currentScene?.traceSample ?? .neutral }

    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) {
        currentScene?.scroll(to: offset, duration: duration, curve: curve)
    }

    func scrollToEnd(duration: Double, curve: TimingCurve?) {
        currentScene?.scrollToEnd(duration: duration, curve: curve)
    }

    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?) {
        currentScene?.scrollToItem(index, position: position, duration: duration, curve: curve)
    }

    func dragIndicator(to fraction: Double) {
        currentScene?.dragIndicator(to: fraction)
    }

    func apply(_ change: ListChange, animated: Bool) throws(CLIError) {
        guard let scene = currentScene else { throw CLIError("no scene is showing") }
        do {
            try scene.apply(change, animated: animated)
        } catch {
            throw CLIError(error.message.replacingOccurrences(of: "this scene", with: "the \(tabs[selectedIndex].entry.name) scene"))
        }
    }
}
