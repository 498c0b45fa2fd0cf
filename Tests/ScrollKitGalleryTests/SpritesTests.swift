import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import Testing
@testable import ScrollKitGallery
import SplitMix

/// The deltas a `FrameDeltaNotifier` delivers at `hz` for `seconds` on a virtual clock: the first is one
/// period, then differences of consecutive timestamps k / hz (not all exactly 1 / hz in floating point).
private func notifierDeltas(hz: Double, seconds: Double) -> [Double] {
    let frames = Int((seconds * hz).rounded())
    var deltas = [1 / hz]
    for k in 1..<frames { deltas.append(Double(k) / hz - Double(k - 1) / hz) }
    return deltas
}

private let bounds = Size(width: 800, height: 556)

/// Largest distance between the same sprite in two fields, points.
private func maxDistance(_ a: SpriteField, _ b: SpriteField) -> Double {
    zip(a.sprites, b.sprites).reduce(0) { m, p in
        max(m, ((p.0.x - p.1.x) * (p.0.x - p.1.x) + (p.0.y - p.1.y) * (p.0.y - p.1.y)).squareRoot())
    }
}

@Suite struct SpriteFieldTests {
    /// The frame-delta listener's promise, made exact: the same random seed at 30, 60 and 144 Hz ends with every view in the
    /// same place (the issue asks for 1 pt; the closed-form steps and exact event times give ~1e-12),
    /// in the same life, at the same size and opacity, after several lives.
    @Test(arguments: [1 as UInt64, 42, 0xDEAD_BEEF])
    func frameRateIndependence(seed: UInt64) {
        var fields: [SpriteField] = []
        for hz in [30.0, 60, 144] {
            var field = SpriteField(count: 300, seed: seed, bounds: bounds)
            for dt in notifierDeltas(hz: hz, seconds: 6) { field.advance(by: dt) }
            #expect(abs(field.time - 6) < 1e-9)
            fields.append(field)
        }
        for other in fields.dropFirst() {
            #expect(maxDistance(fields[0], other) < 1e-6)
            #expect(maxDistance(fields[0], other) <= 1)
            for (a, b) in zip(fields[0].sprites, other.sprites) {
                #expect(a.life == b.life)
                #expect(a.diameter == b.diameter && a.alpha == b.alpha && a.color == b.color)
                #expect(abs(a.opacity - b.opacity) < 1e-6 && abs(a.scale - b.scale) < 1e-6)
            }
            #expect(fields[0].recycled == other.recycled)
        }
        // Six seconds with lives of at most 1.6 s: every sprite was recycled at least three times.
        #expect(fields[0].sprites.allSatisfy { $0.life >= 3 })
    }

    /// One long step lands where many small ones do (event times do not depend on the steps).
    @Test func oneLongStepEqualsManySmallOnes() {
        var small = SpriteField(count: 100, seed: 7, bounds: bounds)
        var long = SpriteField(count: 100, seed: 7, bounds: bounds)
        for _ in 0..<250 { small.advance(by: 0.01) }
        long.advance(by: 2.5)
        #expect(maxDistance(small, long) < 1e-6)
        #expect(zip(small.sprites, long.sprites).allSatisfy { $0.life == $1.life })
    }

    /// A naive Euler integration (v first, then x += v·dt, as the original UIKit demo did) would drift apart between
    /// rates; the closed form matches x0 + v t + ½ a t² exactly within a life.
    @Test func motionWithinALifeIsTheClosedForm() throws {
        var field = SpriteField(count: 20, seed: 3, bounds: bounds)
        let start = field.sprites
        let t = 0.05                                 // shorter than any remaining first life? check per sprite
        for _ in 0..<5 { field.advance(by: t / 5) }
        for (s0, s) in zip(start, field.sprites) where s0.age + t < s0.lifetime {
            #expect(abs(s.x - (s0.x + s0.vx * t + 0.5 * s0.ax * t * t)) < 1e-9)
            #expect(abs(s.y - (s0.y + s0.vy * t + 0.5 * s0.ay * t * t)) < 1e-9)
            #expect(abs(s.vx - (s0.vx + s0.ax * t)) < 1e-9)
        }
        #expect(start.contains { $0.age + t < $0.lifetime })
    }

    @Test func sameSeedSameRunDifferentSeedDifferentRun() {
        var a = SpriteField(count: 60, seed: 11, bounds: bounds)
        var b = SpriteField(count: 60, seed: 11, bounds: bounds)
        var c = SpriteField(count: 60, seed: 12, bounds: bounds)
        for dt in notifierDeltas(hz: 60, seconds: 3) { a.advance(by: dt); b.advance(by: dt); c.advance(by: dt) }
        #expect(a.sprites == b.sprites)
        #expect(a.sprites != c.sprites)
        #expect(maxDistance(a, c) > 10)
        // SplitMix64 is the published algorithm: its first output for seed 0.
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
    }

    /// Every life's random values stay in their ranges, and recycled sprites start inside the bounds.
    @Test func livesAndRecyclingStayInBounds() {
        var field = SpriteField(count: 400, seed: 5, bounds: bounds)
        var checked = 0
        func check(_ s: Sprite, fresh: Bool) {
            #expect(SpriteField.lifetimeRange.contains(s.lifetime))
            #expect(SpriteField.diameterRange.contains(s.diameter))
            #expect(SpriteField.alphaRange.contains(s.alpha))
            if fresh {
                #expect(abs(s.vx) <= 100 && abs(s.vy) <= 100)
                #expect(abs(s.ax) <= 100 && abs(s.ay) <= 100)
                let r = s.diameter / 2
                #expect(s.x >= r && s.x <= bounds.width - r && s.y >= r && s.y <= bounds.height - r)
            }
        }
        for s in field.sprites { check(s, fresh: true) }
        for _ in 0..<600 {
            let before = field.sprites
            field.advance(by: 1.0 / 120)
            for (old, new) in zip(before, field.sprites) where new.life != old.life {
                #expect(new.life == old.life + 1)
                #expect(new.age < 1.0 / 120 + 1e-12)     // the remainder of the step after the exact end
                // At spawn (age 0) it was inside; it has moved by at most age·(|v| + |a| age).
                var spawned = new
                spawned.x -= new.vx * new.age + 0.5 * new.ax * new.age * new.age
                spawned.y -= new.vy * new.age + 0.5 * new.ay * new.age * new.age
                spawned.vx -= new.ax * new.age; spawned.vy -= new.ay * new.age
                check(spawned, fresh: true)
                checked += 1
            }
        }
        #expect(checked > 400)
        #expect(field.recycled == checked)
    }

    /// The end animation: motion stops at the lifetime, the view grows to 1.3x while fading to 0 over
    /// 0.1 s, and the next life begins exactly then.
    @Test func endAnimationAndRecyclingAtExactTimes() throws {
        var field = SpriteField(count: 1, seed: 9, bounds: bounds)
        let s0 = try #require(field.sprites.first)
        let remaining = s0.lifetime - s0.age
        field.advance(by: remaining - 1e-3)
        var s = field.sprites[0]
        #expect(!s.isEnding && s.scale == 1 && s.opacity == s0.alpha)
        field.advance(by: 1e-3 + 0.05)                 // half-way through the end animation
        s = field.sprites[0]
        #expect(s.isEnding)
        #expect(abs(s.scale - 1.15) < 1e-9)
        #expect(abs(s.opacity - s0.alpha / 2) < 1e-9)
        let t = remaining
        #expect(abs(s.x - (s0.x + s0.vx * t + 0.5 * s0.ax * t * t)) < 1e-9)   // stopped at the end
        field.advance(by: 0.05 - 1e-6)
        #expect(field.sprites[0].life == 0)
        #expect(abs(field.sprites[0].scale - 1.3) < 1e-4 && field.sprites[0].opacity < 1e-4)
        field.advance(by: 2e-6)
        #expect(field.sprites[0].life == 1)
        #expect(abs(field.sprites[0].age - 1e-6) < 1e-9)
    }

    @Test func badStepsAndBounds() {
        var field = SpriteField(count: 10, seed: 1, bounds: Size(width: .nan, height: -5))
        #expect(field.bounds == .zero)
        #expect(field.sprites.allSatisfy { $0.x == 0 && $0.y == 0 })   // nowhere to go: the origin
        let before = field.sprites
        for dt in [Double.nan, -1, 0, -.infinity, .infinity] { field.advance(by: dt) }
        #expect(field.sprites == before && field.time == 0)
        field.advance(by: 1e9)                                         // capped at maxStep
        #expect(field.time == SpriteField.maxStep)
        #expect(SpriteField(count: -3, seed: 1, bounds: bounds).sprites.isEmpty)
        var big = SpriteField(count: 10_000, seed: 2, bounds: bounds)
        big.advance(by: 1.0 / 60)
        #expect(big.sprites.count == 10_000)
    }
}

@MainActor @Suite struct SpritesSceneTests {
    /// The scene on a real display link and `FrameDeltaNotifier` at 30, 60 and 144 Hz (virtual clock):
    /// after 2 s every sprite is in the same place.
    @Test func notifierDrivenSceneIsFrameRateIndependent() throws {
        var results: [[Sprite]] = []
        for hz in [30.0, 60, 144] {
            let timeline = FrameTimeline(clock: VirtualClock(hz: hz), hz: hz)
            let scene = SpritesScene(count: 120, seed: 4, size: bounds)
            scene.attach(displayLink: timeline.mainLink)
            for _ in 0..<Int(2 * hz) {
                let tick = timeline.waitForNextFrame()
                timeline.fire()
                scene.update(tick)
            }
            #expect(abs(scene.field.time - 2) < 1e-9)
            results.append(scene.field.sprites)
        }
        for other in results.dropFirst() {
            for (a, b) in zip(results[0], other) {
                #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6 && a.life == b.life)
            }
        }
    }

    /// Space pauses (the scene then asks for no frames, so an idle window can sleep), R restarts with the
    /// seed, a hidden scene does not move; the field shows each frame's target time, the clock starting at the
    /// first frame's timestamp (so it is one period in, as with the frame deltas it replaces).
    @Test func pauseRestartHideAndTickFallback() {
        let link = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        let scene = SpritesScene(count: 30, seed: 8, size: bounds)
        scene.attach(displayLink: link.mainLink)
        func frames(_ n: Int) { for _ in 0..<n { let t = link.waitForNextFrame(); link.fire(); scene.update(t) } }
        frames(30)
        #expect(abs(scene.field.time - 0.5) < 1e-9)
        #expect(scene.needsFrames)
        scene.handle(.key(.space, time: 0.5))
        frames(30)
        #expect(abs(scene.field.time - 0.5) < 1e-9)
        #expect(!scene.needsFrames)
        scene.handle(.key(.space, time: 1))
        frames(30)
        #expect(abs(scene.field.time - 1) < 1e-9)       // resumed with one period, no jump over the pause
        scene.setVisible(false)
        frames(30)
        #expect(abs(scene.field.time - 1) < 1e-9 && !scene.needsFrames)
        scene.setVisible(true)
        scene.handle(.text("r", time: 2))
        #expect(scene.field.time == 0 && scene.field.sprites == SpriteField(count: 30, seed: 8, bounds: bounds).sprites)

        // Sampled at the ticks' target times: where stepping by the notifier's deltas lands.
        let bare = SpritesScene(count: 30, seed: 8, size: bounds)
        let clock = FrameTimeline(clock: VirtualClock(hz: 60), hz: 60)
        for _ in 0..<60 { bare.update(clock.waitForNextFrame()) }
        var reference = SpriteField(count: 30, seed: 8, bounds: bounds)
        for dt in notifierDeltas(hz: 60, seconds: 1) { reference.advance(by: dt) }
        #expect(maxDistance(bare.field, reference) < 1e-9)
    }

    /// Drawing: one translucent disc per visible sprite, over the backdrop, with the caption.
    @Test func drawsADiscPerSprite() {
        let scene = SpritesScene(count: 50, seed: 1, size: bounds)
        let canvas = RecordingCanvas(size: bounds)
        scene.draw(in: canvas)
        let discs = canvas.commands.compactMap { if case .circle(let c, let r, let color) = $0 { (c, r, color) } else { nil } }
        #expect(discs.count == 50)
        for ((c, r, color), s) in zip(discs, scene.field.sprites) {
            #expect(c == Point(x: s.x, y: s.y) && abs(r - s.diameter / 2) < 1e-12)
            #expect(color.a == UInt8((s.alpha * 255).rounded()))
        }
        #expect(canvas.texts.contains { $0.hasPrefix("50 sprites · seed 1") })
    }
}


/// The whole program (a subprocess): the same seed at 30, 60 and 144 Hz draws the same picture after
/// the same 3 seconds, pixel for pixel; one frame more is a different picture.
@Suite struct SpritesProcessTests {
    @Test func sameSeedSamePictureAt30_60And144Hz() throws {
        let dir = try DemoProcess.temporaryDirectory("sprites-hz")
        defer { try? FileManager.default.removeItem(at: dir) }
        func shot(hz: Int, frames: Int) throws -> Data {
            let path = dir.appendingPathComponent("s-\(hz)-\(frames).png").path
            let result = try DemoProcess.run(["--headless", "--scene", "sprites", "--sprites", "500", "--seed", "77",
                                              "--hz", "\(hz)", "--frames", "\(frames)", "--screenshot", path])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let at60 = try shot(hz: 60, frames: 180)
        #expect(try shot(hz: 30, frames: 90) == at60)
        #expect(try shot(hz: 144, frames: 432) == at60)
        #expect(try shot(hz: 60, frames: 181) != at60)
    }
}
