// Call groups in the damage canvas: CallGroup, DamageState's lookup and take-over of the last frame's groups,
// and DamageCanvas.drawCallGroup, moving taken-over calls with scrolled content.

import ScrollKit

// Call groups: calls a view draws the same every frame its key stays (a bar that changes only with its
// state, a list's cell that only moves with the content), taken over from the last frame instead of being
// drawn and compared again.

/// Calls drawn in one ``DamageCanvas/drawCallGroup(id:key:_:)``, or taken over from the last frame's group.
/// A group on screen keeps its calls as they were; one inside scrolled content (a list's cell) is
/// compared in content coordinates and its calls are moved with the content when taken over.
struct CallGroup {
    var id: CallGroupID
    var key: CallGroupKey
    /// The state they were drawn in.
    var tx: Double
    var ty: Double
    var clip: PixelRect?
    var clipIsEmpty: Bool
    var clipCount: Int
    /// The outermost scrolled region it was drawn in (an index into the frame's regions), or -1 on screen;
    /// then `keyTx`, `keyTy` are its translation relative to the region's.
    var space: Int32 = -1
    var keyTx = 0.0
    var keyTy = 0.0
    /// Its commands.
    var first: Int
    var end: Int
    /// Where its texts' bytes, its texts (in `groupTexts`) and its polylines' points start and end: each
    /// one span, kept in order while it was drawn.
    var bytes: Range<Int> = 0..<0
    var texts: Range<Int> = 0..<0
    var points: Range<Int> = 0..<0
    var layouts: Range<Int> = 0..<0
    /// Its calls that refer to those spans (texts, polylines and layouts), as bits by position in the group (the
    /// first 64 calls); `spanCallsOverflow`: one past those, so every call is looked at.
    var spanCalls: UInt64 = 0
    var spanCallsOverflow = false
    /// Whether the next frame may take its calls over: none is a batch or an image, nothing was
    /// invalidated meanwhile, and in scrolled content, every call was drawn at the group's translation
    /// with no clip of its own (so moving them with the content is all that changes).
    var reusable = true
}

extension DamageState {
    /// The last frame's group `id` (a group per id and frame), if any.
    func previousGroup(_ id: CallGroupID) -> CallGroup? {
        previousGroups.withUnsafeBufferPointer { groups in
            for i in groups.indices where groups[i].id == id { return groups[i] }
            return nil
        }
    }

    /// This frame's group `id`'s index, if it has one already.
    func currentGroup(_ id: CallGroupID) -> Int? {
        groups.withUnsafeBufferPointer { groups in
            for i in groups.indices where groups[i].id == id { return i }
            return nil
        }
    }

    /// Takes over the last frame's calls of group `old`: copies them, with their texts' strings and bytes
    /// and their polylines' points, and notes them matched. A group's texts, bytes and points are one span
    /// each (`CallGroup`): copied at once, and the calls' ranges move by the span's shift.
    mutating func takeOver(_ old: CallGroup) {
        let first = commands.count
        commands.append(contentsOf: previous[old.first..<old.end])
        let byteShift = textBytes.count - old.bytes.lowerBound, textShift = groupTexts.count - old.texts.lowerBound
        let pointShift = points.count - old.points.lowerBound
        let layoutShift = groupLayouts.count - old.layouts.lowerBound
        let newBytes = textBytes.count..<(textBytes.count + old.bytes.count)
        let newTexts = groupTexts.count..<(groupTexts.count + old.texts.count)
        let newPoints = points.count..<(points.count + old.points.count)
        let newLayouts = groupLayouts.count..<(groupLayouts.count + old.layouts.count)
        if !old.bytes.isEmpty || !old.texts.isEmpty {
            textBytes.append(contentsOf: previousTextBytes[old.bytes])
            groupTexts.append(contentsOf: previousGroupTexts[old.texts])
        }
        if !old.points.isEmpty { points.append(contentsOf: previousPoints[old.points]) }
        if !old.layouts.isEmpty { groupLayouts.append(contentsOf: previousGroupLayouts[old.layouts]) }
        if !old.texts.isEmpty || !old.points.isEmpty || !old.layouts.isEmpty {
            // Only the calls that refer to the spans (their bits), or all of them past the first 64.
            var bits = old.spanCalls
            var k = first
            while old.spanCallsOverflow ? k < commands.count : bits != 0 {
                if !old.spanCallsOverflow {
                    k = first + bits.trailingZeroBitCount
                    bits &= bits - 1
                }
                switch commands[k].op {
                case .text(let index, let bytes, let r, let style, let alignment):
                    commands[k].op = .text(~(~index + Int32(textShift)), (bytes.lowerBound + byteShift)..<(bytes.upperBound + byteShift),
                                           r, style, alignment)
                case .polyline(let range, let color, let width):
                    commands[k].op = .polyline((range.lowerBound + pointShift)..<(range.upperBound + pointShift), color, width)
                case .layout(let index, let origin):
                    commands[k].op = .layout(~(~index + Int32(layoutShift)), origin)
                default: break
                }
                k += 1
            }
        }
        var group = old
        group.first = first
        group.end = commands.count
        group.bytes = newBytes
        group.texts = newTexts
        group.points = newPoints
        group.layouts = newLayouts
        groups.append(group)
        reused.append((first, old.first, old.end - old.first))
    }
}

/// Marks a taken-over call whose bounds are computed again (never a real call's bounds: negative size).
private let cutMark = PixelRect(x: Int32.min, y: Int32.min, w: -1, h: -1)

extension DamageCanvas {
    /// Draws a group of calls that draw the same thing every frame they have the same `key`, at the same
    /// translation and clip, or inside scrolled content at the same place in the content (see
    /// `DamageTrackingCanvas`). While recording, a group whose last frame's calls had the same key is taken
    /// over: its calls are copied, already matched (the same calls a redraw would record, so the frame's
    /// pixels are those of a redraw), and `draw` is not called.
    ///  - On screen, it must have been drawn at the same translation and clip.
    ///  - In scrolled content (the outermost scroll view's, not nested), at the same translation relative
    ///    to the content, in the same region, with no clip pushed inside the content: its calls then move
    ///    with the content (translation, clip and bounds of this frame), as a list's cells do.
    /// A group inside a group is part of it. Otherwise (not recording) `draw` is called.
    public func drawCallGroup(id: CallGroupID, key: CallGroupKey, _ draw: () -> Void) {
        if beginCallGroup(id: id, key: key) { return }
        draw()
        endCallGroup()
    }

    /// Begins group `id`. - Returns: whether it was taken over (then it is complete: nothing to draw or end).
    private func beginCallGroup(id: CallGroupID, key: CallGroupKey) -> Bool {
        if damage.openGroup >= 0 {
            damage.nestedGroups += 1
            return false
        }
        guard damage.isRecording, damage.depth <= 1 else { return false }
        let clip = clipStack.last
        var space: Int32 = -1, keyTx = 0.0, keyTy = 0.0, innerClipped = false
        if damage.depth == 1 {
            guard damage.openRegion >= 0 else { return false }
            let region = damage.regions[damage.openRegion]
            space = Int32(damage.openRegion)
            keyTx = tx - region.tx
            keyTy = ty - region.ty
            innerClipped = damage.rawClips.count != region.clipDepth
        }
        if damage.hasPrevious, damage.previousSize == target, damage.previousScale == scale, !innerClipped {
            if let g = damage.previousGroup(id), damage.currentGroup(id) == nil {
                // Plain code, no closures: a closure in this main-actor class checks its executor when called.
                let samePlace: Bool
                if space < 0 {
                    let sameClip: Bool
                    if let c = g.clip {
                        if let clip { sameClip = sameRect(clip, c) } else { sameClip = false }
                    } else {
                        sameClip = clip == nil
                    }
                    samePlace = g.space < 0 && g.tx == tx && g.ty == ty && sameClip
                } else {
                    samePlace = g.space == space && g.keyTx == keyTx && g.keyTy == keyTy
                }
                if g.reusable, g.key == key, samePlace, g.clipIsEmpty == clipIsEmpty {
                    damage.takeOver(g)
                    if space >= 0 { moveTakenOverCalls() }
                    return true
                }
            }
        }
        damage.openGroup = damage.groups.count
        damage.groups.append(CallGroup(id: id, key: key, tx: tx, ty: ty, clip: clip, clipIsEmpty: clipIsEmpty,
                                       clipCount: clipStack.count, space: space, keyTx: keyTx, keyTy: keyTy,
                                       first: damage.commands.count, end: damage.commands.count,
                                       bytes: damage.textBytes.count..<damage.textBytes.count,
                                       texts: damage.groupTexts.count..<damage.groupTexts.count,
                                       points: damage.points.count..<damage.points.count,
                                       layouts: damage.groupLayouts.count..<damage.groupLayouts.count,
                                       reusable: !innerClipped))
        return false
    }

    /// The calls of the group just taken over in scrolled content, moved with it: drawn at this frame's
    /// translation (the group's calls were all drawn at the group's), in the region's clip (none has its
    /// own), with the bounds `record` would give them: the old ones moved by the content's whole-pixel
    /// delta (the same rounding), or computed again for a call its old clip cut.
    private func moveTakenOverCalls() {
        guard let group = damage.groups.last, group.end > group.first, damage.openRegion >= 0 else { return }
        let clip = clipStack.last ?? wholeTarget
        let region = damage.regions[damage.openRegion]
        let oldSpace = Int(damage.previous[damage.reused[damage.reused.count - 1].old].space)
        let oldRegion = damage.previousRegions[oldSpace]
        let dx = region.px - oldRegion.px, dy = region.py - oldRegion.py
        let shift = abs(dx) < Int64(Int32.max / 2) && abs(dy) < Int64(Int32.max / 2)
            ? PixelPoint(x: Int32(dx), y: Int32(dy)) : nil
        let tx = self.tx, ty = self.ty
        // Calls their old clip cut: marked, and their bounds computed again below.
        let anyCut = Self.move(&damage.commands, group.first..<group.end, tx: tx, ty: ty, clip: clip, shift: shift)
        if anyCut {
            for k in group.first..<group.end where sameRect(damage.commands[k].bounds, cutMark) {
                damage.commands[k].bounds = (pixelBounds(damage.commands[k].op) ?? clip).intersection(clip)
            }
        }
        damage.groups[damage.groups.count - 1].tx = tx
        damage.groups[damage.groups.count - 1].ty = ty
        damage.groups[damage.groups.count - 1].clip = clipStack.last
    }

    /// The loop of ``moveTakenOverCalls()`` over `commands[range]`, outside the main actor (its closure
    /// checks no executor). Returns whether a call was marked cut.
    private nonisolated static func move(_ commands: inout [DrawCommand], _ range: Range<Int>, tx: Double, ty: Double,
                                         clip: PixelRect, shift: PixelPoint?) -> Bool {
        var anyCut = false
        commands.withUnsafeMutableBufferPointer { commands in
            var k = range.lowerBound
            while k < range.upperBound {
                let old = commands[k].clip, b = commands[k].bounds
                commands[k].tx = tx
                commands[k].ty = ty
                commands[k].clip = clip
                // Whole within its old clip, not touching its edges: not cut by it.
                if let shift, !b.isEmpty, b.x > old.x, b.y > old.y, b.x + b.w < old.x + old.w, b.y + b.h < old.y + old.h {
                    commands[k].bounds = b.offsetBy(shift).intersection(clip)
                } else {
                    commands[k].bounds = cutMark
                    anyCut = true
                }
                k += 1
            }
        }
        return anyCut
    }

    /// Ends the group begun by `beginCallGroup` when it was not taken over.
    private func endCallGroup() {
        guard damage.openGroup >= 0 else { return }
        if damage.nestedGroups > 0 {
            damage.nestedGroups -= 1
            return
        }
        let g = damage.openGroup
        damage.groups[g].end = damage.commands.count
        damage.groups[g].bytes = damage.groups[g].bytes.lowerBound..<damage.textBytes.count
        damage.groups[g].texts = damage.groups[g].texts.lowerBound..<damage.groupTexts.count
        damage.groups[g].points = damage.groups[g].points.lowerBound..<damage.points.count
        damage.groups[g].layouts = damage.groups[g].layouts.lowerBound..<damage.groupLayouts.count
        // Drawn in another state than it began in (unbalanced pushes): not taken over.
        if damage.groups[g].tx != tx || damage.groups[g].ty != ty || damage.groups[g].clipCount != clipStack.count
            || damage.depth != (damage.groups[g].space >= 0 ? 1 : 0) { damage.groups[g].reusable = false }
        damage.openGroup = -1
    }
}
