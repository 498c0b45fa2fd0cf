// Int.clamped, the one conversion of an outside number into an index: checked against exact integer arithmetic
// on values a Double holds exactly, and at the edges that trap `Int(_:)` (NaN, ±inf, ±1e300, ±9.3e18). The
// accessibility paths, Swift and C, are scanned for any other conversion; the scanner is shown the line that
// trapped (the picker's `setValue`) and must flag it.
import Foundation
import Testing
@testable import ScrollKit

@Suite("Int.clamped and the accessibility paths' conversions")
@MainActor
struct ClampedIntTests {
    @Test("whole and half values round as Double.rounded() does, then clamp; NaN gives its default; ±inf, ±1e300 and ±9.3e18 clamp")
    func edges() {
        // Exact oracle: k + f for integers k and f ∈ {0, ±0.25, ±0.5, ±0.75} (exact in a Double for |k| < 2^50).
        for k in [-1_000_000_007, -3, -1, 0, 1, 2, 41, 1 << 40] {
            for quarter in -3...3 {
                let v = Double(k) + Double(quarter) / 4
                // In quarters, n = 4v exactly; to the nearest whole, halves away from zero, in integers.
                let n = 4 * k + quarter
                let expected = n >= 0 ? (n + 2) / 4 : -((-n + 2) / 4)
                #expect(Int.clamped(v) == expected, "\(v)")
                #expect(Int.clamped(v, to: 0...9) == min(max(expected, 0), 9), "\(v)")
            }
        }
        #expect(Int.clamped(Double.nan) == 0 && Int.clamped(Double.nan, to: 5...9) == 5)
        #expect(Int.clamped(Double.nan, to: 0...9, nan: 7) == 7 && Int.clamped(-Double.nan, nan: -4) == -4)
        for big in [Double.infinity, 1e300, 9.3e18, 9_223_372_036_854_775_808.0, Double.greatestFiniteMagnitude] {
            #expect(Int.clamped(big) == .max && Int.clamped(-big) == .min)
            #expect(Int.clamped(big, to: 0...29) == 29 && Int.clamped(-big, to: 0...29) == 0)
        }
        // The largest Double below 2^63, and −2^63 itself, convert exactly.
        #expect(Int.clamped(9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
        #expect(Int.clamped(-9_223_372_036_854_775_808.0) == .min)
        #expect(Int.clamped(Float.infinity, to: -3...3) == 3 && Int.clamped(Float(2.5)) == 3)
    }

    @Test("a picker's and a section index's AT-SPI value: ±inf, ±1e300, ±9.3e18 choose the last or first entry, NaN is refused")
    func hostileValues() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 320, height: 416))
        let picker = PickerView(frame: Rect(x: 0, y: 50, width: 200, height: 100), axis: .vertical, dataSource: TitledRows(count: 30))
        let strip = SectionIndexView(frame: Rect(x: 280, y: 0, width: 20, height: 416))
        strip.titles = ["A", "B", "C", "D"]
        root.addSubview(picker)
        root.addSubview(strip)
        var chosen: [Int] = []
        strip.onSelect = { chosen.append($0) }
        for (v, last) in [(1e300, true), (-1e300, false), (9.3e18, true), (-9.3e18, false), (.infinity, true), (-.infinity, false)] {
            #expect(AccessibleElement.view(picker).setValue(v))
            #expect(picker.selectedIndex == (last ? 29 : 0), "\(v)")
            #expect(AccessibleElement.view(strip).setValue(v))
            #expect(chosen.last == (last ? 3 : 0), "\(v)")
        }
        #expect(!AccessibleElement.view(picker).setValue(.nan) && !AccessibleElement.view(strip).setValue(-.nan))
    }

    // MARK: - The scan

    nonisolated static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Swift: an unlabelled integer initialiser (`Int(x)`, `Int32(x)`, …) converts a floating-point number with a
    /// trap past its range, and a scan cannot see types: in these paths every integer conversion is labelled
    /// (`clamping:`, `truncatingIfNeeded:`, `exactly:`, `bitPattern:`) or is `Int.clamped(_:)`.
    nonisolated static let swiftRule = try! NSRegularExpression(
        pattern: #"\b(?:U?Int(?:8|16|32|64)?)\s*\((?!\s*(?:clamping|truncatingIfNeeded|exactly|bitPattern)\s*:)"#)
    /// C: a cast to an int type (`(gint)`, `(int)`, `(glong)`, …) of a double is undefined past its range; the
    /// shims convert through `sk_int_of` and its companions (sk_a11y_private.h) instead.
    nonisolated static let cRule = try! NSRegularExpression(pattern: #"\(\s*(?:g?int|glong|long|gint32|int32_t)\s*\)"#)

    /// The lines of `text` that break `rule`, comments left out.
    static func offences(in text: String, rule: NSRegularExpression) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { n, line in
            var code = String(line)
            if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
            let found = rule.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
            return found ? "\(n + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
        }
    }

    @Test("the scanner flags the conversions that trapped (picker and section index) and the C casts past INT_MAX, and passes their replacements")
    func scannerCatchesTheOldLines() {
        let old = ["let i = min(max(Int(value.rounded()), 0), picker.numberOfItems - 1)",
                   "return index.choose(min(max(Int(value.rounded()), 0), index.titles.count - 1))",
                   "let n = Int32 (x * 1000)", "return UInt(width)"]
        for line in old { #expect(Self.offences(in: line, rule: Self.swiftRule).count == 1, "\(line)") }
        for line in ["let i = Int.clamped(value, to: 0...9)", "let n = Int(clamping: a)", "Int32(truncatingIfNeeded: b)",
                     "let k = Int(exactly: v) // Int(v) in a comment"] {
            #expect(Self.offences(in: line, rule: Self.swiftRule).isEmpty, "\(line)")
        }
        #expect(Self.offences(in: "    *x = (gint)(info.x - ox);", rule: Self.cRule).count == 1)
        #expect(Self.offences(in: "static gint f(double v) { gint i = (int) v; }", rule: Self.cRule).count == 1)
        #expect(Self.offences(in: "    *x = sk_int_of(info.x - ox);  // not (gint)", rule: Self.cRule).isEmpty)
    }

    @Test("no bare integer conversion in the accessibility paths: Sources/ScrollKit/Accessibility, Sources/ScrollKitSDL/Accessibility, WindowHost+Accessibility, the C shims")
    func accessibilityPathsConvertThroughClamped() throws {
        let fm = FileManager.default
        var files: [(URL, NSRegularExpression)] = []
        for dir in ["Sources/ScrollKit/Accessibility", "Sources/ScrollKitSDL/Accessibility"] {
            let url = Self.packageRoot.appendingPathComponent(dir)
            let names = try fm.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }
            #expect(!names.isEmpty, "\(dir) has no Swift files")
            files += names.map { (url.appendingPathComponent($0), Self.swiftRule) }
        }
        let hosts = Self.packageRoot.appendingPathComponent("Sources/ScrollKitSDL/Hosts")
        files += try fm.contentsOfDirectory(atPath: hosts.path).filter { $0.hasPrefix("WindowHost+Accessibility") }
            .map { (hosts.appendingPathComponent($0), Self.swiftRule) }
        let shims = Self.packageRoot.appendingPathComponent("Sources/CScrollKitA11y")
        let cFiles = try fm.contentsOfDirectory(atPath: shims.path).filter { $0.hasSuffix(".c") }
        #expect(cFiles.count >= 3)
        files += cFiles.map { (shims.appendingPathComponent($0), Self.cRule) }
        for (file, rule) in files {
            let found = Self.offences(in: try String(contentsOf: file, encoding: .utf8), rule: rule)
            #expect(found.isEmpty, "\(file.lastPathComponent): \(found)")
        }
    }
}
