// SoakDriver, the soak's host client: random input before each frame (drags, wheel, keys, resizes, zooms, data
// changes), the checks of each scene's invariants, a draw every few frames; and SoakCounts.

import Motion
import ScrollKit
import ScrollKitSDL
import SplitMix
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts of what the soak did, for the report.
struct SoakCounts: Sendable {
    var drags = 0, wheelBursts = 0, keys = 0, scrollTos = 0, resizes = 0, countChanges = 0, pauses = 0, zooms = 0
    var completionsIssued = 0, completionsFired = 0
    var framesDrawn = 0
}

/// The soak's host client: random input before each frame, the scene's update, the checks, and a
/// draw every `drawEvery` frames.
@MainActor
final class SoakDriver: HostClient {
    let shell: GalleryShell
    let options: SoakOptions
    let baseSize: Size
    let baseItems: Int
    private var rng: SplitMix64
    private(set) var counts = SoakCounts()
    /// The first broken invariant, with its frame.
    private(set) var failure: String?
    private var windowSize: Size
    /// Frames left of the current action, and what it is.
    private enum Action {
        case idle, drag(velocity: Point, frames: Int), wheel(dy: Double, dx: Double, frames: Int), pause(frames: Int)
        /// Two fingers about `centre`, `half` apart from it, spreading by `rate` (points a frame) and panning.
        case pinch(centre: Point, half: Double, rate: Double, pan: Point, frames: Int)
    }
    private var action = Action.idle
    private var pointer: Point?
    /// Completion ids fired (a second firing is a failure); ids not yet fired.
    private var outstanding: Set<Int> = []
    private var nextCompletion = 0
    /// Overscroll a resize or a count change may leave past an edge, until back in range.
    private var extraOverscroll = 0.0
    /// The pixel scale the scene was last drawn at if its canvas rounds scrolled content, else 0 (see `checkGrid`).
    private var pinScale = 0.0
    private var lastTick: FrameTick?

    init(shell: GalleryShell, options: SoakOptions, size: Size, items: Int, seed: UInt64) {
        self.shell = shell
        self.options = options
        baseSize = size
        windowSize = size
        baseItems = items
        rng = SplitMix64(seed: SplitMix64.mix(seed, 0x50A6))
    }

    private var list: ListScene? { shell.currentScene as? ListScene }

    // MARK: Random input

    private func chance(_ p: Double) -> Bool { rng.unit() < p }
    private func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }

    /// A point in the content area (below the tab bar), nil when the window has none.
    private func contentPoint() -> Point? {
        let top = GalleryShell.tabBarHeight + 1
        guard windowSize.height > top + 2, windowSize.width > 2 else { return nil }
        return Point(x: rng.uniform(1...(windowSize.width - 1)), y: rng.uniform(top...(windowSize.height - 1)))
    }

    /// Plays this frame's share of random input (through the host, as real input would arrive).
    func beforeFrame(_ tick: FrameTick, host: HeadlessHost) {
        lastTick = tick
        if let e = getenv("SOAK_TRACE_FROM"), let f = Int(String(cString: e)), tick.index >= f, let photo = shell.currentScene as? PhotoScene {
            print("T", tick.index, photo.scroll.phase, photo.scroll.contentOffset, photo.scroll.zoomScale, photo.scroll.viewportSize, action)
        }
        let t = tick.timestamp
        switch action {
        case .drag(let velocity, let frames):
            if var p = pointer {
                p.x += velocity.x * tick.duration
                p.y += velocity.y * tick.duration
                pointer = p
                if frames <= 1 {
                    host.inject(.pointerUp(location: p, time: t))
                    pointer = nil
                    action = .idle
                } else {
                    host.inject(.pointerMove(location: p, time: t))
                    action = .drag(velocity: velocity, frames: frames - 1)
                }
            } else {
                action = .idle
            }
            return
        case .wheel(let dy, let dx, let frames):
            if let p = contentPoint() { host.inject(.wheel(dx: dx, dy: dy, location: p, time: t)) }
            action = frames <= 1 ? .idle : .wheel(dy: dy, dx: dx, frames: frames - 1)
            return
        case .pause(let frames):
            action = frames <= 1 ? .idle : .pause(frames: frames - 1)
            return
        case .pinch(let centre, let half, let rate, let pan, let frames):
            let c = Point(x: centre.x + pan.x, y: centre.y + pan.y), h = max(1, half + rate)
            if frames <= 1 {
                host.inject(.touchUp(device: 0, id: 2, location: Point(x: c.x + h, y: c.y), time: t))
                host.inject(.touchUp(device: 0, id: 1, location: Point(x: c.x - h, y: c.y), time: t))
                action = .idle
            } else {
                host.inject(.touchMove(device: 0, id: 1, location: Point(x: c.x - h, y: c.y), time: t))
                host.inject(.touchMove(device: 0, id: 2, location: Point(x: c.x + h, y: c.y), time: t))
                action = .pinch(centre: c, half: h, rate: rate, pan: pan, frames: frames - 1)
            }
            return
        case .idle:
            break
        }
        guard chance(0.08) else { return }
        let roll = rng.unit()
        switch roll {
        case ..<0.30:
            guard let start = contentPoint() else { return }
            counts.drags += 1
            pointer = start
            host.inject(.pointerDown(location: start, time: t))
            // Slow drags, flings, and now and then a violent one.
            let speed = pick([50.0, 400, 1500, 4000, 12_000])
            let angle = rng.uniform(0...(2 * Double.pi))
            action = .drag(velocity: Point(x: speed * cos(angle) * 0.3, y: speed * sin(angle)),
                           frames: 1 + Int(rng.next() % 40))
        case ..<0.45:
            if shell.currentScene is PhotoScene, chance(0.5) {
                zoom(host: host, time: t)
                return
            }
            counts.wheelBursts += 1
            action = .wheel(dy: pick([-120.0, -40, -3, -1, 1, 3, 40, 120]) * rng.uniform(0.1...2),
                            dx: chance(0.2) ? rng.uniform(-20...20) : 0, frames: 1 + Int(rng.next() % 20))
        case ..<0.60:
            counts.keys += 1
            // Tab and Shift-Tab move focus through the tab bar and the scene's controls.
            host.inject(.key(pick(Key.scrollKeys + [.enter, .tab, .backtab]), time: t))
        case ..<0.80:
            scrollTo()
        case ..<0.86:
            counts.resizes += 1
            let size: Size
            switch rng.next() % 4 {
            case 0: size = Size(width: Double(1 + rng.next() % 40), height: Double(1 + rng.next() % 40))
            case 1: size = baseSize
            default: size = Size(width: Double(1 + rng.next() % 1600), height: Double(1 + rng.next() % 1200))
            }
            noteGeometryChange { host.resize(to: size) }
            windowSize = host.logicalSize
        case ..<0.90:
            if shell.currentScene is PhotoScene {
                zoom(host: host, time: t)
                return
            }
            if let chat = shell.currentScene as? ChatScene {
                counts.countChanges += 1
                changeChat(chat)
                return
            }
            guard let list else { return }
            counts.countChanges += 1
            let n: Int
            switch rng.next() % 6 {
            case 0: n = 0
            case 1: n = 1
            case 2: n = 1 + Int(rng.next() % 20)
            case 3: n = Int(rng.next() % UInt64(max(1, baseItems) + 1))
            default: n = baseItems
            }
            noteGeometryChange { list.listView.dataSource = RowSource(count: n, rowHeight: ListScene.rowHeight) }
        default:
            counts.pauses += 1
            action = .pause(frames: 30 + Int(rng.next() % 240))
        }
    }

    /// A random data change in the chat: messages inserted anywhere (history, replies), deleted or moved,
    /// animated or not, as scripts make them.
    private func changeChat(_ chat: ChatScene) {
        let n = chat.messages.count
        let change: ListChange
        switch rng.next() % 4 {
        case 0: change = .insert(at: 0, count: 1 + Int(rng.next() % 30))
        case 1: change = .insert(at: Int(rng.next() % UInt64(n + 1)), count: 1 + Int(rng.next() % 5))
        case 2:
            guard n > 0 else { return }
            let at = Int(rng.next() % UInt64(n))
            change = .delete(at: at, count: 1 + Int(rng.next() % UInt64(min(8, n - at))))
        default:
            guard n > 1 else { return }
            change = .move(from: Int(rng.next() % UInt64(n)), to: Int(rng.next() % UInt64(n)))
        }
        if case .insert(_, let k) = change, n + k > ChatScene.maxCount {
            // At the scene's limit the insert must be refused, and nothing changes.
            do { try chat.apply(change, animated: true); fail("chat: an insert past \(ChatScene.maxCount) messages was accepted") } catch {}
            if chat.messages.count != n { fail("chat: a refused insert changed the messages") }
            return
        }
        do { try chat.apply(change, animated: chance(0.7)) } catch { fail("chat: a valid change was refused: \(error)") }
    }

    /// A timed scroll-to (list scene: with a completion the soak counts; other scenes: the script's command).
    private func scrollTo() {
        counts.scrollTos += 1
        let curve = pick(TimingCurve.allNamed)
        let duration = pick([0.0, 0.1, 0.3, 1, 3]) * rng.uniform(0.5...1)
        guard let list else {
            shell.perform(.scrollTo(Point(x: 0, y: rng.uniform(-2000...20_000)), duration: duration, curve: curve))
            return
        }
        let id = nextCompletion
        nextCompletion += 1
        outstanding.insert(id)
        counts.completionsIssued += 1
        let completion: @MainActor (Bool) -> Void = { [weak self] _ in self?.completed(id) }
        let count = list.listView.numberOfItems
        switch rng.next() % 3 {
        case 0:
            list.listView.scrollToItem(Int(rng.next() % UInt64(count + 10)), position: pick(ItemPosition.allCases),
                                       duration: duration, curve: curve, completion: completion)
        case 1:
            list.listView.scrollView.scrollToEnd(duration: duration, curve: curve, completion: completion)
        default:
            let span = Double(count) * ListScene.rowHeight
            list.listView.scrollView.setContentOffset(Point(x: 0, y: rng.uniform(-2000...(span + 2000))),
                                                      duration: duration, curve: curve, completion: completion)
        }
    }

    private func completed(_ id: Int) {
        guard outstanding.remove(id) != nil else {
            fail("completion \(id) fired twice")
            return
        }
        counts.completionsFired += 1
    }

    /// Runs a change of geometry and allows the overscroll it leaves.
    private func noteGeometryChange(_ change: () -> Void) {
        change()
        if let scroll = list?.listView.scrollView ?? (shell.currentScene as? HomeScene)?.list.scrollView
            ?? (shell.currentScene as? GridScene)?.list.scrollView {
            let y = scroll.contentOffset.y
            extraOverscroll = max(extraOverscroll, scroll.minContentOffset.y - y, y - scroll.maxContentOffset.y)
        }
    }

    /// Ends the run: stops the list's motion (running scroll-tos complete with false) and checks that
    /// every completion fired exactly once.
    func finish() {
        list?.listView.scrollView.stopMotion()
        if failure == nil && !outstanding.isEmpty {
            fail("\(outstanding.count) completion(s) never fired (first: \(outstanding.min()!))")
        }
    }

    private func fail(_ message: String) {
        guard failure == nil else { return }
        let frame = lastTick.map { "frame \($0.index) (t = \(TraceFormat.number($0.timestamp)) s)" } ?? "the end"
        failure = "soak: invariant broken at \(frame): \(message)"
    }

    /// The photo scene: a pinch (in or out, now and then far past a limit), a Ctrl + wheel burst or a zoom key.
    private func zoom(host: HeadlessHost, time t: Double) {
        counts.zooms += 1
        switch rng.next() % 3 {
        case 0:
            guard let c = contentPoint() else { return }
            let half = rng.uniform(10...150)
            host.inject(.touchDown(device: 0, id: 1, location: Point(x: c.x - half, y: c.y), time: t))
            host.inject(.touchDown(device: 0, id: 2, location: Point(x: c.x + half, y: c.y), time: t))
            action = .pinch(centre: c, half: half, rate: pick([-12.0, -4, -1, 1, 4, 12, 40]),
                            pan: Point(x: rng.uniform(-8...8), y: rng.uniform(-8...8)), frames: 2 + Int(rng.next() % 40))
        case 1:
            guard let c = contentPoint() else { return }
            host.inject(.magnify(scale: EventTranslator.wheelZoomScale(steps: pick([-8.0, -2, -1, 1, 2, 8])), location: c, time: t))
        default:
            host.inject(.key(pick([Key.zoomIn, .zoomOut, .zoomReset]), time: t))
        }
    }

    // MARK: Checks

    private func check() {
        if let problem = SoakInvariants.checkFinite(shell.traceSample) { fail(problem); return }
        if let home = shell.currentScene as? HomeScene { checkHome(home); return }
        if let reader = shell.currentScene as? ReaderScene { checkSelfSizing(reader.list, "reader"); return }
        if let grid = shell.currentScene as? GridScene { checkGrid(grid); return }
        if let photo = shell.currentScene as? PhotoScene { checkPhoto(photo); return }
        if let chat = shell.currentScene as? ChatScene {
            checkSelfSizing(chat.list, "chat")
            if chat.list.numberOfItems != chat.messages.count { fail("chat: the list has \(chat.list.numberOfItems) messages, the model \(chat.messages.count)") }
            return
        }
        guard let list else { return }
        let view = list.listView, scroll = view.scrollView
        let y = scroll.contentOffset.y, lo = scroll.minContentOffset.y, hi = scroll.maxContentOffset.y
        // A timed scroll that started out there may come back out as far as its start (documented):
        // the allowance ends once the offset is in range with no timed scroll running.
        if y >= lo && y <= hi && scroll.phase != .animating { extraOverscroll = 0 }
        let viewport = scroll.viewportSize.height
        if let problem = SoakInvariants.checkRange(offset: y, lo: lo, hi: hi, overscroll: viewport + extraOverscroll + 1e-6) {
            fail(problem + " (phase \(scroll.phase))"); return
        }
        if let problem = SoakInvariants.checkVisible(view.visibleRange, offset: y - lo, viewport: viewport,
                                                      count: view.numberOfItems, rowLength: ListScene.rowHeight) {
            fail(problem)
        }
    }

    /// A self-sizing list (the reader's, the chat's): the offset stays within a viewport of its range, every
    /// visible item was measured before it showed, and the cells are exactly the visible items at their frames
    /// (once change animations are over).
    private func checkSelfSizing(_ view: ListView, _ name: String) {
        let scroll = view.scrollView
        let y = scroll.contentOffset.y, lo = scroll.minContentOffset.y, hi = scroll.maxContentOffset.y
        if y >= lo && y <= hi && scroll.phase != .animating { extraOverscroll = 0 }
        if let problem = SoakInvariants.checkRange(offset: y, lo: lo, hi: hi,
                                                   overscroll: scroll.viewportSize.height + extraOverscroll + 1e-6) {
            fail(name + ": " + problem + " (phase \(scroll.phase))"); return
        }
        let visible = view.visibleRange
        if let unmeasured = visible.first(where: { !view.layout.isMeasured($0) }) {
            fail(name + ": item \(unmeasured) is visible but was never measured"); return
        }
        let cells = view.visibleCells
        if cells.map(\.index) != Array(visible) {
            fail(name + ": the cells are not the visible items")
        } else if !view.isAnimating, cells.contains(where: { $0.frame != view.frame(of: $0.index) }) {
            fail(name + ": a cell is not at its item's frame")
        }
    }

    /// The photo scene: the scale within an octave of its limits (the pinch's rubber band; while a finger holds
    /// it, limits changed by a resize may wait for the release) and within them at rest, the content size the photo's at that scale, the photo laid out over it, the offset in range at rest.
    private func checkPhoto(_ scene: PhotoScene) {
        let scroll = scene.scroll
        let s = scroll.zoomScale, lo = scroll.minimumZoomScale, hi = scroll.maximumZoomScale
        // While a finger holds it the scale may lag limits that changed under it (a resize); it returns on release,
        // on the spring (checked at rest).
        let held = scroll.phase == .tracking || scroll.phase == .dragging || scroll.isZoomAnimating
        guard s.isFinite, held || (s >= lo / 2 * (1 - Precision.slack) && s <= hi * 2 * (1 + Precision.slack)) else {
            fail("photo: zoom scale \(s) beyond an octave of \(lo) ... \(hi)"); return
        }
        let w = Double(scene.photo.pyramid.width) * s, h = Double(scene.photo.pyramid.height) * s
        if abs(scroll.contentSize.width - w) > 1e-6 * w || abs(scroll.contentSize.height - h) > 1e-6 * h {
            fail("photo: content \(scroll.contentSize) at scale \(s), the photo is \(w) x \(h)"); return
        }
        if scene.photo.frame.size != scroll.contentSize { fail("photo: the photo is laid out at \(scene.photo.frame), the content is \(scroll.contentSize)"); return }
        if scroll.phase == .idle, !scroll.isAnimating {
            if s < lo * (1 - Precision.slack) || s > hi * (1 + Precision.slack) { fail("photo: at rest at scale \(s) outside \(lo) ... \(hi)"); return }
            let o = scroll.contentOffset, a = scroll.minContentOffset, b = scroll.maxContentOffset
            if o.x < a.x - 1e-6 || o.x > b.x + 1e-6 || o.y < a.y - 1e-6 || o.y > b.y + 1e-6 {
                fail("photo: at rest at \(o) outside \(a) ... \(b) (scale \(s))")
            }
        }
    }

    /// The grid scene: the offset within a viewport of its range, the cards exactly the visible items (against
    /// their frames) at their frames, a header for each section in view, the pinned one covering the top edge
    /// and pushed up by the next, and the focus on a real card.
    private func checkGrid(_ scene: GridScene) {
        let view = scene.list, scroll = view.scrollView
        guard let grid = view.gridLayout else { fail("grid: the list has no grid layout"); return }
        let y = scroll.contentOffset.y, lo = scroll.minContentOffset.y, hi = scroll.maxContentOffset.y
        // The pinned header is placed at the offset the content is drawn at: rounded to whole device pixels,
        // halves up, on a canvas that rounds (so it stays on its pixels; DamageTrackingCanvas.roundsScrolledContent).
        let pinY = pinScale > 0 ? -((-y * pinScale + 0.5).rounded(.down)) / pinScale : y
        if y >= lo && y <= hi && scroll.phase != .animating { extraOverscroll = 0 }
        let viewport = scroll.viewportSize.height
        if let problem = SoakInvariants.checkRange(offset: y, lo: lo, hi: hi, overscroll: viewport + extraOverscroll + 1e-6) {
            fail("grid: " + problem + " (phase \(scroll.phase))"); return
        }
        if view.numberOfItems != scene.catalog.count { fail("grid: \(view.numberOfItems) cards, the catalog has \(scene.catalog.count)"); return }
        let visible = view.visibleRange
        if let problem = SoakInvariants.checkGridVisible(visible, offset: y, viewport: viewport, count: view.numberOfItems,
                                                          extent: { grid.frame(ofItem: $0).map { ($0.minY, $0.maxY) } }) {
            fail(problem); return
        }
        let cells = view.visibleCells
        if cells.map(\.index) != Array(visible) { fail("grid: the cells are not the visible items"); return }
        if cells.contains(where: { $0.frame != grid.frame(ofItem: $0.index) }) { fail("grid: a card is not at its frame"); return }
        let headers = view.visibleSupplementaryCells
        let sections = grid.visibleSections(offset: y, length: viewport)
        if headers.map(\.role.section) != Array(sections) { fail("grid: headers \(headers.map(\.role.section)) for sections \(sections)"); return }
        if let s = view.pinnedSection {
            guard let header = view.headerCell(forSection: s) else { fail("grid: section \(s) is pinned but its header does not show (offset \(y), viewport \(scroll.viewportSize), sections \(sections), headers \(headers.map(\.role)))"); return }
            if let problem = SoakInvariants.checkPinnedHeader(top: header.frame.minY, length: header.frame.height, offset: y, drawnOffset: pinY,
                                                              natural: grid.sectionStart(s), nextStart: grid.sectionStart(s + 1)) {
                fail(problem); return
            }
        } else if viewport > 0, grid.pinnedHeader(offset: y) != nil {
            fail("grid: no header pinned at offset \(y) inside the sections"); return
        }
        if let f = view.focusedItem, f < 0 || f >= view.numberOfItems { fail("grid: focus on card \(f) of \(view.numberOfItems)") }
    }

    /// The home scene: the shelves' list and every showing carousel stay within a viewport of their range,
    /// and the focus and the opened card name real shelves and cards.
    private func checkHome(_ home: HomeScene) {
        let scroll = home.list.scrollView
        let y = scroll.contentOffset.y, lo = scroll.minContentOffset.y, hi = scroll.maxContentOffset.y
        // As for the list: a resize may leave the offset out of the new range; it comes back from there.
        if y >= lo && y <= hi && scroll.phase != .animating { extraOverscroll = 0 }
        if let problem = SoakInvariants.checkRange(offset: y, lo: lo, hi: hi,
                                                   overscroll: scroll.viewportSize.height + extraOverscroll + 1e-6) {
            fail("home list: " + problem); return
        }
        for case let shelf as ShelfCell in home.list.visibleCells {
            let s = shelf.carousel.scrollView
            if let problem = SoakInvariants.checkRange(offset: s.contentOffset.x, lo: s.minContentOffset.x,
                                                       hi: s.maxContentOffset.x, overscroll: s.viewportSize.width + 1e-6) {
                fail("home shelf \(shelf.shelf): " + problem); return
            }
        }
        let sample = home.traceSample
        let shelves = home.list.numberOfItems
        for (row, item, name) in [(sample.focusRow, sample.focusItem, "focus"), (sample.activatedRow, sample.activatedItem, "opened card")]
            where row != -1 || item != -1 {
            guard row >= 0, row < shelves, item >= 0, item < HomeScene.cardsPerShelf else {
                fail("home: \(name) at shelf \(row), card \(item) of \(shelves) shelves"); return
            }
        }
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        windowSize = size
        shell.hostDidResize(to: size)
    }
    func handle(_ event: InputEvent) { shell.handle(event) }

    func update(_ tick: FrameTick) {
        shell.update(tick)
        if failure == nil { check() }
    }

    func draw(in canvas: DrawingCanvas) {
        guard let tick = lastTick, tick.index % options.drawEvery == 0 else { return }
        counts.framesDrawn += 1
        pinScale = canvas.damageTracking?.roundsScrolledContent == true ? canvas.pixelScale : 0
        shell.draw(in: canvas)
    }

    var needsFrames: Bool { true }
    var wantsQuit: Bool { false }
}
