// ViewNode's theme: the theme set on a view, the effective one inherited down the tree (the window's default at
// the root), and the redraw a change causes.

/// A theme held by reference, so a view stores one pointer and a resolved theme costs no copy of its tokens.
final class ThemeBox: Sendable {
    let theme: Theme
    init(_ theme: Theme) { self.theme = theme }
}

/// The default theme's box, and the generation bumped by every theme change anywhere.
@MainActor
enum ThemeState {
    static var defaultBox = ThemeBox(.light)
    static var generation: UInt64 = 0
}

extension ViewNode {
    /// The theme of trees whose root sets none: ``Theme/light`` until a host sets it (ScrollKitSDL's window
    /// host sets it from `--color-scheme`, `SCROLLKIT_COLOR_SCHEME` or GNOME's `color-scheme`). Set it before
    /// building a tree; to switch a shown tree at run time, set its root's ``theme`` (which redraws it).
    public static var defaultTheme: Theme {
        get { ThemeState.defaultBox.theme }
        set { ThemeState.defaultBox = ThemeBox(newValue); ThemeState.generation &+= 1 }
    }

    /// The theme set on this view for its subtree, or `nil` (the default) to inherit its superview's. Setting it
    /// redraws the subtree (each view's ``effectiveThemeDidChange()``).
    public var theme: Theme? {
        get { storedTheme?.theme }
        set {
            guard newValue != storedTheme?.theme else { return }
            storedTheme = newValue.map(ThemeBox.init)
            ThemeState.generation &+= 1
            themeChanged()
        }
    }

    /// The theme the view draws with: its own ``theme``, else its superview's effective one, else
    /// ``defaultTheme``. O(1) in steady state (cached; re-resolved after any theme change or tree move).
    public var effectiveTheme: Theme { effectiveThemeBox.theme }

    /// A theme generation: it changes whenever any view's effective theme may have changed, so a view can cache
    /// what it derives from its theme (a cell's ``StandardCell/Appearance``) and rebuild it only then.
    public var themeGeneration: UInt64 { ThemeState.generation &+ ViewNode.directionGeneration &* 0x9E37_79B9 }

    var effectiveThemeBox: ThemeBox {
        let tree = ViewNode.directionGeneration, generation = ThemeState.generation
        if resolvedTheme.tree == tree, resolvedTheme.theme == generation, let box = resolvedTheme.box { return box }
        var box = ThemeState.defaultBox
        var view: ViewNode? = self
        while let v = view {
            if let set = v.storedTheme { box = set; break }
            view = v.superview
        }
        resolvedTheme = (tree, generation, box)
        return box
    }

    /// The subtree under a theme change: each view not setting its own theme is told.
    func themeChanged() {
        effectiveThemeDidChange()
        var i = 0
        while i < storedSubviews.count {
            let sub = storedSubviews[i]
            if sub.storedTheme == nil { sub.themeChanged() }
            i += 1
        }
    }
}
