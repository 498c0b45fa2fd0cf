// Issue 41 item 3, the gallery half: every scene stepped with hostile frame ticks (NaN, ±inf, ±1e300, negative,
// repeated, backwards), then ordinary ones, drawing each frame. The hosts (HeadlessHost, TestApp's virtual clock)
// make their own ticks, so the ticks go to the scene's update(_:) directly, as SceneHarness does for a 0 × 0 size.

import Motion
import ScrollKit
import SplitMix
import ScrollKitSDL
import Testing
@testable import ScrollKitGallery

@Suite("Hostile ticks (gallery scenes)", .serialized)
@MainActor
struct HostileSceneTickTests {
    static let specials: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18, 0, -1]

    @Test("every scene keeps running on hostile frame ticks, then ordinary ones", arguments: SceneCatalog.names)
    func hostileTicks(name: String) throws {
        let size = Size(width: 800, height: 600)
        let entry = try #require(SceneCatalog.entry(named: name))
        let scene = try entry.make(SceneContext(size: size, hz: 60, headless: true, options: SceneOptions()))
        scene.hostDidResize(to: size)
        let canvas = RecordingCanvas(size: size)
        var rng = SplitMix64(seed: UInt64(name.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }.magnitude))
        func value(_ normal: Double) -> Double {
            rng.next() % 3 == 0 ? Self.specials[Int(rng.next() % UInt64(Self.specials.count))] : normal
        }
        if let inbox = scene as? InboxScene {
            // The refresh spinner turning, shown (beginRefreshing() alone leaves the content where it is).
            // A refresh that stays running through the hostile ticks (the scene's own ends 1 s later).
            inbox.list.onRefresh = { _ in }
            inbox.list.beginRefreshing()
            inbox.list.scrollView.setContentOffset(inbox.list.scrollView.minContentOffset, animated: false)
            scene.update(FrameTick(index: 0, timestamp: 0, duration: 1.0 / 60))
            #expect(inbox.list.refreshPullDistance > 4)
        }
        var t = 1.0
        for i in 0..<90 {
            switch rng.next() % 4 {
            case 0: break
            case 1: t -= Double(rng.next() % 500) / 100
            case 2: t += Double(rng.next() % 1000)
            default: t += 1.0 / 60
            }
            scene.update(FrameTick(index: i, timestamp: value(t), targetTimestamp: value(t + 1.0 / 60), duration: value(1.0 / 60)))
            scene.draw(in: canvas)
        }
        (scene as? InboxScene)?.list.endRefreshing()
        for i in 0..<90 {
            scene.update(FrameTick(index: 1000 + i, timestamp: 10_000 + Double(i) / 60, duration: 1.0 / 60))
        }
        scene.draw(in: canvas)
        let sample = scene.traceSample
        #expect(sample.offset.x.isFinite && sample.offset.y.isFinite, "\(name): \(sample.offset)")
    }
}
