// The gallery's scene protocols and catalog: DemoScene (a HostClient that reports trace samples and takes
// scripted commands), ListBackedScene, SceneContext, SceneEntry and SceneCatalog.

import Motion
import ScrollKit
import ScrollKitSDL

/// A scene of the demo: a `HostClient` that also reports a trace sample every frame and takes
/// the script's scroll commands.
///
/// The three scroll hooks have default implementations that ignore the command, so a scene
/// without a scroll view (sprites, say) implements none of them. A new scene is one file: the
/// scene type plus its `SceneEntry`, listed in `SceneCatalog.entries`.
@MainActor
protocol DemoScene: HostClient {
    /// The state of the scene's main scroll view in the frame just drawn (read after `draw(in:)`).
    /// Columns the scene does not have stay at their neutral values (`TraceSample.neutral`).
    var traceSample: TraceSample { get }

    /// Scroll the main scroll view to `offset` (points) over `duration` seconds (0 = jump).
    /// `curve` is the script's curve, nil for the scene's default curve.
    func scroll(to offset: Point, duration: Double, curve: TimingCurve?)
    /// Scroll to the end of the content.
    func scrollToEnd(duration: Double, curve: TimingCurve?)
    /// Scroll so that item `index` sits at `position` in the viewport (indices past the end clamp to the last item).
    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?)
    /// Move the main vertical scroll view's indicator thumb so that it is at `fraction` (0...1) of its
    /// travel, as a mouse drag of the thumb would (`ScrollingView.setThumbFraction(_:_:)`): the offset
    /// becomes `fraction` × (contentHeight − viewportHeight). The default ignores it (no such scroll view).
    func dragIndicator(to fraction: Double)
    /// True when `draw(in:)` paints every pixel of a `size` area (the last `hostDidResize` size) with
    /// opaque colour, so the shell need not fill the content background under it first.
    func coversOpaquely(_ size: Size) -> Bool
    /// Moves the scene's keyboard focus in order (Tab: `.next`, Shift-Tab: `.previous`; from nothing focused,
    /// to the first or the last control) and returns whether it moved: false past the last (the first) control,
    /// where the gallery's tab bar takes focus. The default moves the focus of ``HostClient/accessibilityRoot``'s tree.
    func moveFocus(_ move: FocusMove) -> Bool
    /// Whether a view (or list item) of the scene has keyboard focus. The default asks the accessibility root's tree.
    var hasFocus: Bool { get }
    /// Drops the scene's keyboard focus (the gallery's tab bar takes it). The default clears the accessibility root's.
    func resignFocus()
    /// Escape was pressed: the scene closes what it has open (a panel, an overlay) and returns true, or
    /// returns false (the default) to let the gallery close its help or quit.
    func handleEscape() -> Bool
    /// A scripted change to the scene's items: `insert`, `delete` or `move`, already made to the scene's data
    /// here and shown (animated or not). Scenes without data changes throw (the default); so does a change
    /// whose index is out of range, with a one-line message.
    func apply(_ change: ListChange, animated: Bool) throws(CLIError)
    /// The gallery's theme changed (a step of the T switch's cross-fade): colours the scene pinned on its views
    /// from the theme are set again. The library's own views follow by themselves. The default does nothing.
    func themeDidChange()
}

extension DemoScene {
    var traceSample: TraceSample { .neutral }
    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) {}
    func scrollToEnd(duration: Double, curve: TimingCurve?) {}
    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?) {}
    func dragIndicator(to fraction: Double) {}
    func coversOpaquely(_ size: Size) -> Bool { false }
    func moveFocus(_ move: FocusMove) -> Bool { accessibilityRoot?.moveFocus(move) ?? false }
    var hasFocus: Bool { accessibilityRoot?.focusedView != nil }
    func resignFocus() { accessibilityRoot?.focusedView?.resignFocus() }
    func handleEscape() -> Bool { false }
    func themeDidChange() {}
    func apply(_ change: ListChange, animated: Bool) throws(CLIError) {
        throw CLIError("this scene has no data changes (insert, delete and move apply to the chat, list and grid scenes)")
    }

    /// Dispatches a scripted command to the matching hook.
    func perform(_ command: SceneCommand) {
        switch command {
        case .scrollTo(let offset, let duration, let curve): scroll(to: offset, duration: duration, curve: curve)
        case .scrollToEnd(let duration, let curve): scrollToEnd(duration: duration, curve: curve)
        case .scrollToItem(let index, let position, let duration, let curve):
            scrollToItem(index, position: position, duration: duration, curve: curve)
        case .dragIndicator(let fraction): dragIndicator(to: fraction)
        case .change(let change, let animated, _): try? apply(change, animated: animated)
        }
    }
}

/// A scene whose main scroll view is one ``ListView``'s (photos, home, reader, chat): the script's scroll
/// commands and the indicator drag go to that list, with the scene's default curve.
@MainActor
protocol ListBackedScene: DemoScene {
    /// The list whose scroll view the trace and the script's scroll commands follow.
    var mainList: ListView { get }
    /// The curve of scripted scrolls that name none (default: `ScrollingView.defaultAnimationCurve`).
    var defaultScrollCurve: TimingCurve { get }
}

extension ListBackedScene {
    var defaultScrollCurve: TimingCurve { ScrollingView.defaultAnimationCurve }

    /// The tree published to assistive technology: the main list's.
    var accessibilityRoot: ViewNode? { mainList.rootView }

    var traceSample: TraceSample { TraceSample(list: mainList) }

    func dragIndicator(to fraction: Double) { mainList.setThumbFraction(fraction) }

    func scroll(to offset: Point, duration: Double, curve: TimingCurve?) {
        mainList.scrollView.setContentOffset(offset, duration: duration, curve: curve ?? defaultScrollCurve)
    }

    func scrollToEnd(duration: Double, curve: TimingCurve?) {
        mainList.scrollView.scrollToEnd(duration: duration, curve: curve ?? defaultScrollCurve)
    }

    func scrollToItem(_ index: Int, position: ItemPosition, duration: Double, curve: TimingCurve?) {
        mainList.scrollToItem(index, position: position, duration: duration, curve: curve ?? defaultScrollCurve)
    }
}

/// What a scene factory gets from the command line. Later scenes add their options here
/// (e.g. `--items`, `--snap`, `--snap-ratio`, `--sprites`, `--seed`), validated by their factory.
struct SceneContext: Sendable {
    /// The window's initial size in points (the host reports later sizes through `hostDidResize`).
    var size: Size
    /// The requested frame rate, nil for the display's.
    var hz: Double?
    var headless: Bool
    /// `--items`, `--snap`, `--snap-ratio`, `--sprites`, `--seed`, validated.
    var options = SceneOptions()
}

/// A named scene and how to make it.
struct SceneEntry: Sendable {
    /// The `--scene` name.
    let name: String
    /// Makes the scene; throws a `CLIError` for bad scene options.
    let make: @MainActor @Sendable (SceneContext) throws(CLIError) -> any DemoScene
}

/// Every scene, by name.
package enum SceneCatalog {
    /// The scenes in the order `--help` and errors list them. Add new scenes here.
    static let entries: [SceneEntry] = [
        .list,
        .paging,
        .picker,
        .sprites,
        .curves,
        .home,
        .photos,
        .reader,
        .chat,
        .grid,
        .photo,
        .world,
        .inbox,
        .contacts,
        .settings,
        .tv,
    ]

    /// The scene shown when `--scene` is not given.
    package static let defaultName = "list"

    /// All scene names.
    package static var names: [String] { entries.map(\.name) }

    /// The entry named `name`, if any.
    static func entry(named name: String) -> SceneEntry? {
        entries.first { $0.name == name }
    }
}
