// AccessibleNode: a plain-value snapshot of one accessible element (role, name, states, extents, actions, children).

/// One element of the accessibility tree as it is now: a plain value, so tests and tools read the tree
/// without any platform (``ViewNode/accessibilitySnapshot(depth:)``), and the platform bridge answers a
/// screen reader's questions from it. Names follow AT-SPI2: ``label`` is the accessible name, ``hint`` the
/// description.
public struct AccessibleNode: Sendable, Hashable {
    /// What kind of element it is.
    public var role: AccessibleRole
    /// Its accessible name: a title, a label's text, or ``ViewNode/accessibilityLabel``.
    public var label: String
    /// Its accessible description (``ViewNode/accessibilityHint``).
    public var hint: String
    /// Its value as text (a picker's selected item, a slider's value), or `nil`.
    public var value: String?
    /// Its numeric value, for sliders and pickers.
    public var range: AccessibleRange?
    /// Its text content, for labels, headings and text fields (AT-SPI's Text interface), or `nil`.
    public var text: String?
    /// The states it is in.
    public var states: AccessibleStates
    /// Its rectangle in the root view's coordinates (the window's), in points. A list item that is not
    /// showing has the rectangle it would have in the content, moved as the content is.
    public var frame: Rect
    /// The names of the actions it can perform, in order (`click`, `scroll-to`, then custom actions).
    public var actions: [String]
    /// Its ``ViewNode/accessibilityIdentifier`` (for UI tests), or `nil`.
    public var identifier: String?
    /// How many accessible children it has: for a list, its true item count, showing or not.
    public var childCount: Int
    /// Its children, when the snapshot was taken deep enough (else empty while ``childCount`` is not).
    public var children: [AccessibleNode]

    /// Makes a node; every field has a neutral default.
    public init(role: AccessibleRole = .none, label: String = "", hint: String = "", value: String? = nil,
                range: AccessibleRange? = nil, text: String? = nil, states: AccessibleStates = [],
                frame: Rect = .zero, actions: [String] = [], identifier: String? = nil, childCount: Int = 0,
                children: [AccessibleNode] = []) {
        self.role = role
        self.label = label
        self.hint = hint
        self.value = value
        self.range = range
        self.text = text
        self.states = states
        self.frame = frame
        self.actions = actions
        self.identifier = identifier
        self.childCount = childCount
        self.children = children
    }

    /// The first node of this subtree (itself included, depth first) that `match` accepts.
    public func first(where match: (AccessibleNode) -> Bool) -> AccessibleNode? {
        if match(self) { return self }
        for child in children { if let found = child.first(where: match) { return found } }
        return nil
    }

    /// Every node of this subtree (itself included, depth first) that `match` accepts.
    public func all(where match: (AccessibleNode) -> Bool) -> [AccessibleNode] {
        var found: [AccessibleNode] = []
        func walk(_ node: AccessibleNode) {
            if match(node) { found.append(node) }
            for child in node.children { walk(child) }
        }
        walk(self)
        return found
    }
}

/// A view that describes itself beyond its stored accessibility settings (a name that follows its
/// content, a state): adopt it in an extension. ScrollKit calls it after the library's defaults for the
/// view's class and before the settings made on the view (``ViewNode/accessibilityLabel`` and the rest),
/// whenever the element is read.
///
/// ```swift
/// extension ScoreView: AccessibilityDescribing {
///     func describeAccessibility(_ node: inout AccessibleNode) { node.label = "Score \(score)" }
/// }
/// ```
@MainActor
public protocol AccessibilityDescribing: AnyObject {
    /// Fills in what this view knows of itself (role, label, value, states…).
    func describeAccessibility(_ node: inout AccessibleNode)
}
