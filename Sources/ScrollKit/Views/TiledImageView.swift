// TiledImageView, a large image drawn from tiles at halving resolutions, and its TilePyramid.

import Motion

/// A large image cut into square tiles at halving resolutions (a tile pyramid, as Deep Zoom and map viewers
/// store them), so that a view can draw any part at any scale from a few small images.
///
/// Level 0 is the full image, `width` × `height` pixels; each next level is half the one before, rounded
/// up, down to the first level whose sides are both at most `coarsestSide`. Each level is cut into tiles of
/// `tileSize` pixels from its top-left (the last row and column may be smaller). Tile names come from
/// `nameFormat`, whose `{level}`, `{row}` and `{column}` are replaced by numbers (for example
/// `"Photo/L{level}/{row}-{column}"`); `scripts/make-photo-tiles.py` writes such a pyramid.
///
/// Bad input: a non-positive width, height or tile size makes an empty pyramid (no levels; a view draws
/// nothing).
public struct TilePyramid: Sendable, Hashable {
    /// One resolution of the image.
    public struct Level: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public var rows: Int
        public var columns: Int
    }

    /// The full image's size in pixels (level 0).
    public let width: Int
    public let height: Int
    /// The side of a tile, pixels.
    public let tileSize: Int
    /// The levels, full size first.
    public let levels: [Level]
    /// The tile names' pattern (see the type's notes).
    public let nameFormat: String

    /// The pyramid of a `width` × `height` image with `tileSize`-pixel tiles (see the type's notes).
    public init(width: Int, height: Int, tileSize: Int = 256, coarsestSide: Int = 512, nameFormat: String) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.tileSize = max(0, tileSize)
        self.nameFormat = nameFormat
        var levels: [Level] = []
        if width > 0, height > 0, tileSize > 0 {
            var w = width, h = height
            let limit = max(1, coarsestSide)
            while true {
                levels.append(Level(width: w, height: h, rows: (h + tileSize - 1) / tileSize,
                                    columns: (w + tileSize - 1) / tileSize))
                if (w <= limit && h <= limit) || (w == 1 && h == 1) { break }
                w = (w + 1) / 2
                h = (h + 1) / 2
            }
        }
        self.levels = levels
    }

    /// The name of tile (`row`, `column`) of `level`.
    public func tileName(level: Int, row: Int, column: Int) -> String {
        var name = nameFormat
        name = name.replacingAll("{level}", with: String(level))
        name = name.replacingAll("{row}", with: String(row))
        return name.replacingAll("{column}", with: String(column))
    }

    /// The level to draw when one pixel of the full image shows as `pixelsPerPixel` pixels on screen: the
    /// coarsest level that still has at least one pixel per screen pixel (level 0 when zoomed in further).
    /// Each level is drawn between its own size and half of it, so scaling never discards detail.
    public func level(forPixelsPerPixel pixelsPerPixel: Double) -> Int {
        guard !levels.isEmpty, pixelsPerPixel.isFinite, pixelsPerPixel > 0 else { return max(0, levels.count - 1) }
        var level = 0
        var f = pixelsPerPixel
        while level + 1 < levels.count, f * 2 <= 1 + Precision.slack {
            f *= 2
            level += 1
        }
        return level
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        out += rest
        return out
    }
}

extension Substring {
    fileprivate func range(of target: String) -> Range<Substring.Index>? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) { return i..<index(i, offsetBy: target.count) }
            i = index(after: i)
        }
        return nil
    }
}

/// Draws a ``TilePyramid`` scaled to its frame: a photo that a ``ScrollingView`` zooms (make it the scroll
/// view's `zoomingView`; the scroll view sizes it at each scale).
///
/// Each frame it draws only the tiles of one level that its visible part needs (the part inside every
/// clipping view around it), the level chosen for the scale it is drawn at and the canvas's pixel scale
/// (``TilePyramid/level(forPixelsPerPixel:)``), so a frame costs about one screenful of scaled pixels at any
/// zoom. Tiles are ``ImageRef/Sizing/natural`` images: decoded once, scaled as they are drawn. A tile not
/// decoded yet shows the nearest coarser level's tile that is (clipped to its place), so zooming in shows a
/// softer picture for a moment, never a hole; keep the coarsest levels decoded (they are small).
///
/// The tile names are made once, at init: drawing allocates nothing.
@MainActor
public final class TiledImageView: ViewNode {
    /// The pyramid drawn.
    public let pyramid: TilePyramid
    /// The tiles' image references, per level, row-major.
    private let tiles: [[ImageRef]]

    /// A view drawing `pyramid` into `frame`.
    public init(pyramid: TilePyramid, frame: Rect = .zero) {
        self.pyramid = pyramid
        var tiles: [[ImageRef]] = []
        for (l, level) in pyramid.levels.enumerated() {
            var refs: [ImageRef] = []
            refs.reserveCapacity(level.rows * level.columns)
            for r in 0..<level.rows {
                for c in 0..<level.columns {
                    refs.append(ImageRef(pyramid.tileName(level: l, row: r, column: c), sizing: .natural))
                }
            }
            tiles.append(refs)
        }
        self.tiles = tiles
        super.init(frame: frame)
    }

    /// The image of tile (`row`, `column`) of `level`.
    public func tile(level: Int, row: Int, column: Int) -> ImageRef? {
        guard level >= 0, level < pyramid.levels.count else { return nil }
        let l = pyramid.levels[level]
        guard row >= 0, row < l.rows, column >= 0, column < l.columns else { return nil }
        return tiles[level][row * l.columns + column]
    }

    /// The level drawn now on a canvas of `pixelScale` pixels per point.
    public func currentLevel(pixelScale: Double = 1) -> Int {
        let ppp = storedFrame.width / Double(max(1, pyramid.width)) * (pixelScale > 0 && pixelScale.isFinite ? pixelScale : 1)
        return pyramid.level(forPixelsPerPixel: ppp)
    }

    /// The part of the view that shows (own coordinates): its bounds cut by every clipping view around it.
    public var visibleRect: Rect {
        var visible = bounds
        var view = superview
        while let v = view {
            if v.clipsToBounds {
                guard let cut = visible.intersection(v.convert(v.bounds, to: self)) else { return .zero }
                visible = cut
            }
            view = v.superview
        }
        return visible
    }

    public override func draw(in canvas: any DrawingCanvas, frame: Rect) {
        guard !pyramid.levels.isEmpty, frame.width > 0, frame.height > 0 else { return }
        let visible = visibleRect
        guard visible.width > 0, visible.height > 0 else { return }
        let levelIndex = currentLevel(pixelScale: canvas.pixelScale)
        let level = pyramid.levels[levelIndex]
        let fx = frame.width / Double(level.width), fy = frame.height / Double(level.height)
        let t = Double(pyramid.tileSize)
        let c0 = Int.clamped((visible.minX / (t * fx)).rounded(.down), to: 0...level.columns)
        let c1 = Int.clamped((visible.maxX / (t * fx)).rounded(.up), to: 0...level.columns)
        let r0 = Int.clamped((visible.minY / (t * fy)).rounded(.down), to: 0...level.rows)
        let r1 = Int.clamped((visible.maxY / (t * fy)).rounded(.up), to: 0...level.rows)
        guard c0 < c1, r0 < r1 else { return }
        for r in r0..<r1 {
            for c in c0..<c1 {
                let rect = tileRect(levelIndex, row: r, column: c, in: frame)
                let image = tiles[levelIndex][r * level.columns + c]
                if canvas.prepareImage(image, size: rect.size) {
                    canvas.drawImage(image, in: rect, opacity: 1)
                } else {
                    drawStandIn(levelIndex, row: r, column: c, in: rect, frame: frame, canvas: canvas)
                }
            }
        }
    }

    /// Tile (`row`, `column`) of `level` drawn in `frame` (the view's frame in the canvas's coordinates).
    /// Edges are computed from the tile grid, so neighbours share them exactly.
    func tileRect(_ levelIndex: Int, row: Int, column: Int, in frame: Rect) -> Rect {
        let level = pyramid.levels[levelIndex]
        let t = pyramid.tileSize
        let fx = frame.width / Double(level.width), fy = frame.height / Double(level.height)
        let x0 = Double(column * t) * fx, x1 = Double(min(level.width, (column + 1) * t)) * fx
        let y0 = Double(row * t) * fy, y1 = Double(min(level.height, (row + 1) * t)) * fy
        return Rect(x: frame.minX + x0, y: frame.minY + y0, width: x1 - x0, height: y1 - y0)
    }

    /// A tile not decoded yet: the nearest coarser level's tile covering it that is ready, clipped to its
    /// place; if none is, the tile itself (the canvas's placeholder).
    private func drawStandIn(_ levelIndex: Int, row: Int, column: Int, in rect: Rect, frame: Rect,
                             canvas: any DrawingCanvas) {
        var l = levelIndex + 1, r = row / 2, c = column / 2
        while l < pyramid.levels.count {
            let coarse = pyramid.levels[l]
            let image = tiles[l][r * coarse.columns + c]
            let coarseRect = tileRect(l, row: r, column: c, in: frame)
            if canvas.prepareImage(image, size: coarseRect.size) {
                canvas.pushClip(rect)
                canvas.drawImage(image, in: coarseRect, opacity: 1)
                canvas.popClip()
                return
            }
            l += 1; r /= 2; c /= 2
        }
        canvas.drawImage(tiles[levelIndex][row * pyramid.levels[levelIndex].columns + column], in: rect, opacity: 1)
    }
}
