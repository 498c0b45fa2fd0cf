// ElementQuery: finding elements of the app's accessibility tree by role, label, identifier or a predicate, as
// XCUITest's queries and Flutter's finders do — items of virtualized lists included, scrolled into view.

import ScrollKit

/// Elements of a ``TestApp``'s accessibility tree that match a role and predicates: `app.buttons`,
/// `app.lists.first.cells.matching(label: "Banana #3")`, `app.textFields["Search"]`.
///
/// A query is evaluated when it is used, against the tree as it is then. It searches every element under its
/// scope, every item of a virtualized list included (a list's true item count): an item off screen is found
/// by the name its data source gives it (``ListDataSourceAccessibility``), and when the data source names
/// none, by scrolling the list page by page until a showing item matches, as XCUITest does.
@MainActor
public struct ElementQuery {
    let app: TestApp
    /// Where to look: the elements whose descendants are searched (nil: the app's root).
    let scope: ElementScope
    /// What an element must be.
    let filters: [Filter]
    /// Words for messages ("buttons labelled “Reply”").
    let summary: String

    struct Filter {
        let test: @MainActor (AccessibleNode) -> Bool
    }

    init(app: TestApp, scope: ElementScope, filters: [Filter], summary: String) {
        self.app = app
        self.scope = scope
        self.filters = filters
        self.summary = summary
    }

    // MARK: - Narrowing

    /// The one element labelled or identified `key` (its ``AccessibleNode/label`` or
    /// ``AccessibleNode/identifier``); using it fails when none or several match.
    public subscript(_ key: String) -> TestElement {
        TestElement(query: adding("“\(key)”") { $0.label == key || $0.identifier == key }, pick: .only)
    }

    /// The elements whose label is `label`.
    public func matching(label: String) -> ElementQuery { adding("labelled “\(label)”") { $0.label == label } }
    /// The elements whose accessibility identifier is `identifier`.
    public func matching(identifier: String) -> ElementQuery {
        adding("identified “\(identifier)”") { $0.identifier == identifier }
    }
    /// The elements whose label contains `text`.
    public func containing(label text: String) -> ElementQuery {
        adding("with “\(text)” in the label") { $0.label.contains(text) }
    }
    /// The elements `predicate` accepts (named `description` in failure messages).
    public func matching(_ description: String = "matching a predicate",
                         _ predicate: @escaping @MainActor (AccessibleNode) -> Bool) -> ElementQuery {
        adding(description, predicate)
    }

    private func adding(_ words: String, _ test: @escaping @MainActor (AccessibleNode) -> Bool) -> ElementQuery {
        ElementQuery(app: app, scope: scope, filters: filters + [Filter(test: test)], summary: summary + " " + words)
    }

    // MARK: - Elements

    /// The first match in tree order (depth first).
    public var first: TestElement { TestElement(query: self, pick: .index(0)) }
    /// Match `index` in tree order.
    public func element(boundBy index: Int) -> TestElement { TestElement(query: self, pick: .index(index)) }
    /// The one match; using it fails when none or several match.
    public var element: TestElement { TestElement(query: self, pick: .only) }
    /// How many elements match now (items off screen counted when their data source names them; no scrolling).
    public var count: Int { matches().count }
    /// Every match now, in tree order (no scrolling).
    public var allElements: [AccessibleElement] { matches() }

    // MARK: - Evaluation

    /// The matches under the scope, in tree order.
    func matches() -> [AccessibleElement] {
        var found: [AccessibleElement] = []
        for root in scope.roots(in: app) {
            // The app's root view is one of the app's elements (an app whose whole window is a list has a list);
            // an element's own descendants do not include it.
            ElementSearch.walk(root, includingRoot: scope.isApp) { element, node in
                if filters.allSatisfy({ $0.test(node) }) { found.append(element) }
            }
        }
        return found
    }

    /// The matches among the items `list` shows now (and their cells' elements): what a scrolling search
    /// checks at each page, rather than the whole tree.
    func matches(showingIn list: ListView) -> [AccessibleElement] {
        var found: [AccessibleElement] = []
        for i in list.visibleRange {
            ElementSearch.walk(.item(list, i), includingRoot: true) { element, node in
                if filters.allSatisfy({ $0.test(node) }) { found.append(element) }
            }
        }
        return found
    }

    /// The lists under the scope whose items off screen have no name to match (their data source names none):
    /// where a scrolling search may find what a plain one cannot.
    func unnamedLists() -> [ListView] {
        var lists: [ListView] = []
        for root in scope.roots(in: app) {
            ElementSearch.walkViews(root) { element in
                if case .view(let list as ListView) = element, list.numberOfItems > 0,
                   !(list.dataSource is any ListDataSourceAccessibility) {
                    lists.append(list)
                }
            }
        }
        return lists
    }
}

/// Where a query looks.
@MainActor
indirect enum ElementScope {
    /// The whole app.
    case app
    /// Under the element another query picks.
    case under(TestElement)

    /// Whether the scope is the whole app (its root view included in searches).
    var isApp: Bool {
        if case .app = self { return true }
        return false
    }

    func roots(in app: TestApp) -> [AccessibleElement] {
        switch self {
        case .app:
            return app.root.map { [.view($0)] } ?? []
        case .under(let element):
            return (try? element.resolve(scrolling: false)).map { [$0] } ?? []
        }
    }
}

/// Queries by role: what `app.buttons` and its siblings are, on a ``TestApp`` and under any ``TestElement``.
@MainActor
public protocol ElementQuerying {
    /// Every element of the subtree with a role in `roles` (`what` names them in messages).
    func descendants(_ roles: Set<AccessibleRole>, named what: String) -> ElementQuery
}

extension ElementQuerying {
    /// Push buttons.
    public var buttons: ElementQuery { descendants([.pushButton], named: "buttons") }
    /// Toggle buttons, switches and check boxes.
    public var switches: ElementQuery { descendants([.toggleButton, .checkBox], named: "switches") }
    /// Editable text, one line or many.
    public var textFields: ElementQuery { descendants([.text], named: "text fields") }
    /// Labels and headings.
    public var staticTexts: ElementQuery { descendants([.label, .heading], named: "texts") }
    /// Lists and grids.
    public var lists: ElementQuery { descendants([.list, .table], named: "lists") }
    /// A list's items and a grid's cells.
    public var cells: ElementQuery { descendants([.listItem, .tableCell], named: "cells") }
    /// Tab bars.
    public var tabBars: ElementQuery { descendants([.pageTabList], named: "tab bars") }
    /// Tabs.
    public var tabs: ElementQuery { descendants([.pageTab], named: "tabs") }
    /// Scroll views.
    public var scrollViews: ElementQuery { descendants([.scrollPane], named: "scroll views") }
    /// Sliders and pickers.
    public var sliders: ElementQuery { descendants([.slider], named: "sliders") }
    /// Images.
    public var images: ElementQuery { descendants([.image], named: "images") }
    /// Sheets and dialogs.
    public var sheets: ElementQuery { descendants([.dialog], named: "sheets") }
    /// Alerts (an action sheet is a dialog: see ``sheets``).
    public var alerts: ElementQuery { descendants([.alert], named: "alerts") }
    /// Menus and context menus.
    public var menus: ElementQuery { descendants([.menu], named: "menus") }
    /// The items of menus.
    public var menuItems: ElementQuery { descendants([.menuItem], named: "menu items") }
    /// Popovers (AT-SPI tool tips).
    public var popovers: ElementQuery { descendants([.toolTip], named: "popovers") }
    /// Toasts (AT-SPI notifications).
    public var toasts: ElementQuery { descendants([.notification], named: "toasts") }
    /// Every element.
    public var descendants: ElementQuery { descendants(Set(AccessibleRole.allCases).subtracting([.none]), named: "elements") }
}

extension TestApp: ElementQuerying {
    public func descendants(_ roles: Set<AccessibleRole>, named what: String) -> ElementQuery {
        ElementQuery(app: self, scope: .app, filters: [.init { roles.contains($0.role) }], summary: what)
    }
}

extension ElementQuery: ElementQuerying {
    /// The elements with a role in `roles` under the FIRST match of this query (`app.lists.first.cells` reads
    /// the same as `app.lists.cells`).
    public func descendants(_ roles: Set<AccessibleRole>, named what: String) -> ElementQuery {
        first.descendants(roles, named: what)
    }
}

/// Walking the live accessibility tree.
@MainActor
enum ElementSearch {
    /// Calls `visit` with every element under `root` (and `root` itself when `includingRoot`), depth first,
    /// with its node; a list's items all of them (its true count), their cells' elements while they show.
    static func walk(_ root: AccessibleElement, includingRoot: Bool,
                     _ visit: (AccessibleElement, AccessibleNode) -> Void) {
        if includingRoot { visit(root, root.node()) }
        for child in root.children { walk(child, includingRoot: true, visit) }
    }

    /// Calls `visit` with every view element under `root` (not list items' own nodes: cheaper), depth first.
    static func walkViews(_ root: AccessibleElement, _ visit: (AccessibleElement) -> Void) {
        visit(root)
        if case .view(let list as ListView) = root {
            for i in list.visibleRange {
                for child in AccessibleElement.item(list, i).children { walkViews(child, visit) }
            }
            return
        }
        for child in root.children { walkViews(child, visit) }
    }

    /// The subtree of `root` as indented lines ("role “label”"), `depth` levels, a list's items showing only
    /// (with how many it has), at most `limit` lines: what a failed query prints.
    static func describe(_ root: AccessibleElement, depth: Int = 6, limit: Int = 80) -> String {
        var lines: [String] = []
        func line(_ node: AccessibleNode, _ indent: Int) -> String {
            var s = String(repeating: "  ", count: indent) + node.role.rawValue
            if !node.label.isEmpty { s += " “\(node.label)”" }
            if let id = node.identifier { s += " #\(id)" }
            if let v = node.value { s += " = \(v)" }
            s += " (\(Int(node.frame.origin.x)),\(Int(node.frame.origin.y)) \(Int(node.frame.width))×\(Int(node.frame.height)))"
            return s
        }
        func visit(_ e: AccessibleElement, _ indent: Int) {
            guard lines.count < limit else { return }
            let node = e.node()
            lines.append(line(node, indent))
            guard indent < depth else { return }
            if case .view(let list as ListView) = e {
                let shown = list.visibleRange
                lines.append(String(repeating: "  ", count: indent + 1)
                             + "… \(list.numberOfItems) items, \(shown.count) showing (\(shown.lowerBound)–\(max(shown.lowerBound, shown.upperBound - 1)))")
                for i in shown { visit(.item(list, i), indent + 1) }
                return
            }
            for child in e.children { visit(child, indent + 1) }
        }
        visit(root, 0)
        if lines.count >= limit { lines.append("…") }
        return lines.joined(separator: "\n")
    }
}
