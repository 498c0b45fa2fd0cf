// TextEditingModel: the text being edited, its selection and composition, and every edit a text view makes
// (typing, deleting by cluster or word, moving and extending the selection), with no view and no clock.
// Undo is in TextEditingModel+Undo.swift.

/// Which characters a text view takes: typed or pasted text loses the characters the filter refuses.
public struct TextInputFilter: Sendable {
    /// Whether the filter lets `character` in.
    public let allows: @Sendable (Character) -> Bool
    /// A filter that lets in the characters `allows` says yes to.
    public init(_ allows: @escaping @Sendable (Character) -> Bool) { self.allows = allows }
    /// The ASCII digits 0–9 only (a PIN, a quantity).
    public static let digits = TextInputFilter { $0.isASCII && $0.isWholeNumber }
    /// A phone number: digits, spaces, and + - ( ).
    public static let phoneNumber = TextInputFilter { ($0.isASCII && $0.isWholeNumber) || " +-()".contains($0) }
}

/// The editing state of a text view, as a value: the text, the selection (an anchor and a caret, as
/// Unicode scalar offsets, always on grapheme-cluster boundaries), the input method's composition, and the
/// undo history. ``TextFieldView`` and ``TextAreaView`` keep one; it can be used and tested alone.
///
/// - Moving by ``Unit/cluster`` steps over one grapheme cluster (what a person sees as one character: an
///   emoji ZWJ sequence, a flag, a letter with its accents); by ``Unit/word`` to the end of the next word or
///   the start of the previous one (UAX #29 word boundaries; spaces and punctuation are passed over), as
///   macOS, GTK and Chrome on Linux do.
/// - Backspace deletes the whole cluster before the caret, an emoji ZWJ sequence included: Apple's rule
///   (macOS and iOS), not Android's or Chrome's, which delete one code point of some clusters.
/// - Typing is undone a word at a time: consecutive typing is one undo step until a word starts after a
///   space (the space stays with the word before it, as in GTK). The rule holds at every character, however
///   many come at once: an input method's commit or a script's `text` event of several words makes the steps
///   typing them key by key makes. Consecutive Backspaces (or Deletes) are one step; any caret move closes
///   the step. A paste or a cut is a step of its own.
public struct TextEditingModel: Sendable {
    /// How far a move or a deletion goes.
    public enum Unit: Sendable, Hashable {
        /// One grapheme cluster.
        case cluster
        /// To the end of the next word (forward) or the start of the previous one (backward).
        case word
        /// To the start or end of the text.
        case all
    }

    /// The text (without the composition in progress).
    public internal(set) var text: String
    /// Where the selection started (stays put while Shift extends it), and the caret (the end that moves).
    public internal(set) var anchor: Int
    public internal(set) var caret: Int
    /// The input method's composition in progress (shown at the caret, not yet part of ``text``).
    public internal(set) var composition: String = ""
    /// The composition's own cursor, as a scalar offset into ``composition``.
    public internal(set) var compositionCursor: Int = 0
    /// The most grapheme clusters the text may hold; 0 for no limit. Typing and pasting past it are cut.
    public var maxLength: Int = 0
    /// The most UTF-8 bytes the text may hold after typing or pasting: ``defaultMaxTextBytes`` (2 MiB) unless
    /// set; 0 for no limit. A paste that would pass it inserts nothing (see ``insert(_:typing:)``); setting
    /// ``text`` is not limited.
    public var maxTextBytes: Int = TextEditingModel.defaultMaxTextBytes
    /// The default ``maxTextBytes``: 2 MiB (2,097,152 bytes), a million characters of any script with room to
    /// spare, and about 100 ms of work for a paste of it.
    public static let defaultMaxTextBytes = 2 << 20
    /// The UTF-8 length of what the last ``insert(_:typing:)`` refused for ``maxTextBytes`` would have
    /// inserted (after the filter and ``maxLength``); nil when the last insert was not refused for it.
    public internal(set) var lastRefusedInsertBytes: Int?
    /// The characters typing and pasting may bring in; nil lets everything in.
    public var filter: TextInputFilter?
    /// Whether newlines are taken out of typed and pasted text (a one-line field).
    public var isSingleLine = false
    /// Whether word moves and deletions go to the ends of the text (a secure field hides its words).
    public var treatsTextAsOneWord = false

    var scalars: [Unicode.Scalar]
    var boundaries: TextBoundaries
    /// Counts the changes of the text (a view compares it instead of a text of a million characters).
    var textVersion = 0
    var undoStack: [TextEdit] = []
    var redoStack: [TextEdit] = []
    /// Whether the last undo step may still grow (no caret move since).
    var stepOpen = false

    /// A model holding `text`, the caret at its end.
    public init(text: String = "") {
        self.text = text
        scalars = Array(text.unicodeScalars)
        boundaries = TextBoundaries(scalars)
        anchor = scalars.count
        caret = scalars.count
    }

    /// The selection as scalar offsets (empty for a caret).
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    /// The selected text ("" for a caret).
    public var selectedText: String { string(selection) }
    /// The number of Unicode scalars of ``text``.
    public var scalarCount: Int { scalars.count }
    /// The number of grapheme clusters of ``text``.
    public var clusterCount: Int { boundaries.clusters.count - 1 }

    func string(_ range: Range<Int>) -> String {
        String(scalarsOf: scalars[clamp(range.lowerBound)..<clamp(range.upperBound)])
    }

    func clamp(_ offset: Int) -> Int { min(max(offset, 0), scalars.count) }

    // MARK: - Text and selection

    /// Replaces the text (as a program does, not a person): the caret goes to the end, the composition and
    /// the undo history are dropped. Not filtered or cut.
    public mutating func setText(_ newText: String) {
        textVersion &+= 1
        text = newText
        scalars = Array(newText.unicodeScalars)
        boundaries = TextBoundaries(scalars)
        anchor = scalars.count
        caret = scalars.count
        composition = ""
        compositionCursor = 0
        undoStack.removeAll()
        redoStack.removeAll()
        stepOpen = false
    }

    /// Selects from `anchor` to `caret` (scalar offsets, clamped and moved back to cluster boundaries).
    public mutating func select(anchor: Int, caret: Int) {
        self.anchor = boundaries.boundary(atOrBefore: clamp(anchor))
        self.caret = boundaries.boundary(atOrBefore: clamp(caret))
        stepOpen = false
    }

    /// Puts the caret at `offset` (no selection).
    public mutating func setCaret(_ offset: Int) { select(anchor: offset, caret: offset) }

    /// Selects the whole text.
    public mutating func selectAll() { select(anchor: 0, caret: scalars.count) }

    /// Moves the caret forward or back by `unit`; with `extending`, the anchor stays (Shift). Without it, a
    /// selection collapses to its end in that direction first (a cluster move then goes no further).
    public mutating func move(forward: Bool, by unit: Unit, extending: Bool) {
        if !extending, !selection.isEmpty, unit == .cluster {
            let edge = forward ? selection.upperBound : selection.lowerBound
            select(anchor: edge, caret: edge)
            return
        }
        let target = destination(from: caret, forward: forward, by: unit)
        select(anchor: extending ? anchor : target, caret: target)
    }

    /// Moves the caret to `offset`; with `extending`, the anchor stays.
    public mutating func move(to offset: Int, extending: Bool) {
        select(anchor: extending ? anchor : offset, caret: offset)
    }

    /// Where a move by `unit` from `offset` lands.
    public func destination(from offset: Int, forward: Bool, by unit: Unit) -> Int {
        switch unit {
        case .cluster:
            return forward ? boundaries.next(after: offset) : boundaries.previous(before: offset)
        case .all:
            return forward ? scalars.count : 0
        case .word:
            if treatsTextAsOneWord { return forward ? scalars.count : 0 }
            let words = TextBoundaries.words(scalars)
            if forward {
                for w in words where w.offset > offset && w.endsWord { return w.offset }
                return scalars.count
            }
            var k = words.count - 1
            while k > 0 {
                if words[k].endsWord, words[k - 1].offset < offset { return words[k - 1].offset }
                k -= 1
            }
            return 0
        }
    }

    /// The word (UAX #29 segment) at `offset`: the segment holding the scalar there, or, between a word and
    /// what is not one, the word; the whole text for a secure field.
    public func wordRange(at offset: Int) -> Range<Int> {
        if treatsTextAsOneWord || scalars.isEmpty { return 0..<scalars.count }
        let words = TextBoundaries.words(scalars)
        let o = clamp(offset)
        for k in 1..<words.count where o < words[k].offset || k == words.count - 1 {
            let segment = words[k - 1].offset..<words[k].offset
            // At a word's end, before spaces or punctuation: that word.
            if !words[k].endsWord, o == segment.lowerBound, k > 1, words[k - 1].endsWord {
                return words[k - 2].offset..<words[k - 1].offset
            }
            return segment
        }
        return 0..<scalars.count
    }

    /// The paragraph at `offset` (between newlines, the newline left out).
    public func paragraphRange(at offset: Int) -> Range<Int> {
        let o = clamp(offset)
        var start = o, end = o
        while start > 0, !Character(scalars[start - 1]).isNewline { start -= 1 }
        while end < scalars.count, !Character(scalars[end]).isNewline { end += 1 }
        return start..<end
    }

    // MARK: - Editing

    /// Types or pastes `string` at the caret, replacing the selection (and ending any composition):
    /// filtered, newlines taken out when single-line, cut to ``maxLength``. Returns whether the text changed.
    /// A string whose kept part (after the filter and ``maxLength``) would make the text longer than
    /// ``maxTextBytes`` is refused whole (nothing changes, and ``lastRefusedInsertBytes`` says how long that part was).
    /// Complexity: O(string) plus O(text) to shift what follows the caret.
    @discardableResult
    public mutating func insert(_ string: String, typing: Bool = true) -> Bool {
        composition = ""
        compositionCursor = 0
        lastRefusedInsertBytes = nil
        var room = Int.max
        if maxLength > 0 {
            let selected = boundaries.index(atOrBefore: selection.upperBound) - boundaries.index(atOrBefore: selection.lowerBound)
            room = max(0, maxLength - (clusterCount - selected))
        }
        var kept: [Unicode.Scalar]
        if filter == nil, string.unicodeScalars.count <= room, !(isSingleLine && Self.hasNewline(string)) {
            kept = Array(string.unicodeScalars)   // all of it: no need to walk its clusters
        } else {
            kept = []
            var taken = 0
            for character in string {
                if taken >= room { break }
                if isSingleLine, character.isNewline { continue }
                if let filter, !filter.allows(character) { continue }
                kept.append(contentsOf: character.unicodeScalars)
                taken += 1
            }
        }
        // Typing refused whole (filtered out, or no room) changes nothing: the selection stays. Inserting ""
        // on purpose (a cut) still deletes it.
        if kept.isEmpty && (selection.isEmpty || !string.isEmpty) { return false }
        // The byte limit counts what would go in (filtered, cut to maxLength), not the raw string: a 3 MB paste
        // into a field of 10 characters still inserts its first 10.
        if maxTextBytes > 0 {
            var selectedBytes = 0, keptBytes = 0
            for s in scalars[selection] { selectedBytes += UTF8.width(s) }
            for s in kept { keptBytes += UTF8.width(s) }
            if text.utf8.count - selectedBytes + keptBytes > maxTextBytes {
                lastRefusedInsertBytes = keptBytes
                return false
            }
        }
        replace(selection, with: kept, kind: typing ? .typing : .other)
        return true
    }

    /// Whether `string` has a scalar that makes a `Character` a newline (LF, VT, FF, CR, NEL, U+2028, U+2029).
    static func hasNewline(_ string: String) -> Bool {
        for s in string.unicodeScalars {
            switch s.value {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
            default: continue
            }
        }
        return false
    }

    /// Backspace: deletes the selection, or the `unit` before the caret. Returns whether the text changed.
    @discardableResult
    public mutating func deleteBackward(by unit: Unit = .cluster) -> Bool {
        if !selection.isEmpty { replace(selection, with: [], kind: .other); return true }
        let start = destination(from: caret, forward: false, by: unit)
        guard start < caret else { return false }
        replace(start..<caret, with: [], kind: .deleteBackward)
        return true
    }

    /// Delete: deletes the selection, or the `unit` after the caret. Returns whether the text changed.
    @discardableResult
    public mutating func deleteForward(by unit: Unit = .cluster) -> Bool {
        if !selection.isEmpty { replace(selection, with: [], kind: .other); return true }
        let end = destination(from: caret, forward: true, by: unit)
        guard end > caret else { return false }
        replace(caret..<end, with: [], kind: .deleteForward)
        return true
    }

    /// Shows `text` as the composition in progress at the caret, its cursor at scalar offset `cursor`
    /// (clamped); a composition that begins over a selection deletes it first. Empty `text` ends it.
    public mutating func setComposition(_ newText: String, cursor: Int) {
        if composition.isEmpty, !newText.isEmpty, !selection.isEmpty {
            replace(selection, with: [], kind: .other)
        }
        composition = newText
        compositionCursor = min(max(cursor, 0), newText.unicodeScalars.count)
    }

    /// The text shown: ``text`` with the composition at the caret.
    public var displayText: String {
        guard !composition.isEmpty else { return text }
        return string(0..<caret) + composition + string(caret..<scalars.count)
    }

    /// The composition's range in ``displayText`` (scalar offsets; empty when there is none).
    public var compositionRange: Range<Int> { caret..<caret + composition.unicodeScalars.count }

    /// An offset into ``text`` as an offset into ``displayText`` (after the composition from the caret on).
    public func displayOffset(_ offset: Int) -> Int {
        offset >= caret && !composition.isEmpty ? offset + composition.unicodeScalars.count : offset
    }

    /// An offset into ``displayText`` as one into ``text`` (inside the composition: the caret).
    public func textOffset(fromDisplay offset: Int) -> Int {
        let range = compositionRange
        if offset <= range.lowerBound || range.isEmpty { return offset }
        if offset < range.upperBound { return caret }
        return offset - range.count
    }
}
