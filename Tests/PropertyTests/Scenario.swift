import Motion
import ScrollKit

// The inputs of a property run, as plain values. Their descriptions are Swift expressions, so a shrunk
// failing case printed by `propertyCheck` can be pasted into a regression test.

/// How the timing curve of a timed request is chosen.
enum CurveSpec: Sendable, Hashable, CustomStringConvertible {
    /// `TimingCurve.allNamed[index % count]`.
    case named(Int)
    case spring(ratio: Double, response: Double)
    case bezier(Double, Double, Double, Double)

    var curve: TimingCurve {
        switch self {
        case .named(let i): return TimingCurve.allNamed[((i % TimingCurve.allNamed.count) + TimingCurve.allNamed.count) % TimingCurve.allNamed.count]
        case .spring(let r, let s): return .spring(dampingRatio: r, response: s)
        case .bezier(let a, let b, let c, let d): return .cubicBezier(a, b, c, d)
        }
    }

    var description: String {
        switch self {
        case .named(let i): return ".named(\(i))"
        case .spring(let r, let s): return ".spring(ratio: \(lit(r)), response: \(lit(s)))"
        case .bezier(let a, let b, let c, let d): return ".bezier(\(lit(a)), \(lit(b)), \(lit(c)), \(lit(d)))"
        }
    }
}

/// One user or app action on the list. Positions are fractions of the list's frame, scroll targets
/// fractions of the current scroll range, so the same action makes sense whatever the geometry.
enum Action: Sendable, Hashable, CustomStringConvertible {
    /// Pointer down at (x, y) (fractions of the frame), `moves` moves covering `distance` points along the
    /// axis over `duration` seconds, then three moves 8 ms apart at `speed` pt/s (the release speed), a
    /// `pause` and the up. With `nanMove` one extra move has a NaN location (must be ignored) and one a
    /// NaN timestamp.
    case drag(x: Double, y: Double, distance: Double, moves: Int, duration: Double, speed: Double, pause: Double, nanMove: Bool)
    /// Pointer down and up at the same place.
    case tap(x: Double, y: Double)
    /// `count` wheel events of (dx, dy) steps, `interval` seconds apart; with `nanTime` every second one
    /// has a NaN timestamp (counts as the latest time seen).
    case wheel(dx: Double, dy: Double, count: Int, interval: Double, nanTime: Bool)
    /// A scroll key pressed `repeats` times, 30 ms apart.
    case key(Key, repeats: Int)
    /// `setContentOffset` to min + fraction × (max − min) along the axis, timed.
    case scrollTo(fraction: Double, duration: Double, curve: CurveSpec)
    /// `scrollToItem(Int(fraction × count))` (NaN/huge fractions give extreme indices).
    case scrollToItem(fraction: Double, position: ItemPosition, duration: Double, curve: CurveSpec)
    /// `setContentOffset(_:animated: false)` to min + fraction × (max − min).
    case jump(fraction: Double)
    /// The list's frame becomes width × height (same origin).
    case resize(width: Double, height: Double)
    /// The data source's count changes and `reloadData()` runs.
    case reload(count: Int)

    var description: String {
        switch self {
        case let .drag(x, y, d, m, t, v, p, n):
            return ".drag(x: \(lit(x)), y: \(lit(y)), distance: \(lit(d)), moves: \(m), duration: \(lit(t)), speed: \(lit(v)), pause: \(lit(p)), nanMove: \(n))"
        case let .tap(x, y): return ".tap(x: \(lit(x)), y: \(lit(y)))"
        case let .wheel(dx, dy, c, i, n): return ".wheel(dx: \(lit(dx)), dy: \(lit(dy)), count: \(c), interval: \(lit(i)), nanTime: \(n))"
        case let .key(k, r): return ".key(.\(k), repeats: \(r))"
        case let .scrollTo(f, d, c): return ".scrollTo(fraction: \(lit(f)), duration: \(lit(d)), curve: \(c))"
        case let .scrollToItem(f, p, d, c):
            return ".scrollToItem(fraction: \(lit(f)), position: .\(p), duration: \(lit(d)), curve: \(c))"
        case let .jump(f): return ".jump(fraction: \(lit(f)))"
        case let .resize(w, h): return ".resize(width: \(lit(w)), height: \(lit(h)))"
        case let .reload(c): return ".reload(count: \(c))"
        }
    }
}

/// An action and the idle time (seconds of frames) after it.
struct Step: Sendable, Hashable, CustomStringConvertible {
    var action: Action
    var wait: Double
    init(action: Action, wait: Double) { self.action = action; self.wait = wait }
    init(_ action: Action, wait: Double) { self.init(action: action, wait: wait) }
    var description: String { "Step(\(action), wait: \(lit(wait)))" }
}

/// A glitch in the display link's frame sequence.
enum Glitch: Sendable, Hashable, CustomStringConvertible {
    /// The frame with this index comes `gap` seconds late (dropped frames).
    case drop(at: Int, gap: Double)
    /// Before frame `at`, an extra tick repeats the previous tick's timestamp.
    case repeatTimestamp(at: Int)
    /// Before frame `at`, an extra tick goes `by` seconds back from the previous tick's timestamp.
    case backwards(at: Int, by: Double)
    /// Before frame `at`, an extra tick with NaN timestamps (must be ignored).
    case nanTick(at: Int)

    var frame: Int {
        switch self {
        case .drop(let a, _), .repeatTimestamp(let a), .backwards(let a, _), .nanTick(let a): return a
        }
    }

    var description: String {
        switch self {
        case let .drop(a, g): return ".drop(at: \(a), gap: \(lit(g)))"
        case let .repeatTimestamp(a): return ".repeatTimestamp(at: \(a))"
        case let .backwards(a, b): return ".backwards(at: \(a), by: \(lit(b)))"
        case let .nanTick(a): return ".nanTick(at: \(a))"
        }
    }
}

/// The display link: a frame rate and its glitches.
struct ClockSpec: Sendable, Hashable, CustomStringConvertible {
    var hz: Double
    var glitches: [Glitch]
    var description: String { "ClockSpec(hz: \(lit(hz)), glitches: [\(glitches.map(\.description).joined(separator: ", "))])" }
}

/// The list under test.
struct ListConfig: Sendable, Hashable, CustomStringConvertible {
    var axis: ScrollAxis
    var width: Double
    var height: Double
    var spacing: Double
    var insets: Insets
    /// The data source's `fixedItemSize` (nil: variable sizes from `pattern`).
    var fixed: Double?
    /// Variable sizes: item i has `pattern[i % pattern.count]` (raw, before the list sanitises it).
    var pattern: [Double]
    var count: Int
    var snap: SnapBehavior
    var bounces: Bool

    var description: String {
        let f = fixed.map(lit) ?? "nil"
        let i = insets
        return "ListConfig(axis: .\(axis), width: \(lit(width)), height: \(lit(height)), spacing: \(lit(spacing)), "
            + "insets: Insets(top: \(lit(i.top)), left: \(lit(i.left)), bottom: \(lit(i.bottom)), right: \(lit(i.right))), "
            + "fixed: \(f), pattern: [\(pattern.map(lit).joined(separator: ", "))], count: \(count), "
            + "snap: \(snapLiteral(snap)), bounces: \(bounces))"
    }
}

/// A Swift literal for a Double (NaN and the infinities spelled out).
func lit(_ v: Double) -> String {
    if v.isNaN { return ".nan" }
    if v.isInfinite { return v > 0 ? ".infinity" : "-.infinity" }
    return "\(v)"
}

func snapLiteral(_ s: SnapBehavior) -> String {
    switch s {
    case .none: return ".none"
    case let .items(r, a): return ".items(snapRatio: \(lit(r)), alignment: .\(a))"
    case let .paging(r, p): return ".paging(snapRatio: \(lit(r)), pageSize: \(p.map(lit) ?? "nil"))"
    case .centered: return ".centered"
    }
}
