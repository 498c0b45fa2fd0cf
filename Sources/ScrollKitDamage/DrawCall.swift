// A recorded frame's values: DrawOp (one drawing call as plain values), DrawCommand (a call with its state and
// bounds) and ScrollRegion (an outermost scroll view's content), with the ops' summaries for matching.

import ScrollKit

// Recording: what one drawing call of a frame is kept as (its arguments, translation, clip and the pixels
// it may write), and the cheap summary calls are matched by.

/// One drawing call, as recorded. Plain values only (what a call holds by reference is kept in
/// `DamageState` and referred to by index), so calls copy without reference counting.
enum DrawOp: Equatable {
    case clear(RGBAColor)
    case fill(Rect, RGBAColor)
    case roundedRect(Rect, Double, RGBAColor)
    case strokeRect(Rect, RGBAColor, Double)
    case line(Point, Point, RGBAColor, Double)
    /// Its points are `DamageState.points[range]` (of its frame).
    case polyline(Range<Int>, RGBAColor, Double)
    case circle(Point, Double, RGBAColor)
    /// Its discs are `DamageState.batches[index]` (of its frame, let go of when the frame ends).
    case circles(Int32)
    /// Its UTF-8 bytes are `DamageState.textBytes[range]` (of its frame), which is what is compared. The
    /// string, `DamageState.text(index)`, is for drawing in its own frame only: it is let go of when the
    /// frame becomes the previous one, so a view that rewrites its label's buffer in place does not copy
    /// it; except in a call group (negative indices), whose calls the next frame may take over.
    case text(Int32, Range<Int>, Rect, TextStyle, TextAlign)
    /// Its layout is `DamageState.layout(index)`: this frame's `layouts`, or for a negative index (in a
    /// call group, kept a frame more like its texts) `groupLayouts[~index]`.
    case layout(Int32, Point)
    /// Its image is `DamageState.images[index]` (of its frame). `state` identifies what the backend had for
    /// it (``DamageImageState/identity``); `inPart`: ``DamageImageState/redrawsInPart``.
    case image(Int32, Rect, Double, state: UInt, inPart: Bool)
}

/// A recorded call with where it draws.
struct DrawCommand {
    var op: DrawOp
    /// The translation in force (points, absolute).
    var tx: Double
    var ty: Double
    /// The clip in force (pixels, absolute; the whole target when none).
    var clip: PixelRect
    /// The outermost scrolled region it was drawn in (an index into the frame's regions), or -1.
    var space: Int32
    /// The translation relative to its region's (or `tx`, `ty` outside regions): what is compared.
    var keyTx: Double
    var keyTy: Double
    /// The clips pushed inside its region, intersected, relative to the region's pixel origin (the
    /// region's own clip excluded, since it does not move with the content); outside regions the clip.
    var keyClip: PixelRect
    /// Pixels it may write (absolute, within `clip`); empty when none.
    var bounds: PixelRect
    /// A cheap summary of the above, for matching.
    var hash: UInt64
    /// Never matched: drawn again wherever it shows, every frame (an image cut by its clip that cannot be
    /// redrawn in part: its moved pixels would not equal redrawn ones).
    var alwaysRedraw = false
    /// An opaque fill or a clear: every pixel of `bounds` is written with one colour (what was drawn
    /// before it does not show there).
    var covers = false
}

/// The content of an outermost scroll view in one frame.
struct ScrollRegion {
    /// Its clip (pixels, absolute).
    var clip: PixelRect
    /// Where its content's origin is, in whole pixels. 64 bits: a list of 10^7 rows puts it far past
    /// the 2^22 pixels drawing coordinates are clamped to, and two frames' origins must differ by the
    /// true scroll distance there too.
    var px: Int64
    var py: Int64
    /// The translation its content is drawn with (points).
    var tx: Double
    var ty: Double
    /// Its first command (those of the region follow, up to `end`).
    var first: Int
    var end: Int
    /// How many clips were pushed when it began (inner clips are the ones above).
    var clipDepth: Int
}

/// A rect that stands for "no clip pushed inside the region".
let noInnerClip = PixelRect(x: Int32.min, y: Int32.min, w: 0, h: 0)

@inline(__always) func sameRect(_ a: PixelRect, _ b: PixelRect) -> Bool {
    a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h
}

@inline(__always) func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
    (h ^ v) &* 0x9E37_79B9_7F4A_7C15 ^ ((h ^ v) >> 29)
}
@inline(__always) func mix(_ h: UInt64, _ v: Double) -> UInt64 { mix(h, v.bitPattern) }
@inline(__always) func mix(_ h: UInt64, _ r: Rect) -> UInt64 {
    mix(mix(mix(mix(h, r.minX), r.minY), r.width), r.height)
}
@inline(__always) func mix(_ h: UInt64, _ c: RGBAColor) -> UInt64 {
    mix(h, UInt64(c.r) << 24 | UInt64(c.g) << 16 | UInt64(c.b) << 8 | UInt64(c.a))
}

extension DrawOp {
    /// A cheap summary (equal ops have equal summaries; arrays and strings contribute their size only).
    var summary: UInt64 {
        switch self {
        case .clear(let c): return mix(UInt64(1), c)
        case .fill(let r, let c): return mix(mix(UInt64(2), r), c)
        case .roundedRect(let r, let radius, let c): return mix(mix(mix(UInt64(3), r), radius), c)
        case .strokeRect(let r, let c, let w): return mix(mix(mix(UInt64(4), r), c), w)
        case .line(let a, let b, let c, let w): return mix(mix(mix(mix(mix(mix(UInt64(5), a.x), a.y), b.x), b.y), c), w)
        case .polyline(let p, let c, let w): return mix(mix(mix(UInt64(6), UInt64(p.count)), c), w)
        case .circle(let p, let r, let c): return mix(mix(mix(mix(UInt64(7), p.x), p.y), r), c)
        case .circles: return UInt64(8)
        case .text(_, let bytes, let r, let style, _): return mix(mix(mix(mix(UInt64(9), UInt64(bytes.count)), r), style.size), style.color)
        case .layout(_, let o): return mix(mix(UInt64(10), o.x), o.y)   // and the layout's size (`record`)
        case .image(_, let r, let o, let state, _): return mix(mix(mix(UInt64(11), r), o), UInt64(state))
        }
    }
}
