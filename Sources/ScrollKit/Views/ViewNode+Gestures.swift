// ViewNode's gesture recognizers: adding and removing the recognizers a view owns, which compete in the arena of
// every pointer that goes down on it (Input/GestureArena.swift).

extension ViewNode {
    /// Adds `recognizer` to the view: from the next pointer down it competes in the arena of every pointer
    /// that lands on the view (see ``GestureRecognizer``).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard !gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    /// Removes `recognizer`: it leaves any arena it is in (its gesture is cancelled).
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let i = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        gestureRecognizers.remove(at: i)
        recognizer.fail()
        recognizer.view = nil
    }
}
