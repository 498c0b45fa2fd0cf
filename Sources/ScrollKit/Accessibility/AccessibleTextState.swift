// AccessibleTextState: a text field's content, caret and selection at one moment, and the edits (a removal, an
// insertion) that lead from one state to the next: what the platform bridge reports as AT-SPI text events.

/// A text element's content, caret and selection at one moment, in characters (Unicode scalars) of
/// ``AccessibleElement/accessibleText``. The platform bridge keeps the last one of each text field a client
/// knows and reports the difference after each frame: `text-changed:delete` and `:insert`, `text-caret-moved`,
/// `text-selection-changed`, whatever made the change (typing, an input method's commit, a program, an
/// assistive technology).
public struct AccessibleTextState: Sendable, Hashable {
    /// The text as exposed (a secure field's bullets).
    public var text: String
    /// The caret.
    public var caret: Int
    /// The selection, or `nil` when nothing is selected.
    public var selection: Range<Int>?

    /// Makes a state.
    public init(text: String, caret: Int, selection: Range<Int>? = nil) {
        self.text = text
        self.caret = caret
        self.selection = selection
    }

    /// The edits that turn `old`'s text into this one's, in order: a removal, then an insertion, either left
    /// out when empty (none when the texts are equal). They are the smallest such pair (the longest common
    /// start and end kept); where a run of equal characters leaves a choice, the one that puts an insertion's
    /// end (or a removal's start) at the caret: typing "a" after "a" inserts at the caret, not before it.
    public func changes(from old: AccessibleTextState) -> [AccessibleTextChange] {
        let a = Array(old.text.unicodeScalars), b = Array(text.unicodeScalars)
        guard a != b else { return [] }
        let shortest = min(a.count, b.count)
        var prefix = 0
        while prefix < shortest, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shortest, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let kept = min(prefix + suffix, shortest)
        // Any start from kept − suffix to prefix gives the same smallest edit; the caret picks one.
        let lowest = max(0, kept - suffix), highest = min(prefix, kept)
        let removedCount = a.count - kept, insertedCount = b.count - kept
        let wanted = insertedCount > 0 ? caret - insertedCount : caret
        let start = min(max(wanted, lowest), highest)
        var result: [AccessibleTextChange] = []
        if removedCount > 0 {
            result.append(.removed(at: start, text: Self.string(a[start..<start + removedCount])))
        }
        if insertedCount > 0 {
            result.append(.inserted(at: start, text: Self.string(b[start..<start + insertedCount])))
        }
        return result
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}

/// One edit of a text element's text, in characters (Unicode scalars): what AT-SPI reports as
/// `object:text-changed:delete` or `:insert` (the offset, the length, the text).
public enum AccessibleTextChange: Sendable, Hashable {
    /// `text` was removed from `at`.
    case removed(at: Int, text: String)
    /// `text` was inserted at `at`.
    case inserted(at: Int, text: String)

    /// Where it happened.
    public var offset: Int {
        switch self {
        case .removed(let at, _), .inserted(let at, _): at
        }
    }

    /// How many characters were removed or inserted.
    public var length: Int {
        switch self {
        case .removed(_, let text), .inserted(_, let text): text.unicodeScalars.count
        }
    }
}

extension AccessibleElement {
    /// The text field's content, caret and selection now; `nil` for an element without a caret (a label,
    /// whose changes are name changes).
    public var textState: AccessibleTextState? {
        guard let v = textView, let text = accessibleText else { return nil }
        return AccessibleTextState(text: text, caret: v.exposedOffset(v.model.caret), selection: textSelection)
    }
}
