/// How far content moves when pulled `offset` past its edge: (1 − 1 / (|x| c / d + 1)) d, sign kept.
///
/// The iOS rubber band: 1:1 near the edge (slope c = 0.55 at 0), never more than `dimension` however far
/// the finger goes. `dimension` is the viewport's length along the axis.
///
/// ```swift
/// rubberBand(offset: 100, dimension: 600)   // ≈ 50.4
/// ```
///
/// ## Bad input
/// Sanitised: `dimension` that is not a positive finite number gives 0; a NaN offset gives 0; an infinite
/// offset gives ±`dimension` (the limit); a coefficient that is NaN, infinite, zero or negative is 0.55.
public func rubberBand(offset: Double, dimension: Double, coefficient: Double = 0.55) -> Double {
    guard dimension.isFinite, dimension > 0, !offset.isNaN else { return 0 }
    let c = (coefficient.isFinite && coefficient > 0) ? coefficient : 0.55
    if offset.isInfinite { return offset > 0 ? dimension : -dimension }
    let magnitude = (1 - 1 / (abs(offset) * c / dimension + 1)) * dimension
    return offset < 0 ? -magnitude : magnitude
}

/// The offset that `rubberBand(offset:dimension:coefficient:)` maps to `banded`: |x| = y d / (c (d − y)).
///
/// Used to continue a drag that starts while the content is already rubber-banded.
///
/// ## Bad input
/// Sanitised like `rubberBand`. |banded| ≥ `dimension` has no preimage: it is clamped to
/// `dimension × (1 − 10⁻⁹)`, giving a very large but finite offset.
public func inverseRubberBand(_ banded: Double, dimension: Double, coefficient: Double = 0.55) -> Double {
    guard dimension.isFinite, dimension > 0, !banded.isNaN else { return 0 }
    let c = (coefficient.isFinite && coefficient > 0) ? coefficient : 0.55
    let y = min(abs(banded), dimension * (1 - Precision.slack))
    let magnitude = y * dimension / (c * (dimension - y))
    return banded < 0 ? -magnitude : magnitude
}
