// Clipboard: where text fields copy to and paste from — the system's (set by a window host) or an in-process
// one (headless runs, tests), so scripted runs stay deterministic.

/// The two selections a desktop keeps: the clipboard (Ctrl+C, Ctrl+V) and, on X11 and Wayland, the primary
/// selection (select to copy, middle-click to paste).
public enum ClipboardSelection: Sendable, Hashable {
    case clipboard
    case primary
}

/// A place for copied text. ``ViewNode/clipboard`` is the one text fields use.
@MainActor
public protocol Clipboard: AnyObject {
    /// The text held in `selection`, or nil when it holds none.
    func text(in selection: ClipboardSelection) -> String?
    /// Replaces the text held in `selection`.
    func setText(_ text: String, in selection: ClipboardSelection)
}

/// A clipboard that lives in the process: what headless runs and tests use, so a script's copy and paste
/// give the same result on every machine.
@MainActor
public final class MemoryClipboard: Clipboard {
    private var texts: [ClipboardSelection: String] = [:]
    public init() {}
    public func text(in selection: ClipboardSelection) -> String? { texts[selection] }
    public func setText(_ text: String, in selection: ClipboardSelection) { texts[selection] = text }
}

extension ViewNode {
    /// The clipboard text fields copy to and paste from: an in-process ``MemoryClipboard`` until a window host
    /// installs the system's.
    public static var clipboard: any Clipboard = MemoryClipboard()
}
