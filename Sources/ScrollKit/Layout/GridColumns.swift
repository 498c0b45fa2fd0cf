// How a grid sizes its tracks: GridColumns (the columns across the axis) and GridItemLength (a row's length).

/// How a grid chooses its columns (its tracks across the scroll axis).
public enum GridColumns: Sendable, Hashable {
    /// Exactly this many columns (values below 1 count as 1, above ``SectionedGridLayout/maximumColumnCount`` as that).
    case fixed(Int)
    /// As many columns as fit at `minimumWidth` each (with the inter-item spacing between them), at least
    /// one: `max(1, floor((available + spacing) / (minimumWidth + spacing)))`; the columns then share the
    /// available width equally. A minimum below 1 pt (0, negative, NaN) counts as 1 pt, +infinity as
    /// ``ListLayout/maximumItemSize``.
    case adaptive(minimumWidth: Double)
}

/// An item's length along the scroll axis (a row's height in a vertical grid).
public enum GridItemLength: Sendable, Hashable {
    /// Every row is this long (sanitized like a ``ListLayout`` size: 1 pt ... ``ListLayout/maximumItemSize``).
    case fixed(Double)
    /// The column width times this ratio (1 = square items; 1.5 = items half again as long as they are
    /// wide). A ratio that is 0, negative or NaN counts as 1; the resulting length is sanitized like
    /// `.fixed` (so a 0-wide column still gives 1 pt rows).
    case aspect(Double)
}
