// The list, paging and picker scenes and the scene catalog, driven by SceneHarness (SceneHarness.swift) on
// ScrollKitTesting's TestApp.
import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTestSupport
import Testing
@testable import ScrollKitGallery
@testable import scrollkit_demo

private func center(_ r: Rect) -> Point { Point(x: r.midX, y: r.midY) }

// MARK: - List scene

@MainActor @Suite("List scene") struct ListSceneTests {
    private func list(_ options: SceneOptions = SceneOptions(), size: Size = Size(width: 800, height: 600)) throws
        -> (SceneHarness, ListScene) {
        let h = try SceneHarness("list", size: size, options: options)
        return (h, try #require(h.scene as? ListScene))
    }

    /// The items intersecting [o, o + h) for rows of `row` points (independent of ListLayout).
    private func visible(offset o: Double, viewport h: Double, row: Double, count: Int) -> ClosedRange<Int>? {
        guard count > 0, h > 0 else { return nil }
        let first = max(0, Int((o / row).rounded(.down)))
        let last = min(count - 1, Int(((o + h) / row).rounded(.up)) - 1)
        return first <= last ? first...last : nil
    }

    @Test func defaultSceneIsTheListWithTheOptionsDefaults() throws {
        #expect(SceneCatalog.defaultName == "list")
        for name in ["list", "paging", "picker"] { #expect(SceneCatalog.entry(named: name) != nil) }
        let (h, scene) = try list()
        h.step()
        let sample = h.last
        let viewport = scene.listView.frame
        #expect(viewport.minY > 40 && viewport.minY < 200)            // a toolbar above the rows
        #expect(sample.viewportSize == Size(width: 800, height: 600 - viewport.minY))
        #expect(sample.contentSize == Size(width: 800, height: 1000 * 60))
        #expect(sample.firstVisible == 0)
        #expect(sample.lastVisible == Int(((600 - viewport.minY) / 60).rounded(.up)) - 1)
        #expect(sample.configured == sample.lastVisible + 1)       // frame 0 configures the visible rows
        #expect(sample.phase == .idle && sample.selected == -1)
        #expect(scene.duration == 2 && scene.curve == .smoothstep)
        #expect(scene.snapBehavior == .none)
        h.run(3)
        #expect(h.last.configured == 0)
        #expect(!h.scene.needsFrames)
    }

    @Test func rowsAreStandardCellsWithDevices() throws {
        let (h, scene) = try list(try SceneOptions(items: "40"))
        h.step()
        let cells = scene.listView.visibleCells.compactMap { $0 as? StandardCell }
        try #require(cells.count >= 5)
        for cell in cells {
            #expect(cell.title == scene.rows.title(ofRow: cell.index))
            #expect(cell.subtitle?.isEmpty == false)
            #expect(cell.frame.height == 60)
            if case .swatch = cell.leading {} else { Issue.record("row \(cell.index) has no swatch") }
            #expect(cell.accessory != .none)
            #expect(!cell.isSelected)
        }
        #expect(cells.contains { $0.accessory == .chevron })
        #expect(cells.contains { $0.isSwitchOn != nil })
        #expect(cells.contains { if case .value = $0.accessory { true } else { false } })
        #expect(h.canvas.textLayouts.contains { $0.lineStrings == ["Living Room Lamp"] })
    }

    /// Tapping a row selects it (the previous one no longer); tapping a switch flips it for good.
    @Test func selectionAndSwitches() throws {
        let (h, scene) = try list(try SceneOptions(items: "40"))
        h.step()
        let list = scene.listView
        list.onSelectItem?(2)
        #expect((list.cell(at: 2) as? StandardCell)?.isSelected == true)
        list.onSelectItem?(4)
        #expect((list.cell(at: 2) as? StandardCell)?.isSelected == false)
        #expect((list.cell(at: 4) as? StandardCell)?.isSelected == true)
        #expect(scene.traceSample.activatedRow == 4)
        let lamp = try #require(list.cell(at: 0) as? StandardCell)
        #expect(lamp.isSwitchOn == true)
        lamp.toggleSwitch()
        #expect(scene.rows.isSwitchOn(ofRow: 0) == false)
        #expect(scene.rows.isSwitchOn(ofRow: 3) == nil)
    }

    @Test func dragFollowsThePointerAndAFlingComesToRest() throws {
        let (h, scene) = try list()
        h.step()
        let top = scene.listView.frame.minY
        let down = Point(x: 400, y: top + 400)
        h.step([.pointerDown(location: down, time: h.now)])
        #expect(h.last.phase == .tracking)
        // Slow moves: 1:1 from the down position once past the slop.
        for dy in stride(from: 10.0, through: 100, by: 10) {
            h.step([.pointerMove(location: Point(x: 400, y: down.y - dy), time: h.now)])
            #expect(h.last.offset.y == dy)
            #expect(h.last.phase == .dragging)
        }
        // Fast moves (40 pt per frame = 2400 pt/s), then release: a fling.
        for k in 1...6 {
            h.step([.pointerMove(location: Point(x: 400, y: down.y - 100 - 40 * Double(k)), time: h.now)])
        }
        let released = h.last.offset.y
        #expect(released == 340)
        h.step([.pointerUp(location: Point(x: 400, y: down.y - 340), time: h.now)])
        #expect(h.last.phase == .decelerating)
        #expect(h.last.velocity.y > 1000)
        let frames = h.settle()
        #expect(frames > 30)
        #expect(h.last.phase == .idle)
        // UIKit's normal rate: rest ≈ release + v / (1000 ln(1/0.998)) ≈ + 0.5 s × v.
        #expect(h.last.offset.y > released + 600)
        #expect(h.last.offset.y < scene.listView.scrollView.maxContentOffset.y)
        // Offsets never went backward during the fling.
        let path = h.trace.suffix(frames + 1).map(\.offset.y)
        #expect(zip(path, path.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func wheelAndKeysScroll() throws {
        let (h, scene) = try list()
        h.step()
        let inside = Point(x: 400, y: scene.listView.frame.midY)
        h.step([.wheel(dx: 0, dy: -2, location: inside, time: h.now)])
        h.settle()
        let afterWheel = h.last.offset.y
        #expect(afterWheel > 0)
        h.key(.pageDown)
        h.settle()
        #expect(h.last.offset.y > afterWheel + 300)
        h.key(.up)
        h.settle()
        #expect(h.last.offset.y < afterWheel + 600)
        // A wheel over the toolbar does nothing.
        let before = h.last.offset.y
        h.step([.wheel(dx: 0, dy: -2, location: Point(x: 400, y: 5), time: h.now)])
        h.run(20)
        #expect(h.last.offset.y == before)
    }

    /// The list scene's point: a 2 s smoothstep scroll to the end of 1000 rows configures every row that
    /// shows in some frame on the way, in that frame, and the toolbar's counter says how many (UIKit's
    /// animator configured only the rows on the first and last screens).
    @Test func endScrollsToTheEndOverTwoSecondsAndCountsEveryRowThatPassed() throws {
        let (h, scene) = try list()
        h.run(2)
        let viewport = scene.listView.frame.height
        let maxOffset = 1000 * 60 - viewport
        let startFrame = h.frame
        h.key(.end)                          // handled in frame `startFrame`: its clock starts there
        h.settle()
        #expect(h.last.offset.y == maxOffset)
        #expect(h.last.lastVisible == 999)
        // 2 s at 60 Hz: frame startFrame + 119 shows 2 s after the start, exactly the end.
        #expect(h.trace[startFrame + 119].offset.y == maxOffset)
        #expect(h.trace[startFrame + 118].offset.y < maxOffset)
        #expect(h.trace[startFrame + 118].phase == .animating && h.trace[startFrame + 119].phase == .idle)
        let t0 = h.time(startFrame)
        var shown = Set(visible(offset: 0, viewport: viewport, row: 60, count: 1000)!)
        let initial = shown.count
        var newlyShown = 0
        for k in startFrame...(startFrame + 119) {
            let tick = h.ticks[k]
            let p = min(1, (tick.targetTimestamp - t0) / 2)
            let expected = maxOffset * p * p * (3 - 2 * p)
            let sample = h.trace[k]
            #expect(abs(sample.offset.y - expected) < 1e-6, "frame \(k)")
            let range = try #require(visible(offset: expected, viewport: viewport, row: 60, count: 1000))
            #expect(sample.firstVisible == range.lowerBound && sample.lastVisible == range.upperBound, "frame \(k)")
            let fresh = Set(range).subtracting(Set(visible(offset: k == startFrame ? 0 : h.trace[k - 1].offset.y,
                                                            viewport: viewport, row: 60, count: 1000)!))
            #expect(sample.configured == fresh.count, "frame \(k)")
            newlyShown += fresh.count
            shown.formUnion(range)
        }
        #expect(scene.configuredDuringLastAnimation == shown.count - initial)
        #expect(scene.configuredDuringLastAnimation == newlyShown)
        #expect(!scene.isCountingAnimation)
        // Far more than UIKit's animator (which configured only the 8 rows visible at the end).
        #expect((scene.configuredDuringLastAnimation ?? 0) > 500)

        // Home: back to the top, counted again.
        h.key(.home)
        h.settle()
        #expect(h.last.offset.y == 0)
        #expect(h.last.firstVisible == 0)
        #expect((scene.configuredDuringLastAnimation ?? 0) > 500)
    }

    @Test func toolbarButtonsAndSelectors() throws {
        let (h, scene) = try list(try SceneOptions(items: "100"))
        h.step()
        let maxOffset = scene.listView.scrollView.maxContentOffset.y
        // Pressing shows the pressed state; moving off cancels the tap.
        h.step([.pointerDown(location: center(scene.endButton.frame), time: h.now)])
        #expect(scene.endButton.isPressed)
        h.step([.pointerMove(location: Point(x: 400, y: 500), time: h.now)])
        #expect(!scene.endButton.isPressed)
        h.step([.pointerUp(location: Point(x: 400, y: 500), time: h.now)])
        h.run(2)
        #expect(h.last.phase == .idle && h.last.offset.y == 0)

        // "1 s", then "Scroll to end": done in 1 s.
        let oneSecond = try #require(ListScene.durations.firstIndex(of: 1))
        h.tap(center(scene.durationControl.convert(scene.durationControl.segmentFrame(oneSecond), to: nil)))
        #expect(scene.duration == 1)
        h.tap(center(scene.endButton.frame))
        #expect(h.runUntilIdle() == 59)
        #expect(h.last.offset.y == maxOffset)

        // The curve selector: › steps forward, ‹ back, wrapping.
        let curves = ListScene.curves
        let start = try #require(curves.firstIndex(of: .smoothstep))
        let field = scene.curveControl.frame
        h.tap(Point(x: field.maxX - 10, y: field.midY))
        #expect(scene.curve == curves[(start + 1) % curves.count])
        for _ in 0...start + 1 { h.tap(Point(x: field.minX + 10, y: field.midY)) }
        #expect(scene.curve == curves[curves.count - 1])

        // "Top" with the chosen curve (linear halfway is exactly half way).
        let linear = try #require(curves.firstIndex(of: .linear))
        while scene.curve != curves[linear] { h.tap(Point(x: field.maxX - 10, y: field.midY)) }
        h.tap(center(scene.topButton.frame))
        h.run(29)   // frames 0..29 of 60: the last shows t = 30/60
        #expect(abs(h.last.offset.y - maxOffset / 2) < 1e-6)
        h.settle()
        #expect(h.last.offset.y == 0)
    }

    @Test func scriptCommandsDriveTheList() throws {
        let (h, scene) = try list()
        h.step()
        scene.perform(.scrollToItem(index: 500, position: .start, duration: 0, curve: nil))
        h.step()
        #expect(h.last.offset.y == 500 * 60)
        #expect(h.last.firstVisible == 500)
        #expect(scene.configuredDuringLastAnimation == h.last.configured)
        scene.perform(.scrollTo(Point(x: 0, y: 600), duration: 0.5, curve: .linear))
        h.settle()
        #expect(h.last.offset.y == 600)
        scene.perform(.scrollToEnd(duration: 0.25, curve: nil))
        h.settle()
        #expect(h.last.offset.y == scene.listView.scrollView.maxContentOffset.y)
        scene.perform(.scrollToItem(index: 5000, position: .end, duration: 0, curve: nil))   // clamps
        h.step()
        #expect(h.last.lastVisible == 999)
    }

    @Test(arguments: [
        (nil, nil, SnapBehavior.none),
        ("none", "0.5", .none),
        ("items", nil, .items(snapRatio: 0.3)),
        ("items", "0.6", .items(snapRatio: 0.6)),
        ("paging", nil, .paging(snapRatio: 0.1)),
        ("paging", "0.25", .paging(snapRatio: 0.25)),
        ("centered", "0.9", .centered),
    ] as [(String?, String?, SnapBehavior)])
    func snapOptionsBecomeTheListsSnapBehavior(snap: String?, ratio: String?, expected: SnapBehavior) throws {
        let (_, scene) = try list(try SceneOptions(items: nil, snap: snap, snapRatio: ratio))
        #expect(scene.snapBehavior == expected)
        #expect(scene.listView.snapBehavior == expected)
    }

    /// A fling with each `--snap` rule rests where that rule says.
    @Test(arguments: SceneOptions.Snap.allCases)
    func flingsRestOnTheSnapPositions(snap: SceneOptions.Snap) throws {
        let (h, scene) = try list(try SceneOptions(items: nil, snap: snap.rawValue))
        h.step()
        let frame = scene.listView.frame
        h.drag(from: Point(x: 400, y: frame.maxY - 20), by: Point(x: 0, y: -150), moves: 5)
        let rest = h.last.offset.y
        #expect(h.last.phase == .idle)
        #expect(rest > 0)
        switch snap {
        case .none:
            #expect(rest.truncatingRemainder(dividingBy: 60) != 0)
        case .items:
            #expect(rest.truncatingRemainder(dividingBy: 60) == 0)
        case .paging:
            #expect(rest == frame.height)                      // exactly one page
        case .centered:
            let r = (rest + frame.height / 2 - 30).truncatingRemainder(dividingBy: 60)
            #expect(r < 1e-6 || r > 60 - 1e-6)
        }
    }

    /// `--snap paging --snap-ratio R`: a slow drag of 15 % of a page turns it with R = 0.1, not with 0.2.
    @Test(arguments: [("0.1", true), ("0.2", false)])
    func snapRatioDecidesASlowDrag(ratio: String, turns: Bool) throws {
        let (h, scene) = try list(try SceneOptions(items: nil, snap: "paging", snapRatio: ratio))
        h.step()
        let page = scene.listView.frame.height
        h.drag(from: Point(x: 400, y: scene.listView.frame.maxY - 20), by: Point(x: 0, y: -0.15 * page), moves: 40)
        #expect(h.last.offset.y == (turns ? page : 0))
    }

    @Test func emptyListAndTinySizesAreCalm() throws {
        let (h, scene) = try list(try SceneOptions(items: "0"))
        h.step()
        #expect(h.last.firstVisible == -1 && h.last.lastVisible == -1)
        #expect(h.canvas.commands.contains { if case .text("No rows", _, _, _) = $0 { true } else { false } })
        h.key(.end)
        h.settle()
        #expect(h.last.offset.y == 0)
        for size in [Size(width: 0, height: 0), Size(width: 120, height: 90), Size(width: 300, height: 800)] {
            scene.hostDidResize(to: size)
            h.step()
            #expect(h.last.offset.y.isFinite)
        }
    }

    @Test func narrowWindowsWrapTheToolbarWithoutOverlap() throws {
        for width in [800.0, 600, 420, 300] {
            let (_, scene) = try list(size: Size(width: width, height: 600))
            let frames = [scene.endButton.frame, scene.topButton.frame, scene.durationControl.frame, scene.curveControl.frame]
            for (i, a) in frames.enumerated() {
                for b in frames[(i + 1)...] { #expect(!a.intersects(b), "width \(width)") }
                if width >= 300 { #expect(a.maxX <= width - 8, "width \(width)") }
                #expect(a.maxY < scene.listView.frame.minY)
            }
        }
    }
}

// MARK: - Paging scene

@MainActor @Suite("Paging scene") struct PagingSceneTests {
    private func paging(_ options: SceneOptions = SceneOptions(), size: Size = Size(width: 800, height: 600)) throws
        -> (SceneHarness, PagingScene) {
        let h = try SceneHarness("paging", size: size, options: options)
        return (h, try #require(h.scene as? PagingScene))
    }

    @Test func twentyFullWidthPagesWithTruePaging() throws {
        let (h, scene) = try paging()
        h.step()
        #expect(scene.snapBehavior == .paging(snapRatio: 0.1))
        #expect(h.last.viewportSize.width == 800)
        #expect(h.last.contentSize.width == 20 * 800)
        #expect(h.last.firstVisible == 0 && h.last.lastVisible == 0)
        #expect(scene.listView.frame(of: 7) == Rect(x: 7 * 800, y: 0, width: 800, height: scene.listView.frame.height))
    }

    @Test func everyFlingMovesExactlyOnePage() throws {
        let (h, scene) = try paging()
        h.step()
        let y = scene.listView.frame.midY
        // Hard flings to the left (content moves left, offset grows): one page each.
        for page in 1...3 {
            h.drag(from: Point(x: 700, y: y), by: Point(x: -500, y: 0), moves: 4)
            #expect(h.last.offset.x == Double(page) * 800)
            #expect(scene.currentPage == page)
            #expect(h.last.phase == .idle)
        }
        // A very hard one still moves one.
        h.drag(from: Point(x: 790, y: y), by: Point(x: -780, y: 0), moves: 2)
        #expect(h.last.offset.x == 4 * 800)
        // And back.
        h.drag(from: Point(x: 100, y: y), by: Point(x: 600, y: 0), moves: 3)
        #expect(h.last.offset.x == 3 * 800)
    }

    @Test(arguments: [(nil, 0.15, 1), (nil, 0.05, 0), ("0.3", 0.15, 0), ("0.3", 0.35, 1)] as [(String?, Double, Int)])
    func slowDragsTurnThePagePastTheRatio(ratio: String?, fraction: Double, page: Int) throws {
        let (h, scene) = try paging(try SceneOptions(items: nil, snapRatio: ratio))
        h.step()
        h.drag(from: Point(x: 700, y: 200), by: Point(x: -800 * fraction, y: 0), moves: 60)
        #expect(h.last.offset.x == Double(page) * 800)
        #expect(scene.currentPage == page)
    }

    @Test func theCardsRoundButtonTurnsThePage() throws {
        let (h, scene) = try paging()
        h.step()
        let page = Rect(origin: .zero, size: scene.listView.frame.size)
        let knob = try #require(CardCell.knob(inPage: page))
        let at = Point(x: knob.center.x + scene.listView.frame.minX, y: knob.center.y + scene.listView.frame.minY)
        // The button is a pressable view in a scroll view: it looks pressed once the tree's highlight delay
        // has passed (a drag that starts within it never flashes it), and the tap turns the page.
        h.step([.pointerDown(location: at, time: h.now)])
        #expect(!scene.knobPressed)
        h.run(Int((ViewNode.highlightDelay * 60).rounded(.up)) + 1)
        #expect(scene.knobPressed)
        h.step([.pointerUp(location: at, time: h.now)])
        h.run(Int((ViewNode.tapHighlightDuration * 60).rounded(.up)) + 1)
        #expect(!scene.knobPressed)
        h.runUntilIdle()
        #expect(h.last.offset.x == 800)
        // A tap elsewhere on the card does nothing; a drag that starts on the button is a drag.
        h.tap(Point(x: 200, y: 200))
        h.run(30)
        #expect(h.last.offset.x == 800)
        h.drag(from: at, by: Point(x: -300, y: 0), moves: 3)
        #expect(h.last.offset.x == 1600)
        #expect(!scene.knobPressed)
        // From the last page it goes back to the first.
        scene.perform(.scrollToItem(index: 19, position: .start, duration: 0, curve: nil))
        h.step()
        h.tap(at)
        h.runUntilIdle()
        #expect(h.last.offset.x == 0)
    }

    @Test func keysStepAPageAndResizeKeepsIt() throws {
        let (h, scene) = try paging()
        h.step()
        h.key(.right); h.settle()
        h.key(.right); h.settle()
        #expect(h.last.offset.x == 1600)
        h.key(.left); h.settle()
        #expect(h.last.offset.x == 800)
        h.key(.end); h.settle()
        #expect(h.last.offset.x == 19 * 800)
        scene.hostDidResize(to: Size(width: 640, height: 480))
        h.step()
        #expect(h.last.offset.x == 19 * 640)
        #expect(h.last.viewportSize.width == 640)
        #expect(scene.currentPage == 19)
    }
}

// MARK: - Picker scene

@MainActor @Suite("Picker scene", .serialized) struct PickerSceneTests {
    private func picker(size: Size = Size(width: 800, height: 600)) throws -> (SceneHarness, PickerScene) {
        let h = try SceneHarness("picker", size: size)
        return (h, try #require(h.scene as? PickerScene))
    }

    @Test func seventyNineFacesAQuarterOfTheViewportWide() throws {
        let (h, scene) = try picker()
        h.step()
        #expect(scene.faces.numberOfItems == 79)
        #expect(scene.picker.listView.layout.itemLength(0) == 200)
        #expect(h.last.selected == 0)
        #expect(h.last.viewportSize.width == 800)
        let cell = try #require(scene.picker.listView.cell(at: 1) as? FaceCell)
        #expect(cell.face == "\u{1F602}")
        #expect(h.canvas.commands.contains { if case .text("Your Mood!", _, _, _) = $0 { true } else { false } })
        #expect(h.canvas.commands.contains { if case .text("Grinning Face with Smiling Eyes", _, _, _) = $0 { true } else { false } })
        #expect(FontLibrary.shared.emojiFontPath?.hasSuffix("NotoColorEmoji-Faces.ttf") == true)
    }

    @Test func selectionChangesOncePerSettledChange() throws {
        let (h, scene) = try picker()
        h.step()
        let y = scene.picker.frame.midY
        let before = h.trace.count
        h.drag(from: Point(x: 700, y: y), by: Point(x: -300, y: 0), moves: 4)
        let selected = h.trace[before...].map(\.selected)
        let final = h.last.selected
        #expect(final > 1)
        // The column stays on 0 through the fling and changes once, when it comes to rest.
        #expect(zip(selected, selected.dropFirst()).filter { $0 != $1 }.count == 1)
        #expect(scene.selectionChanges == 1)
        // Exactly centred.
        let target = scene.picker.listView.contentOffset(forItem: final, position: .center)
        #expect(h.last.offset.x == target.x)
        #expect(scene.picker.centeredIndex == final)

        // A drag that comes back to the same face: no change.
        h.drag(from: Point(x: 400, y: y), by: Point(x: -30, y: 0), moves: 30)
        #expect(h.last.selected == final)
        #expect(scene.selectionChanges == 1)

        // Keys step one face each (settling in between): one change each.
        for k in 1...3 {
            h.key(.right)
            h.settle()
            #expect(h.last.selected == final + k)
        }
        #expect(scene.selectionChanges == 4)

        // Tapping the face right of centre selects it.
        h.tap(Point(x: 400 + 200, y: y))
        h.settle()
        #expect(h.last.selected == final + 4)
        #expect(scene.selectionChanges == 5)
    }

    @Test func resizeKeepsTheSelectedFaceCentred() throws {
        let (h, scene) = try picker()
        h.step()
        h.key(.right); h.settle()
        h.key(.right); h.settle()
        scene.hostDidResize(to: Size(width: 480, height: 640))
        h.step()
        #expect(h.last.selected == 2)
        #expect(scene.picker.listView.layout.itemLength(0) == 120)
        #expect(h.last.offset.x == scene.picker.listView.contentOffset(forItem: 2, position: .center).x)
    }

    @Test(arguments: ["picker", "paging"])
    func tinyAndZeroSizesAreCalm(name: String) throws {
        let h = try SceneHarness(name)
        h.step()
        h.key(.right)
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 90, height: 40),
                     Size(width: 300, height: 900), Size(width: 800, height: 600)] {
            h.scene.hostDidResize(to: size)
            h.run(3)
            #expect(h.last.offset.x.isFinite && h.last.offset.y.isFinite)
        }
        h.settle()
        #expect(h.last.phase == .idle)
    }

    @Test func unicodeNamesTitleCased() {
        #expect(PickerScene.unicodeNames.count == 79)
        #expect(PickerScene.displayName(ofFace: 0) == "Grinning Face with Smiling Eyes")
        #expect(PickerScene.displayName(ofFace: 1) == "Face with Tears of Joy")
        #expect(PickerScene.displayName(ofFace: 0x1F60D - 0x1F601) == "Smiling Face with Heart-Shaped Eyes")
        #expect(PickerScene.displayName(ofFace: 0x1F645 - 0x1F601) == "Face with No Good Gesture")
        #expect(PickerScene.displayName(ofFace: 0x1F646 - 0x1F601) == "Face with OK Gesture")
        #expect(PickerScene.displayName(ofFace: 0x1F648 - 0x1F601) == "See-No-Evil Monkey")
        #expect(PickerScene.displayName(ofFace: 78) == "Person with Folded Hands")
        #expect(PickerScene.displayName(ofFace: 79) == "")
        #expect(PickerScene.displayName(ofFace: -1) == "")
        #expect(PickerScene.titleCased("A FACE") == "A Face")
    }

    /// The embedded table is the Unicode names of U+1F601…U+1F64F (Foundation's own table agrees).
    @Test func namesTableMatchesUnicode() {
        for (i, name) in PickerScene.unicodeNames.enumerated() {
            let scalar = Unicode.Scalar(0x1F601 + UInt32(i))!
            #expect(scalar.properties.name == name, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func aMissingOrCorruptEmojiFontIsAOneLineErrorNamingTheFile() throws {
        let library = FontLibrary()
        let missing = "/nonexistent/dir/NotoColorEmoji-Faces.ttf"
        do {
            try PickerScene.registerEmojiFont(path: missing, in: library)
            Issue.record("no error for a missing font")
        } catch {
            #expect(error.message.contains(missing))
            #expect(!error.line.contains("\n"))
        }
        let corrupt = FileManager.default.temporaryDirectory.appendingPathComponent("skdemo-corrupt-\(getpid()).ttf").path
        try Data("not a font at all".utf8).write(to: URL(fileURLWithPath: corrupt))
        defer { try? FileManager.default.removeItem(atPath: corrupt) }
        do {
            try PickerScene.registerEmojiFont(path: corrupt, in: library)
            Issue.record("no error for a corrupt font")
        } catch {
            #expect(error.message.contains(corrupt))
            #expect(!error.line.contains("\n"))
        }
        #expect(library.emojiFontPath == nil)
        // The bundled one is found and opens.
        let bundled = DemoResources.path("Fonts/\(PickerScene.emojiFontFile)")
        #expect(FileManager.default.fileExists(atPath: bundled))
        try PickerScene.registerEmojiFont(path: bundled, in: library)
        #expect(library.emojiFontPath == bundled)
    }
}

// MARK: - Through the binary

/// The scenes in the built binary, headless, with scripts and traces (whatever shell hosts them:
/// the pointer positions below lie inside each scene's scroll area at 800x600).
@Suite("Scenes through the binary") struct SceneProcessTests {
    /// The trace's data rows, split into fields.
    private func run(scene: String, events: String, frames: Int) throws -> [[String]] {
        let dir = try DemoProcess.temporaryDirectory("scene-\(scene)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"events": [\#(events)]}"#.utf8).write(to: dir.appendingPathComponent("s.json"))
        let result = try DemoProcess.run(["--headless", "--scene", scene, "--frames", "\(frames)", "--script", "s.json",
                                          "--trace", "t.csv"], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        let rows = try TraceTable(path: dir.appendingPathComponent("t.csv").path).rows
        #expect(rows.count == frames)
        return rows
    }

    private func fling(x0: Double, y0: Double, dx: Double, dy: Double) -> String {
        (0...4).map { k in
            let type = k == 0 ? "down" : "move"
            return #"{"t": \#(0.1 + Double(k) / 60), "type": "\#(type)", "x": \#(x0 + dx * Double(k) / 4), "y": \#(y0 + dy * Double(k) / 4)}"#
        }.joined(separator: ",") + #", {"t": \#(0.1 + 4.0 / 60), "type": "up", "x": \#(x0 + dx), "y": \#(y0 + dy)}"#
    }

    @Test func listEndFillsEveryColumn() throws {
        let rows = try run(scene: "list", events: #"{"t": 0.1, "type": "key", "key": "End"}"#, frames: 150)
        let last = try #require(rows.last)
        let viewport = try #require(Double(last[9]))
        #expect(last[8] == "800")
        #expect(last[11] == "60000" && last[10] == "800")
        #expect(Double(last[4]) == 60000 - viewport)
        #expect(last[13] == "999" && last[7] == "idle" && last[15] == "-1")
        var configured = 0
        for row in rows {
            let offset = try #require(Double(row[4]))
            #expect(Int(row[12]) == Int((offset / 60).rounded(.down)))
            #expect(Int(row[13]) == min(999, Int(((offset + viewport) / 60).rounded(.up)) - 1))
            configured += Int(row[14]) ?? 0
        }
        // Every row that showed was configured once: the first frame's and those that came into view.
        let animating = rows.filter { $0[7] == "animating" }
        #expect(animating.count == 119)
        #expect(animating.allSatisfy { (Double($0[6]) ?? 0) > 0 })
        #expect(configured > 800)
    }

    @Test func pickerSelectedChangesOnceWhenAFlingSettles() throws {
        let rows = try run(scene: "picker", events: fling(x0: 650, y0: 340, dx: -200, dy: 0), frames: 400)
        let selected = rows.map { Int($0[15]) ?? -99 }
        #expect(selected.first == 0)
        let changes = zip(selected, selected.dropFirst()).filter { $0 != $1 }.count
        #expect(changes == 1)
        #expect((selected.last ?? 0) > 1)
        #expect(rows.last?[7] == "idle")
        // The change comes in the frame the motion came to rest.
        let k = try #require(selected.firstIndex { $0 != 0 })
        #expect(rows[k][7] == "idle" && rows[k - 1][7] != "idle")
    }

    @Test func pagingFlingTurnsOnePage() throws {
        let rows = try run(scene: "paging", events: fling(x0: 700, y0: 300, dx: -600, dy: 0), frames: 150)
        #expect(rows.last?[3] == "800")
        #expect(rows.last?[7] == "idle")
        #expect(rows.allSatisfy { (Double($0[3]) ?? -1) <= 800 })
    }
}
