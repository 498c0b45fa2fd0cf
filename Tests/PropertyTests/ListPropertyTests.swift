import Motion
import PropertyBased
import Testing
@testable import ScrollKit

/// The snap behaviour a property run uses (its parameters are random).
enum SnapKind: Int, CaseIterable, Sendable, CustomTestStringConvertible {
    case none, itemsStart, itemsCenter, paging, centered
    var testDescription: String {
        ["none", "items(alignment: .start)", "items(alignment: .center)", "paging", "centered"][rawValue]
    }
}

@Suite("ListView and ScrollingView under random input", .serialized)
@MainActor
struct ListPropertyTests {
    /// Scenarios per snap behaviour (about 8 ms each in a debug build: 1500 in all take about 12 s). Each is
    /// a random list (axis, frame incl. 0x0 and NaN, spacing, insets, fixed or variable sizes incl. ≤ 0, NaN
    /// and huge, 0 ... 10^6 items), a random display (24–240 Hz with dropped, repeated, backward and NaN
    /// ticks) and 1–10 random actions; see ScenarioRunner for the invariants. Seeds are random on every
    /// run; a failure prints its shrunk input and the seed that reproduces it.
    static let scenarios = 300

    @Test("random drags, flings, wheel, keys, timed scrolls, resizes and reloads keep every invariant",
          arguments: SnapKind.allCases)
    func invariants(snap: SnapKind) async {
        let restChecks = ScenarioRunner.restChecks, snapChecks = ScenarioRunner.snapChecks
        let completions = ScenarioRunner.completionsTrue + ScenarioRunner.completionsFalse
        await propertyCheck(count: Self.scenarios, input: Gens.config(snapKind: snap.rawValue), Gens.clock, Gens.steps) {
            config, clock, steps in
            let runner = ScenarioRunner(config: config, clock: clock, steps: steps)
            if let failure = runner.run() { Issue.record("\(failure)") }
        }
        // The generators reach the states the invariants are about (thousands of each per run).
        #expect(ScenarioRunner.restChecks - restChecks > 1000)
        #expect(ScenarioRunner.completionsTrue + ScenarioRunner.completionsFalse - completions > 50)
        if snap != .none { #expect(ScenarioRunner.snapChecks - snapChecks > 500) }
    }
}
