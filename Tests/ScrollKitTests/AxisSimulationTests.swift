import Motion
import Testing
@testable import ScrollKit

/// A simulation kind the scroll view does not know (and never makes).
private struct Ramp: Simulation {
    func position(at time: Double) -> Double { 3 * time }
    func velocity(at time: Double) -> Double { 3 }
    func isDone(at time: Double) -> Bool { time >= 2 }
}

/// The scroll view holds its motions unboxed (`AxisSimulation`), so that the hand-over from a decay to
/// the bounce spring in the middle of a frame does not allocate; it must move exactly as the wrapped ones.
@Suite("AxisSimulation")
struct AxisSimulationTests {
    static let simulations: [(String, any Simulation)] = [
        ("decay", DecaySimulation(position: 10, velocity: 2400)),
        ("spring", SpringSimulation(spring: .bounce, position: -40, velocity: -900, target: 0)),
        ("timed", TimedSimulation(from: 0, to: 1900, duration: 2, curve: .easeInOut)),
        ("glide", GlideSimulation(from: 0, velocity: 300, to: 120, duration: 0.2, continuing: true)),
    ]

    @Test("wraps each kind and moves exactly as it", arguments: simulations.map(\.0))
    func forwards(name: String) throws {
        let wrapped = try #require(Self.simulations.first { $0.0 == name }).1
        let axis = ScrollingView.AxisSimulation(wrapped)
        switch (name, axis) {
        case ("decay", .decay), ("spring", .spring), ("timed", .timed), ("glide", .glide): break
        default: Issue.record("\(name) wrapped as \(axis)")
        }
        for k in 0...240 {
            let t = Double(k) / 60
            #expect(axis.position(at: t) == wrapped.position(at: t))
            #expect(axis.velocity(at: t) == wrapped.velocity(at: t))
            #expect(axis.isDone(at: t) == wrapped.isDone(at: t))
        }
        #expect((axis.timed != nil) == (name == "timed"))
        // Wrapping a wrapped one changes nothing.
        if case .timed(let inner) = ScrollingView.AxisSimulation(axis) { #expect(inner == axis.timed) }
    }

    @Test("a kind it does not know rests where it starts (the scroll view makes only the four)")
    func unknownKindRests() {
        let axis = ScrollingView.AxisSimulation(Ramp())
        for k in 0...120 {
            let t = Double(k) / 60
            #expect(axis.position(at: t) == Ramp().position(at: 0))
            #expect(axis.velocity(at: t) == 0)
            #expect(axis.isDone(at: t))
        }
    }
}
