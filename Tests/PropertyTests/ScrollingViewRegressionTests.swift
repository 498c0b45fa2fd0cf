// Shrunk failures of the ScrollingView property test, kept as fixed cases (each once failed on main).

import Testing
@testable import ScrollKit

@Suite("ScrollingView property regressions")
@MainActor
struct ScrollingViewRegressionTests {
    @Test("a key and a zero-size resize during a wheel's bounce keep the offset in range")
    func zeroResizeWhileBouncing() {
        let config = ScrollConfig(axis: .horizontal, viewport: Size(width: 6.25, height: 1.0), content: Size(width: 0.0, height: 0.0),
                                  insets: Insets(top: 0.0, left: 81.0, bottom: 0.0, right: -78.0), bounces: true)
        let steps = [Step(.wheel(dx: 0.0056, dy: 0.0, count: 8, interval: 0.001, nanTime: false), wait: 0.0),
                     Step(.jump(fraction: .nan), wait: 0.022), Step(.key(.up, repeats: 1), wait: 0.035),
                     Step(.resize(width: 0.0, height: 0.0), wait: 0.0)]
        let failure = ScrollRunner(config: config, clock: ClockSpec(hz: 47.25, glitches: []), steps: steps).run()
        #expect(failure == nil, "\(failure ?? "")")
    }
}
