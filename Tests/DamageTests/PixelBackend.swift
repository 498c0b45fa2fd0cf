import ScrollKit
import ScrollKitDamage

// A tiny pure-Swift rasteriser: the reference backend the damage renderer is tested on, without SDL. Every
// call writes each pixel from the pixel's coordinates and the call's arguments alone (the clip only decides
// which pixels are written), and puts points on pixels with `PixelGrid`, as a backend must.

/// A `DamageBackend` that draws into an array of ARGB pixels: shapes by pixel-centre coverage, text as one
/// box per scalar (its height from the scalar, so different strings draw different pixels), images as a
/// fill in a colour derived from the name.
@MainActor
final class PixelBackend: DamageBackend {
    let width: Int
    let height: Int
    let pixelScale: Double
    private(set) var pixels: [UInt32]
    /// Nil: a target whose pixels do not stay (a damage canvas draws every frame whole).
    var keepsPixels = true
    /// Calls executed (each drawing call once, however many pixels it writes).
    private(set) var executed = 0

    private var clip: PixelRect
    private var tx = 0.0
    private var ty = 0.0
    private var clips: [PixelRect] = []
    private var translations: [(Double, Double)] = []

    init(width: Int, height: Int, scale: Double = 1, fill: UInt32 = 0xFF00_0000) {
        self.width = width
        self.height = height
        pixelScale = scale
        pixels = Array(repeating: fill, count: width * height)
        clip = PixelRect(x: 0, y: 0, w: Int32(width), h: Int32(height))
    }

    var size: Size { Size(width: Double(width) / pixelScale, height: Double(height) / pixelScale) }
    var retainedPixelSize: PixelPoint? { keepsPixels ? PixelPoint(x: Int32(width), y: Int32(height)) : nil }
    private var whole: PixelRect { PixelRect(x: 0, y: 0, w: Int32(width), h: Int32(height)) }

    // MARK: Pixels

    /// Blends `color` over pixel (x, y) if it is in the clip (straight alpha, rounded integer "over").
    private func plot(_ x: Int, _ y: Int, _ color: RGBAColor) {
        guard x >= Int(clip.x), x < Int(clip.x + clip.w), y >= Int(clip.y), y < Int(clip.y + clip.h),
              x >= 0, y >= 0, x < width, y < height, color.a > 0 else { return }
        let i = y * width + x
        if color.a == 255 {
            pixels[i] = 0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
            return
        }
        let d = pixels[i], a = UInt32(color.a)
        func mixChannel(_ s: UInt8, _ shift: UInt32) -> UInt32 {
            let dc = (d >> shift) & 0xFF
            return ((UInt32(s) * a + dc * (255 - a) + 127) / 255) << shift
        }
        pixels[i] = 0xFF00_0000 | mixChannel(color.r, 16) | mixChannel(color.g, 8) | mixChannel(color.b, 0)
    }

    /// Every pixel of `r` (cut to the clip) whose centre passes `inside`.
    private func cover(_ r: PixelRect, _ color: RGBAColor, inside: (Double, Double) -> Bool = { _, _ in true }) {
        let c = r.intersection(clip).intersection(whole)
        guard !c.isEmpty else { return }
        for y in Int(c.y)..<Int(c.y + c.h) {
            for x in Int(c.x)..<Int(c.x + c.w) where inside(Double(x) + 0.5, Double(y) + 0.5) { plot(x, y, color) }
        }
    }

    private func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PixelRect? {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        let l = 1_000_000.0
        let a = max(-l, min(l, x0.rounded(.down))), b = max(-l, min(l, y0.rounded(.down)))
        let c = max(-l, min(l, x1.rounded(.up))), d = max(-l, min(l, y1.rounded(.up)))
        guard c > a, d > b else { return nil }
        return PixelRect(x: Int32(a), y: Int32(b), w: Int32(c - a), h: Int32(d - b))
    }

    // MARK: DrawingCanvas

    func clear(_ color: RGBAColor) {
        executed += 1
        let opaque = RGBAColor(r: color.r, g: color.g, b: color.b, a: 255)
        cover(clip, opaque)
    }

    func fill(_ rect: Rect, color: RGBAColor) {
        executed += 1
        guard let r = PixelGrid.rect(rect, tx: tx, ty: ty, scale: pixelScale) else { return }
        cover(r, color)
    }

    func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBAColor) {
        executed += 1
        guard let r = PixelGrid.rect(rect, tx: tx, ty: ty, scale: pixelScale) else { return }
        let rad = min(max(radius.isFinite ? radius * pixelScale : 0, 0), Double(min(r.w, r.h)) / 2)
        let x0 = Double(r.x), y0 = Double(r.y), x1 = Double(r.x + r.w), y1 = Double(r.y + r.h)
        cover(r, color) { x, y in
            let cx = min(max(x, x0 + rad), x1 - rad), cy = min(max(y, y0 + rad), y1 - rad)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= rad * rad
        }
    }

    func strokeRect(_ rect: Rect, color: RGBAColor, width w: Double) {
        executed += 1
        guard w > 0, w.isFinite, let r = PixelGrid.rect(rect, tx: tx, ty: ty, scale: pixelScale) else { return }
        let t = max(1, (w * pixelScale).rounded())
        let x0 = Double(r.x), y0 = Double(r.y), x1 = Double(r.x + r.w), y1 = Double(r.y + r.h)
        cover(r, color) { x, y in x < x0 + t || x > x1 - t || y < y0 + t || y > y1 - t }
    }

    private func segment(_ a: Point, _ b: Point, _ color: RGBAColor, _ w: Double) {
        guard w > 0, w.isFinite else { return }
        let s = pixelScale
        let ax = PixelGrid.snap((a.x + tx) * s), ay = PixelGrid.snap((a.y + ty) * s)
        let bx = PixelGrid.snap((b.x + tx) * s), by = PixelGrid.snap((b.y + ty) * s)
        let half = w * s / 2
        guard let r = box(min(ax, bx) - half, min(ay, by) - half, max(ax, bx) + half, max(ay, by) + half) else { return }
        let dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy
        cover(r, color) { x, y in
            let t = len2 > 0 ? min(max(((x - ax) * dx + (y - ay) * dy) / len2, 0), 1) : 0
            let px = ax + t * dx - x, py = ay + t * dy - y
            return px * px + py * py <= half * half
        }
    }

    func drawLine(from: Point, to: Point, color: RGBAColor, width: Double) {
        executed += 1
        segment(from, to, color, width)
    }

    func drawPolyline(_ points: [Point], color: RGBAColor, width: Double) { drawPolyline(points[...], color: color, width: width) }

    func drawPolyline(_ points: ArraySlice<Point>, color: RGBAColor, width: Double) {
        executed += 1
        var previous: Point?
        for p in points {
            if let q = previous { segment(q, p, color, width) }
            previous = p
        }
    }

    func fillCircle(center: Point, radius: Double, color: RGBAColor) {
        executed += 1
        disc(center, radius, color)
    }

    private func disc(_ center: Point, _ radius: Double, _ color: RGBAColor) {
        guard radius > 0, radius.isFinite else { return }
        let s = pixelScale, cx = PixelGrid.snap((center.x + tx) * s), cy = PixelGrid.snap((center.y + ty) * s), r = radius * s
        guard let b = box(cx - r, cy - r, cx + r, cy + r) else { return }
        cover(b, color) { x, y in (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r }
    }

    func fillCircles(_ circles: [CircleFill]) {
        executed += 1
        for c in circles { disc(c.center, c.radius, c.color) }
    }

    /// One box per scalar, `size / 2` points wide, as tall as the scalar says (30–70 % of the size), centred
    /// on the rect's middle, from its left edge (centred or trailing by the text's width), cut at its right edge.
    func drawText(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign) {
        executed += 1
        let advance = style.size / 2
        let count = Double(text.unicodeScalars.count)
        var x = rect.minX
        switch alignment {
        case .leading, .left: break
        case .center: x += max(0, rect.width - count * advance) / 2
        case .trailing, .right: x += max(0, rect.width - count * advance)
        }
        let right = rect.minX + max(rect.width, 0)
        for scalar in text.unicodeScalars {
            guard x + advance <= right + 0.001 else { break }
            let h = style.size * (0.3 + 0.1 * Double(scalar.value % 5))
            glyph(x0: x, y0: rect.midY - h / 2, x1: x + advance * 0.8, y1: rect.midY + h / 2, style.color)
            x += advance
        }
    }

    private func glyph(x0: Double, y0: Double, x1: Double, y1: Double, _ color: RGBAColor) {
        guard let r = PixelGrid.rect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), tx: tx, ty: ty,
                                     scale: pixelScale) else { return }
        cover(r, color)
    }

    func measureText(_ text: String, style: TextStyle) -> Size {
        Size(width: Double(text.unicodeScalars.count) * style.size / 2, height: style.size)
    }

    func drawTextLayout(_ layout: TextLayout, at origin: Point) {
        executed += 1
        for line in layout.lines {
            for i in line.glyphs {
                let g = layout.glyphs[i], style = layout.styles[g.styleIndex]
                let h = min(line.height, style.size * (0.3 + 0.1 * Double(g.scalar.value % 5)))
                let x = origin.x + g.x, mid = origin.y + line.top + line.height / 2
                glyph(x0: x, y0: mid - h / 2, x1: x + style.size * 0.4, y1: mid + h / 2, style.color)
            }
        }
    }

    func drawImage(_ image: ImageRef, in rect: Rect, opacity: Double) {
        executed += 1
        guard opacity > 0, let r = PixelGrid.rect(rect, tx: tx, ty: ty, scale: pixelScale) else { return }
        var h: UInt32 = 2166136261
        for b in image.name.utf8 { h = (h ^ UInt32(b)) &* 16777619 }
        cover(r, RGBAColor(r: UInt8(h & 0xFF), g: UInt8(h >> 8 & 0xFF), b: UInt8(h >> 16 & 0xFF),
                           a: UInt8(min(opacity, 1) * 255)))
    }

    func pushClip(_ rect: Rect) {
        clips.append(clip)
        clip = clip.intersection(PixelGrid.rect(rect, tx: tx, ty: ty, scale: pixelScale) ?? .empty)
    }

    func popClip() { if let c = clips.popLast() { clip = c } }

    func pushTranslation(dx: Double, dy: Double) {
        translations.append((tx, ty))
        if dx.isFinite { tx += dx }
        if dy.isFinite { ty += dy }
    }

    func popTranslation() { if let t = translations.popLast() { (tx, ty) = t } }

    // MARK: DamageBackend

    func setReplayState(clip: PixelRect, tx: Double, ty: Double) {
        self.clip = clip
        self.tx = tx
        self.ty = ty
        clips.removeAll()
        translations.removeAll()
    }

    func endReplay() {
        clip = whole
        tx = 0
        ty = 0
        clips.removeAll()
        translations.removeAll()
    }

    func movePixels(in rect: PixelRect, by delta: PixelPoint) {
        let dst = rect.intersection(rect.offsetBy(delta)).intersection(whole)
        guard !dst.isEmpty else { return }
        let old = pixels
        for y in Int(dst.y)..<Int(dst.y + dst.h) {
            for x in Int(dst.x)..<Int(dst.x + dst.w) {
                pixels[y * width + x] = old[(y - Int(delta.y)) * width + (x - Int(delta.x))]
            }
        }
    }

    /// The first pixel where `other` differs, or nil.
    func firstDifference(from other: PixelBackend) -> (x: Int, y: Int)? {
        guard let i = pixels.indices.first(where: { pixels[$0] != other.pixels[$0] }) else { return nil }
        return (i % width, i / width)
    }
}
