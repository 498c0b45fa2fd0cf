// The scrolling performance test: it measures every frame of a scripted scroll, and fails past its budget as a
// ratio to a recorded baseline.

import Foundation
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing

@MainActor
@Suite("Scroll performance", .serialized)
struct ScrollPerformanceTests {
    private func flungList() throws -> (TestApp, ScrollPerformance) {
        let list = ListView(frame: .zero, dataSource: NumberedRows())
        let app = try TestApp(root: list, size: Size(width: 320, height: 480))
        let result = try app.measureScrolling { app in
            app.swipeUp()
            app.swipeUp()
        }
        return (app, result)
    }

    @Test("a fling is measured frame by frame, and its baseline round-trips")
    func measuresAndPasses() throws {
        let (_, result) = try flungList()
        #expect(result.frames > 60)                  // two flings and their decelerations
        #expect(result.costP50 > 0 && result.costP99 >= result.costP50)
        if let instructions = result.instructionsPerFrame {
            #expect(instructions > 10_000)           // a frame of a list is more than a few calls
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("perf-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(result.expectWithinBaseline(path) == nil)      // written
        // The same figures read back compare at exactly 1 (no timing is asserted here: speed targets live
        // in `make bench`).
        #expect(result.expectWithinBaseline(path) == 1)
    }

    @Test("a measurement past its budget is recorded as an issue naming both figures")
    func overBudgetFails() throws {
        let (_, result) = try flungList()
        var cheaper = result
        cheaper.costP50 = result.costP50 / 4
        cheaper.instructionsPerFrame = result.instructionsPerFrame.map { $0 / 4 }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("perf-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        cheaper.expectWithinBaseline(path, update: true)
        withKnownIssue {
            let ratio = result.expectWithinBaseline(path)
            #expect(ratio.map { $0 > 3 } == true)
        } matching: { issue in
            issue.description.contains("its baseline") && issue.description.contains("budget 1.25x")
        }
    }
}
