import Foundation
import Motion
import Testing
@testable import ScrollKit

/// The arena against a model of Flutter's `GestureArenaManager` (packages/flutter/lib/src/gestures/arena.dart,
/// its rules restated here, synchronously: the lone member's default win is a microtask there): random
/// sequences of close, accept, reject, hold, release and sweep give the same accepts and rejects, in order.
/// One deviation, deliberate: Flutter keeps an eager winner that rejected itself while the arena was open (and
/// accepts it at the close); here that rejection clears it.
@MainActor
@Suite("Gesture arena")
struct GestureArenaTests {
    /// A member that records what the arena told it.
    final class Probe: GestureRecognizer {
        let name: Int
        var log: (@MainActor (String) -> Void)?
        init(_ name: Int) { self.name = name; super.init() }
        override func didWin(_ pointer: PointerID) { log?("accept \(name)") }
        override func didLose(_ pointer: PointerID) { log?("reject \(name)") }
    }

    /// Flutter's arena for one pointer, restated.
    struct FlutterModel {
        var members: [Int] = []
        var isOpen = true
        var isHeld = false
        var hasPendingSweep = false
        var eagerWinner: Int?
        var resolved = false
        var log: [String] = []

        mutating func close() {
            guard !resolved else { return }
            isOpen = false
            tryToResolve()
        }
        mutating func resolve(_ m: Int, accepted: Bool) {
            guard !resolved, members.contains(m) else { return }
            if !accepted {
                members.removeAll { $0 == m }
                if eagerWinner == m { eagerWinner = nil }   // the one deviation (see the suite's notes)
                log.append("reject \(m)")
                if !isOpen { tryToResolve() }
            } else if isOpen {
                if eagerWinner == nil { eagerWinner = m }
            } else {
                resolveInFavor(of: m)
            }
        }
        mutating func tryToResolve() {
            if members.count == 1 {
                resolved = true
                log.append("accept \(members[0])")
            } else if members.isEmpty {
                resolved = true
            } else if let e = eagerWinner {
                resolveInFavor(of: e)
            }
        }
        mutating func resolveInFavor(of m: Int) {
            resolved = true
            for r in members where r != m { log.append("reject \(r)") }
            log.append("accept \(m)")
        }
        mutating func sweep() {
            guard !resolved, !isOpen else { return }
            if isHeld { hasPendingSweep = true; return }
            resolved = true
            if let first = members.first {
                log.append("accept \(first)")
                for r in members.dropFirst() { log.append("reject \(r)") }
            }
        }
        mutating func hold() { if !resolved { isHeld = true } }
        mutating func release() {
            guard !resolved else { return }
            isHeld = false
            if hasPendingSweep { sweep() }
        }
    }

    enum Op { case close, accept(Int), reject(Int), hold, release, sweep }

    @Test("random sequences resolve as Flutter's arena does", arguments: 0..<400)
    func matchesFlutter(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed + 1))
        let count = Int.random(in: 1...4, using: &rng)
        var model = FlutterModel(members: Array(0..<count))
        var log: [String] = []
        let arena = GestureArena(pointer: .mouse)
        let probes = (0..<count).map { Probe($0) }
        for p in probes {
            p.log = { log.append($0) }
            p.join(arena, at: .zero, time: 0)
        }
        var ops: [Op] = []
        // Accepts and rejects while open come first (during the down), then the close, then anything.
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            ops.append(Bool.random(using: &rng) ? .accept(Int.random(in: 0..<count, using: &rng)) : .reject(Int.random(in: 0..<count, using: &rng)))
        }
        ops.append(.close)
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: ops.append(.accept(Int.random(in: 0..<count, using: &rng)))
            case 1: ops.append(.reject(Int.random(in: 0..<count, using: &rng)))
            case 2: ops.append(.hold)
            case 3: ops.append(.release)
            default: ops.append(.sweep)
            }
        }
        ops.append(.sweep)
        ops.append(.release)
        for op in ops {
            switch op {
            case .close: arena.close(); model.close()
            case .accept(let m): arena.claim(probes[m]); model.resolve(m, accepted: true)
            case .reject(let m):
                // A resolved Flutter arena ignores resolutions; a winner keeps it here too.
                arena.reject(probes[m]); model.resolve(m, accepted: false)
            case .hold: arena.hold(); model.hold()
            case .release: arena.release(); model.release()
            case .sweep: arena.sweep(); model.sweep()
            }
        }
        #expect(log == model.log, "\(ops)")
        #expect(arena.isResolved == model.resolved || model.members.isEmpty, "\(ops)")
    }

    @Test("require(toFail:): a claim waits for the other to fail, and loses when it wins")
    func failureRequirement() {
        func run(otherFails: Bool) -> [String] {
            var log: [String] = []
            let arena = GestureArena(pointer: .mouse)
            let single = Probe(0), double = Probe(1), other = Probe(2)
            single.require(toFail: double)
            for p in [single, double, other] { p.log = { log.append($0) }; p.join(arena, at: .zero, time: 0) }
            arena.close()
            single.claim()
            #expect(log.isEmpty)   // waiting
            if otherFails { double.fail() } else { double.claim() }
            return log
        }
        #expect(run(otherFails: true) == ["reject 1", "reject 2", "accept 0"])
        #expect(run(otherFails: false) == ["reject 0", "reject 2", "accept 1"])
    }

    @Test("simultaneous recognition: the other stays beside the winner and is accepted when it claims")
    func simultaneous() {
        var log: [String] = []
        let arena = GestureArena(pointer: .mouse)
        let a = Probe(0), b = Probe(1), c = Probe(2)
        a.recognizeSimultaneously(with: b)
        for p in [a, b, c] { p.log = { log.append($0) }; p.join(arena, at: .zero, time: 0) }
        arena.close()
        a.claim()
        #expect(log == ["reject 2", "accept 0"])
        b.claim()
        #expect(log == ["reject 2", "accept 0", "accept 1"])
    }
}

/// SplitMix64: a seeded generator for the random sequences.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
