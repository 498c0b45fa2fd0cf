// DamageState: what damage tracking keeps between frames (calls, texts, layouts, images, groups, rects) and the
// scratch it reuses, with keeping a frame's values and making it the previous frame.

import ScrollKit

// What a damage canvas keeps between frames (this frame's calls and the last frame's, with what they refer
// to), and the scratch it reuses: no allocation per frame once grown.

/// What damage tracking keeps between frames, and the scratch it reuses (no allocation per frame once grown).
struct DamageState {
    var isRecording = false
    var commands: [DrawCommand] = []
    var previous: [DrawCommand] = []
    var regions: [ScrollRegion] = []
    var previousRegions: [ScrollRegion] = []
    var hasPrevious = false
    var previousSize = PixelPoint(x: 0, y: 0)
    var previousScale = 1.0
    /// Nesting of scrolled content (only the outermost level makes a region).
    var depth = 0
    var openRegion = -1
    /// The pixel rects of the clips pushed while recording (unintersected), parallel to the clip stack.
    var rawClips: [PixelRect] = []
    /// The points of this frame's and the last frame's polylines.
    var points: [Point] = []
    var previousPoints: [Point] = []
    /// The UTF-8 bytes of this frame's and the last frame's texts.
    var textBytes: [UInt8] = []
    var previousTextBytes: [UInt8] = []
    /// This frame's texts (drawn from here; let go of when the frame becomes the previous one).
    var texts: [String] = []
    /// The texts of this frame's and the last frame's call groups (kept for a frame more).
    var groupTexts: [String] = []
    var previousGroupTexts: [String] = []
    /// The text layouts of this frame's and the last frame's calls, outside call groups and in them.
    var layouts: [TextLayout] = []
    var previousLayouts: [TextLayout] = []
    var groupLayouts: [TextLayout] = []
    var previousGroupLayouts: [TextLayout] = []
    /// The images of this frame's and the last frame's calls.
    var images: [ImageRef] = []
    var previousImages: [ImageRef] = []
    /// This frame's batches of discs (let go of when the frame becomes the previous one: never matched).
    var batches: [[CircleFill]] = []
    /// Call groups of this frame and the last, the one open, and the ranges of calls taken over from the
    /// last frame (this frame's first index, the last frame's, the count): matched in advance.
    var groups: [CallGroup] = []
    var previousGroups: [CallGroup] = []
    var openGroup = -1
    /// Groups begun inside the open one (drawn as part of it; their ends do not end it).
    var nestedGroups = 0
    var reused: [(new: Int, old: Int, count: Int)] = []
    /// Rects views invalidated this frame (pixels).
    var invalidated: [PixelRect] = []
    var rects: [PixelRect] = []
    /// The last tracked frame's changed pixels: its moved regions' destinations, then `rects`.
    var changed: [PixelRect] = []
    // Matching scratch.
    var buckets: [Int32] = []
    var chain: [Int32] = []
    var used: [Bool] = []
    var matchOf: [Int32] = []
    var suffixMin: [Int32] = []
    var moved: [PixelPoint?] = []
    /// Replay scratch: opaque fills over a damaged rect (their index, and their part of it).
    var covers: [(index: Int, rect: PixelRect)] = []

    init() {
        commands.reserveCapacity(512)
        previous.reserveCapacity(512)
        regions.reserveCapacity(8)
        previousRegions.reserveCapacity(8)
        rawClips.reserveCapacity(16)
        invalidated.reserveCapacity(8)
        rects.reserveCapacity(64)
        changed.reserveCapacity(72)
        textBytes.reserveCapacity(4096)
        previousTextBytes.reserveCapacity(4096)
        texts.reserveCapacity(256)
        groupTexts.reserveCapacity(32)
        previousGroupTexts.reserveCapacity(32)
        layouts.reserveCapacity(64)
        previousLayouts.reserveCapacity(64)
        groupLayouts.reserveCapacity(64)
        previousGroupLayouts.reserveCapacity(64)
        images.reserveCapacity(16)
        previousImages.reserveCapacity(16)
        batches.reserveCapacity(4)
        groups.reserveCapacity(4)
        previousGroups.reserveCapacity(4)
        reused.reserveCapacity(4)
        covers.reserveCapacity(8)
    }

    /// The string of a text call's index (see `DrawOp.text`).
    @inline(__always) func text(_ index: Int32) -> String {
        index >= 0 ? texts[Int(index)] : groupTexts[Int(~index)]
    }

    /// The layout of a layout call's index in this frame (see `DrawOp.layout`).
    @inline(__always) func layout(_ index: Int32) -> TextLayout {
        index >= 0 ? layouts[Int(index)] : groupLayouts[Int(~index)]
    }

    /// The layout of a layout call's index in the last frame.
    @inline(__always) func previousLayout(_ index: Int32) -> TextLayout {
        index >= 0 ? previousLayouts[Int(index)] : previousGroupLayouts[Int(~index)]
    }

    /// Keeps `layout` for this frame (in a call group: for the next frame too). - Returns: its index.
    mutating func keepLayout(_ layout: TextLayout) -> Int32 {
        if openGroup >= 0 {
            groupLayouts.append(layout)
            return ~Int32(groupLayouts.count - 1)
        }
        layouts.append(layout)
        return Int32(layouts.count - 1)
    }

    mutating func keepImage(_ image: ImageRef) -> Int32 {
        images.append(image)
        return Int32(images.count - 1)
    }

    mutating func keepBatch(_ batch: [CircleFill]) -> Int32 {
        batches.append(batch)
        return Int32(batches.count - 1)
    }

    /// Keeps `text` and its UTF-8 bytes for this frame. - Returns: its index in `texts`, and the bytes'
    /// range in `textBytes`.
    mutating func keepText(_ text: String) -> (Int32, Range<Int>) {
        let start = textBytes.count
        textBytes.append(contentsOf: text.utf8)
        if openGroup >= 0 {
            groupTexts.append(text)
            return (~Int32(groupTexts.count - 1), start..<textBytes.count)
        }
        texts.append(text)
        return (Int32(texts.count - 1), start..<textBytes.count)
    }

    mutating func beginRecording(_ on: Bool) {
        isRecording = on
        commands.removeAll(keepingCapacity: true)
        regions.removeAll(keepingCapacity: true)
        rawClips.removeAll(keepingCapacity: true)
        invalidated.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
        textBytes.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        groupTexts.removeAll(keepingCapacity: true)
        layouts.removeAll(keepingCapacity: true)
        groupLayouts.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        reused.removeAll(keepingCapacity: true)
        openGroup = -1
        nestedGroups = 0
        depth = 0
        openRegion = -1
        if !on { hasPrevious = false }
    }

    /// Makes this frame the previous one.
    mutating func keep(size: PixelPoint, scale: Double) {
        swap(&commands, &previous)
        swap(&regions, &previousRegions)
        swap(&points, &previousPoints)
        points.removeAll(keepingCapacity: true)
        swap(&textBytes, &previousTextBytes)
        textBytes.removeAll(keepingCapacity: true)
        // Texts are compared by their kept bytes: let go of their strings, whose buffers views reuse (a
        // string still held here would be copied when rewritten). Batches of circles are never matched (see
        // `sameCall`): let go of their arrays, so the caller can change them in place without a copy.
        texts.removeAll(keepingCapacity: true)
        swap(&groupTexts, &previousGroupTexts)
        groupTexts.removeAll(keepingCapacity: true)
        swap(&layouts, &previousLayouts)
        layouts.removeAll(keepingCapacity: true)
        swap(&groupLayouts, &previousGroupLayouts)
        groupLayouts.removeAll(keepingCapacity: true)
        swap(&images, &previousImages)
        images.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        swap(&groups, &previousGroups)
        groups.removeAll(keepingCapacity: true)
        reused.removeAll(keepingCapacity: true)
        openGroup = -1
        nestedGroups = 0
        commands.removeAll(keepingCapacity: true)
        regions.removeAll(keepingCapacity: true)
        hasPrevious = true
        previousSize = size
        previousScale = scale
    }

    /// The next tracked frame is drawn whole.
    mutating func forgetPrevious() { hasPrevious = false }
}
