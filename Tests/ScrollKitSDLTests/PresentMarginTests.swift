import SplitMix
import Testing
@testable import ScrollKitSDL

/// When a display-paced frame starts (`PresentMargin`), against a model of Xvfb's Present: its vblank counter
/// is the time rounded to the nearest period (`present_fake_get_ust_msc`), and a present whose target the
/// counter has reached is moved to the vblank after (`present_pixmap`'s target adjustment).
@Suite("PresentMargin")
struct PresentMarginTests {
    /// Xvfb's rule, as its source has it: the vblank a present sent at `sent` for vblank `target` is shown
    /// at (times in periods' units of `period`, vblank k at k · period).
    static func xvfbShownMSC(sent: Double, target: Int, period: Double) -> Int {
        let counter = Int((sent / period + 0.5).rounded(.down))
        return counter >= target ? counter + 1 : target
    }

    static func settled(period: Double, cost: Double, virtualScreen: Bool) -> PresentMargin {
        var margin = PresentMargin()
        for _ in 0..<200 {
            margin.update(period: period, frameCost: cost, virtualScreen: virtualScreen, misses: 0, latestMissLead: 0)
        }
        return margin
    }

    @Test("on a virtual screen a frame starts half a period plus the slack plus its cost before its vblank",
          arguments: [1 / 30.0, 1 / 50.0, 1 / 59.94, 1 / 60.0])
    func virtualScreenLead(period: Double) {
        let cost = 0.0006
        let margin = Self.settled(period: period, cost: cost, virtualScreen: true)
        #expect(abs(margin.deadline - period / 2) < 1e-12)
        #expect(abs(margin.lead - (period / 2 + PresentMargin.slack + cost)) < 1e-6)
    }

    @Test("a frame that starts up to the slack late and costs what it did is still shown on its vblank under Xvfb")
    func xvfbModelTakesEveryFrameWithinTheSlack() {
        var random = SplitMix64(seed: 0x5EED_28)
        for _ in 0..<2_000 {
            // Rates and costs that leave the lead under its cap (at 60 Hz, frames up to 1.3 ms; Xvfb runs at 60).
            let period = 1 / random.uniform(30...60)
            let cost = random.uniform(0...(0.35 * period - PresentMargin.slack - 0.0001))
            let margin = Self.settled(period: period, cost: cost, virtualScreen: true)
            let target = 1_000 + random.int(below: 100_000)
            let vblank = Double(target) * period
            // Woken late by up to the slack (less a margin for the cost average's rounding), drawn in `cost`.
            let late = random.uniform(0...(PresentMargin.slack - 0.0001))
            let sent = vblank - margin.lead + late + cost
            #expect(Self.xvfbShownMSC(sent: sent, target: target, period: period) == target,
                    "period \(period) cost \(cost) late \(late)")
        }
    }

    @Test("the model misses a frame sent after half a period before its vblank: the deadline is real")
    func xvfbModelMissesLateFrames() {
        let period = 1 / 60.0
        #expect(Self.xvfbShownMSC(sent: 100 * period - period / 2 + 0.0001, target: 100, period: period) == 101)
        #expect(Self.xvfbShownMSC(sent: 100 * period - period / 2 - 0.0001, target: 100, period: period) == 100)
        // The rule before (half a period plus 3 ms) left a frame woken 4 ms late no room.
        let old = period / 2 + 0.003
        #expect(Self.xvfbShownMSC(sent: 100 * period - old + 0.004, target: 100, period: period) == 101)
    }

    @Test("on a real display the lead is 2 ms plus twice the cost until a miss sent in time teaches a deadline")
    func realDisplayLearnsFromInTimeMisses() {
        let period = 1 / 60.0, cost = 0.0005
        var margin = Self.settled(period: period, cost: cost, virtualScreen: false)
        #expect(margin.deadline == 0)
        #expect(abs(margin.lead - (0.002 + 2 * cost)) < 1e-6)
        // Sent late (it started or drew late): nothing is learned.
        margin.update(period: period, frameCost: cost, virtualScreen: false, misses: 1, latestMissLead: margin.lead - 0.003)
        #expect(margin.deadline == 0)
        // Sent in time and still missed: the server's deadline is at least that lead, and it stays.
        let lead = margin.lead
        margin.update(period: period, frameCost: cost, virtualScreen: false, misses: 2, latestMissLead: lead)
        #expect(margin.deadline == lead)
        #expect(abs(margin.lead - (lead + PresentMargin.slack + cost)) < 1e-6)
        for _ in 0..<50 { margin.update(period: period, frameCost: cost, virtualScreen: false, misses: 2, latestMissLead: 0) }
        #expect(margin.deadline == lead)
    }

    @Test("a miss on a virtual screen does not move its known deadline")
    func virtualScreenIgnoresMisses() {
        let period = 1 / 60.0
        var margin = Self.settled(period: period, cost: 0.0004, virtualScreen: true)
        margin.update(period: period, frameCost: 0.0004, virtualScreen: true, misses: 1, latestMissLead: margin.lead)
        #expect(margin.deadline == period / 2)
    }

    @Test("the lead never passes 85 % of the period (a frame starts after the vblank before)",
          arguments: [1 / 144.0, 1 / 240.0])
    func capped(period: Double) {
        let margin = Self.settled(period: period, cost: 0.001, virtualScreen: true)
        #expect(margin.lead <= 0.85 * period + 1e-12)
        #expect(margin.lead > 0)
    }

    @Test("waiting for a late report keeps the deadline, the cost and 2 ms clear")
    func reportWait() {
        var random = SplitMix64(seed: 28)
        for _ in 0..<500 {
            let period = 1 / random.uniform(24...240)
            let margin = Self.settled(period: period, cost: random.uniform(0...0.004), virtualScreen: random.int(below: 2) == 0)
            #expect(margin.reportWait >= 0)
            if margin.reportWait > 0 {
                #expect(margin.lead - margin.reportWait - 2 * margin.frameCost >= margin.deadline + 0.002 - 1e-12)
            }
        }
    }

    @Test("NaN, infinite, zero and negative inputs change nothing")
    func badInput() {
        var margin = Self.settled(period: 1 / 60.0, cost: 0.0005, virtualScreen: true)
        let before = margin
        for period in [Double.nan, .infinity, 0, -1] {
            margin.update(period: period, frameCost: 0.0005, virtualScreen: true, misses: 0, latestMissLead: 0)
        }
        #expect(margin == before)
        for cost in [Double.nan, .infinity, -1, 1] {
            margin.update(period: 1 / 60.0, frameCost: cost, virtualScreen: true, misses: 0, latestMissLead: 0)
        }
        margin.update(period: 1 / 60.0, frameCost: nil, virtualScreen: true, misses: 0, latestMissLead: 0)
        #expect(margin.frameCost == before.frameCost)
        margin.update(period: 1 / 60.0, frameCost: nil, virtualScreen: false, misses: 5, latestMissLead: .nan)
        #expect(margin.lead.isFinite)
    }
}
