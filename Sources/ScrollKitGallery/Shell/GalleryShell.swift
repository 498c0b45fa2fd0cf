// GalleryShell: the gallery, a tab bar over one scene per tab, with the HUD and help overlay, keys and tab
// switching; GalleryAttachable, GalleryHUDPlacement and GalleryOptions.

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
package struct GalleryOptions: Sendable, Equatable {
    /// `--hud`: start with the frame-time HUD shown.
    var showsHUD = false
    /// `--help-overlay`: start with the help overlay shown.
    var showsHelp = false

    package init(showsHUD: Bool = false, showsHelp: Bool = false) {
        self.showsHUD = showsHUD
        self.showsHelp = showsHelp
    }
}

/// The gallery: a tab bar over the content area, one tab per scene of the catalog (List, Paging,
/// Picker, Sprites, Curves first), a frame-time HUD and a help overlay. It is itself a `DemoScene`, so
/// the run's trace, script commands and screenshots work as before: they act on the current scene.
///
/// - The window is a view tree (``window``): the ``SceneStage`` showing the current scene, the
///   ``GalleryTabBar`` (holding the library's ``TabBar``), the ``HUD`` and the ``HelpOverlay``. The chrome
///   gets its presses, focus and keys through the tree's one router, as any ScrollKit app's views do; the
///   shell only decides, by the tree's hit test, whether a gesture belongs to the scene under the stage.
///
/// - Scenes are made lazily, the first time their tab is shown (the initial one at once, so a bad
///   option is a one-line CLI error), and keep their state when another tab is shown. Only the current
///   scene gets frames; a scene that cannot be made shows its error in its tab.
/// - Each scene lays out for the content area (the window minus ``tabBarHeight``) as if it were a
///   window of that size: it draws at (0, 0) (the shell translates and clips the canvas), and pointer
///   and wheel events in the content area reach it in its own coordinates. A pointer that went down in
///   the content belongs to the scene until it goes up, wherever it moves.
/// - Keys: 1–9, 0 (the tenth), Ctrl-Tab and the tab bar switch tabs. Tab and Shift-Tab move focus through
///   one cycle: the tab bar (one stop: ← → move between tabs, Return or Space opens one, any other key gives
///   the keys back to the scene), then the scene's controls in order (``moveKeyboardFocus(_:)``). F toggles
///   the HUD, H or ? the help, Escape closes the help or quits. Every other key goes to the current scene. While a text field of the scene has focus (``focusedTextInput``), typed text
///   (digits and letters too) goes to it instead of the shortcuts, and Escape goes to it first.
@MainActor
final class GalleryShell: DemoScene {
    /// Height of the tab bar, points.
    static let tabBarHeight = 44.0
    /// The catalog's scenes in this order first (the rest follow in catalog order).
    static let preferredOrder = ["list", "paging", "picker", "sprites", "curves"]

    /// One tab: a catalog entry and, once made, its scene.
    final class Tab {
        let entry: SceneEntry
        let title: String
        fileprivate(set) var scene: (any DemoScene)?
        /// Why the scene could not be made, if it could not.
        fileprivate(set) var error: String?
        /// The size last given to the scene through `hostDidResize`.
        fileprivate(set) var sceneSize: Size?

        init(entry: SceneEntry) {
            self.entry = entry
            title = entry.name == "tv" ? "TV" : entry.name.prefix(1).uppercased() + entry.name.dropFirst()
        }
    }

    private(set) var tabs: [Tab]
    private(set) var selectedIndex: Int
    private(set) var showsHUD: Bool { didSet { layoutChrome() } }
    private(set) var showsHelp: Bool { didSet { layoutChrome() } }

    /// The window as a view tree: the stage, the tab bar, the HUD and the help, in drawing order.
    let window = ViewNode()
    let stage = SceneStage()
    let tabBar: GalleryTabBar
    /// A theme switch cross-fading (GalleryShell+Theme.swift).
    var themeFade: (from: Theme, to: Theme, fade: Animated<TimedSimulation>)?
    let hud = HUD()
    let help = HelpOverlay()

    private let context: SceneContext
    private let displayLink: DisplayLink?
    private let stats: (@MainActor () -> FrameStats?)?
    private var size: Size
    private var quit = false
    private var lastTick: FrameTick?

    /// Who the pointer gesture (or the fingers) in progress belongs to.
    private enum Owner { case none, scene, chrome }
    private var owner = Owner.none
    /// The fingers down on the touchscreen and where each was last (the owner's coordinates): a gesture
    /// ends when the last lifts, and a tab switch mid-gesture lifts them in the scene.
    private var fingers: [SIMD2<Int>: Point] = [:]
    private var lastScenePointer = Point.zero

    /// The selection indicator's position in tabs (fractional while it slides).
    var indicatorPosition: Double { tabBar.tabs.indicatorPosition }

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
        guard let index = tabs.firstIndex(where: { $0.entry.name == initialScene }) else {
            throw CLIError("unknown scene \"\(initialScene)\" (valid: \(entries.map(\.name).joined(separator: ", ")))")
        }
        self.context = context
        self.displayLink = displayLink
        self.stats = stats
        size = context.size
        selectedIndex = index
        showsHUD = options.showsHUD
        showsHelp = options.showsHelp
        tabBar = GalleryTabBar(titles: tabs.map(\.title), selectedIndex: index)
        let tab = tabs[index]
        let scene = try tab.entry.make(sceneContext)
        adopt(scene, in: tab)
        stage.tab = tab
        hud.isUserInteractionEnabled = false      // presses go through it to the scene
        for view in [stage, tabBar, hud, help] as [ViewNode] { window.addSubview(view) }
        tabBar.tabs.onChange = { [weak self] index in self?.select(index) }
        tabBar.themeButton.action = { [weak self] _ in self?.cycleTheme() }
        showThemeName()
        help.onActivate = { [weak self] _ in self?.showsHelp = false }
        layoutChrome()
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

    /// Places the window's views for the size, the HUD's corner and what shows.
    private func layoutChrome() {
        let content = contentRect
        window.frame = Rect(origin: .zero, size: Size(width: max(0, size.width), height: max(0, size.height)))
        tabBar.frame = Rect(x: 0, y: 0, width: max(0, size.width), height: min(Self.tabBarHeight, max(0, size.height)))
        stage.frame = content
        let top = (currentScene as? GalleryHUDPlacement)?.prefersHUDAtTop ?? false
        hud.frame = HUD.panelRect(in: content, top: top)
        // The help covers the HUD whole (its panel would poke out below the overlay's): the HUD comes
        // back, still recording, when the help closes.
        hud.isHidden = !showsHUD || showsHelp || content.width < HUD.panelSize.width + 24 || content.height < HUD.panelSize.height + 24
        help.frame = window.bounds
        help.isHidden = !showsHelp
        if showsHelp { window.focusedView?.resignFocus() }
    }

    private var sceneContext: SceneContext {
        var c = context
        c.size = contentRect.size
        return c
    }

    /// The current tab's scene (nil if it could not be made).
    var currentScene: (any DemoScene)? { tabs[selectedIndex].scene }

    // MARK: Tabs

    /// Shows tab `index` (out of range: ignored), making its scene if needed; the tab bar's pill slides there.
    func select(_ index: Int) {
        guard tabs.indices.contains(index), index != selectedIndex else { return }
        if owner == .scene { cancelScenePointer() }
        (currentScene as? GalleryAttachable)?.setVisible(false)
        selectedIndex = index
        tabBar.tabs.setSelectedIndex(index, animated: true)
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
        stage.tab = tab
        resizeCurrentScene()
        layoutChrome()
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

    /// Ends a scene's gesture whose end the scene will not see (a tab switch mid-drag): an up where the
    /// pointer (each finger) last was is the honest end.
    private func cancelScenePointer() {
        owner = .none
        guard let scene = currentScene, let t = lastTick else { fingers.removeAll(); return }
        if fingers.isEmpty {
            scene.handle(.pointerUp(location: lastScenePointer, time: t.timestamp))
        } else {
            for (finger, p) in fingers { scene.handle(.touchUp(device: finger.x, id: finger.y, location: p, time: t.timestamp)) }
            fingers.removeAll()
        }
    }

    // MARK: HostClient

    /// The window's tree, the current scene's inside the stage (``SceneStage``).
    var accessibilityRoot: ViewNode? { window }

    func hostDidResize(to size: Size) {
        self.size = size
        resizeCurrentScene()
        layoutChrome()
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .pointerDown, .pointerMove, .pointerUp, .wheel, .magnify, .touchDown, .touchMove, .touchUp, .secondaryClick:
            routePointer(event)
        case .key(.escape, _, _):
            if showsHelp {
                showsHelp = false
            } else if focusedTextInput != nil {
                currentScene?.handle(event)   // the field first (it ends a composition, or the scene empties it)
            } else if let root = currentScene?.accessibilityRoot, root.showsModalPresentation {
                _ = root.performBack()        // an alert, a menu, a popover: the one Back dismisses it
            } else if currentScene?.handleEscape() != true {
                quit = true
            }
        case .key(.tab, let modifiers, _) where modifiers.contains(.control):
            // Ctrl-Tab: the next scene, as a browser's next tab, its tab focused (the ring shows where keys go).
            select((selectedIndex + 1) % tabs.count)
            if !showsHelp { focusSelectedTab() }
        case .key(.tab, _, _), .key(.backtab, _, _):
            if case .key(let key, _, _) = event, !showsHelp { moveKeyboardFocus(key == .tab ? .next : .previous) }
        case .key(let key, _, _):
            if showsHelp { return }
            if tabBar.tabs.focusedTab != nil {
                // The tab bar has focus: ← → move it, Return and Space open the focused tab; any other key
                // gives the keys back to the scene (↓ then focuses the scene's top-left control).
                switch key {
                case .left, .right, .enter, .space:
                    window.handle(event)
                    return
                default:
                    window.focusedView?.resignFocus()
                }
            }
            currentScene?.handle(event)
        case .text where focusedTextInput != nil:
            currentScene?.handle(event)   // typed into the field: digits and letters are text, not shortcuts
        case .text(let typed, let time):
            // Shortcuts are single characters whatever the case (Shift+F is F too).
            let text = typed.lowercased()
            switch text {
            case "f": showsHUD.toggle(); return
            case "t": cycleTheme(); return
            case "h", "?": showsHelp.toggle(); return
            default:
                if let digit = Int(text), digit >= 0, digit <= 9 {
                    let index = digit == 0 ? 9 : digit - 1   // 0 is the tenth tab, as on a keyboard's number row
                    if index < tabs.count { select(index); return }
                }
            }
            // A single key's text goes on lower-cased (the scenes' shortcuts: Shift+R is R); longer text (an input
            // method's commit, a script's) as typed.
            if !showsHelp { currentScene?.handle(.text(typed.count == 1 ? text : typed, time: time)) }
        case .composition, .pastePrimary:
            if !showsHelp { currentScene?.handle(event) }
        case .gamepad(let button, true, _) where showsHelp && (button == .b || button == .back):
            showsHelp = false
        case .gamepad, .gamepadStick, .rotary:
            // A controller and an encoder drive the scene (a button's up always reaches it, ending its repeat).
            if tabBar.tabs.focusedTab != nil { window.focusedView?.resignFocus() }
            currentScene?.handle(event)
        }
    }

    /// Tab and Shift-Tab: one cycle through the tab bar (one stop, the selected tab; ← → move between tabs)
    /// and the scene's controls in order. Past the scene's last control (before its first), focus comes back
    /// to the tab bar; with nothing focused, Tab starts at the tab bar and Shift-Tab at the scene's last control.
    func moveKeyboardFocus(_ move: FocusMove) {
        guard let scene = currentScene else { focusSelectedTab(); return }
        if tabBar.tabs.focusedTab != nil {
            window.focusedView?.resignFocus()
            if !scene.moveFocus(move) { focusSelectedTab() }   // a scene with nothing to focus: the tabs keep it
        } else if scene.hasFocus {
            if scene.moveFocus(move) { return }
            scene.resignFocus()
            focusSelectedTab()
        } else if move == .next || !scene.moveFocus(move) {
            focusSelectedTab()
        }
    }

    /// Focuses the selected tab (the tab bar's one stop in the Tab cycle).
    private func focusSelectedTab() {
        currentScene?.resignFocus()
        tabBar.tabs.focusTab(selectedIndex)
    }

    /// Pointer, wheel and touch events: a gesture belongs to the scene when the window's hit test lands on
    /// the stage as it begins (then the scene gets every event of it, in its own coordinates, every finger
    /// as it is so that its scroll views can pinch), else to the chrome's router.
    private func routePointer(_ event: InputEvent) {
        switch event {
        case .pointerDown(let p, _):
            guard fingers.isEmpty else { return }      // the fingers have the pointer
            owner = owner(at: p)
            if owner == .scene { window.focusedView?.resignFocus() }
        case .pointerMove, .pointerUp:
            guard fingers.isEmpty else { return }      // the fingers have the pointer
        case .touchDown(let d, let id, let p, _):
            if fingers.isEmpty {
                owner = owner(at: p)
                if owner == .scene { window.focusedView?.resignFocus() }
            }
            if owner != .none { fingers[SIMD2(d, id)] = owner == .scene ? local(p) : p }
        case .touchMove(let d, let id, let p, _):
            if fingers[SIMD2(d, id)] != nil { fingers[SIMD2(d, id)] = owner == .scene ? local(p) : p }
        case .wheel(_, _, let p, _), .magnify(_, let p, _), .secondaryClick(let p, _):
            guard !showsHelp, owner(at: p) == .scene else { return }
            currentScene?.handle(localized(event))
            return
        default:
            break
        }
        switch owner {
        case .scene:
            switch event {
            case .pointerDown(let p, _), .pointerMove(let p, _), .pointerUp(let p, _): lastScenePointer = local(p)
            default: break
            }
            currentScene?.handle(localized(event))
        case .chrome:
            window.handle(event)
        case .none:
            return
        }
        switch event {
        case .pointerUp:
            owner = .none
        case .touchUp(let d, let id, _, _):
            fingers[SIMD2(d, id)] = nil
            if fingers.isEmpty { owner = .none }
        default:
            break
        }
    }

    /// Whom a gesture beginning at `p` (window points) belongs to: the scene when the window's hit test
    /// lands on the stage, the chrome for its views, nobody outside the window.
    private func owner(at p: Point) -> Owner {
        guard let hit = window.hitTest(p) else { return .none }
        if !showsHelp, currentScene?.accessibilityRoot?.showsModalPresentation == true {
            return hit === stage ? .scene : .none   // the scene's alert or menu is modal: the chrome waits
        }
        return hit === stage ? .scene : .chrome
    }

    /// `p` (window points) in the scene's coordinates.
    private func local(_ p: Point) -> Point {
        Point(x: p.x - contentRect.minX, y: p.y - contentRect.minY)
    }

    /// A pointer, wheel or touch event with its location in the scene's coordinates.
    private func localized(_ event: InputEvent) -> InputEvent {
        switch event {
        case .pointerDown(let p, let t): return .pointerDown(location: local(p), time: t)
        case .pointerMove(let p, let t): return .pointerMove(location: local(p), time: t)
        case .pointerUp(let p, let t): return .pointerUp(location: local(p), time: t)
        case .wheel(let dx, let dy, let p, let t): return .wheel(dx: dx, dy: dy, location: local(p), time: t)
        case .magnify(let scale, let p, let t): return .magnify(scale: scale, location: local(p), time: t)
        case .touchDown(let d, let id, let p, let t): return .touchDown(device: d, id: id, location: local(p), time: t)
        case .touchMove(let d, let id, let p, let t): return .touchMove(device: d, id: id, location: local(p), time: t)
        case .touchUp(let d, let id, let p, let t): return .touchUp(device: d, id: id, location: local(p), time: t)
        case .secondaryClick(let p, let t): return .secondaryClick(location: local(p), time: t)
        default: return event
        }
    }

    func update(_ tick: FrameTick) {
        lastTick = tick
        stepThemeFade(tick)
        if let stats = stats?(), let sample = stats.lastSample {
            hud.record(sample, period: tick.duration, skipped: stats.skippedFrames, vblank: stats.vblank,
                       realTime: stats.isRealTime)
        }
        window.step(tick)      // the tab bar's pill, the router's press highlights
        currentScene?.update(tick)
        if showsHUD { hud.refresh(now: tick.timestamp, sample: traceSample) }
    }

    func draw(in canvas: DrawingCanvas) {
        window.draw(in: canvas)
        // A modal presentation in the scene dims the whole window: the chrome too (its presses are swallowed).
        if !showsHelp, let dim = currentScene?.accessibilityRoot?.presentationDimming, dim.a > 0 {
            let w = window.frame.width, h = window.frame.height, s = stage.frame
            for r in [Rect(x: 0, y: 0, width: w, height: s.minY), Rect(x: 0, y: s.maxY, width: w, height: h - s.maxY),
                      Rect(x: 0, y: s.minY, width: s.minX, height: s.height),
                      Rect(x: s.maxX, y: s.minY, width: w - s.maxX, height: s.height)] where r.width > 0 && r.height > 0 {
                canvas.fill(r, color: dim)
            }
        }
    }

    var needsFrames: Bool { (currentScene?.needsFrames ?? false) || window.needsFrames || themeFade != nil }
    var wantsQuit: Bool { quit || (currentScene?.wantsQuit ?? false) }

    // MARK: DemoScene (the current scene's)

    var traceSample: TraceSample {
        var sample = currentScene?.traceSample ?? .neutral
        if sample.sheetPosition >= 0 { sample.sheetPosition += stage.frame.minY }   // window points
        if let field = focusedTextInput { sample.fillText(from: field) }
        sample.fillFocusAndPresentation(from: window)
        if !showsHelp, let root = currentScene?.accessibilityRoot, root !== window {   // the scene's own tree: its focus and its presentations
            if sample.focusLabel.isEmpty { sample.focusLabel = root.focusedAccessibilityLabel }
            let kind = root.frontmostPresentation
            if kind != .none { sample.presentation = kind }
        }
        return sample
    }

    /// The current scene's focused text field (none while the help covers it): typed text goes there, and the
    /// window host keeps the platform's text input on while there is one.
    var focusedTextInput: (any TextInputClient)? { showsHelp ? nil : currentScene?.focusedTextInput }

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
