// Themes: the WCAG contrast of every built-in theme's text on its backgrounds (against a reference formula and
// published ratios), inheritance down the tree, colours that follow the theme until pinned, and the library's
// views drawing in a dark theme's tokens.

import Foundation
import ScrollKit
import Testing

/// WCAG 2.2's contrast ratio, written out from the standard's definition (the oracle of the library's).
private func referenceRatio(_ a: RGBAColor, _ b: RGBAColor) -> Double {
    func channel(_ v: UInt8) -> Double {
        let s = Double(v) / 255
        return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    func luminance(_ c: RGBAColor) -> Double { 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b) }
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
}

@MainActor @Suite(.serialized) struct ThemeTests {
    @Test("contrast ratios match WebAIM's published figures and the standard's formula")
    func contrastMatchesPublishedFigures() {
        #expect(abs(RGBAColor.black.contrastRatio(against: .white) - 21) < 1e-9)
        #expect(abs(RGBAColor.white.contrastRatio(against: .white) - 1) < 1e-9)
        // WebAIM's contrast checker: #777777 on white is 4.47:1, #0000FF on white 8.59:1, #FF0000 on white 3.99:1.
        #expect(abs(RGBAColor(hex: 0x777777).contrastRatio(against: .white) - 4.48) < 0.01)
        #expect(abs(RGBAColor(hex: 0x0000FF).contrastRatio(against: .white) - 8.59) < 0.01)
        #expect(abs(RGBAColor(hex: 0xFF0000).contrastRatio(against: .white) - 4.0) < 0.01)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let a = RGBAColor(hex: UInt32.random(in: 0...0xFFFFFF, using: &rng))
            let b = RGBAColor(hex: UInt32.random(in: 0...0xFFFFFF, using: &rng))
            #expect(abs(a.contrastRatio(against: b) - referenceRatio(a, b)) < 1e-9)
        }
        // Translucent text is composited over its background first.
        #expect(abs(RGBAColor(r: 0, g: 0, b: 0, a: 128).contrastRatio(against: .white)
                    - referenceRatio(RGBAColor(hex: 0x7F7F7F), .white)) < 0.05)
    }

    /// Every text token on every background it is drawn on: body text (labels) at 4.5:1 (WCAG AA) in light and
    /// dark, 7:1 (AAA) in high contrast; tertiary text, placeholders, tint and destructive (iOS's palette, at
    /// 17 pt and as controls) at 3:1 in light and dark, 7:1 in high contrast; text on tint likewise; keyboard
    /// labels on keys at 4.5:1 and 7:1.
    @Test("every built-in theme's text reads on its backgrounds (WCAG 2.2)", arguments: ["light", "dark", "high-contrast"])
    func builtInThemesMeetWCAG(_ name: String) throws {
        let theme = Theme(scheme: try #require(Theme.ColorScheme(name: name)))
        let c = theme.colors, aaa = theme.name == "high-contrast"
        let grounds = [("background", c.background), ("groupedBackground", c.groupedBackground),
                       ("cellBackground", c.cellBackground), ("barBackground", c.barBackground),
                       ("elevatedBackground", c.elevatedBackground), ("fieldBackground", c.fieldBackground)]
        let body = [("label", c.label), ("secondaryLabel", c.secondaryLabel)]
        let accents = [("tertiaryLabel", c.tertiaryLabel), ("placeholder", c.placeholder), ("tint", c.tint),
                       ("destructive", c.destructive)]
        var checked = 0
        for (groundName, ground) in grounds {
            for (textName, text) in body {
                let ratio = referenceRatio(text, ground)
                #expect(ratio >= (aaa ? 7 : 4.5), "\(name): \(textName) on \(groundName) is \(ratio)")
                checked += 1
            }
            for (textName, text) in accents {
                let ratio = referenceRatio(text, ground)
                #expect(ratio >= (aaa ? 7 : 3), "\(name): \(textName) on \(groundName) is \(ratio)")
                checked += 1
            }
        }
        #expect(referenceRatio(c.label, c.selectedCellBackground) >= (aaa ? 7 : 4.5))
        #expect(referenceRatio(c.onTint, c.tint) >= (aaa ? 7 : 3), "\(name): onTint on tint")
        for key in [c.keyboardKey, c.keyboardFunctionKey] {
            #expect(referenceRatio(c.keyboardLabel, key) >= (aaa ? 7 : 4.5), "\(name): keyboard label")
        }
        #expect(checked == 36)
        #expect(theme.isDark == (name == "dark"))
    }

    @Test("a view inherits the nearest theme up the tree, else the default; moving it re-resolves")
    func inheritance() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = ViewNode(), b = ViewNode(), leaf = ViewNode()
        root.addSubview(a); root.addSubview(b); a.addSubview(leaf)
        #expect(leaf.effectiveTheme == ViewNode.defaultTheme)
        a.theme = .dark
        #expect(leaf.effectiveTheme == .dark && b.effectiveTheme == ViewNode.defaultTheme)
        b.addSubview(leaf)
        #expect(leaf.effectiveTheme == ViewNode.defaultTheme)
        root.theme = .highContrast
        #expect(leaf.effectiveTheme == .highContrast && a.effectiveTheme == .dark)
        leaf.theme = .light
        #expect(leaf.effectiveTheme == .light)
    }

    @Test("a theme change redraws the subtree: every view not setting its own gets a new drawing version")
    func changeRedraws() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = ViewNode(), own = ViewNode(), ownChild = ViewNode()
        root.addSubview(child); root.addSubview(own); own.addSubview(ownChild)
        own.theme = .light
        let before = (root.drawingVersion, child.drawingVersion, own.drawingVersion, ownChild.drawingVersion)
        root.theme = .dark
        #expect(root.drawingVersion != before.0 && child.drawingVersion != before.1)
        #expect(own.drawingVersion == before.2 && ownChild.drawingVersion == before.3)
    }

    @Test("a library colour follows the theme until the app sets it, then stays")
    func colorsFollowUntilPinned() {
        let root = ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let field = TextFieldView(text: "x", placeholder: "Search")
        let button = PushButton(title: "OK", kind: .filled)
        root.addSubview(field); root.addSubview(button)
        root.theme = .light
        #expect(field.fillColor == Theme.light.colors.fieldBackground && button.tint == Theme.light.colors.tint)
        root.theme = .dark
        #expect(field.fillColor == Theme.dark.colors.fieldBackground && field.textColor == Theme.dark.colors.label)
        #expect(button.tint == Theme.dark.colors.tint)
        button.tint = RGBAColor(hex: 0xFF9F0A)
        root.theme = .highContrast
        #expect(button.tint == RGBAColor(hex: 0xFF9F0A))
        #expect(field.fillColor == Theme.highContrast.colors.fieldBackground)
        // A text style of another colour pins the text colour.
        field.textStyle = TextStyle(size: 17, color: RGBAColor(hex: 0x00FF00))
        root.theme = .light
        #expect(field.textColor == RGBAColor(hex: 0x00FF00) && field.textStyle.color == RGBAColor(hex: 0x00FF00))
    }

    /// The colours `view`'s drawing filled with.
    private func fills(_ view: ViewNode, size: Size) -> Set<RGBAColor> {
        let canvas = RecordingCanvas(size: size)
        view.draw(in: canvas)
        var colors: Set<RGBAColor> = []
        for command in canvas.commands {
            switch command {
            case .fill(_, let c), .fillRoundedRect(_, _, let c): colors.insert(c)
            default: break
            }
        }
        return colors
    }

    @Test("in the dark theme a navigation screen, its bar, a field, a list and a cell fill with the dark tokens, none with light backgrounds")
    func libraryViewsDrawDark() {
        let list = ListView(frame: .zero, dataSource: TitledRows(count: 20))
        let field = TextFieldView(text: "", placeholder: "Search")
        let content = ViewNode()
        content.addSubview(field); content.addSubview(list)
        let screen = NavigationScreen(title: "Settings", content: content)
        let stack = NavigationStackView(root: screen, frame: Rect(x: 0, y: 0, width: 400, height: 500))
        stack.theme = .dark
        stack.push(NavigationScreen(title: "Detail", content: ViewNode()), animated: false)
        field.frame = Rect(x: 10, y: 10, width: 300, height: 36)
        list.frame = Rect(x: 0, y: 60, width: 400, height: 300)
        _ = stack.pop(animated: false)
        let used = fills(stack, size: Size(width: 400, height: 500))
        let dark = Theme.dark.colors, light = Theme.light.colors
        #expect(used.contains(dark.barBackground) && used.contains(dark.background))
        #expect(used.contains(dark.fieldBackground) && used.contains(dark.fieldBorder))
        for lightGround in [light.background, light.barBackground, light.fieldBackground, light.groupedBackground] {
            #expect(!used.contains(lightGround), "a light background drawn in the dark theme: \(lightGround)")
        }
        let cell = LabelCell()
        cell.frame = Rect(x: 0, y: 0, width: 300, height: 44)
        cell.title = "Row"
        stack.addSubview(cell)
        #expect(fills(cell, size: Size(width: 300, height: 44)).contains(dark.cellBackground))
    }
}
