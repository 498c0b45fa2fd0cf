// TestElement: one element a query picks — resolved when used (scrolling a list to it when needed), read,
// and acted on with a finger's gestures or its accessibility actions.

import ScrollKit

/// One element of the app's accessibility tree, picked by an ``ElementQuery`` and looked up again each time it
/// is used (the tree changes as the app runs). Reading or touching an element that no query match gives (none,
/// or several for ``ElementQuery/element``) throws ``QueryError``, whose message prints the tree where the query
/// looked.
@MainActor
public struct TestElement {
    let query: ElementQuery
    let pick: Pick

    enum Pick {
        case only
        case index(Int)
    }

    // MARK: - Resolving

    /// Finds the element now. When nothing matches and a list under the query's scope has items it cannot
    /// name off screen, and `scrolling`, pages through that list (scrolling, running frames) until a match
    /// shows, as XCUITest does.
    func resolve(scrolling: Bool = true) throws -> AccessibleElement {
        var found = query.matches()
        if found.isEmpty || !pickable(found), scrolling {
            for list in query.unnamedLists() {
                found = try scrollSearch(list)
                if !found.isEmpty { break }
            }
        }
        switch pick {
        case .only:
            if found.count == 1 { return found[0] }
            if found.isEmpty { throw QueryError.noMatch(query.summary, tree: treeText()) }
            throw QueryError.severalMatches(query.summary, count: found.count,
                                            matches: found.prefix(8).map { Self.line($0.node()) }, tree: treeText())
        case .index(let i):
            if found.indices.contains(i) { return found[i] }
            throw QueryError.noMatch(i == 0 ? query.summary : "\(query.summary) (match \(i) of \(found.count))",
                                     tree: treeText())
        }
    }

    private func pickable(_ found: [AccessibleElement]) -> Bool {
        switch pick {
        case .only: return found.count == 1
        case .index(let i): return found.indices.contains(i)
        }
    }

    /// Pages `list` from its start to its end, a viewport at a time, until the query matches.
    private func scrollSearch(_ list: ListView) throws -> [AccessibleElement] {
        let app = query.app
        let scroll = list.scrollView
        let start = scroll.contentOffset
        let vertical = scroll.contentSize.height > scroll.bounds.height || scroll.contentSize.width <= scroll.bounds.width
        let page = max(1, (vertical ? scroll.bounds.height : scroll.bounds.width) * 0.9)
        var offset = 0.0
        scroll.setContentOffset(vertical ? Point(x: start.x, y: 0) : Point(x: 0, y: start.y), animated: false)
        app.pump(frames: 1)
        while true {
            let found = query.matches(showingIn: list)
            if pickable(found) { return found }
            let end = vertical ? scroll.contentSize.height - scroll.bounds.height : scroll.contentSize.width - scroll.bounds.width
            guard offset < end else { break }
            offset = min(end, offset + page)
            scroll.setContentOffset(vertical ? Point(x: start.x, y: offset) : Point(x: offset, y: start.y), animated: false)
            app.pump(frames: 1)
        }
        scroll.setContentOffset(start, animated: false)
        app.pump(frames: 1)
        return []
    }

    private func treeText() -> String {
        let roots = query.scope.roots(in: query.app)
        guard !roots.isEmpty else { return "(no tree: the app has no root view, or the scope matched nothing)" }
        return roots.map { ElementSearch.describe($0) }.joined(separator: "\n")
    }

    static func line(_ node: AccessibleNode) -> String {
        "\(node.role.rawValue) “\(node.label)” at (\(Int(node.frame.origin.x)),\(Int(node.frame.origin.y)))"
    }

    // MARK: - Reading

    /// Whether the query picks an element now (no scrolling).
    public var exists: Bool { (try? resolve(scrolling: false)) != nil }

    /// The element's node now: role, label, value, states, frame (window points), actions.
    public func node() throws -> AccessibleNode { try resolve().node() }
    /// Its label.
    public var label: String { get throws { try node().label } }
    /// Its value (a switch's state, a picker's choice), if it has one.
    public var value: String? { get throws { try node().value } }
    /// Its frame in window points.
    public var frame: Rect { get throws { try node().frame } }
    /// The live element.
    public func accessibleElement() throws -> AccessibleElement { try resolve() }

    // MARK: - Acting

    /// Scrolls the element into view if it is off screen (its `scroll-to` action: a list item) and runs
    /// frames until the app settles; returns its centre in window points.
    @discardableResult
    public func scrollToVisible() throws -> Point {
        var element = try resolve()
        var node = element.node()
        if !node.states.contains(.showing), node.actions.contains("scroll-to") {
            element.performAction(named: "scroll-to")
            try query.app.settle()
            element = try resolve(scrolling: false)
            node = element.node()
        }
        guard node.states.contains(.showing) else { throw QueryError.notShowing(query.summary, tree: treeText()) }
        return Point(x: node.frame.midX, y: node.frame.midY)
    }

    /// Taps the element's centre, scrolling it into view first.
    public func tap() throws { query.app.tap(at: try scrollToVisible()) }
    /// Double-taps it.
    public func doubleTap() throws { query.app.doubleTap(at: try scrollToVisible()) }
    /// Long-presses it.
    public func longPress(duration: Double = 0.6) throws { query.app.longPress(at: try scrollToVisible(), duration: duration) }
    /// A brisk upward swipe starting on it.
    public func swipeUp() throws { try swipe(Point(x: 0, y: -TestApp.swipeSpeed)) }
    /// A brisk downward swipe starting on it.
    public func swipeDown() throws { try swipe(Point(x: 0, y: TestApp.swipeSpeed)) }
    /// A brisk leftward swipe starting on it.
    public func swipeLeft() throws { try swipe(Point(x: -TestApp.swipeSpeed, y: 0)) }
    /// A brisk rightward swipe starting on it.
    public func swipeRight() throws { try swipe(Point(x: TestApp.swipeSpeed, y: 0)) }

    private func swipe(_ velocity: Point) throws {
        let c = try scrollToVisible()
        query.app.fling(from: Point(x: c.x - velocity.x * 0.06, y: c.y - velocity.y * 0.06), velocity: velocity)
    }

    /// Taps the element (a text field takes focus) and types `text` into it.
    public func typeText(_ text: String) throws {
        try tap()
        query.app.typeText(text)
    }

    /// Performs the element's accessibility action `name` ("click", "scroll-to", a custom action), as an
    /// assistive technology would, and runs a frame.
    public func perform(action name: String) throws {
        let element = try resolve()
        guard element.performAction(named: name) else {
            throw QueryError.noAction(name, on: query.summary, available: element.node().actions)
        }
        query.app.pump(frames: 1)
    }
}

extension TestElement: ElementQuerying {
    /// The elements with a role in `roles` under this one.
    public func descendants(_ roles: Set<AccessibleRole>, named what: String) -> ElementQuery {
        ElementQuery(app: query.app, scope: .under(self), filters: [.init { roles.contains($0.role) }],
                     summary: "\(what) in \(query.summary)")
    }
}

/// Why a query could not give its element.
public enum QueryError: Error, CustomStringConvertible {
    /// Nothing matched; `tree` is where the query looked.
    case noMatch(String, tree: String)
    /// Several matched where one was asked for.
    case severalMatches(String, count: Int, matches: [String], tree: String)
    /// The element is off screen and cannot be scrolled into view.
    case notShowing(String, tree: String)
    /// The element has no such action.
    case noAction(String, on: String, available: [String])

    public var description: String {
        switch self {
        case .noMatch(let what, let tree):
            return "no \(what) in the app. The tree where the query looked:\n\(tree)"
        case .severalMatches(let what, let count, let matches, let tree):
            return "\(count) \(what) where one was expected:\n  " + matches.joined(separator: "\n  ")
                + "\nThe tree where the query looked:\n\(tree)"
        case .notShowing(let what, let tree):
            return "\(what) is not on screen and cannot be scrolled into view. The tree:\n\(tree)"
        case .noAction(let name, let what, let available):
            return "\(what) has no action “\(name)” (it has: \(available.isEmpty ? "none" : available.joined(separator: ", ")))"
        }
    }
}
