// ReadingDirection: left-to-right or right-to-left, for views (mirrored layouts) and for text (a paragraph's base
// direction).

/// Which way a layout or a paragraph of text runs: UIKit's `UIUserInterfaceLayoutDirection`, Flutter's
/// `TextDirection`. (Not named `LayoutDirection`, which SwiftUI declares.)
///
/// A view's effective direction is inherited from its parent unless set; text whose direction is not set takes it
/// from its first strong character (UAX #9, rules P2 and P3).
public enum ReadingDirection: String, Sendable, Hashable, CaseIterable {
    /// Leading is left, trailing is right: Latin, Greek, Cyrillic, CJK, Indic and Thai scripts.
    case leftToRight
    /// Leading is right, trailing is left: Arabic, Hebrew, Persian, Urdu.
    case rightToLeft

    /// The other direction.
    public var flipped: ReadingDirection { self == .leftToRight ? .rightToLeft : .leftToRight }
}
