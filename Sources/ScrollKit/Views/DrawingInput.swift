// Automatic versions of what a view draws: `@DrawingInput` marks a view's property as an input of its
// drawing, and setting it bumps the view's `drawingVersion`, the version a call group's key holds.

/// Marks a property of a ``ViewNode`` as an input of its drawing: setting it gives the view a new
/// ``ViewNode/drawingVersion``, so a call group keyed by that version (``CallGroupKey``) is drawn again
/// in the next frame, whatever else the view's author remembered to do.
///
/// ```swift
/// final class Badge: ViewNode {
///     @DrawingInput var text = ""
///     @DrawingInput var tint = RGBAColor(hex: 0x0A7AFF)
/// }
/// ```
///
/// For properties of classes that derive from ``ViewNode`` only (the wrapper reaches the view that holds it).
@propertyWrapper
public struct DrawingInput<Value> {
    @usableFromInline var value: Value

    /// An input with its first value.
    public init(wrappedValue: Value) { value = wrappedValue }

    /// Not available: the property is read and written through the view that holds it.
    @available(*, unavailable, message: "@DrawingInput is for properties of a ViewNode")
    public var wrappedValue: Value {
        get { fatalError("@DrawingInput is for properties of a ViewNode") }
        set { fatalError("@DrawingInput is for properties of a ViewNode") }
    }

    /// The value, read and written through `view`: a write bumps the view's ``ViewNode/drawingVersion``.
    @MainActor @inlinable
    public static subscript<View: ViewNode>(
        _enclosingInstance view: View,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<View, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<View, DrawingInput<Value>>
    ) -> Value {
        get { view[keyPath: storageKeyPath].value }
        set {
            view[keyPath: storageKeyPath].value = newValue
            view.drawingInputChanged()
        }
    }
}
