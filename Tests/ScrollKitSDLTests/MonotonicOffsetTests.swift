import CScrollKitX11
import Foundation
import Testing
@testable import ScrollKitSDL

/// The offset that puts the display's CLOCK_MONOTONIC stamps on the host clock. Oracle: the two clocks read
/// directly (a host-clock time plus the offset is the monotonic time, to a few microseconds).
@MainActor
@Suite struct MonotonicOffsetTests {
    private func check(_ offset: inout MonotonicOffset, _ clock: RealClock) {
        let before = clock.now
        let monotonic = Double(sk_monotonic_us()) / 1_000_000
        let after = clock.now
        let predicted = (before + after) / 2 + offset.seconds(clock)
        #expect(abs(predicted - monotonic) < 0.000_5, "off by \(predicted - monotonic) s")
    }

    @Test("host times plus the offset are CLOCK_MONOTONIC times, also after the host clock's origin moves")
    func followsTheOrigin() {
        let clock = RealClock()
        var offset = MonotonicOffset()
        check(&offset, clock)
        usleep(30_000)
        clock.resetOrigin()   // a run starts: `now` jumps back by 30 ms and more
        check(&offset, clock)  // a stale offset would be 30 ms off (every vblank prediction with it)
        usleep(10_000)
        check(&offset, clock)
    }
}
