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

@Suite("ListView and ScrollView under random input", .serialized)
@MainActor
struct ListPropertyTests {
    /// Scenarios per snap behaviour. Each is a random list (axis, frame incl. 0x0 and NaN, spacing, insets,
    /// fixed or variable sizes incl. ≤ 0, NaN and huge, 0 ... 10^6 items), a random display (24–240 Hz with
    /// dropped, repeated, backward and NaN ticks) and 1–10 random actions; see ScenarioRunner for the invariants.
    static let scenarios = 40

    @Test("random drags, flings, wheel, keys, timed scrolls, resizes and reloads keep every invariant",
          arguments: SnapKind.allCases)
    func invariants(snap: SnapKind) async {
        await propertyCheck(count: Self.scenarios, input: Gens.config(snapKind: snap.rawValue), Gens.clock, Gens.steps) {
            config, clock, steps in
            let runner = ScenarioRunner(config: config, clock: clock, steps: steps)
            if let failure = runner.run() { Issue.record("\(failure)") }
        }
    }
}
