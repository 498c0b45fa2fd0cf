// ZoomScale: the arithmetic of zooming, as UIScrollView does — scales rubber-banded past their limits, offsets
// anchored to a point, interpolation.

import Foundation

/// The arithmetic of zooming a scroll view's content, as UIScrollView does: scales kept within limits
/// with a rubber band past them, and offsets that keep a point of the content under a point of the
/// viewport. Pure functions of plain values.
public enum ZoomScale {
    /// How far past a limit a pinch can stretch the scale, at most: a factor of 2 (one octave) above the
    /// maximum or below the minimum, approached as the fingers spread further.
    public static let rubberBandOctaves: Double = 1

    /// The scale shown for a pinch's `raw` scale (the product of the fingers' spread ratios), with the
    /// limits `minimum ... maximum`: `raw` itself inside them; past them, the rubber band of drags applied
    /// to the overshoot in octaves (`rubberBand(offset: log2(raw / limit), dimension:` ``rubberBandOctaves``
    /// `)`: slope 0.55 at the limit, never more than one octave past it). Without `bounces` the limit itself.
    ///
    /// Bad input: a non-finite or non-positive `raw` gives the nearest limit; limits are sanitised as
    /// ``limits(minimum:maximum:)`` says.
    public static func banded(_ raw: Double, minimum: Double, maximum: Double, bounces: Bool = true) -> Double {
        let (lo, hi) = limits(minimum: minimum, maximum: maximum)
        guard raw.isFinite, raw > 0 else { return raw == .infinity ? hi : lo }
        if raw > hi {
            guard bounces else { return hi }
            return hi * exp2(rubberBand(offset: log2(raw / hi), dimension: rubberBandOctaves))
        }
        if raw < lo {
            guard bounces else { return lo }
            return lo * exp2(rubberBand(offset: log2(raw / lo), dimension: rubberBandOctaves))
        }
        return raw
    }

    /// The raw scale whose ``banded(_:minimum:maximum:bounces:)`` value is `scale` (its inverse), so a pinch
    /// that starts while the scale is past a limit continues from where it shows.
    public static func unbanded(_ scale: Double, minimum: Double, maximum: Double) -> Double {
        let (lo, hi) = limits(minimum: minimum, maximum: maximum)
        guard scale.isFinite, scale > 0 else { return lo }
        if scale > hi { return hi * exp2(inverseRubberBand(log2(scale / hi), dimension: rubberBandOctaves)) }
        if scale < lo { return lo * exp2(inverseRubberBand(log2(scale / lo), dimension: rubberBandOctaves)) }
        return scale
    }

    /// Sanitised limits: non-finite or non-positive values count as 1, and a maximum below the minimum
    /// counts as the minimum.
    public static func limits(minimum: Double, maximum: Double) -> (Double, Double) {
        let lo = minimum.isFinite && minimum > 0 ? minimum : 1
        let hi = maximum.isFinite && maximum > 0 ? maximum : 1
        return (lo, max(lo, hi))
    }

    /// The offset that keeps the content point under `anchor` (a point of the viewport, relative to its
    /// top-left) where it is when the scale goes from `scale` to `newScale`: content coordinates scale with
    /// the zoom, so the point `offset + anchor` at `scale` is `(offset + anchor) · newScale / scale` at
    /// `newScale`, and the new offset is that less `anchor`. Per axis.
    public static func anchoredOffset(_ offset: Double, anchor: Double, scale: Double, newScale: Double) -> Double {
        guard scale > 0, newScale > 0, scale.isFinite, newScale.isFinite else { return offset }
        return (offset + anchor) * (newScale / scale) - anchor
    }

    /// The scale at `progress` (0 → `from`, 1 → `to`) of an animated zoom: geometric, so that equal steps of
    /// progress zoom by equal factors (a zoom from 1 to 4 passes 2 half-way), as the eye reads scale.
    public static func interpolated(from: Double, to: Double, progress: Double) -> Double {
        guard from > 0, to > 0, from.isFinite, to.isFinite, progress.isFinite else { return to }
        if progress <= 0 { return from }
        if progress >= 1 { return to }
        return from * pow(to / from, progress)
    }
}
