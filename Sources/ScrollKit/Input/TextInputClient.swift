// TextInputClient: what a view that edits text (TextFieldView, TextAreaView) tells the host and the input router, so
// typed text, input-method composition and editing keys reach it, and the host can place the input method's
// candidate window and write the trace's text columns.

/// A view that takes typed text while it has focus. The input router gives the focused client every
/// ``InputEvent/text(_:time:)`` and ``InputEvent/composition(_:cursor:time:)`` event, and its keys first
/// (Space, the digits and the arrows then edit rather than scroll or switch tabs). Hosts start the
/// platform's text input (`SDL_StartTextInput`) while a client has focus, and stop it when none has.
///
/// Offsets are Unicode scalar offsets into ``text``, as the trace's `selectionStart`/`selectionEnd` columns
/// report them.
@MainActor
public protocol TextInputClient: AnyObject {
    /// The text being edited (without the composition in progress).
    var text: String { get }
    /// The selection as scalar offsets into ``text``; empty (`lowerBound == upperBound`) for a caret.
    var selectedScalarRange: Range<Int> { get }
    /// The input method's composition in progress, or "" when there is none.
    var compositionText: String { get }
    /// The caret's rectangle in the root's coordinates (window points), for the input method's candidate
    /// window (`SDL_SetTextInputRect`); nil when the caret is not showing.
    var caretRectInRoot: Rect? { get }
    /// Inserts committed text at the caret, replacing the selection and any composition.
    func insertText(_ text: String, time: Double)
    /// Shows `text` as the composition in progress, with its own cursor at scalar offset `cursor`; an empty
    /// `text` ends the composition without committing.
    func setComposition(_ text: String, cursor: Int, time: Double)
    /// An editing key (arrows, Home, End, Backspace, Delete, Ctrl+letters, Return, Escape) with its modifiers.
    /// Returns whether the client used it; keys it leaves go on to the tree's usual key handling (Tab moves
    /// focus, for example).
    func editingKey(_ key: Key, modifiers: KeyModifiers, time: Double) -> Bool
}
