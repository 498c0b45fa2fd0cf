// TextEditingView and the text scale: a change of ViewNode.textScale lays the field's text out again.

extension TextEditingView: TextScaleObserving {
    /// Lays the text out again at the new scale (its caret and selection stay on the same characters).
    public func invalidateTextMeasurements() { invalidateLayout() }
}
