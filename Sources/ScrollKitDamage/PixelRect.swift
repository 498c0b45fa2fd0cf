// Device-pixel geometry for damage: PixelRect, PixelPoint, and PixelGrid (points to whole pixels, clamped).

import ScrollKit

// The damage renderer's own geometry: rectangles and points in whole device pixels of the target, and the
// one rounding rule (`PixelGrid.round`) every backend uses to put a point on a pixel.

/// A rectangle of whole device pixels on the target (x right, y down). Empty when `w` or `h` is not positive.
/// Laid out as SDL's `SDL_Rect` (four `Int32`), so an array of them can be handed to C as one.
public struct PixelRect: Sendable, Hashable {
    /// The left edge.
    public var x: Int32
    /// The top edge.
    public var y: Int32
    /// The width (empty when not positive).
    public var w: Int32
    /// The height (empty when not positive).
    public var h: Int32
    /// The rect at (`x`, `y`) of `w` × `h` pixels.
    @inlinable public init(x: Int32, y: Int32, w: Int32, h: Int32) { self.x = x; self.y = y; self.w = w; self.h = h }

    /// The empty rect at the origin.
    public static let empty = PixelRect(x: 0, y: 0, w: 0, h: 0)

    /// Whether it holds no pixel.
    @inlinable public var isEmpty: Bool { w <= 0 || h <= 0 }
    /// Pixels covered (0 when empty).
    @inlinable public var area: Int { isEmpty ? 0 : Int(w) * Int(h) }
    /// One past the right edge.
    @inlinable public var maxX: Int32 { x + w }
    /// One past the bottom edge.
    @inlinable public var maxY: Int32 { y + h }

    /// The pixels in both (``empty`` when none).
    @inlinable public func intersection(_ b: PixelRect) -> PixelRect {
        let x0 = max(x, b.x), y0 = max(y, b.y)
        let x1 = min(x + w, b.x + b.w), y1 = min(y + h, b.y + b.h)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, w: x1 - x0, h: y1 - y0) : .empty
    }

    /// The smallest rect holding both.
    @inlinable public func union(_ b: PixelRect) -> PixelRect {
        let x0 = min(x, b.x), y0 = min(y, b.y)
        let x1 = max(x + w, b.x + b.w), y1 = max(y + h, b.y + b.h)
        return PixelRect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
    }

    /// Whether every pixel of `inner` is in this rect.
    @inlinable public func contains(_ inner: PixelRect) -> Bool {
        inner.x >= x && inner.y >= y && inner.x + inner.w <= x + w && inner.y + inner.h <= y + h
    }

    /// Moved by `d`.
    @inlinable public func offsetBy(_ d: PixelPoint) -> PixelRect { PixelRect(x: x + d.x, y: y + d.y, w: w, h: h) }
}

/// A point (or a move) in whole device pixels.
public struct PixelPoint: Sendable, Hashable {
    /// Pixels right.
    public var x: Int32
    /// Pixels down.
    public var y: Int32
    /// The point (`x`, `y`).
    @inlinable public init(x: Int32, y: Int32) { self.x = x; self.y = y }
}

/// The pixel grid of a target: how points become pixels.
public enum PixelGrid {
    /// Largest pixel coordinate used; beyond it values are clamped (a target clips anyway).
    public static let coordinateLimit: Double = 4_194_304   // 2^22
    /// Largest scrolled content origin tracked (pixels, kept in 64 bits exactly).
    public static let originLimit: Double = 4_503_599_627_370_496   // 2^52

    /// A pixel position rounded to the nearest whole pixel, halves up: unlike `rounded()` (halves away from
    /// zero) it commutes with whole-pixel moves, `round(v + n) == round(v) + n`, also left of and above the
    /// target's origin, so content scrolled by moving its pixels equals content drawn at its new place.
    ///
    /// At a fractional scale (1.5x) a translation of whole device pixels is a number of points that binary
    /// floating point cannot hold exactly (2/3 pt), so a position meant to fall on a half pixel lands a few
    /// ulps to either side of it, differently at each scroll offset. The position is first snapped to a grid
    /// of 2^-16 pixel (exact in binary), which absorbs those errors for coordinates up to 2^36 (the
    /// translations of 10 million rows included), so halves still round up in every frame.
    @inline(__always) @inlinable
    public static func round(_ v: Double) -> Double {
        (snap(v) + 0.5).rounded(.down)
    }

    /// A pixel position snapped to the grid of 2^-16 pixel (see ``round(_:)``): what a backend computes an
    /// anti-aliased edge from, so that content moved by whole pixels covers its pixels exactly as before.
    @inline(__always) @inlinable
    public static func snap(_ v: Double) -> Double { (v * 65_536).rounded() / 65_536 }

    /// `rect` (points) translated by (`tx`, `ty`) points, scaled by `scale`, edges rounded to whole pixels
    /// (``round(_:)``) and clamped to ±``coordinateLimit``; nil when empty, negative or not finite.
    @inlinable @inline(__always)
    public static func rect(_ rect: Rect, tx: Double, ty: Double, scale s: Double) -> PixelRect? {
        let limit = coordinateLimit
        let x0 = round((rect.minX + tx) * s), y0 = round((rect.minY + ty) * s)
        let x1 = round((rect.maxX + tx) * s), y1 = round((rect.maxY + ty) * s)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return nil }
        let cx0 = min(max(x0, -limit), limit), cy0 = min(max(y0, -limit), limit)
        let cx1 = min(max(x1, -limit), limit), cy1 = min(max(y1, -limit), limit)
        guard cx1 > cx0, cy1 > cy0 else { return nil }
        return PixelRect(x: Int32(cx0), y: Int32(cy0), w: Int32(cx1 - cx0), h: Int32(cy1 - cy0))
    }
}

// Short forms for the damage code.
@inline(__always) func intersect(_ a: PixelRect, _ b: PixelRect) -> PixelRect { a.intersection(b) }
@inline(__always) func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect { a.union(b) }
@inline(__always) func contains(_ outer: PixelRect, _ inner: PixelRect) -> Bool { outer.contains(inner) }
@inline(__always) func area(_ r: PixelRect) -> Int { r.area }
@inline(__always) func offset(_ r: PixelRect, _ d: PixelPoint) -> PixelRect { r.offsetBy(d) }
