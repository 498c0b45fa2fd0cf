// ThemeMetrics, TypeScale and FocusRingStyle: a theme's sizes, text styles and focus look.

/// Corner radii and spacing of a ``Theme``.
public struct ThemeMetrics: Sendable, Hashable {
    /// Small controls' corners (fields, bordered buttons, segments).
    public var smallCornerRadius: Double
    /// Cards, sheets and grouped sections.
    public var cornerRadius: Double
    /// Alerts and popovers.
    public var largeCornerRadius: Double
    /// The standard space between related controls, and around a screen's content.
    public var spacing: Double
    public var margin: Double

    public init(smallCornerRadius: Double = 8, cornerRadius: Double = 12, largeCornerRadius: Double = 14,
                spacing: Double = 8, margin: Double = 16) {
        self.smallCornerRadius = smallCornerRadius; self.cornerRadius = cornerRadius
        self.largeCornerRadius = largeCornerRadius; self.spacing = spacing; self.margin = margin
    }
}

/// The text styles of a ``Theme``, by role (sizes at text scale 1; the text scale grows them).
public struct TypeScale: Sendable, Hashable {
    public var largeTitle: Double
    public var title: Double
    public var headline: Double
    public var body: Double
    public var subheadline: Double
    public var footnote: Double
    public var caption: Double

    public init(largeTitle: Double = 32, title: Double = 20, headline: Double = 17, body: Double = 17,
                subheadline: Double = 15, footnote: Double = 13, caption: Double = 12) {
        self.largeTitle = largeTitle; self.title = title; self.headline = headline; self.body = body
        self.subheadline = subheadline; self.footnote = footnote; self.caption = caption
    }

    /// A text style of `role`'s size in `color`; headlines and titles are bold.
    public func style(_ role: Role, color: RGBAColor, maximumScale: Double = .infinity) -> TextStyle {
        let size: Double
        let weight: TextStyle.Weight
        switch role {
        case .largeTitle: (size, weight) = (largeTitle, .bold)
        case .title: (size, weight) = (title, .bold)
        case .headline: (size, weight) = (headline, .bold)
        case .body: (size, weight) = (body, .regular)
        case .subheadline: (size, weight) = (subheadline, .regular)
        case .footnote: (size, weight) = (footnote, .regular)
        case .caption: (size, weight) = (caption, .regular)
        }
        return TextStyle(size: size, weight: weight, color: color, maximumScale: maximumScale)
    }

    /// The roles of ``style(_:color:maximumScale:)``.
    public enum Role: Sendable, Hashable, CaseIterable {
        case largeTitle, title, headline, body, subheadline, footnote, caption
    }
}

/// How the focus ring looks: its colour, width and distance outside the view, and whether it follows the
/// focused view's corners (``ViewNode/focusCornerRadius``) or is square.
public struct FocusRingStyle: Sendable, Hashable {
    public var color: RGBAColor
    public var width: Double
    public var outset: Double
    /// Rounded to the view's own corner radius (plus the outset) rather than square.
    public var followsCorners: Bool

    public init(color: RGBAColor, width: Double = 3, outset: Double = 3, followsCorners: Bool = true) {
        self.color = color; self.width = width; self.outset = outset; self.followsCorners = followsCorners
    }
}
