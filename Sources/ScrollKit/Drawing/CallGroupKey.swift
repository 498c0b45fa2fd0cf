/// Keys for the call groups the library's views draw in (``DrawingCanvas/beginCallGroup(id:key:)``): a
/// canvas that compares frames takes a view's calls from the last frame while its key stays, instead of
/// the view drawing them again.
///
/// A view keeps a version of its inputs that is unique among all views and all their changes (a view
/// made where a released one was never takes its version); its key is that version, its frame (the
/// canvas's current coordinates: content coordinates inside a scroll view) and whatever else its drawing
/// reads (a pressed state, a measurer) folded into `state`. A custom cell does the same:
///
/// ```swift
/// final class BadgeCell: ListCell {
///     var text = "" { didSet { version = CallGroupKey.newVersion() } }
///     private var version = CallGroupKey.newVersion()
///     override func draw(in canvas: any DrawingCanvas, frame: Rect) {
///         let key = CallGroupKey.key(frame: frame, version: version, state: isHighlighted ? 1 : 0)
///         if canvas.beginCallGroup(id: CallGroupKey.id(of: self), key: key) { return }
///         defer { canvas.endCallGroup() }
///         canvas.fill(frame, color: .white)
///         canvas.drawText(text, in: frame, style: TextStyle(size: 15, color: .black), alignment: .leading)
///     }
/// }
/// ```
@MainActor
public enum CallGroupKey {
    private static var versions: UInt64 = 0

    /// A version no view had before.
    public static func newVersion() -> UInt64 {
        versions &+= 1
        return versions
    }

    /// The group id of `view`: its identity (one group per view and frame).
    public static func id(of view: AnyObject) -> Int {
        Int(bitPattern: UInt(bitPattern: ObjectIdentifier(view)))
    }

    /// The key of a view drawn in `frame` at `version`, with the rest of what it reads in `state`.
    public static func key(frame: Rect, version: UInt64, state: UInt64) -> SIMD4<UInt64> {
        var shape = state
        shape = (shape ^ frame.width.bitPattern) &* 0x9E37_79B9_7F4A_7C15
        shape = (shape ^ frame.height.bitPattern) &* 0xBF58_476D_1CE4_E5B9
        return SIMD4(frame.minX.bitPattern, frame.minY.bitPattern, shape, version)
    }
}
