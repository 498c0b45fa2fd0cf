// The pixel-identity test of damage tracking: every frame drawn by damage (scrolled pixels moved, only
// what changed drawn) is byte-identical to the same state drawn whole. Each case runs a scripted gallery
// scene (tab bar and HUD included) at 1x and 2x; every frame is drawn into two headless hosts, one tracking
// damage and one drawing whole, and their pixels are compared. A new scene is one row of `cases`.
import Foundation
import Motion
import ScrollKit
import CSDL2
import Testing
@testable import ScrollKitGallery
@testable import ScrollKitSDL
import ScrollKitTesting

@Suite("Damage tracking: pixel identity", .serialized)
@MainActor
struct DamageIdentityTests {
    /// One scripted run: a scene, the axis its main content scrolls along, and what else its script does.
    struct Case: Sendable, CustomStringConvertible {
        var scene: String
        var axis: ScrollAxis = .vertical
        /// Insert, delete and move rows (scenes that take data changes).
        var changesData = false
        /// Items of the list, chat and grid scenes.
        var items = 200
        /// Extra events (JSON objects), appended to the common script.
        var extra: [String] = []
        /// The gallery's layout direction (right to left: mirrored scroll views move their content the other way).
        var direction: ReadingDirection = .leftToRight
        var description: String {
            (items == 200 ? scene : "\(scene) N=\(items)") + (direction == .rightToLeft ? " rtl" : "")
        }
    }

    /// Every scene of the gallery. Add a scene here (one line).
    nonisolated static let cases: [Case] = [
        Case(scene: "list", changesData: true),
        Case(scene: "paging", axis: .horizontal),
        Case(scene: "picker"),
        Case(scene: "sprites"),
        Case(scene: "curves"),
        Case(scene: "home", extra: [#"{"t": 2.45, "type": "down", "x": 600, "y": 200}"#,
                                    #"{"t": 2.5, "type": "move", "x": 500, "y": 205}"#,
                                    #"{"t": 2.55, "type": "move", "x": 380, "y": 208}"#,
                                    #"{"t": 2.58, "type": "up", "x": 380, "y": 208}"#]),
        // Right to left: the carousels' and the pages' content mirrored (a rightward drag and fling go forward).
        Case(scene: "home", extra: [#"{"t": 2.45, "type": "down", "x": 200, "y": 200}"#,
                                    #"{"t": 2.5, "type": "move", "x": 300, "y": 205}"#,
                                    #"{"t": 2.55, "type": "move", "x": 420, "y": 208}"#,
                                    #"{"t": 2.58, "type": "up", "x": 420, "y": 208}"#], direction: .rightToLeft),
        Case(scene: "paging", axis: .horizontal, direction: .rightToLeft),
        Case(scene: "list", changesData: true, direction: .rightToLeft),
        Case(scene: "photos"),
        Case(scene: "reader"),
        Case(scene: "chat", changesData: true),
        Case(scene: "grid"),
        // The switch flips every card to right to left mid-run (laid out again, aligned and mirrored).
        Case(scene: "world", extra: [#"{"t": 1.5, "type": "down", "x": 760, "y": 70}"#, #"{"t": 1.55, "type": "up", "x": 760, "y": 70}"#]),
        // Zoomed in first (Ctrl + wheel: 4 steps double the scale, twice) so that the common script scrolls it;
        // then a pinch and a double-tap (zooms draw whole frames, scrolls move pixels).
        Case(scene: "photo", axis: .vertical, extra: [
            #"{"t": 0.01, "type": "wheel", "dy": 8, "ctrl": true, "x": 400, "y": 300}"#,
            #"{"t": 3.0, "type": "touchDown", "id": 1, "x": 350, "y": 300}"#,
            #"{"t": 3.0, "type": "touchDown", "id": 2, "x": 450, "y": 300}"#,
            #"{"t": 3.05, "type": "touchMove", "id": 1, "x": 320, "y": 310}"#,
            #"{"t": 3.05, "type": "touchMove", "id": 2, "x": 480, "y": 310}"#,
            #"{"t": 3.1, "type": "touchMove", "id": 1, "x": 280, "y": 320}"#,
            #"{"t": 3.1, "type": "touchMove", "id": 2, "x": 520, "y": 320}"#,
            #"{"t": 3.15, "type": "touchUp", "id": 1, "x": 280, "y": 320}"#,
            #"{"t": 3.15, "type": "touchUp", "id": 2, "x": 520, "y": 320}"#,
            #"{"t": 3.3, "type": "touchDown", "id": 1, "x": 400, "y": 250}"#,
            #"{"t": 3.32, "type": "touchUp", "id": 1, "x": 400, "y": 250}"#,
            #"{"t": 3.4, "type": "touchDown", "id": 1, "x": 400, "y": 250}"#,
            #"{"t": 3.42, "type": "touchUp", "id": 1, "x": 400, "y": 250}"#,
        ]),
        // The inbox: a row swiped open on its actions (closed by the timed scroll), batch changes while scrolled.
        Case(scene: "inbox", changesData: true, extra: [
            #"{"t": 0.6, "type": "down", "x": 600, "y": 300}"#,
            #"{"t": 0.63, "type": "move", "x": 560, "y": 301}"#,
            #"{"t": 0.66, "type": "move", "x": 500, "y": 302}"#,
            #"{"t": 0.69, "type": "move", "x": 450, "y": 302}"#,
            #"{"t": 0.8, "type": "up", "x": 450, "y": 302}"#,
        ]),
        // The inbox pulled to refresh from its top (the spinner in the content, the rest below it, the new
        // messages at 1.9 s), and a row lifted by a long press at the end (its shadow, the rows sliding aside).
        Case(scene: "inbox", items: 500, extra: [
            #"{"t": 0.56, "type": "scrollTo", "x": 0, "y": 0, "duration": 0}"#,
            #"{"t": 0.6, "type": "down", "x": 400, "y": 150}"#,
            #"{"t": 0.65, "type": "move", "x": 400, "y": 230}"#,
            #"{"t": 0.7, "type": "move", "x": 400, "y": 310}"#,
            #"{"t": 0.75, "type": "move", "x": 400, "y": 390}"#,
            #"{"t": 0.9, "type": "up", "x": 400, "y": 390}"#,
            #"{"t": 2.95, "type": "down", "x": 300, "y": 250}"#,
            #"{"t": 3.5, "type": "move", "x": 300, "y": 300}"#,
            #"{"t": 3.55, "type": "move", "x": 300, "y": 380}"#,
        ]),
        // A focused full-width row (its ring drawn inside the row): reached by Tab, moved by ↓ while the script
        // drags, flings, scrolls and resizes (the ring's pixels move with the content and are drawn again).
        Case(scene: "list", extra: ["Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Down", "Down"].enumerated().map {
            #"{"t": \#(0.56 + Double($0.offset) * 0.02), "type": "key", "key": "\#($0.element)"}"#
        } + [#"{"t": 2.35, "type": "key", "key": "Down"}"#, #"{"t": 3.4, "type": "key", "key": "Up"}"#]),
        Case(scene: "inbox", items: 60, extra: [#"{"t": 0.56, "type": "key", "key": "Tab"}"#, #"{"t": 0.58, "type": "key", "key": "Tab"}"#,
                                                #"{"t": 0.6, "type": "key", "key": "Tab"}"#, #"{"t": 2.4, "type": "key", "key": "Down"}"#]),
        // Deep in 10^7 items: content origins far past the 2^22 pixels drawing coordinates are clamped to
        // (the scripted drags and fling run there, before the timed scroll back to the top).
        Case(scene: "list", items: 10_000_000, extra: [#"{"t": 0.02, "type": "scrollToItem", "index": 9000000, "duration": 0}"#]),
        Case(scene: "grid", items: 10_000_000, extra: [#"{"t": 0.02, "type": "scrollToItem", "index": 9000000, "duration": 0}"#]),
    ]

    /// The script: a slow drag, a fling, a timed scroll, wheel steps, keys, a resize mid-motion and back,
    /// and for scenes with data, inserts, deletes and moves (animated and not) while scrolled.
    static func script(for c: Case) -> String {
        func p(_ along: Double, _ across: Double) -> String {
            c.axis == .vertical ? #""x": \#(across), "y": \#(along)"# : #""x": \#(along), "y": \#(across)"#
        }
        var events = [
            #"{"t": 0.05, "type": "down", \#(p(420, 400))}"#,
            #"{"t": 0.1, "type": "move", \#(p(405, 400))}"#,
            #"{"t": 0.2, "type": "move", \#(p(361.5, 400))}"#,
            #"{"t": 0.3, "type": "move", \#(p(330.25, 400))}"#,
            #"{"t": 0.4, "type": "up", \#(p(330.25, 400))}"#,
            #"{"t": 0.5, "type": "down", \#(p(480, 400))}"#,
            #"{"t": 0.51, "type": "move", \#(p(450, 400))}"#,
            #"{"t": 0.52, "type": "move", \#(p(410, 400))}"#,
            #"{"t": 0.53, "type": "move", \#(p(370, 400))}"#,
            #"{"t": 0.54, "type": "up", \#(p(370, 400))}"#,
            #"{"t": 1.3, "type": "scrollTo", "x": \#(c.axis == .vertical ? 0 : 900), "y": \#(c.axis == .vertical ? 700.3 : 0), "duration": 0.4}"#,
            #"{"t": 1.8, "type": "wheel", "dx": 0, "dy": -2, "x": 400, "y": 300}"#,
            #"{"t": 2.0, "type": "key", "key": "PageDown"}"#,
            #"{"t": 2.1, "type": "resize", "width": 640, "height": 480}"#,
            #"{"t": 2.2, "type": "down", \#(p(300, 300))}"#,
            #"{"t": 2.25, "type": "move", \#(p(340, 300))}"#,
            #"{"t": 2.3, "type": "up", \#(p(340, 300))}"#,
            #"{"t": 2.7, "type": "resize", "width": 800, "height": 600}"#,
            #"{"t": 2.8, "type": "scrollToItem", "index": 3, "position": "center", "duration": 0.3}"#,
        ]
        if c.changesData {
            events += [
                #"{"t": 3.0, "type": "insert", "index": 2, "count": 3, "animated": true}"#,
                #"{"t": 3.15, "type": "delete", "index": 4, "count": 2}"#,
                #"{"t": 3.2, "type": "move", "from": 1, "to": 6, "animated": true}"#,
                #"{"t": 3.3, "type": "insert", "index": 0, "count": 1}"#,
            ]
        }
        events += c.extra
        events.sort { t($0) < t($1) }
        return #"{"events": [\#(events.joined(separator: ",\n"))]}"#
    }

    private static func t(_ event: String) -> Double {
        let start = event.range(of: #""t": "#)!.upperBound
        return Double(event[start...].prefix { "0123456789.".contains($0) })!
    }

    static let seconds = 3.6

    @Test(arguments: cases, [1.0, 1.5, 2.0])
    func trackedFramesEqualWholeFrames(_ c: Case, scale: Double) throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let hz = scale == 1 ? 60.0 : 30.0   // 2x frames cost four times as much: half as many of them
        let size = Size(width: 800, height: 600)
        var options = HostOptions(size: size, hz: hz)
        options.layoutDirection = c.direction
        defer { ViewNode.defaultLayoutDirection = .leftToRight }
        let tracked = try HeadlessHost(options: options, pixelScale: scale, tracksDamage: true)
        let whole = try HeadlessHost(options: options, pixelScale: scale, tracksDamage: false)
        var sceneOptions = SceneOptions()
        if c.scene == "list" || c.scene == "chat" || c.items != 200 { sceneOptions.items = c.items; sceneOptions.itemsGiven = true }
        let shell = try GalleryShell(initialScene: c.scene,
                                     context: SceneContext(size: size, hz: hz, headless: true, options: sceneOptions),
                                     displayLink: tracked.displayLink, stats: nil, options: GalleryOptions(showsHUD: true))
        shell.hostDidResize(to: tracked.logicalSize)
        let script = try Script.parse(Array(Self.script(for: c).utf8))
        var player = ScriptPlayer(script: script, windowSize: size)
        var movedFrames = 0, partialFrames = 0, unchangedFrames = 0
        var lastFrame = Frame()   // the last frame's pixels, drawn whole
        let frames = Int(Self.seconds * hz)
        for frame in 0..<frames {
            let tick = tracked.timeline.waitForNextFrame()
            tracked.canvas.images.waitForPendingDecodes()
            for output in player.outputs(for: tick) {
                switch output {
                case .input(let event): shell.handle(event)
                case .scene(.change(let change, let animated, _)): try shell.apply(change, animated: animated)
                case .scene(let command): shell.perform(command)
                case .resize(let newSize):
                    tracked.resize(to: newSize)
                    whole.resize(to: newSize)
                    shell.hostDidResize(to: tracked.logicalSize)
                case .screenshot: break
                }
            }
            tracked.timeline.fire()
            shell.update(tick)
            // Both frames begin before either draws, so both see the same decoded images.
            tracked.canvas.beginFrame()
            whole.canvas.beginFrame()
            for host in [tracked, whole] {
                shell.draw(in: host.canvas)
                host.canvas.endFrame()
                SDL_RenderFlush(host.renderer)   // what SDL still queues (image blits) is in the frame too
            }
            let report = tracked.canvas.lastDamage
            if ProcessInfo.processInfo.environment["DAMAGE_DEBUG"] != nil { print("DAMAGE", c.scene, frame, report.drawnPixels, report.movedPixels, tracked.canvas.changedRects.map { "(\($0.x),\($0.y) \($0.w)x\($0.h))" }.joined(separator: " ")) }
            #expect(report.tracked)
            if report.movedPixels > 0 { movedFrames += 1 }
            if report.drawnPixels < Int(tracked.logicalSize.width * tracked.logicalSize.height * scale * scale) { partialFrames += 1 }
            if !report.changed { unchangedFrames += 1 }
            if !Self.samePixels(try #require(tracked.framebuffer), try #require(whole.framebuffer)) {
                let a = try tracked.readPixels(), b = try whole.readPixels()
                let dir = FileManager.default.temporaryDirectory.path
                let name = "damage-\(c.scene)@\(Int(scale))x-frame\(frame)"
                try? PNGWriter.write(a, to: "\(dir)/\(name).tracked.png")
                try? PNGWriter.write(b, to: "\(dir)/\(name).whole.png")
                let difference = a.difference(from: b, tolerance: 0)
                let rects = tracked.canvas.changedRects.map { "(\($0.x),\($0.y) \($0.w)x\($0.h))" }.joined(separator: " ")
                Issue.record("\(c.scene) at \(scale)x, frame \(frame): tracked frame differs from the whole one (\(difference)); \(report); damage \(rects); written to \(dir)/\(name).*.png")
                return
            }
            // Every pixel that changed since the last frame lies in the rects the canvas says it changed
            // (what the window host presents): the last frame with those rects taken from this one is this one.
            let surface = try #require(whole.framebuffer)
            if lastFrame.fits(surface) {
                if let row = lastFrame.rowChangedOutside(tracked.canvas.changedRects, now: surface) {
                    Issue.record("\(c.scene) at \(scale)x, frame \(frame): row \(row) changed outside the changed rects \(tracked.canvas.changedRects.map { "(\($0.x),\($0.y) \($0.w)x\($0.h))" }); \(report)")
                    return
                }
            }
            lastFrame.copy(surface)
        }
        // The run exercised what it is about: moved pixels for every scene that scrolls, partial frames.
        if c.scene != "sprites" && c.scene != "picker" {
            #expect(movedFrames >= 3, "\(c.scene): \(movedFrames) frames moved pixels")
        }
        #expect(partialFrames > 0 || c.scene == "sprites", "\(c.scene): no frame was drawn in part")
        _ = unchangedFrames
    }

    /// A copy of a frame's pixels (rows packed).
    struct Frame {
        var width = 0, height = 0
        var bytes: [UInt8] = []

        func fits(_ s: UnsafeMutablePointer<SDL_Surface>) -> Bool {
            Int(s.pointee.w) == width && Int(s.pointee.h) == height && !bytes.isEmpty
        }

        mutating func copy(_ s: UnsafeMutablePointer<SDL_Surface>) {
            width = Int(s.pointee.w)
            height = Int(s.pointee.h)
            let row = width * 4, pitch = Int(s.pointee.pitch)
            bytes = [UInt8](repeating: 0, count: row * height)
            bytes.withUnsafeMutableBytes { out in
                for y in 0..<height { memcpy(out.baseAddress! + y * row, s.pointee.pixels + y * pitch, row) }
            }
        }

        /// This frame with `rects` taken from `now`, compared with `now`: the first row where they differ
        /// (a pixel changed outside the rects), or nil.
        func rowChangedOutside(_ rects: [PixelRect], now s: UnsafeMutablePointer<SDL_Surface>) -> Int? {
            var expected = bytes
            let row = width * 4, pitch = Int(s.pointee.pitch)
            let pixels = s.pointee.pixels!
            expected.withUnsafeMutableBytes { out in
                for r in rects {
                    let x0 = max(0, Int(r.x)), x1 = min(width, Int(r.x) + Int(r.w))
                    let y0 = max(0, Int(r.y)), y1 = min(height, Int(r.y) + Int(r.h))
                    guard x0 < x1, y0 < y1 else { continue }
                    for y in y0..<y1 { memcpy(out.baseAddress! + y * row + x0 * 4, pixels + y * pitch + x0 * 4, (x1 - x0) * 4) }
                }
            }
            return expected.withUnsafeBytes { e in
                (0..<height).first { y in memcmp(e.baseAddress! + y * row, pixels + y * pitch, row) != 0 }
            }
        }
    }

    /// Whether two framebuffers hold the same pixels (row by row: pitches may differ).
    static func samePixels(_ a: UnsafeMutablePointer<SDL_Surface>, _ b: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard a.pointee.w == b.pointee.w, a.pointee.h == b.pointee.h, let pa = a.pointee.pixels, let pb = b.pointee.pixels
        else { return false }
        let row = Int(a.pointee.w) * 4
        for y in 0..<Int(a.pointee.h) where memcmp(pa + y * Int(a.pointee.pitch), pb + y * Int(b.pointee.pitch), row) != 0 {
            return false
        }
        return true
    }

    /// A frame with nothing changed and nothing moving draws nothing and reports no change.
    @Test func restingFrameChangesNothing() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let host = try HeadlessHost(options: HostOptions(size: Size(width: 400, height: 300), hz: 60))
        let shell = try GalleryShell(initialScene: "list",
                                     context: SceneContext(size: host.logicalSize, hz: 60, headless: true),
                                     displayLink: host.displayLink)
        shell.hostDidResize(to: host.logicalSize)
        for _ in 0..<3 {
            let tick = host.timeline.waitForNextFrame()
            shell.update(tick)
            host.canvas.beginFrame()
            shell.draw(in: host.canvas)
            host.canvas.endFrame()
        }
        #expect(host.canvas.lastDamage.tracked)
        #expect(!host.canvas.lastDamage.changed)
        #expect(host.canvas.lastDamage.drawnPixels == 0)
        #expect(host.canvas.lastDamage.movedPixels == 0)
    }
}
