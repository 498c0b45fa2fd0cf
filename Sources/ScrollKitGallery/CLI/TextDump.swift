// The `text` subcommand's run: a text laid out with the real fonts (shaped, reordered, broken) and printed as lines
// or as JSON (the command line itself is scrollkit-demo's TextCommand).
import ScrollKit
import ScrollKitSDL

/// The `text` subcommand's options after validation.
package struct TextDumpConfiguration: Sendable, Equatable {
    package static let defaultWidth = 320.0
    package static let defaultFontSize = 17.0
    package var text: String
    package var width = TextDumpConfiguration.defaultWidth
    package var fontSize = TextDumpConfiguration.defaultFontSize
    /// nil: from the first strong character.
    package var direction: ReadingDirection?
    package var json = false

    package init(text: String, width: Double = TextDumpConfiguration.defaultWidth,
                 fontSize: Double = TextDumpConfiguration.defaultFontSize, direction: ReadingDirection? = nil, json: Bool = false) {
        self.text = text; self.width = width; self.fontSize = fontSize; self.direction = direction; self.json = json
    }
}

/// Lays a text out with ``FontTextMeasurer/shared`` (the bundled fonts, then the system's) and prints it.
@MainActor
package enum TextDump {
    /// The layout the subcommand prints.
    package static func layout(_ configuration: TextDumpConfiguration, measurer: FontTextMeasurer = .shared) -> TextLayout {
        TextLayout(configuration.text, style: TextStyle(size: configuration.fontSize), width: configuration.width,
                   direction: configuration.direction, measurer: measurer)
    }

    /// The output: one line per laid-out line (`[start, end) width direction: text`), or the JSON.
    package static func output(_ configuration: TextDumpConfiguration, measurer: FontTextMeasurer = .shared) -> String {
        let layout = layout(configuration, measurer: measurer)
        if configuration.json { return json(layout, style: TextStyle(size: configuration.fontSize), measurer: measurer) }
        var out = ""
        for (i, line) in layout.lines.enumerated() {
            out += "[\(line.scalars.lowerBound), \(line.scalars.upperBound)) \(TraceFormat.number(line.width)) pt "
            out += (line.direction == .rightToLeft ? "rtl" : "ltr") + ": " + layout.string(ofLine: i) + "\n"
        }
        return out
    }

    /// `{"direction":…,"lines":[{"range":[s,e],"width":W,"runs":[{"font":…,"direction":…,"range":[s,e],
    /// "glyphs":[{"id":G,"cluster":C,"x":X,"advance":A}]}]}]}`: runs left to right, x the pen position from
    /// the line's left edge, offsets in Unicode scalars.
    package static func json(_ layout: TextLayout, style: TextStyle, measurer: some TextMeasurer) -> String {
        func dir(_ rtl: Bool) -> String { rtl ? "\"rtl\"" : "\"ltr\"" }
        var out = "{\"direction\":" + dir(layout.direction == .rightToLeft) + ",\"lines\":["
        for (li, line) in layout.lines.enumerated() {
            if li > 0 { out += "," }
            out += "{\"range\":[\(line.scalars.lowerBound),\(line.scalars.upperBound)],\"width\":\(TraceFormat.number(line.width)),\"runs\":["
            let glyphs = layout.glyphs[line.glyphs]
            // Each cluster ends where the next (logically) starts, the last at the line's end.
            let starts = Set(glyphs.map(\.cluster)).filter { $0 >= 0 }.sorted()
            func end(of cluster: Int) -> Int { starts.first { $0 > cluster } ?? max(line.scalars.upperBound, cluster + 1) }
            var g = glyphs.startIndex
            var firstRun = true
            while g < glyphs.endIndex {
                var h = g + 1
                let font = measurer.fontName(of: glyphs[g].font, style: style)
                while h < glyphs.endIndex, glyphs[h].isRightToLeft == glyphs[g].isRightToLeft,
                      glyphs[h].font == glyphs[g].font || measurer.fontName(of: glyphs[h].font, style: style) == font { h += 1 }
                let run = glyphs[g..<h]
                let clusters = run.map(\.cluster).filter { $0 >= 0 }
                let lo = clusters.min() ?? line.scalars.lowerBound, hi = clusters.max().map(end(of:)) ?? lo
                if !firstRun { out += "," }
                firstRun = false
                out += "{\"font\":\"" + escaped(font) + "\",\"direction\":"
                out += dir(glyphs[g].isRightToLeft) + ",\"range\":[\(lo),\(hi)],\"glyphs\":["
                for (k, glyph) in run.enumerated() {
                    if k > 0 { out += "," }
                    out += "{\"id\":\(glyph.glyphID),\"cluster\":\(glyph.cluster),\"x\":"
                    out += TraceFormat.number(glyph.x - glyph.xOffset - line.x) + ",\"advance\":" + TraceFormat.number(glyph.advance) + "}"
                }
                out += "]}"
                g = h
            }
            out += "]}"
        }
        return out + "]}"
    }

    private static func escaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: if c.value < 0x20 { out += "\\u" + String(c.value, radix: 16).leftPadded(4) } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
