// ThemeColor: a view's colour property that follows the view's theme until the app sets it.

/// Marks a colour property of a ``ViewNode`` as one of its theme's tokens: reading it gives the token of the
/// view's ``ViewNode/effectiveTheme`` (so it changes with the theme), until the app sets it, which pins that
/// colour for the view. A write is an input of the view's drawing (as ``DrawingInput``).
///
/// ```swift
/// final class Badge: ViewNode {
///     @ThemeColor(\.tint) var fill: RGBAColor
///     @ThemeColor(\.onTint) var ink: RGBAColor
/// }
/// ```
@propertyWrapper
public struct ThemeColor {
    @usableFromInline var pinned: RGBAColor?
    @usableFromInline let token: KeyPath<ThemeColors, RGBAColor>

    /// A colour that follows `token` of the view's theme.
    public init(_ token: KeyPath<ThemeColors, RGBAColor>) { self.token = token }

    /// Not available: the property is read and written through the view that holds it.
    @available(*, unavailable, message: "@ThemeColor is for properties of a ViewNode")
    public var wrappedValue: RGBAColor {
        get { fatalError("@ThemeColor is for properties of a ViewNode") }
        set { fatalError("@ThemeColor is for properties of a ViewNode") }
    }

    /// The colour, read through `view`'s theme unless pinned; a write pins it and bumps the view's
    /// ``ViewNode/drawingVersion``.
    @MainActor @inlinable
    public static subscript<View: ViewNode>(
        _enclosingInstance view: View,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<View, RGBAColor>,
        storage storageKeyPath: ReferenceWritableKeyPath<View, ThemeColor>
    ) -> RGBAColor {
        get {
            let stored = view[keyPath: storageKeyPath]
            return stored.pinned ?? view.effectiveTheme.colors[keyPath: stored.token]
        }
        set {
            view[keyPath: storageKeyPath].pinned = newValue
            view.drawingInputChanged()
        }
    }
}

/// An optional colour property of a ``ViewNode`` (`nil` draws nothing, for example no separator) that is its
/// theme's token until the app sets it: to a colour (pinned) or to `nil` (none).
@propertyWrapper
public struct OptionalThemeColor {
    @usableFromInline var pinned: RGBAColor??
    @usableFromInline let token: KeyPath<ThemeColors, RGBAColor>

    /// A colour that follows `token` of the view's theme until set.
    public init(_ token: KeyPath<ThemeColors, RGBAColor>) { self.token = token }

    /// Not available: the property is read and written through the view that holds it.
    @available(*, unavailable, message: "@OptionalThemeColor is for properties of a ViewNode")
    public var wrappedValue: RGBAColor? {
        get { fatalError("@OptionalThemeColor is for properties of a ViewNode") }
        set { fatalError("@OptionalThemeColor is for properties of a ViewNode") }
    }

    /// The colour, read through `view`'s theme unless set; a write pins it (a colour or `nil`).
    @MainActor @inlinable
    public static subscript<View: ViewNode>(
        _enclosingInstance view: View,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<View, RGBAColor?>,
        storage storageKeyPath: ReferenceWritableKeyPath<View, OptionalThemeColor>
    ) -> RGBAColor? {
        get {
            let stored = view[keyPath: storageKeyPath]
            if let pinned = stored.pinned { return pinned }
            return view.effectiveTheme.colors[keyPath: stored.token]
        }
        set {
            view[keyPath: storageKeyPath].pinned = .some(newValue)
            view.drawingInputChanged()
        }
    }
}
