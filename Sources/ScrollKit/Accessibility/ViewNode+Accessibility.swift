// ViewNode's accessibility settings: role, label, hint, value, element flag, identifier, custom actions, snapshot.

/// The settings made on one view (kept only once one is made: a view without them costs one nil pointer).
final class AccessibilitySettings {
    var role: AccessibleRole?
    var label: String?
    var hint: String?
    var value: String?
    var isElement: Bool?
    var identifier: String?
    var customActions: [AccessibleAction] = []
    /// For the root of a tree shown inside another (``AccessibilityHosting``): the view showing it.
    weak var host: ViewNode?
}

/// A view that shows another view tree inside it without making it a subview (a stage drawing the current
/// screen's own tree, translated to the stage's origin): the hosted tree's elements become this view's
/// accessible children, their frames moved to the stage.
@MainActor
public protocol AccessibilityHosting: AnyObject {
    /// The root of the tree shown at this view's top-left, or `nil`.
    var accessibilityHostedRoot: ViewNode? { get }
}

/// What a view tells assistive technology (screen readers, switch control, UI test tools). The library's
/// views fill it in (a ``PushButton`` is a push button named by its title, a ``StandardCell`` a list item
/// named by its title, a ``TabBar`` a page tab list of page tabs, a ``Switch`` a check box, a
/// ``PickerView`` a slider whose value is the selected item, a ``ListView`` a list of its true item count,
/// a ``ScrollingView`` a scroll pane); the setters override them for one view. Giving a view of your own
/// a role is one line, in its initializer:
///
/// ```swift
/// accessibilityRole = .pushButton      // a plain ViewNode is .none: not an element, its children lifted
/// accessibilityLabel = "Play"
/// ```
///
/// For a name or state that follows the view's content, adopt ``AccessibilityDescribing``.
extension ViewNode {
    private var accessibility: AccessibilitySettings {
        if let settings = accessibilitySettings { return settings }
        let made = AccessibilitySettings()
        accessibilitySettings = made
        return made
    }

    /// The element's role. Setting it overrides the library's default for the view's class.
    public var accessibilityRole: AccessibleRole {
        get { accessibilitySettings?.role ?? AccessibilityDefaults.role(of: self) }
        set { accessibility.role = newValue }
    }

    /// The accessible name (what a screen reader reads first). `nil` (the default) takes the view's title or
    /// text; setting it overrides that. Reading it gives the name in effect.
    public var accessibilityLabel: String? {
        get { accessibilitySettings?.label ?? AccessibleElement.view(self).node().label }
        set { accessibility.label = newValue }
    }

    /// The accessible description: what the element does, read after its name (UIKit's hint).
    public var accessibilityHint: String? {
        get { accessibilitySettings?.hint ?? AccessibleElement.view(self).node().hint }
        set { accessibility.hint = newValue }
    }

    /// The element's value as text (a picker's selected item); setting it overrides the default.
    public var accessibilityValue: String? {
        get { accessibilitySettings?.value ?? AccessibleElement.view(self).node().value }
        set { accessibility.value = newValue }
    }

    /// Whether the view is an element of its own in the accessibility tree. The default: its role is not
    /// ``AccessibleRole/none``. `false` lifts its accessible children into its parent; a hidden view is
    /// never an element.
    public var isAccessibilityElement: Bool {
        get { !isHidden && (accessibilitySettings?.isElement ?? (accessibilityRole != .none)) }
        set { accessibility.isElement = newValue }
    }

    /// A stable identifier for UI tests (AT-SPI's `accessible-id`), never read aloud.
    public var accessibilityIdentifier: String? {
        get { accessibilitySettings?.identifier }
        set { accessibility.identifier = newValue }
    }

    /// Actions beyond the ones ScrollKit gives the element (`click`, `scroll-to`), offered by name.
    public var accessibilityCustomActions: [AccessibleAction] {
        get { accessibilitySettings?.customActions ?? [] }
        set { accessibility.customActions = newValue }
    }

    /// The accessibility tree under this view (call it on the root: a `frame` element for the window), as
    /// plain values, `depth` levels deep. A list's node counts all its items (``AccessibleNode/childCount``)
    /// but its children are the items showing; ask ``AccessibleElement/child(at:)`` for any other.
    public func accessibilitySnapshot(depth: Int = .max) -> AccessibleNode {
        AccessibleElement.view(self).snapshot(depth: depth)
    }

    /// The element for this view (``AccessibleElement/view(_:)``).
    public var accessibleElement: AccessibleElement { .view(self) }

    /// Internal: the accessible children of this view's subtree: its subviews that are elements, with the
    /// children of those that are not lifted in their place.
    func accessibleSubviewElements(into out: inout [AccessibleElement]) {
        for sub in storedSubviews where !sub.isHidden {
            if sub.isAccessibilityElement { out.append(.view(sub)) } else { sub.accessibleSubviewElements(into: &out) }
        }
        if let hosted = (self as? any AccessibilityHosting)?.accessibilityHostedRoot, hosted !== self, !hosted.isHidden {
            hosted.accessibility.host = self
            if hosted.isAccessibilityElement { out.append(.view(hosted)) } else { hosted.accessibleSubviewElements(into: &out) }
        }
    }

    /// Internal: the view's parent for accessibility: its superview, or for the root of a hosted tree, the
    /// view hosting it (while it still does).
    var accessibleSuperview: ViewNode? {
        if let superview { return superview }
        guard let host = accessibilitySettings?.host,
              (host as? any AccessibilityHosting)?.accessibilityHostedRoot === self else { return nil }
        return host
    }

    /// Internal: whether this is the root of a tree hosted in another (``AccessibilityHosting``).
    var isHostedRoot: Bool { superview == nil && accessibleSuperview != nil }

    /// Internal: the root of the whole accessible tree (through hosts).
    var accessibleRoot: ViewNode {
        var view = rootView
        while let host = view.accessibleSuperview { view = host.rootView }
        return view
    }

    /// Internal: `rect` in this view's coordinates, in the outermost root's coordinates (through hosts).
    func accessibleFrame(_ rect: Rect) -> Rect {
        var r = convert(rect, to: nil)
        var root = rootView
        while let host = root.accessibleSuperview {
            let origin = host.frameInRoot.origin
            r = r.offsetBy(dx: origin.x, dy: origin.y)
            root = host.rootView
        }
        return r
    }

    /// Internal: the settings made on the view, applied over a node of defaults.
    func applyAccessibilitySettings(to node: inout AccessibleNode) {
        (self as? any AccessibilityDescribing)?.describeAccessibility(&node)
        guard let s = accessibilitySettings else { return }
        if let role = s.role { node.role = role }
        if let label = s.label { node.label = label }
        if let hint = s.hint { node.hint = hint }
        if let value = s.value { node.value = value }
        node.identifier = s.identifier
        node.actions += s.customActions.map(\.name)
    }
}
