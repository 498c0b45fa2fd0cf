// The gallery's theme switch: T or the chrome's button cycles light → dark → high contrast, cross-fading every
// colour (the library's views and the gallery's own) over a quarter of a second on the frame clock.

import Motion
import ScrollKit

extension GalleryShell {
    /// The schemes in the order the switch goes through them.
    static let themeCycle: [Theme.ColorScheme] = [.light, .dark, .highContrast]

    /// The scheme showing (the default theme's name; light for an app's own).
    var currentScheme: Theme.ColorScheme {
        Theme.ColorScheme(name: (themeFade?.to ?? ViewNode.defaultTheme).name) ?? .light
    }

    /// Switches to the next scheme, cross-fading from what shows now (a switch during a fade starts from its mix).
    func cycleTheme() {
        let schemes = Self.themeCycle
        let next = schemes[((schemes.firstIndex(of: currentScheme) ?? 0) + 1) % schemes.count]
        let from = ViewNode.defaultTheme, to = Theme(scheme: next)
        themeFade = (from, to, Animated(TimedSimulation(from: 0, to: 1, duration: ViewNode.themeCrossFadeDuration,
                                                        curve: .easeInOutCubic)))
        showThemeName()
    }

    /// Shows a frame of the fade: the default theme, which every view of every scene reads, is the mix.
    func stepThemeFade(_ tick: FrameTick) {
        guard var f = themeFade else { return }
        let t = f.fade.sample(tick)
        let shown = f.fade.isFinished ? f.to : f.from.mixed(with: f.to, fraction: t)
        ViewNode.defaultTheme = shown          // what the gallery's own colours read
        themeFade = f.fade.isFinished ? nil : f
        window.setNeedsDisplay()
        tabBar.applyTheme()
        tabBar.setNeedsDisplay()
        // Each scene's tree is told (its views rebuild what they derive from the theme; lists configure their
        // cells again), then inherits the default once more.
        for tab in tabs {
            tab.scene?.themeDidChange()
            guard let root = tab.scene?.accessibilityRoot else { continue }
            root.theme = shown
            root.theme = nil
        }
    }

    /// The switch's title: the scheme showing.
    func showThemeName() {
        switch currentScheme {
        case .light: tabBar.themeButton.title = "Light"
        case .dark: tabBar.themeButton.title = "Dark"
        case .highContrast: tabBar.themeButton.title = "Contrast"
        }
    }
}
