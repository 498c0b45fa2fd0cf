// A theme change that cross-fades: every colour token mixed from the old theme to the new over a fifth of a
// second, ticked by the window's presentation layer on the frame clock.

import Motion

extension ThemeColors {
    /// Every token's key path, in ``tokens``' order.
    static var keyPaths: [WritableKeyPath<ThemeColors, RGBAColor>] { [
        \.background, \.groupedBackground, \.cellBackground, \.selectedCellBackground, \.elevatedBackground,
        \.barBackground, \.barSeparator, \.fieldBackground, \.fieldBorder, \.disabledFieldBackground, \.label,
        \.secondaryLabel, \.tertiaryLabel, \.placeholder, \.tint, \.pressedTint, \.onTint, \.destructive,
        \.positive, \.neutralAction, \.separator, \.fill, \.controlFace, \.pressedControlFace, \.controlBorder,
        \.knob, \.pressedOverlay, \.scrollIndicator, \.scrim, \.shadow, \.keyboardTray, \.keyboardKey,
        \.keyboardFunctionKey, \.keyboardKeyShadow, \.keyboardLabel,
    ] }

    /// These colours mixed token by token with `other` by `fraction` (0: these, 1: `other`, exactly).
    public func mixed(with other: ThemeColors, fraction: Double) -> ThemeColors {
        var out = self
        for k in Self.keyPaths { out[keyPath: k] = self[keyPath: k].mixed(with: other[keyPath: k], fraction: fraction) }
        return out
    }
}

extension Theme {
    /// The theme part way from this one to `other` (`fraction` 0…1): its colours and the focus ring's colour and
    /// width mixed; its name, type scale, metrics and darkness are `other`'s (a cross-fade never changes layout).
    public func mixed(with other: Theme, fraction: Double) -> Theme {
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        if f >= 1 { return other }
        var ring = other.focusRing
        ring.color = focusRing.color.mixed(with: other.focusRing.color, fraction: f)
        ring.width = focusRing.width + (other.focusRing.width - focusRing.width) * f
        return Theme(name: other.name, colors: colors.mixed(with: other.colors, fraction: f), type: other.type,
                     metrics: other.metrics, focusRing: ring, isDark: other.isDark)
    }
}

/// A view's theme cross-fading to a new one.
@MainActor
final class ThemeTransition {
    weak var view: ViewNode?
    let from: Theme, to: Theme
    /// What the view's ``ViewNode/theme`` is once done (nil: it inherits again).
    let final: Theme?
    var fade: Animated<TimedSimulation>

    init(view: ViewNode, from: Theme, to: Theme, final: Theme?) {
        self.view = view
        self.from = from
        self.to = to
        self.final = final
        fade = Animated(TimedSimulation(from: 0, to: 1, duration: ViewNode.themeCrossFadeDuration, curve: .easeInOutCubic))
    }

    /// Shows the frame's mix; returns whether it is done.
    func step(_ tick: FrameTick) -> Bool {
        guard let view else { return true }
        let f = fade.sample(tick)
        if fade.isFinished {
            view.storedTheme = final.map(ThemeBox.init)
        } else {
            view.storedTheme = ThemeBox(from.mixed(with: to, fraction: f))
        }
        ThemeState.generation &+= 1
        view.themeChanged()
        return fade.isFinished
    }
}

extension ViewNode {
    /// Seconds a theme change made with ``setTheme(_:animated:)`` takes to cross-fade.
    public static let themeCrossFadeDuration = 0.25

    /// Sets ``theme``, cross-fading every colour from the old effective theme to the new one over
    /// ``themeCrossFadeDuration`` (`animated`), or at once. A night-mode switch: `root.setTheme(.dark, animated: true)`.
    /// Layout never changes during the fade (the type scale and metrics are the new theme's from the start).
    /// The fade is a colour change, not motion: it runs while motion is reduced too.
    public func setTheme(_ new: Theme?, animated: Bool) {
        let layer = presentationLayer(make: false)
        layer?.themeTransitions.removeAll { $0.view === self }
        let from = effectiveTheme
        guard animated, let host = presentationLayer(make: true) else { theme = new; layer?.leaveIfIdle(); return }
        theme = new
        let to = effectiveTheme
        guard to != from else { host.leaveIfIdle(); return }
        storedTheme = ThemeBox(from)
        ThemeState.generation &+= 1
        host.themeTransitions.append(ThemeTransition(view: self, from: from, to: to, final: new))
        host.setNeedsDisplay()
    }

    /// Whether this view's theme is cross-fading (``setTheme(_:animated:)``).
    public var isThemeTransitioning: Bool {
        presentationLayer(make: false)?.themeTransitions.contains { $0.view === self } ?? false
    }
}
