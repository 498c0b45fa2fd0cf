import Foundation
import Motion
import Testing
import TestOracles
@testable import ScrollKit

/// Touch drags are resampled at each frame (`ScrollingView.touchResampleLatency`), so a digitizer's rate
/// does not beat against the display's.
@MainActor
@Suite("Touch resampling")
struct TouchResamplingTests {

    /// A finger (or the mouse) moving up at `speed` pt/s from y = 400, sampled every `1 / sampleHz` s from
    /// `phase`, shown at 60 Hz; each frame handles the events up to its timestamp first, as hosts do.
    /// Returns the offset after each frame and the harness, with the up `gap` s after the last move.
    func run(touch: Bool, speed: Double = 600, sampleHz: Double = 100, phase: Double = 0.003,
             samples: Int = 40, gap: Double = 0.012) -> (offsets: [(t: Double, y: Double)], h: SVHarness, travel: Double) {
        let h = SVHarness(content: Size(width: 320, height: 100_000))
        h.view.setContentOffset(Point(x: 0, y: 50_000), animated: false)
        var events: [InputEvent] = []
        func y(_ j: Int) -> Double { 400 - speed * Double(j) / sampleHz }
        for j in 0...samples {
            let t = phase + Double(j) / sampleHz
            let p = Point(x: 100, y: y(j))
            if touch {
                events.append(j == 0 ? .touchDown(device: 0, id: 1, location: p, time: t)
                                     : .touchMove(device: 0, id: 1, location: p, time: t))
            } else {
                events.append(j == 0 ? .pointerDown(location: p, time: t) : .pointerMove(location: p, time: t))
            }
        }
        let upTime = phase + Double(samples) / sampleHz + gap
        let end = Point(x: 100, y: y(samples))
        events.append(touch ? .touchUp(device: 0, id: 1, location: end, time: upTime) : .pointerUp(location: end, time: upTime))
        var offsets: [(Double, Double)] = []
        var next = 0
        var k = 0
        while next < events.count {
            let t = Double(k) / 60
            while next < events.count, events[next].time <= t {
                h.view.handle(events[next])
                next += 1
            }
            if next == events.count { break }      // the up: the test looks at it before any frame
            h.view.step(FrameTick(index: k, timestamp: t, duration: 1.0 / 60))
            offsets.append((t, h.view.contentOffset.y))
            k += 1
        }
        h.frame = k
        return (offsets, h, speed * Double(samples) / sampleHz)
    }

    /// The per-frame steps once the drag is under way (from `from`) while the finger still moves (its
    /// resampled time not past the last move at `last`).
    func steps(_ offsets: [(t: Double, y: Double)], from: Double, last: Double = .infinity) -> [Double] {
        let kept = offsets.filter { $0.t >= from && $0.t - ScrollingView.touchResampleLatency <= last }
        return zip(kept, kept.dropFirst()).map { $1.y - $0.y }
    }

    @Test("a steady finger sampled at 100 Hz, shown at 60 Hz: equal steps per frame (±10 % of their mean)",
          arguments: [0.0, 0.003, 0.0071])
    func equalSteps(phase: Double) {
        let r = run(touch: true, phase: phase)
        let s = steps(r.offsets, from: phase + 0.04, last: phase + 0.4)
        #expect(s.count >= 15)
        let mean = s.reduce(0, +) / Double(s.count)
        #expect(abs(mean - 10) < 0.01)                       // 600 pt/s at 60 Hz
        for step in s { #expect(abs(step - mean) <= 0.1 * mean, "\(s)") }
    }

    @Test("the mouse is not resampled: its steps alternate between one and two samples' worth")
    func mouseJudders() {
        let r = run(touch: false)
        let s = steps(r.offsets, from: 0.05, last: 0.403)
        #expect(Set(s.map { ($0 * 1000).rounded() / 1000 }) == [6, 12])
    }

    @Test("the release lands 1:1: at the up the content has moved exactly the finger's travel",
          arguments: [100.0, 60, 200])
    func releaseLandsOneToOne(sampleHz: Double) throws {
        let r = run(touch: true, sampleHz: sampleHz)
        #expect(r.h.view.contentOffset.y == 50_000 + r.travel)
        let release = try #require(r.h.recorder.willEnd.first)
        #expect(abs(release.velocity.y - 600) < 1e-6 * 600)   // the raw samples' velocity
        // The fling starts from there at the next frame.
        let rate = r.h.view.decelerationRate.perMillisecond
        #expect(abs(release.target.y - RK4.decayRest(rate: rate, x0: 50_000 + r.travel, v0: 600)) < 1e-6)
    }

    @Test("frames are asked for while the content catches up with the finger, not after")
    func catchesUp() {
        let h = SVHarness(content: Size(width: 320, height: 100_000))
        h.view.handle(.touchDown(device: 0, id: 1, location: Point(x: 100, y: 400), time: 0))
        h.view.handle(.touchMove(device: 0, id: 1, location: Point(x: 100, y: 380), time: 0.01))
        #expect(h.view.phase == .dragging)
        #expect(h.view.isAnimating)
        #expect(h.view.contentOffset.y == 0)                   // moves at frames
        h.view.step(FrameTick(index: 0, timestamp: 0.015, duration: 1.0 / 60))
        #expect(abs(h.view.contentOffset.y - 10) < 1e-9)       // 5 ms of 10: half way
        #expect(h.view.isAnimating)
        h.view.step(FrameTick(index: 1, timestamp: 0.03, duration: 1.0 / 60))
        #expect(h.view.contentOffset.y == 20)
        #expect(!h.view.isAnimating)                           // the finger rests: the host may sleep
    }

    @Test("resampling interpolates between the samples around the time, never beyond the newest")
    func resampler() {
        var samples: [TouchResampler.Sample] = []
        #expect(TouchResampler.location(in: samples, at: 1) == nil)
        TouchResampler.add(Point(x: 0, y: 0), time: 1, to: &samples)
        TouchResampler.add(Point(x: 10, y: -20), time: 1.5, to: &samples)
        TouchResampler.add(Point(x: 5, y: 5), time: 1.0, to: &samples)            // older: ignored
        TouchResampler.add(Point(x: .nan, y: 5), time: 1.6, to: &samples)         // bad: ignored
        #expect(samples.count == 2)
        #expect(TouchResampler.location(in: samples, at: 0.5) == Point(x: 0, y: 0))
        #expect(TouchResampler.location(in: samples, at: 1.125) == Point(x: 2.5, y: -5))
        #expect(TouchResampler.location(in: samples, at: 1.75) == Point(x: 10, y: -20))
        for j in 0..<40 { TouchResampler.add(Point(x: Double(j), y: 0), time: 2 + Double(j) / 100, to: &samples) }
        #expect(samples.count == TouchResampler.capacity)
    }
}
