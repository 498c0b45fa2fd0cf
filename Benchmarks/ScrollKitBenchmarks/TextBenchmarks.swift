// Text layout with shaping (issue 29): a 78-character two-line row subtitle and 10,000 characters of prose with
// FontTextMeasurer (HarfBuzz, fallback fonts, bidi), its caches warm as in a running app, and cold (a new measurer
// each sample: every run shaped, every advance measured), plus a mixed-script row.

import Benchmark
import ScrollKit
import ScrollKitSDL

/// The warm measurers, one per benchmark, kept across its samples.
@MainActor
final class TextMeasurers {
    static let shared = TextMeasurers()
    private var measurers: [String: FontTextMeasurer] = [:]
    func measurer(_ name: String, make: () -> FontTextMeasurer) -> FontTextMeasurer {
        if let m = measurers[name] { return m }
        let m = make()
        measurers[name] = m
        return m
    }
}

func textConfiguration(_ units: BenchmarkTimeUnits) -> Benchmark.Configuration {
    .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: units, warmupIterations: 10, scalingFactor: .one,
          maxDuration: .seconds(3), maxIterations: 2_000)
}

func registerTextBenchmarks() {
    let row = "Meeting notes from Tuesday: the quarterly review moves to Thursday at 10:30 am"   // 78 characters
    let sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt. "
    let prose = String(repeating: sentence, count: 110)   // 10,010 characters
    let world = "مرحبا 2024 · שלום ScrollKit · नमस्ते · ภาษาไทย · 中文 · 👩‍👩‍👧"
    let style = TextStyle(size: 15)
    func layoutBenchmark(_ name: String, _ text: String, width: Double, maxLines: Int, cold: Bool,
                         units: BenchmarkTimeUnits) {
        // One layout per sample; the warm measurer is made on the first sample and kept.
        Benchmark(name, configuration: textConfiguration(units)) { benchmark in
            nonisolated(unsafe) let benchmark = benchmark
            await MainActor.run {
                let warm = TextMeasurers.shared.measurer(name) {
                    let m = FontTextMeasurer(pixelScale: 1)
                    _ = TextLayout(text, style: style, width: width, maxLines: maxLines, measurer: m)
                    return m
                }
                let measurer = cold ? FontTextMeasurer(pixelScale: 1) : warm
                benchmark.startMeasurement()
                blackHole(TextLayout(text, style: style, width: width, maxLines: maxLines, measurer: measurer))
                benchmark.stopMeasurement()
            }
        }
    }
    layoutBenchmark("Text layout 78-character row (shaped, caches warm)", row, width: 300, maxLines: 2, cold: false,
                    units: .microseconds)
    layoutBenchmark("Text layout 78-character row (shaped, new measurer)", row, width: 300, maxLines: 2, cold: true,
                    units: .microseconds)
    layoutBenchmark("Text layout 10,000 characters of prose (shaped, caches warm)", prose, width: 320, maxLines: 0,
                    cold: false, units: .microseconds)
    layoutBenchmark("Text layout 10,000 characters of prose (shaped, new measurer)", prose, width: 320, maxLines: 0,
                    cold: true, units: .microseconds)
    layoutBenchmark("Text layout mixed-script row (Arabic, Hebrew, Hindi, Thai, CJK, emoji; caches warm)", world,
                    width: 300, maxLines: 0, cold: false, units: .microseconds)
}
