import Motion
import ScrollKit

/// A cell that stores a number and draws nothing: configuring it costs no allocation, so the
/// frame benchmarks measure the list itself, not a data source's string formatting.
@MainActor
public final class BenchCell: ListCell {
    public var value = 0
    public required init() { super.init() }
    public override func prepareForReuse() { value = 0 }
}

/// `count` items, 44 pt each (fixed) or 24...64 pt by a fixed pseudo-random rule (variable).
@MainActor
public final class BenchSource: ListDataSource {
    public let count: Int
    public let variable: Bool
    /// Sum of the values configured: keeps `cell(at:in:)` from being optimised away.
    public var checksum = 0

    public init(count: Int, variable: Bool) {
        self.count = count
        self.variable = variable
    }

    public var numberOfItems: Int { count }
    public var fixedItemSize: Double? { variable ? nil : 44 }
    public func sizeOfItem(at index: Int) -> Double { 24 + Double((index &* 7919) % 41) }
    public func cell(at index: Int, in list: ListView) -> ListCell {
        let cell = list.dequeueCell(BenchCell.self, for: index)
        let v = index &* 31 &+ 7
        cell.value = v
        checksum &+= v
        return cell
    }
}

/// Drives an 800x600 vertical `ListView` frame by frame on a virtual 60 Hz clock, in "legs" of
/// steady motion that go back and forth over the same 3,800 pt window around the middle of the
/// content, so every item count sees the same motion and the same number of cells entering and
/// leaving per frame.
///
/// `prepare()` starts a new leg when the previous one has come to rest, and runs that leg's first
/// frame: starting a motion is allowed to allocate (a simulation is boxed), a steady frame is not.
/// The benchmarks call `prepare()` outside the measured region and `frame()` inside it.
/// `init` runs two legs first (see there), so every frame after it is a steady one.
@MainActor
public final class ListDriver {
    public enum Motion: String, Sendable, CaseIterable { case scrollTo = "scroll-to", fling }

    public static let viewport = Rect(x: 0, y: 0, width: 800, height: 600)
    public static let period = 1.0 / 60
    /// Length of the window the motion covers (the whole range of a 100-item list: 4400 - 600).
    public static let window = 3800.0

    public let list: ListView
    public let source: BenchSource
    public let motion: Motion
    /// The window of offsets the legs go back and forth over.
    public let lo: Double
    public let hi: Double
    public private(set) var time = 0.0
    public private(set) var frameIndex = 0
    /// How many legs (motions) have started.
    public private(set) var legs = 0

    public init(count: Int, variable: Bool, motion: Motion) {
        source = BenchSource(count: count, variable: variable)
        list = ListView(frame: Self.viewport, dataSource: source)
        self.motion = motion
        let sv = list.scrollView
        let minY = sv.minContentOffset.y, maxY = sv.maxContentOffset.y
        let middle = list.contentOffset(forItem: count / 2, position: .start).y
        let start = max(minY, min(middle - Self.window / 2, maxY - Self.window))
        lo = start
        hi = min(maxY, start + Self.window)
        list.scrollView.setContentOffset(Point(x: 0, y: lo), animated: false)
        list.step(nextTick())   // configure the first cells (and build variable sizes)
        // Warm up: one leg each way. The first time more items fit the viewport than ever before,
        // the list asks the data source for a new cell (and the reuse pool may grow): that is the
        // list filling its pool, not a steady frame, so it happens here.
        while legs < 2 || list.isAnimating {
            prepare()
            frame()
        }
        warmUpFrames = frameIndex
    }

    /// Frames run by `init` to warm up (two legs).
    public private(set) var warmUpFrames = 0

    public func nextTick() -> FrameTick {
        let tick = FrameTick(index: frameIndex, timestamp: time, duration: Self.period)
        time += Self.period
        frameIndex += 1
        return tick
    }

    /// Starts the next leg if the list is at rest (and runs its first frame). Call outside the measurement.
    public func prepare() {
        guard !list.isAnimating else { return }
        legs += 1
        let y = list.scrollView.contentOffset.y
        let down = y < (lo + hi) / 2   // towards larger offsets
        switch motion {
        case .scrollTo:
            let target = down ? hi : lo
            list.scrollView.setContentOffset(Point(x: 0, y: target), duration: 2.0, curve: .easeInOut)
        case .fling:
            // A flick of about 2,400 pt/s: five moves of 20 pt, 1/120 s apart, then the release.
            let sign: Double = down ? -1 : 1   // content up (pointer up) = offset down the list
            var p = Point(x: 400, y: 300)
            var t = time
            list.handle(.pointerDown(location: p, time: t))
            for _ in 0..<5 {
                t += 1.0 / 120
                p.y += sign * 20
                list.handle(.pointerMove(location: p, time: t))
            }
            t += 1.0 / 240
            list.handle(.pointerUp(location: p, time: t))
            time = max(time, t)
        }
        frame()
    }

    /// One steady frame: the scroll view steps, the visible cells are brought up to date.
    public func frame() {
        list.step(nextTick())
    }
}
