// The settings scene through its accessibility tree, as a screen reader sees it: at text scale 1, 1.5 and 2 no two
// controls overlap and none leaves the window's width; right to left every control is at the mirror of its
// left-to-right frame; the controls work and "Reset all settings" puts the defaults back.

import Foundation
import Motion
import ScrollKit
import ScrollKitSDL
import ScrollKitTesting
import Testing
@testable import ScrollKitGallery

@MainActor
@Suite("Settings scene", .serialized)
struct SettingsSceneTests {
    static let size = Size(width: 800, height: 600)
    static let controlRoles: Set<AccessibleRole> = [.pushButton, .checkBox, .slider, .text, .pageTabList]

    /// The scene in a test app at `scale`, `direction`, settled.
    func app(scale: Double, direction: ReadingDirection = .leftToRight) throws -> (TestApp, SettingsScene) {
        let old = ViewNode.defaultLayoutDirection
        ViewNode.defaultLayoutDirection = direction
        ViewNode.textScale = scale
        defer { ViewNode.defaultLayoutDirection = old }
        let scene = SettingsScene(context: SceneContext(size: Self.size, hz: 60, headless: true))
        scene.root.layoutDirection = direction
        let app = try TestApp(client: scene, size: Self.size, textScale: scale)
        try app.settle()
        return (app, scene)
    }

    /// The controls' nodes (role and name) from the accessibility tree.
    func controls(_ app: TestApp) -> [AccessibleNode] {
        guard let root = app.root else { return [] }
        return root.accessibilitySnapshot().all { Self.controlRoles.contains($0.role) }
    }

    @Test("at text scale 1, 1.5 and 2, no two controls overlap and none leaves the window's width", arguments: [1.0, 1.5, 2.0])
    func noOverlaps(scale: Double) throws {
        let (app, _) = try app(scale: scale)
        let nodes = controls(app)
        #expect(nodes.count == 11, "\(nodes.map(\.label))")
        for node in nodes {
            #expect(node.frame.minX >= 0 && node.frame.maxX <= Self.size.width, "\(node.label) \(node.frame)")
            #expect(node.frame.width > 0 && node.frame.height > 0, "\(node.label)")
        }
        for i in nodes.indices {
            for j in nodes.indices where j > i {
                #expect(nodes[i].frame.intersection(nodes[j].frame).map { $0.width * $0.height } ?? 0 == 0,
                        "\(nodes[i].label) \(nodes[i].frame) overlaps \(nodes[j].label) \(nodes[j].frame)")
            }
        }
        // Labels too: none overlaps a control.
        let labels = app.root!.accessibilitySnapshot().all { $0.role == .label }
        for label in labels {
            for node in nodes {
                #expect(label.frame.intersection(node.frame).map { $0.width * $0.height } ?? 0 == 0, "\(label.label) / \(node.label)")
            }
        }
    }

    @Test("right to left, every control and label is at the mirror of its left-to-right frame", arguments: [1.0, 2.0])
    func rightToLeftMirrors(scale: Double) throws {
        let (ltrApp, _) = try app(scale: scale)
        let (rtlApp, _) = try app(scale: scale, direction: .rightToLeft)
        let roles = Self.controlRoles.union([.label, .heading])
        let ltr = ltrApp.root!.accessibilitySnapshot().all { roles.contains($0.role) }
        let rtl = rtlApp.root!.accessibilitySnapshot().all { roles.contains($0.role) }
        #expect(ltr.count == rtl.count && ltr.count > 20)
        for (a, b) in zip(ltr, rtl) {
            #expect(a.label == b.label)
            #expect(abs(b.frame.minX - (Self.size.width - a.frame.maxX)) < 1e-6 && b.frame.minY == a.frame.minY
                    && b.frame.size == a.frame.size, "\(a.label): \(a.frame) / \(b.frame)")
        }
    }

    @Test("the controls change the settings; Reset all settings puts every default back at once")
    func resetAll() throws {
        let (app, scene) = try app(scale: 1)
        try app.switches["Dark mode"].tap()
        try app.sliders["Brightness"].accessibleElement().setValue(0.2)
        try app.sliders["Alert repeats"].accessibleElement().setValue(7)
        try app.buttons["Language"].tap()       // a menu of the languages, English checked
        try app.settle()
        #expect(app.menus.count == 1 && app.menuItems.count == SettingsScene.languages.count)
        try app.menuItems["العربية"].tap()
        try app.settle()
        #expect(app.menus.count == 0)
        #expect(scene.values != SettingsValues())
        #expect(scene.values.darkMode && scene.values.alertRepeats == 7 && scene.values.language == 1)
        #expect(scene.alertRepeatsValue.text == "7 times")
        scene.scrollToEnd(duration: 0, curve: nil)   // the button is below the window
        try app.settle()
        try app.buttons["Reset all settings"].tap()
        try app.settle()
        // It asks first: an alert, focused on Cancel; nothing is reset yet.
        let alert = app.alerts["Reset all settings?"]
        #expect(alert.exists)
        #expect(try alert.buttons["Cancel"].node().states.contains(.focused))
        #expect(scene.values != SettingsValues())
        try alert.buttons["Reset"].tap()
        app.pump(frames: 30)        // a toast shows for ten seconds: no settling
        #expect(!app.alerts.first.exists)
        #expect(scene.values == SettingsValues())
        #expect(!scene.darkMode.isOn && scene.alertRepeats.value == 2 && scene.alertRepeatsValue.text == "2 times")
        // A toast says so; its Undo brings the old values back.
        #expect(app.toasts["Settings reset"].exists)
        try app.toasts.first.buttons["Undo"].tap()
        app.pump(frames: 30)
        #expect(scene.values.darkMode && scene.values.alertRepeats == 7 && scene.values.language == 1)
        #expect(!app.toasts.first.exists)
    }

    @Test("the backup's Details opens a popover under it; Escape closes it")
    func backupDetails() throws {
        let (app, scene) = try app(scale: 1)
        scene.scrollToEnd(duration: 0, curve: nil)
        try app.settle()
        try app.buttons["Details"].tap()
        try app.settle()
        #expect(app.popovers.count == 1)
        #expect(scene.root.frontmostPresentation == .popover)
        app.send(.key(.escape, time: app.time))
        try app.settle()
        #expect(app.popovers.count == 0 && !scene.wantsQuit)
    }

    @Test("Escape (the one Back) and Cancel dismiss the reset alert and change nothing; the scene runs on")
    func resetCancelled() throws {
        let (app, scene) = try app(scale: 1)
        try app.switches["Dark mode"].tap()
        scene.scrollToEnd(duration: 0, curve: nil)
        try app.settle()
        for dismissal in ["Escape", "Cancel"] {
            if dismissal == "Escape" {
                // By keys: the focused button's Return asks, and focus comes back to it after.
                _ = scene.resetButton.becomeFocused()
                app.send(.key(.enter, time: app.time))
            } else {
                try app.buttons["Reset all settings"].tap()
            }
            try app.settle()
            #expect(app.alerts["Reset all settings?"].exists)
            if dismissal == "Escape" {
                app.send(.key(.escape, time: app.time))
            } else {
                try app.alerts.first.buttons["Cancel"].tap()
            }
            try app.settle()
            #expect(!app.alerts.first.exists, "\(dismissal)")
            #expect(scene.values.darkMode, "\(dismissal)")
            #expect(!scene.wantsQuit, "\(dismissal)")
            if dismissal == "Escape" {   // focus went back to the button that asked
                #expect(try app.buttons["Reset all settings"].node().states.contains(.focused))
            }
        }
    }
}
