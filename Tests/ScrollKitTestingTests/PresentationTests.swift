// Presentations through the public API and ScrollKitTesting's queries, as an app uses them: an alert presented
// from a nested button covers the whole window (a press beside it reaches nothing), traps focus, answers Back
// and gives focus back; action sheets, menus with submenus and context menus (right click, Menu key, long
// press), popovers that flip at the window's edge, and toasts that time out on the frame clock and never block.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing

/// A head unit's screen: a now-playing button along the right edge, and a panel with the button that asks.
@MainActor
final class HeadUnitScreen: ViewNode {
    let play = PushButton(title: "Play")
    let ask = PushButton(title: "Reset")
    let panel = ViewNode()
    var plays = 0

    init() {
        super.init(frame: .zero)
        play.action = { [unowned self] _ in plays += 1 }
        for b in [play, ask] { b.isFocusable = true }
        panel.addSubview(ask)
        addSubview(panel)
        addSubview(play)
    }

    override func layoutSubviews() {
        play.frame = Rect(x: bounds.width - 140, y: bounds.height - 70, width: 120, height: 50)
        panel.frame = Rect(x: 0, y: 0, width: bounds.width - 160, height: bounds.height)
        ask.frame = Rect(x: 40, y: 40, width: 140, height: 44)
    }
}

/// Records what the handlers did (they are @Sendable: a main-actor box).
@MainActor
final class Calls {
    var names: [String] = []
}

@MainActor
@Suite("Presentations", .serialized)
struct PresentationTests {
    func app(_ screen: HeadUnitScreen = HeadUnitScreen()) throws -> (TestApp, HeadUnitScreen) {
        let app = try TestApp(root: screen, size: Size(width: 800, height: 480))
        try app.settle()
        return (app, screen)
    }

    @Test("an alert covers the whole window: it has focus, a press beside it reaches nothing, Tab stays inside, Back cancels it and focus comes back")
    func alertIsModal() throws {
        let (app, screen) = try app()
        let calls = Calls()
        _ = screen.ask.becomeFocused()
        screen.ask.present(AlertDialog(title: "Reset all settings?", message: "This cannot be undone.", actions: [
            AlertAction("Cancel", style: .cancel) { calls.names.append("cancel") },
            AlertAction("Reset", style: .destructive) { calls.names.append("reset") },
        ]))
        try app.settle()
        let alert = app.alerts["Reset all settings?"]
        #expect(alert.exists)
        #expect(try alert.node().hint == "This cannot be undone.")
        #expect(try alert.buttons["Cancel"].node().states.contains(.focused))
        #expect(screen.frontmostPresentation == .alert)
        // The scrim takes the press on the now-playing button beside the panel: nothing plays, the alert stays.
        app.tap(at: Point(x: 720, y: 435))
        try app.settle()
        #expect(screen.plays == 0 && alert.exists)
        // Tab goes round the alert's two buttons, never to the screen beneath.
        var seen: Set<String> = []
        for _ in 0..<5 {
            app.send(.key(.tab, time: app.time))
            app.pump(frames: 1)
            seen.insert(screen.focusedAccessibilityLabel)
        }
        #expect(seen == ["Cancel", "Reset"])
        // Back is the cancel action.
        app.send(.key(.escape, time: app.time))
        try app.settle()
        #expect(!app.alerts.first.exists)
        #expect(calls.names == ["cancel"])
        #expect(screen.frontmostPresentation == PresentationKind.none)
        #expect(screen.focusedAccessibilityLabel == "Reset")
        // The screen works again.
        app.tap(at: Point(x: 720, y: 435))
        try app.settle()
        #expect(screen.plays == 1)
    }

    @Test("two short buttons sit side by side, mirrored right to left; three, or long titles, stack")
    func alertButtonLayout() throws {
        let (app, screen) = try app()
        let two = screen.present(AlertDialog(title: "Delete?", actions: [AlertAction("Cancel", style: .cancel), AlertAction("Delete", style: .destructive)]), animated: false)
        try app.settle()
        let cancel = try app.alerts.first.buttons["Cancel"].frame, delete = try app.alerts.first.buttons["Delete"].frame
        #expect(cancel.minY == delete.minY && cancel.maxX <= delete.minX)
        two.dismiss(animated: false)
        screen.layoutDirection = .rightToLeft
        screen.present(AlertDialog(title: "Delete?", actions: [AlertAction("Cancel", style: .cancel), AlertAction("Delete", style: .destructive)]), animated: false)
        try app.settle()
        let c2 = try app.alerts.first.buttons["Cancel"].frame, d2 = try app.alerts.first.buttons["Delete"].frame
        #expect(c2.minY == d2.minY && d2.maxX <= c2.minX)
        screen.dismissTopPresentation(animated: false)
        screen.present(AlertDialog(title: "Save changes?", actions: [AlertAction("Save"), AlertAction("Don't Save", style: .destructive), AlertAction("Cancel", style: .cancel)]), animated: false)
        try app.settle()
        let frames = try ["Save", "Don't Save", "Cancel"].map { try app.alerts.first.buttons[$0].frame }
        #expect(frames[0].maxY <= frames[1].minY && frames[1].maxY <= frames[2].minY, "\(frames)")
    }

    @Test("an action sheet sits at the bottom; a press outside it is its cancel")
    func actionSheet() throws {
        let (app, screen) = try app()
        let calls = Calls()
        screen.ask.present(AlertDialog(title: "Share", actions: [
            AlertAction("Copy link") { calls.names.append("copy") },
            AlertAction("Cancel", style: .cancel) { calls.names.append("cancel") },
        ], style: .actionSheet))
        try app.settle()
        let sheet = app.sheets["Share"]
        #expect(sheet.exists)
        #expect(try sheet.frame.maxY > 400)
        app.tap(at: Point(x: 400, y: 40))
        try app.settle()
        #expect(!sheet.exists && calls.names == ["cancel"])
    }

    static func mailMenu(_ calls: Calls) -> PopupMenu {
        PopupMenu(title: "Message", children: [
            .action(MenuAction("Mark as Read") { calls.names.append("read") }),
            .submenu(PopupMenu(title: "Move to", children: [
                .action(MenuAction("Archive") { calls.names.append("archive") }),
                .action(MenuAction("Junk") { calls.names.append("junk") }),
            ])),
            .divider,
            .action(MenuAction("Delete", isDestructive: true) { calls.names.append("delete") }),
        ])
    }

    @Test("a menu by keys: focus on the first item, Down moves, the trailing arrow opens a submenu beside it, the leading one closes it, Return chooses and closes them all")
    func menuKeys() throws {
        let (app, screen) = try app()
        let calls = Calls()
        screen.ask.presentMenu(Self.mailMenu(calls))
        try app.settle()
        #expect(app.menus.count == 1 && app.menuItems.count == 3)
        #expect(screen.frontmostPresentation == .menu)
        // Under the button it came from.
        let menuFrame = try app.menus.first.frame, askFrame = screen.ask.frameInRoot
        #expect(menuFrame.minY >= askFrame.maxY && abs(menuFrame.minX - askFrame.minX) < 1)
        #expect(screen.focusedAccessibilityLabel == "Mark as Read")
        app.send(.key(.down, time: app.time)); app.pump(frames: 1)
        #expect(screen.focusedAccessibilityLabel == "Move to")
        app.send(.key(.right, time: app.time)); try app.settle()
        #expect(app.menus.count == 2)
        #expect(screen.focusedAccessibilityLabel == "Archive")
        let sub = try app.menus["Move to"].frame
        #expect(sub.minX >= menuFrame.maxX - 8)
        app.send(.key(.left, time: app.time)); try app.settle()
        #expect(app.menus.count == 1 && screen.focusedAccessibilityLabel == "Move to")
        app.send(.key(.right, time: app.time)); try app.settle()
        app.send(.key(.down, time: app.time)); app.pump(frames: 1)
        app.send(.key(.enter, time: app.time)); try app.settle()
        #expect(app.menus.count == 0 && calls.names == ["junk"])
        #expect(screen.focusedAccessibilityLabel == "Reset" || screen.focusedAccessibilityLabel == "")
    }

    @Test("a context menu opens where the right click was, under the focused view for the Menu key, and on a long press; a press outside closes it")
    func contextMenus() throws {
        let (app, screen) = try app()
        let calls = Calls()
        var asked: [Point] = []
        screen.panel.contextMenuProvider = { point in
            asked.append(point)
            return point.y > 300 ? nil : Self.mailMenu(calls)     // nothing to offer down there
        }
        app.send(.secondaryClick(location: Point(x: 300, y: 200), time: app.time))
        try app.settle()
        #expect(app.menus.count == 1)
        let f = try app.menus.first.frame
        #expect(abs(f.minX - 300) < 1 && abs(f.minY - 200) < 1)
        app.tap(at: Point(x: 700, y: 60))    // outside: closes it, chooses nothing
        try app.settle()
        #expect(app.menus.count == 0 && calls.names.isEmpty)
        app.send(.secondaryClick(location: Point(x: 300, y: 400), time: app.time))
        try app.settle()
        #expect(app.menus.count == 0 && asked.last == Point(x: 300, y: 400))
        // The Menu key: under the focused button (inside the panel).
        _ = screen.ask.becomeFocused()
        app.send(.key(.contextMenu, time: app.time))
        try app.settle()
        #expect(app.menus.count == 1)
        #expect(try app.menus.first.frame.minY >= screen.ask.frameInRoot.maxY)
        app.send(.key(.escape, time: app.time))
        try app.settle()
        #expect(app.menus.count == 0 && screen.focusedAccessibilityLabel == "Reset")
        // A long press on the panel.
        app.longPress(at: Point(x: 400, y: 250), duration: 0.7)
        try app.settle()
        #expect(app.menus.count == 1)
        try app.menuItems["Delete"].tap()
        try app.settle()
        #expect(app.menus.count == 0 && calls.names == ["delete"])
    }

    @Test("a menu at a point near the window's corner flips to stay inside it; right to left it opens towards the left")
    func menuFlips() throws {
        let (app, screen) = try app()
        let calls = Calls()
        screen.presentMenu(Self.mailMenu(calls), at: Point(x: 790, y: 470), animated: false)
        try app.settle()
        let f = try app.menus.first.frame
        #expect(f.maxX <= 800 - 7.9 && f.maxY <= 480 - 7.9 && f.minX >= 0 && f.minY >= 0, "\(f)")
        #expect(f.maxX <= 790.5 && f.maxY <= 470.5)
        screen.dismissTopPresentation(animated: false)
        screen.layoutDirection = .rightToLeft
        screen.presentMenu(Self.mailMenu(calls), at: Point(x: 500, y: 100), animated: false)
        try app.settle()
        let r = try app.menus.first.frame
        #expect(abs(r.maxX - 500) < 1 && abs(r.minY - 100) < 1, "\(r)")
    }

    @Test("a popover points at its view: below it when there is room, above it near the bottom edge; Back closes it")
    func popovers() throws {
        let (app, screen) = try app()
        let info = LabelView("Playing from the car's library", maxLines: 0)
        let below = screen.ask.presentPopover(info, size: Size(width: 200, height: 60), animated: false)
        try app.settle()
        #expect(app.popovers.count == 1 && !below.opensAbove)
        #expect(below.frame.minY >= screen.ask.frameInRoot.maxY)
        app.send(.key(.escape, time: app.time))
        try app.settle()
        #expect(app.popovers.count == 0)
        let above = screen.play.presentPopover(LabelView("Now playing"), size: Size(width: 160, height: 40), animated: false)
        try app.settle()
        #expect(above.opensAbove && above.frame.maxY <= screen.play.frameInRoot.minY)
        #expect(above.frame.maxX <= 800 - 7.9)   // slid inside the window's right edge
    }

    @Test("a toast announces itself, never blocks the window, and leaves when its time is up on the frame clock")
    func toasts() throws {
        let (app, screen) = try app()
        let calls = Calls()
        screen.showToast(Toast("Settings saved"))
        app.pump(frames: 20)
        #expect(app.toasts["Settings saved"].exists)
        #expect(screen.frontmostPresentation == .toast)
        app.tap(at: Point(x: 720, y: 435))      // the button beside it still plays
        app.pump(frames: 10)
        #expect(screen.plays == 1)
        app.pump(seconds: 3)
        #expect(app.toasts.first.exists)
        app.pump(seconds: 1.5)
        #expect(!app.toasts.first.exists && screen.frontmostPresentation == PresentationKind.none)
        // With an action: a new toast replaces the old, and its button runs the action.
        screen.showToast(Toast("Message deleted", action: ToastAction("Undo") { calls.names.append("undo") }))
        screen.showToast(Toast("2 messages deleted", action: ToastAction("Undo") { calls.names.append("undo 2") }))
        app.pump(frames: 30)
        #expect(app.toasts.count == 1)
        try app.toasts.first.buttons["Undo"].tap()
        app.pump(frames: 30)
        #expect(calls.names == ["undo 2"] && !app.toasts.first.exists)
    }

    @Test("presented from a view inside a scrolled scroll view that is the window's root, an alert stays in the window")
    func scrolledRoot() throws {
        let content = ViewNode(frame: Rect(x: 0, y: 0, width: 800, height: 3000))
        let button = PushButton(title: "Ask", frame: Rect(x: 20, y: 2000, width: 100, height: 44))
        content.addSubview(button)
        let scroll = ScrollingView(frame: Rect(x: 0, y: 0, width: 800, height: 480))
        scroll.contentSize = Size(width: 800, height: 3000)
        scroll.addSubview(content)
        let app = try TestApp(root: scroll, size: Size(width: 800, height: 480))
        scroll.setContentOffset(Point(x: 0, y: 1800), animated: false)
        try app.settle()
        button.present(AlertDialog(title: "Sure?"), animated: false)
        try app.settle()
        let f = try app.alerts["Sure?"].frame
        #expect(f.minY > 100 && f.maxY < 380 && abs(f.midX - 400) < 1, "\(f)")
        try app.alerts.first.buttons["OK"].tap()
        try app.settle()
        #expect(!app.alerts.first.exists)
    }

    @Test("bad input: a NaN point anchors the menu under its view; a window of no size shows and dismisses without trouble")
    func badInput() throws {
        let (app, screen) = try app()
        screen.ask.presentMenu(PopupMenu(children: [.action(MenuAction("One"))]), at: Point(x: .nan, y: 3), animated: false)
        try app.settle()
        #expect(try app.menus.first.frame.minY >= screen.ask.frameInRoot.maxY)
        screen.dismissTopPresentation(animated: false)
        let tiny = ViewNode(frame: .zero)
        tiny.present(AlertDialog(title: "", message: nil, actions: []))
        tiny.presentMenu(PopupMenu(children: []))
        tiny.showToast(Toast("", duration: .nan))
        tiny.step(FrameTick(index: 0, timestamp: 0, targetTimestamp: 1.0 / 60, duration: 1.0 / 60))
        #expect(tiny.presentedViews.count == 3)
        #expect(tiny.performBack() && tiny.presentedViews.filter(\.isDismissing).map(\.kind) == [.menu])
        #expect(tiny.performBack() && tiny.presentedViews.filter(\.isDismissing).map(\.kind) == [.alert, .menu])
        tiny.step(FrameTick(index: 1, timestamp: 10, targetTimestamp: 10 + 1.0 / 60, duration: 1.0 / 60))
        tiny.step(FrameTick(index: 2, timestamp: 20, targetTimestamp: 20 + 1.0 / 60, duration: 1.0 / 60))
        #expect(tiny.presentedViews.map(\.kind) == [.toast])
        #expect(!tiny.performBack())   // a toast takes no Back
    }

    @Test("while motion is reduced a presentation only fades: its frame is the same every frame, its opacity rises")
    func reducedMotion() throws {
        let (app, screen) = try app()
        let saved = ViewNode.isReduceMotionEnabled
        ViewNode.isReduceMotionEnabled = true
        defer { ViewNode.isReduceMotionEnabled = saved }
        let alert = screen.present(AlertDialog(title: "Quiet"))
        var frames: Set<Rect> = [], opacities: [Double] = []
        for _ in 0..<15 {
            app.pump(frames: 1)
            frames.insert(alert.frame)
            opacities.append(alert.opacity)
        }
        #expect(frames.count == 1)
        #expect(opacities.first! < 1 && opacities.last! == 1 && opacities == opacities.sorted())
        ViewNode.isReduceMotionEnabled = false
        let moving = screen.present(AlertDialog(title: "Lively"))
        var moved: Set<Double> = []
        for _ in 0..<15 { app.pump(frames: 1); moved.insert(moving.frame.minY) }
        #expect(moved.count > 3)
    }

    @Test("setTheme(_:animated:) cross-fades every colour on the frame clock and lands exactly on the new theme; a label made in a theme colour follows it")
    func themeCrossFade() throws {
        let (app, screen) = try app()
        let label = LabelView("Now playing", style: LabelView.Style.body)
        screen.panel.addSubview(label)
        let light = Theme.light.colors.background, dark = Theme.dark.colors.background
        screen.setTheme(.dark, animated: true)
        #expect(screen.isThemeTransitioning)
        var seen: [RGBAColor] = []
        for _ in 0..<6 { app.pump(frames: 1); seen.append(screen.effectiveTheme.colors.background) }
        #expect(seen.contains { $0 != light && $0 != dark }, "\(seen)")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.r >= $1.r })     // light to dark, never back
        app.pump(seconds: 0.5)
        #expect(!screen.isThemeTransitioning && screen.theme == .dark && screen.effectiveTheme == .dark)
        #expect(label.style.color == Theme.dark.colors.label)
        #expect(screen.presentedViews.isEmpty && !screen.subviews.contains { $0.subviews.isEmpty && $0 !== screen.play && $0 !== screen.panel })
        screen.setTheme(nil, animated: false)
        #expect(screen.effectiveTheme == ViewNode.defaultTheme && label.style.color == ViewNode.defaultTheme.colors.label)
        // Mixing: exactly the ends at 0 and 1, and NaN counts as 0.
        #expect(Theme.light.mixed(with: .dark, fraction: 1) == .dark)
        #expect(Theme.light.mixed(with: .dark, fraction: .nan).colors == Theme.light.colors)
    }
}
