// AccessibilityBridge: a window's view tree published on AT-SPI2 (through CScrollKitA11y: ATK + atk-bridge),
// the ids that name its elements to the C side, and the answers to a screen reader's questions.

import CScrollKitA11y
#if canImport(Glibc)
import Glibc
#endif
import ScrollKit

/// Publishes a window's view tree on AT-SPI2, the desktop's accessibility bus, so screen readers (Orca),
/// magnifiers, switch control and UI test tools (pyatspi, dogtail, Accerciser) can find the window's
/// controls, read them, follow focus and act on them. Each element of ``AccessibleElement`` (views that are
/// elements, and every item of a list) becomes an ATK object on first request, answering from the tree as
/// it is at that moment (role, name, description, states, extents on the screen, actions, value,
/// selection, text and editable text); the window host reports focus moves, state, name and value changes,
/// a list's visible items changing, and a text field's text changes, caret moves and selection changes, once
/// per frame drawn.
///
/// The window host starts it by itself, and only when an assistive technology is on (see
/// ``isWanted``): otherwise nothing is loaded onto the bus and nothing runs. Its D-Bus traffic is served
/// from the host's loop: GLib's main context is iterated without blocking after each frame, and while the
/// window is idle the host sleeps on the display connection and GLib's descriptors together (0 % CPU when
/// nothing asks). One window per process is published (the first that starts it).
@MainActor
public final class AccessibilityBridge {
    /// The accessible application's name (what pyatspi and Orca list): set it before the first window opens.
    /// The default is the executable's name.
    public static var applicationName: String = {
        let path = CommandLine.arguments.first ?? "scrollkit"
        return path.split(separator: "/").last.map(String.init) ?? path
    }()

    /// Whether an assistive technology wants the tree: `SCROLLKIT_ACCESSIBILITY=1` (always) or `0` (never),
    /// `NO_AT_BRIDGE=1` (never), else the session bus's `org.a11y.Bus` reporting `IsEnabled` or
    /// `ScreenReaderEnabled` (a screen reader or a test tool is on). One short question to the session bus.
    public static var isWanted: Bool { sk_a11y_wanted() != 0 }

    /// The running bridge, or `nil` (not wanted, or no window has started it).
    public private(set) static var shared: AccessibilityBridge?

    /// The root of the published tree.
    public private(set) weak var root: ViewNode?
    /// Where the window's top-left is on the screen, in pixels, and pixels per point.
    var screen: @MainActor () -> (x: Double, y: Double, scale: Double)

    final class Entry {
        weak var view: ViewNode?
        let item: Int
        /// When a client last asked about it (``touch(_:)``'s count).
        var stamp: UInt64 = 0
        var last: AccessibleNode?
        /// A text field's text, caret and selection as last reported.
        var lastText: AccessibleTextState?
        /// Its key in ``ids`` (kept: the view may be gone when the entry is dropped).
        let key: AccessibleElement.Key
        init(view: ViewNode, item: Int) {
            self.view = view
            self.item = item
            key = AccessibleElement.Key(object: ObjectIdentifier(view), item: item)
        }
        var element: AccessibleElement? {
            guard let view else { return nil }
            if item >= 0, let list = view as? ListView { return .item(list, item) }
            return item < 0 ? .view(view) : nil
        }
    }
    var ids: [AccessibleElement.Key: Int64] = [:]
    var entries: [Int64: Entry] = [:]
    /// The entries of views (not list items), and of items showing when last looked at: what each frame checks.
    var viewIDs: Set<Int64> = []
    var showingItems: Set<Int64> = []
    /// The ids the sweep for gone elements still has to look at (a slice a frame).
    var sweepQueue: [Int64] = []
    var nextID: Int64 = 1
    var rootID: Int64 = 0
    /// Requests counted, for ``Entry/stamp``.
    var asked: UInt64 = 0
    /// How many elements were dropped past the budget (least recently asked first) since the bridge started.
    public internal(set) var evicted = 0
    /// How many elements the last ``sync()`` looked at in full (their node made, their changes reported).
    public internal(set) var lastSyncLooked = 0
    /// The focused element as last reported.
    var reportedFocus: Int64 = 0
    /// Set when a client acted (an action, a value, a selection, focus): the host owes a frame.
    public internal(set) var clientActed = false
    /// Each known list's items showing, and each tab list's selection, as last reported.
    var listRanges: [Int64: Range<Int>] = [:]
    var lastSelection: [Int64: [Int]] = [:]

    init(root: ViewNode, screen: @escaping @MainActor () -> (x: Double, y: Double, scale: Double)) {
        self.root = root
        self.screen = screen
    }

    /// Starts the bridge for `root` if an assistive technology wants it (``isWanted``) and none runs yet.
    /// Returns the running bridge (this window's or an earlier one's), or `nil`.
    @discardableResult
    public static func startIfWanted(root: ViewNode,
                                     screen: @escaping @MainActor () -> (x: Double, y: Double, scale: Double)) -> AccessibilityBridge? {
        if let shared { return shared }
        guard isWanted else { return nil }
        let bridge = AccessibilityBridge(root: root, screen: screen)
        shared = bridge
        let rootID = bridge.id(for: .view(root))
        bridge.rootID = rootID
        var callbacks = sk_a11y_callbacks(info: bridgeInfo, string: bridgeString, child: bridgeChild,
                                          parent: bridgeParent, action: bridgeAction, set_value: bridgeSetValue,
                                          selection: bridgeSelection, grab_focus: bridgeGrabFocus,
                                          text: bridgeText, edit: bridgeEdit)
        guard sk_a11y_start(&callbacks, applicationName, rootID) != 0 else {
            shared = nil
            return nil
        }
        return bridge
    }

    // MARK: - Ids (AccessibilityBridge+Table: made on first use, at most `budget` of them)

    /// The live element of `id`, or `nil` when it is gone.
    func element(_ id: Int64) -> AccessibleElement? {
        guard let root, let element = entries[id]?.element, element.isAlive(under: root) else { return nil }
        touch(id)
        return element
    }

    // MARK: - The loop

    /// Serves the D-Bus requests waiting, without blocking (after each frame).
    public func dispatch() { sk_a11y_dispatch() }

    /// Sleeps until `descriptor` is readable (if ≥ 0), a request comes or `timeout` seconds pass, serving the
    /// requests; returns whether `descriptor` became readable.
    public func wait(descriptor: Int32, timeout: Double) -> Bool {
        sk_a11y_wait(descriptor, Int32(clamping: Int.clamped(timeout * 1000, to: 0...60_000))) != 0
    }

    /// Wakes a host sleeping in ``wait(descriptor:timeout:)``, from any thread.
    nonisolated public static func wakeUp() { sk_a11y_wakeup() }

    /// Takes (and clears) the flag saying a client acted since the last call.
    public func takeClientActed() -> Bool {
        defer { clientActed = false }
        return clientActed
    }

    // MARK: - Answers

    static func roleCode(_ role: AccessibleRole) -> Int32 {
        Int32(clamping: AccessibleRole.allCases.firstIndex(of: role) ?? 0)
    }

    func fill(_ id: Int64, _ out: inout sk_a11y_info) -> Bool {
        guard let element = element(id) else { return false }
        let node = element.node()
        let s = screen()
        out.role = Self.roleCode(node.role)
        out.states = node.states.rawValue
        let f = node.frame
        out.x = (s.x + f.minX * s.scale).rounded(.down)
        out.y = (s.y + f.minY * s.scale).rounded(.down)
        out.width = (f.width * s.scale).rounded()
        out.height = (f.height * s.scale).rounded()
        out.child_count = Int32(clamping: exposedChildCount(element, node))
        out.index_in_parent = Int32(clamping: exposedIndexInParent(element))
        out.action_count = Int32(clamping: node.actions.count)
        if let r = node.range {
            out.has_range = 1
            out.value = r.current
            out.minimum = r.minimum
            out.maximum = r.maximum
            out.step = r.step
        }
        return true
    }

    func string(_ id: Int64, which: Int32, index: Int32) -> String? {
        guard let element = element(id) else { return nil }
        let node = element.node()
        switch Int(clamping: which) {
        case SK_STRING_NAME: return node.label
        case SK_STRING_DESCRIPTION: return node.hint
        case SK_STRING_VALUE: return node.value
        case SK_STRING_TEXT: return node.text ?? node.label
        case SK_STRING_ACTION_NAME: return node.actions.indices.contains(Int(clamping: index)) ? node.actions[Int(clamping: index)] : nil
        case SK_STRING_ACTION_DESCRIPTION:
            return node.actions.indices.contains(Int(clamping: index)) ? element.actionDescription(named: node.actions[Int(clamping: index)]) : nil
        case SK_STRING_IDENTIFIER: return node.identifier
        default: return nil
        }
    }

    func child(_ id: Int64, index: Int32) -> Int64 {
        guard let element = element(id) else { return 0 }
        let child: AccessibleElement?
        if case .view(let list as ListView) = element {
            let k = Int(clamping: index)
            child = k >= 0 && k < exposedCount(list) ? .item(list, exposedStart(list) + k) : nil
        } else {
            child = element.child(at: Int(clamping: index))
        }
        return child.map { self.id(for: $0) } ?? 0
    }

    func parent(_ id: Int64) -> Int64 {
        guard let parent = element(id)?.parent else { return 0 }
        return self.id(for: parent)
    }

    func act(_ id: Int64, index: Int32) -> Bool {
        guard let element = element(id) else { return false }
        let actions = element.node().actions
        guard actions.indices.contains(Int(clamping: index)) else { return false }
        clientActed = true
        return element.performAction(named: actions[Int(clamping: index)])
    }

    func setValue(_ id: Int64, _ value: Double) -> Bool {
        clientActed = true
        return element(id)?.setValue(value) ?? false
    }

    func selection(_ id: Int64, request: Int32, index: Int32) -> Int32 {
        guard let element = element(id) else { return 0 }
        var selected = element.selectedChildren
        var shift = 0, children = Int.max
        if case .view(let list as ListView) = element {   // a huge list's children: its window of items
            shift = exposedStart(list)
            children = exposedCount(list)
            selected = selected.map { $0 - shift }.filter { $0 >= 0 && $0 < exposedCount(list) }
        }
        switch Int(clamping: request) {
        case SK_SELECTION_COUNT: return Int32(clamping: selected.count)
        case SK_SELECTION_NTH: return selected.indices.contains(Int(clamping: index)) ? Int32(clamping: selected[Int(clamping: index)]) : -1
        case SK_SELECTION_IS_SELECTED: return selected.contains(Int(clamping: index)) ? 1 : 0
        case SK_SELECTION_SELECT:
            // Only a child the client can be shown: a huge list's index counts in its window, as the others do.
            guard index >= 0, Int(clamping: index) < children else { return 0 }
            clientActed = true
            return element.selectChild(Int(clamping: index) + shift) ? 1 : 0
        default: return 0
        }
    }

    func grabFocus(_ id: Int64) -> Bool {
        guard let element = element(id) else { return false }
        clientActed = true
        switch element {
        case .view(let v): return v.becomeFocused()
        case .item(let list, let i): return list.focusItem(i)
        }
    }
}

// The C callbacks: GLib dispatches on the main thread, from the host's loop.
private func bridgeInfo(_ id: sk_a11y_id, _ out: UnsafeMutablePointer<sk_a11y_info>?) -> Int32 {
    guard let out else { return 0 }
    let filled: sk_a11y_info? = MainActor.assumeIsolated {
        var info = sk_a11y_info()
        guard let bridge = AccessibilityBridge.shared, bridge.fill(id, &info) else { return nil }
        return info
    }
    guard let filled else { return 0 }
    out.pointee = filled
    return 1
}
private func bridgeString(_ id: sk_a11y_id, _ which: Int32, _ index: Int32) -> UnsafeMutablePointer<CChar>? {
    let text: String? = MainActor.assumeIsolated { AccessibilityBridge.shared?.string(id, which: which, index: index) }
    return text.flatMap { strdup($0) }
}
private func bridgeChild(_ id: sk_a11y_id, _ index: Int32) -> sk_a11y_id {
    MainActor.assumeIsolated { AccessibilityBridge.shared?.child(id, index: index) ?? 0 }
}
private func bridgeParent(_ id: sk_a11y_id) -> sk_a11y_id {
    MainActor.assumeIsolated { AccessibilityBridge.shared?.parent(id) ?? 0 }
}
private func bridgeAction(_ id: sk_a11y_id, _ index: Int32) -> Int32 {
    MainActor.assumeIsolated { AccessibilityBridge.shared?.act(id, index: index) == true ? 1 : 0 }
}
private func bridgeSetValue(_ id: sk_a11y_id, _ value: Double) -> Int32 {
    MainActor.assumeIsolated { AccessibilityBridge.shared?.setValue(id, value) == true ? 1 : 0 }
}
private func bridgeSelection(_ id: sk_a11y_id, _ request: Int32, _ index: Int32) -> Int32 {
    MainActor.assumeIsolated { AccessibilityBridge.shared?.selection(id, request: request, index: index) ?? 0 }
}
private func bridgeGrabFocus(_ id: sk_a11y_id) -> Int32 {
    MainActor.assumeIsolated { AccessibilityBridge.shared?.grabFocus(id) == true ? 1 : 0 }
}
