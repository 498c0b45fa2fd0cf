// SceneBench: drives one gallery scene headless for benchmarks (legs of motion, random change batches, frames,
// screenshots), and randomChangeBatch.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL

/// Drives one scene of the demo gallery (tab bar + scene, HUD off, as `scrollkit-demo --headless`
/// runs it) on a `HeadlessHost` (800x600 software renderer, virtual 60 Hz clock), frame by frame,
/// in legs of steady motion: `prepare()` starts a new leg when the scene has come to rest (outside
/// the measurement: starting a motion may allocate), `frame()` runs one full frame exactly as the
/// host does (tick, update, draw, present). The benchmarks (`Benchmarks/`) measure the gallery through it.
@MainActor
public final class SceneBench {
    /// The motion of the legs.
    public enum Motion: String, Sendable {
        /// A timed 2 s scroll-to (easeInOut) back and forth over a window in the middle of the content.
        case scrollTo = "scroll-to"
        /// A flick of about 2,400 pt/s, back and forth.
        case fling
        /// No input (the sprites scene moves by itself).
        case none
    }

    public let host: HeadlessHost
    let shell: GalleryShell
    public let sceneName: String
    public let motion: Motion
    public private(set) var legs = 0
    public private(set) var frames = 0
    /// Frames run by `init` to warm up.
    public private(set) var warmUpFrames = 0
    private var forward = true
    private var pendingChanges: [ListChange] = []
    private var lastTick: FrameTick?

    /// - Parameters:
    ///   - scene: `list`, `paging`, `picker`, `sprites` or `curves`.
    ///   - items: the list scene's item count.
    ///   - sprites: the sprites scene's sprite count.
    ///   - tracksDamage: draw by damage (scrolled pixels moved, only what changed drawn), as the headless
    ///     host does by default; false draws every frame whole (the figures before damage tracking).
    ///   - zoomScale: the photo scene's zoom scale for the whole run (nil: the scene's own, the fit).
    ///   - textScale: the Larger text scale (`HostOptions.textScale`, 1.0–2.0).
    public init(scene: String, motion: Motion, items: Int = 1000, sprites: Int = 60,
                size: Size = Size(width: 800, height: 600), tracksDamage: Bool = true, zoomScale: Double? = nil,
                textScale: Double = 1) throws {
        setenv("SDL_VIDEODRIVER", "dummy", 0)
        sceneName = scene
        self.motion = motion
        var hostOptions = HostOptions(size: size, hz: 60, title: "bench")
        hostOptions.textScale = textScale
        host = try HeadlessHost(options: hostOptions, tracksDamage: tracksDamage)
        var options = SceneOptions()
        options.items = items
        options.itemsGiven = true
        options.sprites = sprites
        let context = SceneContext(size: size, hz: 60, headless: true, options: options)
        do {
            shell = try GalleryShell(initialScene: scene, context: context, displayLink: host.displayLink,
                                     stats: nil, options: GalleryOptions())
        } catch {
            throw SDLError("cannot make scene \(scene): \(error)")
        }
        shell.hostDidResize(to: host.logicalSize)
        if let zoomScale, let photo = shell.currentScene as? PhotoScene { photo.scroll.zoomScale = zoomScale }
        // Warm up: a few legs, so caches (text, discs, reuse pools) are filled before measuring.
        let warmLegs = motion == .none ? 0 : 4
        while legs < warmLegs || (motion != .none && isMoving) || frames < 240 {
            prepare()
            frame()
        }
        warmUpFrames = frames
    }

    /// The scene's main scroll view is moving (or its tab indicator is).
    public var isMoving: Bool {
        shell.traceSample.phase != .idle
    }

    /// Starts the next leg when the scene is at rest. Call outside the measurement.
    public func prepare() {
        guard motion != .none, !isMoving, let scene = shell.currentScene else { return }
        legs += 1
        forward.toggle()
        let sample = shell.traceSample
        switch motion {
        case .scrollTo:
            switch sceneName {
            case "paging":
                scene.scrollToItem(forward ? 6 : 2, position: .start, duration: 2, curve: .easeInOut)
            default:
                let vertical = sample.contentSize.height > sample.viewportSize.height
                let range = max(0, vertical ? sample.contentSize.height - sample.viewportSize.height
                                            : sample.contentSize.width - sample.viewportSize.width)
                let mid = range / 2, half = min(1900, range / 2)
                let target = forward ? mid + half : mid - half
                scene.scroll(to: vertical ? Point(x: 0, y: target) : Point(x: target, y: 0),
                             duration: 2, curve: .easeInOut)
            }
        case .fling:
            let horizontal = sceneName == "paging"
            let sign: Double = forward ? -1 : 1
            let t0 = (lastTick?.timestamp ?? 0) + 1.0 / 60
            var p = Point(x: 400, y: 300)
            var t = t0
            shell.handle(.pointerDown(location: p, time: t))
            for _ in 0..<5 {
                t += 1.0 / 120
                if horizontal { p.x += sign * 20 } else { p.y += sign * 20 }
                shell.handle(.pointerMove(location: p, time: t))
            }
            t += 1.0 / 240
            shell.handle(.pointerUp(location: p, time: t))
        case .none:
            break
        }
        frame()
    }

    /// Applies a batch of `count` random data changes (inserts, deletes, moves) to the chat or grid scene,
    /// animated, as one `performChanges` (the benchmark's batch frame); false for scenes without data changes.
    @discardableResult
    public func applyChangeBatch(count: Int, seed: UInt64) -> Bool {
        guard prepareChangeBatch(count: count, seed: seed) else { return false }
        commitChangeBatch()
        return true
    }

    /// The model half of a batch: the chat's messages or the grid's cards change; ``commitChangeBatch()``
    /// tells the list.
    @discardableResult
    public func prepareChangeBatch(count: Int, seed: UInt64) -> Bool {
        if let chat = shell.currentScene as? ChatScene {
            pendingChanges = chat.makeRandomBatch(count: count, seed: seed)
        } else if let grid = shell.currentScene as? GridScene {
            pendingChanges = grid.makeRandomBatch(count: count, seed: seed)
        } else {
            return false
        }
        return true
    }

    /// The list half of a batch prepared by ``prepareChangeBatch(count:seed:)``: `performChanges`. Whether
    /// the list took it (a refused batch would time nothing).
    @discardableResult
    public func commitChangeBatch() -> Bool {
        guard !pendingChanges.isEmpty else { return false }
        defer { pendingChanges = [] }
        let list: ListView
        if let chat = shell.currentScene as? ChatScene { list = chat.list }
        else if let grid = shell.currentScene as? GridScene { list = grid.list }
        else { return false }
        do { try list.performChanges(pendingChanges) } catch { return false }
        return true
    }

    /// One full frame, as `HeadlessHost.run` does it: tick, display link, update, draw, present.
    @inline(never)   // a symbol of its own: callgrind's --toggle-collect counts inside it
    public func frame() {
        let tick = host.timeline.waitForNextFrame()
        host.timeline.fire()
        shell.update(tick)
        host.canvas.beginFrame()
        shell.draw(in: host.canvas)
        host.canvas.endFrame()
        host.present()
        lastTick = tick
        frames += 1
    }

    /// Hands `event` to the gallery as the host does between frames (a key, typed text), at the next frame's time.
    public func handle(_ event: InputEvent) {
        shell.handle(event)
    }

    /// The next frame's time on the virtual clock, for events handed in before it.
    public var nextFrameTime: Double { (lastTick?.timestamp ?? 0) + 1 / host.hz }

    /// Writes the frame last drawn to a PNG (to check by eye what is measured).
    public func screenshot(to path: String) throws {
        try host.screenshot(to: path)
    }

    /// The canvas's last drawing error, if any.
    public var lastError: String? { host.canvas.lastError.map { "\($0)" } }

    /// Text textures created so far (a steady frame creates none).
    public var textTexturesCreated: Int { host.canvas.textTexturesCreated }
}

/// The benchmark's random batches: `count` single-item changes, inserts, deletes and moves in turn, at indices
/// drawn from `seed` against a model of `itemCount()` items; each is made to the model by `apply`, which returns
/// false to leave one out (the batch skips it). Deletes and moves need two items or more. Deterministic.
@MainActor
func randomChangeBatch(count: Int, seed: UInt64, itemCount: () -> Int, apply: (ListChange) -> Bool) -> [ListChange] {
    var state = seed
    func next(_ n: Int) -> Int {
        state = ChatMessages.mix(Int(truncatingIfNeeded: state))
        return n > 0 ? Int(state % UInt64(n)) : 0
    }
    var changes: [ListChange] = []
    for k in 0..<count {
        let n = itemCount()
        let change: ListChange
        switch k % 3 {
        case 0: change = .insert(at: next(n + 1), count: 1)
        case 1 where n > 1: change = .delete(at: next(n), count: 1)
        case 2 where n > 1: change = .move(from: next(n), to: next(n))
        default: continue
        }
        if apply(change) { changes.append(change) }
    }
    return changes
}
