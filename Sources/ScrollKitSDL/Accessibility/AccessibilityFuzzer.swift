// AccessibilityFuzzer: random calls of the accessibility bridge's entry points (what each C callback asks Swift)
// with hostile arguments, on a tree that is not published on the bus: for the libFuzzer target (Fuzz/) and a
// short seeded run in the test suite.

import CScrollKitA11y
import ScrollKit

/// Drives an ``AccessibilityBridge``'s entry points as the C side's callbacks do (info, strings, child, parent,
/// action, value, selection, focus, text and edit requests, and the frame's sync), with arguments drawn from a
/// random source: NaN, ±inf, ±1e300 and ±9.3e18 values, int32 extremes and offsets of ±10^9, unknown requests,
/// reversed ranges, ids of elements that never were or are gone, long and combining-mark strings. Every call
/// must answer or refuse; the answers' invariants are checked with `precondition` (a fuzzer's crash).
/// Nothing reaches the bus: the bridge is not started.
@MainActor
public final class AccessibilityFuzzer {
    let bridge: AccessibilityBridge
    /// Ids handed out so far (the newest 256), the root's first.
    var pool: [Int64]
    /// Calls made.
    public private(set) var calls = 0

    /// A fuzzer of a bridge over `root` (`root` must stay alive meanwhile).
    public init(root: ViewNode) {
        bridge = AccessibilityBridge(root: root) { (0, 0, 1) }
        bridge.rootID = bridge.id(for: .view(root))
        pool = [bridge.rootID]
    }

    static let ints: [Int32] = [0, 1, -1, 2, 3, 7, 40, .max, .min, 1_000_000_000, -1_000_000_000, 4096]
    static let doubles: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, -9.3e18, 0, 0.5, -0.5, 3, 1e-300]
    static let strings: [String] = ["", "a", "hello world", "a" + String(repeating: "\u{301}", count: 300),
                                    String(repeating: "x", count: 2_000), "👩\u{200D}💻", "\n\r\t", "مرحبا abc"]

    /// One random call, drawn from `next` (any 64-bit random source: libFuzzer's bytes, SplitMix).
    public func call(_ next: () -> UInt64) {
        calls += 1
        func pick<T>(_ values: [T]) -> T { values[Int(truncatingIfNeeded: next() % UInt64(truncatingIfNeeded: values.count))] }
        func int() -> Int32 { next() % 4 == 0 ? Int32(truncatingIfNeeded: next()) : pick(Self.ints) }
        func double() -> Double { next() % 4 == 0 ? Double(bitPattern: next()) : pick(Self.doubles) }
        let id: Int64 = switch next() % 16 {
        case 0: pick([0, -1, .max, .min, bridge.nextID, bridge.nextID + 1])   // never was
        default: pool[Int(truncatingIfNeeded: next() % UInt64(truncatingIfNeeded: pool.count))]
        }
        switch next() % 13 {
        case 0:
            var info = sk_a11y_info()
            if bridge.fill(id, &info) {
                precondition(info.child_count >= 0 && info.action_count >= 0, "negative counts for \(id)")
            }
        case 1: _ = bridge.string(id, which: Int32(truncatingIfNeeded: next() % 10) - 1, index: int())
        case 2: keep(bridge.child(id, index: int()))
        case 3: keep(bridge.parent(id))
        case 4: _ = bridge.act(id, index: int())
        case 5: _ = bridge.setValue(id, double())
        case 6: _ = bridge.selection(id, request: Int32(truncatingIfNeeded: next() % 6) - 1, index: int())
        case 7: _ = bridge.grabFocus(id)
        case 8, 9:
            var out = sk_a11y_text_answer()
            let request = Int32(truncatingIfNeeded: next() % 10) - 1
            let unit = next() % 3 == 0 ? int() : Int32(truncatingIfNeeded: next() % 8)
            let result = bridge.text(id, request: request, request == SK_TEXT_RANGE ? unit : int(), int(), &out)
            if request == SK_TEXT_RANGE || request == SK_TEXT_SELECTION, result == 1 {
                precondition(0 <= out.start && out.start <= out.end, "text range \(out.start)..<\(out.end)")
            }
            if request == SK_TEXT_CHARACTER_BOX || request == SK_TEXT_RANGE_BOX, result == 1 {
                precondition([out.x, out.y, out.width, out.height].allSatisfy(\.isFinite) && out.width >= 0,
                             "a box of \(out)")
            }
        case 10, 11:
            let text: String? = next() % 8 == 0 ? nil : pick(Self.strings)
            _ = bridge.edit(id, request: Int32(truncatingIfNeeded: next() % 8) - 1, start: int(), end: int(), text: text)
        default:
            bridge.sync()
        }
        precondition(bridge.entries.count <= AccessibilityBridge.budget + AccessibilityBridge.budget / 8 + 1,
                     "\(bridge.entries.count) entries")
    }

    /// The frame's sync (a host calls it after each frame drawn).
    public func sync() { bridge.sync() }

    func keep(_ id: Int64) {
        guard id != 0 else { return }
        precondition(bridge.entries[id] != nil, "an id handed out without an entry")
        pool.append(id)
        if pool.count > 256 { pool.remove(at: 1) }
    }
}
