import Foundation
import Testing
import Motion

/// Simulations that a scroll view runs, each sampled by display links of different rates.
private let simulations: [(String, any Simulation)] = [
    ("decay", DecaySimulation(position: 0, velocity: 2400)),
    ("decay fast", DecaySimulation(position: 300, velocity: -1800, rate: .fast)),
    ("decay through", DecaySimulation.through(position: 0, velocity: 2400, target: 1000)!),
    ("landing spring", landingSimulation(position: 0, velocity: 800, target: -120)),
    ("bounce", SpringSimulation(spring: .bounce, position: -80, velocity: -600, target: 0)),
    ("under-damped", SpringSimulation(spring: .init(dampingRatio: 0.4, response: 0.5), position: 0, velocity: 0, target: 100)),
    ("timed back", TimedSimulation(from: 0, to: 500, duration: 0.7, curve: .easeInOutBack)),
    ("timed spring", TimedSimulation(from: 0, to: 500, duration: 0.9, curve: .spring(dampingRatio: 0.5, response: 0.4))),
]

@Suite struct FrameRateTests {
    /// What a display link at `hz` shows: one position per frame at each frame's targetTimestamp.
    private func frames(_ simulation: any Simulation, hz: Int, start: Double, seconds: Int) -> [Double] {
        (0..<(hz * seconds)).map { index in
            let tick = FrameTick(index: index, timestamp: start + Double(index) / Double(hz), duration: 1 / Double(hz))
            return simulation.position(at: tick.targetTimestamp - start)
        }
    }

    @Test("30, 60, 120 and 240 Hz trace the same positions at shared instants", arguments: simulations.map(\.0))
    func sameCurve(name: String) throws {
        let simulation = try #require(simulations.first { $0.0 == name }).1
        // Exact instants: every 1/30 s, as index / hz.
        var byRate: [Int: [Double]] = [:]
        for hz in [30, 60, 120, 240] {
            byRate[hz] = (0...(hz * 3)).map { simulation.position(at: Double($0) / Double(hz)) }
        }
        for k in 0...90 {
            let reference = byRate[30]![k]
            for hz in [60, 120, 240] {
                #expect(byRate[hz]![k * hz / 30] == reference, "\(name) at \(k)/30 s, \(hz) Hz")
            }
        }
        // Through FrameTick.targetTimestamp on a host clock far from zero (rounding differs by rate).
        let start = 12345.678
        let f30 = frames(simulation, hz: 30, start: start, seconds: 3)
        for hz in [60, 120, 240] {
            let f = frames(simulation, hz: hz, start: start, seconds: 3)
            for k in 0..<f30.count {
                let a = f30[k], b = f[(k + 1) * hz / 30 - 1]
                #expect(abs(a - b) <= 1e-6 * max(1, abs(a)), "\(name) frame \(k), \(hz) Hz")
            }
        }
        // And it comes to rest in the same frame-independent place.
        #expect(simulation.position(at: 60) == simulation.position(at: 61))
    }
}
