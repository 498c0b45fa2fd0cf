import Testing
@testable import ScrollKit

/// Bad input (NaN, infinities, empty layouts, zero sizes) always gives a finite offset in range.
@Suite("Snap: bad input")
struct SnapSanitizingTests {
    static let behaviors: [SnapBehavior] = [
        .none, .items(), .items(snapRatio: 0.5, alignment: .center), .paging(), .paging(snapRatio: 0.2, pageSize: 120), .centered,
    ]
    static let bad: [Double] = [.nan, .infinity, -.infinity]

    let grid = FixedSnapGeometry(itemCount: 10, itemLength: 100)

    func isValid(_ value: Double, min: Double = 0, max: Double = 700) -> Bool {
        value.isFinite && value >= min && value <= max
    }

    /// Each field of the release in turn is NaN or infinite.
    @Test(arguments: behaviors)
    func badReleaseFields(behavior: SnapBehavior) {
        let good = SnapContext(proposedRest: 420, currentOffset: 380, dragStartOffset: 300, velocity: 700,
                               viewportLength: 300, minOffset: 0, maxOffset: 700)
        let fields: [WritableKeyPath<SnapContext, Double>] = [
            \.proposedRest, \.currentOffset, \.dragStartOffset, \.velocity, \.viewportLength,
        ]
        for field in fields {
            for value in Self.bad {
                var context = good
                context[keyPath: field] = value
                let result = behavior.target(context, geometry: grid)
                #expect(isValid(result), "\(behavior) \(field) = \(value) → \(result)")
            }
        }
    }

    /// A NaN rest point falls back to the current offset (then the drag start, then the top).
    @Test func nanRestFallsBack() {
        let context = SnapContext(proposedRest: .nan, currentOffset: 380, dragStartOffset: 300, velocity: 700,
                                  viewportLength: 300, minOffset: 0, maxOffset: 700)
        #expect(SnapBehavior.none.target(context, geometry: grid) == 380)
        #expect(SnapBehavior.items().target(context, geometry: grid) == 400)
        var lost = context
        lost.currentOffset = .nan
        #expect(SnapBehavior.none.target(lost, geometry: grid) == 300)
        lost.dragStartOffset = .nan
        #expect(SnapBehavior.none.target(lost, geometry: grid) == 0)
    }

    /// A broken range: NaN or infinite min counts as 0, NaN, infinite or inverted max as min.
    @Test(arguments: behaviors)
    func badRange(behavior: SnapBehavior) {
        for (lo, hi) in [(Double.nan, 700.0), (0, .nan), (.infinity, .nan), (-.infinity, .infinity), (500, 100), (.nan, .nan)] {
            let context = SnapContext(proposedRest: 420, currentOffset: 380, dragStartOffset: 300, velocity: 700,
                                      viewportLength: 300, minOffset: lo, maxOffset: hi)
            let result = behavior.target(context, geometry: grid)
            let expectedMin = lo.isFinite ? lo : 0
            let expectedMax = hi.isFinite && hi > expectedMin ? hi : expectedMin
            #expect(isValid(result, min: expectedMin, max: expectedMax), "\(behavior) \(lo)...\(hi) → \(result)")
            let stepped = behavior.stepTarget(from: .nan, steps: 2, viewportLength: 300, minOffset: lo, maxOffset: hi, geometry: grid)
            #expect(isValid(stepped, min: expectedMin, max: expectedMax), "\(behavior) step \(lo)...\(hi) → \(stepped)")
        }
    }

    @Test(arguments: behaviors)
    func emptyAndBrokenGeometries(behavior: SnapBehavior) {
        let context = SnapContext(proposedRest: 420, currentOffset: 380, dragStartOffset: 300, velocity: 700,
                                  viewportLength: 300, minOffset: 0, maxOffset: 700)
        let empty = ArraySnapGeometry(lengths: [])
        let zeros = FixedSnapGeometry(itemCount: 10, itemLength: 0)
        for result in [behavior.target(context, geometry: empty), behavior.target(context, geometry: zeros),
                       behavior.target(context, geometry: NaNGeometry()),
                       behavior.stepTarget(from: 380, steps: 1, viewportLength: 300, minOffset: 0, maxOffset: 700, geometry: empty),
                       behavior.stepTarget(from: 380, steps: -3, viewportLength: 300, minOffset: 0, maxOffset: 700, geometry: NaNGeometry())] {
            #expect(isValid(result), "\(behavior) → \(result)")
        }
        // With no items, the snapping rules keep the clamped rest point.
        switch behavior {
        case .paging: break
        default: #expect(behavior.target(context, geometry: empty) == 420)
        }
    }

    /// Paging with no usable page size (zero viewport, no page size) keeps the clamped rest point.
    @Test func pagingWithoutAPageSize() {
        for viewport in [0.0, -5, .nan] {
            let context = SnapContext(proposedRest: 420, currentOffset: 380, dragStartOffset: 300, velocity: 700,
                                      viewportLength: viewport, minOffset: 0, maxOffset: 700)
            #expect(SnapBehavior.paging().target(context, geometry: grid) == 420)
            #expect(SnapBehavior.paging().stepTarget(from: 380, steps: 1, viewportLength: viewport, minOffset: 0, maxOffset: 700, geometry: grid) == 380)
        }
        // A page size so small the pages cannot be counted behaves the same way.
        let tiny = SnapBehavior.paging(snapRatio: 0.1, pageSize: 1e-300)
        let context = SnapContext(proposedRest: 420, currentOffset: 380, dragStartOffset: 300, velocity: 700,
                                  viewportLength: 300, minOffset: 0, maxOffset: 700)
        #expect(tiny.target(context, geometry: grid) == 420)
    }

    @Test func directionRule() {
        #expect(SnapBehavior.direction(velocity: .nan, displacement: 5) == 1)
        #expect(SnapBehavior.direction(velocity: -49, displacement: 5) == 1)
        #expect(SnapBehavior.direction(velocity: -50, displacement: 5) == -1)
        #expect(SnapBehavior.direction(velocity: 0, displacement: .nan) == 0)
        #expect(SnapBehavior.direction(velocity: .infinity, displacement: -3) == -1)
    }
}
