import Motion
import PropertyBased
import ScrollKit

// Generators for the property runs. Everything is built from integer generators, so shrinking moves
// toward small, plain cases (0 maps to the most ordinary value where it matters), and every length is a
// multiple of 1/4 pt (see ListModel.swift for why).

enum Gens {
    /// Multiples of 1/4 in `lo...hi`.
    static func quarters(_ lo: Double, _ hi: Double) -> Generator<Double, some SendableSequenceType> {
        Gen.int(in: Int(lo * 4)...Int(hi * 4)).map { Double($0) / 4 }
    }

    /// `normal`, or (with probability `percent` %) one of `specials`: NaN, infinities, zero, negatives...
    /// Shrinking leads away from the specials.
    static func mixed(_ normal: Generator<Double, some SendableSequenceType>, specials: [Double], percent: Int) -> Generator<Double, some SendableSequenceType> {
        zip(Gen.int(in: 0...99), normal, Gen.int(in: 0...(specials.count - 1))).map { roll, value, k in
            roll >= 100 - percent ? specials[k] : value
        }
    }

    /// An item count: 0 (20 %), 1...300 (70 %), or 10^3 ... 10^6 (10 %).
    static var count: Generator<Int, some SendableSequenceType> {
        zip(Gen.int(in: 0...99), Gen.int(in: 1...300), Gen.int(in: 1000...1_000_000)).map { roll, small, large in
            roll < 70 ? small : (roll < 90 ? 0 : large)
        }
    }

    /// A snap ratio in 0...1, sometimes NaN or out of range.
    static var ratio: Generator<Double, some SendableSequenceType> {
        mixed(Gen.int(in: 0...100).map { Double($0) / 100 }, specials: [.nan, -0.5, 1.5, 0, 1], percent: 15)
    }

    /// Every SnapBehavior case, chosen by `kind`: 0 none, 1 items(.start), 2 items(.center), 3 paging,
    /// 4 centered.
    static func snap(kind: Int) -> Generator<SnapBehavior, some SendableSequenceType> {
        let pageSize = zip(Gen.int(in: 0...99), quarters(1, 1500), Gen.int(in: 0...3)).map { roll, size, k -> Double? in
            roll < 50 ? nil : (roll < 90 ? size : [0, -5, .nan, .infinity][k])
        }
        return zip(ratio, pageSize).map { r, page -> SnapBehavior in
            switch kind {
            case 1: return .items(snapRatio: r, alignment: .start)
            case 2: return .items(snapRatio: r, alignment: .center)
            case 3: return .paging(snapRatio: r, pageSize: page)
            case 4: return .centered
            default: return .none
            }
        }
    }

    /// The list: axis, frame (sometimes 0x0, NaN or infinite), spacing, insets, fixed or variable sizes
    /// (including 0, negative, NaN, below 1 pt and above 10^6 pt), a count, the snap behaviour of `snapKind`.
    static func config(snapKind: Int) -> Generator<ListConfig, some SendableSequenceType> {
        let dimension = mixed(quarters(1, 1200), specials: [0, .nan, .infinity, -10], percent: 8)
        let geometry = zip(Gen.int(in: 0...2), dimension, dimension, Gen.int(in: 0...99), Gen.bool(0.9)).map {
            axis, w, h, roll, bounces -> (ScrollAxis, Double, Double, Bool) in
            ([ScrollAxis.vertical, .horizontal, .both][axis], roll < 8 ? 0 : w, roll < 8 ? 0 : h, bounces)
        }
        let inset = mixed(quarters(0, 150), specials: [-10, .nan, .infinity], percent: 8)
        let padding = zip(mixed(quarters(0, 40), specials: [-3, .nan, .infinity, 1e7], percent: 12),
                          inset, inset, inset, inset).map { s, t, l, b, r in (s, Insets(top: t, left: l, bottom: b, right: r)) }
        let size = mixed(quarters(1, 300), specials: [0, -20, .nan, 0.25, 0.75, .infinity, 5e6, 3000], percent: 20)
        let pattern = mixed(quarters(1, 400), specials: [0, -5, .nan, 0.5, .infinity, 2e6, 3000], percent: 15).array(of: 1...12)
        let sizes = zip(Gen.bool(0.5), size, pattern).map { isFixed, fixed, pattern -> (Double?, [Double]) in
            (isFixed ? fixed : nil, pattern)
        }
        return zip(geometry, padding, sizes, count, snap(kind: snapKind)).map { g, p, s, n, snap in
            ListConfig(axis: g.0, width: g.1, height: g.2, spacing: p.0, insets: p.1, fixed: s.0, pattern: s.1,
                       count: n, snap: snap, bounces: g.3)
        }
    }

    /// 24–240 Hz (quarter steps) and up to 5 glitches: frames dropped up to 250 ms late, a repeated
    /// timestamp, one that goes back up to 100 ms, a NaN tick.
    static var clock: Generator<ClockSpec, some SendableSequenceType> {
        let glitch = zip(Gen.int(in: 0...3), Gen.int(in: 0...600), Gen.int(in: 1...250), Gen.int(in: 1...100)).map {
            kind, at, gapMs, backMs -> Glitch in
            switch kind {
            case 0: return .drop(at: at, gap: Double(gapMs) / 1000)
            case 1: return .repeatTimestamp(at: at)
            case 2: return .backwards(at: at, by: Double(backMs) / 1000)
            default: return .nanTick(at: at)
            }
        }
        return zip(quarters(24, 240), glitch.array(of: 0...5)).map { ClockSpec(hz: $0, glitches: $1) }
    }

    /// Zig-zag: 0, −1, 1, −2, 2, ... so that shrinking toward 0 gives small magnitudes of either sign.
    static func zig(_ p: Int) -> Double { p % 2 == 0 ? Double(p / 2) : -Double((p + 1) / 2) }

    static func fraction(_ p: Int, _ q: Int) -> Double {
        if q % 25 < 2 { return [Double.nan, .infinity, -.infinity, 1e300][(q / 25) % 4] }
        return 0.5 + zig(p) / 5000    // −0.5 ... 1.5 of the range
    }

    static func duration(_ p: Int, _ q: Int) -> Double {
        switch p % 20 {
        case 0: return 0
        case 1: return -1
        case 2: return .nan
        case 3: return .infinity
        default: return 0.05 + Double(q) / 10000 * 2
        }
    }

    static func curve(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> CurveSpec {
        switch a % 10 {
        case 8: return .spring(ratio: zig(b) / 1000, response: Double(c - 1000) / 2000)
        case 9: return .bezier(Double(b) / 10000, zig(c) / 2000, Double(d) / 10000, zig(b) / 2000)
        default: return .named(b % TimingCurve.allNamed.count)
        }
    }

    /// One action, decoded from a kind roll and eight integer parameters (see `Action`).
    static var action: Generator<Action, some SendableSequenceType> {
        let p = Gen.int(in: 0...10000)
        return zip(Gen.int(in: 0...99), p, p, p, p, p, p, p, p).map { kind, p0, p1, p2, p3, p4, p5, p6, p7 -> Action in
            let u = { (x: Int) in Double(x) / 10000 }
            switch kind {
            case 0..<22:
                return .drag(x: u(p0), y: u(p1), distance: zig(p2) * 0.6, moves: p3 % 9, duration: 0.01 + u(p4) * 0.6,
                             speed: zig(p5) * 2, pause: Double(p6 % 121) / 1000, nanMove: p7 % 20 == 19)
            case 22..<28:
                return .tap(x: u(p0), y: u(p1))
            case 28..<42:
                var dy = zig(p1) / 1250
                if p2 % 25 == 24 { dy = p2 % 2 == 0 ? .nan : .infinity }
                return .wheel(dx: zig(p0) / 1250, dy: dy, count: 1 + p3 % 8, interval: 0.001 + Double(p4 % 50) / 1000,
                              nanTime: p5 % 20 == 19)
            case 42..<56:
                return .key(Key.scrollKeys[p0 % Key.scrollKeys.count], repeats: 1 + p1 % 3)
            case 56..<68:
                return .scrollTo(fraction: fraction(p0, p1), duration: duration(p2, p3), curve: curve(p4, p5, p6, p7))
            case 68..<78:
                let f = p1 % 25 < 2 ? fraction(p0, p1) : u(p0) * 1.2 - 0.1
                return .scrollToItem(fraction: f, position: ItemPosition.allCases[(p1 / 25) % 3],
                                     duration: duration(p2, p3), curve: curve(p4, p5, p6, p7))
            case 78..<81:
                return .jump(fraction: fraction(p0, p1))
            case 81..<90:
                switch p0 % 10 {
                case 0: return .resize(width: 0, height: 0)
                case 1: return .resize(width: .nan, height: Double(p2 % 4800) / 4)
                case 2: return .resize(width: Double(p1 % 4800) / 4, height: 0)
                case 3: return .resize(width: .infinity, height: Double(p2 % 4800) / 4)
                default: return .resize(width: Double(p1 % 4800) / 4, height: Double(p2 % 4800) / 4)
                }
            default:
                let roll = p0 % 100
                return .reload(count: roll < 20 ? 0 : (roll < 90 ? 1 + p1 % 300 : 1000 + Int(u(p1) * 999_000)))
            }
        }
    }

    /// An action and the idle time after it: short (< 50 ms, 40 %), medium (< 0.4 s, 40 %) or long (< 1.9 s).
    static var step: Generator<Step, some SendableSequenceType> {
        let wait = zip(Gen.int(in: 0...99), Gen.int(in: 0...1500)).map { roll, ms -> Double in
            Double(roll < 40 ? ms % 50 : (roll < 80 ? 50 + ms % 350 : 400 + ms)) / 1000
        }
        return zip(action, wait).map { Step(action: $0, wait: $1) }
    }

    static var steps: Generator<[Step], some SendableSequenceType> { step.array(of: 1...10) }
}
