// The layout system (issue 44): laying out a settings form of 1,000 views (every view's cache dropped and a new
// width each sample: all measured and placed again), and relaying it out after one label's text changes (only the views up to its relayout
// boundary). The figures are per pass; divide the first by 1,000 for µs per view, beside Taffy's 0.33 µs a node
// (M1) and 0.4 µs for a cached relayout.

import Benchmark
import ScrollKit
import ScrollKitSDL

/// A settings form of `rows` rows (a label, a spacer, a switch: 4 views a row with its stack), in a column.
@MainActor
func layoutBenchForm(rows: Int) -> (ColumnStack, [LabelView]) {
    let labels = (0..<rows).map { LabelView("Setting number \($0)") }
    let column = ColumnStack(spacing: 4, labels.map { RowStack(spacing: 8, [$0, SpacerView(), Switch()]) })
    column.frame = Rect(x: 0, y: 0, width: 400, height: Double(rows) * 48)
    column.layoutIfNeeded()
    return (column, labels)
}

@MainActor
final class LayoutBenchState {
    static let shared = LayoutBenchState()
    lazy var form = layoutBenchForm(rows: 250)
    var sample = 0
    var reported = false

    /// Prints, once, how many views one label's change touches.
    func reportTouched() {
        guard !reported else { return }
        reported = true
        let (column, labels) = form
        LayoutCounters.reset()
        labels[125].text = "A changed setting"
        column.layoutIfNeeded()
        for row in column.subviews { (row as? RowStack)?.layoutIfNeeded() }
        print("layout: a 1,000-view form (250 rows); one label's new text invalidated \(LayoutCounters.invalidations) views "
              + "(its row and the column), measured \(LayoutCounters.measurements), placed \(LayoutCounters.placements) stacks")
    }
}

func registerLayoutBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
                                                warmupIterations: 5, scalingFactor: .one, maxDuration: .seconds(3),
                                                maxIterations: 1_000)
    Benchmark("Layout settings form of 1,000 views (every view measured and placed; ÷1,000 = µs per view)",
              configuration: configuration) { benchmark in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let state = LayoutBenchState.shared
            let (column, _) = state.form
            state.sample += 1
            // Every view's cached answers dropped, and a new width: the whole form is measured and placed again.
            for row in column.subviews { for view in row.subviews { view.setNeedsLayout() } }
            let width = 400 + Double(state.sample % 16)
            benchmark.startMeasurement()
            column.frame = Rect(x: 0, y: 0, width: width, height: 12_000)
            column.layoutIfNeeded()
            benchmark.stopMeasurement()
        }
    }
    Benchmark("Layout relayout after one label's text changes (1,000-view form)", configuration: configuration) { benchmark in
        nonisolated(unsafe) let benchmark = benchmark
        await MainActor.run {
            let state = LayoutBenchState.shared
            state.reportTouched()
            let (column, labels) = state.form
            state.sample += 1
            let label = labels[125], row = label.superview as? RowStack
            benchmark.startMeasurement()
            label.text = state.sample % 2 == 0 ? "A changed setting" : "Another setting"
            column.layoutIfNeeded()
            row?.layoutIfNeeded()
            benchmark.stopMeasurement()
        }
    }
}
