// TextLayoutBuilder: TextLayout's working state: grapheme clusters with their break opportunities, bidi levels and
// shaped glyphs (this file); filling lines and truncating them (+Lines); placing glyphs in visual order (+Glyphs).

import CUnibreak
import Motion

enum TextLayoutClusterKind: UInt8 { case ink, space, newline }
/// A grapheme cluster of a layout (outside the generic builder: no generic metadata on every access).
struct TextLayoutCluster {
    var utf8Start: Int
    var utf8End: Int
    var firstScalar: Int
    var scalarCount: Int
    var advance: Double
    var style: Int
    var kind: TextLayoutClusterKind
    /// A line may end after this cluster (UAX #14 allowed or mandatory break, or a dictionary word break).
    var breakAfter: Bool
    /// Its glyphs: a range of `shaped`, in visual order within the cluster.
    var glyphStart: Int32 = 0
    var glyphEnd: Int32 = 0
    /// Its bidi embedding level, and whether its paragraph runs right to left.
    var level: UInt8 = 0
    var paragraphRTL: Bool = false
}
/// A line's content: up to two ranges of clusters with an ellipsis between or around them.
struct TextLayoutContent {
    var first: Range<Int>
    var second: Range<Int> = 0..<0
    var ellipsis: Ellipsis = .none
    /// The style of the empty line's newline, for its height.
    var emptyStyle: Int = 0
    enum Ellipsis: Int8 { case none = 0, before = 1, between = 2, after = 3 }
}

/// The layout's working state: grapheme clusters with their shaped glyphs, advances, bidi levels and
/// break opportunities, filled greedily into lines in logical order, then reordered line by line.
@MainActor
struct TextLayoutBuilder<Measurer: TextMeasurer> {
    typealias Kind = TextLayoutClusterKind
    typealias Cluster = TextLayoutCluster
    typealias Content = TextLayoutContent

    let measurer: Measurer
    var text = ""
    var styles: [TextStyle] = []
    var metrics: [FontMetrics] = []
    var scalars: [Unicode.Scalar] = []
    var clusters: [Cluster] = []
    /// Every cluster's glyphs, cluster after cluster (logical order of clusters).
    var shaped: [ShapedGlyph] = []
    /// x[k]: the summed advances of clusters 0..<k.
    var xs: [Double] = []
    var glyphs: [TextLayout.Glyph] = []
    var lines: [TextLayout.Line] = []
    var size = Size.zero
    var truncated = false
    var firstDirection: ReadingDirection = .leftToRight
    /// Whether any cluster has an odd level (else lines are never reordered).
    var hasRTL = false

    init(runs: [TextRun], direction: ReadingDirection?, measurer: Measurer) {
        self.measurer = measurer
        for run in runs { text += run.text }
        var utf8Count = 0
        for run in runs { utf8Count += run.text.utf8.count }
        scalars.reserveCapacity(utf8Count)
        clusters.reserveCapacity(utf8Count)
        let breaks = LineBreakOpportunities.of(text)
        var offset = 0
        for run in runs {
            var style = run.style
            if !style.size.isFinite || style.size <= 0 { style.size = 0 }
            let styleIndex = styles.count
            styles.append(style)
            metrics.append(style.size > 0 ? Self.sanitised(measurer.fontMetrics(for: style)) : FontMetrics(ascent: 0, lineHeight: 0))
            for character in run.text {
                let start = offset
                offset += character.utf8.count
                let first = scalars.count
                scalars.append(contentsOf: character.unicodeScalars)
                let kind: Kind = character.isNewline ? .newline : character.isWhitespace ? .space : .ink
                let rule = offset - 1 < breaks.count ? breaks[offset - 1] : Int8(LINEBREAK_MUSTBREAK)
                clusters.append(Cluster(utf8Start: start, utf8End: offset, firstScalar: first,
                                        scalarCount: scalars.count - first, advance: 0, style: styleIndex, kind: kind,
                                        breakAfter: rule == Int8(LINEBREAK_MUSTBREAK) || rule == Int8(LINEBREAK_ALLOWBREAK)))
            }
        }
        resolveLevels(direction: direction)
        shapeRuns()
        xs.reserveCapacity(clusters.count + 1)
        var x = 0.0
        xs.append(0)
        for cluster in clusters { x += cluster.advance; xs.append(x) }
    }

    static func sanitised(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
    static func sanitised(_ m: FontMetrics) -> FontMetrics {
        let height = sanitised(m.lineHeight)
        return FontMetrics(ascent: min(sanitised(m.ascent), height), lineHeight: height)
    }

    // MARK: Bidi levels

    /// Every cluster's level, paragraph by paragraph (split at bidi paragraph separators). Text with no
    /// right-to-left character in a paragraph not set right to left is all level 0, without FriBidi.
    mutating func resolveLevels(direction: ReadingDirection?) {
        let rtlParagraphs = direction == .rightToLeft
        firstDirection = direction ?? .leftToRight
        var needs = rtlParagraphs
        if !needs { for s in scalars where BidiParagraph.needsAnalysis(s) { needs = true; break } }
        guard needs, !clusters.isEmpty else { return }
        var start = 0   // first cluster of the paragraph
        var first = true
        while start < clusters.count {
            var end = start
            while end < clusters.count, !BidiParagraph.isParagraphSeparator(scalars[clusters[end].firstScalar]) { end += 1 }
            let scalarStart = clusters[start].firstScalar
            let scalarEnd = end < clusters.count ? clusters[end].firstScalar + clusters[end].scalarCount : scalars.count
            let paragraph = BidiParagraph(Array(scalars[scalarStart..<scalarEnd]), direction: direction)
            let rtl = paragraph.direction == .rightToLeft
            if first { firstDirection = paragraph.direction; first = false }
            for k in start..<min(end + 1, clusters.count) {
                let i = clusters[k].firstScalar - scalarStart
                clusters[k].level = i < paragraph.levels.count ? paragraph.levels[i] : paragraph.baseLevel
                if clusters[k].kind == .newline { clusters[k].level = paragraph.baseLevel }
                clusters[k].paragraphRTL = rtl
                if clusters[k].level & 1 == 1 { hasRTL = true }
            }
            start = end + 1
        }
    }

    // MARK: Shaping

    /// Shapes every run of clusters of one style and level (newlines end runs) and gives each cluster its
    /// glyphs, in visual order within the cluster, and its advance.
    mutating func shapeRuns() {
        shaped.reserveCapacity(scalars.count)
        var runGlyphs: [ShapedGlyph] = []
        runGlyphs.reserveCapacity(64)
        var k = 0
        while k < clusters.count {
            if clusters[k].kind == .newline {
                clusters[k].glyphStart = Int32(shaped.count); clusters[k].glyphEnd = Int32(shaped.count)
                k += 1; continue
            }
            var end = k + 1
            while end < clusters.count, clusters[end].kind != .newline, clusters[end].style == clusters[k].style,
                  clusters[end].level == clusters[k].level { end += 1 }
            let style = styles[clusters[k].style]
            let range = clusters[k].firstScalar..<(clusters[end - 1].firstScalar + clusters[end - 1].scalarCount)
            let rtl = clusters[k].level & 1 == 1
            runGlyphs.removeAll(keepingCapacity: true)
            if style.size > 0 {
                shapeCapped(range, clusters: k..<end, style: style, rtl: rtl, into: &runGlyphs)
            } else {
                for i in range { runGlyphs.append(ShapedGlyph(id: scalars[i].value, cluster: i, advance: 0)) }
                if rtl { runGlyphs.reverse() }
            }
            distribute(runGlyphs, clusters: k..<end, rtl: rtl)
            k = end
        }
    }

    /// The most scalars of one grapheme cluster that are shaped: a letter under 10^5 combining marks is
    /// shaped with its first 64 (stacked far past the line already) and the rest draw nothing, so no cluster
    /// costs the shaper more than a few ordinary ones (HarfBuzz's mark attachment looks back over the marks
    /// before each one: quadratic in a cluster's length).
    static var maxShapedScalarsPerCluster: Int { 64 }

    /// Shapes `range` (the clusters `clusterRange`, one style and level), each cluster longer than
    /// ``maxShapedScalarsPerCluster`` cut to its first ones: the run is shaped in pieces between such clusters,
    /// left to right, or placed right to left (a later piece to the left).
    func shapeCapped(_ range: Range<Int>, clusters clusterRange: Range<Int>, style: TextStyle, rtl: Bool,
                     into glyphs: inout [ShapedGlyph]) {
        let cap = Self.maxShapedScalarsPerCluster
        let direction: ReadingDirection = rtl ? .rightToLeft : .leftToRight
        var long = false
        for k in clusterRange where clusters[k].scalarCount > cap { long = true; break }
        guard long else { return measurer.shape(scalars, range: range, style: style, direction: direction, into: &glyphs) }
        var pieces: [Range<Int>] = []
        var pieceStart = range.lowerBound
        for k in clusterRange where clusters[k].scalarCount > cap {
            let first = clusters[k].firstScalar
            pieces.append(pieceStart..<(first + cap))
            pieceStart = first + clusters[k].scalarCount
        }
        if pieceStart < range.upperBound { pieces.append(pieceStart..<range.upperBound) }
        if !rtl {
            for r in pieces where !r.isEmpty { measurer.shape(scalars, range: r, style: style, direction: direction, into: &glyphs) }
            return
        }
        var shapedPieces: [[ShapedGlyph]] = []
        for r in pieces where !r.isEmpty {
            var piece: [ShapedGlyph] = []
            measurer.shape(scalars, range: r, style: style, direction: direction, into: &piece)
            shapedPieces.append(piece)
        }
        for piece in shapedPieces.reversed() { glyphs.append(contentsOf: piece) }
    }

    /// Hands a run's glyphs (visual order) to its clusters in logical order: each group of glyphs with one
    /// cluster value goes to the grapheme cluster holding that scalar (a ligature's to its first).
    mutating func distribute(_ run: [ShapedGlyph], clusters range: Range<Int>, rtl: Bool) {
        let firstScalar = clusters[range.lowerBound].firstScalar
        let lastScalar = clusters[range.upperBound - 1].firstScalar + clusters[range.upperBound - 1].scalarCount
        var current = range.lowerBound   // the cluster being filled
        clusters[current].glyphStart = Int32(shaped.count)
        var groupStart = rtl ? run.count : 0
        while rtl ? groupStart > 0 : groupStart < run.count {
            // One group: consecutive glyphs with the same cluster value (taken from the right when rtl).
            var lo = groupStart, hi = groupStart
            if rtl {
                let c = run[groupStart - 1].cluster
                lo = groupStart - 1
                while lo > 0, run[lo - 1].cluster == c { lo -= 1 }
                hi = groupStart; groupStart = lo
            } else {
                let c = run[groupStart].cluster
                hi = groupStart + 1
                while hi < run.count, run[hi].cluster == c { hi += 1 }
                lo = groupStart; groupStart = hi
            }
            let scalar = min(max(run[lo].cluster, firstScalar), lastScalar - 1)
            var target = current
            while target + 1 < range.upperBound, clusters[target + 1].firstScalar <= scalar { target += 1 }
            if target != current {
                clusters[current].glyphEnd = Int32(shaped.count)
                for j in (current + 1)...target {
                    clusters[j].glyphStart = Int32(shaped.count); clusters[j].glyphEnd = Int32(shaped.count)
                }
                current = target
            }
            // Glyphs of a cluster stay in their visual order: right to left, a later (logical) group goes left.
            var at = rtl ? Int(clusters[current].glyphStart) : shaped.count
            for j in lo..<hi {
                var g = run[j]
                g.advance = Self.sanitised(g.advance)
                if !g.xOffset.isFinite { g.xOffset = 0 }
                if !g.yOffset.isFinite { g.yOffset = 0 }
                if rtl { shaped.insert(g, at: at); at += 1 } else { shaped.append(g) }
            }
        }
        clusters[current].glyphEnd = Int32(shaped.count)
        for j in (current + 1)..<range.upperBound {
            clusters[j].glyphStart = Int32(shaped.count); clusters[j].glyphEnd = Int32(shaped.count)
        }
        for j in range {
            var a = 0.0
            for g in Int(clusters[j].glyphStart)..<Int(clusters[j].glyphEnd) { a += shaped[g].advance }
            clusters[j].advance = a
        }
    }
}
