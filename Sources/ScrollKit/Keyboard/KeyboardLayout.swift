// KeyboardLayout: the keys of an on-screen keyboard, page by page (letters, numbers, symbols), with the English
// (QWERTY) and Hebrew (SI-1452) layouts.

/// One key of an on-screen keyboard.
public struct KeyboardKey: Sendable, Hashable {
    /// What a key does.
    public enum Action: Sendable, Hashable {
        /// Types `text` (`shifted` while Shift or Caps Lock is on; nil: the same text).
        case character(String, shifted: String?)
        /// Shift: one tap shifts the next letter, a double tap locks the capitals (Caps Lock).
        case shift
        /// Deletes backwards (`Key.backspace`); held, it repeats.
        case backspace
        /// Types a space.
        case space
        /// `Key.enter`: the field submits, or a text area starts a new line.
        case enter
        /// Shows another page of the layout (numbers, symbols, back to letters).
        case page(KeyboardLayout.Page)
        /// Switches to the keyboard's next layout (the globe key).
        case nextLayout
    }

    public var action: Action
    /// The label drawn on the key (for function keys; a character key shows its text).
    public var label: String
    /// The key's width in letter-key widths (1 for a letter; the space bar is wider).
    public var width: Double

    public init(_ action: Action, label: String = "", width: Double = 1) {
        self.action = action
        self.label = label
        self.width = width.isFinite && width > 0 ? width : 1
    }

    /// A character key: its text, shifted to its upper case unless `shifted` is given.
    public static func character(_ text: String, shifted: String? = nil) -> KeyboardKey {
        let upper = shifted ?? text.uppercased()
        return KeyboardKey(.character(text, shifted: upper == text ? nil : upper), label: text)
    }

    /// Whether the key types text (its preview bubble shows while pressed).
    public var isCharacter: Bool { if case .character = action { true } else { false } }
}

/// The keys of an on-screen keyboard: rows of ``KeyboardKey``s on three pages (letters, numbers, symbols).
/// Key widths are in letter-key widths; each row is centred, so a row of 9 letters sits half a key in.
public struct KeyboardLayout: Sendable, Hashable {
    /// A page of keys.
    public enum Page: Sendable, Hashable {
        case letters, numbers, symbols
    }

    /// The layout's name ("English", "עברית"), shown on the space bar.
    public var name: String
    /// The writing direction of its letters (the keys themselves keep their physical places).
    public var isRightToLeft: Bool
    /// Whether its letters have capitals (a Shift key).
    public var hasShift: Bool
    public var letters: [[KeyboardKey]]
    public var numbers: [[KeyboardKey]]
    public var symbols: [[KeyboardKey]]
    /// The Return key's label.
    public var returnLabel: String

    public init(name: String, isRightToLeft: Bool = false, hasShift: Bool = true, letters: [[KeyboardKey]],
                numbers: [[KeyboardKey]] = KeyboardLayout.standardNumbers, symbols: [[KeyboardKey]] = KeyboardLayout.standardSymbols,
                returnLabel: String = "return") {
        self.name = name
        self.isRightToLeft = isRightToLeft
        self.hasShift = hasShift
        self.letters = letters
        self.numbers = numbers
        self.symbols = symbols
        self.returnLabel = returnLabel
    }

    /// The rows of `page`.
    public func rows(_ page: Page) -> [[KeyboardKey]] {
        switch page {
        case .letters: letters
        case .numbers: numbers
        case .symbols: symbols
        }
    }

    static func characters(_ text: String) -> [KeyboardKey] { text.map { .character(String($0)) } }

    /// The bottom row of every page: the page key, the globe, the space bar and Return.
    static func bottomRow(page key: KeyboardKey, returnLabel: String) -> [KeyboardKey] {
        [key, KeyboardKey(.nextLayout, label: "globe", width: 1.25), KeyboardKey(.space, label: "space", width: 5),
         KeyboardKey(.enter, label: returnLabel, width: 2.25)]
    }

    /// English QWERTY, as a phone lays it out: Shift before Z to M and Backspace after.
    public static let english = KeyboardLayout(
        name: "English",
        letters: [
            characters("qwertyuiop"),
            characters("asdfghjkl"),
            [KeyboardKey(.shift, label: "shift", width: 1.4)] + characters("zxcvbnm") + [KeyboardKey(.backspace, label: "delete", width: 1.4)],
            bottomRow(page: KeyboardKey(.page(.numbers), label: "123", width: 1.25), returnLabel: "return"),
        ])

    /// Hebrew (the Israeli standard SI-1452 letters on the QWERTY keys, as phones lay them out: no Shift,
    /// Backspace at the end of the top row). Right to left; the keys keep their physical places.
    public static let hebrew = KeyboardLayout(
        name: "עברית", isRightToLeft: true, hasShift: false,
        letters: [
            characters("קראטוןםפ") + [KeyboardKey(.backspace, label: "delete", width: 1.5)],
            characters("שדגכעיחלךף"),
            characters("זסבהנמצתץ"),
            bottomRow(page: KeyboardKey(.page(.numbers), label: "123", width: 1.25), returnLabel: "אישור"),
        ],
        returnLabel: "אישור")

    /// The numbers page every layout shares unless it gives its own.
    public static let standardNumbers: [[KeyboardKey]] = [
        characters("1234567890"),
        characters("-/:;()$&@\""),
        [KeyboardKey(.page(.symbols), label: "#+=", width: 1.4)] + characters(".,?!'") .map { widened($0, 1.44) }
            + [KeyboardKey(.backspace, label: "delete", width: 1.4)],
        bottomRow(page: KeyboardKey(.page(.letters), label: "ABC", width: 1.25), returnLabel: "return"),
    ]

    /// The symbols page every layout shares unless it gives its own.
    public static let standardSymbols: [[KeyboardKey]] = [
        characters("[]{}#%^*+="),
        characters("_\\|~<>€£¥•"),
        [KeyboardKey(.page(.numbers), label: "123", width: 1.4)] + characters(".,?!'").map { widened($0, 1.44) }
            + [KeyboardKey(.backspace, label: "delete", width: 1.4)],
        bottomRow(page: KeyboardKey(.page(.letters), label: "ABC", width: 1.25), returnLabel: "return"),
    ]

    static func widened(_ key: KeyboardKey, _ width: Double) -> KeyboardKey {
        var k = key
        k.width = width
        return k
    }
}
