// AccessibleElement: one element of the live accessibility tree (a view, or a list's item on screen or not).

/// One element of a view tree's accessibility tree, live: a view that is an element
/// (``ViewNode/isAccessibilityElement``), or item `index` of a ``ListView``, showing or not. A list's
/// elements are its items, all of them (``childCount`` is the true count): an item far off screen can be
/// asked for, named (by its cell when it shows, else by a ``ListDataSourceAccessibility``), and brought into
/// view by its `scroll-to` action. The platform bridge (`ScrollKitSDL`) answers a screen reader from these.
@MainActor
public enum AccessibleElement {
    /// A view.
    case view(ViewNode)
    /// Item `index` of a list.
    case item(ListView, Int)

    /// An element's identity: the same view (or list and item) gives the same key.
    public struct Key: Hashable, Sendable {
        /// The view, or the list.
        public let object: ObjectIdentifier
        /// The item, or −1 for a view.
        public let item: Int
        /// Makes a key.
        public init(object: ObjectIdentifier, item: Int) {
            self.object = object
            self.item = item
        }
    }

    /// This element's identity.
    public var key: Key {
        switch self {
        case .view(let v): Key(object: ObjectIdentifier(v), item: -1)
        case .item(let list, let i): Key(object: ObjectIdentifier(list), item: i)
        }
    }

    /// The view: the view itself, or an item's cell when it shows (else its list).
    public var view: ViewNode {
        switch self {
        case .view(let v): v
        case .item(let list, let i): list.cell(at: i) ?? list
        }
    }

    /// Whether the element is still in the tree under `root` (a removed view, an item past a shrunk list: not).
    public func isAlive(under root: ViewNode) -> Bool {
        switch self {
        case .view(let v): return v === root || (v.accessibleRoot === root && !v.isHidden)
        case .item(let list, let i): return list.accessibleRoot === root && i >= 0 && i < list.numberOfItems
        }
    }

    // MARK: - The node

    /// The element as it is now (its children not filled; see ``snapshot(depth:)``).
    public func node() -> AccessibleNode {
        switch self {
        case .view(let v):
            var n = AccessibleNode(role: AccessibilityDefaults.role(of: v))
            AccessibilityDefaults.describe(v, into: &n)
            n.frame = v.accessibleFrame(v.bounds)
            if Self.isShowing(v, rect: n.frame) { n.states.insert(.showing) }
            n.childCount = childCount
            v.applyAccessibilitySettings(to: &n)
            return n
        case .item(let list, let i):
            var n = AccessibleNode(role: list.grid == nil ? .listItem : .tableCell)
            guard i >= 0, i < list.numberOfItems else { return n }
            if let cell = list.cell(at: i) {
                AccessibilityDefaults.describe(cell, into: &n)
            } else {
                n.label = (list.dataSource as? any ListDataSourceAccessibility)?.accessibilityLabel(ofItem: i) ?? ""
                n.states = [.visible, .enabled, .sensitive, .selectable]
                if list.onSelectItem != nil { n.actions.append("click") }
            }
            if list.isSectionHeaderItem(i) {
                // A section header is a heading: nothing to choose, focus passes over it.
                n.role = .heading
                n.actions.removeAll { $0 == "click" }
                n.states.remove(.selectable)
            } else if list.itemsAreFocusable {
                n.states.insert(.focusable)
            }
            if list.focusedItem == i { n.states.insert(.focused) }
            if let content = list.frame(of: i) {
                n.frame = list.scrollView.accessibleFrame(content)
                if Self.isShowing(list.scrollView, rect: n.frame, including: true) { n.states.insert(.showing) }
            }
            n.actions.append("scroll-to")
            n.actions += list.swipeActionTitles(forItem: i)
            n.childCount = childCount
            list.cell(at: i)?.applyAccessibilitySettings(to: &n)
            return n
        }
    }

    /// The element and its subtree, `depth` levels deep (a list: the items showing; see ``AccessibleNode``).
    public func snapshot(depth: Int = .max) -> AccessibleNode {
        var n = node()
        guard depth > 0 else { return n }
        if case .view(let list as ListView) = self {
            for i in list.visibleRange { n.children.append(AccessibleElement.item(list, i).snapshot(depth: depth - 1)) }
        } else {
            for child in children { n.children.append(child.snapshot(depth: depth - 1)) }
        }
        return n
    }

    /// Whether `rect` (root coordinates) shows inside every clipping view from `view` up (`view` itself when
    /// `including`), and inside the root.
    static func isShowing(_ view: ViewNode, rect: Rect, including: Bool = false) -> Bool {
        guard rect.width > 0, rect.height > 0 else { return false }
        var visible = rect
        var current: ViewNode? = including ? view : view.accessibleSuperview
        if view.isHidden { return false }
        while let v = current {
            if v.isHidden { return false }
            if v is ScrollingView || v.clipsToBounds || v.accessibleSuperview == nil {
                guard let cut = visible.intersection(v.accessibleFrame(v.bounds)), cut.width > 0, cut.height > 0 else { return false }
                visible = cut
            }
            current = v.accessibleSuperview
        }
        return true
    }

    // MARK: - Tree

    /// The accessible children: a list's items (all of them), else the elements among the view's subviews
    /// (an item's: its cell's, while it shows).
    public var children: [AccessibleElement] {
        switch self {
        case .view(let list as ListView): return (0..<list.numberOfItems).map { .item(list, $0) }
        case .view(let v): return Self.subviewElements(of: v)
        case .item(let list, let i): return list.cell(at: i).map(Self.subviewElements(of:)) ?? []
        }
    }

    /// How many accessible children: for a list, its true item count. O(1) for a list.
    public var childCount: Int {
        if case .view(let list as ListView) = self { return list.numberOfItems }
        return children.count
    }

    /// Child `index`, or `nil` out of range. For a list, any item, showing or not (O(1)).
    public func child(at index: Int) -> AccessibleElement? {
        if case .view(let list as ListView) = self {
            return index >= 0 && index < list.numberOfItems ? .item(list, index) : nil
        }
        let all = children
        return all.indices.contains(index) ? all[index] : nil
    }

    /// The element this one is a child of; `nil` for the root.
    public var parent: AccessibleElement? {
        switch self {
        case .item(let list, _): return list.isAccessibilityElement ? .view(list) : Self.ancestorElement(of: list)
        case .view(let v): return Self.ancestorElement(of: v)
        }
    }

    /// This element's index among its parent's children (0 for the root).
    public var indexInParent: Int {
        if case .item(_, let i) = self { return i }
        guard let parent else { return 0 }
        return parent.children.firstIndex { $0.key == key } ?? -1
    }

    static func subviewElements(of view: ViewNode) -> [AccessibleElement] {
        if view is PickerView { return [] }   // a slider: its items are its values
        var out: [AccessibleElement] = []
        view.accessibleSubviewElements(into: &out)
        return out
    }

    static func ancestorElement(of view: ViewNode) -> AccessibleElement? {
        var current = view.accessibleSuperview
        while let v = current {
            if let cell = v as? ListCell, cell.role == .item, let list = cell.listView, cell.index >= 0,
               list.cell(at: cell.index) === cell {
                return .item(list, cell.index)
            }
            if v.isAccessibilityElement { return .view(v) }
            current = v.accessibleSuperview
        }
        return nil
    }
}

/// A list data source that names items the list has no cell for (off screen), so a screen reader can read
/// any item of a long list; items showing are named by their cells.
@MainActor
public protocol ListDataSourceAccessibility: ListDataSource {
    /// The accessible name of item `index` (its title), or `nil`.
    func accessibilityLabel(ofItem index: Int) -> String?
}
