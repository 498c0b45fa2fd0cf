// DamageCanvas's replay: drawing every recorded call clipped to each damaged rectangle, after moving scrolled
// pixels.

import ScrollKit

// Replay: the pixels of a frame drawn by damage. Each scrolled region that moved by whole pixels has its
// pixels moved by the backend; then every recorded call that touches a damaged rect is executed on the
// backend again, clipped to it, in order.

extension DamageCanvas {
    /// Moves each moved region's pixels by its delta within its clip. - Returns: pixels moved.
    func moveScrolledPixels() -> Int {
        var total = 0
        for (r, region) in damage.regions.enumerated() {
            guard r < damage.moved.count, let d = damage.moved[r], d.x != 0 || d.y != 0 else { continue }
            let c = region.clip
            let dst = intersect(c, offset(c, d))
            guard !dst.isEmpty else { continue }
            backend.movePixels(in: c, by: d)
            damage.changed.append(dst)
            total += area(dst)
        }
        return total
    }

    /// Draws every recorded call that touches `rect`, clipped to it, in order, from the last opaque fill
    /// that covers `rect` whole (nothing drawn before it shows there: a toolbar's text over its background).
    func replay(within rect: PixelRect) {
        let commands = damage.commands
        let backend = self.backend
        // The opaque fills that touch the rect, last first (up to eight), back to the last that covers it
        // whole: a call whose pixels in the rect a later one of them covers is not drawn (what it would
        // write there is written over with one colour; a pinned header over the cards under it).
        damage.covers.removeAll(keepingCapacity: true)
        var first = commands.count
        while first > 0 {
            first -= 1
            guard commands[first].covers else { continue }
            let part = intersect(commands[first].bounds, rect)
            guard !part.isEmpty else { continue }
            if sameRect(part, rect) { break }
            if damage.covers.count < 8 { damage.covers.append((first, part)) }
        }
        for k in first..<commands.count {
            // Only the calls that touch the rect are copied out (a copy retains what the call holds).
            let part = intersect(commands[k].bounds, rect)
            guard !part.isEmpty else { continue }
            var hidden = false
            for cover in damage.covers where cover.index > k && contains(cover.rect, part) {
                hidden = true
                break
            }
            if hidden { continue }
            let clip = intersect(commands[k].clip, rect)
            guard !clip.isEmpty else { continue }
            let c = commands[k]
            backend.setReplayState(clip: clip, tx: c.tx, ty: c.ty)
            switch c.op {
            case .clear(let color): backend.clear(color)
            case .fill(let r, let color): backend.fill(r, color: color)
            case .roundedRect(let r, let radius, let color): backend.fillRoundedRect(r, radius: radius, color: color)
            case .strokeRect(let r, let color, let width): backend.strokeRect(r, color: color, width: width)
            case .line(let a, let b, let color, let width): backend.drawLine(from: a, to: b, color: color, width: width)
            case .polyline(let range, let color, let width):
                if color.a > 0, width > 0, width.isFinite, range.count >= 2 {
                    backend.drawPolyline(damage.points[range], color: color, width: width)
                }
            case .circle(let center, let radius, let color): backend.fillCircle(center: center, radius: radius, color: color)
            case .circles(let index): backend.fillCircles(damage.batches[Int(index)])
            case .text(let index, _, let r, let style, let alignment):
                backend.drawText(damage.text(index), in: r, style: style, alignment: alignment)
            case .layout(let index, let origin): backend.drawTextLayout(damage.layout(index), at: origin)
            case .image(let index, let r, let opacity, _, _):
                backend.drawImage(damage.images[Int(index)], in: r, opacity: opacity)
            }
        }
    }
}
