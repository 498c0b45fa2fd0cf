import Testing
@testable import ScrollKitSDL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `RealClock.sleep(until:)` with a wake descriptor: a pipe stands in for the display connection.
/// Only orderings and counts are checked, never how long anything took (a loaded machine may wake late).
@MainActor
@Suite("RealClock waits on a wake descriptor", .serialized)
struct RealClockWaitTests {
    /// A pipe: `[0]` read end, `[1]` write end.
    private func makePipe() throws -> [Int32] {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        return fds
    }

    private func drain(_ fd: Int32) {
        var flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 {}
        flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
    }

    /// A clock waiting on `fd` for `seconds`, counting its pumps; it must not end before the deadline.
    private func waitCountingPumps(on fd: Int32, for seconds: Double,
                                   sourceLocation: SourceLocation = #_sourceLocation) -> (pumps: Int, clock: RealClock) {
        let clock = RealClock()
        clock.wakeDescriptor = fd
        var pumps = 0
        clock.onWait = { pumps += 1 }
        let deadline = clock.now + seconds
        clock.sleep(until: deadline)
        #expect(clock.now >= deadline, sourceLocation: sourceLocation)
        return (pumps, clock)
    }

    @Test("pumps once as the wait starts, once for each event that arrives, and not otherwise")
    func pumpsOnEvents() throws {
        let fds = try makePipe()
        defer { close(fds[0]); close(fds[1]) }
        let clock = RealClock()
        clock.wakeDescriptor = fds[0]
        var calls = 0
        var byte: UInt8 = 1
        clock.onWait = { [self] in
            calls += 1
            if calls == 1 {
                _ = write(fds[1], &byte, 1)   // an event arrives while the clock waits
            } else {
                drain(fds[0])                 // the pump reads it
            }
        }
        let deadline = clock.now + 0.040
        clock.sleep(until: deadline)
        #expect(clock.now >= deadline)
        // The stepped sleep would have pumped every 4 ms: about ten times in 40 ms.
        #expect(calls == 2)
        #expect(clock.wakeDescriptor == fds[0])
    }

    @Test("a descriptor that hangs up is dropped and the wait still ends at the deadline")
    func hungUpDescriptor() throws {
        let fds = try makePipe()
        defer { close(fds[0]) }
        close(fds[1])                          // the read end now reports a hang-up
        let (pumps, clock) = waitCountingPumps(on: fds[0], for: 0.020)
        #expect(clock.wakeDescriptor == -1)
        #expect(pumps >= 1)                    // the stepped sleep pumps from then on
    }

    @Test("a descriptor that stays readable does not spin the wait: at most 64 wakes, then steps")
    func staysReadable() throws {
        let fds = try makePipe()
        defer { close(fds[0]); close(fds[1]) }
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)            // never read: readable for the whole wait
        let (pumps, clock) = waitCountingPumps(on: fds[0], for: 0.030)
        #expect(pumps >= 65)                   // the first pump and 64 wakes
        #expect(pumps <= 65 + 10)              // then 4 ms steps for what is left of 30 ms
        #expect(clock.wakeDescriptor == fds[0])
    }

    @Test("without onWait the descriptor is not used")
    func descriptorNeedsOnWait() throws {
        let fds = try makePipe()
        defer { close(fds[0]); close(fds[1]) }
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        let clock = RealClock()
        clock.wakeDescriptor = fds[0]
        let deadline = clock.now + 0.010
        clock.sleep(until: deadline)
        #expect(clock.now >= deadline)
    }
}
