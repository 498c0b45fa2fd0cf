// Call groups as views see them: the typed id and key of a group of calls a canvas that compares frames
// may take over from the last frame (`DrawingCanvas.callGroup(id:key:_:)`), and the version that names the
// state of a view's drawing inputs.

/// Names a call group: one group per id and frame. A view's group is named after the view
/// (``init(of:)``); a group drawn outside views takes a number of its own (``init(_:)``).
public struct CallGroupID: Sendable, Hashable {
    /// The number naming the group.
    public var rawValue: Int
    /// The group named `rawValue` (keep such numbers apart from views: small numbers are never a view's).
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// The group of `view` (its identity).
    public init(of view: AnyObject) { rawValue = Int(bitPattern: UInt(bitPattern: ObjectIdentifier(view))) }
    /// The same number (inlinable: a damage canvas compares ids for every group of every frame).
    @inlinable public static func == (a: CallGroupID, b: CallGroupID) -> Bool { a.rawValue == b.rawValue }
}

/// A version of a view's drawing inputs, unique among all views and all their changes (a view made where
/// a released one was never takes its version). ``ViewNode/drawingVersion`` bumps it whenever an input
/// marked ``DrawingInput`` changes.
public struct DrawingVersion: Sendable, Hashable {
    /// The version's number (versions are numbered in the order they are made).
    public let rawValue: UInt64
    @MainActor private static var last: UInt64 = 0
    /// A version no view had before.
    @MainActor public static func next() -> DrawingVersion {
        last &+= 1
        return DrawingVersion(rawValue: last)
    }
    private init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The same version.
    @inlinable public static func == (a: DrawingVersion, b: DrawingVersion) -> Bool { a.rawValue == b.rawValue }
}

/// What the calls of a group depend on besides the translation, the clip and the canvas: while it is the
/// same as the last frame's, a canvas that compares frames takes the group's calls over. A view's key is
/// its frame (the canvas's current coordinates: content coordinates inside a scroll view), its
/// ``ViewNode/drawingVersion`` and whatever else its drawing reads (a pressed state, a measurer) in
/// `state` and `detail`.
///
/// ```swift
/// final class BadgeCell: ListCell {
///     @DrawingInput var text = ""          // a change bumps the cell's drawingVersion
///     override func draw(in canvas: any DrawingCanvas, frame: Rect) {
///         let key = CallGroupKey(frame: frame, version: drawingVersion, state: isHighlighted ? 1 : 0)
///         canvas.callGroup(id: CallGroupID(of: self), key: key) { canvas in
///             canvas.fill(frame, color: .white)
///             canvas.drawText(text, in: frame, style: TextStyle(size: 15, color: .black), alignment: .leading)
///         }
///     }
/// }
/// ```
public struct CallGroupKey: Sendable, Hashable {
    /// Where the group draws.
    public var frame: Rect
    /// The version of the drawing inputs of its view, if any.
    public var version: DrawingVersion?
    /// Other discrete inputs (a pressed state, an identity, a selection), folded as the caller likes.
    public var state: UInt64
    /// A continuous input (an indicator's position).
    public var detail: Double

    /// A key of `frame`, the view's `version`, and the other inputs.
    public init(frame: Rect, version: DrawingVersion? = nil, state: UInt64 = 0, detail: Double = 0) {
        self.frame = frame; self.version = version; self.state = state; self.detail = detail
    }
    /// The same inputs: the frame's edges and size, the version, the state and the detail (bit for bit, as
    /// the calls they keep were drawn from).
    @inlinable public static func == (a: CallGroupKey, b: CallGroupKey) -> Bool {
        a.state == b.state && a.version?.rawValue == b.version?.rawValue
            && a.frame.origin.x.bitPattern == b.frame.origin.x.bitPattern
            && a.frame.origin.y.bitPattern == b.frame.origin.y.bitPattern
            && a.frame.size.width.bitPattern == b.frame.size.width.bitPattern
            && a.frame.size.height.bitPattern == b.frame.size.height.bitPattern
            && a.detail.bitPattern == b.detail.bitPattern
    }
    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
        hasher.combine(version?.rawValue)
        hasher.combine(frame.origin.x.bitPattern)
        hasher.combine(frame.origin.y.bitPattern)
        hasher.combine(frame.size.width.bitPattern)
        hasher.combine(frame.size.height.bitPattern)
        hasher.combine(detail.bitPattern)
    }
}
