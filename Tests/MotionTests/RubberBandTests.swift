import Foundation
import Testing
import Motion

/// (offset, dimension, coefficient) and the banded offset (1 − 1 / (|x| c / d + 1)) d with x's sign,
/// worked out to 17 digits with mpmath.
private let cases: [(offset: Double, dimension: Double, coefficient: Double, banded: Double)] = [
    (0, 600, 0.55, 0), (1, 600, 0.55, 0.54949629506285905), (100, 600, 0.55, 50.381679389312977),
    (-100, 600, 0.55, -50.381679389312977), (600, 600, 0.55, 212.90322580645161),
    (5000, 600, 0.55, 492.53731343283582), (-1e5, 800, 0.55, -788.53046594982079),
    (30, 320, 0.3, 8.7537993920972644), (250, 320, 1, 140.35087719298246),
    (0.001, 1000, 0.55, 0.00054999969750016637),
]

@Suite struct RubberBandTests {
    @Test("(1 − 1 / (x c / d + 1)) d, sign kept", arguments: cases)
    func formula(offset: Double, dimension: Double, coefficient: Double, expected: Double) {
        let banded = rubberBand(offset: offset, dimension: dimension, coefficient: coefficient)
        #expect(abs(banded - expected) <= 1e-12 * max(1, abs(expected)))
        #expect(abs(banded) <= dimension && abs(banded) <= abs(offset) * coefficient + 1e-12)
        #expect(banded.sign == offset.sign || offset == 0)
    }

    @Test("inverse round trip", arguments: cases)
    func roundTrip(offset: Double, dimension: Double, coefficient: Double, expected: Double) {
        let banded = rubberBand(offset: offset, dimension: dimension, coefficient: coefficient)
        let back = inverseRubberBand(banded, dimension: dimension, coefficient: coefficient)
        #expect(abs(back - offset) <= 1e-9 * max(1, abs(offset)))
        let y = banded * 0.5
        #expect(abs(rubberBand(offset: inverseRubberBand(y, dimension: dimension, coefficient: coefficient),
                               dimension: dimension, coefficient: coefficient) - y) <= 1e-9 * max(1, abs(y)))
    }

    @Test("default coefficient is 0.55; slope 0.55 at the edge; 100 pt on 600 is about 50.4")
    func defaults() {
        #expect(rubberBand(offset: 100, dimension: 600) == rubberBand(offset: 100, dimension: 600, coefficient: 0.55))
        #expect(abs(rubberBand(offset: 100, dimension: 600) - 600.0 * 55 / 655) < 1e-9)   // 1 − 1/(1 + 55/600)
        #expect(abs(rubberBand(offset: 1e-6, dimension: 600) / 1e-6 - 0.55) < 1e-6)
        #expect(inverseRubberBand(0, dimension: 600) == 0)
    }

    @Test("bad input gives a finite, resting answer", arguments: [Double.nan, .infinity, -.infinity, 0, -10])
    func badInput(bad: Double) {
        #expect(rubberBand(offset: 50, dimension: bad) == 0)
        #expect(inverseRubberBand(50, dimension: bad) == 0)
        #expect(rubberBand(offset: 50, dimension: 600, coefficient: bad) == rubberBand(offset: 50, dimension: 600))
        if bad.isNaN {
            #expect(rubberBand(offset: bad, dimension: 600) == 0)
            #expect(inverseRubberBand(bad, dimension: 600) == 0)
        }
        if bad.isInfinite {
            #expect(rubberBand(offset: bad, dimension: 600) == (bad > 0 ? 600 : -600))
            let inverse = inverseRubberBand(bad, dimension: 600)
            #expect(inverse.isFinite && inverse.sign == bad.sign)
        }
        #expect(inverseRubberBand(600, dimension: 600).isFinite)
        #expect(inverseRubberBand(-900, dimension: 600) < -1e9)
    }
}
