import Foundation
import Motion
import Testing

// GlideSimulation against independent oracles: the same cubic written as a Bézier (de Casteljau), its
// velocity integrated by RK4, and central finite differences of its position.

@Suite("GlideSimulation")
struct GlideSimulationTests {
    /// Glides from rest, retargeted with the motion, against it, and overshooting ones (shortened).
    static let cases: [(from: Double, velocity: Double, to: Double, duration: Double, continuing: Bool)] = [
        (0, 0, 40, 0.12, false),
        (100, 0, 60, 0.2, false),
        (10, 300, 120, 0.12, true),
        (10, -300, 120, 0.12, true),
        (10, 5000, 50, 0.12, true),
        (-250, -9000, -300, 0.3, true),
        (5, 800, 5, 0.12, true),
    ]

    /// The glide's cubic from its own published parts, in Bernstein form: it starts at `from` with slope
    /// `initialVelocity` and rests at `to` with slope 0 at `duration`, so its Bézier control points are
    /// from, from + v0·D/3, to, to; evaluated by de Casteljau's construction.
    static func bezier(_ g: GlideSimulation, _ t: Double) -> Double {
        guard g.duration > 0, t < g.duration else { return g.to }
        let s = max(0, t) / g.duration
        var p = [g.from, g.from + g.initialVelocity * g.duration / 3, g.to, g.to]
        for level in 1...3 {
            for i in 0...(3 - level) { p[i] = p[i] * (1 - s) + p[i + 1] * s }
        }
        return p[0]
    }

    @Test("the position is the Hermite cubic between its ends, as de Casteljau evaluates it",
          arguments: cases.indices)
    func bernstein(index: Int) {
        let c = Self.cases[index]
        let g = GlideSimulation(from: c.from, velocity: c.velocity, to: c.to, duration: c.duration, continuing: c.continuing)
        for k in 0...240 {
            let t = Double(k) / 240 * (g.duration * 1.2)
            let scale = max(1, abs(c.from), abs(c.to))
            #expect(abs(g.position(at: t) - Self.bezier(g, t)) <= 1e-12 * scale, "t = \(t)")
        }
    }

    @Test("the velocity integrated by RK4 from the start gives the position at every step (about 240 Hz)",
          arguments: cases.indices)
    func integratesToPosition(index: Int) {
        let c = Self.cases[index]
        let g = GlideSimulation(from: c.from, velocity: c.velocity, to: c.to, duration: c.duration, continuing: c.continuing)
        var x = g.position(at: 0)
        var t = 0.0
        // Steps that land on the end (the velocity has a kink there, which no step straddles).
        let n = max(1, Int((g.duration * 240).rounded(.up)))
        let h = g.duration / Double(n)
        guard h > 0 else { return }
        for _ in 0..<n {
            // dx/dt = v(t): RK4 with the velocity alone (its stages at t, t + h/2, t + h/2, t + h).
            let k1 = g.velocity(at: t), k2 = g.velocity(at: t + h / 2), k4 = g.velocity(at: t + h)
            x += h / 6 * (k1 + 4 * k2 + k4)
            t += h
            let scale = max(1, abs(c.to - c.from) + abs(g.initialVelocity) * g.duration)
            #expect(abs(x - g.position(at: t)) <= 1e-6 * scale, "t = \(t)")
        }
        #expect(abs(x - g.to) <= 1e-9 * max(1, abs(g.to)))
    }

    @Test("the velocity is the position's central finite difference", arguments: cases.indices)
    func velocityIsDerivative(index: Int) {
        let c = Self.cases[index]
        let g = GlideSimulation(from: c.from, velocity: c.velocity, to: c.to, duration: c.duration, continuing: c.continuing)
        guard g.duration > 0 else { return }
        let h = 1e-6
        for k in 1..<100 {
            let t = Double(k) / 100 * g.duration
            let fd = (g.position(at: t + h) - g.position(at: t - h)) / (2 * h)
            let scale = max(1, abs(g.initialVelocity), abs(c.to - c.from) / g.duration)
            #expect(abs(fd - g.velocity(at: t)) <= 1e-5 * scale, "t = \(t)")
        }
    }

    @Test("it ends exactly at its destination, at rest, and a retargeted glide never passes it", arguments: cases.indices)
    func endsAtRest(index: Int) {
        let c = Self.cases[index]
        let g = GlideSimulation(from: c.from, velocity: c.velocity, to: c.to, duration: c.duration, continuing: c.continuing)
        #expect(g.position(at: g.duration) == c.to)
        #expect(g.velocity(at: g.duration) == 0)
        #expect(g.isDone(at: g.duration))
        #expect(!g.isDone(at: g.duration / 2) || g.duration == 0)
        #expect(g.duration <= c.duration)
        // Monotone toward `to` whenever it starts toward it: no overshoot, even when the duration shrank.
        let toward = g.initialVelocity * (c.to - c.from) >= 0
        if toward && c.to != c.from {
            var last = g.position(at: 0)
            for k in 1...400 {
                let p = g.position(at: Double(k) / 400 * g.duration)
                #expect((p - last) * (c.to - c.from) >= -1e-9, "goes back at step \(k)")
                #expect((c.to - p) * (c.to - c.from) >= -1e-9, "passes its destination at step \(k)")
                last = p
            }
        }
    }

    @Test("a retargeted glide keeps the velocity it is given; one from rest starts at its fastest")
    func velocityCarriesOver() {
        let retargeted = GlideSimulation(from: 10, velocity: 300, to: 120, duration: 0.12, continuing: true)
        #expect(retargeted.velocity(at: 0) == 300)
        let rest = GlideSimulation(from: 0, velocity: 300, to: 40, duration: 0.12, continuing: false)
        var previous = rest.velocity(at: 0)
        #expect(previous > 0)
        for k in 1...100 {
            let v = rest.velocity(at: Double(k) / 100 * 0.12)
            #expect(v <= previous + 1e-9)
            previous = v
        }
    }

    @Test("bad input stays finite and comes to rest")
    func badInput() {
        let g = GlideSimulation(from: .nan, velocity: .infinity, to: 5, duration: .nan, continuing: true)
        #expect(g.position(at: 0) == 5)
        #expect(g.isDone(at: 0))
        let h = GlideSimulation(from: 0, velocity: .nan, to: .infinity, duration: 0.2, continuing: true)
        for t in [0, 0.1, 0.3, Double.nan, -1] {
            #expect(h.position(at: t).isFinite)
            #expect(h.velocity(at: t).isFinite)
        }
    }
}
