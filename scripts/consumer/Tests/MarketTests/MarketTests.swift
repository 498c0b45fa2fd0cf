// The README's "Testing your app": a user's tests of their own app with ScrollKitTesting and the public API only.
import Foundation
import Market
import ScrollKit
import ScrollKitTesting
import Testing

@MainActor
@Suite(.serialized)
struct MarketTests {
    @Test func refreshButtonCounts() throws {
        let screen = MarketScreen()
        let app = try TestApp(root: screen)
        try app.buttons["Refresh"].tap()
        #expect(screen.refreshes == 1)
    }

    @Test func scrollsToAFarRowByLabel() throws {
        let screen = MarketScreen()
        let app = try TestApp(root: screen)
        try app.lists.first.cells["Banana #7351"].tap()       // 350,000 points down: found by scrolling
        #expect(screen.chosen == 7351)
    }

    @Test func flingRestsAtTheProjection() throws {
        let screen = MarketScreen()
        let app = try TestApp(root: screen)
        let fling = GestureSampler(device: .touch).fling(from: Point(x: 195, y: 700), velocity: Point(x: 0, y: -2500),
                                                         time: app.time)
        app.perform(Array(fling.dropLast()))
        let atRelease = screen.list.scrollView.contentOffset.y
        app.perform([fling.last!])
        try app.settle()
        // UIKit's projection (WWDC 2018, "Designing Fluid Interfaces"): v / 1000 × r / (1 − r) for a
        // deceleration rate r of 0.998 per millisecond.
        let projected = atRelease + 2500 / 1000 * 0.998 / (1 - 0.998)
        #expect(abs(screen.list.scrollView.contentOffset.y - projected) < 0.02 * 1247.5)
    }

    @Test func flingTraceDeceleratesAndRests() throws {
        let screen = MarketScreen()
        let app = try TestApp(root: screen)
        let trace = try app.recordTrace { app in
            app.swipeUp()
            try app.settle()
        }
        // The list's offset only rises while it decelerates, the fling is over within 5 s, and the trace's last
        // row is where the list is.
        trace.expectMonotonic("offsetY", .increasing, during: .decelerating)
        trace.expectSettles(withinFrames: 300)
        #expect(trace.column("offsetY").last == screen.list.scrollView.contentOffset.y)
        #expect(trace.column("itemCount").first == Double(screen.list.numberOfItems))
    }

    @Test func aChangedScreenFailsItsGolden() throws {
        let screen = MarketScreen()
        let app = try TestApp(root: screen)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("market-goldens").path
        app.expectScreenshot(matches: "market-top", in: directory, update: true)   // record the golden
        app.swipeUp()
        try app.settle()
        withKnownIssue("the list has scrolled: the frame no longer matches") {
            app.expectScreenshot(matches: "market-top", in: directory)
        } matching: { issue in
            issue.description.contains("pixels differ") && issue.description.contains("market-top.diff.png")
        }
    }
}
