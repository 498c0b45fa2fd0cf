// AccessibleAction: a named action an assistive technology can perform on an element (a view's custom actions).

/// A named action that a screen reader, switch control or UI test tool can perform on an element, beside
/// the ones ScrollKit gives it (`click` for pressable views and items, `scroll-to` for list items).
///
/// ```swift
/// row.accessibilityCustomActions = [AccessibleAction(name: "delete", description: "Delete the message") { [weak self] in
///     self?.deleteMessage(); return true
/// }]
/// ```
public struct AccessibleAction {
    /// The action's name (AT-SPI's action name: short, lower case, such as `delete`).
    public var name: String
    /// What it does, in words (AT-SPI's action description).
    public var description: String
    /// Performs it; returns whether it did.
    public var perform: @MainActor () -> Bool

    /// Makes an action named `name`.
    public init(name: String, description: String = "", perform: @escaping @MainActor () -> Bool) {
        self.name = name
        self.description = description
        self.perform = perform
    }
}

/// The numeric value of a slider-like element: where it is, between what, in what steps.
public struct AccessibleRange: Sendable, Hashable {
    /// The current value.
    public var current: Double
    /// The least value.
    public var minimum: Double
    /// The greatest value.
    public var maximum: Double
    /// The smallest change (0: any).
    public var step: Double

    /// Makes a range value.
    public init(current: Double, minimum: Double, maximum: Double, step: Double = 1) {
        self.current = current
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }
}
