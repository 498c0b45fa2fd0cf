// The `curves` subcommand's run: its configuration, the CSV it prints and the PNG gallery of every curve
// (the command line itself is scrollkit-demo's CurvesCommand).
import Motion
import ScrollKit
import ScrollKitSDL
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `curves` subcommand's options after validation.
package struct CurvesConfiguration: Sendable, Equatable {
    package static let defaultSamples = 101
    package var samples = CurvesConfiguration.defaultSamples
    package var screenshotPath: String?

    package init(samples: Int = CurvesConfiguration.defaultSamples, screenshotPath: String? = nil) {
        self.samples = samples
        self.screenshotPath = screenshotPath
    }
}

/// The CSV the `curves` subcommand prints.
enum CurvesCSV {
    static let header = "curve,t,value"

    /// The progress of sample `i` of `n`: i / (n − 1), exactly 0 and 1 at the ends.
    static func progress(_ i: Int, of n: Int) -> Double {
        n > 1 ? (i == n - 1 ? 1 : Double(i) / Double(n - 1)) : 0
    }

    /// Writes the header and one line per curve and sample (each with its "\n") in chunks of about 64 KB.
    static func write(samples: Int, curves: [TimingCurve] = TimingCurve.allNamed, to output: (String) -> Void) {
        var chunk = header + "\n"
        chunk.reserveCapacity(70_000)
        for curve in curves {
            let name = curve.name
            for i in 0..<samples {
                let t = progress(i, of: samples)
                chunk += name
                chunk += ","
                chunk += TraceFormat.number(t)
                chunk += ","
                chunk += TraceFormat.number(curve.value(at: t))
                chunk += "\n"
                if chunk.utf8.count >= 65_536 {
                    output(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
        }
        if !chunk.isEmpty { output(chunk) }
    }

    /// The whole CSV as one string (tests; small sample counts).
    static func text(samples: Int, curves: [TimingCurve] = TimingCurve.allNamed) -> String {
        var text = ""
        write(samples: samples, curves: curves) { text += $0 }
        return text
    }
}

/// Runs the `curves` subcommand: checks the screenshot path, renders the gallery headless if asked,
/// then prints the CSV.
@MainActor
package struct CurvesRun {
    let configuration: CurvesConfiguration

    package init(configuration: CurvesConfiguration) {
        self.configuration = configuration
    }

    package func run() throws(CLIError) {
        if let path = configuration.screenshotPath {
            try FileCheck.checkWritable(path, what: "screenshot")
            let gallery = CurveGallery()
            let host: HeadlessHost
            do {
                host = try HeadlessHost(options: HostOptions(size: gallery.size, hz: 60, title: "ScrollKit curves"))
            } catch {
                throw CLIError("cannot start SDL: \(error)")
            }
            do {
                try host.run(client: gallery, maxFrames: 1)
                try host.screenshot(to: path)
            } catch {
                throw CLIError("cannot write screenshot \"\(path)\": \(error)")
            }
        }
        CurvesCSV.write(samples: configuration.samples, to: Self.writeStdout)
    }

    /// Writes `text` to standard output (unbuffered, retrying short writes; a closed pipe ends quietly).
    static func writeStdout(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                offset += n
            }
        }
    }
}

/// A labelled grid of small plots, one per named curve: what `curves --screenshot` renders.
@MainActor
final class CurveGallery: HostClient {
    static let columns = 6
    static let cell = Size(width: 176, height: 150)
    static let gap = 12.0
    static let margin = 24.0
    static let header = 66.0

    let curves: [TimingCurve]

    init(curves: [TimingCurve] = TimingCurve.allNamed) { self.curves = curves }

    var rows: Int { (curves.count + Self.columns - 1) / Self.columns }

    /// The picture's size in points.
    var size: Size {
        let columns = Double(Self.columns), rows = Double(max(1, self.rows))
        return Size(width: 2 * Self.margin + columns * Self.cell.width + (columns - 1) * Self.gap,
                    height: Self.header + Self.margin + rows * Self.cell.height + (rows - 1) * Self.gap)
    }

    /// The card of curve `index`.
    func cellRect(_ index: Int) -> Rect {
        let column = Double(index % Self.columns), row = Double(index / Self.columns)
        return Rect(x: Self.margin + column * (Self.cell.width + Self.gap),
                    y: Self.header + row * (Self.cell.height + Self.gap),
                    width: Self.cell.width, height: Self.cell.height)
    }

    func hostDidResize(to size: Size) {}
    func handle(_ event: InputEvent) {}
    func update(_ tick: FrameTick) {}
    var needsFrames: Bool { false }
    var wantsQuit: Bool { false }

    func draw(in canvas: DrawingCanvas) {
        canvas.clear(GalleryTheme.contentBackground)
        canvas.drawText("ScrollKit timing curves", in: Rect(x: Self.margin, y: 14, width: 500, height: 30),
                        style: TextStyle(size: 22, weight: .bold, color: GalleryTheme.ink), alignment: .leading)
        canvas.drawText("TimingCurve.allNamed · \(curves.count) curves · progress t across, value up; grey: linear",
                        in: Rect(x: Self.margin, y: 40, width: size.width - 2 * Self.margin, height: 20),
                        style: TextStyle(size: 12, color: GalleryTheme.secondaryInk), alignment: .leading)
        for (i, curve) in curves.enumerated() {
            let card = cellRect(i)
            GalleryTheme.card(card, radius: 12, in: canvas)
            canvas.drawText(curve.name, in: Rect(x: card.minX + 12, y: card.minY + 6, width: card.width - 24, height: 20),
                            style: TextStyle(size: 13, weight: .bold, color: GalleryTheme.ink), alignment: .leading)
            canvas.drawText(CurveInfo.detail(for: curve), in: Rect(x: card.minX + 12, y: card.minY + 24, width: card.width - 24, height: 16),
                            style: TextStyle(size: 10, color: GalleryTheme.tertiaryInk), alignment: .leading)
            let plot = Rect(x: card.minX + 14, y: card.minY + 48, width: card.width - 28, height: card.height - 60)
            let range = CurvePlot.valueRange(of: curve)
            let points = CurvePlot.points(of: curve, in: plot, range: range, count: 120)
            CurvePlot.draw(points, in: plot, range: range, canvas: canvas, lineWidth: 2, gridLines: 2)
        }
    }
}
