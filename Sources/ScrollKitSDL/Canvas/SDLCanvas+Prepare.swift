// SDLCanvas.prepareDiscs: building the cached disc textures for a range of diameters ahead of their first use.

import CSDL2
import ScrollKit

// Filling caches ahead of time, so that the first frame to need an entry does not build it (and
// allocate) while it is being drawn.
extension SDLCanvas {
    /// Builds, ahead of their first use, the cached discs that `fillCircle` (and the corners of
    /// `fillRoundedRect`) use for every pixel diameter that a circle of a diameter in `diameters`
    /// (points) can round to: the coverage spans when compositing directly (see
    /// ``isCompositingDirectly``), else the disc textures and the disc atlas of `fillCircles`.
    ///
    /// A scene that knows the sizes its circles take (sprites that grow and shrink) calls it once, so
    /// no later frame builds a disc. Diameters above ``maxCachedCircleDiameter`` pixels are not
    /// prepared (those discs live in a small LRU). A non-positive or infinite range does nothing.
    /// Call it again after ``attachSoftwareTarget(_:)`` or a change of ``pixelScale``.
    /// Complexity: O(Σ d²) over the new pixel diameters; already cached ones cost nothing.
    /// - Returns: how many discs (and atlases) were built.
    @discardableResult
    public func prepareDiscs(diameters: ClosedRange<Double>) -> Int {
        let s = pixelScale
        let lo = diameters.lowerBound * s, hi = diameters.upperBound * s
        guard lo.isFinite, hi.isFinite, hi > 0 else { return 0 }
        let first = max(1, Int32(max(lo, 1).rounded()))
        // `fillCircle` draws anything under a pixel as a one-pixel disc.
        let last = min(Self.maxCachedCircleDiameter, max(1, Int32(min(hi, Double(Self.maxCachedCircleDiameter)).rounded())))
        guard first <= last else { return 0 }
        var built = 0
        if directSurface == nil, first <= Self.discAtlasMaxDiameter, discAtlas == nil, discAtlasTexture() != nil {
            built += 1   // the atlas `fillCircles` draws these sizes from through SDL
        }
        for d in first...last {
            if directSurface != nil {
                if discSpanCache[Int(d)] == nil {
                    _ = discSpans(diameter: d)
                    built += 1
                }
            } else if circleTextures[Int(d)] == nil {
                if discTexture(diameter: d) != nil { built += 1 }
            }
        }
        return built
    }
}
