// The world scene (cards in eleven scripts, the right-to-left switch) and `scrollkit-demo text` (lines, the JSON shape,
// bad input).

import Foundation
import Testing
import ScrollKit
import ScrollKitSDL
@testable import ScrollKitGallery
@testable import scrollkit_demo

@MainActor
@Suite(.serialized) struct WorldSceneTests {
    func scene() -> WorldScene {
        let scene = WorldScene(context: SceneContext(size: Size(width: 800, height: 600), hz: 60, headless: true))
        scene.hostDidResize(to: Size(width: 800, height: 600))
        return scene
    }

    @Test func cardsInEveryScriptWithTheirLanguage() {
        let s = scene()
        let languages = s.cards.samples.map { $0.language.components(separatedBy: " · ")[0] }
        #expect(languages == ["Arabic", "Hebrew", "Hindi", "Thai", "Chinese", "Japanese", "Korean", "Greek", "Russian",
                              "English", "Emoji"])
        // Left to right, Arabic and Hebrew paragraphs still run right to left (their first strong character).
        let directions = s.cards.samples.indices.map { s.cards.layout(at: $0, width: 800).1.direction }
        #expect(directions[0] == .rightToLeft && directions[1] == .rightToLeft)
        #expect(directions[2...].allSatisfy { $0 == .leftToRight })
        // The Thai paragraph wraps.
        #expect(s.cards.layout(at: 3, width: 800).1.lines.count >= 2)
    }

    @Test func switchFlipsEveryParagraphToRightToLeft() {
        let s = scene()
        s.apply(.rightToLeft)
        #expect(s.header.toggle.isOn)
        for index in s.cards.samples.indices {
            let (label, sample) = s.cards.layout(at: index, width: 800)
            #expect(label.direction == .rightToLeft && sample.direction == .rightToLeft)
            // Aligned to the right edge (the leading edge right to left).
            let line = sample.lines[0]
            #expect(abs(line.x + line.width - sample.width) < 0.01, "card \(index)")
        }
        s.apply(.leftToRight)
        #expect(!s.header.toggle.isOn)
        #expect(s.cards.layout(at: 6, width: 800).1.direction == .leftToRight)
    }

    @Test func textJSONHasTheIssuesShape() throws {
        let configuration = TextDumpConfiguration(text: "שלום 123 World", width: 300, fontSize: 17, json: true)
        let json = TextDump.output(configuration)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["direction", "lines"])
        #expect(root["direction"] as? String == "rtl")
        let lines = try #require(root["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        #expect(Set(lines[0].keys) == ["range", "width", "runs"])
        #expect(lines[0]["range"] as? [Int] == [0, 14])
        let runs = try #require(lines[0]["runs"] as? [[String: Any]])
        for run in runs {
            #expect(Set(run.keys) == ["font", "direction", "range", "glyphs"])
            for glyph in try #require(run["glyphs"] as? [[String: Any]]) { #expect(Set(glyph.keys) == ["id", "cluster", "x", "advance"]) }
        }
        // Visual order, left to right: "World" (ltr), then "123" (ltr, a number inside right-to-left), then "שלום".
        let ranges = runs.compactMap { $0["range"] as? [Int] }
        let directions = runs.compactMap { $0["direction"] as? String }
        #expect(ranges.first == [9, 14] && directions.first == "ltr")
        #expect(ranges.last == [0, 5] && directions.last == "rtl")
        #expect(ranges.contains([5, 8]))
        // Pen positions grow left to right across the runs.
        let xs = runs.flatMap { ($0["glyphs"] as? [[String: Any]] ?? []).compactMap { $0["x"] as? Double } }
        #expect(xs == xs.sorted())
        #expect((runs.first?["font"] as? String) == "DejaVuSans.ttf")
    }

    @Test func textLinesAndBadInput() throws {
        guard case .text(let c) = DemoCLI.parse(["text", "--width", "120", "--direction", "ltr", "one two three four five"]) else {
            Issue.record("not the text subcommand"); return
        }
        #expect(c.width == 120 && c.direction == .leftToRight && !c.json)
        let out = TextDump.output(c)
        #expect(out.split(separator: "\n").count >= 2)
        #expect(out.hasPrefix("[0, "))
        for bad in [["text", ""], ["text", "--width", "0", "a"], ["text", "--width", "-3", "a"], ["text", "--direction", "up", "a"],
                    ["text", "--font-size", "nan", "a"], ["text"]] {
            guard case .exit(let status, _, let line) = DemoCLI.parse(bad) else { Issue.record("\(bad) parsed"); continue }
            #expect(status == 2)
            #expect(line.hasPrefix("error: ") && !line.contains("\n"), "\(bad): \(line)")
        }
    }
}
