// The sprites scene: Sprite and SpriteField, moving discs sampled in closed form (frame-rate independent),
// and SpritesScene, which steps and draws them from the frame-delta listener.

import Motion
import ScrollKit
import ScrollKitSDL
import SplitMix

extension SceneEntry {
    /// Moving views driven by the frame-delta listener: `--sprites N` discs, frame-rate independent,
    /// deterministic with `--seed`.
    static let sprites = SceneEntry(name: "sprites") { context throws(CLIError) in
        SpritesScene(count: context.options.sprites, seed: context.options.seed, size: context.size)
    }
}

// MARK: - The model

/// One moving view of ``SpriteField``. Points, seconds.
struct Sprite: Sendable, Equatable {
    /// Centre, points (at the field's time: sampled from the life's start, never accumulated).
    var x: Double, y: Double
    /// Points per second (at the field's time).
    var vx: Double, vy: Double
    /// Where and how fast the sprite was at age ``originAge`` of this life (its spawn, or for a first life
    /// that starts part-way through, where the field began).
    var x0: Double, y0: Double, vx0: Double, vy0: Double
    var originAge: Double
    /// The field time this life began at (negative for a first life that starts part-way through).
    var born: Double
    /// Points per second squared.
    var ax: Double, ay: Double
    /// Seconds since this life began (the end animation runs from `lifetime` to `lifetime + endDuration`).
    var age: Double
    /// Seconds of motion in this life, in ``SpriteField/lifetimeRange``.
    var lifetime: Double
    /// Diameter at rest, points, in ``SpriteField/diameterRange``.
    var diameter: Double
    /// Opacity at rest, in ``SpriteField/alphaRange``.
    var alpha: Double
    /// The colour (opaque; ``opacity`` applies the alpha).
    var color: RGBAColor
    /// How many times this sprite has been recycled (0 in its first life).
    var life: Int

    /// Whether the end animation is running (the motion has stopped).
    var isEnding: Bool { age >= lifetime }

    /// Progress of the end animation, 0...1 (0 while moving).
    var endProgress: Double {
        isEnding ? min(1, (age - lifetime) / SpriteField.endDuration) : 0
    }

    /// 1 while moving, growing linearly to ``SpriteField/endScale`` over the end animation.
    var scale: Double { 1 + (SpriteField.endScale - 1) * endProgress }

    /// ``alpha`` while moving, fading linearly to 0 over the end animation.
    var opacity: Double { alpha * (1 - endProgress) }
}

/// The state of the moving views at a time, frame-rate independent by construction.
///
/// Each sprite lives for a random ``lifetimeRange`` seconds with a constant random acceleration
/// (components within ±``accelerationLimit``) from a random velocity (components within ±``speedLimit``):
/// at field time T its position is sampled in closed form from its life's start, x = x₀ + v₀·t + ½·a·t²
/// with t = T − born (nothing is accumulated from step to step, so no error builds up). It then stops
/// and plays its end animation (scale to ``endScale`` while fading, ``endDuration`` seconds), and is
/// recycled at a new random place inside ``bounds`` with a new diameter, alpha, colour, lifetime,
/// velocity and acceleration.
///
/// **Frame-rate independence.** The next life begins at the exact end of the last one's animation, so the
/// events happen at the same instants whatever times are sampled; the random values of life *k* of sprite *i* come from a generator seeded with
/// (seed, i, k), never from a shared stream, so they do not depend on the order events are met.
/// Advancing by 1/30, 1/60 or 1/144 s steps, or by one long step, ends in the same state up to
/// floating-point rounding (well under 10⁻⁶ pt over minutes).
///
/// **Bad input.** A NaN, infinite or negative step counts as 0; steps are capped at ``maxStep``
/// (5 s: a stall longer than that is not replayed); NaN or negative bounds count as 0 (sprites then
/// spawn at the origin). Cost: O(count) per step, plus O(1) per life that ends within it.
struct SpriteField: Sendable {
    static let speedLimit = 100.0
    static let accelerationLimit = 100.0
    static let lifetimeRange = 0.3...1.5
    static let endDuration = 0.1
    static let endScale = 1.3
    static let diameterRange = 25.0...40.0
    static let alphaRange = 0.1...1.0
    /// The longest step replayed, seconds.
    static let maxStep = 5.0

    /// The sprites, in a fixed order (index = identity).
    private(set) var sprites: [Sprite]
    /// Seconds advanced since creation.
    private(set) var time: Double = 0
    /// How many lives have ended and been recycled in all.
    private(set) var recycled = 0
    /// Where new lives spawn (centres stay at least a radius inside when the bounds allow).
    var bounds: Size {
        didSet { bounds = Self.sanitized(bounds) }
    }
    let seed: UInt64

    /// `count` sprites (negative counts as 0) in their first lives; each first life starts part-way
    /// through (a random age within it), so that the first recycling is spread out.
    init(count: Int, seed: UInt64, bounds: Size) {
        self.seed = seed
        self.bounds = Self.sanitized(bounds)
        sprites = []
        sprites.reserveCapacity(max(0, count))
        for i in 0..<max(0, count) {
            var rng = Self.generator(seed: seed, sprite: i, life: 0)
            var sprite = Self.spawn(&rng, life: 0, bounds: self.bounds)
            let age = rng.unit() * 0.8 * sprite.lifetime
            // Born `age` seconds before the field's start, at its spawn place then.
            sprite.born = -age
            sprite.originAge = age
            Self.sample(&sprite, at: 0)
            sprites.append(sprite)
        }
    }

    /// The generator of life `life` of sprite `sprite`.
    static func generator(seed: UInt64, sprite: Int, life: Int) -> SplitMix64 {
        SplitMix64(seed: SplitMix64.mix(SplitMix64.mix(seed, UInt64(truncatingIfNeeded: sprite)), UInt64(truncatingIfNeeded: life)))
    }

    /// A new life: every random value drawn from `rng` in a fixed order.
    static func spawn(_ rng: inout SplitMix64, life: Int, bounds: Size) -> Sprite {
        let diameter = rng.uniform(diameterRange)
        let r = diameter / 2
        func place(_ extent: Double, _ u: Double) -> Double {
            extent >= diameter ? r + u * (extent - diameter) : extent / 2
        }
        let x = place(bounds.width, rng.unit())
        let y = place(bounds.height, rng.unit())
        let vx = rng.uniform(-speedLimit...speedLimit), vy = rng.uniform(-speedLimit...speedLimit)
        let ax = rng.uniform(-accelerationLimit...accelerationLimit), ay = rng.uniform(-accelerationLimit...accelerationLimit)
        let lifetime = rng.uniform(lifetimeRange)
        let alpha = rng.uniform(alphaRange)
        let hue = rng.unit()
        let saturation = rng.uniform(0.55...0.85)
        let color = RGBAColor(hue: hue, saturation: saturation, value: 1)
        return Sprite(x: x, y: y, vx: vx, vy: vy, x0: x, y0: y, vx0: vx, vy0: vy, originAge: 0, born: 0, ax: ax, ay: ay, age: 0,
                      lifetime: lifetime, diameter: diameter, alpha: alpha, color: color, life: life)
    }

    /// Advances the field by `dt` seconds (see the type's notes on bad input): ``advance(to:)`` at
    /// ``time`` + `dt`. O(count).
    mutating func advance(by dt: Double) {
        guard dt.isFinite, dt > 0 else { return }
        advance(to: time + min(dt, Self.maxStep))
    }

    /// Shows the field at time `t` (seconds since it was made; at most ``maxStep`` past ``time``): each
    /// sprite whose life (and end animation) ended before `t` is recycled at the exact end, then every
    /// sprite is sampled at `t` from its life's start. A time that is not finite or not after ``time`` is
    /// ignored. O(count), plus O(1) per life that ended.
    mutating func advance(to t: Double) {
        guard t.isFinite, t > time else { return }
        let target = min(t, time + Self.maxStep)
        time = target
        let bounds = self.bounds
        let seed = self.seed
        var recycledNow = 0
        sprites.withUnsafeMutableBufferPointer { sprites in
            for i in sprites.indices {
                var s = sprites[i]
                while target - s.born >= s.lifetime + Self.endDuration {
                    let born = s.born + s.lifetime + Self.endDuration
                    let life = s.life + 1
                    var rng = Self.generator(seed: seed, sprite: i, life: life)
                    s = Self.spawn(&rng, life: life, bounds: bounds)
                    s.born = born
                    recycledNow += 1
                }
                Self.sample(&s, at: target)
                sprites[i] = s
            }
        }
        recycled += recycledNow
    }

    /// Sets `s`'s age, position and velocity at field time `t`, in closed form from its origin (the motion
    /// stops at its lifetime).
    @inline(__always)
    private static func sample(_ s: inout Sprite, at t: Double) {
        s.age = t - s.born
        let m = min(max(s.age, s.originAge), max(s.lifetime, s.originAge)) - s.originAge
        s.x = s.x0 + s.vx0 * m + 0.5 * s.ax * m * m
        s.y = s.y0 + s.vy0 * m + 0.5 * s.ay * m * m
        s.vx = s.vx0 + s.ax * m
        s.vy = s.vy0 + s.ay * m
    }

    private static func sanitized(_ size: Size) -> Size {
        func dim(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        return Size(width: dim(size.width), height: dim(size.height))
    }
}

// MARK: - The scene

/// The sprites tab: ``SpriteField`` on a dark backdrop, shown at each frame's `targetTimestamp` (the field's
/// clock starts with the first frame's `timestamp`, as an `Animated` value's does, so the first frame is one
/// period in). Space pauses, R restarts with the same seed. While hidden or paused the clock stops (and the
/// scene asks for no frames, so the window host can idle); it resumes where it stopped, one period in.
@MainActor
final class SpritesScene: DemoScene, GalleryAttachable {
    private(set) var field: SpriteField
    private let count: Int
    private let seed: UInt64
    private var size: Size
    /// The host time at which the field's time is 0; nil until the next frame starts the clock (at first,
    /// and after a pause, a restart or a hidden spell).
    private var clockStart: Double?
    private(set) var isPaused = false
    private var isVisible = true
    private var caption = ""
    /// The canvas state `prepareDiscs(in:)` last prepared for (its scale and whether it composites directly).
    private var preparedDiscs: (canvas: ObjectIdentifier, scale: Double, direct: Bool)?

    /// Builds every disc a sprite can be drawn with (diameters from the smallest at rest to the largest
    /// at the end of its animation) before the first sprite needs it, so no later frame builds one.
    private func prepareDiscs(in canvas: any DrawingCanvas) {
        guard let sdl = canvas as? SDLCanvas else { return }
        let id = ObjectIdentifier(sdl)
        if let p = preparedDiscs, p.canvas == id, p.scale == sdl.pixelScale, p.direct == sdl.isCompositingDirectly { return }
        preparedDiscs = (id, sdl.pixelScale, sdl.isCompositingDirectly)
        let range = SpriteField.diameterRange
        sdl.prepareDiscs(diameters: range.lowerBound...(range.upperBound * max(1, SpriteField.endScale)))
    }
    private var background: [RGBAColor] = []
    /// The discs of the frame, handed to the canvas as one batch (storage reused frame to frame).
    private var circles: [CircleFill] = []

    init(count: Int, seed: UInt64, size: Size) {
        self.count = count
        self.seed = seed
        self.size = size
        field = SpriteField(count: count, seed: seed, bounds: size)
        caption = Self.caption(count: count, seed: seed, paused: false)
    }

    static func caption(count: Int, seed: UInt64, paused: Bool) -> String {
        let noun = count == 1 ? "sprite" : "sprites"
        return "\(count) \(noun) · seed \(seed) · x = x₀ + v₀·t + ½·a·t²" + (paused ? " · paused" : "")
    }

    // MARK: GalleryAttachable

    /// Nothing to attach: the field is sampled at each frame's time, from `update(_:)`.
    func attach(displayLink: DisplayLink) {}

    func setVisible(_ visible: Bool) {
        isVisible = visible
        clockStart = nil
    }

    // MARK: HostClient

    func hostDidResize(to size: Size) {
        self.size = size
        field.bounds = size
        background.removeAll()
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .key(.space, _, _), .text("p", _):
            isPaused.toggle()
            clockStart = nil
            caption = Self.caption(count: count, seed: seed, paused: isPaused)
        case .text("r", _):
            field = SpriteField(count: count, seed: seed, bounds: size)
            clockStart = nil
        default:
            break
        }
    }

    func update(_ tick: FrameTick) {
        guard !isPaused, isVisible, tick.timestamp.isFinite, tick.targetTimestamp.isFinite else { return }
        // The clock (re)starts at this frame's timestamp where the field stopped; a stall longer than the
        // field replays (`SpriteField.maxStep`) moves the clock on instead.
        let start = clockStart ?? tick.timestamp - field.time
        let t = tick.targetTimestamp - start
        clockStart = t > field.time + SpriteField.maxStep ? tick.targetTimestamp - field.time - SpriteField.maxStep : start
        field.advance(to: min(t, field.time + SpriteField.maxStep))
    }

    func draw(in canvas: DrawingCanvas) {
        let w = size.width, h = size.height
        guard w > 0, h > 0 else { return }
        drawBackground(in: canvas, width: w, height: h)
        prepareDiscs(in: canvas)
        circles.removeAll(keepingCapacity: true)
        // A pointer walk rather than `for s in field.sprites`: a debug build (no specialization) runs a
        // `for` over an array as generic calls per element, each with a heap-allocated accessor frame.
        field.sprites.withUnsafeBufferPointer { sprites in
            guard var next = sprites.baseAddress else { return }
            let end = next + sprites.count
            while next < end {
                let s = next.pointee
                next += 1
                let a = s.opacity
                guard a > 0 else { continue }
                var color = s.color
                color.a = UInt8(min(255, (a * 255).rounded()))
                circles.append(CircleFill(center: Point(x: s.x, y: s.y), radius: s.diameter * s.scale / 2, color: color))
            }
        }
        canvas.fillCircles(circles)
        // Caption in a translucent pill at the bottom left.
        let style = TextStyle(size: 12, weight: .regular, color: RGBAColor(r: 255, g: 255, b: 255, a: 210), maximumScale: TextScale.controlMaximum)
        let textWidth = canvas.measureText(caption, style: style).width
        let pill = Rect(x: 12, y: h - 36, width: min(w - 24, textWidth + 24), height: 24)
        if pill.width > 24 {
            canvas.fillRoundedRect(pill, radius: 12, color: RGBAColor(r: 0, g: 0, b: 0, a: 120))
            canvas.drawText(caption, in: pill.insetBy(dx: 12, dy: 0), style: style, alignment: .leading)
        }
    }

    /// A deep vertical gradient (navy to plum) in 2 pt bands, the colours computed once per size.
    private func drawBackground(in canvas: DrawingCanvas, width: Double, height: Double) {
        let band = 2.0
        let bands = Int((height / band).rounded(.up))
        if background.count != bands {
            let top = RGBAColor(hex: 0x0B1024), bottom = RGBAColor(hex: 0x24123A)
            background = (0..<bands).map { i in
                let t = bands > 1 ? Double(i) / Double(bands - 1) : 0
                return top.blended(with: bottom, t * t * (3 - 2 * t))
            }
        }
        for (i, color) in background.enumerated() {
            canvas.fill(Rect(x: 0, y: Double(i) * band, width: width, height: band), color: color)
        }
    }

    var needsFrames: Bool { !isPaused && isVisible }
    var wantsQuit: Bool { false }
}

extension RGBAColor {
    /// This colour mixed with `other`: 0 = self, 1 = other (clamped; NaN counts as 0), alpha included.
    func blended(with other: RGBAColor, _ t: Double) -> RGBAColor {
        let f = t.isNaN ? 0 : min(max(t, 0), 1)
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
        return RGBAColor(r: m(r, other.r), g: m(g, other.g), b: m(b, other.b), a: m(a, other.a))
    }
}
