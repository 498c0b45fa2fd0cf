// DamageCanvas's recording: each DrawingCanvas call recorded as a DrawCommand (or executed at once when not
// recording), with its texts, polylines, layouts and images kept.

import ScrollKit

// Recording: the drawing calls of a `DamageCanvas`. While a frame is recorded each call is kept with its
// translation, clip and the pixels it may write; otherwise it is executed on the backend at once.

extension DamageCanvas {
    // MARK: DrawingCanvas

    /// The backend's drawable area in points.
    public var size: Size { backend.size }
    /// The backend's device pixels per point.
    public var pixelScale: Double { damage.isRecording ? scale : backend.pixelScale }

    /// The backend in this canvas's clip and translation, for a call executed at once (not recording).
    private func direct() -> any DamageBackend {
        let b = backend
        let limit = Int32(PixelGrid.coordinateLimit)
        b.setReplayState(clip: clipStack.last ?? PixelRect(x: -limit, y: -limit, w: 2 * limit, h: 2 * limit), tx: tx, ty: ty)
        return b
    }

    /// Records a clear (or executes it when not recording): see `DrawingCanvas.clear(_:)`.
    public func clear(_ color: RGBAColor) {
        if damage.isRecording { record(.clear(color)) } else { direct().clear(color) }
    }

    /// Records a fill: see `DrawingCanvas.fill(_:color:)`.
    public func fill(_ rect: Rect, color: RGBAColor) {
        guard !clipIsEmpty, color.a > 0 else { return }
        if damage.isRecording { record(.fill(rect, color)) } else { direct().fill(rect, color: color) }
    }

    /// Records a rounded rect: see `DrawingCanvas.fillRoundedRect(_:radius:color:)`.
    public func fillRoundedRect(_ rect: Rect, radius: Double, color: RGBAColor) {
        guard !clipIsEmpty, color.a > 0 else { return }
        if damage.isRecording { record(.roundedRect(rect, radius, color)) } else {
            direct().fillRoundedRect(rect, radius: radius, color: color)
        }
    }

    /// Records a border: see `DrawingCanvas.strokeRect(_:color:width:)`.
    public func strokeRect(_ rect: Rect, color: RGBAColor, width: Double) {
        guard !clipIsEmpty, color.a > 0, width > 0, width.isFinite else { return }
        if damage.isRecording { record(.strokeRect(rect, color, width)) } else {
            direct().strokeRect(rect, color: color, width: width)
        }
    }

    /// Records a line: see `DrawingCanvas.drawLine(from:to:color:width:)`.
    public func drawLine(from: Point, to: Point, color: RGBAColor, width: Double) {
        guard !clipIsEmpty, color.a > 0, width > 0, width.isFinite, from.x.isFinite, from.y.isFinite,
              to.x.isFinite, to.y.isFinite else { return }
        if damage.isRecording { record(.line(from, to, color, width)) } else {
            direct().drawLine(from: from, to: to, color: color, width: width)
        }
    }

    /// Records a polyline (its points copied): see `DrawingCanvas.drawPolyline(_:color:width:)`.
    public func drawPolyline(_ points: [Point], color: RGBAColor, width: Double) {
        guard !clipIsEmpty, color.a > 0, width > 0, width.isFinite, points.count >= 2 else { return }
        guard damage.isRecording else { return direct().drawPolyline(points, color: color, width: width) }
        // Copied: the caller may refill its array in place (no copy-on-write because of a recording).
        let start = damage.points.count
        damage.points.append(contentsOf: points)
        record(.polyline(start..<damage.points.count, color, width))
    }

    /// Records a disc: see `DrawingCanvas.fillCircle(center:radius:color:)`.
    public func fillCircle(center: Point, radius: Double, color: RGBAColor) {
        guard !clipIsEmpty, color.a > 0, radius > 0, radius.isFinite, center.x.isFinite, center.y.isFinite else { return }
        if damage.isRecording { record(.circle(center, radius, color)) } else {
            direct().fillCircle(center: center, radius: radius, color: color)
        }
    }

    /// Records a batch of discs (never matched: drawn again wherever it shows): see `DrawingCanvas.fillCircles(_:)`.
    public func fillCircles(_ circles: [CircleFill]) {
        guard !clipIsEmpty else { return }
        if damage.isRecording { record(.circles(damage.keepBatch(circles))) } else { direct().fillCircles(circles) }
    }

    /// Records a text (compared by its UTF-8 bytes): see `DrawingCanvas.drawText(_:in:style:alignment:)`.
    public func drawText(_ text: String, in rect: Rect, style: TextStyle, alignment: TextAlign) {
        guard !clipIsEmpty, !text.isEmpty, style.color.a > 0, style.size > 0, style.size.isFinite,
              rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        guard damage.isRecording else { return direct().drawText(text, in: rect, style: style, alignment: alignment) }
        let (index, bytes) = damage.keepText(text)
        record(.text(index, bytes, rect, style, alignment))
    }

    /// The backend's measure.
    public func measureText(_ text: String, style: TextStyle) -> Size { backend.measureText(text, style: style) }

    /// Records a laid-out text: see `DrawingCanvas.drawTextLayout(_:at:)`.
    public func drawTextLayout(_ layout: TextLayout, at origin: Point) {
        guard !clipIsEmpty, origin.x.isFinite, origin.y.isFinite else { return }
        if damage.isRecording { record(.layout(damage.keepLayout(layout), origin)) } else {
            direct().drawTextLayout(layout, at: origin)
        }
    }

    /// Records an image with what the backend has for it (``DamageBackend/imageState(_:in:opacity:)``).
    public func drawImage(_ image: ImageRef, in rect: Rect, opacity: Double) {
        guard !clipIsEmpty, opacity > 0 else { return }
        guard damage.isRecording else { return direct().drawImage(image, in: rect, opacity: opacity) }
        // What is drawn depends on what the backend has for the image as well as the call: part of its identity.
        let state = backend.imageState(image, in: rect, opacity: opacity)
        record(.image(damage.keepImage(image), rect, opacity, state: state.identity, inPart: state.redrawsInPart))
    }

    /// The backend's answer.
    public func prepareImage(_ image: ImageRef, size: Size) -> Bool { backend.prepareImage(image, size: size) }

    // MARK: Recording

    func record(_ op: DrawOp) {
        let clip = clipStack.last ?? wholeTarget
        var space: Int32 = -1
        var keyTx = tx, keyTy = ty, keyClip = clip
        if damage.openRegion >= 0 {
            let region = damage.regions[damage.openRegion]
            space = Int32(damage.openRegion)
            keyTx = tx - region.tx
            keyTy = ty - region.ty
            keyClip = noInnerClip
            var i = region.clipDepth
            while i < damage.rawClips.count {
                // Relative to the content's origin, modulo 2^32: only compared for equality, between
                // clips of the target.
                let c = damage.rawClips[i]
                let raw = PixelRect(x: Int32(truncatingIfNeeded: Int64(c.x) &- region.px),
                                   y: Int32(truncatingIfNeeded: Int64(c.y) &- region.py), w: c.w, h: c.h)
                keyClip = sameRect(keyClip, noInnerClip) ? raw : intersect(keyClip, raw)
                i += 1
            }
        }
        let unclipped = pixelBounds(op) ?? clip
        // A shape whose rect covers no whole pixel (its bounds: empty) draws nothing: not recorded.
        switch op {
        case .fill, .roundedRect, .strokeRect, .image: if unclipped.isEmpty { return }
        default: break
        }
        let bounds = intersect(unclipped, clip)
        var alwaysRedraw = false
        // An image the backend cannot redraw in part is drawn whole (see `coverImagesWhole`); one it can is
        // redrawn in part like a shape.
        if case .image(_, _, _, _, let inPart) = op, !inPart { alwaysRedraw = !sameRect(unclipped, bounds) }
        var hash = op.summary
        if case .layout(let index, _) = op {
            let layout = damage.layout(index)
            hash = mix(mix(hash, UInt64(layout.glyphs.count)), layout.size.height)
        }
        hash = mix(mix(mix(hash, keyTx), keyTy), UInt64(UInt32(bitPattern: space)))
        hash = mix(hash, UInt64(UInt32(bitPattern: keyClip.x)) << 32 | UInt64(UInt32(bitPattern: keyClip.y)))
        hash = mix(hash, UInt64(UInt32(bitPattern: keyClip.w)) << 32 | UInt64(UInt32(bitPattern: keyClip.h)))
        var covers = false
        switch op {
        case .clear: covers = true
        case .fill(_, let color): covers = color.a == 255
        default: break
        }
        if damage.openGroup >= 0 {
            let g = damage.groups[damage.openGroup]
            switch op {
            case .text, .polyline, .layout:
                let position = damage.commands.count - g.first
                if position < 64 { damage.groups[damage.openGroup].spanCalls |= 1 << UInt64(position) }
                else { damage.groups[damage.openGroup].spanCallsOverflow = true }
            default: break
            }
            switch op {
            case .circles, .image: damage.groups[damage.openGroup].reusable = false
            default:
                // On screen: nothing of it scrolls. In scrolled content: every call at the group's translation,
                // with no clip of its own (`moveTakenOverCalls` gives them the region's), not nested deeper.
                if space != g.space || (space >= 0 && (tx != g.tx || ty != g.ty || damage.depth != 1
                    || damage.rawClips.count != damage.regions[Int(space)].clipDepth)) {
                    damage.groups[damage.openGroup].reusable = false
                }
            }
        }
        damage.commands.append(DrawCommand(op: op, tx: tx, ty: ty, clip: clip, space: space, keyTx: keyTx, keyTy: keyTy,
                                           keyClip: keyClip, bounds: bounds, hash: hash, alwaysRedraw: alwaysRedraw,
                                           covers: covers))
    }

    /// The pixels `op` may write at the current translation, generously (nil: anywhere in the clip).
    func pixelBounds(_ op: DrawOp) -> PixelRect? {
        let s = scale
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PixelRect? {
            let l = PixelGrid.coordinateLimit
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
            let a = (x0.rounded(.down) - 2).clamped(-l, l), b = (y0.rounded(.down) - 2).clamped(-l, l)
            let c = (x1.rounded(.up) + 2).clamped(-l, l), d = (y1.rounded(.up) + 2).clamped(-l, l)
            return PixelRect(x: Int32(a), y: Int32(b), w: Int32(max(0, c - a)), h: Int32(max(0, d - b)))
        }
        switch op {
        case .clear:
            return nil
        case .fill(let r, _), .roundedRect(let r, _, _), .strokeRect(let r, _, _), .image(_, let r, _, _, _):
            return PixelGrid.rect(r, tx: tx, ty: ty, scale: s) ?? PixelRect.empty
        case .line(let a, let b, _, let width):
            let pad = width * s
            return box((min(a.x, b.x) + tx) * s - pad, (min(a.y, b.y) + ty) * s - pad,
                       (max(a.x, b.x) + tx) * s + pad, (max(a.y, b.y) + ty) * s + pad)
        case .polyline(let range, _, let width):
            let points = damage.points[range]
            guard let first = points.first else { return nil }
            var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
            for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            let pad = width * s
            return box((x0 + tx) * s - pad, (y0 + ty) * s - pad, (x1 + tx) * s + pad, (y1 + ty) * s + pad)
        case .circle(let c, let r, _):
            let pad = r * s + 1
            return box((c.x + tx) * s - pad, (c.y + ty) * s - pad, (c.x + tx) * s + pad, (c.y + ty) * s + pad)
        case .circles(let index):
            let list = damage.batches[Int(index)]
            guard !list.isEmpty else { return PixelRect.empty }
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            for c in list where c.radius.isFinite && c.center.x.isFinite && c.center.y.isFinite {
                x0 = min(x0, c.center.x - c.radius); y0 = min(y0, c.center.y - c.radius)
                x1 = max(x1, c.center.x + c.radius); y1 = max(y1, c.center.y + c.radius)
            }
            guard x0 <= x1 else { return PixelRect.empty }
            return box((x0 + tx) * s - 1, (y0 + ty) * s - 1, (x1 + tx) * s + 1, (y1 + ty) * s + 1)
        case .text(_, _, let r, let style, _):
            // Generous (refined for the calls that changed: `refineTextBounds`). Glyphs start at the rect's left
            // edge (bearings aside), are cut at its right edge or fit in it, and stand on a line centred on its middle: a line of the style's size, with room to spare.
            let pad = style.size * s + 4, side = style.size * s / 2 + 4
            return box((r.minX + tx) * s - side, (r.midY + ty) * s - pad,
                       (r.minX + max(r.width, 0) + tx) * s + side, (r.midY + ty) * s + pad)
        case .layout(let index, let o):
            let layout = damage.layout(index)
            var size = 0.0
            for style in layout.styles { size = max(size, style.size) }
            let pad = size * s + 4
            // Lines aligned within the layout's width (centred, trailing, right-to-left) reach past its size.
            var right = layout.size.width
            for i in 0..<layout.lines.count { right = max(right, layout.lines[i].x + layout.lines[i].width) }
            return box((o.x + tx) * s - pad, (o.y + ty) * s - pad,
                       (o.x + right + tx) * s + pad, (o.y + layout.size.height + ty) * s + pad)
        }
    }

    /// Narrows the bounds of this frame's texts (recorded generously, without laying them out) to the
    /// pixels their glyphs cover: a text that changed is measured by the backend (`textInkBounds`); one that
    /// did not, on screen, keeps the bounds it had (the same call at the same place). So a changing label damages its
    /// line's ink, not its whole rect, for the cost of laying out only the labels that changed.
    func refineTextBounds() {
        for j in damage.commands.indices {
            guard case .text(let index, _, let r, let style, let alignment) = damage.commands[j].op else { continue }
            let text = damage.text(index)
            let m = damage.matchOf[j]
            if m >= 0 {
                // Calls in scrolled content match at another place (the content moved): keep theirs.
                if damage.commands[j].space < 0 { damage.commands[j].bounds = damage.previous[Int(m)].bounds }
                continue
            }
            if let ink = backend.textInkBounds(text, in: r, style: style, alignment: alignment,
                                               tx: damage.commands[j].tx, ty: damage.commands[j].ty) {
                damage.commands[j].bounds = intersect(ink, damage.commands[j].clip)
            }
        }
    }
}

extension Double {
    fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(self, lo), hi) }
}
