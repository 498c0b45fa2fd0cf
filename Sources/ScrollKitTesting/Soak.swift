// Soak: random input (taps, drags, flings, wheel turns, keys, pinches, pauses) thrown at a TestApp from a printed
// seed, with every scroll view's invariants and the app's own checked after every frame.

import Foundation
import Motion
import ScrollKit
import SplitMix

/// What a soak did (``TestApp/soak(steps:seed:in:invariant:)``).
public struct SoakReport: Sendable, Hashable, CustomStringConvertible {
    /// The seed: the same seed, app and size repeat the same soak.
    public var seed: UInt64
    /// Actions thrown, and frames run.
    public var steps: Int
    public var frames: Int

    public var description: String { "soak of \(steps) actions, \(frames) frames, seed \(seed)" }
}

/// A soak found a broken invariant: where, after what, and the seed to repeat it.
public struct SoakFailure: Error, Sendable, CustomStringConvertible {
    public var seed: UInt64
    /// The action (0-based) during which it broke, and what it was.
    public var step: Int
    public var action: String
    /// The frame and what broke.
    public var frame: Int
    public var problem: String

    public var description: String {
        "soak broke at action \(step) (\(action)), frame \(frame): \(problem). Repeat it with seed: \(seed)"
    }
}

extension TestApp {
    /// Throws `steps` random actions at the app — taps, drags, flings in any direction, wheel turns, scroll and
    /// focus keys, pinches, pauses — inside `area` (the window by default), running every frame one at a time
    /// and checking after each: every scroll view's offset, velocity and zoom are finite, its offset stays
    /// within its range plus a viewport of overscroll (a rubber band never reaches that) and is back in its
    /// range once it is idle; then `invariant` (your own: return what broke, or nil). Ends by settling.
    /// - Parameter seed: the generator's seed; a random one when nil. It is in the report and in any failure:
    ///   pass it back to repeat the soak exactly.
    /// - Throws: ``SoakFailure`` at the first broken invariant; ``TestAppError`` if the app never settles.
    @discardableResult
    public func soak(steps: Int = 200, seed: UInt64? = nil, in area: Rect? = nil,
                     invariant: ((TestApp) -> String?)? = nil) throws -> SoakReport {
        let seed = seed ?? UInt64.random(in: 1...UInt64.max)
        let dice = SoakDice(seed: seed, area: area ?? Rect(origin: .zero, size: size))
        let firstFrame = framesRun
        for step in 0..<max(0, steps) {
            let (events, words) = randomAction(dice)
            for event in events { send(event) }
            let until = (events.map(\.time).max() ?? time) + dice.unit() * 0.3
            repeat {
                pump(frames: 1)
                if let problem = Self.scrollProblem(in: root) ?? invariant?(self) {
                    throw SoakFailure(seed: seed, step: step, action: words, frame: framesRun - 1, problem: problem)
                }
            } while time <= until
        }
        try settle(timeout: 30)
        if let problem = Self.scrollProblem(in: root, atRest: true) ?? invariant?(self) {
            throw SoakFailure(seed: seed, step: steps, action: "settling", frame: framesRun - 1, problem: problem)
        }
        return SoakReport(seed: seed, steps: max(0, steps), frames: framesRun - firstFrame)
    }

    private func randomAction(_ dice: SoakDice) -> ([InputEvent], String) {
        let sampler = GestureSampler(device: device)
        let t = time
        let point = dice.point, unit = dice.unit
        switch dice.int(below: 8) {
        case 0:
            let p = point()
            return (sampler.tap(at: p, time: t), "tap at \(p)")
        case 1:
            let a = point(), b = point(), d = 0.1 + unit() * 0.7
            return (sampler.drag(from: a, to: b, duration: d, time: t), "drag from \(a) to \(b) in \(d) s")
        case 2, 3:
            let angle = unit() * 2 * Double.pi, speed = 200 + unit() * 3800
            let v = Point(x: speed * cos(angle), y: speed * sin(angle))
            let p = point()
            return (sampler.fling(from: p, velocity: v, time: t), "fling from \(p) at \(v)")
        case 4:
            let p = point(), dy = Double(dice.int(below: 11) - 5)
            return (sampler.wheel(dx: 0, dy: dy == 0 ? 1 : dy, at: p, time: t), "wheel \(dy) at \(p)")
        case 5:
            let keys: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .space, .tab]
            let key = keys[dice.int(below: keys.count)]
            return ([.key(key, time: t)], "key \(key.rawValue)")
        case 6:
            let p = point(), scale = 0.5 + unit() * 1.5
            return (GestureSampler(device: .touch).pinch(center: p, scale: scale, spread: 80, duration: 0.3, time: t),
                    "pinch \(scale) at \(p)")
        default:
            return ([], "pause")
        }
    }

    /// The first scroll view under `root` whose state is broken, described; nil when all hold.
    static func scrollProblem(in root: ViewNode?, atRest: Bool = false) -> String? {
        guard let root else { return nil }
        var stack = [root]
        while let view = stack.popLast() {
            stack.append(contentsOf: view.subviews)
            guard let s = view as? ScrollingView, !s.isHidden else { continue }
            let o = s.contentOffset, lo = s.minContentOffset, hi = s.maxContentOffset, v = s.viewportSize
            let name = "scroll view at \(s.frameInRoot)"
            guard o.x.isFinite, o.y.isFinite, s.zoomScale.isFinite, s.contentSize.width.isFinite,
                  s.contentSize.height.isFinite else {
                return "\(name): offset \(o), zoom \(s.zoomScale) or content size \(s.contentSize) is not finite"
            }
            let slack = atRest || s.phase == .idle ? 0.5 : max(v.width, v.height)
            if o.x < lo.x - slack || o.x > hi.x + slack || o.y < lo.y - slack || o.y > hi.y + slack {
                return "\(name): offset \(o) outside its range \(lo)...\(hi)"
                    + (slack > 0.5 ? " by more than a viewport" : " while idle")
            }
        }
        return nil
    }
}

/// The soak's seeded draws: points in its area, fractions, whole numbers.
@MainActor
private final class SoakDice {
    private var rng: SplitMix64
    let area: Rect

    init(seed: UInt64, area: Rect) {
        rng = SplitMix64(seed: seed)
        self.area = area
    }

    /// A fraction in 0..<1.
    func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
    /// A whole number in 0..<n.
    func int(below n: Int) -> Int { rng.int(below: n) }
    /// A point in the area.
    func point() -> Point {
        Point(x: area.minX + unit() * area.width, y: area.minY + unit() * area.height)
    }
}
