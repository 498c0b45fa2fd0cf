// DamageState's damage finding: collecting the rects a frame changed against the last, merging them, and
// covering whole the images a backend cannot redraw in part.

import ScrollKit

// Damage: the pixels of this frame that may differ from the last frame's (calls that appeared, disappeared,
// changed or moved in order, the strips a scrolled region's move exposed, what is drawn over a moved region,
// what views invalidated), merged into a few rectangles.

extension DamageState {
    /// Whether region `r`'s background in `commands` is uniform: every call on screen before the
    /// region's content that touches its clip fills all of it (a clear, or a fill covering it).
    static func uniformBeneath(_ commands: [DrawCommand], _ region: ScrollRegion) -> Bool {
        var i = 0
        while i < region.first {
            let c = commands[i]
            if c.space < 0, !intersect(c.bounds, region.clip).isEmpty {
                switch c.op {
                case .clear, .fill: if !contains(c.bounds, region.clip) { return false }
                default: return false
                }
            }
            i += 1
        }
        return true
    }


    /// Collects the damage of this frame against the last (after ``matchCalls()``): see the notes at the top of DamageCanvas.swift.
    mutating func findDamage() {
        let new = commands, old = previous
        let regions = regions, oldRegions = previousRegions
        // Regions: matched by order and clip; moved when their origin moved by whole pixels within the clip
        // over a uniform background, in both frames.
        moved.removeAll(keepingCapacity: true)
        for (i, region) in regions.enumerated() {
            guard i < oldRegions.count, sameRect(oldRegions[i].clip, region.clip) else {
                moved.append(nil)
                rects.append(region.clip)
                continue
            }
            let dx = region.px - oldRegions[i].px, dy = region.py - oldRegions[i].py
            if dx == 0 && dy == 0 {
                moved.append(PixelPoint(x: 0, y: 0))
            } else if abs(dx) < Int64(region.clip.w), abs(dy) < Int64(region.clip.h),
                      Self.uniformBeneath(new, region), Self.uniformBeneath(old, oldRegions[i]) {
                moved.append(PixelPoint(x: Int32(dx), y: Int32(dy)))
            } else {
                moved.append(nil)
                rects.append(region.clip)
            }
        }
        for i in regions.count..<max(regions.count, oldRegions.count) { rects.append(oldRegions[i].clip) }
        for r in invalidated { rects.append(r) }

        // Old bounds where their pixels are now (moved with their region, else in place).
        let moved = self.moved
        func oldBounds(_ c: DrawCommand) -> PixelRect {
            guard c.space >= 0, Int(c.space) < moved.count, let d = moved[Int(c.space)] else { return c.bounds }
            return intersect(offset(c.bounds, d), regions[Int(c.space)].clip)
        }

        // Calls that appeared or disappeared (matched by `matchCalls`).
        for j in new.indices where matchOf[j] < 0 && !new[j].bounds.isEmpty { rects.append(new[j].bounds) }
        for k in old.indices where !used[k] && !old[k].bounds.isEmpty {
            let b = oldBounds(old[k])
            rects.append(b)
        }

        // Matched calls whose order changed: a call is out of order when an earlier one (in this frame)
        // matched a later old call, or a later one an earlier old call.
        suffixMin.removeAll(keepingCapacity: true)
        suffixMin.append(contentsOf: repeatElement(Int32.max, count: new.count + 1))
        var j = new.count - 1
        while j >= 0 {
            let m = matchOf[j]
            suffixMin[j] = m >= 0 ? min(m, suffixMin[j + 1]) : suffixMin[j + 1]
            j -= 1
        }
        var prefixMax: Int32 = -1
        for j in new.indices {
            let m = matchOf[j]
            guard m >= 0 else { continue }
            if m < prefixMax || m > suffixMin[j + 1] {
                if !new[j].bounds.isEmpty { rects.append(new[j].bounds) }
                if !old[Int(m)].bounds.isEmpty {
                    let b = oldBounds(old[Int(m)])
                    rects.append(b)
                }
            }
            prefixMax = max(prefixMax, m)
        }

        // Moved regions: the strips they expose, and whatever is drawn over them (in either frame).
        for (r, region) in regions.enumerated() {
            guard let d = self.moved[r], d.x != 0 || d.y != 0 else { continue }
            let c = region.clip
            if d.y > 0 { rects.append(PixelRect(x: c.x, y: c.y, w: c.w, h: d.y)) }
            if d.y < 0 { rects.append(PixelRect(x: c.x, y: c.y + c.h + d.y, w: c.w, h: -d.y)) }
            if d.x > 0 { rects.append(PixelRect(x: c.x, y: c.y, w: d.x, h: c.h)) }
            if d.x < 0 { rects.append(PixelRect(x: c.x + c.w + d.x, y: c.y, w: -d.x, h: c.h)) }
            var k = region.end
            while k < new.count {
                let over = intersect(new[k].bounds, c)
                if !over.isEmpty { rects.append(over) }
                k += 1
            }
            k = oldRegions[r].end
            while k < old.count {
                let over = intersect(offset(old[k].bounds, d), c)
                if !over.isEmpty { rects.append(over) }
                k += 1
            }
            // Other regions drawn over this one move differently: none are expected (scroll views side by
            // side), but overlapping ones are redrawn whole.
            for (q, other) in regions.enumerated() where q != r {
                let overlap = intersect(other.clip, c)
                if !overlap.isEmpty { rects.append(c) }
            }
        }
    }

    /// Merges damage rects that overlap or nearly touch when the merge adds little area, then caps their
    /// number (by merging the closest); every rect is cut to the target.
    mutating func coalesceDamage(whole: PixelRect) {
        var out = 0
        for i in rects.indices {
            let r = intersect(rects[i], whole)
            if !r.isEmpty { rects[out] = r; out += 1 }
        }
        rects.removeLast(rects.count - out)
        var merged = true
        while merged {
            merged = false
            var i = 0
            while i < rects.count {
                var j = i + 1
                while j < rects.count {
                    let a = rects[i], b = rects[j]
                    let u = union(a, b)
                    if contains(a, b) || area(u) <= area(a) + area(b) + 4096 || (contains(b, a)) {
                        rects[i] = u
                        rects.swapAt(j, rects.count - 1)
                        rects.removeLast()
                        merged = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        if rects.count > 24 {
            var all = rects[0]
            for r in rects { all = union(all, r) }
            rects.removeAll(keepingCapacity: true)
            rects.append(all)
        }
    }


    /// Images a backend cannot redraw in part (``DamageImageState/redrawsInPart``; SDL's blended blit rounds
    /// differently depending on where a clip starts a row): a damaged rect that cuts an image grows to take the image's visible part whole, so an image
    /// is only ever drawn with the clip a whole frame gives it. Falls back to the whole target when that
    /// does not settle.
    mutating func coverImagesWhole(whole: PixelRect) {
        for _ in 0..<4 {
            var grew = false
            for c in commands {
                guard case .image(_, _, _, _, let inPart) = c.op, !inPart, !c.bounds.isEmpty else { continue }
                for i in rects.indices {
                    let r = rects[i]
                    if !intersect(r, c.bounds).isEmpty && !contains(r, c.bounds) {
                        rects[i] = union(r, c.bounds)
                        grew = true
                    }
                }
            }
            if !grew { return }
            coalesceDamage(whole: whole)
        }
        rects.removeAll(keepingCapacity: true)
        rects.append(whole)
    }
}
